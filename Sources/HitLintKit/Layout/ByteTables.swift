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
            var text = strings[Int(entry.payload)]
            return text.withUTF8 { body($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
        }
        let content = contentSpan(index)!
        return source.bytes.withUnsafeBufferPointer { buffer in
            body(buffer.baseAddress! + content.start, content.end - content.start)
        }
    }

    /// Index of a string entry's text in `table`, or nil.
    func lookup(_ index: Int, in table: ByteTable) -> Int? {
        source.bytes.withUnsafeBufferPointer { lookup(index, in: table, bytes: $0) }
    }

    /// `lookup(_:in:)` with the source's bytes held by the caller: the hot
    /// path of reading a node (every key, every type), which holds them for
    /// the whole pass.
    @inline(__always)
    func lookup(_ index: Int, in table: ByteTable, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        if entry.flags & Entry.decoded != 0 { return withStringBytes(index) { table.lookup($0, $1) } ?? nil }
        let quoted = entry.flags & Entry.quoted != 0 ? 1 : 0
        let start = Int(entry.start) + quoted
        return table.lookup(bytes.baseAddress! + start, Int(entry.end) - quoted - start, readable: bytes.count - start)
    }
}

/// The ids of a layout, for `duplicate-id`: recorded in file order while the
/// nodes are read, and checked for repeats once all are in.
///
/// A hash table of every id, filled as the nodes are read, costs a cache miss
/// per id once it outgrows the cache. Here the ids are
/// appended in order, split by the top bits of their hash into groups of about
/// 4,096, and each group is checked with a table that fits in the cache.
struct IDRecords {
    private var records: [(hash: UInt64, node: Int32)] = []

    /// Records `entry`'s id (a string entry) for node `node`. `bytes` is the
    /// source's, held by the caller for the whole pass.
    mutating func append(_ entry: Int, node: Int, in document: Document, bytes: UnsafeBufferPointer<UInt8>) {
        guard let hash = Self.hash(entry, in: document, bytes: bytes) else { return }
        records.append((hash &* 0x9E37_79B9_7F4A_7C15, Int32(node)))
    }

    /// Each node whose id an earlier node (in pre-order) has, with that first
    /// node, in node order. `sameText` compares two nodes' ids. (Nodes may be
    /// recorded in any order: a streamed read records children before parents.)
    /// The groups are independent: with `jobs` above 1, a large layout's are
    /// checked on that many threads, each taking a run of groups.
    func repeats(jobs: Int = 1, sameText: @Sendable (Int, Int) -> Bool) -> [(node: Int, first: Int)] {
        let records = self.records
        let count = records.count
        var bits = 0
        while (4_096 << bits) < count { bits += 1 }
        // Fibonacci-mixed hashes (FNV's low bits barely differ between row1, row2, …):
        // the top `bits` pick the group, the next ones the slot in its table.
        let groupBits = bits
        @Sendable func group(_ hash: UInt64) -> Int { groupBits == 0 ? 0 : Int(truncatingIfNeeded: hash >> UInt64(64 - groupBits)) }
        let groups = 1 << bits
        var starts = [Int](repeating: 0, count: groups + 1)
        for record in records { starts[group(record.hash) + 1] += 1 }
        for position in 0..<groups { starts[position + 1] += starts[position] }
        var fill = starts
        var order = [Int32](repeating: 0, count: count)
        for (position, record) in records.enumerated() {
            let at = group(record.hash)
            order[fill[at]] = Int32(position)
            fill[at] += 1
        }
        let parts = jobs > 1 ? min(jobs, groups) : 1
        let (groupStarts, groupOrder) = (starts, order)
        let found = concurrentMap(count: parts, jobs: parts) { part -> [(node: Int, first: Int)] in
            var found: [(node: Int, first: Int)] = []
            var slots: [Int32] = []
            for at in part * groups / parts ..< (part + 1) * groups / parts {
                let members = groupOrder[groupStarts[at] ..< groupStarts[at + 1]]
                var size = 16
                var sizeBits: UInt64 = 4
                while size < members.count * 2 { size <<= 1; sizeBits += 1 }
                slots.removeAll(keepingCapacity: true)
                slots.append(contentsOf: repeatElement(-1, count: size))
                func slot(of record: (hash: UInt64, node: Int32)) -> Int {
                    var slot = Int(truncatingIfNeeded: (record.hash << UInt64(groupBits)) >> (64 - sizeBits))
                    while slots[slot] >= 0 {
                        let earlier = records[Int(slots[slot])]
                        if earlier.hash == record.hash, sameText(Int(earlier.node), Int(record.node)) { break }
                        slot = (slot + 1) & (size - 1)
                    }
                    return slot
                }
                // Each slot keeps the id's first node; a second pass over a group
                // with repeats names it for the others.
                var repeated = false
                for member in members {
                    let at = slot(of: records[Int(member)])
                    if slots[at] < 0 {
                        slots[at] = member
                    } else {
                        repeated = true
                        if records[Int(member)].node < records[Int(slots[at])].node { slots[at] = member }
                    }
                }
                guard repeated else { continue }
                for member in members {
                    let record = records[Int(member)]
                    let first = records[Int(slots[slot(of: record)])].node
                    if first != record.node { found.append((Int(record.node), Int(first))) }
                }
            }
            return found
        }
        return found.joined().sorted { $0.node < $1.node }
    }

    /// FNV-1a of a string entry's text; nil for anything else.
    private static func hash(_ entry: Int, in document: Document, bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        @inline(__always) func fnv(_ pointer: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for offset in 0..<length { hash = (hash ^ UInt64(pointer[offset])) &* 0x100_0000_01b3 }
            return hash
        }
        let item = document.entries[entry]
        guard item.kind == .string else { return nil }
        if item.flags & Document.Entry.decoded != 0 { return document.withStringBytes(entry, fnv) ?? 0 }
        let quoted = item.flags & Document.Entry.quoted != 0 ? 1 : 0
        return fnv(bytes.baseAddress! + Int(item.start) + quoted, Int(item.end) - Int(item.start) - 2 * quoted)
    }
}
