/// Matching keys, types and ids on the source bytes, so reading a node allocates
/// no String and hashes nothing through `Hasher` (DESIGN.md: compare key bytes).
///
/// The table is built once (the layout builder's tables are `static let`) and
/// its storage is never freed: plain pointers and integers, so passing or
/// reading a table costs no reference counting in the hot loop (with arrays
/// inside, every lookup retained and released four of them).
struct ByteTable: @unchecked Sendable {
    /// Per candidate, sorted by length: its first 8 bytes packed little-endian,
    /// its index in the original list, and where the rest of a longer name starts in `tails`.
    private let heads: UnsafeMutablePointer<UInt64>
    private let indices: UnsafeMutablePointer<Int>
    private let tailStarts: UnsafeMutablePointer<Int>
    private let tails: UnsafeMutablePointer<UInt8>
    /// Candidates start[length] ..< start[length + 1] have that length.
    private let start: UnsafeMutablePointer<Int>
    private let longest: Int
    private let caseInsensitive: Bool

    init(_ list: [String], caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        let encoded = list.enumerated().map { index, name -> (bytes: [UInt8], index: Int) in
            (Array((caseInsensitive ? name.lowercased() : name).utf8), index)
        }.sorted { $0.bytes.count < $1.bytes.count }
        let count = encoded.count
        longest = encoded.last?.bytes.count ?? 0
        heads = .allocate(capacity: max(count, 1))
        indices = .allocate(capacity: max(count, 1))
        tailStarts = .allocate(capacity: max(count, 1))
        let tailBytes = encoded.reduce(0) { $0 + max(0, $1.bytes.count - 8) }
        tails = .allocate(capacity: max(tailBytes, 1))
        start = .allocate(capacity: longest + 2)
        var tailOffset = 0
        for (position, name) in encoded.enumerated() {
            heads[position] = name.bytes.withUnsafeBufferPointer { Self.pack($0.baseAddress!, $0.count, lower: false) }
            indices[position] = name.index
            tailStarts[position] = tailOffset
            for byte in name.bytes.dropFirst(8) {
                tails[tailOffset] = byte
                tailOffset += 1
            }
        }
        // start[length]: the first candidate at least that long.
        var position = 0
        for length in 0...(longest + 1) {
            while position < count, encoded[position].bytes.count < length { position += 1 }
            start[length] = position
        }
    }

    /// ASCII A-Z to a-z in all eight bytes at once (other bytes unchanged).
    @inline(__always)
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7 = word & (0x7F * ones)
        // High bit of each byte set where low7 >= 'A' and low7 <= 'Z', for ASCII bytes only.
        let atLeastA = low7 &+ (0x80 - 0x41) * ones
        let aboveZ = low7 &+ (0x80 - 0x5B) * ones
        let upper = atLeastA & ~aboveZ & ~word & (0x80 * ones)
        return word | (upper >> 2)
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
    /// `readable` is how many bytes may be read from `pointer` (at least `count`):
    /// with 8 or more, the head is one unaligned load.
    @inline(__always)
    func lookup(_ pointer: UnsafePointer<UInt8>, _ count: Int, readable: Int = 0) -> Int? {
        guard count <= longest else { return nil }
        let from = start[count]
        let to = start[count + 1]
        guard from < to else { return nil }
        let head: UInt64
        if readable >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
            let masked = count >= 8 ? word : word & ((1 << (8 * UInt64(count))) - 1)
            head = caseInsensitive ? Self.lowercased(masked) : masked
        } else {
            head = Self.pack(pointer, count, lower: caseInsensitive)
        }
        candidates: for position in from..<to where heads[position] == head {
            if count > 8 {
                let tail = tails + tailStarts[position]
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
}

/// First occurrence of each id, keyed by its bytes (FNV-1a), for `duplicate-id`.
struct IDTable {
    /// 8 bytes a slot (32 bits of the hash, the entry): the table of a 10⁶-node
    /// layout is 16 MB, half of what a full hash per slot took, and every insert
    /// is a cache miss into it.
    private var slots: [(hash: UInt32, entry: Int32)]
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
    /// `base` is the source bytes, held by the caller for the whole pass.
    mutating func insert(_ entry: Int, in document: Document, base: UnsafePointer<UInt8>) -> Int? {
        guard let hash = Self.hash(entry, in: document, base: base) else { return nil }
        if count * 2 >= slots.count { grow(document, base: base) }
        var slot = self.slot(for: hash)
        let check = UInt32(truncatingIfNeeded: hash)  // the low bits; the slot comes from the high ones
        while slots[slot].entry >= 0 {
            if slots[slot].hash == check, Self.sameText(Int(slots[slot].entry), entry, document) { return Int(slots[slot].entry) }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = (check, Int32(entry))
        count += 1
        return nil
    }

    /// FNV-1a of a string entry's text; nil for anything else.
    private static func hash(_ entry: Int, in document: Document, base: UnsafePointer<UInt8>) -> UInt64? {
        @inline(__always) func fnv(_ pointer: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for offset in 0..<length { hash = (hash ^ UInt64(pointer[offset])) &* 0x100_0000_01b3 }
            return hash
        }
        let item = document.entries[entry]
        guard item.kind == .string else { return nil }
        if item.flags & Document.Entry.decoded != 0 { return document.withStringBytes(entry, fnv) ?? 0 }
        let quoted = item.flags & Document.Entry.quoted != 0 ? 1 : 0
        return fnv(base + Int(item.start) + quoted, Int(item.end) - Int(item.start) - 2 * quoted)
    }

    /// Doubles the table; slots keep only part of the hash, so it is computed again.
    private mutating func grow(_ document: Document, base: UnsafePointer<UInt8>) {
        let old = slots
        slots = Array(repeating: (0, -1), count: old.count * 2)
        shift -= 1
        for item in old where item.entry >= 0 {
            var slot = self.slot(for: Self.hash(Int(item.entry), in: document, base: base) ?? 0)
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
