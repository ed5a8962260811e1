#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// An open document's text as the editor holds it, with its version, and the
/// translation between the protocol's positions (line, and UTF-16 code units
/// into the line, as LSP requires) and hitlint's spans (UTF-8 byte offsets).
struct TextDocument {
    let uri: String
    var version: Int
    private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte: after each LF, CR LF, or CR
    /// alone, as the protocol counts lines.
    private(set) var lineStarts: [Int] = []
    /// For each line longer than `longLine` bytes (by line number): at every
    /// `checkpointStride`-th byte of its text, the UTF-16 units from the
    /// line's start to it. A position on such a line is counted from the
    /// checkpoint before it, never from the line's start: on a minified
    /// file's one line, counting from the start for each of n diagnostics is
    /// n times the file. Shorter lines are counted from their start.
    private var checkpoints: [Int: [Int]] = [:]
    static let checkpointStride = 256
    static let longLine = 1_024
    /// How often the tables were made, from the whole text each time (tests count it).
    private(set) var tablesBuilt = 0

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        rebuildTables()
    }

    /// A protocol position: zero-based line and UTF-16 offset in the line.
    struct Position: Equatable {
        var line: Int
        var character: Int
    }

    struct Range: Equatable {
        var start: Position
        var end: Position
    }

    /// The tables are made again after every change (but the lines of a
    /// multi-cursor edit), so they must cost little more than a copy of the
    /// text: line feeds are found by `memchr`, and only long lines are counted.
    private mutating func rebuildTables() {
        tablesBuilt += 1
        lineStarts.removeAll(keepingCapacity: true)
        lineStarts.append(0)
        checkpoints = [:]
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            if memchr(base, 0x0D, count) == nil {
                var from = 0
                while from < count, let found = memchr(base + from, 0x0A, count - from) {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    lineStarts.append(index + 1)
                    from = index + 1
                }
            } else {
                // LF, CR LF, or a CR alone (the protocol's three line breaks).
                for index in 0..<count where buffer[index] == 0x0A || buffer[index] == 0x0D && (index + 1 == count || buffer[index + 1] != 0x0A) {
                    lineStarts.append(index + 1)
                }
            }
        }
        // A line is no longer than the distance to the next line's start: only
        // lines that far apart are measured (the text is not read for the rest).
        for line in lineStarts.indices {
            let start = lineStarts[line]
            let next = line + 1 < lineStarts.count ? lineStarts[line + 1] : count
            guard next - start > Self.longLine else { continue }
            let end = lineEnd(line)
            if end - start > Self.longLine { checkpoints[line] = unitsAtEveryStride(from: start, to: end) }
        }
    }

    /// The UTF-16 units from `start` to every `checkpointStride`-th byte after
    /// it, before `end` (a line's text: no line breaks in it).
    private func unitsAtEveryStride(from start: Int, to end: Int) -> [Int] {
        var marks: [Int] = []
        marks.reserveCapacity((end - start) / Self.checkpointStride + 1)
        bytes.withUnsafeBufferPointer { buffer in
            var units = 0
            var index = start
            let high: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            while index < end {
                marks.append(units)
                let blockEnd = min(index + Self.checkpointStride, end)
                while index + 8 <= blockEnd {
                    let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self))
                    // A scalar's first byte is not 10xxxxxx; a 4-byte scalar's
                    // is 11110xxx (two units). Summed by a multiply: the
                    // baseline x86-64 has no popcount instruction.
                    let continuation = (word & ~(word << 1) & high) >> 7
                    let fourByteLead = (word & (word << 1) & (word << 2) & (word << 3) & high) >> 7
                    units &+= 8 - Int((continuation &* ones) >> 56) + Int((fourByteLead &* ones) >> 56)
                    index += 8
                }
                while index < blockEnd {
                    units &+= Self.utf16Units(startedBy: buffer[index])
                    index += 1
                }
            }
        }
        return marks
    }

    /// UTF-16 units of the scalar a byte starts: 0 for a continuation byte,
    /// so counting the bytes of a range counts the scalars that start in it.
    /// (The text is a `String`'s UTF-8, so always well-formed.)
    @inline(__always)
    private static func utf16Units(startedBy byte: UInt8) -> Int {
        (byte & 0xC0 == 0x80 ? 0 : 1) + (byte >= 0xF0 ? 1 : 0)
    }

    /// Replaces `range` (the whole text when nil) with `text`, as a
    /// `didChange` content change says. Positions past a line's end or the
    /// text's end are taken as its end, as the protocol asks; a range that
    /// ends before it starts is taken from its end to its start (callers
    /// check ranges first: `ContentChange`).
    mutating func apply(range: Range?, text: String) {
        apply([ContentChange(range: range, text: text)])
    }

    /// Applies a `didChange`'s changes, each to the text the ones before it
    /// left.
    ///
    /// An editor sends a multi-cursor edit as one change per cursor, from the
    /// bottom of the text up (so that each applies to the text before it
    /// unchanged by the ones before). Each such change, ending before the
    /// one before it starts, finds its offsets in the tables as they are:
    /// they are gathered and written in one pass, with the tables made once.
    /// One by one, each would copy the text after it and make the tables of
    /// the whole text again. A change in any other order writes what is
    /// gathered first.
    mutating func apply(_ changes: [ContentChange]) {
        // Descending, apart: offsets into `bytes` as they are.
        var gathered: [(start: Int, end: Int, text: String)] = []
        for change in changes {
            guard let range = change.range else {
                gathered = []
                bytes = Array(change.text.utf8)
                rebuildTables()
                continue
            }
            var (start, end) = offsets(of: range)
            // At the last one's start, a position may be past a line's end
            // that the gathered text moves: only strictly before is certain.
            if let last = gathered.last, end >= last.start {
                write(gathered)
                gathered = []
                (start, end) = offsets(of: range)
            }
            gathered.append((start, end, change.text))
        }
        write(gathered)
    }

    private func offsets(of range: Range) -> (start: Int, end: Int) {
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        return (min(start, end), max(start, end))
    }

    /// The text with the gathered changes (descending, apart) in place of what they cover.
    private mutating func write(_ gathered: [(start: Int, end: Int, text: String)]) {
        guard !gathered.isEmpty else { return }
        if gathered.count == 1 {
            // In place: only what follows it moves.
            bytes.replaceSubrange(gathered[0].start..<gathered[0].end, with: gathered[0].text.utf8)
            rebuildTables()
            return
        }
        var written: [UInt8] = []
        written.reserveCapacity(bytes.count + gathered.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for change in gathered.reversed() {
            written.append(contentsOf: bytes[copied..<change.start])
            written.append(contentsOf: change.text.utf8)
            copied = change.end
        }
        written.append(contentsOf: bytes[copied...])
        bytes = written
        rebuildTables()
    }

    /// The byte offset of a position (clamped to the text; never inside a
    /// UTF-8 sequence, and a position inside a surrogate pair goes to the
    /// scalar's start).
    func offset(of position: Position) -> Int {
        locate(position).offset
    }

    /// The offset of a position, and how many bytes were counted to find it.
    func locate(_ position: Position) -> (offset: Int, bytesCounted: Int) {
        guard position.line >= 0 else { return (0, 0) }
        guard position.line < lineStarts.count else { return (bytes.count, 0) }
        let lineStart = lineStarts[position.line]
        let lineEnd = self.lineEnd(position.line)
        // The last checkpoint on the line at or before the position: they
        // count up, so a binary search finds it.
        var offset = lineStart
        var units = 0
        if let marks = checkpoints[position.line], marks[0] <= position.character {
            var low = 0, high = marks.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if marks[middle] <= position.character { low = middle } else { high = middle - 1 }
            }
            offset = lineStart + low * Self.checkpointStride
            units = marks[low]
            // Inside a scalar: it is counted already; on to its end.
            while offset < lineEnd, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        }
        let from = offset
        while offset < lineEnd, units < position.character {
            let length = Self.sequenceLength(bytes[offset])
            let scalarUnits = length == 4 ? 2 : 1
            if units + scalarUnits > position.character { break }
            units += scalarUnits
            offset = min(lineEnd, offset + length)
        }
        return (offset, offset - from)
    }

    /// Where a line's text ends: before its line break (CR LF, LF or CR).
    private func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1] - 1
        if bytes[end] == 0x0A, end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The position of a byte offset.
    func position(of offset: Int) -> Position {
        locate(offset).position
    }

    /// The position of a byte offset, and how many bytes were counted to find it.
    func locate(_ offset: Int) -> (position: Position, bytesCounted: Int) {
        let offset = max(0, min(offset, bytes.count))
        // The last line start at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var index = lineStarts[low]
        var units = 0
        if let marks = checkpoints[low] {
            let slot = min((offset - index) / Self.checkpointStride, marks.count - 1)
            index += slot * Self.checkpointStride
            units = marks[slot]
        }
        let from = index
        while index < offset {
            units += Self.utf16Units(startedBy: bytes[index])
            index += 1
        }
        return (Position(line: low, character: units), index - from)
    }

    func range(of span: SourceSpan) -> Range {
        Range(start: position(of: span.start), end: position(of: span.end))
    }

    /// Bytes in the UTF-8 sequence a byte starts (1 for a stray continuation
    /// byte or an invalid lead, so every byte is counted once).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC2...0xDF: return 2
        default: return 1
        }
    }
}
