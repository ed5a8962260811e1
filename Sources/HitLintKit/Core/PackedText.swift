import Foundation

/// Bytes compressed the way LZ4 compresses a block: runs of literal bytes,
/// each followed by a copy of at least four bytes from at most 65,535 bytes
/// back. Text made of the same phrases and names, as a run's messages and
/// fixes' words are, shrinks many times over, and reading it back is a
/// copy of runs of bytes: a format this simple needs no package.
///
/// A block is a list of sequences: a token byte (literal count in its high
/// four bits, copy length minus four in its low four, 15 in either meaning
/// that more follows, as bytes added up until one is under 255), the
/// literals, then the copy's distance in two bytes, little end first. The
/// last sequence has literals only.
enum LZBlock {
    private static let minimumCopy = 4
    private static let hashBits = 13

    /// Where four-byte sequences were last seen, by their hash: positions
    /// counted on from one call to the next, so that a call need not clear
    /// what the last one wrote (a position before this call's first is one
    /// of an earlier text, never a match).
    struct Table {
        fileprivate var slots: [Int32] = []
        fileprivate var next = 0
        init() {}
    }

    /// `input` compressed, added to `output`. `table` is scratch, reused between calls.
    static func compress(_ input: UnsafeBufferPointer<UInt8>, into output: inout ByteWriter, table: inout Table) {
        let count = input.count
        guard let base = input.baseAddress, count > 0 else {
            output.append(UInt8(0))
            return
        }
        if table.slots.isEmpty || table.next > Int(Int32.max) - count - 1 {
            table.slots = [Int32](repeating: -1, count: 1 << hashBits)
            table.next = 0
        }
        let first = table.next
        table.next += count + 1
        table.slots.withUnsafeMutableBufferPointer { table in
            var anchor = 0
            var position = 0
            // Text that repeats nothing is stepped over faster the longer it goes on (as LZ4 does).
            var misses = 0
            while position + minimumCopy <= count {
                let word = load(base + position)
                let slot = Int((word &* 2_654_435_761) >> UInt32(32 - hashBits))
                let candidate = Int(table[slot]) - first
                table[slot] = Int32(truncatingIfNeeded: first + position)
                guard candidate >= 0, candidate < position, position - candidate <= 0xFFFF, load(base + candidate) == word else {
                    position += 1 + misses >> 5
                    misses += 1
                    continue
                }
                misses = 0
                let length = minimumCopy + matching(base + candidate + minimumCopy, base + position + minimumCopy,
                                                    limit: count - position - minimumCopy)
                writeSequence(literals: UnsafeBufferPointer(start: base + anchor, count: position - anchor),
                              copy: (length, position - candidate), into: &output)
                position += length
                anchor = position
            }
            writeSequence(literals: UnsafeBufferPointer(start: base + anchor, count: count - anchor), copy: nil, into: &output)
        }
    }

    /// How many bytes from `left` and `right` are the same, up to `limit`: eight compared at a time.
    @inline(__always)
    private static func matching(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let difference = UnsafeRawPointer(left + length).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(right + length).loadUnaligned(as: UInt64.self)
            if difference != 0 { return length + (UInt64(littleEndian: difference)).trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit, left[length] == right[length] { length += 1 }
        return length
    }

    @inline(__always) private static func load(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    }

    private static func writeSequence(literals: UnsafeBufferPointer<UInt8>, copy: (length: Int, distance: Int)?,
                                      into output: inout ByteWriter) {
        let copyExtra = copy.map { $0.length - minimumCopy } ?? 0
        output.append(UInt8(min(literals.count, 15) << 4 | min(copyExtra, 15)))
        if literals.count >= 15 { writeMore(literals.count - 15, into: &output) }
        output.append(bytes: literals)
        guard let copy else { return }
        output.append(UInt8(truncatingIfNeeded: copy.distance))
        output.append(UInt8(truncatingIfNeeded: copy.distance >> 8))
        if copyExtra >= 15 { writeMore(copyExtra - 15, into: &output) }
    }

    private static func writeMore(_ count: Int, into output: inout ByteWriter) {
        var left = count
        while left >= 255 {
            output.append(UInt8(255))
            left -= 255
        }
        output.append(UInt8(left))
    }

    /// `input` decompressed into `output`, which it must fill exactly;
    /// false when it does not (bytes that are not a block, or of another size).
    static func decompress(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        var reading = 0
        var written = 0
        func more(_ start: Int) -> Int? {
            var total = start
            guard start == 15 else { return total }
            while reading < input.count {
                let byte = Int(input[reading])
                reading += 1
                total += byte
                if byte < 255 { return total }
            }
            return nil
        }
        while reading < input.count {
            let token = Int(input[reading])
            reading += 1
            guard let literals = more(token >> 4), literals <= input.count - reading, literals <= output.count - written else { return false }
            if literals > 0 { (output.baseAddress! + written).update(from: input.baseAddress! + reading, count: literals) }
            reading += literals
            written += literals
            if reading == input.count { return written == output.count }
            guard input.count - reading >= 2 else { return false }
            let distance = Int(input[reading]) | Int(input[reading + 1]) << 8
            reading += 2
            guard let extra = more(token & 15), distance > 0, distance <= written else { return false }
            let length = extra + minimumCopy
            guard length <= output.count - written else { return false }
            let target = output.baseAddress! + written
            if distance >= length {
                target.update(from: target - distance, count: length)
            } else {
                // A copy that overlaps what it writes repeats the last `distance` bytes: one byte at a time.
                for offset in 0..<length { target[offset] = target[offset - distance] }
            }
            written += length
        }
        return false
    }
}

/// Bytes held compressed (`LZBlock`) and read back whole for a call. Never
/// changed once made, so any thread may read it.
final class PackedText: Sendable {
    private let compressed: [UInt8]
    /// How many bytes it reads back as.
    let count: Int

    /// Scratch for packing text after text: reused, so a packed text holds only its own bytes.
    struct Scratch: ~Copyable {
        var table = LZBlock.Table()
        var output = ByteWriter(capacity: 1 << 16)
        init() {}
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout Scratch) {
        scratch.output.removeAll()
        LZBlock.compress(bytes, into: &scratch.output, table: &scratch.table)
        compressed = scratch.output.bytes
        count = bytes.count
    }

    /// How many bytes it holds.
    var packedCount: Int { compressed.count }

    /// The bytes, read back for the call, once (`PackedFindingText.unpack`
    /// reads each text so).
    func withBytesOnce<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { buffer in
            let bytes = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            readBack(into: bytes)
            return try body(UnsafeBufferPointer(bytes))
        }
    }

    /// The bytes, read back for the call: a read of a few of them (a packed
    /// fix's words). The last texts read are kept read back (`RecentlyRead`):
    /// fix checking reads the edits of fixes checked on their edited file in
    /// their order, most of them in a text a fix just before was in.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let bytes = RecentlyRead.shared.bytes(of: self) { return try bytes.withUnsafeBufferPointer(body) }
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            readBack(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            initialized = count
        }
        RecentlyRead.shared.keep(bytes, of: self)
        return try bytes.withUnsafeBufferPointer(body)
    }

    private func readBack(into bytes: UnsafeMutableBufferPointer<UInt8>) {
        let read = compressed.withUnsafeBufferPointer { LZBlock.decompress($0, into: bytes) }
        precondition(read, "packed text reads back as it was packed")
    }
}

/// The last few packed texts read back, each with its bytes, for any
/// thread (a read takes the lock only to find or keep them: the bytes are
/// an array no one changes). A text kept is held, so no other text can be
/// made where it is and be taken for it.
private final class RecentlyRead: @unchecked Sendable {
    static let shared = RecentlyRead()
    private static let kept = 4
    private let lock = NSLock()
    /// The most recently read last.
    private var texts: [(text: PackedText, bytes: [UInt8])] = []

    func bytes(of text: PackedText) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        guard let position = texts.lastIndex(where: { $0.text === text }) else { return nil }
        let found = texts.remove(at: position)
        texts.append(found)
        return found.bytes
    }

    func keep(_ bytes: [UInt8], of text: PackedText) {
        lock.lock()
        defer { lock.unlock() }
        texts.append((text, bytes))
        if texts.count > Self.kept { texts.removeFirst() }
    }
}
