#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of one layout file, and what turns byte offsets into 1-based
/// line and column numbers (`LineIndex`). Columns count Unicode scalar values.
///
/// The index is built lazily: most files are clean and never need it.
public final class SourceText: @unchecked Sendable {
    public let bytes: SourceBytes
    private var index: LineIndex? {
        didSet {
            breaksBefore = index?.breaksBefore.withUnsafeBufferPointer { $0 } ?? UnsafeBufferPointer(start: nil, count: 0)
            lineStartAt = index?.lineStartAt.withUnsafeBufferPointer { $0 } ?? UnsafeBufferPointer(start: nil, count: 0)
        }
    }
    /// `index`'s tables and the file's bytes, as `location(of:)` reads them:
    /// without counting a reference to them or the mapping at every
    /// location. The readers of a report formatted on several threads share
    /// them (`sharingLineIndex`), and a count that every thread changes at
    /// once is a cache line they take from one another. None is ever
    /// changed once made, and this reader holds them.
    private var breaksBefore = UnsafeBufferPointer<Int>(start: nil, count: 0)
    private var lineStartAt = UnsafeBufferPointer<Int>(start: nil, count: 0)
    private let text: UnsafeBufferPointer<UInt8>
    /// The window of a mapped file last noted as read
    /// (`SourceBytes.noteScatteredRead(at:window:)`).
    private var notedWindow = -1
    /// The last location asked for, and where its line starts: reports ask in
    /// increasing order, so the next location's breaks are counted on from
    /// here, and on a long (minified) line its column too. A `SourceText` is
    /// used by one thread at a time.
    private var last: (offset: Int, location: SourceLocation, lineStart: Int)?
    /// For locations more than `checkpointLine` bytes into a line (keyed by
    /// where counting starts on the line): the column at every multiple of
    /// the stride from there, as far as asked, so any column is counted from
    /// at most that far back (a minified file is one long line, and reports
    /// ask in any order). 256 bytes: reports ask mostly in order, but not
    /// always (a fix's edits lie after the next diagnostic), and with
    /// checkpoints 4 KB apart each location on a minified file's one line
    /// costs 2 KB of counting on average; the table is 8 bytes per 256 of the line.
    private var checkpoints: [Int: [Int]] = [:]
    private static let checkpointStride = 256
    /// A location up to this far into its line is counted from the line's
    /// start (or the last location on it): a table for each such line,
    /// looked up for each location, costs more than counting its bytes
    /// eight at a time.
    private static let checkpointLine = LineIndex.longLine
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

    /// Builds the line index on up to `jobs` threads, each scanning a part of
    /// the file: on a large file the scan is a report's longest step on one
    /// core. A report formatted on several threads needs it first.
    func buildLineIndex(jobs: Int) {
        guard index == nil else { return }
        if let pending {
            index = pending.wait()
            self.pending = nil
            return
        }
        index = LineIndex.build(bytes, jobs: jobs, scanBlock: Self.scanBlock)
    }

    /// Starts building the line index on a thread of its own, for a lint
    /// whose findings a report will locate: while a large layout's geometry
    /// is worked out on one core, the other has nothing to do, and the
    /// report then finds the index built.
    public func buildLineIndexAlongside() {
        guard index == nil, pending == nil else { return }
        let bytes = self.bytes
        // A mapped file's pages given back a megabyte at a time: the lint's
        // tables are all in memory meanwhile.
        pending = PendingLineIndex { LineIndex.build(bytes, jobs: 1, scanBlock: 1 << 20) }
    }

    private var pending: PendingLineIndex?

    private var lineIndex: LineIndex {
        if index == nil { buildLineIndex(jobs: 1) }
        return index!
    }

    /// Offsets at which each line starts. A line ends at LF; a CR before the LF
    /// belongs to the line it ends. A lone CR also ends a line (as in YAML).
    /// A list of every line: what a caller that wants them all pays for.
    public var lineStarts: [Int] {
        var starts = [0]
        guard let base = text.baseAddress else { return starts }
        var from = 0
        while let end = LineBreaks.end(ofBreak: 1, base, count: text.count, from: from, to: text.count) {
            starts.append(end)
            from = end
        }
        return starts
    }

    /// Whether a line is longer than `checkpointLine` bytes: its locations are
    /// counted from checkpoints each reader keeps for itself.
    var hasLongLines: Bool { lineIndex.hasLongLines }

    /// A reader of the same text with the same line index and a place of its
    /// own (the location last asked, the checkpoints of long lines): what a
    /// report formatted on several threads gives each, as a `SourceText`
    /// keeps its place for one thread at a time.
    func sharingLineIndex() -> SourceText {
        let reader = SourceText(bytes: bytes)
        reader.index = lineIndex
        return reader
    }

    /// The first line break as written: CR LF, CR alone (classic Mac OS) or
    /// LF (also when there is none): what edits write, so that a file keeps
    /// one kind of line end. Found without the line index: that is only
    /// needed when the report is written, after the rules.
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
        let offset = max(0, min(offset, text.count))
        if breaksBefore.isEmpty { _ = lineIndex }
        // Breaks are counted on from the last location asked, when it lies
        // between the start of `offset`'s block and `offset` (a report asks in
        // order: a few dozen bytes on); else from the block's start.
        let block = offset >> LineIndex.blockShift
        var (from, line, lineStart) = (block << LineIndex.blockShift, breaksBefore[block] + 1, lineStartAt[block])
        if let last, last.offset <= offset, last.offset >= from {
            (from, line, lineStart) = (last.offset, last.location.line, last.lineStart)
        }
        if from < offset, let base = text.baseAddress {
            noteRead(from..<offset)
            let found = LineBreaks.count(base, count: text.count, from: from, to: offset)
            if found > 0, let end = LineBreaks.lastEnd(base, count: text.count, from: from, to: offset) {
                (line, lineStart) = (line + found, end)
            }
        }
        var column = 1
        var index = lineStart
        // A byte order mark is not a character of the first line: editors do not count it.
        if line == 1, offset >= 3, hasByteOrderMark { index = 3 }
        if offset - index > Self.checkpointLine {
            let marks = columnCheckpoints(from: index, through: offset)
            let slot = (offset - index) / Self.checkpointStride
            column = marks[slot]
            index += slot * Self.checkpointStride
        }
        if let last, last.location.line == line, last.offset <= offset, last.offset >= index {
            column = last.location.column
            index = last.offset
        }
        // A byte order mark is not a character of the first line: editors do not count it.
        if line == 1, index < 3, offset >= 3, hasByteOrderMark {
            index = 3
            column = 1
        }
        if index < offset {
            noteRead(index..<offset)
            column += scalarStarts(from: index, to: offset)
        }
        let location = SourceLocation(line: line, column: column)
        last = (offset, location, lineStart)
        return location
    }

    /// A report reads every finding's line and column: counted as scattered
    /// reads, a window at a time, so a mapped file's pages go back as the
    /// report goes on instead of all coming back into memory beside it.
    private func noteRead(_ range: Range<Int>) {
        guard bytes.isMapped else { return }
        var window = range.lowerBound >> FileMapping.windowShift
        while window <= (range.upperBound - 1) >> FileMapping.windowShift {
            bytes.noteScatteredRead(at: max(range.lowerBound, window << FileMapping.windowShift), window: &notedWindow)
            window += 1
        }
    }

    /// The bytes of the line holding `offset`, without its line end (nor a
    /// byte order mark on the first line).
    func lineBounds(at offset: Int) -> Range<Int> {
        let offset = max(0, min(offset, text.count))
        let line = location(of: offset).line
        var start = last?.lineStart ?? 0
        if line == 1, hasByteOrderMark { start = min(3, text.count) }
        return start..<lineEnd(from: max(start, offset), lineStart: start)
    }

    /// The text of a 1-based line, without its line end.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, let base = text.baseAddress else { return "" }
        if breaksBefore.isEmpty { _ = lineIndex }
        let breaks = breaksBefore
        var start = 0
        if line > 1 {
            // The last block with fewer than `line - 1` breaks before it holds the one the line follows.
            var (low, high) = (0, breaks.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if breaks[middle] < line - 1 { low = middle } else { high = middle - 1 }
            }
            guard let end = LineBreaks.end(ofBreak: line - 1 - breaks[low], base, count: text.count,
                                           from: low << LineIndex.blockShift, to: text.count) else { return "" }
            start = end
        }
        if line == 1, hasByteOrderMark { start = 3 }
        return bytes.string(start..<lineEnd(from: start, lineStart: start))
    }

    /// Where the line holding `offset` (and starting at `lineStart`) ends: at
    /// its break (a CR LF's CR), or the text's end. Searched a block at a
    /// time, then from the index to the next block with a break in it: a
    /// minified file's one line is not read to its end for each location on it.
    private func lineEnd(from offset: Int, lineStart: Int) -> Int {
        guard let base = text.baseAddress, offset < text.count else { return text.count }
        let count = text.count
        var from = offset
        var block = offset >> LineIndex.blockShift
        if breaksBefore.isEmpty { _ = lineIndex }
        while true {
            let end = min(count, (block + 1) << LineIndex.blockShift)
            if let found = LineBreaks.first(base, count: count, from: from, to: end) {
                return found > lineStart && base[found] == 0x0A && base[found - 1] == 0x0D ? found - 1 : found
            }
            guard end < count else { return count }
            // The next block with a break: the first whose following start has more breaks before it.
            var (low, high) = (block + 1, breaksBefore.count - 1)
            let before = breaksBefore[block + 1]
            while low < high {
                let middle = (low + high) / 2
                if breaksBefore[middle + 1] > before { high = middle } else { low = middle + 1 }
            }
            block = low
            from = block << LineIndex.blockShift
        }
    }

    private func columnCheckpoints(from start: Int, through offset: Int) -> [Int] {
        var marks = checkpoints.removeValue(forKey: start) ?? [1]
        var index = start + (marks.count - 1) * Self.checkpointStride
        var column = marks[marks.count - 1]
        var scanned = index  // of a mapped file, what is counted and not yet given back
        while index + Self.checkpointStride <= offset {
            column += scalarStarts(from: index, to: index + Self.checkpointStride)
            index += Self.checkpointStride
            marks.append(column)
            if index - scanned >= Self.scanBlock {
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
