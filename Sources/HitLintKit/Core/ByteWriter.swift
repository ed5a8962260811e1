/// Builds output text as UTF-8 bytes: appending a literal, a number or an escaped
/// JSON string copies bytes, with no intermediate `String` per field (a report of
/// 10⁵ diagnostics built from interpolated strings spent most of its time in
/// string growth and reference counting).
public struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Disfavoured so that a literal is appended as the `StaticString` it can
    /// be (its bytes copied as they are), not made a `String` first.
    @_disfavoredOverload
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude))
    }

    private mutating func appendDecimal(_ value: UInt64) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes, enough for 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[31 - count] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(32 - count)...])
        }
    }

    /// A JSON string literal, quotes included, with the escapes RFC 8259 requires.
    public mutating func appendJSONString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { JSONEscaping.append($0, into: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
