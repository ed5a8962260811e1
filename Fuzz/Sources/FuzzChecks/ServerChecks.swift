import Foundation
import HitLintKit

extension FuzzChecks {
    // MARK: The language server

    /// The input twice through `hitlint server`, in process:
    ///
    /// 1. as the bytes of its standard input, handed out in pieces of
    ///    changing size (the framing: headers of any shape, lengths that lie,
    ///    streams that end anywhere);
    /// 2. cut at each `Content-Length:` into messages, each framed again with
    ///    its true length (the dispatch: random JSON in well-formed frames,
    ///    as a seed session mutated message by message).
    ///
    /// Each run must end (an `exit`, the end of the input, or a broken
    /// frame) with status 0, 1 or 2; what the server sent must be framed
    /// messages of JSON-RPC 2.0, each line it wrote to standard error one
    /// line; and once it has drained, no request, cancellation or lint may
    /// be left held. Crashes and hangs are libFuzzer's to catch; memory, its
    /// `-rss_limit_mb`.
    public static func checkServer(_ bytes: [UInt8]) {
        _ = serve(bytes, pieces: [bytes.count % 13 + 1, 64, 3, 1024])
        let bodies = reframedBodies(bytes)
        let answers = serve(bodies.flatMap(frame), pieces: [1 << 16])
        checkEveryRequestAnsweredOnce(bodies, answers: answers)
    }

    /// Each message that asks for an answer (an id, and a method, or neither
    /// result nor error) up to `exit` is answered once, under its id.
    /// Skipped when a message does not parse and holds a `\u` escape: the
    /// server reads a lone surrogate escape as U+FFFD, so it may read what
    /// this parser refuses.
    static func checkEveryRequestAnsweredOnce(_ bodies: [[UInt8]], answers: [String: Int]) {
        var expected: [String: Int] = [:]
        for body in bodies {
            guard let document = try? JSONParser.parse(SourceText(bytes: body)) else {
                if body.indices.contains(where: { body[$0] == UInt8(ascii: "\\") && $0 + 1 < body.count && body[$0 + 1] == UInt8(ascii: "u") }) {
                    return
                }
                continue
            }
            guard document.kind(0) == .object else { continue }
            let id = member(document, "id")
            let method = member(document, "method").flatMap { document.kind($0) == .string ? document.string($0) : nil }
            if id == nil, method == "exit" { break }
            guard let id, let key = idKey(document, id) else { continue }
            if method != nil || (member(document, "result") == nil && member(document, "error") == nil) {
                expected[key, default: 0] += 1
            }
        }
        require(answers == expected, "server: answers by id \(answers.sorted { $0.key < $1.key }) for requests \(expected.sorted { $0.key < $1.key })")
    }

    /// The first member named `name` (as the server reads it), or nil.
    private static func member(_ document: Document, _ name: String) -> Int? {
        document.members(0).first { document.string($0.key) == name }?.value
    }

    /// An id as the server echoes it: an integer (within ±9e15) or a string.
    private static func idKey(_ document: Document, _ entry: Int) -> String? {
        switch document.kind(entry) {
        case .string:
            return document.string(entry).map { "s" + $0 }
        case .number:
            guard let number = document.number(entry), number.isFinite, number == number.rounded(), abs(number) < 9e15 else { return nil }
            return "i\(Int(number))"
        default:
            return nil
        }
    }

    /// The input cut before each `Content-Length:`, each piece's header
    /// block (up to its first empty line) dropped: the bodies to frame again.
    static func reframedBodies(_ bytes: [UInt8]) -> [[UInt8]] {
        let marker = Array("Content-Length:".utf8)
        var cuts: [Int] = []
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) {
                cuts.append(index)
                index += marker.count
            } else {
                index += 1
            }
        }
        guard !cuts.isEmpty else { return [bytes] }
        var bodies: [[UInt8]] = []
        for (number, cut) in cuts.enumerated() {
            let end = number + 1 < cuts.count ? cuts[number + 1] : bytes.count
            var piece = bytes[cut..<end]
            if let blank = firstEmptyLine(piece) { piece = piece[blank...] }
            bodies.append(Array(piece))
        }
        return bodies
    }

    private static func firstEmptyLine(_ piece: ArraySlice<UInt8>) -> Int? {
        var index = piece.startIndex
        while index + 3 < piece.endIndex {
            if piece[index] == 0x0D, piece[index + 1] == 0x0A, piece[index + 2] == 0x0D, piece[index + 3] == 0x0A {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    private static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private final class Output: @unchecked Sendable {
        let lock = NSLock()
        var sent: [[UInt8]] = []
        var logged: [String] = []
    }

    /// Serves `input`, read in pieces of the given sizes in turn; checks
    /// what must hold of any run, and returns how many answers each id got.
    static func serve(_ input: [UInt8], pieces: [Int]) -> [String: Int] {
        let output = Output()
        var settings = LanguageServer.Settings()
        settings.debounce = 0
        let server = LanguageServer(settings: settings) { framed in
            output.lock.lock()
            output.sent.append(framed)
            output.lock.unlock()
        }
        var offset = 0
        var piece = 0
        let status = server.serve(read: { buffer in
            let count = min(buffer.count, pieces[piece % pieces.count], input.count - offset)
            piece += 1
            guard count > 0 else { return 0 }
            input.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            return count
        }, log: { line in
            output.lock.lock()
            output.logged.append(line)
            output.lock.unlock()
        })
        server.drain()
        require((0...2).contains(status), "server: exit status \(status)")
        let held = server.heldWork
        require(held.requests == 0 && held.cancellations == 0 && held.lints == 0,
                "server: work held after draining: \(held)")
        output.lock.lock()
        let sent = output.sent
        let logged = output.logged
        output.lock.unlock()
        for line in logged {
            require(line.hasSuffix("\n") && !line.dropLast().contains { $0.isNewline }, "server: a log entry of more than one line")
        }
        var answers: [String: Int] = [:]
        for framed in sent {
            if let id = checkSentMessage(framed) { answers[id, default: 0] += 1 }
        }
        return answers
    }

    /// `Content-Length: N` CR LF CR LF and N bytes of a JSON-RPC 2.0 object:
    /// a notification (method, params) or a response (id, and result or
    /// error). Returns a response's id (nil for null and notifications).
    static func checkSentMessage(_ framed: [UInt8]) -> String? {
        let text = String(decoding: framed.prefix(40), as: UTF8.self)
        guard text.hasPrefix("Content-Length: "), let end = text.range(of: "\r\n\r\n") else {
            fail("server: a message sent without its header")
        }
        let header = text[text.index(text.startIndex, offsetBy: 16)..<end.lowerBound]
        let bodyStart = text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound)
        require(Int(header) == framed.count - bodyStart, "server: a Content-Length that is not the body's")
        let body = Array(framed[bodyStart...])
        let document: Document
        do {
            document = try JSONParser.parse(SourceText(bytes: body))
        } catch {
            fail("server: a message sent that is not JSON: \(error.message)")
        }
        require(document.kind(0) == .object, "server: a message sent that is not an object")
        var keys: Set<String> = []
        for member in document.members(0) {
            if let key = document.string(member.key) { keys.insert(key) }
        }
        require(keys.contains("jsonrpc"), "server: a message sent without jsonrpc")
        if keys.contains("method") {
            require(!keys.contains("id"), "server: hitlint sends no requests")
            return nil
        }
        require(keys.contains("id") && (keys.contains("result") != keys.contains("error")),
                "server: a response without an id, or without exactly one of result and error: \(keys.sorted())")
        return member(document, "id").flatMap { idKey(document, $0) }
    }
}
