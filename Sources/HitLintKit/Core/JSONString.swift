/// A JSON string literal with the escapes RFC 8259 requires.
public func jsonString(_ text: String) -> String {
    var writer = ByteWriter(capacity: text.utf8.count + 2)
    writer.appendJSONString(text)
    return writer.string
}

/// The inside of a JSON string: `"`, `\\` and control characters escaped as
/// RFC 8259 requires, every other byte (UTF-8 included) as it is. Shared by
/// the reports (`ByteWriter`) and by writing documents as JSON.
enum JSONEscaping {
    static func append<Bytes: Sequence>(_ bytes: Bytes, into out: inout [UInt8]) where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ append(contiguous: $0, into: &out) }) != nil { return }
        for byte in bytes { append(byte, into: &out) }
    }

    /// Runs of bytes that need no escape (most of any text) are copied whole,
    /// not looked at and appended one byte at a time.
    private static func append(contiguous bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            append(byte, into: &out)
            runStart = index + 1
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    @inline(__always) private static func append(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(0x5C); out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C); out.append(0x5C)
        case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
        case 0..<0x20:
            out.append(0x5C); out.append(UInt8(ascii: "u")); out.append(0x30); out.append(0x30)
            out.append(hexDigit(byte >> 4)); out.append(hexDigit(byte & 0xF))
        default: out.append(byte)
        }
    }

    @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : UInt8(ascii: "a") + value - 10
    }
}
