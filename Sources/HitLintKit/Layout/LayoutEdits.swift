/// Format-preserving edits to a layout's source, for fixes: change a node's hit
/// insets, insert a key in the style of its neighbours, remove a list entry or a
/// key. Every edit replaces a byte range of the original file; bytes outside it
/// (comments, key order, quoting, indentation, line ends) stay as they are.
public struct LayoutEditor: Sendable {
    /// What every copy shares, behind one reference: an editor is copied for each
    /// fix (`editing(_:)`), and copying a layout counted a reference for each of
    /// its arrays, twice a fix, a tenth of the dead-gap rule's time.
    private final class Shared: Sendable {
        let layout: Layout
        let bytes: SourceBytes
        /// The file's own line break: CR LF, CR or LF (decided once, from the first:
        /// a minified file is one long line).
        let lineEnding: String

        init(layout: Layout) {
            self.layout = layout
            bytes = layout.document.source.bytes
            lineEnding = layout.document.source.firstLineBreak
        }
    }
    private let shared: Shared
    /// What entry indices refer to: the layout's document, or one node's (`editing(_:)`).
    private var document: Document
    private var bytes: SourceBytes { shared.bytes }
    private var lineEnding: String { shared.lineEnding }

    public var layout: Layout { shared.layout }

    public init(layout: Layout) {
        shared = Shared(layout: layout)
        document = layout.document
    }

    /// The same editor, for entries of `source` (a node's mapping read again,
    /// in a streamed layout).
    public func editing(_ source: NodeSource) -> LayoutEditor {
        var copy = self
        copy.document = source.document
        return copy
    }

    // MARK: - Insets

    /// Edits that give node `index` the hit insets `insets` (points, UIKit
    /// convention). A node written with `hitSlop` keeps `hitSlop`; an existing
    /// value keeps its shape (number, list or mapping) where it can; a node
    /// without either gets a `hitInsets` key.
    public func setHitInsets(of index: Int, to insets: EdgeInsets) -> [TextEdit] {
        setHitInsetsReadingBack(of: index, to: insets).edits
    }

    /// `setHitInsets`, how the node's insets then read ("hitInsets -7",
    /// "hitSlop [12, 0, 12, 0]": what a fix's description says), and what the edited
    /// file's node will read once parsed again: the sides the edits write,
    /// each as its number reads back, in points (the others keep what the
    /// node has). That lets a fix be checked on the built layout instead of
    /// on the edited file parsed anew; nil when a number written is none a
    /// parser reads back as written.
    public func setHitInsetsReadingBack(of index: Int, to insets: EdgeInsets)
        -> (edits: [TextEdit], reads: String, readBack: WrittenInsets?) {
        let usesSlop = shared.layout.nodes[index].usesHitSlop
        if let members = streamedMembersWithoutInsets(of: index) {
            // Most fixes give a node of a large file its first hit insets:
            // where its members are is all the key's insertion needs.
            let (texts, value, _) = insetsTexts(insets, usesSlop: usesSlop)
            return written(InsetsChange(kind: .insertAfter(members, value: value), texts: texts, value: value, written: 0b1111),
                           usesSlop: usesSlop)
        }
        let source = shared.layout.nodeSource(of: index)
        let editor = editing(source)
        return editor.written(editor.hitInsetsChange(in: source, usesSlop: usesSlop, to: insets), usesSlop: usesSlop)
    }

    /// What `setHitInsetsReadingBack` hands back for `change`.
    private func written(_ change: InsetsChange, usesSlop: Bool) -> (edits: [TextEdit], reads: String, readBack: WrittenInsets?) {
        (edits(change), (usesSlop ? "hitSlop " : "hitInsets ") + change.value,
         change.readBack(usesSlop: usesSlop, pointsPerUnit: shared.layout.pointsPerUnit))
    }

    /// A streamed node's members, found by walking its bytes
    /// (`JSONMemberScan`), when it has no `hitInsets` or `hitSlop` key and
    /// no key written with an escape; nil otherwise, or for a node of a
    /// document (its members are then read again, `Layout.nodeSource(of:)`,
    /// as the keys they decode to decide).
    private func streamedMembersWithoutInsets(of index: Int) -> MemberTail? {
        guard let origin = shared.layout.nodes[index].origin, shared.layout.hasInsetsKey(index) == false else { return nil }
        bytes.noteScatteredRead(at: Int(origin.objectStart))
        let object = SourceSpan(start: Int(origin.objectStart), end: Int(origin.objectEnd))
        let children = origin.childrenEnd > 0 ? Int(origin.childrenStart)..<Int(origin.childrenEnd) : nil
        return bytes.withUnsafeBufferPointer { buffer -> MemberTail? in
            var members = MemberTail(object: object)
            var plain = true
            let read = JSONMemberScan.forEachMember(in: buffer, object: object.start..<object.end, skipping: children) { key, value in
                let name = UnsafeBufferPointer(rebasing: buffer[key.start..<key.end])
                if name.contains(UInt8(ascii: "\\")) || Self.spells(name, "\"hitInsets\"") || Self.spells(name, "\"hitSlop\"") {
                    plain = false
                }
                members.append(key: key, value: value, isChildren: Self.spells(name, "\"children\""))
            }
            return read && plain ? members : nil
        }
    }

    /// Whether the bytes are `word`'s (a key, quotes and all), compared
    /// byte by byte: a sequence compared with a string's UTF-8 view costs
    /// more than walking the node's bytes.
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { word in
            for position in 0..<word.count where bytes[position] != word[position] { return false }
            return true
        }
    }

    private func edits(_ change: InsetsChange) -> [TextEdit] {
        switch change.kind {
        case .insert(let object, let value):
            return [insertMember(into: object, key: "hitInsets", value: value)]
        case .insertAfter(let members, let value):
            return [insertMembers(into: members, [("hitInsets", value)])]
        case .replace(let replacements):
            return replacements.map { TextEdit(span: document.span($0.entry), replacement: $0.text) }
        case .members(let entry, let replacements, let missing):
            var edits = replacements.map { TextEdit(span: document.span($0.entry), replacement: $0.text) }
            if !missing.isEmpty {
                // All missing sides in one insertion, so two insertions at one point never compete.
                edits.append(insertMembers(into: entry, missing))
            }
            return edits
        }
    }

    /// Whether `setHitInsets` would edit anything, found without writing the
    /// edits (what counting fixable problems needs).
    public func changesHitInsets(of index: Int, to insets: EdgeInsets) -> Bool {
        // A node without the key gets one, whatever the numbers: none need writing.
        if shared.layout.hasInsetsKey(index) == false { return true }
        let source = shared.layout.nodeSource(of: index)
        let usesSlop = shared.layout.nodes[index].usesHitSlop
        // Where the layout does not know (above), its members say.
        guard source.member(usesSlop ? "hitSlop" : "hitInsets") != nil else { return true }
        switch editing(source).hitInsetsChange(in: source, usesSlop: usesSlop, to: insets).kind {
        case .insert, .insertAfter: return true
        case .replace(let replacements): return !replacements.isEmpty
        case .members(_, let replacements, let missing): return !replacements.isEmpty || !missing.isEmpty
        }
    }

    /// What giving a node new insets changes in its source: the numbers as
    /// they will read, where they go, and which sides they give.
    private struct InsetsChange {
        enum Kind {
            /// A `hitInsets` key with this value into the node's mapping, where it has neither key.
            case insert(object: Int, value: String)
            /// The same into a mapping whose members were found by walking
            /// its bytes (a streamed node's). Boxed: a change is passed by
            /// value for every fix, and most are of a document's node.
            indirect case insertAfter(MemberTail, value: String)
            /// These values replaced by these texts (none: the file already says it).
            case replace([(entry: Int, text: String)])
            /// A mapping of sides: values replaced, and sides it lacks added.
            case members(entry: Int, replacements: [(entry: Int, text: String)], missing: [(key: String, value: String)])
        }
        var kind: Kind
        /// Each side's number as written, in the file's units and convention.
        var texts: [String]
        /// The whole value as it reads: one number when the sides agree, else the list.
        var value: String
        /// The sides whose numbers the edits write (`Side.rawValue` bits).
        var written: UInt8

        /// The written sides as the parser will read them, in points (as
        /// `LayoutBuilder` converts them); nil when a number is none a parser
        /// reads as written (an infinite or huge length's text).
        func readBack(usesSlop: Bool, pointsPerUnit: Double) -> WrittenInsets? {
            var values = EdgeInsets.zero
            // A text read once, however many sides it is written for.
            var last: (text: String, value: Double)?
            for side in Side.allCases where written & 1 << side.rawValue != 0 {
                let text = texts[side.rawValue]
                let value: Double
                if let last, last.text == text {
                    value = last.value
                } else {
                    guard let read = readsAs(text), read.isFinite, abs(read) < 1e15 else { return nil }
                    value = read
                    last = (text, read)
                }
                values[side] = (usesSlop ? -value : value) * pointsPerUnit
            }
            return WrittenInsets(sides: written, values: values)
        }
    }

    /// Each side's number in the file's units and convention, and the whole
    /// value: one number when the sides agree (`uniform`), else the list
    /// (built only then). Written once: this runs for every fix.
    @inline(__always)
    private func insetsTexts(_ insets: EdgeInsets, usesSlop: Bool) -> (texts: [String], value: String, uniform: Bool) {
        if insets.top == insets.left, insets.top == insets.bottom, insets.top == insets.right {
            // The same number four times (most fixes grow a target evenly): formatted once.
            let value = shared.layout.fileLength(insets.top)
            let text = formatNumber(usesSlop ? -value : value)
            return ([text, text, text, text], text, true)
        }
        let texts = Side.allCases.map { side -> String in
            let value = shared.layout.fileLength(insets[side])
            return formatNumber(usesSlop ? -value : value)
        }
        guard !texts.allSatisfy({ $0 == texts[0] }) else { return (texts, texts[0], true) }
        var list = ByteWriter(capacity: texts.reduce(10) { $0 + $1.utf8.count })
        list += "["
        for (position, text) in texts.enumerated() {
            if position > 0 { list += ", " }
            list += text
        }
        list += "]"
        return (texts, list.string, false)
    }

    private func hitInsetsChange(in source: NodeSource, usesSlop: Bool, to insets: EdgeInsets) -> InsetsChange {
        let entry = source.member(usesSlop ? "hitSlop" : "hitInsets")?.value ?? -1
        let (texts, value, uniform) = insetsTexts(insets, usesSlop: usesSlop)
        let all: UInt8 = 0b1111
        guard entry >= 0 else {
            return InsetsChange(kind: .insert(object: source.object, value: value), texts: texts, value: value, written: all)
        }
        switch document.kind(entry) {
        case .number:
            return InsetsChange(kind: .replace([(entry, value)]), texts: texts, value: value, written: all)
        case .array where document.count(entry) == 4:
            let old = document.elements(entry).compactMap { document.number($0).map(formatNumber) }
            if uniform, old.count == 4, Set(old).count > 1 {
                // Uneven sides made even: one number says it best (as a list
                // written even by its author stays a list).
                return InsetsChange(kind: .replace([(entry, texts[0])]), texts: texts, value: value, written: all)
            }
            var written: UInt8 = 0
            var replacements: [(entry: Int, text: String)] = []
            for (side, (element, text)) in zip(Side.allCases, zip(document.elements(entry), texts)) {
                if let old = document.number(element), formatNumber(old) == text { continue }
                replacements.append((element, text))
                written |= 1 << side.rawValue
            }
            return InsetsChange(kind: .replace(replacements), texts: texts, value: value, written: written)
        case .object:
            var replacements: [(entry: Int, text: String)] = []
            var missing: [(key: String, value: String)] = []
            var written: UInt8 = 0
            for (side, text) in zip(Side.allCases, texts) {
                if let member = document.members(entry).first(where: { document.string($0.key) == side.name }) {
                    if let old = document.number(member.value), formatNumber(old) == text { continue }
                    replacements.append((member.value, text))
                } else if text != "0" {
                    missing.append((side.name, text))
                } else {
                    continue  // absent reads as 0, as written
                }
                written |= 1 << side.rawValue
            }
            return InsetsChange(kind: .members(entry: entry, replacements: replacements, missing: missing), texts: texts, value: value, written: written)
        default:
            return InsetsChange(kind: .replace([(entry, value)]), texts: texts, value: value, written: all)
        }
    }

    // MARK: - Members

    /// A line break of any kind (LF, CR LF, or CR alone) in the range.
    private func containsLineBreak(_ range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { $0[range].contains { $0 == 0x0A || $0 == 0x0D } }
    }

    private func isFlow(_ container: Int) -> Bool {
        isFlow(document.span(container))
    }

    private func isFlow(_ container: SourceSpan) -> Bool {
        let first = bytes[container.start]
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Inserts `key: value` as the last member of an object, in its style.
    public func insertMember(into object: Int, key: String, value: String) -> TextEdit {
        insertMembers(into: object, [(key, value)])
    }

    public func insertMembers(into object: Int, _ pairs: [(key: String, value: String)]) -> TextEdit {
        insertMembers(into: MemberTail(of: object, in: document), pairs)
    }

    /// `insertMembers(into:_:)`, into the mapping whose members are `members`.
    private func insertMembers(into members: MemberTail, _ pairs: [(key: String, value: String)]) -> TextEdit {
        let span = members.object
        let json = document.format == .json
        func keyText(_ key: String) -> String {
            if json { return jsonString(key) }
            if let last = members.last, let quote = quoteCharacter(of: last.key) { return "\(quote)\(key)\(quote)" }
            return key
        }
        // After the last member, or before `children` when it comes last, so a
        // node's own keys stay together above its subviews.
        var anchor = members.count - 1
        if members.count >= 2, members.lastIsChildren { anchor -= 1 }
        if isFlow(span) {
            guard anchor >= 0 else {
                // `{}`: put the members between the braces.
                let text = pairs.map { "\(keyText($0.key)): \($0.value)" }.joined(separator: ", ")
                return TextEdit(span: SourceSpan(start: span.start + 1, end: span.start + 1), replacement: text)
            }
            let member = members[anchor]
            let separator = keyValueSeparator(key: member.key, value: member.value)
            let keyStart = member.key.start
            // The separator between members as written: the gap after the anchor, else before it.
            var gapRange: Range<Int>?
            if anchor + 1 < members.count {
                gapRange = member.value.end..<members[anchor + 1].key.start
            } else if anchor > 0 {
                gapRange = members[anchor - 1].value.end..<keyStart
            }
            // Between members: a comma and a new line indented as the
            // anchor's key, or the gap's own text, or ", ".
            var between = ", "
            var breaksLine = false
            if let range = gapRange {
                if containsLineBreak(range) { breaksLine = true } else { between = separatorText(range) }
            } else if containsLineBreak((span.start + 1)..<keyStart) {
                breaksLine = true
            }
            let lineStart = breaksLine ? startOfLine(keyStart) : keyStart
            let betweenCount = breaksLine ? 1 + lineEnding.utf8.count + keyStart - lineStart : between.utf8.count
            // Written as bytes made large enough once, and made a string once:
            // a fix is written for every fixable problem of a first run, most
            // of them this insertion; the new line's indentation too.
            var text = ByteWriter(capacity: pairs.reduce(0) {
                $0 + betweenCount + $1.key.utf8.count + separator.utf8.count + $1.value.utf8.count + 4
            })
            for pair in pairs {
                if breaksLine {
                    text += ","
                    text += lineEnding
                    appendIndentation(from: lineStart, to: keyStart, into: &text)
                } else {
                    text += between
                }
                if json { text.appendJSONString(pair.key) } else { text += keyText(pair.key) }
                text += separator
                text += pair.value
            }
            let end = member.value.end
            return TextEdit(span: SourceSpan(start: end, end: end), replacement: text.string)
        }
        // Block mapping: a new line at the indentation of its keys, after the line
        // where the anchor's value ends (after any comment on that line).
        let indent = indentation(before: members.firstKey.start)
        let member = members[max(anchor, 0)]
        let separator = keyValueSeparator(key: member.key, value: member.value)
        var end = member.value.end
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let text = pairs.map { lineEnding + indent + keyText($0.key) + separator + $0.value }.joined()
        return TextEdit(span: SourceSpan(start: end, end: end), replacement: text)
    }

    /// Removes one element of a list; removes nothing else.
    public func removeElement(_ element: Int, of array: Int) -> TextEdit {
        let elements = document.elements(array)
        guard let position = elements.firstIndex(of: element) else { return TextEdit(span: SourceSpan(start: 0, end: 0), replacement: "") }
        if isFlow(array) {
            let span = document.span(element)
            if position > 0 {
                return TextEdit(span: SourceSpan(start: document.span(elements[position - 1]).end, end: span.end), replacement: "")
            }
            if elements.count > 1 {
                return TextEdit(span: SourceSpan(start: span.start, end: document.span(elements[1]).start), replacement: "")
            }
            return TextEdit(span: span, replacement: "")
        }
        return TextEdit(span: wholeLines(from: dashBefore(document.span(element).start), to: document.span(element).end), replacement: "")
    }

    /// Removes a member (key and value) of an object.
    public func removeMember(key: Int, of object: Int) -> TextEdit {
        let members = document.members(object)
        guard let position = members.firstIndex(where: { $0.key == key }) else { return TextEdit(span: SourceSpan(start: 0, end: 0), replacement: "") }
        let keySpan = document.span(key)
        let valueEnd = document.span(members[position].value).end
        if isFlow(object) {
            if position > 0 {
                return TextEdit(span: SourceSpan(start: document.span(members[position - 1].value).end, end: valueEnd), replacement: "")
            }
            if members.count > 1 {
                return TextEdit(span: SourceSpan(start: keySpan.start, end: document.span(members[1].key).start), replacement: "")
            }
            return TextEdit(span: SourceSpan(start: keySpan.start, end: valueEnd), replacement: "")
        }
        let lineStart = startOfLine(keySpan.start)
        let prefix = bytes[lineStart..<keySpan.start]
        if prefix.allSatisfy({ $0 == UInt8(ascii: " ") }) {
            return TextEdit(span: wholeLines(from: lineStart, to: valueEnd), replacement: "")
        }
        // The first key of a `- key: value` entry: keep the dash, pull the next key up to it.
        if position + 1 < members.count {
            return TextEdit(span: SourceSpan(start: keySpan.start, end: document.span(members[position + 1].key).start), replacement: "")
        }
        return TextEdit(span: SourceSpan(start: keySpan.start, end: valueEnd), replacement: "{}")
    }

    /// A mapping's members as `insertMembers` reads them: where the mapping
    /// is, how many members, the first key, the last three, and whether the
    /// last is `children`, found in one walk without a list of them all
    /// (every fix that inserts a key asks). Spans, so a streamed node's
    /// members can be found by walking its bytes (`JSONMemberScan`).
    private struct MemberTail {
        let object: SourceSpan
        private(set) var count = 0
        private(set) var firstKey = SourceSpan(start: 0, end: 0)
        private(set) var lastIsChildren = false
        private var tail = (Self.none, Self.none, Self.none)
        private static let none = (key: SourceSpan(start: 0, end: 0), value: SourceSpan(start: 0, end: 0))

        init(object: SourceSpan) {
            self.object = object
        }

        init(of object: Int, in document: Document) {
            self.init(object: document.span(object))
            // The walk keeps entries; only the members kept are given spans.
            let end = document.next(object)
            var keys = (-1, -1, -1)
            var key = object + 1
            while key < end {
                if count == 0 { firstKey = document.span(key) }
                keys = (keys.1, keys.2, key)
                count += 1
                key = document.next(key + 1)
            }
            tail = (Self.member(keys.0, in: document), Self.member(keys.1, in: document), Self.member(keys.2, in: document))
            // A key is compared as it decodes (`"child\u0072en"` is `children`).
            lastIsChildren = keys.2 >= 0 && document.stringEquals(keys.2, "children")
        }

        /// The key entry's member as spans (none for -1).
        private static func member(_ key: Int, in document: Document) -> (key: SourceSpan, value: SourceSpan) {
            key >= 0 ? (document.span(key), document.span(key + 1)) : none
        }

        mutating func append(key: SourceSpan, value: SourceSpan, isChildren: Bool) {
            if count == 0 { firstKey = key }
            tail = (tail.1, tail.2, (key, value))
            count += 1
            lastIsChildren = isChildren
        }

        var last: (key: SourceSpan, value: SourceSpan)? { count > 0 ? tail.2 : nil }

        /// Member `index`, one of the last three.
        subscript(index: Int) -> (key: SourceSpan, value: SourceSpan) {
            switch count - 1 - index {
            case 0: return tail.2
            case 1: return tail.1
            case 2: return tail.0
            default: preconditionFailure("only a mapping's last three members are kept")
            }
        }
    }

    // MARK: - Byte helpers

    private func startOfLine(_ offset: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var start = offset
            while start > 0, buffer[start - 1] != 0x0A, buffer[start - 1] != 0x0D { start -= 1 }
            return start
        }
    }

    /// The offset of the `-` that introduces a block sequence entry starting at `offset`.
    private func dashBefore(_ offset: Int) -> Int {
        var position = offset
        while position > 0, bytes[position - 1] != UInt8(ascii: "-") { position -= 1 }
        return max(0, position - 1)
    }

    /// From the start of the line holding `start` through the line break after `end`.
    private func wholeLines(from start: Int, to end: Int) -> SourceSpan {
        let lineStart = startOfLine(start)
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        if lineEnd < bytes.count, bytes[lineEnd] == 0x0D { lineEnd += 1 }
        if lineEnd < bytes.count, bytes[lineEnd] == 0x0A { lineEnd += 1 }
        return SourceSpan(start: lineStart, end: lineEnd)
    }

    /// Blank space as wide as the text before `offset` on its line ("  - " →
    /// 4 spaces): its tabs kept as tabs (a JSON file indented with tabs gets
    /// a new key indented with tabs), every other character a space.
    private func indentation(before offset: Int) -> String {
        let start = startOfLine(offset)
        var text = ByteWriter(capacity: offset - start)
        appendIndentation(from: start, to: offset, into: &text)
        return text.string
    }

    /// `indentation(before:)` of the bytes `start..<offset` (a line's start
    /// to a point on it), written into `text`: a fix that inserts a key
    /// writes its line's indentation, and a string grown a character at a
    /// time costs more than the rest of the insertion.
    private func appendIndentation(from start: Int, to offset: Int, into text: inout ByteWriter) {
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer[start..<offset] where byte & 0xC0 != 0x80 {
                text.append(byte == 0x09 ? UInt8(0x09) : UInt8(0x20))
            }
        }
    }

    /// The bytes between a key and its value (": ", ":"), as written.
    private func keyValueSeparator(key: SourceSpan, value: SourceSpan) -> String {
        let from = key.end
        let to = value.start
        guard to > from else { return ": " }
        let breaksLine = bytes.withUnsafeBufferPointer { $0[from..<to].contains { $0 == 0x0A || $0 == 0x0D } }
        return breaksLine ? ": " : separatorText(from..<to)
    }

    /// The bytes between two members, or a key and its value, as text: the
    /// few that files mostly hold as the literals they are (a string made of
    /// a file's bytes is checked as UTF-8 each time, for every fix).
    private func separatorText(_ range: Range<Int>) -> String {
        let count = range.count
        if count == 1 || (count == 2 && bytes[range.lowerBound + 1] == UInt8(ascii: " ")) {
            switch bytes[range.lowerBound] {
            case UInt8(ascii: ":"): return count == 1 ? ":" : ": "
            case UInt8(ascii: ","): return count == 1 ? "," : ", "
            default: break
            }
        }
        return bytes.string(range)
    }

    private func quoteCharacter(of key: SourceSpan) -> Character? {
        let first = bytes[key.start]
        if first == UInt8(ascii: "\"") { return "\"" }
        if first == UInt8(ascii: "'") { return "'" }
        return nil
    }
}

/// Sides of a node's hit insets as a fix writes them, as they will read once
/// the edited file is parsed again (points, UIKit convention): the sides in
/// `sides` (`Side.rawValue` bits) take `values`, the others keep theirs.
public struct WrittenInsets: Hashable, Sendable {
    // The values first: the byte of sides then packs beside `HitAreaChange`'s
    // other small fields instead of being padded to a word of its own.
    public var values: EdgeInsets
    public var sides: UInt8

    public init(sides: UInt8, values: EdgeInsets) {
        self.sides = sides
        self.values = values
    }

    /// `insets` with the written sides replaced.
    public func applied(to insets: EdgeInsets) -> EdgeInsets {
        var result = insets
        for side in Side.allCases where sides & 1 << side.rawValue != 0 { result[side] = values[side] }
        return result
    }
}

/// What a number's text reads as once parsed: the double nearest to the
/// decimal it writes. A number a fix writes (`formatNumber`: digits, at most
/// two decimals) is worked out from its digits (every fix of a first run is
/// read back, and parsing the text is the costly way to learn it): the
/// digits make an integer N below 2^53, exact as a double, and N / 10 or
/// N / 100 is rounded once, to the double nearest to the decimal, as a
/// parser rounds it. Any other text (an exponent, ∞, more digits) is parsed.
func readsAs(_ text: String) -> Double? {
    var text = text
    // Read in place: a fix reads back each number it writes.
    let quick = text.withUTF8 { bytes -> Double?? in
        var digits: UInt64 = 0
        var count = 0
        var decimals = -1  // -1 before a point
        var negative = false
        for position in bytes.indices {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "-") where position == 0:
                negative = true
            case UInt8(ascii: "."):
                guard decimals < 0, count > 0 else { return nil }
                decimals = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits = digits &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                count += 1
                if decimals >= 0 { decimals += 1 }
            default:
                return nil
            }
        }
        guard count > 0, count <= 15, decimals != 0, decimals <= 2 else { return nil }
        var value = Double(digits)
        if decimals > 0 { value /= decimals == 1 ? 10 : 100 }
        return .some(negative ? -value : value)
    }
    return quick ?? Double(text)
}

/// A number as a fix writes it: an integer when it is one (`-7`, not `-7.0`),
/// else at most two decimals.
public func formatNumber(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == 0 { return "0" }
    return formatLength(rounded)
}
