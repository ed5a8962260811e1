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
//   - plain scalars, also over several lines (line folding; a continuation line may start
//     with `- `, read as text as YAML and PyYAML do), single-quoted ('' escape,
//     folding) and double-quoted (every YAML escape, folding, escaped line breaks);
//   - `#` comments (after whitespace or at a line start), blank lines, trailing spaces,
//     CRLF or CR line ends, no newline at the end, a UTF-8 byte order mark at the start
//     (skipped; YAML allows it there, and it takes no column for indentation);
//   - plain scalars resolved by the 1.2 core schema: null|Null|NULL|~ and an empty
//     value → null; true|True|TRUE|false|False|FALSE → bool; [-+]?[0-9]+, 0o[0-7]+,
//     0x[0-9a-fA-F]+ and [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? → number;
//     everything else (`yes`, `on`, `1_000`, `0b1`, `+.5x` ...) → string.
//   Where YAML 1.1 readers (libyaml, PyYAML) differ, we follow 1.2 as the yaml-test-suite
//   does: `0777` is 777, `yes`/`on` are strings, `[?x]` and `{a: :b}` hold the plain
//   scalars "?x" and ":b", and U+0085/U+2028/U+2029 are not line breaks.
//
// What is rejected, with a SyntaxError at the offending byte, because the layout format
// does not need it or because JSON cannot say it:
//   anchors, aliases, tags (`!!str` too), block scalars `|` `>`, directives `%`, more than
//   one document, `? ` complex keys, empty keys, non-scalar keys, keys that YAML reads
//   as something other than a string (`1:`, `true:`, `null:` — quote them), duplicate
//   keys, tabs used for indentation, .inf/.nan and numbers beyond the range of a Double,
//   single-pair mappings in flow sequences (`[a: b]`), a plain flow-mapping key holding
//   ':' (`{a:1}` is the key "a:1" in YAML — almost never what was meant), keys that
//   span lines or whose ':' is on a later line, a tab before a block collection or at
//   the start of a line, a stream with no document at all (an empty file: YAML says zero
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

extension UInt8 {
    /// Line feed or carriage return (YAML's line breaks).
    @inline(__always) var isYAMLBreak: Bool { self == 0x0A || self == 0x0D }
    /// Space or tab.
    @inline(__always) var isYAMLWhite: Bool { self == 0x20 || self == 0x09 }
    /// Space, tab, line break, or the NUL that marks the end of the input.
    @inline(__always) var isYAMLBlankOrEnd: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0
    }
    /// `,` `[` `]` `{` `}`
    @inline(__always) var isYAMLFlowIndicator: Bool {
        switch self {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return true
        default: return false
        }
    }
    @inline(__always) var isYAMLDigit: Bool { self &- 0x30 < 10 }
}

let yamlPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

// MARK: - Reader

/// A scalar as scanned, before it becomes a key or a value.
struct ScalarToken {
    enum Style { case plain, singleQuoted, doubleQuoted }
    /// Span of the whole scalar (quotes included).
    var start: Int
    var end: Int
    var style: Style
    /// The content is not a verbatim slice of the source (folded, or with escapes): it is
    /// `YAMLReader.decodedText`.
    var isDecoded = false
    /// The scalar spans more than one line.
    var multiline = false
}

struct BlockFrame {
    var isMapping: Bool
    /// Column of the keys or of the '-' indicators.
    var indent: Int
    var entry: Int
    /// A sequence that is the value of a key at the same indentation (`key:` then `- a`).
    var sameIndentAsKey: Bool
    var keyBase: Int
    var keyTable: Int
}

struct FlowFrame {
    enum State: UInt8 { case sequenceValue, sequenceSeparator, mappingKey, mappingColon, mappingValue, mappingSeparator }
    var isMapping: Bool
    var entry: Int
    var open: Int
    /// Where the collection was when a collection nested in it opened (`parseFlow` keeps
    /// the innermost collection's state itself).
    var state: State
    var keyBase: Int
    var keyTable: Int
}

enum PlainKind {
    case string, null, bool(Bool), number(Double)
}

struct YAMLReader {
    let source: SourceText
    /// The source's bytes, followed by NUL bytes (the sentinel the scanners stop at).
    let bytes: UnsafePointer<UInt8>
    let count: Int

    /// The offset being read: where the next byte to look at is.
    var index = 0
    /// Offset of the first byte of the line `index` is on (after a byte order mark on line 1).
    var lineStart = 0

    var entries: [Document.Entry] = []
    var numbers: [Double] = []
    var strings: [String] = []
    /// The content of the last scalar scanned, when it is not a verbatim slice of the source
    /// (`ScalarToken.isDecoded`). Each scalar is emitted before the next one is scanned, so
    /// one buffer serves them all, and a token holds no reference: copying or dropping one
    /// (several times per scalar) costs no retain or release.
    var decodedText: [UInt8] = []

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
        self.bytes = bytes
        self.count = count
    }

    // MARK: Errors

    func error(_ offset: Int, _ message: String) -> SyntaxError {
        SyntaxError(offset: offset, message: message)
    }

    /// "'x'", "end of line", "end of file" — what was found at an offset.
    func describe(_ offset: Int) -> String {
        if offset >= count { return "end of file" }
        let byte = bytes[offset]
        if byte.isYAMLBreak { return "end of line" }
        if byte == UInt8(ascii: "\t") { return "a tab" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        var end = offset + 1
        // A character has at most three continuation bytes; a run of stray ones is not shown whole.
        while end < count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: UnsafeBufferPointer(start: bytes + offset, count: end - offset), as: UTF8.self) + "'"
    }

    func text(_ start: Int, _ end: Int, limit: Int = 40) -> String {
        var stop = min(end, start + limit)
        while stop < end, stop > start, bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
        let head = String(decoding: UnsafeBufferPointer(start: bytes + start, count: stop - start), as: UTF8.self)
        return stop < end ? head + "…" : head
    }

    // MARK: Input check

    /// Rejects what YAML does not allow in a stream at all: invalid UTF-8, NUL and other
    /// control characters, non-characters U+FFFE/U+FFFF, and a byte order mark past the start.
    func validate() throws(SyntaxError) {
        var position = 0
        let raw = UnsafeRawPointer(bytes)
        // Bytes before this are looked at one by one: the word they start had one that needs it.
        var oneByOneUntil = 0
        while position < count {
            if position >= oneByOneUntil {
                // Eight bytes at a time while none needs a look: no byte of
                // the word is outside ASCII, below a space (tabs and carriage
                // returns included, line feeds not: every line has one, and
                // the word that holds it would otherwise be looked at byte by
                // byte) or DEL. Once no byte has its high bit set, adding to a
                // byte carries into no other, so each test below is exact per
                // byte: the high bit of `b + 0x60` is clear when b < 0x20, that
                // of `(b ^ c) + 0x7F` when b == c.
                let high: UInt64 = 0x8080_8080_8080_8080, sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                while position + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                    let belowSpace = ~(word &+ 0x6060_6060_6060_6060) & high
                    let lineFeed = ~((word ^ 0x0A0A_0A0A_0A0A_0A0A) &+ sevenBits) & high
                    let delete = ~((word ^ sevenBits) &+ sevenBits) & high
                    if (word & high) | (belowSpace & ~lineFeed) | delete != 0 { break }
                    position += 8
                }
                oneByOneUntil = position + 8
                guard position < count else { return }
            }
            let byte = bytes[position]
            if byte < 0x80 {
                if (byte >= 0x20 && byte != 0x7F) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
                    position += 1
                    continue
                }
                if byte == 0 { throw error(position, "NUL bytes are not allowed in YAML") }
                throw error(position, "control character U+\(hex4(UInt32(byte))) is not allowed in YAML")
            }
            guard let length = UTF8Bytes.sequenceLength(bytes, count, position) else {
                let (offset, message) = UTF8Bytes.explainInvalid(bytes, count, position, describe: describe)
                throw error(offset, message)
            }
            let scalar = UTF8Bytes.scalar(bytes, position, length: length)
            if scalar < 0xA0 && scalar != 0x85 {
                throw error(position, "control character U+\(hex4(scalar)) is not allowed in YAML")
            }
            if scalar == 0xFFFE || scalar == 0xFFFF {
                throw error(position, "character U+\(hex4(scalar)) is not allowed in YAML")
            }
            if scalar == 0xFEFF && position != 0 {
                throw error(position, "a byte order mark (U+FEFF) is only allowed at the start of the file")
            }
            position += length
        }
    }

    func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Lines

    @inline(__always) func afterBreak(_ lineBreak: Int) -> Int {
        bytes[lineBreak] == UInt8(ascii: "\r") && bytes[lineBreak + 1] == UInt8(ascii: "\n") ? lineBreak + 2 : lineBreak + 1
    }

    /// `---` or `...` at column 0, followed by a blank or the end.
    @inline(__always) func isDocumentMarker(_ offset: Int) -> Bool {
        let byte = bytes[offset]
        guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { return false }
        return bytes[offset + 1] == byte && bytes[offset + 2] == byte && bytes[offset + 3].isYAMLBlankOrEnd
    }

    @inline(__always) func isSequenceDash(_ offset: Int) -> Bool {
        bytes[offset] == UInt8(ascii: "-") && bytes[offset + 1].isYAMLBlankOrEnd
    }

    /// From a line start, skips blank and comment lines; stops at the first character of the
    /// next content line (`lineStart` set) or at the end.
    mutating func skipBlankLines() throws(SyntaxError) {
        while true {
            var position = index
            while bytes[position] == UInt8(ascii: " ") { position += 1 }
            if bytes[position] == UInt8(ascii: "\t") {
                var afterWhite = position
                while bytes[afterWhite].isYAMLWhite { afterWhite += 1 }
                let next = bytes[afterWhite]
                guard next == UInt8(ascii: "#") || next.isYAMLBreak || next == 0 else {
                    throw error(position, "tabs cannot indent: use spaces")
                }
                position = afterWhite
            }
            if bytes[position] == UInt8(ascii: "#") {
                while !bytes[position].isYAMLBreak && bytes[position] != 0 { position += 1 }
            }
            if bytes[position].isYAMLBreak {
                index = afterBreak(position)
                lineStart = index
                continue
            }
            index = position
            return
        }
    }

    /// After a value: trailing whitespace, a comment, then the line break (or the end).
    mutating func finishLine() throws(SyntaxError) {
        while bytes[index].isYAMLWhite { index += 1 }
        var byte = bytes[index]
        if byte == UInt8(ascii: "#") {
            guard bytes[index - 1].isYAMLWhite else {
                throw error(index, "expected whitespace before '#' comment")
            }
            while !bytes[index].isYAMLBreak && bytes[index] != 0 { index += 1 }
            byte = bytes[index]
        }
        if byte.isYAMLBreak {
            index = afterBreak(index)
            lineStart = index
            return
        }
        if byte == 0 { return }
        if byte == UInt8(ascii: ":") {
            throw error(index, "unexpected ':' (a mapping cannot start here; quote the value if ':' belongs to it)")
        }
        throw error(index, "expected end of line, found \(describe(index))")
    }

    // MARK: Stream and document

    mutating func parseStream() throws(SyntaxError) -> Document {
        try validate()
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        entries.reserveLargeCapacity(min(count / 8 + 16, 1 << 22))
        var explicitStart = false
        var documentEnd = false

        while true {
            try skipBlankLines()
            if index >= count { break }
            let column = index - lineStart
            let byte = bytes[index]
            if column == 0 {
                if byte == UInt8(ascii: "-") && isDocumentMarker(index) {
                    if explicitStart || pending != .root {
                        throw error(index, "multiple documents are not supported")
                    }
                    explicitStart = true
                    index += 3
                    while bytes[index].isYAMLWhite { index += 1 }
                    let next = bytes[index]
                    if next.isYAMLBreak || next == 0 || next == UInt8(ascii: "#") {
                        try finishLine()
                        continue
                    }
                    // A scalar or flow collection on the `---` line is the root.
                    pending = .none
                    try parseNode(mode: .inlineValue, column: column, blockIndent: -1, afterTab: false)
                    continue
                }
                if byte == UInt8(ascii: ".") && isDocumentMarker(index) {
                    index += 3
                    try finishLine()
                    documentEnd = true
                    break
                }
                if byte == UInt8(ascii: "%") {
                    throw error(index, "directives (%) are not supported")
                }
            }
            try parseBlockLine(column: column)
        }

        switch pending {
        case .root:
            guard explicitStart else {
                throw error(index, "the file holds no YAML document (it is empty or only comments)")
            }
            emitNull(at: index)
        case .value:
            emitNull(at: pendingOffset)
        case .none:
            break
        }
        pending = .none
        while !frames.isEmpty { closeFrame() }

        if documentEnd {
            try skipBlankLines()
            if index < count {
                throw error(index, "content after the document end marker '...' (multiple documents are not supported)")
            }
        }
        try Document.checkSize(entries)
        var document = Document(source: source, entries: entries, numbers: numbers, strings: strings)
        document.format = .yaml
        return document
    }

    /// One content line of block structure; `index` is at its first non-space character.
    mutating func parseBlockLine(column: Int) throws(SyntaxError) {
        if pending != .none {
            let ownerIndent = frames.last?.indent ?? -1
            if column > ownerIndent {
                pending = .none
                try parseNode(mode: .newNode, column: column, blockIndent: ownerIndent, afterTab: false)
                return
            }
            if pending == .value, let owner = frames.last, owner.isMapping, column == owner.indent, isSequenceDash(index) {
                pending = .none
                try openBlock(isMapping: false, column: column, start: index, sameIndentAsKey: true)
                try parseSequenceEntry()
                return
            }
            emitNull(at: pendingOffset)
            pending = .none
        }
        while let top = frames.last {
            let closes = top.indent > column
                || (!top.isMapping && top.sameIndentAsKey && top.indent == column && !isSequenceDash(index))
            guard closes else { break }
            if frames.count == 1 {
                throw error(index, "bad indentation: expected \(top.indent) spaces, found \(column)")
            }
            closeFrame()
        }
        guard let top = frames.last else {
            throw error(index, "unexpected content after the document's root value")
        }
        if top.indent != column {
            throw error(index, "bad indentation: expected \(top.indent) spaces, found \(column)")
        }
        if top.isMapping {
            try parseNode(mode: .mappingEntry, column: column, blockIndent: column, afterTab: false)
        } else {
            guard isSequenceDash(index) else {
                throw error(index, "expected '- ' (a sequence entry) at this indentation, found \(describe(index))")
            }
            try parseSequenceEntry()
        }
    }

    // MARK: Block collections

    /// Sets a collection's end and the index after its contents (its payload), in one write
    /// to `entries`: each write through the array checks that it is not shared.
    @inline(__always)
    mutating func close(entry: Int, end: Int) {
        var closed = entries[entry]
        closed.payload = UInt32(entries.count)
        closed.end = UInt32(end)
        entries[entry] = closed
    }

    @inline(__always)
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
        close(entry: frame.entry, end: lastEnd)
        if frame.isMapping { dropKeys(base: frame.keyBase, table: frame.keyTable) }
    }

    /// `index` at a '-' entry of the innermost (sequence) frame.
    mutating func parseSequenceEntry() throws(SyntaxError) {
        while true {
            let sequenceIndent = frames[frames.count - 1].indent
            index += 1
            var sawTab = false
            while bytes[index].isYAMLWhite {
                if bytes[index] == UInt8(ascii: "\t") { sawTab = true }
                index += 1
            }
            let byte = bytes[index]
            if byte.isYAMLBreak || byte == 0 || byte == UInt8(ascii: "#") {
                pending = .value
                pendingOffset = dashEnd(index)
                try finishLine()
                return
            }
            if isSequenceDash(index) {
                if sawTab { throw error(index, "tabs cannot indent: use spaces after '-'") }
                try openBlock(isMapping: false, column: index - lineStart, start: index, sameIndentAsKey: false)
                continue
            }
            try parseNode(mode: .newNode, column: index - lineStart, blockIndent: sequenceIndent, afterTab: sawTab)
            return
        }
    }

    /// Offset just after the '-' before `index` (where an empty entry's null sits).
    func dashEnd(_ from: Int) -> Int {
        var end = from
        while end > 0 && bytes[end - 1].isYAMLWhite { end -= 1 }
        return end
    }

    enum NodeMode {
        /// At a line start, or after `- `: a block mapping may start here.
        case newNode
        /// At the indentation of the innermost mapping: must be its next key.
        case mappingEntry
        /// After `key: ` or `--- ` on the same line: a scalar or flow collection only.
        case inlineValue
    }

    /// A node or a mapping entry at `index`. `column` is `index`'s column; `blockIndent` the
    /// indentation that continuation lines of a scalar must exceed.
    mutating func parseNode(mode: NodeMode, column: Int, blockIndent: Int, afterTab: Bool) throws(SyntaxError) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let token = try scanQuoted(blockIndent: blockIndent)
            var afterSpace = index
            while bytes[afterSpace].isYAMLWhite { afterSpace += 1 }
            if bytes[afterSpace] == UInt8(ascii: ":") && bytes[afterSpace + 1].isYAMLBlankOrEnd {
                try beginEntry(mode: mode, key: token, colon: afterSpace, column: column, afterTab: afterTab)
                return
            }
            if mode == .mappingEntry {
                throw error(afterSpace, "expected ':' after mapping key, found \(describe(afterSpace))")
            }
            try emitValue(token)
            try finishLine()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            if mode == .mappingEntry {
                throw error(index, "flow collections as mapping keys are not supported")
            }
            try parseFlow(blockIndent: blockIndent)
            while bytes[index].isYAMLWhite { index += 1 }
            if bytes[index] == UInt8(ascii: ":") {
                throw error(index, "flow collections as mapping keys are not supported")
            }
            try finishLine()
        default:
            if isSequenceDash(index) {
                switch mode {
                case .mappingEntry:
                    throw error(index, "expected a mapping key at this indentation, found '-'")
                case .inlineValue:
                    throw error(index, "a block sequence cannot start on this line (put it on the next line)")
                case .newNode:
                    if afterTab { throw error(index, "tabs cannot indent: use spaces after '-'") }
                    try openBlock(isMapping: false, column: column, start: index, sameIndentAsKey: false)
                    try parseSequenceEntry()
                    return
                }
            }
            guard isPlainStart(index, flow: false) else { throw indicatorError(index, flow: false) }
            let start = index
            let (end, stop) = scanPlainLine(start, flow: false)
            if bytes[stop] == UInt8(ascii: ":") {
                let token = ScalarToken(start: start, end: end, style: .plain)
                try beginEntry(mode: mode, key: token, colon: stop, column: column, afterTab: afterTab)
                return
            }
            if mode == .mappingEntry {
                throw error(stop, "expected ':' after mapping key '\(text(start, end))', found \(describe(stop))")
            }
            let token = try continuePlain(start: start, end: end, stop: stop, blockIndent: blockIndent, flow: false)
            try emitValue(token)
            if token.multiline && bytes[index] == UInt8(ascii: ":") {
                throw error(index, "unexpected ':': this line continues the plain scalar above it, and a mapping key must be on one line (check the indentation)")
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
        index = colon + 1
        let mappingIndent = frames[frame].indent
        while bytes[index].isYAMLWhite { index += 1 }
        let byte = bytes[index]
        if byte.isYAMLBreak || byte == 0 || byte == UInt8(ascii: "#") {
            pending = .value
            pendingOffset = colon + 1
            try finishLine()
            return
        }
        try parseNode(mode: .inlineValue, column: index - lineStart, blockIndent: mappingIndent, afterTab: false)
    }

    // MARK: Flow collections

    mutating func openFlow() throws(SyntaxError) {
        try checkDepth(index)
        let isMapping = bytes[index] == UInt8(ascii: "{")
        flowStack.append(FlowFrame(isMapping: isMapping, entry: entries.count, open: index,
                                   state: isMapping ? .mappingKey : .sequenceValue,
                                   keyBase: keyStack.count, keyTable: -1))
        entries.append(Document.Entry(kind: isMapping ? .object : .array, start: UInt32(index), end: UInt32(index)))
        index += 1
    }

    /// Closes the innermost flow collection at `index` (its closing bracket). Returns true when
    /// the outermost one closed.
    mutating func closeFlow() -> Bool {
        let frame = flowStack.removeLast()
        index += 1
        close(entry: frame.entry, end: index)
        lastEnd = index
        if frame.isMapping { dropKeys(base: frame.keyBase, table: frame.keyTable) }
        return flowStack.isEmpty
    }

    /// Whitespace, comments and line breaks inside a flow collection; continuation lines must
    /// be indented more than `blockIndent`.
    @inline(__always)
    mutating func skipFlowSpace(blockIndent: Int) throws(SyntaxError) {
        // This runs before every token of a flow collection, and almost every token there
        // follows the one before it directly or after one space (`[0, 0, 390, 60]`). Space,
        // tab, line breaks, '#' and the NUL at the end are all at or below '#', so a byte
        // above it (after at most one space) needs no look at lines or comments.
        var byte = bytes[index]
        if byte == UInt8(ascii: " ") {
            byte = bytes[index + 1]
            if byte > UInt8(ascii: "#") {
                index += 1
                return
            }
        } else if byte > UInt8(ascii: "#") {
            return
        }
        try skipFlowSpaceAndLines(blockIndent: blockIndent)
    }

    /// `skipFlowSpace` past its quick cases: runs of whitespace, comments and line breaks.
    mutating func skipFlowSpaceAndLines(blockIndent: Int) throws(SyntaxError) {
        while true {
            let byte = bytes[index]
            if byte.isYAMLWhite {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                let before = bytes[index - 1]
                guard before.isYAMLWhite || before.isYAMLBreak else { return }
                while !bytes[index].isYAMLBreak && bytes[index] != 0 { index += 1 }
            } else if byte.isYAMLBreak {
                index = afterBreak(index)
                lineStart = index
                var afterSpace = index
                while bytes[afterSpace] == UInt8(ascii: " ") { afterSpace += 1 }
                var contentStart = afterSpace
                while bytes[contentStart].isYAMLWhite { contentStart += 1 }
                let next = bytes[contentStart]
                if next.isYAMLBreak || next == 0 || next == UInt8(ascii: "#") {
                    index = contentStart
                    continue
                }
                if afterSpace == index && isDocumentMarker(index) {
                    throw error(index, "document marker inside a flow collection (missing '\(closingBracket)'?)")
                }
                if afterSpace - index <= blockIndent {
                    if bytes[afterSpace] == UInt8(ascii: "\t") { throw error(afterSpace, "tabs cannot indent: use spaces") }
                    throw error(afterSpace, "bad indentation: a flow collection's continuation line must be indented more than \(blockIndent) spaces")
                }
                index = contentStart
            } else if byte == 0 && index >= count {
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

    /// `index` at '[' or '{'. Leaves `index` after the matching bracket.
    /// Long on purpose: one loop over the six states of the innermost open
    /// collection, its state a local that every token changes (a function
    /// per state would hand it back and forth through the frame).
    mutating func parseFlow(blockIndent: Int) throws(SyntaxError) {
        try openFlow()
        // The innermost collection's state is kept here, not in its frame: every token
        // changes it, and each write through `flowStack` would check that the array is
        // not shared. A frame holds the state only while a collection nested in it is open.
        var state = flowStack[flowStack.count - 1].state
        // Start of the line of the innermost mapping's last key (its ':' must be on that line).
        var keyLineStart = 0
        while true {
            try skipFlowSpace(blockIndent: blockIndent)
            let byte = bytes[index]
            switch state {
            case .sequenceValue:
                if byte == UInt8(ascii: "]") {
                    if closeFlow() { return }
                    state = flowStack[flowStack.count - 1].state
                    continue
                }
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
                    throw error(index, "unexpected \(describe(index)) in flow sequence")
                }
                state = try parseFlowNode(byte, after: .sequenceSeparator, blockIndent: blockIndent)
            case .sequenceSeparator:
                if byte == UInt8(ascii: "]") {
                    if closeFlow() { return }
                    state = flowStack[flowStack.count - 1].state
                    continue
                }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    state = .sequenceValue
                    continue
                }
                if byte == UInt8(ascii: ":") {
                    throw error(index, "single-pair mappings inside flow sequences ([a: b]) are not supported; write [{a: b}]")
                }
                throw error(index, "expected ',' or ']' in flow sequence, found \(describe(index))")
            case .mappingKey:
                if byte == UInt8(ascii: "}") {
                    if closeFlow() { return }
                    state = flowStack[flowStack.count - 1].state
                    continue
                }
                try parseFlowKey(byte, blockIndent: blockIndent)
                state = .mappingColon
                keyLineStart = lineStart
            case .mappingColon:
                if byte == UInt8(ascii: ":") {
                    if lineStart != keyLineStart {
                        throw error(index, "':' must be on the same line as its key")
                    }
                    index += 1
                    state = .mappingValue
                    continue
                }
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
                    emitNull(at: index)
                    state = .mappingSeparator
                    continue
                }
                throw error(index, "expected ':' after flow mapping key, found \(describe(index))")
            case .mappingValue:
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
                    emitNull(at: index)
                    state = .mappingSeparator
                    continue
                }
                if byte == UInt8(ascii: "]") {
                    throw error(index, "unexpected ']' in flow mapping")
                }
                state = try parseFlowNode(byte, after: .mappingSeparator, blockIndent: blockIndent)
            case .mappingSeparator:
                if byte == UInt8(ascii: "}") {
                    if closeFlow() { return }
                    state = flowStack[flowStack.count - 1].state
                    continue
                }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    state = .mappingKey
                    continue
                }
                throw error(index, "expected ',' or '}' in flow mapping, found \(describe(index))")
            }
        }
    }

    /// A flow mapping's key, at `byte` (not its closing brace): one scalar
    /// on one line, emitted into the innermost flow mapping.
    @inline(__always)
    mutating func parseFlowKey(_ byte: UInt8, blockIndent: Int) throws(SyntaxError) {
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            throw error(index, "flow collections as mapping keys are not supported")
        }
        if byte == UInt8(ascii: ":") && (bytes[index + 1].isYAMLBlankOrEnd || bytes[index + 1].isYAMLFlowIndicator) {
            throw error(index, "empty mapping keys are not supported")
        }
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
            throw error(index, "unexpected \(describe(index)) in flow mapping")
        }
        let key = try scanFlowScalar(blockIndent: blockIndent)
        if key.multiline { throw error(key.start, "a mapping key must be on one line") }
        if key.style == .plain {
            var position = key.start
            while position < key.end {
                if bytes[position] == UInt8(ascii: ":") {
                    throw error(position, "':' inside a plain key of a flow mapping is ambiguous: put a space after ':' or quote the key")
                }
                position += 1
            }
        }
        let top = flowStack.count - 1
        let table = flowStack[top].keyTable
        let newTable = try emitKey(key, keyBase: flowStack[top].keyBase, table: table)
        // Written only when a mapping gets its hash table (a write checks the array is unshared).
        if newTable != table { flowStack[top].keyTable = newTable }
    }

    /// A value inside a flow collection, at `byte`: a scalar, or a nested collection
    /// (opened, not finished). `after` is the state of the collection it is in once the
    /// value is read; returns the state to go on in (the nested collection's, if one opened).
    @inline(__always)
    mutating func parseFlowNode(_ byte: UInt8, after: FlowFrame.State, blockIndent: Int) throws(SyntaxError) -> FlowFrame.State {
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            flowStack[flowStack.count - 1].state = after
            try openFlow()
            return flowStack[flowStack.count - 1].state
        }
        let token = try scanFlowScalar(blockIndent: blockIndent)
        // Most values in flow collections are a frame's small integers: emitted here, not in a call.
        if token.style == .plain && !token.isDecoded, let payload = smallInteger(token.start, token.end) {
            emitSmallInteger(token, payload: payload)
        } else {
            try emitValue(token)
        }
        return after
    }

    /// A scalar inside a flow collection, at `index`; leaves `index` where it stopped.
    @inline(__always)
    mutating func scanFlowScalar(blockIndent: Int) throws(SyntaxError) -> ScalarToken {
        // Inlined for its usual case, a plain scalar that ends on its line (at ',' ']' '}'
        // or ': '), which is scanned where the collection is read rather than in a call.
        // A plain start is never a quote nor "- ", so checking it first changes nothing.
        if isPlainStart(index, flow: true) {
            let start = index
            let (end, stop) = scanPlainLine(start, flow: true)
            if !bytes[stop].isYAMLBreak {
                index = stop
                return ScalarToken(start: start, end: end, style: .plain)
            }
        }
        return try scanFlowScalarInFull(blockIndent: blockIndent)
    }

    /// `scanFlowScalar` past its usual case: quoted scalars, plain ones that may fold onto
    /// the next line, and the errors.
    mutating func scanFlowScalarInFull(blockIndent: Int) throws(SyntaxError) -> ScalarToken {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try scanQuoted(blockIndent: blockIndent)
        }
        if byte == UInt8(ascii: "-") && bytes[index + 1].isYAMLBlankOrEnd {
            throw error(index, "block sequence entries ('- ') are not allowed inside a flow collection")
        }
        guard isPlainStart(index, flow: true) else { throw indicatorError(index, flow: true) }
        let start = index
        let (end, stop) = scanPlainLine(start, flow: true)
        return try continuePlain(start: start, end: end, stop: stop, blockIndent: blockIndent, flow: true)
    }
}
