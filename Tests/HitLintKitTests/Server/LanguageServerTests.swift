import Foundation
import XCTest
@testable import HitLintKit

/// `hitlint server` in process: the framing, UTF-16 positions, edits, the
/// protocol's messages, and a client that sends garbage.
final class LanguageServerTests: XCTestCase {
    // MARK: A client in the test

    /// What the server sent, as JSON objects, in order.
    final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []

        func append(_ more: [UInt8]) {
            lock.lock()
            bytes += more
            lock.unlock()
        }

        var messages: [[String: Any]] {
            lock.lock()
            let all = bytes
            lock.unlock()
            var reader = MessageReader(read: Self.reading(all))
            var result: [[String: Any]] = []
            while case .message(let body)? = reader.next() {
                if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] { result.append(object) }
            }
            return result
        }

        /// A read function over bytes, handing out `chunk` bytes at a time.
        static func reading(_ bytes: [UInt8], chunk: Int = 1 << 20) -> MessageReader.Read {
            var offset = 0
            return { buffer in
                let count = min(chunk, buffer.count, bytes.count - offset)
                guard count > 0 else { return 0 }
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
                offset += count
                return count
            }
        }
    }

    private func makeServer(debounce: Double = 0) -> (LanguageServer, Sent) {
        let sent = Sent()
        var settings = LanguageServer.Settings()
        settings.debounce = debounce
        return (LanguageServer(settings: settings) { sent.append($0) }, sent)
    }

    private func message(_ object: [String: Any]) -> [UInt8] {
        var object = object
        object["jsonrpc"] = "2.0"
        return [UInt8](try! JSONSerialization.data(withJSONObject: object))
    }

    private func start(_ server: LanguageServer) {
        server.handle(message(["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]]))
        server.handle(message(["method": "initialized", "params": [:] as [String: Any]]))
    }

    private func open(_ server: LanguageServer, _ uri: String, _ text: String, version: Int = 1) {
        server.handle(message(["method": "textDocument/didOpen",
                               "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]]]))
    }

    private func diagnostics(_ sent: Sent, uri: String) -> [[String: Any]]? {
        let published = sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }.filter { ($0["uri"] as? String) == uri }
        return published.last?["diagnostics"] as? [[String: Any]]
    }

    private func response(_ sent: Sent, id: Int) -> [String: Any]? {
        sent.messages.first { ($0["id"] as? Int) == id }
    }

    private static func range(_ diagnostic: [String: Any]) -> [Int] {
        let range = diagnostic["range"] as! [String: [String: Int]]
        return [range["start"]!["line"]!, range["start"]!["character"]!, range["end"]!["line"]!, range["end"]!["character"]!]
    }

    private let small = "root:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: play, type: button, frame: [20, 20, 30, 30]}\n"

    // MARK: Framing

    func testMessagesAreFramedByContentLengthWhateverPiecesTheyArriveIn() {
        let bodies = [#"{"a": 1}"#, #"{"b": "é😀"}"#, "{}"]
        var stream: [UInt8] = []
        for body in bodies { stream += MessageReader.frame(body) }
        // A Content-Type header, any case, and bare LF line ends are taken too.
        stream += Array("content-length: 2\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n[]".utf8)
        for chunk in [1, 3, 7, 1 << 20] {
            var reader = MessageReader(read: Sent.reading(stream, chunk: chunk))
            var read: [String] = []
            while case .message(let body)? = reader.next() { read.append(String(decoding: body, as: UTF8.self)) }
            XCTAssertEqual(read, bodies + ["[]"], "chunks of \(chunk)")
        }
    }

    func testATooLargeBodyIsSkippedAndTheReaderGoesOn() {
        let stream = Array("Content-Length: 99999999999999999999999\r\n\r\n".utf8)
        var reader = MessageReader(read: Sent.reading(stream))
        guard case .refused(let why)? = reader.next() else { return XCTFail("a length over the limit") }
        XCTAssertTrue(why.contains("more than"), why)
        XCTAssertNil(reader.next())
        // Skipped unread, then the next message.
        let large = MessageReader.maximumBody + 1
        let skipped = Array("Content-Length: \(large)\r\n\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: large)
            + Array("\r\nContent-Length: 2\r\n\r\n{}".utf8)
        var next = MessageReader(read: Sent.reading(skipped))
        guard case .refused? = next.next(), case .message(let body)? = next.next() else { return XCTFail("skipped, then read") }
        XCTAssertEqual(body, Array("{}".utf8))
        var cut = MessageReader(read: Sent.reading(Array("Content-Length: 10\r\n\r\n{}".utf8)))
        guard case .malformed(let ended)? = cut.next() else { return XCTFail("a body cut short") }
        XCTAssertTrue(ended.contains("ended inside"), ended)
        XCTAssertNil(cut.next())
        var headless = MessageReader(read: Sent.reading(Array("Content-Length: 2\r\n".utf8)))
        guard case .malformed(let inHeader)? = headless.next() else { return XCTFail("a header cut short") }
        XCTAssertTrue(inHeader.contains("inside a message's header"), inHeader)
        XCTAssertNil(headless.next(), "said once, then the end")
    }

    /// The end of the header block is looked for in each read's new bytes
    /// only: a long header arriving in small pieces is not searched again
    /// from its start on every read.
    func testTheHeaderIsSearchedOnceWhateverPiecesItArrivesIn() {
        // Fields the reader does not know are allowed and skipped.
        var header = "Content-Length: 2\r\n"
        while header.utf8.count < 60_000 { header += "X-Padding: \(String(repeating: "p", count: 70))\r\n" }
        let stream = Array((header + "\r\n{}").utf8)
        for chunk in [1, 100, 4096] {
            var reader = MessageReader(read: Sent.reading(stream, chunk: chunk))
            let item = reader.next()
            guard case .message(let body)? = item else { return XCTFail("chunks of \(chunk): \(String(describing: item))") }
            XCTAssertEqual(body, Array("{}".utf8))
            XCTAssertLessThanOrEqual(reader.headerBytesSearched, stream.count + 2 * (stream.count / chunk + 1), "chunks of \(chunk)")
        }
    }

    /// A read function that counts what it hands out.
    final class CountingRead: @unchecked Sendable {
        private(set) var handedOut = 0
        let bytes: [UInt8]
        let chunk: Int

        init(_ bytes: [UInt8], chunk: Int = 64 << 10) {
            self.bytes = bytes
            self.chunk = chunk
        }

        var read: MessageReader.Read {
            { [self] buffer in
                let count = min(chunk, buffer.count, bytes.count - handedOut)
                guard count > 0 else { return 0 }
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[handedOut..<(handedOut + count)])) }
                handedOut += count
                return count
            }
        }
    }

    /// A header that never ends is not held whole: past the bound the stream
    /// is broken, said once, and the reader reads no further.
    func testAHeaderWithoutEndIsReadNoFurtherThanTheBound() {
        let stream = Array("Content-Length: 2\r\n\r\n{}".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        let source = CountingRead(stream)
        var reader = MessageReader(read: source.read)
        guard case .message? = reader.next() else { return XCTFail("the message before") }
        guard case .malformed(let why)? = reader.next() else { return XCTFail("a header too long") }
        XCTAssertTrue(why.contains("longer than"), why)
        XCTAssertNil(reader.next(), "nothing after a broken header can be trusted")
        XCTAssertLessThanOrEqual(source.handedOut, MessageReader.maximumHeader + (128 << 10))
    }

    /// A header block without a usable Content-Length leaves nothing that says
    /// where its body ends: the stream is broken, and what follows is not read
    /// as messages (a body may hold "Content-Length" itself).
    func testAHeaderWithoutContentLengthBreaksTheStream() {
        for header in ["Content-Lenght: 3", "Content-Length: 3x", "Content-Length", "Content-Length: 2\r\nContent-Length: 3"] {
            let stream = Array("\(header)\r\n\r\nabcContent-Length: 2\r\n\r\n{}".utf8)
            var reader = MessageReader(read: Sent.reading(stream))
            guard case .malformed(let why)? = reader.next() else { return XCTFail("'\(header)'") }
            XCTAssertTrue(why.contains("Content-Length"), why)
            XCTAssertNil(reader.next(), "'\(header)': nothing after")
        }
    }

    /// Served: the client is told in the log (once initialized), standard error
    /// says why, and the server ends with status 2 whatever came before.
    func testABrokenStreamEndsTheServerWithStatusTwoAndALogMessage() {
        let sent = Sent()
        let server = LanguageServer { sent.append($0) }
        var stream = MessageReader.frame(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#)
        stream += Array("Content-Type: text/plain\r\n\r\n".utf8) + MessageReader.frame(#"{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}"#)
        var logged = ""
        let status = server.serve(read: Sent.reading(stream), log: { logged += $0 })
        XCTAssertEqual(status, 2)
        XCTAssertTrue(logged.contains("Content-Length"), logged)
        let log = sent.messages.first { ($0["method"] as? String) == "window/logMessage" }
        XCTAssertEqual((log?["params"] as? [String: Any])?["type"] as? Int, 1)
        XCTAssertTrue(((log?["params"] as? [String: Any])?["message"] as? String)?.contains("Content-Length") == true, "\(sent.messages)")
        XCTAssertNil(response(sent, id: 2), "nothing after the broken header is read")
    }

    // MARK: Positions

    func testPositionsCountUTF16UnitsAndOffsetsCountBytes() {
        let document = TextDocument(uri: "file:///x.yaml", version: 1, text: "aé😀b\nsecond")
        // a: 1 byte/1 unit, é: 2 bytes/1 unit, 😀: 4 bytes/2 units.
        XCTAssertEqual(document.offset(of: .init(line: 0, character: 2)), 3)
        XCTAssertEqual(document.offset(of: .init(line: 0, character: 4)), 7)
        XCTAssertEqual(document.offset(of: .init(line: 0, character: 3)), 3, "inside a surrogate pair: the scalar's start")
        XCTAssertEqual(document.position(of: 7), .init(line: 0, character: 4))
        XCTAssertEqual(document.position(of: 8), .init(line: 0, character: 5))
        XCTAssertEqual(document.offset(of: .init(line: 0, character: 99)), 8, "past the line's end: its end")
        XCTAssertEqual(document.offset(of: .init(line: 1, character: 2)), 11)
        XCTAssertEqual(document.offset(of: .init(line: 7, character: 0)), 15, "past the text: its end")
        for offset in [0, 1, 3, 7, 8, 9, 15] {
            XCTAssertEqual(document.offset(of: document.position(of: offset)), offset)
        }
    }

    /// Lines end at CR LF, LF or a lone CR, as the protocol says, and a
    /// line's end is before its line break: a character past it is there, so
    /// text appended to a CR LF line goes before the CR, as in the editor.
    func testLinesEndAtAnyLineBreakAndTheirEndIsBeforeIt() {
        var document = TextDocument(uri: "file:///x.yaml", version: 1, text: "ab\r\ncd\ref\ngh")
        XCTAssertEqual(document.offset(of: .init(line: 0, character: 99)), 2)
        XCTAssertEqual(document.offset(of: .init(line: 1, character: 99)), 6)
        XCTAssertEqual(document.offset(of: .init(line: 2, character: 0)), 7)
        XCTAssertEqual(document.offset(of: .init(line: 2, character: 99)), 9)
        XCTAssertEqual(document.position(of: 11), .init(line: 3, character: 1))
        document.apply(range: .init(start: .init(line: 0, character: 99), end: .init(line: 0, character: 99)), text: "!")
        document.apply(range: .init(start: .init(line: 1, character: 99), end: .init(line: 1, character: 99)), text: "?")
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "ab!\r\ncd?\ref\ngh")
    }

    /// Positions on a minified file's one line are counted from a checkpoint
    /// near them, not from the line's start: converting n diagnostics costs
    /// n times a stride, not n times the line.
    func testPositionsOnOneLongLineAreCountedFromANearbyCheckpoint() {
        var text = ""
        var random = SeededRandom(seed: 3)
        while text.utf8.count < 200_000 { text += random.pick(["a", "é", "😀", "—", "{\"id\": 1}, "]) }
        text += "\nlast 😀 line"
        let document = TextDocument(uri: "file:///x.json", version: 1, text: text)
        // A model: UTF-16 units before each scalar boundary of the first line.
        var model: [Int: Int] = [0: 0]
        var bytes = 0, units = 0
        for scalar in text.unicodeScalars.prefix(while: { $0 != "\n" }) {
            bytes += scalar.utf8.count
            units += scalar.utf16.count
            model[bytes] = units
        }
        var counted = 0
        let offsets = (0..<4_000).map { _ in random.int(0...bytes) }
        for offset in offsets {
            let (position, walked) = document.locate(offset)
            counted += walked
            if let expected = model[offset] {
                XCTAssertEqual(position, .init(line: 0, character: expected), "offset \(offset)")
                let (back, walkedBack) = document.locate(position)
                XCTAssertEqual(back, offset, "position \(position)")
                counted += walkedBack
            }
        }
        XCTAssertLessThanOrEqual(counted, 2 * offsets.count * (TextDocument.checkpointStride + 4))
        // Lines of any length, checkpoints on any of them: every scalar boundary both ways.
        var lines = ""
        for _ in 0..<40 {
            for _ in 0..<random.int(0...700) { lines += random.pick(["a", "é", "😀", "—"]) }
            lines += "\n"
        }
        let many = TextDocument(uri: "file:///y.json", version: 1, text: lines)
        var line = 0, character = 0, offset = 0
        for scalar in lines.unicodeScalars {
            XCTAssertEqual(many.position(of: offset), .init(line: line, character: character))
            XCTAssertEqual(many.offset(of: .init(line: line, character: character)), offset)
            if scalar.utf16.count == 2 {
                XCTAssertEqual(many.offset(of: .init(line: line, character: character + 1)), offset, "inside a pair")
            }
            if scalar == "\n" {
                XCTAssertEqual(many.offset(of: .init(line: line, character: 1 << 30)), offset, "past the line's end: its end")
            }
            offset += scalar.utf8.count
            if scalar == "\n" { (line, character) = (line + 1, 0) } else { character += scalar.utf16.count }
        }
        XCTAssertEqual(document.position(of: document.bytes.count), .init(line: 1, character: 12))
        XCTAssertEqual(document.offset(of: .init(line: 1, character: 7)), document.bytes.count - 5, "inside the pair: its start")
    }

    /// Random edits in UTF-16 ranges, applied to the document and to a model
    /// held as UTF-16 units: the texts always agree.
    func testIncrementalEditsInAnyOrderGiveTheSameText() {
        var random = SeededRandom(seed: 7)
        let pieces = ["a", "é", "😀", "\n", "xyz", "", "—"]
        for _ in 0..<200 {
            var model = Array("start é\n😀 middle\nend".utf16)
            var document = TextDocument(uri: "file:///x", version: 0, text: String(decoding: model, as: UTF16.self))
            for _ in 0..<20 {
                // Positions on scalar boundaries, as clients send them.
                let text = String(decoding: model, as: UTF16.self)
                var boundaries: [Int] = [0]
                var units = 0
                for scalar in text.unicodeScalars {
                    units += scalar.utf16.count
                    boundaries.append(units)
                }
                var a = random.pick(boundaries), b = random.pick(boundaries)
                if a > b { swap(&a, &b) }
                let insert = random.pick(pieces) + random.pick(pieces)
                func position(_ unit: Int) -> TextDocument.Position {
                    let before = model[..<unit]
                    let line = before.filter { $0 == 0x0A }.count
                    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                    return .init(line: line, character: unit - lineStart)
                }
                document.apply(range: .init(start: position(a), end: position(b)), text: insert)
                model.replaceSubrange(a..<b, with: Array(insert.utf16))
                XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), String(decoding: model, as: UTF16.self))
            }
        }
    }

    /// A multi-cursor edit as an editor sends it (one change per cursor,
    /// from the bottom of the text up) is written in one pass: the text is
    /// copied and its tables made once, not once per cursor. Changes in any
    /// other order still apply one after another, each to the text before it.
    func testChangesFromTheBottomUpAreWrittenInOnePass() {
        var random = SeededRandom(seed: 21)
        let pieces = ["a", "é", "😀", "\n", "\r\n", "xyz", ""]
        for round in 0..<100 {
            var text = ""
            for _ in 0..<random.int(0...400) { text += random.pick(pieces) }
            var model = Array(text.utf16)
            var document = TextDocument(uri: "file:///x", version: 0, text: text)
            // Ranges of the model as it is when each change applies, by UTF-16 unit.
            func position(_ unit: Int, in units: [UInt16]) -> TextDocument.Position {
                let document = TextDocument(uri: "", version: 0, text: String(decoding: units[..<unit], as: UTF16.self))
                return document.position(of: document.bytes.count)
            }
            func boundaries(_ units: [UInt16]) -> [Int] {
                var boundaries: [Int] = [0]
                var count = 0
                for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
                    count += scalar.utf16.count
                    // Not between CR and LF: one line break to an editor.
                    if scalar != "\r" { boundaries.append(count) }
                }
                return boundaries
            }
            let bottomUp = round % 4 != 0
            var changes: [ContentChange] = []
            func change(_ start: Int, _ end: Int) {
                let insert = random.pick(pieces) + random.pick(pieces)
                changes.append(ContentChange(range: .init(start: position(start, in: model), end: position(end, in: model)), text: insert))
                model.replaceSubrange(start..<end, with: Array(insert.utf16))
            }
            if bottomUp {
                // Distinct cuts: cursors apart, as an editor's are.
                let cuts = Set((0..<random.int(2...30)).map { _ in random.pick(boundaries(model)) }).sorted(by: >)
                for index in stride(from: 0, to: cuts.count - 1, by: 2) { change(cuts[index + 1], cuts[index]) }
            } else {
                for _ in 0..<random.int(1...10) {
                    let cuts = boundaries(model)
                    let a = random.pick(cuts), b = random.pick(cuts)
                    change(min(a, b), max(a, b))
                }
            }
            let before = document.tablesBuilt
            document.apply(changes)
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), String(decoding: model, as: UTF16.self), "round \(round)")
            if bottomUp, !changes.isEmpty {
                XCTAssertEqual(document.tablesBuilt - before, 1, "round \(round): \(changes.count) changes from the bottom up")
            }
            let fresh = TextDocument(uri: "", version: 0, text: String(decoding: model, as: UTF16.self))
            for offset in stride(from: 0, through: fresh.bytes.count, by: 7) {
                XCTAssertEqual(document.position(of: offset), fresh.position(of: offset), "round \(round): the tables are the text's")
            }
        }
    }

    // MARK: The protocol

    func testInitializeOpenAndPublishWithUTF16Ranges() throws {
        let (server, sent) = makeServer()
        start(server)
        let capabilities = try XCTUnwrap((response(sent, id: 1)?["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        XCTAssertEqual((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int, 2)
        XCTAssertEqual(capabilities["hoverProvider"] as? Bool, true)
        // Non-ASCII before the diagnostic's value on its line: the range counts UTF-16 units.
        let text = "root:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: \"😀é\", type: button, frame: [20, 20, 30, 30]}\n"
        open(server, "file:///tmp/emoji.yaml", text)
        server.drain()
        let published = try XCTUnwrap(diagnostics(sent, uri: "file:///tmp/emoji.yaml"))
        XCTAssertEqual(published.count, 1)
        XCTAssertEqual(published[0]["code"] as? String, "target-size")
        XCTAssertEqual(published[0]["severity"] as? Int, 1)
        let line = text.split(separator: "\n")[3]
        let column = line.utf16.count - "[20, 20, 30, 30]}".utf16.count
        XCTAssertEqual(Self.range(published[0]), [3, column, 3, column + 16])
        XCTAssertTrue(((published[0]["codeDescription"] as? [String: Any])?["href"] as? String)?.hasSuffix("#target-size") == true)
    }

    func testAnInterfaceBuilderDocumentGetsItsDiagnostics() throws {
        let (server, sent) = makeServer()
        start(server)
        let text = InterfaceBuilderImporterTests.xib(InterfaceBuilderImporterTests.screen(
            InterfaceBuilderImporterTests.button("Cls-bt-001", (20, 20, 24, 24), label: "Close")))
        open(server, "file:///tmp/App/Base.lproj/Player.xib", text)
        open(server, "file:///tmp/App/Base.lproj/Main.storyboard", text.replacingOccurrences(of: "CocoaTouch.XIB", with: "CocoaTouch.Storyboard.XIB"))
        server.drain()
        for uri in ["file:///tmp/App/Base.lproj/Player.xib", "file:///tmp/App/Base.lproj/Main.storyboard"] {
            let published = try XCTUnwrap(diagnostics(sent, uri: uri))
            let small = try XCTUnwrap(published.first { $0["code"] as? String == "target-size" }, uri)
            XCTAssertEqual(small["message"] as? String, "'Close' is reachable on 24×24 pt; minimum is 44×44 pt (ios)")
            // On the button's element, where Xcode shows it.
            let line = try XCTUnwrap(text.components(separatedBy: "\n").firstIndex { $0.contains("id=\"Cls-bt-001\"") })
            XCTAssertEqual(Self.range(small)[0], line)
        }
    }

    func testFilesThatAreNoLayoutGetNoDiagnostics() throws {
        let (server, sent) = makeServer()
        start(server)
        open(server, "file:///tmp/app/package.json", #"{"name": "app", "version": "1.0.0", "dependencies": {}}"#)
        open(server, "file:///tmp/app/res/layout/main.xml", #"<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"/>"#)
        open(server, "file:///tmp/app/screen.yaml", "version: 1\n")
        server.drain()
        XCTAssertEqual(try XCTUnwrap(diagnostics(sent, uri: "file:///tmp/app/package.json")).count, 0)
        XCTAssertEqual(try XCTUnwrap(diagnostics(sent, uri: "file:///tmp/app/res/layout/main.xml")).count, 0)
        // Only a layout's own keys: a layout being written, told what it lacks.
        let layout = try XCTUnwrap(diagnostics(sent, uri: "file:///tmp/app/screen.yaml"))
        XCTAssertEqual(layout.map { $0["code"] as? String }, ["invalid-layout"])
    }

    func testTheLastVersionWinsAndNothingStaleIsPublished() throws {
        let (server, sent) = makeServer(debounce: 0.05)
        start(server)
        let uri = "file:///tmp/versions.yaml"
        open(server, uri, small)
        // Three changes before the debounce ends: only the last is linted.
        for (version, size) in [(2, 31), (3, 32), (4, 44)] {
            server.handle(message(["method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": ["start": ["line": 3, "character": 51], "end": ["line": 3, "character": 53]],
                                    "text": "\(size)"]],
            ]]))
        }
        server.drain()
        let published = sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }
        XCTAssertEqual(published.compactMap { $0["version"] as? Int }, [4], "only the newest version is published")
        XCTAssertEqual((published.last?["diagnostics"] as? [[String: Any]])?.count, 1, "30 wide, 44 high: still too small")
    }

    /// An edit after a pause is linted at once, not a debounce later; edits
    /// that come while its lint waits (or runs) are linted together, a
    /// debounce after the last of them.
    func testAnEditAfterAPauseIsLintedAtOnceAndABurstTogetherAfterIt() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/prompt.yaml"
        open(server, uri, small)
        server.drain()
        func change(_ version: Int, height: Int) {
            server.handle(message(["method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": ["start": ["line": 3, "character": 51], "end": ["line": 3, "character": 53]],
                                    "text": "\(height)"]],
            ]]))
        }
        func published() -> [Int] {
            sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
                .compactMap { ($0["params"] as? [String: Any])?["version"] as? Int }
        }
        // A debounce this test does not wait for: the edit is published only if linted at once.
        Blocking.wait { [state = server.state] in await state.updateSettings { $0.debounce = 60 } }
        change(2, height: 44)
        let deadline = Date().addingTimeInterval(20)
        while !published().contains(2), Date() < deadline { usleep(1_000) }
        XCTAssertEqual(published(), [1, 2])
        XCTAssertEqual(try XCTUnwrap(diagnostics(sent, uri: uri)).count, 1, "30 wide, 44 high")
        // A burst: the first edit's lint is held by the lint queue, the others
        // come meanwhile, and only the last version is linted.
        Blocking.wait { [state = server.state] in await state.updateSettings { $0.debounce = 0.1 } }
        server.lintQueue.suspend()
        change(3, height: 31)
        change(4, height: 32)
        change(5, height: 30)
        server.lintQueue.resume()
        server.drain()
        XCTAssertEqual(published(), [1, 2, 5])
        XCTAssertEqual(server.lintsRun, 3)
    }

    /// Saves and watched-file events in a flood: the lint waiting for a
    /// document is replaced, not queued again, so a burst costs one lint.
    func testAFloodOfSavesAndWatchedFileEventsIsLintedOnce() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/flood.yaml"
        open(server, uri, small)
        server.drain()
        func published() -> Int {
            sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }.count
        }
        XCTAssertEqual(published(), 1)
        // Held while the flood arrives, as a lint under way would hold it.
        server.lintQueue.suspend()
        for index in 0..<100 {
            let method = index % 2 == 0 ? "textDocument/didSave" : "workspace/didChangeWatchedFiles"
            server.handle(message(["method": method, "params": ["textDocument": ["uri": uri], "changes": [] as [Any]]]))
        }
        server.lintQueue.resume()
        server.drain()
        XCTAssertEqual(published(), 2, "one lint for the flood")
        XCTAssertEqual(server.lintsRun, 2)
        XCTAssertEqual(try XCTUnwrap(diagnostics(sent, uri: uri)).count, 1)
    }

    /// A lint asked for while the document's lint waits replaces it (one
    /// waits per document, whatever comes); asked for while a lint of it is
    /// under way (a save: the configuration may have changed), the document
    /// is linted again after it, and that lint is what is published.
    func testAWaitingLintIsReplacedAndOneAskedForWhileALintRunsRunsAfter() throws {
        let (server, sent) = makeServer(debounce: 0.2)
        start(server)
        let first = "file:///tmp/first.yaml", second = "file:///tmp/second.yaml"
        // The lint queue busy, as with another document's lint.
        let started = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        server.lintQueue.async { started.signal(); proceed.wait() }
        started.wait()
        open(server, first, small)
        open(server, second, small)
        for index in 0..<50 {
            let method = index % 2 == 0 ? "textDocument/didSave" : "workspace/didChangeWatchedFiles"
            server.handle(message(["method": method, "params": ["textDocument": ["uri": first], "changes": [] as [Any]]]))
        }
        XCTAssertEqual(server.heldWork.lints, 2, "one lint waits per document")
        // A hover lints the first document now; under way, held by the busy queue.
        server.handle(message(["id": 2, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": first], "position": ["line": 3, "character": 20]]]))
        let deadline = Date().addingTimeInterval(20)
        while Blocking.wait({ [state = server.state] in await state.store[first]?.lintUnderWay == nil }), Date() < deadline {
            usleep(1_000)
        }
        server.handle(message(["method": "textDocument/didSave", "params": ["textDocument": ["uri": first]]]))
        proceed.signal()
        server.drain()
        XCTAssertEqual(server.lintsRun, 3, "the hover's lint, the first document's again after the save, the second's")
        let published = sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }.compactMap { $0["uri"] as? String }
        XCTAssertEqual(published.sorted(), [first, second], "one publish per document")
        XCTAssertNotNil((response(sent, id: 2)?["result"] as? [String: Any])?["contents"])
        XCTAssertEqual(server.heldWork.lints, 0)
    }

    /// A change whose range is not the protocol's (a character that is no
    /// `uinteger`, a string, a negative line, an end before the start, no
    /// text) is refused whole: the document is unchanged, and the client's
    /// log says why. A character past its line's end is the line's end.
    func testAMalformedChangeLeavesTheDocumentUnchangedAndIsLogged() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/ranges.yaml"
        open(server, uri, small)
        server.drain()
        let good: [String: Any] = ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": ""]
        let malformed: [Any] = [
            ["range": ["start": ["line": 0, "character": 1e16], "end": ["line": 0, "character": 1e16]], "text": "garbage"],
            ["range": ["start": ["line": 0, "character": "5"], "end": ["line": 0, "character": 5]], "text": "garbage"],
            ["range": ["start": ["line": -1, "character": 0], "end": ["line": 0, "character": 5]], "text": "garbage"],
            ["range": ["start": ["line": 0, "character": 0.5], "end": ["line": 0, "character": 5]], "text": "garbage"],
            ["range": ["start": ["line": 0, "character": 2_147_483_648], "end": ["line": 0, "character": 5]], "text": "garbage"],
            ["range": ["start": ["line": 2, "character": 0], "end": ["line": 1, "character": 0]], "text": "garbage"],
            ["range": ["start": ["line": 0, "character": 0]], "text": "garbage"],
            ["range": "everything", "text": "garbage"],
            ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]],
            ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": 5],
            "garbage",
        ]
        for (index, change) in malformed.enumerated() {
            // The good change first: nothing of a message is applied unless all of it can be.
            server.handle(message(["method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": 2 + index], "contentChanges": [good, change]]]))
        }
        server.handle(message(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": "next"], "contentChanges": [good]]]))
        server.handle(message(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": 50], "contentChanges": "garbage"]]))
        server.drain()
        let logged = sent.messages.filter { ($0["method"] as? String) == "window/logMessage" }
            .compactMap { ($0["params"] as? [String: Any])?["message"] as? String }
        XCTAssertEqual(logged.count, malformed.count + 2, "\(logged)")
        XCTAssertTrue(logged.allSatisfy { $0.contains("unchanged") }, "\(logged)")
        XCTAssertTrue(logged[0].contains("contentChanges[1].range.start.character"), logged[0])
        // Past the line's end is the line's end: "44" appended to "frame: [20, 20, 30, 30]}" would not parse.
        server.handle(message(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": 60],
            "contentChanges": [["range": ["start": ["line": 0, "character": 999], "end": ["line": 0, "character": 2_147_483_647]], "text": " # ok"]]]]))
        server.drain()
        let published = sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }
        XCTAssertEqual(published.compactMap { $0["version"] as? Int }, [1, 60], "only the open and the good change were linted")
        XCTAssertEqual(try XCTUnwrap(diagnostics(sent, uri: uri)).map { $0["code"] as? String }, ["target-size"])
        // A request with such a position is answered InvalidParams, saying which value.
        server.handle(message(["id": 70, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": uri], "position": ["line": 3, "character": 1e16]]]))
        server.drain()
        let error = try XCTUnwrap(response(sent, id: 70)?["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32602)
        XCTAssertTrue((error["message"] as? String)?.contains("position.character") == true, "\(error)")
    }

    /// A lone UTF-16 surrogate escape (JavaScript strings may hold one, and
    /// JSON.stringify writes it as `\ud800`) is read as U+FFFD, one UTF-16
    /// unit as the surrogate was: the document is opened, positions after it
    /// agree with the editor's, and later changes apply.
    func testALoneSurrogateInTheTextIsReadAsAReplacementCharacter() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/surrogate.yaml"
        // "\\ud800" is an escaped backslash and the letters, not a surrogate.
        let text = #"root:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: '\ud800x\\ud800\ud83d\ude00\uDBFF', type: button, frame: [20, 20, 30, 30]}\n"#
        server.handle(Array(#"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "\#(uri)", "languageId": "yaml", "version": 1, "text": "\#(text)"}}}"#.utf8))
        server.drain()
        let published = try XCTUnwrap(diagnostics(sent, uri: uri))
        XCTAssertEqual(published.map { $0["code"] as? String }, ["target-size"])
        let line = "    - {id: '\u{FFFD}x\\ud800😀\u{FFFD}', type: button, frame: [20, 20, 30, 30]}"
        let column = line.utf16.count - "[20, 20, 30, 30]}".utf16.count
        XCTAssertEqual(Self.range(published[0]), [3, column, 3, column + 16])
        // A pair escaped as such is one scalar; after it, a change applies where the editor says.
        server.handle(message(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": ["start": ["line": 3, "character": column + 13], "end": ["line": 3, "character": column + 15]], "text": "44"],
                               ["range": ["start": ["line": 3, "character": column + 9], "end": ["line": 3, "character": column + 11]], "text": "44"]],
        ]]))
        server.drain()
        XCTAssertEqual(try XCTUnwrap(diagnostics(sent, uri: uri)).count, 0)
    }

    func testOnlyLoneSurrogateEscapesAreRewritten() {
        let cases: [(String, String)] = [
            (#""\ud800""#, #""\uFFFD""#),
            (#""\uDC00\ud83d\ude00\uD83D""#, #""\uFFFD\ud83d\ude00\uFFFD""#),
            (#""\ud800\u0041\\ud800""#, #""\uFFFD\u0041\\ud800""#),
            (#""\ud800\ud800\udfff""#, #""\uFFFD\ud800\udfff""#),
            (#""\ud80"#, #""\ud80"#),
            (#""\ud800\u"#, #""\uFFFD\u"#),
            (#"\"#, #"\"#),
            (#""\uZZZZ""#, #""\uZZZZ""#),
        ]
        for (input, expected) in cases {
            var bytes = Array(input.utf8)
            LoneSurrogates.replace(in: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, input)
        }
    }

    func testQuickFixesAndFixAllAreTheVerifiedEdits() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/fix.yaml"
        open(server, uri, small)
        server.drain()
        server.handle(message(["id": 2, "method": "textDocument/codeAction", "params": [
            "textDocument": ["uri": uri],
            "range": ["start": ["line": 3, "character": 10], "end": ["line": 3, "character": 10]],
            "context": ["diagnostics": [] as [Any]],
        ]]))
        server.drain()
        let actions = try XCTUnwrap(response(sent, id: 2)?["result"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["kind"] as? String }, ["quickfix", LanguageServer.fixAllKind])
        XCTAssertTrue((actions[0]["title"] as? String)?.contains("grow 'play' to 44×44 pt") == true, "\(actions[0])")
        // The quick fix, applied as an editor would, leaves nothing to report.
        let changes = try XCTUnwrap(((actions[0]["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        var document = TextDocument(uri: uri, version: 1, text: small)
        for change in changes.reversed() {
            let range = change["range"] as! [String: [String: Int]]
            document.apply(range: .init(start: .init(line: range["start"]!["line"]!, character: range["start"]!["character"]!),
                                        end: .init(line: range["end"]!["line"]!, character: range["end"]!["character"]!)),
                           text: change["newText"] as! String)
        }
        let fixed = String(decoding: document.bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains("hitInsets: -7"), fixed)
        XCTAssertEqual(try TestSupport.lint(fixed).diagnostics.map(\.rule), [])
        // Only fix-all, when asked.
        server.handle(message(["id": 3, "method": "textDocument/codeAction", "params": [
            "textDocument": ["uri": uri],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
            "context": ["diagnostics": [] as [Any], "only": [LanguageServer.fixAllKind]],
        ]]))
        server.drain()
        XCTAssertEqual((response(sent, id: 3)?["result"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }, [LanguageServer.fixAllKind])
    }

    /// One lint per version of a document: what is published, hovers, quick
    /// fixes (their fixes checked from it, once per version) and fix-all
    /// (starting from that checked result) all come from it. (Fix checking's
    /// own lints of changed layouts are not lints of the document.)
    func testEachVersionIsLintedOnceForEverythingAskedOfIt() throws {
        let (server, sent) = makeServer(debounce: 0.3)
        start(server)
        let uri = "file:///tmp/once.yaml"
        open(server, uri, small)
        server.drain()
        XCTAssertEqual(server.lintsRun, 1, "the open")
        let hover: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 3, "character": 20]]
        let everything: [String: Any] = ["textDocument": ["uri": uri],
                                         "range": ["start": ["line": 3, "character": 10], "end": ["line": 3, "character": 10]],
                                         "context": ["diagnostics": [] as [Any]]]
        var onlyFixAll = everything
        onlyFixAll["context"] = ["diagnostics": [] as [Any], "only": [LanguageServer.fixAllKind]]
        server.handle(message(["id": 2, "method": "textDocument/hover", "params": hover]))
        server.handle(message(["id": 3, "method": "textDocument/codeAction", "params": everything]))
        server.handle(message(["id": 4, "method": "textDocument/codeAction", "params": onlyFixAll]))
        server.handle(message(["id": 5, "method": "textDocument/codeAction", "params": everything]))
        server.drain()
        XCTAssertEqual(server.lintsRun, 1, "hover, quick fixes and fix-all answered from the open's lint")
        let contents = try XCTUnwrap((response(sent, id: 2)?["result"] as? [String: Any])?["contents"] as? [String: Any])
        XCTAssertTrue((contents["value"] as? String)?.contains("**'play'** (button)") == true, "\(contents)")
        for id in [3, 5] {
            let actions = try XCTUnwrap(response(sent, id: id)?["result"] as? [[String: Any]])
            XCTAssertEqual(actions.map { $0["kind"] as? String }, ["quickfix", LanguageServer.fixAllKind], "request \(id)")
        }
        XCTAssertEqual((response(sent, id: 4)?["result"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }, [LanguageServer.fixAllKind])
        XCTAssertEqual(response(sent, id: 3)?["result"] as? NSArray, response(sent, id: 5)?["result"] as? NSArray, "the same answer twice")
        // A change, and requests while its lint waits for the (held) lint
        // queue: whichever starts the lint of the new version, the others
        // wait for it, and it is what is published.
        server.lintQueue.suspend()
        server.handle(message(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": ["start": ["line": 3, "character": 51], "end": ["line": 3, "character": 53]], "text": "44"]],
        ]]))
        server.handle(message(["id": 6, "method": "textDocument/hover", "params": hover]))
        server.handle(message(["id": 7, "method": "textDocument/codeAction", "params": everything]))
        server.lintQueue.resume()
        server.drain()
        XCTAssertEqual(server.lintsRun, 2, "one lint for the second version")
        let published = sent.messages.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }
        XCTAssertEqual(published.compactMap { $0["version"] as? Int }, [1, 2])
        XCTAssertEqual((published.last?["diagnostics"] as? [[String: Any]])?.map { $0["code"] as? String }, ["target-size"], "30 wide, 44 high")
        let hovered = (((response(sent, id: 6)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String) ?? ""
        XCTAssertTrue(hovered.contains("30×44 pt"), hovered)
        XCTAssertEqual((response(sent, id: 7)?["result"] as? [[String: Any]])?.map { $0["kind"] as? String }, ["quickfix", LanguageServer.fixAllKind])
    }

    func testHoverDescribesTheNodeUnderTheCursor() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/hover.yaml"
        open(server, uri, small)
        server.drain()
        server.handle(message(["id": 5, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": uri], "position": ["line": 3, "character": 20],
        ]]))
        server.drain()
        let contents = try XCTUnwrap((response(sent, id: 5)?["result"] as? [String: Any])?["contents"] as? [String: Any])
        let text = try XCTUnwrap(contents["value"] as? String)
        XCTAssertTrue(text.contains("**'play'** (button)"), text)
        XCTAssertTrue(text.contains("- frame: 30×30 pt at (20, 20)"), text)
        XCTAssertTrue(text.contains("- reachable: 30×30 pt"), text)
        XCTAssertTrue(text.contains("- minimum: 44×44 pt (ios)"), text)
        // Between nodes: the root.
        server.handle(message(["id": 6, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": uri], "position": ["line": 1, "character": 3],
        ]]))
        server.drain()
        let root = (((response(sent, id: 6)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String) ?? ""
        XCTAssertTrue(root.contains("not a target"), root)
    }

    func testACancelledRequestIsAnsweredWithRequestCancelled() throws {
        let (server, sent) = makeServer()
        start(server)
        open(server, "file:///tmp/cancel.yaml", small)
        server.drain()
        server.requestQueue.suspend()
        server.handle(message(["id": 9, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": "file:///tmp/cancel.yaml"], "position": ["line": 3, "character": 20],
        ]]))
        server.handle(message(["method": "$/cancelRequest", "params": ["id": 9]]))
        server.requestQueue.resume()
        server.drain()
        let error = try XCTUnwrap(response(sent, id: 9)?["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32800)
        XCTAssertEqual(sent.messages.filter { ($0["id"] as? Int) == 9 }.count, 1)
    }

    /// A cancellation that arrives after its request was answered (the usual
    /// race) or for an id never sent is dropped: it is not held for ever, and
    /// a later request that happens to use the id is answered.
    func testACancellationForARequestNotUnderWayIsDropped() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/late-cancel.yaml"
        open(server, uri, small)
        server.drain()
        let hover: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 3, "character": 20]]
        server.handle(message(["id": 7, "method": "textDocument/hover", "params": hover]))
        server.drain()
        server.handle(message(["method": "$/cancelRequest", "params": ["id": 7]]))
        for id in 1_000..<11_000 { server.handle(message(["method": "$/cancelRequest", "params": ["id": "never-\(id)"]])) }
        server.handle(message(["id": 7, "method": "textDocument/hover", "params": hover]))
        server.drain()
        let answers = sent.messages.filter { ($0["id"] as? Int) == 7 }
        XCTAssertEqual(answers.count, 2)
        XCTAssertNil(answers.last?["error"], "the second request with id 7 is not the one cancelled: \(answers)")
        XCTAssertEqual(server.heldWork.requests, 0)
        XCTAssertEqual(server.heldWork.cancellations, 0)
    }

    /// A cancellation is kept while its request is under way, for each use
    /// of the id, and dropped otherwise.
    func testCancellationsAreKeptOnlyForRequestsUnderWay() {
        var tracker = RequestTracker()
        tracker.begin("i1")
        tracker.begin("i1")
        tracker.begin("i2")
        XCTAssertEqual(tracker.counts.underWay, 3)
        tracker.cancel("i1")
        tracker.cancel("i3")
        XCTAssertTrue(tracker.isCancelled("i1"))
        XCTAssertFalse(tracker.isCancelled("i3"), "not under way: dropped")
        tracker.end("i1")
        XCTAssertTrue(tracker.isCancelled("i1"), "one request with the id is still under way")
        tracker.end("i1")
        tracker.end("i2")
        tracker.end("i9")
        XCTAssertFalse(tracker.isCancelled("i1"))
        XCTAssertEqual(tracker.counts.underWay, 0)
        XCTAssertEqual(tracker.counts.cancelled, 0)
    }

    /// At most `requestCapacity` requests are under way: the reader waits for
    /// a free place, and every request is answered once.
    func testRequestsUnderWayAreBounded() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/bounded.yaml"
        open(server, uri, small)
        server.drain()
        let hover: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 3, "character": 20]]
        server.requestQueue.suspend()
        for id in 0..<LanguageServer.requestCapacity {
            server.handle(message(["id": 100 + id, "method": "textDocument/hover", "params": hover]))
        }
        XCTAssertEqual(server.heldWork.requests, LanguageServer.requestCapacity)
        let read = DispatchSemaphore(value: 0)
        let last = message(["id": 99, "method": "textDocument/hover", "params": hover])
        DispatchQueue.global().async {
            server.handle(last)
            read.signal()
        }
        XCTAssertEqual(read.wait(timeout: .now() + 0.3), .timedOut, "the reader waits for a place")
        XCTAssertEqual(server.heldWork.requests, LanguageServer.requestCapacity)
        server.requestQueue.resume()
        read.wait()
        server.drain()
        let answered = sent.messages.compactMap { $0["id"] as? Int }.filter { $0 >= 99 }
        XCTAssertEqual(answered.sorted(), Array(99..<(100 + LanguageServer.requestCapacity)))
        XCTAssertEqual(server.heldWork.requests, 0)
    }

    func testRequestsBeforeInitializeAfterShutdownAndUnknownOnesGetErrors() throws {
        let (server, sent) = makeServer()
        server.handle(message(["id": 1, "method": "textDocument/hover", "params": [:] as [String: Any]]))
        XCTAssertEqual((response(sent, id: 1)?["error"] as? [String: Any])?["code"] as? Int, -32002)
        server.handle(message(["id": 2, "method": "initialize", "params": [:] as [String: Any]]))
        server.handle(message(["id": 3, "method": "workspace/symbol", "params": [:] as [String: Any]]))
        XCTAssertEqual((response(sent, id: 3)?["error"] as? [String: Any])?["code"] as? Int, -32601)
        server.handle(Array("[1, 2".utf8))
        XCTAssertEqual((sent.messages.last?["error"] as? [String: Any])?["code"] as? Int, -32700)
        server.handle(message(["id": 4, "method": "shutdown"]))
        XCTAssertTrue(response(sent, id: 4)?.keys.contains("result") == true)
        server.handle(message(["id": 5, "method": "textDocument/hover", "params": [:] as [String: Any]]))
        XCTAssertEqual((response(sent, id: 5)?["error"] as? [String: Any])?["code"] as? Int, -32600)
        XCTAssertEqual(server.handle(message(["method": "exit"])), 0)
        let (unclean, _) = makeServer()
        XCTAssertEqual(unclean.handle(message(["method": "exit"])), 1, "exit without shutdown")
    }

    // MARK: Configuration

    func testTheNearestConfigurationAppliesIsReloadedAndIsCheckedItself() throws {
        let folder = try TemporaryFolder()
        try folder.write(".hitlint.yml", "rules:\n  target-size: off\n")
        let path = try folder.write("screens/play.yaml", small)
        let uri = LanguageServer.uri(ofPath: path)
        let (server, sent) = makeServer()
        start(server)
        open(server, uri, small)
        server.drain()
        XCTAssertEqual(diagnostics(sent, uri: uri)?.count, 0, "target-size is off")
        // Changed on disk (a later modification time): read again on the next lint.
        try folder.write(".hitlint.yml", "rules:\n  target-size: warning\n")
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: folder.path + "/.hitlint.yml")
        server.handle(message(["method": "workspace/didChangeWatchedFiles", "params": ["changes": [] as [Any]]]))
        server.drain()
        XCTAssertEqual(diagnostics(sent, uri: uri)?.first?["severity"] as? Int, 2)
        // A broken configuration is shown on itself.
        try folder.write(".hitlint.yml", "rules:\n  target-sise: off\n")
        try FileManager.default.setAttributes([.modificationDate: later.addingTimeInterval(5)], ofItemAtPath: folder.path + "/.hitlint.yml")
        server.handle(message(["method": "workspace/didChangeWatchedFiles", "params": ["changes": [] as [Any]]]))
        server.drain()
        let configurationURI = LanguageServer.uri(ofPath: folder.path + "/.hitlint.yml")
        let shown = try XCTUnwrap(diagnostics(sent, uri: configurationURI))
        XCTAssertTrue((shown.first?["message"] as? String)?.contains("did you mean 'target-size'") == true, "\(shown)")
        XCTAssertEqual(Self.range(shown[0]), [1, 2, 1, 13])
        // The configuration open in the editor is checked as it is typed.
        open(server, configurationURI, "rules:\n  dead-gap: loud\n")
        server.drain()
        let typed = try XCTUnwrap(diagnostics(sent, uri: configurationURI))
        XCTAssertEqual(typed.count, 1)
        XCTAssertTrue((typed[0]["message"] as? String)?.contains("loud") == true, "\(typed)")
    }

    // MARK: Garbage

    /// Whole sessions as standard input, mutated (bytes changed, cut, spliced
    /// from elsewhere, header lines and line breaks inserted) and read in
    /// pieces of random size: the server always ends, with 0, 1 or 2, and
    /// leaves no request, cancellation or lint held. (The libFuzzer target
    /// `make fuzz FUZZ_TARGET=lsp` does the same without end.)
    func testMutatedSessionsAlwaysEndAndLeaveNothingHeld() {
        let uri = "file:///tmp/session.yaml"
        let session: [[String: Any]] = [
            ["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]],
            ["method": "initialized", "params": [:] as [String: Any]],
            ["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": small]]],
            ["method": "textDocument/didChange", "params": ["textDocument": ["uri": uri, "version": 2],
                                                            "contentChanges": [["range": ["start": ["line": 3, "character": 51], "end": ["line": 3, "character": 53]], "text": "44"]]]],
            ["id": 2, "method": "textDocument/hover", "params": ["textDocument": ["uri": uri], "position": ["line": 3, "character": 20]]],
            ["method": "$/cancelRequest", "params": ["id": 2]],
            ["method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]],
            ["id": 3, "method": "shutdown"],
            ["method": "exit"],
        ]
        var stream: [UInt8] = []
        for object in session { stream += MessageReader.frame(String(decoding: message(object), as: UTF8.self)) }
        let pieces = [Array("Content-Length: 5\r\n".utf8), Array("\r\n".utf8), Array("\n\n".utf8), Array("X: y\r\n".utf8),
                      Array("Content-Length: 99999999999\r\n\r\n".utf8), Array(#"\ud800"#.utf8), Array(":".utf8)]
        var random = SeededRandom(seed: 33)
        var statuses: Set<Int32> = []
        for _ in 0..<300 {
            var bytes = stream
            for _ in 0..<random.int(1...4) {
                let at = random.int(0...bytes.count)
                switch random.int(0...3) {
                case 0: if at < bytes.count { bytes[at] = UInt8(random.int(0...255)) }
                case 1: bytes.insert(contentsOf: random.pick(pieces), at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + random.int(1...40)))
                default:
                    let from = random.int(0...(stream.count - 1))
                    bytes.insert(contentsOf: stream[from..<min(stream.count, from + random.int(1...200))], at: at)
                }
            }
            let (server, _) = makeServer()
            let status = server.serve(read: Sent.reading(bytes, chunk: random.int(1...300)))
            server.drain()
            statuses.insert(status)
            XCTAssertTrue((0...2).contains(status), "status \(status)")
            let held = server.heldWork
            XCTAssertTrue(held.requests == 0 && held.cancellations == 0 && held.lints == 0, "\(held)")
        }
        XCTAssertEqual(statuses, [0, 1, 2], "intact sessions, ones cut short, broken frames")
    }

    /// 10,000 messages made from valid ones by mutation, and random bytes: the
    /// server never stops, and answers every request exactly once.
    func testTenThousandFuzzedMessagesEachRequestAnsweredOnce() throws {
        let (server, sent) = makeServer()
        start(server)
        let uri = "file:///tmp/fuzz.yaml"
        let valid: [[String: Any]] = [
            ["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "version": 1, "text": small]]],
            ["method": "textDocument/didChange", "params": ["textDocument": ["uri": uri, "version": 2],
                                                            "contentChanges": [["range": ["start": ["line": 3, "character": 5], "end": ["line": 3, "character": 9]], "text": "é😀"]]]],
            ["id": 0, "method": "textDocument/hover", "params": ["textDocument": ["uri": uri], "position": ["line": 3, "character": 8]]],
            ["id": 0, "method": "textDocument/codeAction", "params": ["textDocument": ["uri": uri],
                                                                      "range": ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]]]],
            ["id": 0, "method": "textDocument/definition", "params": [:] as [String: Any]],
            ["method": "$/cancelRequest", "params": ["id": 3]],
        ]
        var random = SeededRandom(seed: 11)
        var requestIDs: [Int] = []
        // Intact requests have five-digit ids, mutated ones seven: changing one
        // byte of a seven-digit id cannot make a five-digit one (a leading zero
        // is not JSON), so a mutant never answers for an intact request.
        let intact = 10_000..<20_000
        for index in 0..<10_000 {
            var object = random.pick(valid)
            let hasID = object["id"] != nil
            let kind = random.int(0...5)
            if hasID { object["id"] = kind <= 2 ? 1_000_000 + index : intact.lowerBound + index }
            var bytes = message(object)
            switch kind {
            case 0: bytes = (0..<random.int(0...40)).map { _ in UInt8(random.int(0...255)) }
            case 1: if !bytes.isEmpty { bytes[random.int(0...(bytes.count - 1))] = UInt8(random.int(0...255)) }
            case 2: bytes = Array(bytes.prefix(random.int(0...bytes.count)))
            default: if hasID { requestIDs.append(intact.lowerBound + index) }
            }
            _ = server.handle(bytes)
        }
        server.drain()
        let answered = sent.messages.compactMap { $0["id"] as? Int }
        let counts = Dictionary(answered.map { ($0, 1) }, uniquingKeysWith: +)
        for id in requestIDs { XCTAssertEqual(counts[id], 1, "request \(id)") }
        XCTAssertFalse(counts.contains { intact.contains($0.key) && $0.value > 1 }, "no request answered twice")
        // Still serving.
        server.handle(message(["id": 99_999, "method": "shutdown"]))
        XCTAssertNotNil(response(sent, id: 99_999))
    }
}
