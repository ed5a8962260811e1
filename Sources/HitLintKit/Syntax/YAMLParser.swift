#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// The YAML subset (SPEC §1.3) → `Document`.
//
// What is read, exactly as YAML 1.2 (core schema) reads it:
//   - one document, optionally opened by `---` (which may carry a scalar or flow
//     collection on its line) and closed by `...`;
//   - block mappings and block sequences by indentation (spaces only), including a
//     sequence at the same indentation as its parent key (PyYAML's layout), the compact
//     forms `- - a` and `- key: v` (following keys aligned with the first), any
//     indentation step (PyYAML `indent=2` and `indent=4`: `-   id: x`);
//   - flow sequences `[1, 2]` and flow mappings `{a: 1, b}` (nested, across lines,
//     trailing comma allowed, a key without value is null);
//   - plain scalars, also over several lines (line folding), single-quoted ('' escape,
//     folding) and double-quoted (every YAML escape, folding, escaped line breaks);
//   - `#` comments (after whitespace or at a line start), blank lines, trailing spaces,
//     CRLF or CR line ends, no newline at the end, a UTF-8 byte order mark at the start
//     (skipped; YAML allows it there, and it takes no column for indentation);
//   - plain scalars resolved by the 1.2 core schema: null|Null|NULL|~ and an empty
//     value → null; true|True|TRUE|false|False|FALSE → bool; [-+]?[0-9]+, 0o[0-7]+,
//     0x[0-9a-fA-F]+ and [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? → number;
//     everything else (`yes`, `on`, `1_000`, `0b1`, `+.5x` ...) → string.
//
// What is rejected, with a SyntaxError at the offending byte, because the layout format
// does not need it or because JSON cannot say it:
//   anchors, aliases, tags (`!!str` too), block scalars `|` `>`, directives `%`, more than
//   one document, `? ` complex keys, empty keys, non-scalar keys, keys that YAML reads
//   as something other than a string (`1:`, `true:`, `null:` — quote them), duplicate
//   keys, tabs used for indentation, .inf/.nan and numbers beyond the range of a Double,
//   single-pair mappings in flow sequences (`[a: b]`), a plain flow-mapping key holding
//   ':' (`{a:1}` is the key "a:1" in YAML — almost never what was meant), a plain
//   scalar continued on a line that starts with `- `, `? ` (legal YAML, but easy to
//   misread), a stream with no document at all (an empty file: YAML says zero
//   documents, so there is no root value to report), invalid UTF-8, NUL and other
//   control characters, a byte order mark anywhere but at the start, nesting deeper
//   than `maximumNestingDepth`.
// Where a construct is legal YAML but we are not certain to read it exactly as YAML 1.2
// does, it is rejected as "not supported": accepting a document and reading it
// differently from YAML is the one outcome that must never happen.
//
// Shape: one pass over the bytes (copied once into a buffer with a NUL sentinel, so
// lookahead needs no bounds checks: NUL is rejected in the input, so NUL means the end).
// Block structure is a stack of open collections, flow structure a second stack: no
// recursion, so no input can overflow the call stack. Plain and simple quoted scalars
// are slices of the source; only folded or unescaped text is allocated.

/// YAML subset (SPEC §1.3) → `Document`.
public enum YAMLParser {
    public static func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        let count = source.bytes.count
        if count > Int(UInt32.max) - 16 {
            throw SyntaxError(offset: 0, message: "files larger than 4 GB are not supported")
        }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 8)
        defer { buffer.deallocate() }
        source.bytes.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { buffer.initialize(from: base, count: count) }
        }
        (buffer + count).initialize(repeating: 0, count: 8)
        var reader = YAMLReader(source: source, bytes: UnsafePointer(buffer), count: count)
        return try reader.parseStream()
    }
}

// MARK: - Bytes

private let spaceByte: UInt8 = 0x20
private let tabByte: UInt8 = 0x09
private let lineFeed: UInt8 = 0x0A
private let carriageReturn: UInt8 = 0x0D

@inline(__always) private func isBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }
@inline(__always) private func isWhite(_ byte: UInt8) -> Bool { byte == spaceByte || byte == tabByte }
/// Space, tab, line break or the end of the input.
@inline(__always) private func isBlankOrEnd(_ byte: UInt8) -> Bool {
    byte == spaceByte || byte == tabByte || byte == lineFeed || byte == carriageReturn || byte == 0
}
@inline(__always) private func isFlowIndicator(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return true
    default: return false
    }
}
@inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

// MARK: - Reader

/// A scalar as scanned, before it becomes a key or a value.
private struct ScalarToken {
    enum Style { case plain, singleQuoted, doubleQuoted }
    /// Span of the whole scalar (quotes included).
    var start: Int
    var end: Int
    var style: Style
    /// The content when it is not a verbatim slice (folded, or with escapes).
    var decoded: [UInt8]? = nil
    /// The scalar spans more than one line.
    var multiline = false
}

private struct BlockFrame {
    var isMapping: Bool
    /// Column of the keys or of the '-' indicators.
    var indent: Int
    var entry: Int
    /// A sequence that is the value of a key at the same indentation (`key:` then `- a`).
    var sameIndentAsKey: Bool
    var keyBase: Int
    var keyTable: Int
}

private struct FlowFrame {
    enum State: UInt8 { case sequenceValue, sequenceSeparator, mappingKey, mappingColon, mappingValue, mappingSeparator }
    var isMapping: Bool
    var entry: Int
    var open: Int
    var state: State
    var keyBase: Int
    var keyTable: Int
    var keyLineStart: Int
}

private enum PlainKind {
    case string, null, bool(Bool), number(Double)
}

private struct YAMLReader {
    let source: SourceText
    let p: UnsafePointer<UInt8>
    let count: Int

    var pos = 0
    /// Offset of the first byte of the line `pos` is on (after a byte order mark on line 1).
    var lineStart = 0

    var entries: [Document.Entry] = []
    var numbers: [Double] = []
    var strings: [String] = []

    var frames: [BlockFrame] = []
    var flowStack: [FlowFrame] = []
    /// Entry indices of the keys of every open mapping (each mapping owns a tail from its `keyBase`).
    var keyStack: [Int32] = []
    /// Hash → key entry index, for mappings with many keys.
    var keyTables: [[UInt64: Int32]] = []

    /// End offset of the last value completed (a container ends where its last value ends).
    var lastEnd = 0

    enum Pending { case none, root, value }
    /// A value is owed: to the root, or to the innermost block collection (after `key:` or `-`
    /// with nothing else on the line).
    var pending = Pending.root
    var pendingOffset = 0

    init(source: SourceText, bytes: UnsafePointer<UInt8>, count: Int) {
        self.source = source
        self.p = bytes
        self.count = count
    }

    // MARK: Errors

    func error(_ offset: Int, _ message: String) -> SyntaxError {
        SyntaxError(offset: offset, message: message)
    }

    /// "'x'", "end of line", "end of file" — what was found at an offset.
    func describe(_ offset: Int) -> String {
        let byte = p[offset]
        if offset >= count { return "end of file" }
        if isBreak(byte) { return "end of line" }
        if byte == tabByte { return "a tab" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        var end = offset + 1
        while end < count, p[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: UnsafeBufferPointer(start: p + offset, count: end - offset), as: UTF8.self) + "'"
    }

    func text(_ start: Int, _ end: Int, limit: Int = 40) -> String {
        var stop = min(end, start + limit)
        while stop < end, stop > start, p[stop] & 0xC0 == 0x80 { stop -= 1 }
        let head = String(decoding: UnsafeBufferPointer(start: p + start, count: stop - start), as: UTF8.self)
        return stop < end ? head + "…" : head
    }

    func column(_ offset: Int) -> Int { offset - lineStart }

    // MARK: Input check

    /// Rejects what YAML does not allow in a stream at all: invalid UTF-8, NUL and other
    /// control characters, non-characters U+FFFE/U+FFFF, and a byte order mark past the start.
    func validate() throws(SyntaxError) {
        var i = 0
        let n = count
        while i < n {
            let c = p[i]
            if c < 0x80 {
                if (c >= 0x20 && c != 0x7F) || c == lineFeed || c == carriageReturn || c == tabByte {
                    i += 1
                    continue
                }
                if c == 0 { throw error(i, "NUL bytes are not allowed in YAML") }
                throw error(i, "control character U+\(hex4(UInt32(c))) is not allowed in YAML")
            }
            var scalar: UInt32
            var length: Int
            if c & 0xE0 == 0xC0 {
                scalar = UInt32(c & 0x1F); length = 2
            } else if c & 0xF0 == 0xE0 {
                scalar = UInt32(c & 0x0F); length = 3
            } else if c & 0xF8 == 0xF0 {
                scalar = UInt32(c & 0x07); length = 4
            } else {
                throw error(i, "invalid UTF-8")
            }
            if i + length > n { throw error(i, "invalid UTF-8 (truncated sequence)") }
            for k in 1..<length {
                let next = p[i + k]
                guard next & 0xC0 == 0x80 else { throw error(i, "invalid UTF-8") }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) {
                throw error(i, "invalid UTF-8")
            }
            if scalar < 0xA0 && scalar != 0x85 {
                throw error(i, "control character U+\(hex4(scalar)) is not allowed in YAML")
            }
            if scalar == 0xFFFE || scalar == 0xFFFF {
                throw error(i, "character U+\(hex4(scalar)) is not allowed in YAML")
            }
            if scalar == 0xFEFF && i != 0 {
                throw error(i, "a byte order mark (U+FEFF) is only allowed at the start of the file")
            }
            i += length
        }
    }

    func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Lines

    @inline(__always) func afterBreak(_ i: Int) -> Int {
        p[i] == carriageReturn && p[i + 1] == lineFeed ? i + 2 : i + 1
    }

    /// `---` or `...` at column 0, followed by a blank or the end.
    @inline(__always) func isDocumentMarker(_ i: Int) -> Bool {
        let c = p[i]
        guard c == UInt8(ascii: "-") || c == UInt8(ascii: ".") else { return false }
        return p[i + 1] == c && p[i + 2] == c && isBlankOrEnd(p[i + 3])
    }

    @inline(__always) func isSequenceDash(_ i: Int) -> Bool {
        p[i] == UInt8(ascii: "-") && isBlankOrEnd(p[i + 1])
    }

    /// From a line start, skips blank and comment lines; stops at the first character of the
    /// next content line (`lineStart` set) or at the end.
    mutating func skipBlankLines() throws(SyntaxError) {
        while true {
            var i = pos
            while p[i] == spaceByte { i += 1 }
            if p[i] == tabByte {
                var j = i
                while isWhite(p[j]) { j += 1 }
                let next = p[j]
                guard next == UInt8(ascii: "#") || isBreak(next) || next == 0 else {
                    throw error(i, "tabs cannot indent: use spaces")
                }
                i = j
            }
            if p[i] == UInt8(ascii: "#") {
                while !isBreak(p[i]) && p[i] != 0 { i += 1 }
            }
            if isBreak(p[i]) {
                pos = afterBreak(i)
                lineStart = pos
                continue
            }
            pos = i
            return
        }
    }

    /// After a value: trailing whitespace, a comment, then the line break (or the end).
    mutating func finishLine() throws(SyntaxError) {
        while isWhite(p[pos]) { pos += 1 }
        var c = p[pos]
        if c == UInt8(ascii: "#") {
            guard isWhite(p[pos - 1]) else {
                throw error(pos, "expected whitespace before '#' comment")
            }
            while !isBreak(p[pos]) && p[pos] != 0 { pos += 1 }
            c = p[pos]
        }
        if isBreak(c) {
            pos = afterBreak(pos)
            lineStart = pos
            return
        }
        if c == 0 { return }
        if c == UInt8(ascii: ":") {
            throw error(pos, "unexpected ':' (a mapping cannot start here; quote the value if ':' belongs to it)")
        }
        throw error(pos, "expected end of line, found \(describe(pos))")
    }

    // MARK: Stream and document

    mutating func parseStream() throws(SyntaxError) -> Document {
        try validate()
        if count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            pos = 3
            lineStart = 3
        }
        entries.reserveCapacity(min(count / 8 + 16, 1 << 22))
        var explicitStart = false
        var documentEnd = false

        while true {
            try skipBlankLines()
            if pos >= count { break }
            let column = pos - lineStart
            let c = p[pos]
            if column == 0 {
                if c == UInt8(ascii: "-") && isDocumentMarker(pos) {
                    if explicitStart || pending != .root {
                        throw error(pos, "multiple documents are not supported")
                    }
                    explicitStart = true
                    pos += 3
                    while isWhite(p[pos]) { pos += 1 }
                    let next = p[pos]
                    if isBreak(next) || next == 0 || next == UInt8(ascii: "#") {
                        try finishLine()
                        continue
                    }
                    // A scalar or flow collection on the `---` line is the root.
                    pending = .none
                    try parseNode(mode: .inlineValue, column: column, blockIndent: -1, afterTab: false)
                    continue
                }
                if c == UInt8(ascii: ".") && isDocumentMarker(pos) {
                    pos += 3
                    try finishLine()
                    documentEnd = true
                    break
                }
                if c == UInt8(ascii: "%") {
                    throw error(pos, "directives (%) are not supported")
                }
            }
            try parseBlockLine(column: column)
        }

        switch pending {
        case .root:
            guard explicitStart else {
                throw error(pos, "the file holds no YAML document (it is empty or only comments)")
            }
            emitNull(at: pos)
        case .value:
            emitNull(at: pendingOffset)
        case .none:
            break
        }
        pending = .none
        while !frames.isEmpty { closeFrame() }

        if documentEnd {
            try skipBlankLines()
            if pos < count {
                throw error(pos, "content after the document end marker '...' (multiple documents are not supported)")
            }
        }
        return Document(source: source, entries: entries, numbers: numbers, strings: strings)
    }

    /// One content line of block structure; `pos` is at its first non-space character.
    mutating func parseBlockLine(column: Int) throws(SyntaxError) {
        if pending != .none {
            let ownerIndent = frames.last?.indent ?? -1
            if column > ownerIndent {
                pending = .none
                try parseNode(mode: .newNode, column: column, blockIndent: ownerIndent, afterTab: false)
                return
            }
            if pending == .value, let owner = frames.last, owner.isMapping, column == owner.indent, isSequenceDash(pos) {
                pending = .none
                try openBlock(isMapping: false, column: column, start: pos, sameIndentAsKey: true)
                try parseSequenceEntry()
                return
            }
            emitNull(at: pendingOffset)
            pending = .none
        }
        while let top = frames.last {
            let closes = top.indent > column
                || (!top.isMapping && top.sameIndentAsKey && top.indent == column && !isSequenceDash(pos))
            guard closes else { break }
            if frames.count == 1 {
                throw error(pos, "bad indentation: expected \(top.indent) spaces, found \(column)")
            }
            closeFrame()
        }
        guard let top = frames.last else {
            throw error(pos, "unexpected content after the document's root value")
        }
        if top.indent != column {
            throw error(pos, "bad indentation: expected \(top.indent) spaces, found \(column)")
        }
        if top.isMapping {
            try parseNode(mode: .mappingEntry, column: column, blockIndent: column, afterTab: false)
        } else {
            guard isSequenceDash(pos) else {
                throw error(pos, "expected '- ' (a sequence entry) at this indentation, found \(describe(pos))")
            }
            try parseSequenceEntry()
        }
    }

    // MARK: Block collections

    mutating func checkDepth(_ offset: Int) throws(SyntaxError) {
        if frames.count + flowStack.count >= maximumNestingDepth {
            throw error(offset, "nesting deeper than \(maximumNestingDepth) levels is not supported")
        }
    }

    mutating func openBlock(isMapping: Bool, column: Int, start: Int, sameIndentAsKey: Bool) throws(SyntaxError) {
        try checkDepth(start)
        frames.append(BlockFrame(isMapping: isMapping, indent: column, entry: entries.count,
                                 sameIndentAsKey: sameIndentAsKey, keyBase: keyStack.count, keyTable: -1))
        entries.append(Document.Entry(kind: isMapping ? .object : .array, start: UInt32(start), end: UInt32(start)))
    }

    mutating func closeFrame() {
        let frame = frames.removeLast()
        entries[frame.entry].aux = UInt32(entries.count)
        entries[frame.entry].end = UInt32(lastEnd)
        if frame.isMapping { dropKeys(base: frame.keyBase, table: frame.keyTable) }
    }

    /// `pos` at a '-' entry of the innermost (sequence) frame.
    mutating func parseSequenceEntry() throws(SyntaxError) {
        while true {
            let sequenceIndent = frames[frames.count - 1].indent
            pos += 1
            var sawTab = false
            while isWhite(p[pos]) {
                if p[pos] == tabByte { sawTab = true }
                pos += 1
            }
            let c = p[pos]
            if isBreak(c) || c == 0 || c == UInt8(ascii: "#") {
                pending = .value
                pendingOffset = dashEnd(pos)
                try finishLine()
                return
            }
            if isSequenceDash(pos) {
                if sawTab { throw error(pos, "tabs cannot indent: use spaces after '-'") }
                try openBlock(isMapping: false, column: pos - lineStart, start: pos, sameIndentAsKey: false)
                continue
            }
            try parseNode(mode: .newNode, column: pos - lineStart, blockIndent: sequenceIndent, afterTab: sawTab)
            return
        }
    }

    /// Offset just after the '-' before `pos` (where an empty entry's null sits).
    func dashEnd(_ from: Int) -> Int {
        var i = from
        while i > 0 && isWhite(p[i - 1]) { i -= 1 }
        return i
    }

    enum NodeMode {
        /// At a line start, or after `- `: a block mapping may start here.
        case newNode
        /// At the indentation of the innermost mapping: must be its next key.
        case mappingEntry
        /// After `key: ` or `--- ` on the same line: a scalar or flow collection only.
        case inlineValue
    }

    /// A node or a mapping entry at `pos`. `column` is `pos`'s column; `blockIndent` the
    /// indentation that continuation lines of a scalar must exceed.
    mutating func parseNode(mode: NodeMode, column: Int, blockIndent: Int, afterTab: Bool) throws(SyntaxError) {
        let c = p[pos]
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let token = try scanQuoted(blockIndent: blockIndent)
            var i = pos
            while isWhite(p[i]) { i += 1 }
            if p[i] == UInt8(ascii: ":") && isBlankOrEnd(p[i + 1]) {
                try beginEntry(mode: mode, key: token, colon: i, column: column, afterTab: afterTab)
                return
            }
            if mode == .mappingEntry {
                throw error(i, "expected ':' after mapping key, found \(describe(i))")
            }
            try emitValue(token)
            try finishLine()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            if mode == .mappingEntry {
                throw error(pos, "flow collections as mapping keys are not supported")
            }
            try parseFlow(blockIndent: blockIndent)
            while isWhite(p[pos]) { pos += 1 }
            if p[pos] == UInt8(ascii: ":") {
                throw error(pos, "flow collections as mapping keys are not supported")
            }
            try finishLine()
        default:
            if isSequenceDash(pos) {
                switch mode {
                case .mappingEntry:
                    throw error(pos, "expected a mapping key at this indentation, found '-'")
                case .inlineValue:
                    throw error(pos, "a block sequence cannot start on this line (put it on the next line)")
                case .newNode:
                    if afterTab { throw error(pos, "tabs cannot indent: use spaces after '-'") }
                    try openBlock(isMapping: false, column: column, start: pos, sameIndentAsKey: false)
                    try parseSequenceEntry()
                    return
                }
            }
            guard isPlainStart(pos, flow: false) else { throw indicatorError(pos, flow: false) }
            let start = pos
            let (end, stop) = scanPlainLine(start, flow: false)
            if p[stop] == UInt8(ascii: ":") {
                let token = ScalarToken(start: start, end: end, style: .plain)
                try beginEntry(mode: mode, key: token, colon: stop, column: column, afterTab: afterTab)
                return
            }
            if mode == .mappingEntry {
                throw error(stop, "expected ':' after mapping key '\(text(start, end))', found \(describe(stop))")
            }
            let token = try continuePlain(start: start, end: end, stop: stop, blockIndent: blockIndent, flow: false)
            try emitValue(token)
            if token.multiline && p[pos] == UInt8(ascii: ":") {
                throw error(pos, "a mapping key must be on one line")
            }
            try finishLine()
        }
    }

    /// A scalar followed by ': ' — the first key of a new mapping or the next key of the current one.
    mutating func beginEntry(mode: NodeMode, key: ScalarToken, colon: Int, column: Int, afterTab: Bool) throws(SyntaxError) {
        switch mode {
        case .inlineValue:
            throw error(colon, "unexpected ':' (a mapping cannot start on this line; quote the value if ':' belongs to it)")
        case .newNode:
            if afterTab { throw error(key.start, "tabs cannot indent: use spaces after '-'") }
            try openBlock(isMapping: true, column: column, start: key.start, sameIndentAsKey: false)
        case .mappingEntry:
            break
        }
        if key.multiline { throw error(key.start, "a mapping key must be on one line") }
        let frame = frames.count - 1
        frames[frame].keyTable = try emitKey(key, keyBase: frames[frame].keyBase, table: frames[frame].keyTable)
        pos = colon + 1
        let mappingIndent = frames[frame].indent
        while isWhite(p[pos]) { pos += 1 }
        let c = p[pos]
        if isBreak(c) || c == 0 || c == UInt8(ascii: "#") {
            pending = .value
            pendingOffset = colon + 1
            try finishLine()
            return
        }
        try parseNode(mode: .inlineValue, column: pos - lineStart, blockIndent: mappingIndent, afterTab: false)
    }

    // MARK: Flow collections

    mutating func openFlow(blockIndent: Int) throws(SyntaxError) {
        try checkDepth(pos)
        let isMapping = p[pos] == UInt8(ascii: "{")
        flowStack.append(FlowFrame(isMapping: isMapping, entry: entries.count, open: pos,
                                   state: isMapping ? .mappingKey : .sequenceValue,
                                   keyBase: keyStack.count, keyTable: -1, keyLineStart: 0))
        entries.append(Document.Entry(kind: isMapping ? .object : .array, start: UInt32(pos), end: UInt32(pos)))
        pos += 1
    }

    /// Closes the innermost flow collection at `pos` (its closing bracket). Returns true when
    /// the outermost one closed.
    mutating func closeFlow() -> Bool {
        let frame = flowStack.removeLast()
        pos += 1
        entries[frame.entry].aux = UInt32(entries.count)
        entries[frame.entry].end = UInt32(pos)
        lastEnd = pos
        if frame.isMapping { dropKeys(base: frame.keyBase, table: frame.keyTable) }
        return flowStack.isEmpty
    }

    /// Whitespace, comments and line breaks inside a flow collection; continuation lines must
    /// be indented more than `blockIndent`.
    mutating func skipFlowSpace(blockIndent: Int) throws(SyntaxError) {
        while true {
            let c = p[pos]
            if isWhite(c) {
                pos += 1
            } else if c == UInt8(ascii: "#") {
                let before = p[pos - 1]
                guard isWhite(before) || isBreak(before) else { return }
                while !isBreak(p[pos]) && p[pos] != 0 { pos += 1 }
            } else if isBreak(c) {
                pos = afterBreak(pos)
                lineStart = pos
                var i = pos
                while p[i] == spaceByte { i += 1 }
                var j = i
                while isWhite(p[j]) { j += 1 }
                let next = p[j]
                if isBreak(next) || next == 0 || next == UInt8(ascii: "#") {
                    pos = j
                    continue
                }
                if i == pos && isDocumentMarker(pos) {
                    throw error(pos, "document marker inside a flow collection (missing '\(closingBracket)'?)")
                }
                if i - pos <= blockIndent {
                    if p[i] == tabByte { throw error(i, "tabs cannot indent: use spaces") }
                    throw error(i, "bad indentation: a flow collection's continuation line must be indented more than \(blockIndent) spaces")
                }
                pos = j
            } else if c == 0 && pos >= count {
                let open = flowStack[flowStack.count - 1].open
                let kind = flowStack[flowStack.count - 1].isMapping ? "mapping (missing '}')" : "sequence (missing ']')"
                throw error(open, "unterminated flow \(kind)")
            } else {
                return
            }
        }
    }

    var closingBracket: String {
        flowStack.last?.isMapping == true ? "}" : "]"
    }

    /// `pos` at '[' or '{'. Leaves `pos` after the matching bracket.
    mutating func parseFlow(blockIndent: Int) throws(SyntaxError) {
        try openFlow(blockIndent: blockIndent)
        while true {
            try skipFlowSpace(blockIndent: blockIndent)
            let c = p[pos]
            let top = flowStack.count - 1
            switch flowStack[top].state {
            case .sequenceValue:
                if c == UInt8(ascii: "]") {
                    if closeFlow() { return }
                    continue
                }
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") {
                    throw error(pos, "unexpected \(describe(pos)) in flow sequence")
                }
                flowStack[top].state = .sequenceSeparator
                try parseFlowNode(blockIndent: blockIndent)
            case .sequenceSeparator:
                if c == UInt8(ascii: "]") {
                    if closeFlow() { return }
                    continue
                }
                if c == UInt8(ascii: ",") {
                    pos += 1
                    flowStack[top].state = .sequenceValue
                    continue
                }
                if c == UInt8(ascii: ":") {
                    throw error(pos, "single-pair mappings inside flow sequences ([a: b]) are not supported; write [{a: b}]")
                }
                throw error(pos, "expected ',' or ']' in flow sequence, found \(describe(pos))")
            case .mappingKey:
                if c == UInt8(ascii: "}") {
                    if closeFlow() { return }
                    continue
                }
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    throw error(pos, "flow collections as mapping keys are not supported")
                }
                if c == UInt8(ascii: ":") && (isBlankOrEnd(p[pos + 1]) || isFlowIndicator(p[pos + 1])) {
                    throw error(pos, "empty mapping keys are not supported")
                }
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "]") {
                    throw error(pos, "unexpected \(describe(pos)) in flow mapping")
                }
                let key = try scanFlowScalar(blockIndent: blockIndent)
                if key.multiline { throw error(key.start, "a mapping key must be on one line") }
                if key.style == .plain {
                    var i = key.start
                    while i < key.end {
                        if p[i] == UInt8(ascii: ":") {
                            throw error(i, "':' inside a plain key of a flow mapping is ambiguous: put a space after ':' or quote the key")
                        }
                        i += 1
                    }
                }
                flowStack[top].keyTable = try emitKey(key, keyBase: flowStack[top].keyBase, table: flowStack[top].keyTable)
                flowStack[top].state = .mappingColon
                flowStack[top].keyLineStart = lineStart
            case .mappingColon:
                if c == UInt8(ascii: ":") {
                    if lineStart != flowStack[top].keyLineStart {
                        throw error(pos, "':' must be on the same line as its key")
                    }
                    pos += 1
                    flowStack[top].state = .mappingValue
                    continue
                }
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") {
                    emitNull(at: pos)
                    flowStack[top].state = .mappingSeparator
                    continue
                }
                throw error(pos, "expected ':' after flow mapping key, found \(describe(pos))")
            case .mappingValue:
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") {
                    emitNull(at: pos)
                    flowStack[top].state = .mappingSeparator
                    continue
                }
                if c == UInt8(ascii: "]") {
                    throw error(pos, "unexpected ']' in flow mapping")
                }
                flowStack[top].state = .mappingSeparator
                try parseFlowNode(blockIndent: blockIndent)
            case .mappingSeparator:
                if c == UInt8(ascii: "}") {
                    if closeFlow() { return }
                    continue
                }
                if c == UInt8(ascii: ",") {
                    pos += 1
                    flowStack[top].state = .mappingKey
                    continue
                }
                throw error(pos, "expected ',' or '}' in flow mapping, found \(describe(pos))")
            }
        }
    }

    /// A value inside a flow collection: a nested collection (opened, not finished) or a scalar.
    mutating func parseFlowNode(blockIndent: Int) throws(SyntaxError) {
        let c = p[pos]
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
            try openFlow(blockIndent: blockIndent)
            return
        }
        let token = try scanFlowScalar(blockIndent: blockIndent)
        try emitValue(token)
    }

    mutating func scanFlowScalar(blockIndent: Int) throws(SyntaxError) -> ScalarToken {
        let c = p[pos]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            return try scanQuoted(blockIndent: blockIndent)
        }
        if c == UInt8(ascii: "-") && isBlankOrEnd(p[pos + 1]) {
            throw error(pos, "block sequence entries ('- ') are not allowed inside a flow collection")
        }
        guard isPlainStart(pos, flow: true) else { throw indicatorError(pos, flow: true) }
        let start = pos
        let (end, stop) = scanPlainLine(start, flow: true)
        return try continuePlain(start: start, end: end, stop: stop, blockIndent: blockIndent, flow: true)
    }

    // MARK: Plain scalars

    func isPlainStart(_ i: Int, flow: Bool) -> Bool {
        let c = p[i]
        switch c {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let next = p[i + 1]
            return !isBlankOrEnd(next) && !(flow && isFlowIndicator(next))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), spaceByte, tabByte, lineFeed, carriageReturn, 0:
            return false
        default:
            return true
        }
    }

    /// The error for a character that cannot start a scalar.
    func indicatorError(_ i: Int, flow: Bool) -> SyntaxError {
        switch p[i] {
        case UInt8(ascii: "&"): return error(i, "anchors (&name) are not supported")
        case UInt8(ascii: "*"): return error(i, "aliases (*name) are not supported")
        case UInt8(ascii: "!"): return error(i, "tags (!tag) are not supported")
        case UInt8(ascii: "|"), UInt8(ascii: ">"): return error(i, "multi-line block scalars (| and >) are not supported")
        case UInt8(ascii: "%"):
            if i == lineStart { return error(i, "directives (%) are not supported") }
            return error(i, "'%' cannot start a plain scalar: quote the string")
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            return error(i, "\(describe(i)) is reserved and cannot start a plain scalar: quote the string")
        case UInt8(ascii: "?"): return error(i, "complex keys ('? ') are not supported")
        case UInt8(ascii: ":"): return error(i, "empty mapping keys are not supported")
        case UInt8(ascii: "-"): return error(i, "unexpected '-'")
        case 0 where i >= count: return error(i, "unexpected end of file")
        default: return error(i, "unexpected \(describe(i))")
        }
    }

    /// One line of a plain scalar from `start` (a valid first character). Returns the end of its
    /// content (trailing whitespace excluded) and where it stopped: a ': ', a ' #' comment, a flow
    /// indicator (in flow context), or the line break / end of input.
    @inline(__always) func scanPlainLine(_ start: Int, flow: Bool) -> (end: Int, stop: Int) {
        var i = start
        var end = start
        while true {
            let c = p[i]
            if c > UInt8(ascii: ":") {
                if flow && (c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")) {
                    return (end, i)
                }
                i += 1
                end = i
                continue
            }
            if c == spaceByte || c == tabByte {
                var j = i + 1
                while p[j] == spaceByte || p[j] == tabByte { j += 1 }
                let next = p[j]
                if next == UInt8(ascii: "#") || next == lineFeed || next == carriageReturn || next == 0 {
                    return (end, j)
                }
                i = j
                continue
            }
            if c == lineFeed || c == carriageReturn || c == 0 { return (end, i) }
            if c == UInt8(ascii: ":") {
                let next = p[i + 1]
                if isBlankOrEnd(next) || (flow && isFlowIndicator(next)) { return (end, i) }
            } else if flow && c == UInt8(ascii: ",") {
                return (end, i)
            }
            i += 1
            end = i
        }
    }

    /// Continues a plain scalar whose first line ended at `stop` over the following lines
    /// (folding line breaks as YAML does). Leaves `pos` where the scalar stopped.
    mutating func continuePlain(start: Int, end firstEnd: Int, stop firstStop: Int, blockIndent: Int, flow: Bool) throws(SyntaxError) -> ScalarToken {
        var token = ScalarToken(start: start, end: firstEnd, style: .plain)
        var stop = firstStop
        guard isBreak(p[stop]) else {
            pos = stop
            return token
        }
        var buffer: [UInt8] = []
        var end = firstEnd
        while true {
            // Look past the line break for a continuation line, counting empty lines.
            var i = stop
            var emptyLines = 0
            var candidateLineStart = 0
            var contentStart = -1
            while true {
                i = afterBreak(i)
                candidateLineStart = i
                var j = i
                while p[j] == spaceByte { j += 1 }
                var k = j
                while isWhite(p[k]) { k += 1 }
                let c = p[k]
                if isBreak(c) {
                    emptyLines += 1
                    i = k
                    continue
                }
                if c == 0 || c == UInt8(ascii: "#") { break }
                if j - i <= blockIndent { break }
                if j == i && isDocumentMarker(i) { break }
                contentStart = k
                break
            }
            if contentStart < 0 { break }
            let c = p[contentStart]
            let next = p[contentStart + 1]
            if flow && isFlowIndicator(c) { break }
            if c == UInt8(ascii: ":") && (isBlankOrEnd(next) || (flow && isFlowIndicator(next))) { break }
            if (c == UInt8(ascii: "-") || c == UInt8(ascii: "?")) && isBlankOrEnd(next) {
                throw error(contentStart, "a plain scalar continued on a line starting with '\(Character(Unicode.Scalar(c))) ' is not supported: quote the string, or check the indentation")
            }
            if buffer.isEmpty {
                buffer.reserveCapacity(end - start + 64)
                buffer.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            }
            if emptyLines == 0 {
                buffer.append(spaceByte)
            } else {
                for _ in 0..<emptyLines { buffer.append(lineFeed) }
            }
            let line = scanPlainLine(contentStart, flow: flow)
            buffer.append(contentsOf: UnsafeBufferPointer(start: p + contentStart, count: line.end - contentStart))
            lineStart = candidateLineStart
            end = line.end
            stop = line.stop
            token.multiline = true
            if !isBreak(p[stop]) { break }
        }
        pos = stop
        token.end = end
        if token.multiline { token.decoded = buffer }
        return token
    }

    // MARK: Quoted scalars

    /// After a line break inside a quoted scalar: skips empty lines (counting them) and the next
    /// line's indentation. Returns the number of empty lines; `pos` at the first content byte.
    mutating func foldQuotedBreak(at breakOffset: Int, blockIndent: Int, open: Int, double: Bool) throws(SyntaxError) -> Int {
        var i = breakOffset
        var emptyLines = 0
        while true {
            i = afterBreak(i)
            lineStart = i
            var j = i
            while p[j] == spaceByte { j += 1 }
            var k = j
            while isWhite(p[k]) { k += 1 }
            let c = p[k]
            if isBreak(c) {
                emptyLines += 1
                i = k
                continue
            }
            if c == 0 && k >= count {
                throw error(open, double ? "unterminated double-quoted string" : "unterminated single-quoted string")
            }
            if j == i && isDocumentMarker(i) {
                throw error(i, "document marker inside a quoted string (missing closing quote?)")
            }
            if j - i <= blockIndent {
                if p[j] == tabByte { throw error(j, "tabs cannot indent: use spaces") }
                throw error(j, "bad indentation: a quoted string's continuation line must be indented more than \(blockIndent) spaces")
            }
            pos = k
            return emptyLines
        }
    }

    mutating func appendFold(_ buffer: inout [UInt8], emptyLines: Int) {
        if emptyLines == 0 {
            buffer.append(spaceByte)
        } else {
            for _ in 0..<emptyLines { buffer.append(lineFeed) }
        }
    }

    /// `pos` at the opening quote. Leaves `pos` after the closing quote.
    mutating func scanQuoted(blockIndent: Int) throws(SyntaxError) -> ScalarToken {
        let open = pos
        let double = p[pos] == UInt8(ascii: "\"")
        let quote = p[pos]
        var i = pos + 1
        var segmentStart = i
        var buffer: [UInt8] = []
        var decoded = false
        var multiline = false

        @inline(__always) func appendSegment(_ buffer: inout [UInt8], _ from: Int, _ to: Int) {
            if to > from { buffer.append(contentsOf: UnsafeBufferPointer(start: p + from, count: to - from)) }
        }

        while true {
            let c = p[i]
            if c == quote {
                if !double && p[i + 1] == quote {
                    decoded = true
                    appendSegment(&buffer, segmentStart, i + 1)
                    i += 2
                    segmentStart = i
                    continue
                }
                break
            }
            if double && c == UInt8(ascii: "\\") {
                decoded = true
                appendSegment(&buffer, segmentStart, i)
                let escape = p[i + 1]
                var scalar: UInt32 = 0
                var digits = 0
                switch escape {
                case UInt8(ascii: "0"): buffer.append(0)
                case UInt8(ascii: "a"): buffer.append(0x07)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "t"), tabByte: buffer.append(0x09)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "v"): buffer.append(0x0B)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "e"): buffer.append(0x1B)
                case spaceByte: buffer.append(spaceByte)
                case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
                case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
                case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "N"): appendUTF8(&buffer, 0x85)
                case UInt8(ascii: "_"): appendUTF8(&buffer, 0xA0)
                case UInt8(ascii: "L"): appendUTF8(&buffer, 0x2028)
                case UInt8(ascii: "P"): appendUTF8(&buffer, 0x2029)
                case UInt8(ascii: "x"): digits = 2
                case UInt8(ascii: "u"): digits = 4
                case UInt8(ascii: "U"): digits = 8
                case lineFeed, carriageReturn:
                    // Escaped line break: joined without a space; empty lines still give line feeds.
                    multiline = true
                    let emptyLines = try foldQuotedBreak(at: i + 1, blockIndent: blockIndent, open: open, double: true)
                    for _ in 0..<emptyLines { buffer.append(lineFeed) }
                    i = pos
                    segmentStart = i
                    continue
                default:
                    if p[i + 1] == 0 && i + 1 >= count {
                        throw error(open, "unterminated double-quoted string")
                    }
                    throw error(i, "invalid escape sequence '\\\(describe(i + 1).dropFirst().dropLast())' in double-quoted string")
                }
                if digits > 0 {
                    for k in 0..<digits {
                        let h = p[i + 2 + k]
                        let value: UInt8
                        switch h {
                        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = h - UInt8(ascii: "0")
                        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = h - UInt8(ascii: "a") + 10
                        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = h - UInt8(ascii: "A") + 10
                        default:
                            throw error(i, "invalid escape sequence: '\\\(Character(Unicode.Scalar(escape)))' needs \(digits) hexadecimal digits")
                        }
                        scalar = scalar << 4 | UInt32(value)
                    }
                    if scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) {
                        throw error(i, "invalid escape sequence: U+\(hex4(scalar)) is not a Unicode scalar value")
                    }
                    appendUTF8(&buffer, scalar)
                    i += 2 + digits
                } else {
                    i += 2
                }
                segmentStart = i
                continue
            }
            if isBreak(c) {
                decoded = true
                multiline = true
                var trimmed = i
                while trimmed > segmentStart && isWhite(p[trimmed - 1]) { trimmed -= 1 }
                appendSegment(&buffer, segmentStart, trimmed)
                let emptyLines = try foldQuotedBreak(at: i, blockIndent: blockIndent, open: open, double: double)
                appendFold(&buffer, emptyLines: emptyLines)
                i = pos
                segmentStart = i
                continue
            }
            if c == 0 && i >= count {
                throw error(open, double ? "unterminated double-quoted string" : "unterminated single-quoted string")
            }
            i += 1
        }
        var token = ScalarToken(start: open, end: i + 1, style: double ? .doubleQuoted : .singleQuoted)
        if decoded {
            appendSegment(&buffer, segmentStart, i)
            token.decoded = buffer
        }
        token.multiline = multiline
        pos = i + 1
        return token
    }

    func appendUTF8(_ buffer: inout [UInt8], _ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: Values

    mutating func emitNull(at offset: Int) {
        entries.append(Document.Entry(kind: .null, start: UInt32(offset), end: UInt32(offset)))
        lastEnd = offset
    }

    mutating func emitString(_ token: ScalarToken) {
        if let decoded = token.decoded {
            strings.append(String(decoding: decoded, as: UTF8.self))
            entries.append(Document.Entry(kind: .string, flags: Document.Entry.decoded, start: UInt32(token.start),
                                          end: UInt32(token.end), aux: UInt32(strings.count - 1)))
        } else {
            entries.append(Document.Entry(kind: .string, flags: token.style == .plain ? 0 : Document.Entry.quoted,
                                          start: UInt32(token.start), end: UInt32(token.end)))
        }
        lastEnd = token.end
    }

    mutating func emitValue(_ token: ScalarToken) throws(SyntaxError) {
        guard token.style == .plain, token.decoded == nil else {
            emitString(token)
            return
        }
        let start = UInt32(token.start)
        let end = UInt32(token.end)
        switch try classifyPlain(token.start, token.end) {
        case .string:
            entries.append(Document.Entry(kind: .string, start: start, end: end))
        case .null:
            entries.append(Document.Entry(kind: .null, start: start, end: end))
        case .bool(let value):
            entries.append(Document.Entry(kind: .bool, start: start, end: end, aux: value ? 1 : 0))
        case .number(let value):
            numbers.append(value)
            entries.append(Document.Entry(kind: .number, start: start, end: end, aux: UInt32(numbers.count - 1)))
        }
        lastEnd = token.end
    }

    // MARK: Keys

    /// Appends a key after checking it is a string and not a duplicate; returns the mapping's
    /// (possibly new) hash table index.
    mutating func emitKey(_ key: ScalarToken, keyBase: Int, table tableIndex: Int) throws(SyntaxError) -> Int {
        var table = tableIndex
        if key.style == .plain && key.decoded == nil {
            let kind = try classifyPlain(key.start, key.end)
            let what: String
            switch kind {
            case .string: what = ""
            case .null: what = "null"
            case .bool: what = "a boolean"
            case .number: what = "a number"
            }
            if !what.isEmpty {
                throw error(key.start, "non-string keys are not supported: YAML reads the key '\(text(key.start, key.end))' as \(what); quote it")
            }
        }
        if key.end - key.start > 1024 {
            var characters = 0
            for i in key.start..<key.end where p[i] & 0xC0 != 0x80 { characters += 1 }
            if characters > 1024 {
                throw error(key.start, "a mapping key longer than 1024 characters is not allowed in YAML")
            }
        }
        let index = entries.count
        let keyCount = keyStack.count - keyBase
        if table < 0 && keyCount < 16 {
            var k = keyBase
            while k < keyStack.count {
                let other = Int(keyStack[k])
                if keysEqual(other, key) { throw duplicateKey(key, other) }
                k += 1
            }
        } else {
            if table < 0 {
                var dictionary: [UInt64: Int32] = [:]
                dictionary.reserveCapacity(64)
                for k in keyBase..<keyStack.count {
                    let other = Int(keyStack[k])
                    let hash = hashOf(entry: other)
                    if dictionary[hash] == nil { dictionary[hash] = keyStack[k] }
                }
                keyTables.append(dictionary)
                table = keyTables.count - 1
            }
            let hash = hashOf(token: key)
            if let other = keyTables[table][hash] {
                if keysEqual(Int(other), key) { throw duplicateKey(key, Int(other)) }
                // A hash collision: compare with every key of this mapping.
                for k in keyBase..<keyStack.count where keysEqual(Int(keyStack[k]), key) {
                    throw duplicateKey(key, Int(keyStack[k]))
                }
            } else {
                keyTables[table][hash] = Int32(index)
            }
        }
        emitString(key)
        keyStack.append(Int32(index))
        return table
    }

    mutating func dropKeys(base: Int, table: Int) {
        keyStack.removeSubrange(base...)
        if table >= 0 { keyTables.removeLast() }
    }

    func duplicateKey(_ key: ScalarToken, _ other: Int) -> SyntaxError {
        let line = source.location(of: Int(entries[other].start)).line
        let name: String
        if let decoded = key.decoded {
            name = String(decoding: decoded.prefix(40), as: UTF8.self)
        } else {
            let quoted = key.style == .plain ? 0 : 1
            name = text(key.start + quoted, key.end - quoted)
        }
        return error(key.start, "duplicate key '\(name)' (first defined on line \(line))")
    }

    /// Content bytes of a key token: (pointer, count) for verbatim keys.
    func contentRange(_ key: ScalarToken) -> (start: Int, end: Int) {
        key.style == .plain ? (key.start, key.end) : (key.start + 1, key.end - 1)
    }

    func keysEqual(_ entryIndex: Int, _ key: ScalarToken) -> Bool {
        let entry = entries[entryIndex]
        if entry.flags & Document.Entry.decoded == 0 {
            let quoted = entry.flags & Document.Entry.quoted != 0 ? 1 : 0
            let a = UnsafeBufferPointer(start: p + Int(entry.start) + quoted, count: Int(entry.end) - Int(entry.start) - 2 * quoted)
            return bytesEqual(a, key)
        }
        var string = strings[Int(entry.aux)]
        return string.withUTF8 { bytesEqual($0, key) }
    }

    func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ key: ScalarToken) -> Bool {
        if let decoded = key.decoded {
            return decoded.withUnsafeBufferPointer { b in
                a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
        let range = contentRange(key)
        let length = range.end - range.start
        return a.count == length && (length == 0 || memcmp(a.baseAddress!, p + range.start, length) == 0)
    }

    func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    func hashOf(entry entryIndex: Int) -> UInt64 {
        let entry = entries[entryIndex]
        if entry.flags & Document.Entry.decoded == 0 {
            let quoted = entry.flags & Document.Entry.quoted != 0 ? 1 : 0
            return fnv(UnsafeBufferPointer(start: p + Int(entry.start) + quoted, count: Int(entry.end) - Int(entry.start) - 2 * quoted))
        }
        var string = strings[Int(entry.aux)]
        return string.withUTF8 { fnv($0) }
    }

    func hashOf(token key: ScalarToken) -> UInt64 {
        if let decoded = key.decoded { return decoded.withUnsafeBufferPointer { fnv($0) } }
        let range = contentRange(key)
        return fnv(UnsafeBufferPointer(start: p + range.start, count: range.end - range.start))
    }

    // MARK: Core schema

    @inline(__always) func matches(_ start: Int, _ literal: StaticString) -> Bool {
        let bytes = literal.utf8Start
        for k in 0..<literal.utf8CodeUnitCount where p[start + k] != bytes[k] { return false }
        return true
    }

    /// How the YAML 1.2 core schema reads a one-line plain scalar.
    func classifyPlain(_ start: Int, _ end: Int) throws(SyntaxError) -> PlainKind {
        let length = end - start
        switch p[start] {
        case UInt8(ascii: "~"):
            return length == 1 ? .null : .string
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            if length == 4 && (matches(start, "null") || matches(start, "Null") || matches(start, "NULL")) { return .null }
            return .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            if length == 4 && (matches(start, "true") || matches(start, "True") || matches(start, "TRUE")) { return .bool(true) }
            return .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            if length == 5 && (matches(start, "false") || matches(start, "False") || matches(start, "FALSE")) { return .bool(false) }
            return .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return try classifyNumber(start, end)
        default:
            return .string
        }
    }

    func classifyNumber(_ start: Int, _ end: Int) throws(SyntaxError) -> PlainKind {
        var i = start
        var negative = false
        var signed = false
        if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
            negative = p[i] == UInt8(ascii: "-")
            signed = true
            i += 1
        }
        if i == end { return .string }
        if p[i] == UInt8(ascii: ".") && end - i == 4 {
            if matches(i, ".inf") || matches(i, ".Inf") || matches(i, ".INF")
                || (!signed && (matches(i, ".nan") || matches(i, ".NaN") || matches(i, ".NAN"))) {
                throw error(start, "infinite and NaN numbers (.inf, .nan) are not supported")
            }
        }
        if !signed && p[i] == UInt8(ascii: "0") && end - i > 2 && (p[i + 1] == UInt8(ascii: "o") || p[i + 1] == UInt8(ascii: "x")) {
            return try classifyRadix(start, end, hex: p[i + 1] == UInt8(ascii: "x"))
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var integerDigits = 0
        var fractionDigits = 0
        var exact = true
        while i < end && isDigit(p[i]) {
            let digit = UInt64(p[i] &- 0x30)
            if mantissa == 0 && digit == 0 {
                // leading zero
            } else if significant < 19 {
                mantissa = mantissa * 10 + digit
                significant += 1
            } else {
                exact = false
            }
            integerDigits += 1
            i += 1
        }
        if i < end && p[i] == UInt8(ascii: ".") {
            i += 1
            while i < end && isDigit(p[i]) {
                let digit = UInt64(p[i] &- 0x30)
                if mantissa == 0 && digit == 0 {
                    // leading zero of the fraction
                } else if significant < 19 {
                    mantissa = mantissa * 10 + digit
                    significant += 1
                } else {
                    exact = false
                }
                fractionDigits += 1
                i += 1
            }
        }
        if integerDigits == 0 && fractionDigits == 0 { return .string }
        var exponent = 0
        if i < end && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            var exponentNegative = false
            if i < end && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end && isDigit(p[i]) else { return .string }
            while i < end && isDigit(p[i]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(p[i] &- 0x30) }
                i += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if i != end { return .string }
        var value: Double
        let scale = exponent - fractionDigits
        if exact && significant <= 15 && scale >= -22 && scale <= 22 {
            value = Double(mantissa)
            if scale > 0 { value *= powersOfTen[scale] } else if scale < 0 { value /= powersOfTen[-scale] }
            if negative { value = -value }
        } else {
            value = slowNumber(start, end)
        }
        if !value.isFinite {
            throw error(start, "number '\(text(start, end))' is out of range (too large for a 64-bit float)")
        }
        return .number(value)
    }

    func classifyRadix(_ start: Int, _ end: Int, hex: Bool) throws(SyntaxError) -> PlainKind {
        var i = start + 2
        var value: UInt64 = 0
        var significant = 0
        while i < end {
            let c = p[i]
            let digit: UInt64
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "7"): digit = UInt64(c - UInt8(ascii: "0"))
            case UInt8(ascii: "8")...UInt8(ascii: "9") where hex: digit = UInt64(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt64(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt64(c - UInt8(ascii: "A") + 10)
            default: return .string
            }
            if value != 0 || digit != 0 { significant += 1 }
            value = hex ? value << 4 | digit : value << 3 | digit
            i += 1
        }
        let limit = hex ? 16 : 21
        if significant > limit {
            if hex { return .number(slowNumber(start, end)) }
            throw error(start, "number '\(text(start, end))' is out of range")
        }
        return .number(Double(value))
    }

    /// Correctly rounded conversion through the C library, for long or extreme numbers.
    func slowNumber(_ start: Int, _ end: Int) -> Double {
        var characters = [CChar](repeating: 0, count: end - start + 1)
        for k in 0..<(end - start) { characters[k] = CChar(bitPattern: p[start + k]) }
        return characters.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }
}
