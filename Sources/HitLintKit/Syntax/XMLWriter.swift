/// Writes the JsonML form of an XML document (`XMLReader`) back out as XML:
/// every name, attribute and text as it was read, escaped so that reading the
/// output gives the same values again (the tests check it).
/// Names are written as they are; values escape `&`, `<`, `>`, quotes, and
/// tab, line feed and carriage return where XML would change them.
///
/// Iterative, so a document as deep as the reader accepts cannot overflow the stack.
extension Document {
    public func xmlBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.bytes.count + 16)
        guard !entries.isEmpty, kind(0) == .array else { return out }
        // Open elements: (end index of the element's entries, name entry).
        var stack: [(end: Int, name: Int)] = []
        var index = 0
        while index < entries.count || !stack.isEmpty {
            while let top = stack.last, index >= top.end {
                out.append(contentsOf: "</".utf8)
                appendRaw(top.name, into: &out)
                out.append(UInt8(ascii: ">"))
                stack.removeLast()
            }
            if index >= entries.count { break }
            if isXMLElement(index) {
                out.append(UInt8(ascii: "<"))
                appendRaw(index + 1, into: &out)
                for (key, value) in members(index + 2) {
                    out.append(0x20)
                    appendRaw(key, into: &out)
                    out.append(contentsOf: "=\"".utf8)
                    appendEscaped(value, attribute: true, into: &out)
                    out.append(UInt8(ascii: "\""))
                }
                out.append(UInt8(ascii: ">"))
                stack.append((next(index), index + 1))
                index = next(index + 2)
            } else {
                appendEscaped(index, attribute: false, into: &out)
                index = next(index)
            }
        }
        return out
    }

    /// The bytes of a string value (a slice of the file, or its decoded text), lent for the call.
    func withContent<Result>(_ entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let span = contentSpan(entry) {
            return source.bytes.withUnsafeBufferPointer { bytes in
                body(UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]))
            }
        }
        var text = string(entry) ?? ""
        return text.withUTF8 { body($0) }
    }

    private func appendRaw(_ entry: Int, into out: inout [UInt8]) {
        withContent(entry) { out.append(contentsOf: $0) }
    }

    private func appendEscaped(_ entry: Int, attribute: Bool, into out: inout [UInt8]) {
        withContent(entry) { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\"") where attribute: out.append(contentsOf: "&quot;".utf8)
                case 0x09 where attribute: out.append(contentsOf: "&#9;".utf8)
                case 0x0A where attribute: out.append(contentsOf: "&#10;".utf8)
                case 0x0D: out.append(contentsOf: "&#13;".utf8)
                default: out.append(byte)
                }
            }
        }
    }
}
