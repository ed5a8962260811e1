import Dispatch

/// Where a file's lines are, kept a block of bytes at a time: for the start of
/// every block of `blockSize` bytes, the line breaks before it and where the
/// line holding it starts. A location is then counted on from its block's
/// start (at most a block's bytes) or from the last location asked, which a
/// report asks in order.
///
/// A table of every line's start would be 8 bytes a line (a sixth of a
/// layout file), written and its pages zeroed before a report's first
/// location. This one is a few kilobytes for a megabyte of file, built by
/// counting breaks rather than listing them, and small enough to build on
/// a spare core before it is known to be needed.
final class LineIndex: @unchecked Sendable {
    static let blockShift = 12
    static let blockSize = 1 << blockShift
    /// For each block start `k << blockShift` up to the file's end (that end
    /// included when it falls on one): the line breaks before it.
    let breaksBefore: [Int]
    /// For the same offsets: where the line holding the offset starts.
    let lineStartAt: [Int]
    /// A line is longer than `longLine` bytes (its break included): locations
    /// on it are counted from checkpoints, which each reader keeps.
    let hasLongLines: Bool
    static let longLine = 4_096

    private init(breaksBefore: [Int], lineStartAt: [Int], hasLongLines: Bool) {
        self.breaksBefore = breaksBefore
        self.lineStartAt = lineStartAt
        self.hasLongLines = hasLongLines
    }

    /// What a part of the file says of its lines, before the parts before it are known.
    private struct Part {
        /// At each of the part's block starts: the breaks before it in the part,
        /// and the line's start if a break in the part came before it (else -1).
        var breaks: [Int] = []
        var starts: [Int] = []
        var total = 0
        /// After the part's first and last break (-1 without one).
        var firstEnd = -1
        var lastEnd = -1
        /// The longest line both begun and ended in the part (exact above `longLine`).
        var longest = 0
    }

    /// Scans `bytes` in up to `jobs` parts, each of whole `scanBlock`s, on as
    /// many threads: a break is found from the bytes at and after it, so the
    /// index is the one a single scan builds. A mapped file's pages are given
    /// back a `scanBlock` at a time as they are scanned (the index is built
    /// once the layout is, and must not bring the whole file back into memory).
    static func build(_ bytes: SourceBytes, jobs: Int, scanBlock: Int) -> LineIndex {
        let count = bytes.count
        let parts = max(1, min(jobs, count / scanBlock))
        let scanBlocks = (count + scanBlock - 1) / scanBlock
        let perPart = (scanBlocks + parts - 1) / parts
        let scanned = concurrentMap(count: parts, jobs: parts) { part -> Part in
            let from = min(count, part * perPart * scanBlock)
            let to = part == parts - 1 ? count : min(count, (part + 1) * perPart * scanBlock)
            return scan(bytes, from: from, to: to, scanBlock: scanBlock)
        }
        var breaksBefore: [Int] = []
        var lineStartAt: [Int] = []
        let entries = count >> blockShift + 1
        breaksBefore.reserveCapacity(entries)
        lineStartAt.reserveCapacity(entries)
        var (breaks, lineStart, longest) = (0, 0, 0)
        for part in scanned {
            for (before, start) in zip(part.breaks, part.starts) {
                breaksBefore.append(breaks + before)
                lineStartAt.append(start < 0 ? lineStart : start)
            }
            if part.total > 0 {
                longest = max(longest, part.firstEnd - lineStart, part.longest)
                lineStart = part.lastEnd
                breaks += part.total
            }
        }
        longest = max(longest, count - lineStart)
        // The file's end, when it falls on a block start no part began.
        if breaksBefore.count < entries {
            breaksBefore.append(breaks)
            lineStartAt.append(lineStart)
        }
        return LineIndex(breaksBefore: breaksBefore, lineStartAt: lineStartAt, hasLongLines: longest > longLine)
    }

    private static func scan(_ bytes: SourceBytes, from: Int, to: Int, scanBlock: Int) -> Part {
        var part = Part()
        part.breaks.reserveCapacity((to - from) >> blockShift + 1)
        part.starts.reserveCapacity((to - from) >> blockShift + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var lineStart = from == 0 ? 0 : -1
            var given = from
            var block = from
            while block < to {
                part.breaks.append(part.total)
                part.starts.append(lineStart)
                let end = min(block + blockSize, to)
                let found = LineBreaks.count(base, count: count, from: block, to: end)
                if found > 0, let first = LineBreaks.first(base, count: count, from: block, to: end),
                   let last = LineBreaks.lastEnd(base, count: count, from: block, to: end) {
                    if part.firstEnd < 0 {
                        part.firstEnd = first + 1
                    } else {
                        part.longest = max(part.longest, first + 1 - lineStart)
                    }
                    part.total += found
                    lineStart = last
                    part.lastEnd = last
                }
                block = end
                if block - given >= scanBlock || block == to {
                    bytes.dropResidentPages(given..<block)
                    given = block
                }
            }
        }
        return part
    }
}

/// A line index built on a thread of its own (`SourceText.buildLineIndexAlongside`),
/// waited for where it is first needed.
final class PendingLineIndex: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the building thread before `done` is signalled, read after it.
    private var built: LineIndex?

    init(_ build: @escaping @Sendable () -> LineIndex) {
        DispatchQueue.global().async {
            self.built = build()
            self.done.signal()
        }
    }

    func wait() -> LineIndex {
        done.wait()
        // Whoever waits next finds it signalled.
        done.signal()
        return built!
    }
}

/// Line breaks, found several bytes at a time. A break is an LF, or a CR that
/// no LF follows (a CR LF breaks once, at its LF; a lone CR is a break, as in
/// YAML). A layout's lines are a few dozen bytes: a `memchr` call per line
/// costs more than these scans.
enum LineBreaks {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// 0x80 in each byte of `word` that is zero, and nothing else (the
    /// shorter test, `(x - ones) & ~x & high`, may flag a byte above a zero one).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & low7) &+ low7) | word | low7)
    }

    /// 0x80 in the byte of each break among the `length` (at most 8) bytes at `index`.
    @inline(__always)
    static func mask(_ base: UnsafePointer<UInt8>, count: Int, at index: Int, length: Int) -> UInt64 {
        var word: UInt64
        if length == 8 {
            word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        } else {
            // Bytes past `length` read as zero, which is no break.
            word = 0
            for byte in 0..<length { word |= UInt64(base[index + byte]) << (byte * 8) }
        }
        let lineFeeds = zeroBytes(word ^ (ones &* 0x0A))
        let returns = word ^ (ones &* 0x0D)
        // No CR: the common case, and the shorter test is exact about whether there is one.
        guard (returns &- ones) & ~returns & high != 0 else { return lineFeeds }
        var found = lineFeeds
        var flagged = zeroBytes(returns)
        while flagged != 0 {
            let at = flagged.trailingZeroBitCount >> 3
            if index + at + 1 >= count || base[index + at + 1] != 0x0A { found |= 0x80 << (at * 8) }
            flagged &= flagged &- 1
        }
        return found
    }

    /// Whether the byte at `index` is a break.
    @inline(__always)
    static func isBreak(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> Bool {
        base[index] == 0x0A || (base[index] == 0x0D && (index + 1 == count || base[index + 1] != 0x0A))
    }

    /// How many breaks `from ..< to` holds: sixteen bytes at a time, each
    /// lane counting its own up to 255 before they are added up.
    @inline(__always)
    static func count(_ base: UnsafePointer<UInt8>, count: Int, from: Int, to: Int) -> Int {
        var total = 0
        var index = from
        // Sixteen at a time while the byte after them can be read: whether a CR is a break depends on it.
        let wide = min(to, count - 1)
        let (feed, carriageReturn) = (SIMD16<UInt8>(repeating: 0x0A), SIMD16<UInt8>(repeating: 0x0D))
        while wide - index >= 16 {
            var lanes = SIMD16<UInt8>()
            let stop = index + min(wide - index, 255 * 16)
            while stop - index >= 16 {
                let here = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let next = UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt8>.self)
                let breaks = (here .== feed) .| ((here .== carriageReturn) .& .!(next .== feed))
                lanes &-= unsafeBitCast(breaks, to: SIMD16<UInt8>.self)
                index &+= 16
            }
            total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < to {
            if isBreak(base, count: count, at: index) { total += 1 }
            index += 1
        }
        return total
    }

    /// The offset just after the last break in `from ..< to`, or nil: read
    /// back from `to`, a line's length at most when there is one.
    @inline(__always)
    static func lastEnd(_ base: UnsafePointer<UInt8>, count: Int, from: Int, to: Int) -> Int? {
        var index = to - 1
        while index >= from {
            if isBreak(base, count: count, at: index) { return index + 1 }
            index -= 1
        }
        return nil
    }

    /// The offset of the first break in `from ..< to`, or nil.
    static func first(_ base: UnsafePointer<UInt8>, count: Int, from: Int, to: Int) -> Int? {
        end(ofBreak: 1, base, count: count, from: from, to: to).map { $0 - 1 }
    }

    /// The offset just after the `nth` (1-based) break at or after `from`, or nil
    /// if there are fewer before `to`.
    static func end(ofBreak nth: Int, _ base: UnsafePointer<UInt8>, count: Int, from: Int, to: Int) -> Int? {
        var left = nth
        var index = from
        while index < to {
            let length = min(8, to - index)
            var breaks = mask(base, count: count, at: index, length: length)
            let here = breaks.nonzeroBitCount
            if here >= left {
                for _ in 1..<left { breaks &= breaks &- 1 }
                return index + breaks.trailingZeroBitCount >> 3 + 1
            }
            left -= here
            index += length
        }
        return nil
    }
}
