/// Matching keys, types and ids on the source bytes, so reading a node allocates
/// no String and hashes nothing through `Hasher` (DESIGN.md: compare key bytes).
struct ByteTable {
    /// One candidate: its first 8 bytes packed little-endian, the rest kept for longer names.
    private struct Name {
        var length: Int
        var head: UInt64
        var tail: [UInt8]
        var index: Int
    }

    /// Parallel arrays (not an array of structs holding arrays), so a lookup
    /// retains nothing.
    private var heads: [UInt64]
    private var indices: [Int]
    private var tails: [[UInt8]]
    /// names[start[length] ..< start[length + 1]] have that length.
    private var start: [Int]
    private let caseInsensitive: Bool

    init(_ list: [String], caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        let encoded = list.enumerated().map { index, name -> Name in
            let bytes = Array((caseInsensitive ? name.lowercased() : name).utf8)
            return Name(length: bytes.count, head: Self.pack(bytes.withUnsafeBufferPointer { $0.baseAddress! }, bytes.count, lower: false),
                        tail: Array(bytes.dropFirst(8)), index: index)
        }.sorted { $0.length < $1.length }
        let longest = encoded.last?.length ?? 0
        var start = [Int](repeating: encoded.count, count: longest + 2)
        for (position, name) in encoded.enumerated().reversed() { start[name.length] = position }
        for length in stride(from: longest, through: 0, by: -1) where start[length] == encoded.count || start[length] > start[length + 1] {
            start[length] = start[length + 1]
        }
        heads = encoded.map(\.head)
        indices = encoded.map(\.index)
        tails = encoded.map(\.tail)
        self.start = start
    }

    @inline(__always)
    private static func pack(_ pointer: UnsafePointer<UInt8>, _ count: Int, lower: Bool) -> UInt64 {
        var value: UInt64 = 0
        for offset in 0..<min(count, 8) {
            var byte = pointer[offset]
            if lower, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            value |= UInt64(byte) << (8 * UInt64(offset))
        }
        return value
    }

    /// Index (in the original list) of the name spelled by `count` bytes at `pointer`, or nil.
    @inline(__always)
    func lookup(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        guard count + 1 < start.count else { return nil }
        let from = start[count]
        let to = start[count + 1]
        guard from < to else { return nil }
        let head = Self.pack(pointer, count, lower: caseInsensitive)
        candidates: for position in from..<to where heads[position] == head {
            if count > 8 {
                let tail = tails[position]
                for offset in 8..<count {
                    var byte = pointer[offset]
                    if caseInsensitive, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
                    if byte != tail[offset - 8] { continue candidates }
                }
            }
            return indices[position]
        }
        return nil
    }
}

extension Document {
    /// Runs `body` with the bytes of a string entry's content (decoded text when
    /// it had escapes), without copying source slices.
    func withStringBytes<Result>(_ index: Int, _ body: (UnsafePointer<UInt8>, Int) -> Result) -> Result? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        if entry.flags & Entry.decoded != 0 {
            var text = strings[Int(entry.aux)]
            return text.withUTF8 { body($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
        }
        let content = contentSpan(index)!
        return source.bytes.withUnsafeBufferPointer { buffer in
            body(buffer.baseAddress! + content.start, content.end - content.start)
        }
    }

    /// Index of a string entry's text in `table`, or nil.
    func lookup(_ index: Int, in table: ByteTable) -> Int? {
        withStringBytes(index) { table.lookup($0, $1) } ?? nil
    }

    /// The same, reading verbatim strings straight from `base` (the source bytes,
    /// held by the caller for the whole pass).
    @inline(__always)
    func lookup(_ index: Int, in table: ByteTable, base: UnsafePointer<UInt8>) -> Int? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        if entry.flags & Entry.decoded != 0 { return lookup(index, in: table) }
        let quoted = entry.flags & Entry.quoted != 0 ? 1 : 0
        let start = Int(entry.start) + quoted
        return table.lookup(base + start, Int(entry.end) - quoted - start)
    }
}

/// First occurrence of each id, keyed by its bytes (FNV-1a), for `duplicate-id`.
struct IDTable {
    private var slots: [(hash: UInt64, entry: Int32)]
    private var count = 0
    private var shift: UInt64

    init(capacity: Int) {
        var size = 16
        var bits: UInt64 = 4
        while size < capacity * 2 { size <<= 1; bits += 1 }
        slots = Array(repeating: (0, -1), count: size)
        shift = 64 - bits
    }

    /// Fibonacci hashing: the high bits of hash × 2^64/φ spread ids that differ
    /// only in their last characters (row1, row2, …), which FNV's low bits do not.
    private func slot(for hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Records `entry`'s id; returns the entry of an earlier equal id, if any.
    mutating func insert(_ entry: Int, in document: Document) -> Int? {
        guard let hash = document.withStringBytes(entry, { pointer, length -> UInt64 in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for offset in 0..<length { hash = (hash ^ UInt64(pointer[offset])) &* 0x100_0000_01b3 }
            return hash
        }) else { return nil }
        if count * 2 >= slots.count { grow(document) }
        var slot = self.slot(for: hash)
        while slots[slot].entry >= 0 {
            if slots[slot].hash == hash, Self.sameText(Int(slots[slot].entry), entry, document) { return Int(slots[slot].entry) }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = (hash, Int32(entry))
        count += 1
        return nil
    }

    private mutating func grow(_ document: Document) {
        let old = slots
        slots = Array(repeating: (0, -1), count: old.count * 2)
        shift -= 1
        for item in old where item.entry >= 0 {
            var slot = self.slot(for: item.hash)
            while slots[slot].entry >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = item
        }
    }

    private static func sameText(_ a: Int, _ b: Int, _ document: Document) -> Bool {
        document.withStringBytes(a) { pa, ca in
            document.withStringBytes(b) { pb, cb in
                ca == cb && (0..<ca).allSatisfy { pa[$0] == pb[$0] }
            } ?? false
        } ?? false
    }
}
