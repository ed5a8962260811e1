#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of one layout file, and the table that turns byte offsets into
/// 1-based line and column numbers. Columns count Unicode scalar values.
///
/// The line table is built lazily: most files are clean and never need it.
public final class SourceText: @unchecked Sendable {
    public let bytes: SourceBytes
    private var lineStartsCache: [Int]? {
        didSet { lineTable = lineStartsCache?.withUnsafeBufferPointer { $0 } ?? UnsafeBufferPointer(start: nil, count: 0) }
    }
    /// `lineStartsCache`'s elements and the file's bytes, as `location(of:)`
    /// reads them: without counting a reference to the table or the mapping
    /// at every location. The readers of a report formatted on several
    /// threads share them (`sharingLineTable`), and a count that every
    /// thread changes at once is a cache line they take from one another.
    /// Neither is ever changed once made, and this reader holds both.
    private var lineTable = UnsafeBufferPointer<Int>(start: nil, count: 0)
    private let text: UnsafeBufferPointer<UInt8>
    /// The window of a mapped file last noted as read
    /// (`SourceBytes.noteScatteredRead(at:window:)`).
    private var notedWindow = -1
    /// The last location asked for: reports ask in increasing order, so on a long
    /// (minified) line the next column is counted on from here, not from the
    /// line's start. A `SourceText` is used by one thread at a time.
    private var lastLocation: (offset: Int, location: SourceLocation)?
    /// For lines longer than `checkpointLine` bytes (keyed by where counting
    /// starts on the line): the column at every
    /// multiple of the stride from the line's start, so any column is counted from
    /// at most that far back (a minified file is one long line, and reports ask
    /// in any order). 256 bytes: reports ask mostly in order, but not always (a
    /// fix's edits lie after the next diagnostic), and with checkpoints 4 KB
    /// apart each location on a minified file's one line costs 2 KB of
    /// counting on average; the table is 8 bytes per 256 of the line.
    private var checkpoints: [Int: [Int]] = [:]
    private static let checkpointStride = 256
    /// A line up to this long is counted from its start (or the last location
    /// on it): a table for each such line, looked up for each location, costs
    /// more than counting its bytes eight at a time.
    private static let checkpointLine = 4_096
    /// How much of a mapped file is scanned before its pages are given back.
    private static let scanBlock = 4 << 20

    public init(bytes: SourceBytes) {
        self.bytes = bytes
        text = bytes.withUnsafeBufferPointer { $0 }
    }

    public convenience init(bytes: [UInt8]) {
        self.init(bytes: SourceBytes(bytes))
    }

    public convenience init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// Offsets at which each line starts. A line ends at LF; a CR before the LF
    /// belongs to the line it ends. A lone CR also ends a line (as in YAML).
    public var lineStarts: [Int] {
        if let cached = lineStartsCache { return cached }
        var starts = [0]
        Self.appendLineStarts(of: bytes, in: 0..<bytes.count, to: &starts)
        lineStartsCache = starts
        return starts
    }

    /// Builds `lineStarts` on up to `jobs` threads, each scanning a part of
    /// the file (a report formatted on several threads needs the whole table
    /// first, and on a large file its scan is a report's longest step on one
    /// core). The same table as one scan: a line break is found from the
    /// bytes at and after it, whichever part it is in.
    func buildLineTable(jobs: Int) {
        guard lineStartsCache == nil else { return }
        let count = bytes.count
        let parts = max(1, min(jobs, count / Self.scanBlock))
        guard parts > 1 else { _ = lineStarts; return }
        // Parts of whole blocks, so a mapped file is still given back a block at a time.
        let blocks = (count + Self.scanBlock - 1) / Self.scanBlock
        let blocksPerPart = (blocks + parts - 1) / parts
        let bytes = self.bytes
        var found = concurrentMap(count: parts, jobs: parts) { part -> [Int] in
            let from = min(count, part * blocksPerPart * Self.scanBlock)
            let to = part == parts - 1 ? count : min(count, (part + 1) * blocksPerPart * Self.scanBlock)
            // Room for a line every 16 bytes, on huge pages: a table grown by
            // doubling is copied and faulted in page by page as it grows. The
            // first part's room is for the whole file: the others are added to
            // it, and its pages are only touched as lines are written.
            var starts: [Int] = .empty(reservingLarge: (part == 0 ? count : to - from) / 16 + 1)
            if part == 0 { starts.append(0) }
            Self.appendLineStarts(of: bytes, in: from..<to, to: &starts)
            return starts
        }
        // The first part's table takes the others: it is copied once at
        // most (not at all when its room suffices), the others are added.
        var starts = found[0]
        found[0] = []
        starts.reserveLargeCapacity(found.reduce(starts.count) { $0 + $1.count })
        for part in found.dropFirst() { starts += part }
        lineStartsCache = starts
    }

    /// The offset after each line break in `range`, found eight bytes at a
    /// time (a layout's lines are a few dozen bytes: a `memchr` call per line
    /// cost more than the scan) until a block has a CR, whose rest is read a
    /// byte at a time (a lone CR is a break, a CR LF one). A mapped file is
    /// scanned a block at a time, and each block given back once scanned: the
    /// table is built after the rules, and must not bring the whole file back
    /// into memory to do it.
    private static func appendLineStarts(of bytes: SourceBytes, in range: Range<Int>, to starts: inout [Int]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            let block = bytes.isMapped ? Self.scanBlock : range.count
            let (ones, high): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
            var blockStart = range.lowerBound
            while blockStart < range.upperBound {
                let blockEnd = min(blockStart + block, range.upperBound)
                var index = blockStart
                while index &+ 8 <= blockEnd {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let (lineFeeds, returns) = (word ^ (ones &* 0x0A), word ^ (ones &* 0x0D))
                    // A flag above a real one may be false (a borrow): the
                    // lowest is always real, and each line feed is checked.
                    if (returns &- ones) & ~returns & high != 0 { break }
                    var flagged = (lineFeeds &- ones) & ~lineFeeds & high
                    while flagged != 0 {
                        let lineFeed = index &+ flagged.trailingZeroBitCount >> 3
                        if base[lineFeed] == 0x0A { starts.append(lineFeed + 1) }
                        flagged &= flagged &- 1
                    }
                    index &+= 8
                }
                while index < blockEnd {
                    let byte = buffer[index]
                    if byte == 0x0A {
                        starts.append(index + 1)
                    } else if byte == 0x0D, index + 1 >= count || buffer[index + 1] != 0x0A {
                        starts.append(index + 1)
                    }
                    index += 1
                }
                bytes.dropResidentPages(blockStart..<blockEnd)
                blockStart = blockEnd
            }
        }
    }

    /// Whether a line is long enough that locations on it are counted from
    /// checkpoints kept as they are asked for (`checkpointLine`).
    var hasLongLines: Bool {
        let starts = lineStarts
        if bytes.count - starts[starts.count - 1] > Self.checkpointLine { return true }
        return zip(starts, starts.dropFirst()).contains { $1 - $0 > Self.checkpointLine }
    }

    /// A reader of the same text with the same line table and a place of its
    /// own (the location last asked, the checkpoints of long lines): what a
    /// report formatted on several threads gives each, as a `SourceText`
    /// keeps its place for one thread at a time.
    func sharingLineTable() -> SourceText {
        let reader = SourceText(bytes: bytes)
        reader.lineStartsCache = lineStarts
        return reader
    }

    /// The first line break as written: CR LF, CR alone (classic Mac OS) or
    /// LF (also when there is none): what edits write, so that a file keeps
    /// one kind of line end. Found without `lineStarts`: that table (8 bytes a
    /// line) is only needed when the report is written, after the rules, and
    /// building it for an editor kept it through them.
    public var firstLineBreak: String {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return "\n" }
            let count = buffer.count
            // The first CR, if it comes before the first LF, decides.
            let lineFeed = memchr(base, 0x0A, count).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
            guard let found = memchr(base, 0x0D, lineFeed) else { return "\n" }
            let carriageReturn = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            return lineFeed < count && carriageReturn + 1 == lineFeed ? "\r\n" : "\r"
        }
    }

    /// Whether the first line break is CR LF.
    public var firstLineBreakIsCRLF: Bool { firstLineBreak == "\r\n" }

    /// The text starts with U+FEFF (EF BB BF), which YAML allows and ignores.
    var hasByteOrderMark: Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// 1-based line and column of a byte offset (clamped to the text).
    public func location(of offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        if lineTable.isEmpty { _ = lineStarts }
        let starts = lineTable
        // The last line start <= offset. Reports ask mostly in order: from the
        // line last asked about, the search gallops forward (1, 2, 4… lines)
        // and then halves, so a location near the last costs a few steps, not
        // a binary search of every line (17 steps of scattered reads at 10⁵ lines,
        // the most of a report's time).
        var low = 0
        var high = starts.count - 1
        if let last = lastLocation, last.offset <= offset {
            low = last.location.line - 1
            var step = 1
            while low + step <= high, starts[low + step] <= offset {
                low += step
                step *= 2
            }
            high = min(high, low + step - 1)
        }
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var index = starts[low]
        // A byte order mark is not a character of the first line: editors do not count it.
        if low == 0, offset >= 3, hasByteOrderMark { index = 3 }
        let lineEnd = low + 1 < starts.count ? starts[low + 1] : bytes.count
        if lineEnd - index > Self.checkpointLine {
            let marks = columnCheckpoints(from: index, to: lineEnd)
            let slot = min((offset - index) / Self.checkpointStride, marks.count - 1)
            column = marks[slot]
            index += slot * Self.checkpointStride
        }
        if let last = lastLocation, last.location.line == low + 1, last.offset <= offset, last.offset >= index {
            column = last.location.column
            index = last.offset
        }
        // A byte order mark is not a character of the first line: editors do not count it.
        if low == 0, index < 3, offset >= 3, hasByteOrderMark {
            index = 3
            column = 1
        }
        if index < offset {
            // A report asks for every finding's column: counted as a scattered
            // read, so a mapped file's pages go back as the report goes on
            // instead of all coming back into memory beside it.
            bytes.noteScatteredRead(at: index, window: &notedWindow)
            column += scalarStarts(from: index, to: offset)
        }
        let location = SourceLocation(line: low + 1, column: column)
        lastLocation = (offset, location)
        return location
    }

    private func columnCheckpoints(from start: Int, to end: Int) -> [Int] {
        if let marks = checkpoints[start] { return marks }
        var marks = [1]
        var column = 1
        var index = start
        var scanned = start  // of a mapped file, what is counted and not yet given back
        while index < end {
            let next = min(index + Self.checkpointStride, end)
            column += scalarStarts(from: index, to: next)
            index = next
            if (index - start) % Self.checkpointStride == 0 { marks.append(column) }
            if index - scanned >= Self.scanBlock || index == end {
                bytes.dropResidentPages(scanned..<index)
                scanned = index
            }
        }
        checkpoints[start] = marks
        return marks
    }

    /// Characters (Unicode scalars) in bytes `from ..< to`: every byte that is not
    /// a UTF-8 continuation byte (10xxxxxx), counted eight bytes at a time.
    func scalarStarts(from: Int, to: Int) -> Int {
        guard let base = text.baseAddress else { return 0 }
        var count = 0
        var index = from
        let high: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= to {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // Bit 7 set and bit 6 clear: a continuation byte.
            let continuation = word & ~(word << 1) & high
            count += 8 - continuation.nonzeroBitCount
            index += 8
        }
        while index < to {
            if base[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// The text of a 1-based line, without its line end.
    public func lineText(_ line: Int) -> String {
        let starts = lineStarts
        guard line >= 1, line <= starts.count else { return "" }
        let start = line == 1 && hasByteOrderMark ? 3 : starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes.string(start..<end)
    }

    public func string(_ span: SourceSpan) -> String {
        let start = max(0, min(span.start, bytes.count))
        let end = max(start, min(span.end, bytes.count))
        return bytes.string(start..<end)
    }
}

/// A half-open range of byte offsets into a `SourceText`.
public struct SourceSpan: Hashable, Sendable, Comparable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    public static func < (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}

public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// Invalid syntax: the parser stops at the first bad byte and says what it expected.
public struct SyntaxError: Error, Sendable, Equatable {
    /// Byte offset of the first bad byte.
    public var offset: Int
    /// "expected ',' or ']' after array element, found '}'"
    public var message: String
    /// Well-formed, perhaps, but of a kind hitlint does not read (an XML DOCTYPE,
    /// another encoding): no capture tool writes one, so a file found in a
    /// folder with it is someone else's, not a broken capture.
    public var isUnsupportedDocument = false

    public init(offset: Int, message: String, isUnsupportedDocument: Bool = false) {
        self.offset = offset
        self.message = message
        self.isUnsupportedDocument = isUnsupportedDocument
    }
}
