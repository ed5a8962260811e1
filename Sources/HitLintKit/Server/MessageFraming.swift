/// The Language Server Protocol's base protocol: each message is a header
/// block (`Content-Length: N`, optionally `Content-Type`, each line ended by
/// CR LF, the block by an empty line) and N bytes of JSON.
///
/// The reader takes its bytes from a function, so the server reads standard
/// input and tests feed it whatever they like, in pieces of any size.
struct MessageReader {
    /// One read of the stream: bytes into the buffer, returning how many
    /// (0 at the end of the stream, below 0 on an error that ends it).
    typealias Read = (UnsafeMutableRawBufferPointer) -> Int

    enum Item {
        case message([UInt8])
        /// A header the reader could not take; it has skipped to the next
        /// header that can start a message.
        case malformed(String)
    }

    /// A body larger than this is refused (and skipped): a client that sends
    /// one is broken, and holding it could exhaust memory.
    static let maximumBody = 64 << 20

    private let read: Read
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// After a header without a usable length nothing tells where its body
    /// ends, so the reader looks for the next `Content-Length` field and
    /// starts again from there.
    private var resynchronizing = false

    init(read: @escaping Read) {
        self.read = read
    }

    /// The next message, or nil once the stream has ended.
    mutating func next() -> Item? {
        while true {
            if resynchronizing {
                guard resynchronize() else { return nil }
            }
            // The header block ends at the first empty line.
            guard let headerEnd = findHeaderEnd() else {
                if !fill() {
                    if pendingIsBlank() { return nil }
                    start = buffer.count
                    return .malformed("the stream ended inside a message's header")
                }
                continue
            }
            let header = buffer[start..<headerEnd.blockStart]
            let bodyStart = headerEnd.bodyStart
            guard let length = Self.contentLength(header) else {
                start = bodyStart
                resynchronizing = true
                return .malformed("a message header without a valid Content-Length: \(Self.describe(header))")
            }
            guard length <= Self.maximumBody else {
                start = bodyStart
                skip(length)
                return .malformed("a message of \(length) bytes is more than the \(Self.maximumBody) the server takes")
            }
            while buffer.count - bodyStart < length {
                if !fill() {
                    start = buffer.count
                    return .malformed("the stream ended inside a message's body")
                }
            }
            let body = Array(buffer[bodyStart..<(bodyStart + length)])
            start = bodyStart + length
            compact()
            return .message(body)
        }
    }

    /// Reads more bytes; false at the end of the stream.
    private mutating func fill() -> Bool {
        guard !ended else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = chunk.withUnsafeMutableBytes { read($0) }
        guard count > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Moves to the next `Content-Length` field name (any case); false when
    /// the stream ends first.
    private mutating func resynchronize() -> Bool {
        let name = Array("content-length".utf8)
        while true {
            var index = start
            while index + name.count <= buffer.count {
                var matches = true
                for offset in 0..<name.count where buffer[index + offset] | 0x20 != name[offset] | 0x20 {
                    matches = false
                    break
                }
                if matches {
                    start = index
                    resynchronizing = false
                    compact()
                    return true
                }
                index += 1
            }
            // Keep what could be the start of the name.
            start = max(start, buffer.count - (name.count - 1))
            compact()
            if !fill() { return false }
        }
    }

    /// Skips `count` bytes of a refused body, whether read yet or not.
    private mutating func skip(_ count: Int) {
        var left = count
        while true {
            let available = buffer.count - start
            if available >= left {
                start += left
                compact()
                return
            }
            left -= available
            start = buffer.count
            compact()
            if !fill() { return }
        }
    }

    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private func pendingIsBlank() -> Bool {
        buffer[start...].allSatisfy { $0 == 0x0D || $0 == 0x0A || $0 == 0x20 }
    }

    /// Where the header block ends: CR LF CR LF (or, leniently, LF LF).
    private func findHeaderEnd() -> (blockStart: Int, bodyStart: Int)? {
        var index = start
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    /// The value of the `Content-Length` header field (case-insensitive name).
    static func contentLength(_ header: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: header, as: UTF8.self)
        var length: Int?
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters()
            guard name.lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters()
            guard !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber), value.count <= 12,
                  let number = Int(value) else { return nil }
            length = number
        }
        return length
    }

    private static func describe(_ header: ArraySlice<UInt8>) -> String {
        let text = String(decoding: header.prefix(80), as: UTF8.self)
        return "'" + text.displayedOnOneLine + (header.count > 80 ? "…" : "") + "'"
    }

    /// A message as the wire carries it.
    static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

private extension Substring {
    func trimmingCharacters() -> String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
