/// Where a report's bytes go as they are made: standard output, or the
/// temporary file a report written with `--output` is renamed from.
public typealias ByteSink = (UnsafeBufferPointer<UInt8>) -> Void

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

    /// Bytes written before (a piece the same in every line of a report, made once).
    @inline(__always) public mutating func append(bytes piece: [UInt8]) {
        bytes.append(contentsOf: piece)
    }

    /// Bytes copied from a buffer (a run of a string that needs no escape).
    @inline(__always) public mutating func append(bytes piece: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: piece)
    }

    /// `count` spaces: the indentation of a pretty-printed report's line.
    public mutating func appendSpaces(_ count: Int) {
        for _ in 0..<max(count, 0) { bytes.append(0x20) }
    }

    /// Sixteen lowercase hex digits, leading zeros kept (a fingerprint).
    public mutating func appendHex16(_ value: UInt64) {
        var shift = 60
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xF
            bytes.append(digit < 10 ? 0x30 + digit : UInt8(ascii: "a") + digit - 10)
            shift -= 4
        }
    }

    public mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude))
    }

    /// Digits appended one by one from the highest, straight into the bytes:
    /// a report writes four numbers per diagnostic, and no scratch buffer is
    /// then copied for each.
    private mutating func appendDecimal(_ value: UInt64) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        var rest = value
        while true {
            bytes.append(UInt8(truncatingIfNeeded: rest / divisor) &+ 0x30)
            rest %= divisor
            if divisor == 1 { return }
            divisor /= 10
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

    /// `text += piece`, for text built piece by piece (a message, a fix's
    /// description) and made a `String` once: a `String` grown piece by piece
    /// costs several times the bytes' copy for each piece.
    @inline(__always) public static func += (text: inout ByteWriter, piece: StaticString) { text.append(piece) }

    @_disfavoredOverload
    @inline(__always) public static func += (text: inout ByteWriter, piece: String) { text.append(piece) }

    /// A writer for a report handed out piece by piece (`flush(to:)`): room
    /// for a piece and the diagnostic that ends it, reserved once.
    public static func forPieces() -> ByteWriter { ByteWriter(capacity: pieceSize + pieceSize / 4) }

    /// How many bytes a report collects before it hands them on: large
    /// enough that a write to a pipe or a file moves a lot at once, small
    /// enough that a report of 10⁵ diagnostics is never held whole (it can be
    /// many times the linted file, and was the peak of a run's memory).
    public static let pieceSize = 1 << 16

    /// The bytes written so far handed to `sink` and cleared, once there are
    /// `pieceSize` of them (or at all, when `all`: the report's end).
    @inline(__always) public mutating func flush(to sink: ByteSink, all: Bool = false) {
        guard bytes.count >= (all ? 1 : Self.pieceSize) else { return }
        bytes.withUnsafeBufferPointer(sink)
        bytes.removeAll(keepingCapacity: true)
    }
}
