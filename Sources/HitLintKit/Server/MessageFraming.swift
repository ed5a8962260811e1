/// The Language Server Protocol's base protocol: each message is a header
/// block (`Content-Length: N`, optionally `Content-Type`, each line ended by
/// CR LF, the block by an empty line) and N bytes of JSON.
///
/// The reader takes its bytes from a function, so the server reads standard
/// input and tests feed it whatever they like, in pieces of any size. What it
/// holds is bounded: a header block up to `maximumHeader`, a body up to
/// `maximumBody`, and one read's worth of what follows.
struct MessageReader {
    /// One read of the stream: bytes into the buffer, returning how many
    /// (0 at the end of the stream, below 0 on an error that ends it).
    typealias Read = (UnsafeMutableRawBufferPointer) -> Int

    enum Item {
        case message([UInt8])
        /// A message with a sound header and a body larger than `maximumBody`:
        /// its body is skipped unread, and the stream goes on.
        case refused(String)
        /// The framing is lost (a header too long, without a usable
        /// `Content-Length`, or cut short by the end of the stream): nothing
        /// says where the next message starts, so the reader ends here.
        case malformed(String)
    }

    /// The most a header block may take, its empty line included. Two short
    /// fields are all the protocol has; 64 KiB is what other servers allow
    /// too, and a client that sends more has lost its way.
    static let maximumHeader = 64 << 10

    /// A body larger than this is refused (and skipped): a client that sends
    /// one is broken, and holding it could exhaust memory. Far under the
    /// 4 GiB that files may have (`InputFileReader.maximumSize`): a document
    /// is held as the message, its parse, its text and its lint at once, and
    /// editors do not hand files this large to language servers anyway.
    static let maximumBody = 64 << 20

    /// How much one read asks for.
    private static let chunk = 64 << 10

    private let read: Read
    private var buffer: [UInt8] = []
    /// What one read fills (kept: a client that writes a byte at a time
    /// must not cost a fresh 64 KiB per byte).
    private var scratch = [UInt8](repeating: 0, count: chunk)
    private var start = 0
    /// Where the search for the header block's end goes on from: the bytes
    /// before it, from `start`, hold no end, so each read is searched once.
    private var searched = 0
    private var ended = false
    /// Set once a `malformed` item is returned: the reader reads no more.
    private var broken = false
    /// Bytes the header search has looked at (tests count them).
    private(set) var headerBytesSearched = 0

    init(read: @escaping Read) {
        self.read = read
    }

    /// The next message, or nil once the stream has ended (or broken).
    mutating func next() -> Item? {
        guard !broken else { return nil }
        skipLineBreaksBetweenMessages()
        // The header block ends at the first empty line.
        var headerEnd = findHeaderEnd()
        while headerEnd == nil {
            if buffer.count - start > Self.maximumHeader {
                return fail("a message header longer than \(Self.maximumHeader) bytes")
            }
            guard fill() else {
                if buffer.count == start { return nil }
                return fail("the stream ended inside a message's header")
            }
            if searched == start { skipLineBreaksBetweenMessages() }
            headerEnd = findHeaderEnd()
        }
        let (blockStart, bodyStart) = headerEnd!
        guard bodyStart - start <= Self.maximumHeader else {
            return fail("a message header longer than \(Self.maximumHeader) bytes")
        }
        let header = buffer[start..<blockStart]
        let length: Int
        switch Self.contentLength(header) {
        case .failure(let why):
            return fail("\(why): \(Self.describe(header))")
        case .success(let value):
            length = value
        }
        start = bodyStart
        searched = start
        guard length <= Self.maximumBody else {
            skip(length)
            return .refused("a message of \(length) bytes is more than the \(Self.maximumBody) the server takes; skipped")
        }
        // (A read may move what is held: the body starts at `start` from here.)
        while buffer.count - start < length {
            if !fill() { return fail("the stream ended inside a message's body") }
        }
        let body = Array(buffer[start..<(start + length)])
        start += length
        searched = start
        compact()
        return .message(body)
    }

    private mutating func fail(_ why: String) -> Item {
        broken = true
        buffer = []
        start = 0
        searched = 0
        return .malformed(why)
    }

    /// Reads more bytes; false at the end of the stream.
    private mutating func fill() -> Bool {
        guard !ended else { return false }
        compact()
        let count = scratch.withUnsafeMutableBytes { read($0) }
        guard count > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: scratch[0..<min(count, scratch.count)])
        return true
    }

    /// Skips `count` bytes of a refused body, whether read yet or not.
    private mutating func skip(_ count: Int) {
        var left = count
        while true {
            let available = buffer.count - start
            if available >= left {
                start += left
                searched = start
                compact()
                return
            }
            left -= available
            start = buffer.count
            searched = start
            if !fill() { return }
        }
    }

    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            searched -= start
            start = 0
        }
    }

    /// Line breaks before a header are taken as the end of the message
    /// before (some clients end a body with one), not as an empty header.
    private mutating func skipLineBreaksBetweenMessages() {
        while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
        searched = max(searched, start)
    }

    /// Where the header block ends: CR LF CR LF (or, leniently, LF LF),
    /// looked for only in bytes not searched before.
    private mutating func findHeaderEnd() -> (blockStart: Int, bodyStart: Int)? {
        var index = searched
        while index < buffer.count {
            headerBytesSearched += 1
            if buffer[index] == 0x0A {
                // Not enough bytes yet to tell: look here again after the next read.
                if index + 1 >= buffer.count { break }
                if buffer[index + 1] == 0x0A { return (index, index + 2) }
                if buffer[index + 1] == 0x0D {
                    if index + 2 >= buffer.count { break }
                    if buffer[index + 2] == 0x0A { return (index, index + 3) }
                }
            }
            index += 1
        }
        searched = index
        return nil
    }

    /// The value of the `Content-Length` header field (case-insensitive name),
    /// or why there is none that can be used. Other fields are not read, but
    /// each line must be a field (`name: value`).
    static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderError> {
        var length: Int?
        // Split as bytes: as `Character`s, CR LF is one, equal to neither CR nor LF.
        for line in header.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HeaderError(description: "a header line that is not a 'name: value' field"))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters()
            guard name.lowercased() == "content-length" else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters()
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(HeaderError(description: "a Content-Length that is not a number"))
            }
            // Saturating: a length past any limit only needs to be known as too large.
            var number = 0
            for digit in value.utf8 {
                let (times, overflow) = number.multipliedReportingOverflow(by: 10)
                number = overflow ? Int.max : min(Int.max - 9, times) + Int(digit - UInt8(ascii: "0"))
            }
            if let length, length != number {
                return .failure(HeaderError(description: "two Content-Length fields that disagree"))
            }
            length = number
        }
        guard let length else { return .failure(HeaderError(description: "a message header without a Content-Length")) }
        return .success(length)
    }

    struct HeaderError: Error, CustomStringConvertible {
        var description: String
    }

    private static func describe(_ header: ArraySlice<UInt8>) -> String {
        var header = header
        if header.last == 0x0D { header = header.dropLast() }
        let text = String(decoding: header.prefix(80), as: UTF8.self)
        return "'" + text.displayedOnOneLine + (header.count > 80 ? "…" : "") + "'"
    }

    /// A message as the wire carries it.
    static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

private extension String {
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
