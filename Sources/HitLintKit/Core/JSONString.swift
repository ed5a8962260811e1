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
    static func append<Bytes: Sequence, Out: ByteAppending & ~Copyable>(_ bytes: Bytes, into out: inout Out)
    where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ append(contiguous: $0, into: &out) }) != nil { return }
        for byte in bytes { append(byte, into: &out) }
    }

    /// Runs of bytes that need no escape (most of any text) are copied whole,
    /// not looked at and appended one byte at a time.
    private static func append<Out: ByteAppending & ~Copyable>(contiguous bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        // Eight bytes at a time past words with nothing to escape (no byte
        // below 0x20, no '"' or '\\': SWAR tests for a byte below a value
        // and a byte equal to one); a word with one is looked at byte by byte.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        let base = bytes.baseAddress
        while index < count {
            if let base, index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if (word &- ones &* 0x20) & ~word & highs == 0, !hasZeroByte(word ^ (ones &* 0x22)),
                   !hasZeroByte(word ^ (ones &* 0x5C)) {
                    index += 8
                    continue
                }
            }
            let end = min(index + 8, count)
            while index < end {
                let byte = bytes[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    if runStart < index { out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                    append(byte, into: &out)
                    runStart = index + 1
                }
                index += 1
            }
        }
        if runStart < count { out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    @inline(__always) private static func append<Out: ByteAppending & ~Copyable>(_ byte: UInt8, into out: inout Out) {
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

/// What JSON escapes are written into: a report's `ByteWriter`, or a
/// document's bytes written as JSON.
protocol ByteAppending: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteWriter: ByteAppending {}

extension Array: ByteAppending where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
