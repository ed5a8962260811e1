/// Where a report's bytes go as they are made: standard output, or the
/// temporary file a report written with `--output` is renamed from.
public typealias ByteSink = (UnsafeBufferPointer<UInt8>) -> Void

/// Builds output text as UTF-8 bytes: appending a literal, a number or an escaped
/// JSON string copies bytes, with no intermediate `String` per field (a report of
/// 10⁵ diagnostics built from interpolated strings spent most of its time in
/// string growth and reference counting).
///
/// The bytes live in memory of its own, not in an `Array`: a report is
/// written as many small pieces (a quote, a comma, a key), and an array's
/// append checks its buffer is unshared and copies through a generic path
/// each time, several times the cost of the piece. Noncopyable, so no copy
/// can share that memory: `bytes` and `string` hand out copies.
public struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    public private(set) var count = 0
    private var capacity: Int

    public init(capacity: Int = 0) {
        self.capacity = max(capacity, 32)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for `more` bytes past `count`, in a buffer at least twice as large.
    @inline(never) private mutating func grow(_ more: Int) {
        let newCapacity = max(2 * capacity, count + more)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) private mutating func reserve(_ more: Int) {
        if capacity &- count < more { grow(more) }
    }

    /// Empty again, its memory kept (a scratch buffer written over and over).
    public mutating func removeAll() { count = 0 }

    @inline(__always) public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Bytes copied from a buffer (a run of a string that needs no escape).
    @inline(__always) public mutating func append(bytes piece: UnsafeBufferPointer<UInt8>) {
        guard let start = piece.baseAddress else { return }
        reserve(piece.count)
        (base + count).update(from: start, count: piece.count)
        count &+= piece.count
    }

    @inline(__always) public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    /// Disfavoured so that a literal is appended as the `StaticString` it can
    /// be (its bytes copied as they are), not made a `String` first.
    @_disfavoredOverload
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// Bytes written before (a piece the same in every line of a report, made once).
    @inline(__always) public mutating func append(bytes piece: [UInt8]) {
        piece.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// What another writer holds.
    @inline(__always) public mutating func append(_ other: borrowing ByteWriter) {
        other.withBytes { append(bytes: $0) }
    }

    /// `count` spaces: the indentation of a pretty-printed report's line.
    public mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).initialize(repeating: 0x20, count: count)
        self.count &+= count
    }

    /// Sixteen lowercase hex digits, leading zeros kept (a fingerprint).
    public mutating func appendHex16(_ value: UInt64) {
        reserve(16)
        var shift = 60
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xF
            base[count] = digit < 10 ? 0x30 + digit : UInt8(ascii: "a") + digit - 10
            count &+= 1
            shift -= 4
        }
    }

    /// A number's decimal digits. Named, not an overload of `append(_:)`:
    /// an integer literal meant as a byte (`append(255)`) would otherwise
    /// write "255".
    public mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude))
    }

    /// Digits written from the lowest, each into its place, straight into
    /// the bytes: a report writes four numbers per diagnostic or more, and
    /// no scratch buffer is then copied for each. Divided by ten only, which
    /// the compiler makes a multiplication: a power of ten that changes from
    /// digit to digit would be a division for each.
    private mutating func appendDecimal(_ value: UInt64) {
        reserve(20)
        var digits = 1
        var high = value
        while high >= 10 {
            high /= 10
            digits &+= 1
        }
        var rest = value
        var place = count &+ digits
        repeat {
            place &-= 1
            base[place] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
        } while rest > 0
        count &+= digits
    }

    /// A JSON string literal, quotes included, with the escapes RFC 8259 requires.
    public mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(bytes: $0) }
    }

    /// A finding's message as a JSON string literal, read where it is held.
    public mutating func appendJSONString(_ message: MessageText) {
        message.withBytes { appendJSONString(bytes: $0) }
    }

    /// UTF-8 bytes as a JSON string literal.
    mutating func appendJSONString(bytes: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        JSONEscaping.append(bytes, into: &self)
        append(UInt8(ascii: "\""))
    }

    /// The bytes written so far, lent for the call.
    @inline(__always) public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

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
    /// many times the linted file).
    public static let pieceSize = 1 << 16

    /// The bytes written so far handed to `sink` and cleared, once there are
    /// `pieceSize` of them (or at all, when `all`: the report's end).
    @inline(__always) public mutating func flush(to sink: ByteSink, all: Bool = false) {
        guard count >= (all ? 1 : Self.pieceSize) else { return }
        withBytes(sink)
        count = 0
    }
}
