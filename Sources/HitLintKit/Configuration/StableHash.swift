/// FNV-1a, 64 bits: a tiny hash that is the same on every machine, run and
/// Swift version (unlike `Hasher`, which is seeded per process). Fingerprints
/// that CI systems compare across runs are built from it.
public struct StableHash: Sendable {
    private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    public private(set) var value: UInt64 = StableHash.offsetBasis

    public init() {}

    public mutating func combine(_ text: String) {
        var text = text
        // Over the string's own bytes: its UTF-8 view costs several times as much a byte.
        text.withUTF8 { combine(bytes: $0) }
    }

    /// A text's UTF-8 bytes, hashed as `combine(_:)` hashes its string.
    public mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        var value = value
        for byte in bytes { value = (value ^ UInt64(byte)) &* Self.prime }
        // A separator that cannot occur in UTF-8, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xFF
        self.value = value &* Self.prime
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func hex(_ parts: [String]) -> String {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return hash.hex
    }
}
