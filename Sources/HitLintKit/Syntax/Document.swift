/// The value tree of one parsed file (JSON or YAML), stored flat.
///
/// Values are kept in pre-order in one contiguous array of 16-byte entries: a
/// container is followed by its contents, an object's contents alternate key
/// (always a string entry) and value. Every entry carries the byte span it came
/// from, so diagnostics and fixes can point at it. Nothing is allocated per value
/// except decoded strings that needed unescaping (or YAML folding) and numbers.
///
/// Both parsers produce this form and nothing later knows which one ran.
public struct Document: Sendable {
    public enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// 12 bytes: the span, and one word holding the kind (3 bits), the flags
    /// (3 bits) and `payload` (26 bits). A document holds about twelve entries per
    /// view, so each byte saved here is twelve per view. The
    /// price is a limit of 2²⁶ − 1 values per file (`maximumEntries`; a file
    /// that size is hundreds of MB), which the parsers check.
    public struct Entry: Sendable {
        /// Byte span of the whole value in the source (for a quoted string, the quotes included).
        public var start: UInt32
        public var end: UInt32
        private var packed: UInt32

        public var kind: Kind {
            @inline(__always) get { Kind(rawValue: UInt8(truncatingIfNeeded: packed & 7)).unsafelyUnwrapped }
            set { packed = packed & ~7 | UInt32(newValue.rawValue) }
        }
        /// For strings: `Entry.quoted` (content excludes the first and last byte of
        /// the span), `Entry.decoded` (content is `strings[payload]`). For numbers:
        /// `Entry.integer` (the value is in `payload`, not in `numbers`).
        public var flags: UInt8 {
            @inline(__always) get { UInt8(truncatingIfNeeded: packed >> 3 & 7) }
            set { packed = packed & ~0x38 | UInt32(newValue & 7) << 3 }
        }
        /// What the entry's kind needs besides its span. Array / object: index
        /// of the first entry after the container's contents. Number: index
        /// into `numbers`, or the value itself (`integer`: 26-bit two's
        /// complement). Bool: 0 or 1. String with `decoded`: index into `strings`.
        public var payload: UInt32 {
            @inline(__always) get { packed >> 6 }
            set { packed = packed & 0x3F | newValue << 6 }
        }

        public static let quoted: UInt8 = 1
        public static let decoded: UInt8 = 2
        /// Most numbers in a layout are small integers: kept in the entry, they
        /// cost no slot in `numbers` (8 bytes each, four per frame).
        public static let integer: UInt8 = 4

        /// Values in one document, at most: `payload` has 26 bits.
        public static let maximumEntries = 1 << 26 - 1

        /// `payload` for a number that fits in the entry (an integer of at most 25
        /// bits and a sign, not -0), else nil.
        @inline(__always)
        public static func inlineInteger(_ value: Double) -> UInt32? {
            // In range (NaN is not), the conversion truncates: the value is
            // whole if it converts back to itself (no call to the C library's trunc).
            guard value >= -33_554_432, value <= 33_554_431, value == Double(Int32(value)),
                  value != 0 || value.sign == .plus else { return nil }
            return UInt32(bitPattern: Int32(value)) & (1 << 26 - 1)
        }

        /// A number entry's value, given the document's numbers.
        @inline(__always)
        public func numberValue(_ numbers: UnsafePointer<Double>) -> Double {
            flags & Self.integer != 0 ? Double(Int32(bitPattern: packed) >> 6) : numbers[Int(payload)]
        }

        public init(kind: Kind, flags: UInt8 = 0, start: UInt32, end: UInt32, payload: UInt32 = 0) {
            self.start = start
            self.end = end
            packed = UInt32(kind.rawValue) | UInt32(flags & 7) << 3 | payload << 6
        }
    }

    public let source: SourceText
    /// Which front end read it (edits are written in its style).
    public var format: SourceFormat = .json
    public var entries: [Entry]
    public var numbers: [Double]
    /// Decoded text of strings whose content is not a verbatim slice of the source.
    public var strings: [String]

    public init(source: SourceText, entries: [Entry] = [], numbers: [Double] = [], strings: [String] = []) {
        self.source = source
        self.entries = entries
        self.numbers = numbers
        self.strings = strings
    }

    /// Refuses a document with more values than an entry can index: its
    /// containers' and numbers' `payload` would have been cut short.
    static func checkSize(_ entries: [Entry], limit: Int = Entry.maximumEntries) throws(SyntaxError) {
        guard entries.count > limit else { return }
        throw SyntaxError(offset: Int(entries[limit].start), message: "more than \(limit) values in one file are not supported")
    }

    /// The root value is entry 0.
    public var root: Int { 0 }

    @inlinable public func kind(_ index: Int) -> Kind { entries[index].kind }

    public func span(_ index: Int) -> SourceSpan {
        let entry = entries[index]
        return SourceSpan(start: Int(entry.start), end: Int(entry.end))
    }

    /// Index of the first entry after this value (and its contents).
    @inlinable public func next(_ index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .array, .object: return Int(entry.payload)
        default: return index + 1
        }
    }

    public func bool(_ index: Int) -> Bool? {
        let entry = entries[index]
        return entry.kind == .bool ? entry.payload != 0 : nil
    }

    public func number(_ index: Int) -> Double? {
        let entry = entries[index]
        guard entry.kind == .number else { return nil }
        return entry.flags & Entry.integer != 0 ? Double(Int32(bitPattern: entry.payload << 6) >> 6) : numbers[Int(entry.payload)]
    }

    /// The span of a string's content in the source, when it is a verbatim slice.
    public func contentSpan(_ index: Int) -> SourceSpan? {
        let entry = entries[index]
        guard entry.kind == .string, entry.flags & Entry.decoded == 0 else { return nil }
        if entry.flags & Entry.quoted != 0 {
            return SourceSpan(start: Int(entry.start) + 1, end: Int(entry.end) - 1)
        }
        return SourceSpan(start: Int(entry.start), end: Int(entry.end))
    }

    public func string(_ index: Int) -> String? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        if entry.flags & Entry.decoded != 0 { return strings[Int(entry.payload)] }
        return source.string(contentSpan(index)!)
    }

    /// Compares a string value with ASCII/UTF-8 bytes without allocating.
    public func stringEquals(_ index: Int, _ literal: StaticString) -> Bool {
        let entry = entries[index]
        guard entry.kind == .string else { return false }
        if entry.flags & Entry.decoded != 0 {
            return strings[Int(entry.payload)] == literal.description
        }
        let content = contentSpan(index)!
        let count = literal.utf8CodeUnitCount
        guard content.end - content.start == count else { return false }
        return source.bytes.withUnsafeBufferPointer { bytes in
            let pointer = literal.utf8Start
            for offset in 0..<count where bytes[content.start + offset] != pointer[offset] {
                return false
            }
            return true
        }
    }

    /// Whether a string value ends with these ASCII/UTF-8 bytes, without allocating.
    public func stringHasSuffix(_ index: Int, _ literal: StaticString) -> Bool {
        let entry = entries[index]
        guard entry.kind == .string else { return false }
        if entry.flags & Entry.decoded != 0 {
            return strings[Int(entry.payload)].hasSuffix(literal.description)
        }
        let content = contentSpan(index)!
        let count = literal.utf8CodeUnitCount
        guard content.end - content.start >= count else { return false }
        let start = content.end - count
        return source.bytes.withUnsafeBufferPointer { bytes in
            let pointer = literal.utf8Start
            for offset in 0..<count where bytes[start + offset] != pointer[offset] {
                return false
            }
            return true
        }
    }

    /// Elements of an array, or (key, value) index pairs of an object, in order.
    public func elements(_ index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = next(index)
        while child < end {
            result.append(child)
            child = next(child)
        }
        return result
    }

    public func members(_ index: Int) -> [(key: Int, value: Int)] {
        let end = next(index)
        // Counted first (a walk over the members, not their contents), so the
        // list is allocated once rather than grown: every fix that inserts a
        // key asks for its node's members.
        var count = 0
        var child = index + 1
        while child < end {
            count += 1
            child = next(child + 1)
        }
        var result: [(key: Int, value: Int)] = []
        result.reserveCapacity(count)
        child = index + 1
        while child < end {
            let value = child + 1
            result.append((child, value))
            child = next(value)
        }
        return result
    }

    /// Where an object's first key is, or the object itself when it has none
    /// (where a diagnostic about a whole mapping points).
    public func firstKeySpan(_ object: Int) -> SourceSpan {
        next(object) > object + 1 ? span(object + 1) : span(object)
    }

    /// Number of direct elements of an array, or members of an object.
    public func count(_ index: Int) -> Int {
        var result = 0
        var child = index + 1
        let end = next(index)
        let isObject = kind(index) == .object
        while child < end {
            result += 1
            child = isObject ? next(child + 1) : next(child)
        }
        return result
    }
}
