/// An open document's text as the editor holds it, with its version, and the
/// translation between the protocol's positions (line, and UTF-16 code units
/// into the line, as LSP requires) and hitlint's spans (UTF-8 byte offsets).
struct TextDocument {
    let uri: String
    var version: Int
    private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte.
    private(set) var lineStarts: [Int]

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        lineStarts = Self.lineStarts(bytes)
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

    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        return starts
    }

    /// Replaces `range` (the whole text when nil) with `text`, as a
    /// `didChange` content change says. Positions past a line's end or the
    /// text's end are taken as its end, as the protocol asks.
    mutating func apply(range: Range?, text: String) {
        let replacement = Array(text.utf8)
        guard let range else {
            bytes = replacement
            lineStarts = Self.lineStarts(bytes)
            return
        }
        var start = offset(of: range.start)
        var end = offset(of: range.end)
        if end < start { swap(&start, &end) }
        bytes.replaceSubrange(start..<end, with: replacement)
        lineStarts = Self.lineStarts(bytes)
    }

    /// The byte offset of a position (clamped to the text; never inside a
    /// UTF-8 sequence, and a position inside a surrogate pair goes to the
    /// scalar's start).
    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let lineStart = lineStarts[position.line]
        let lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
        var offset = lineStart
        var units = 0
        while offset < lineEnd, units < position.character {
            let length = Self.sequenceLength(bytes[offset])
            let scalarUnits = length == 4 ? 2 : 1
            if units + scalarUnits > position.character { break }
            units += scalarUnits
            offset = min(lineEnd, offset + length)
        }
        return offset
    }

    /// The position of a byte offset.
    func position(of offset: Int) -> Position {
        let offset = max(0, min(offset, bytes.count))
        // The last line start at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var index = lineStarts[low]
        var units = 0
        while index < offset {
            let length = Self.sequenceLength(bytes[index])
            units += length == 4 ? 2 : 1
            index += length
        }
        return Position(line: low, character: units)
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
