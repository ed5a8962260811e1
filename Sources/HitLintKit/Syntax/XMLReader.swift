/// XML 1.0 (fifth edition) with namespaces → `Document`.
///
/// UI captures come as XML (UI Automator dumps, Appium and WebDriverAgent page
/// sources); the importers read them through the same flat value tree as
/// JSON and YAML, so an element is a value, in JsonML's shape:
///
///     <node class="a" bounds="[0,0][1,1]">hi<b/></node>
///     → ["node", {"class": "a", "bounds": "[0,0][1,1]"}, "hi", ["b", {}]]
///
/// An element is an array whose first entry is its name (as written, prefix
/// included), whose second is an object of its attributes in document order
/// (namespace declarations included), and whose others are its content:
/// child elements and text. Text is what `xml.etree` keeps: character data,
/// references and CDATA sections joined into one string between two tags,
/// comments and processing instructions left out (the text on both sides of a
/// comment is one string). Spans: the element array spans the element, its
/// name the name in the start tag, the attribute object the start tag, an
/// attribute value its quotes; so diagnostics land on the element's line.
///
/// Strict: what is not well-formed XML 1.0 with namespaces is an error at the
/// first bad byte, saying what was expected. Refused on purpose, each with its
/// own message: a DOCTYPE (no entity is ever expanded, no DTD read), an
/// encoding other than UTF-8 (UTF-16 included), an XML version other than 1.x.
/// Only the five predefined entities and character references exist. Line
/// ends are normalized (CR LF and CR → LF), attribute values normalized (each
/// tab, line end or CR LF → one space), as XML says. Names follow the fifth
/// edition; expat (behind Python's `xml.etree`) still uses the older tables and
/// refuses some names this accepts (Scripts/xml-differential says so).
///
/// Iterative (open elements are on an explicit stack), with the JSON parser's
/// limits: `maximumNestingDepth` elements deep, `Document.Entry.maximumEntries`
/// values, files under 4 GiB.
public enum XMLReader {
    public static func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        try parse(source, valueLimit: Document.Entry.maximumEntries)
    }

    /// `valueLimit`: the most values a document may hold (tests lower it).
    static func parse(_ source: SourceText, valueLimit: Int) throws(SyntaxError) -> Document {
        let count = source.bytes.count
        guard count < Int(UInt32.max) else {
            throw SyntaxError(offset: 0, message: "file too large: 4 GiB or more is not supported")
        }
        return try source.bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> Document in
            guard let base = buffer.baseAddress, count > 0 else {
                throw SyntaxError(offset: 0, message: "expected an XML element, found end of file")
            }
            var reader = Reader(base: base, count: count, valueLimit: valueLimit)
            try reader.run()
            try Document.checkSize(reader.entries, limit: valueLimit)
            var document = Document(source: source, entries: reader.entries, strings: reader.strings)
            document.format = .xml
            return document
        }
    }

    /// The namespace the `xml` prefix is bound to, always.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The namespace of `xmlns` declarations, which no prefix may be bound to.
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
}

private typealias Entry = Document.Entry

private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let ampersand = UInt8(ascii: "&")
private let slash = UInt8(ascii: "/")
private let equals = UInt8(ascii: "=")
private let question = UInt8(ascii: "?")
private let exclamation = UInt8(ascii: "!")
private let colon = UInt8(ascii: ":")
private let semicolon = UInt8(ascii: ";")
private let hash = UInt8(ascii: "#")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
private let closeBracket = UInt8(ascii: "]")
private let minus = UInt8(ascii: "-")

private struct Reader {
    let base: UnsafePointer<UInt8>
    let count: Int
    let valueLimit: Int
    var index = 0
    var entries: [Entry] = []
    var strings: [String] = []

    /// An element whose end tag is still to come.
    struct OpenElement {
        var entry: Int
        var nameStart: Int
        var nameEnd: Int
        /// `bindings.count` before the element's own declarations.
        var bindingsBefore: Int
    }
    var open: [OpenElement] = []

    /// A namespace prefix declared by an open element (`xmlns:p="uri"`).
    struct Binding {
        var prefixStart: Int
        var prefixEnd: Int
        var uri: String
    }
    var bindings: [Binding] = []

    /// Text gathered since the last tag: `textStart ..< textEnd` in the file,
    /// and, once it is not one verbatim slice of it, its decoded bytes.
    var textStart = -1
    var textEnd = -1
    var textIsDecoded = false
    var textBytes: [UInt8] = []

    /// An attribute of the start tag being read.
    struct Attribute {
        var nameStart: Int
        var nameEnd: Int
        /// Position of the colon in the name, or -1.
        var colonAt: Int
        var valueEntry: Int
        var hash: UInt64
    }
    var attributes: [Attribute] = []
    /// Scratch for attribute values and references.
    var scratch: [UInt8] = []

    init(base: UnsafePointer<UInt8>, count: Int, valueLimit: Int) {
        self.base = base
        self.count = count
        self.valueLimit = valueLimit
    }

    // MARK: Document

    mutating func run() throws(SyntaxError) {
        try checkEncodingOfBytes()
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { index = 3 }
        if startsWith("<?xml"), index + 5 < count, isSpace(base[index + 5]) || base[index + 5] == question {
            try readDeclaration()
        }
        // Prolog: comments, processing instructions and white space before the root.
        try readMisc(beforeRoot: true)
        guard index < count else { throw failure(index, "expected an XML element, found end of file") }
        try readContent()
        try readMisc(beforeRoot: false)
    }

    /// UTF-16 and UTF-32 files (a byte order mark, or NUL bytes in the first
    /// characters) are refused with their own message.
    func checkEncodingOfBytes() throws(SyntaxError) {
        if count >= 2, (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE) {
            throw failure(0, "UTF-16 is not supported: save the file as UTF-8")
        }
        if count >= 2, base[0] == 0 || base[1] == 0 {
            throw failure(base[0] == 0 ? 0 : 1, "NUL byte in file (UTF-16 or UTF-32 is not supported: save the file as UTF-8)")
        }
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, at the very start.
    mutating func readDeclaration() throws(SyntaxError) {
        index += 5
        var seen = 0  // 1: version, 2: encoding, 3: standalone
        while true {
            let hadSpace = skipSpace()
            if startsWith("?>") {
                guard seen >= 1 else { throw failure(index, "the XML declaration needs a version (<?xml version=\"1.0\"?>)") }
                index += 2
                return
            }
            guard hadSpace else { throw failure(index, "expected white space or '?>' in the XML declaration, found \(describe(index))") }
            let nameStart = index
            while index < count, isNameByte(base[index]) { index += 1 }
            let field = text(nameStart, index)
            let order: Int
            switch field {
            case "version": order = 1
            case "encoding": order = 2
            case "standalone": order = 3
            case "":
                throw failure(index, "expected version, encoding, standalone or '?>' in the XML declaration, found \(describe(index))")
            default:
                throw failure(nameStart, "unknown field '\(field)' in the XML declaration (version, encoding and standalone exist, in that order)")
            }
            guard order > seen else {
                throw failure(nameStart, seen == 0 || order == seen
                    ? "'\(field)' may not come here in the XML declaration"
                    : "'\(field)' must come before the fields after it in the XML declaration (version, encoding, standalone)")
            }
            if seen == 0, order != 1 { throw failure(nameStart, "the XML declaration must start with the version (<?xml version=\"1.0\" …?>)") }
            seen = order
            skipSpace()
            guard index < count, base[index] == equals else { throw failure(index, "expected '=' after '\(field)', found \(describe(index))") }
            index += 1
            skipSpace()
            guard index < count, base[index] == doubleQuote || base[index] == singleQuote else {
                throw failure(index, "expected a quoted value for '\(field)', found \(describe(index))")
            }
            let quote = base[index]
            let valueStart = index + 1
            var end = valueStart
            while end < count, base[end] != quote, base[end] != lessThan, base[end] != greaterThan, !isSpace(base[end]) { end += 1 }
            guard end < count, base[end] == quote else {
                throw failure(end, "expected the closing quote of '\(field)', found \(describe(end))")
            }
            let value = text(valueStart, end)
            switch order {
            case 1:
                let digits = value.utf8.dropFirst(2)
                guard value.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    throw failure(valueStart, "XML version '\(value)' is not supported (XML 1.0 documents say version=\"1.0\")")
                }
            case 2:
                let lower = value.lowercased()
                guard lower == "utf-8" || lower == "utf8" else {
                    throw unsupported(valueStart, "encoding '\(value)' is not supported: hitlint reads UTF-8 (save the file as UTF-8 and say encoding=\"UTF-8\")")
                }
            default:
                guard value == "yes" || value == "no" else {
                    throw failure(valueStart, "standalone must be \"yes\" or \"no\", found '\(value)'")
                }
            }
            index = end + 1
        }
    }

    /// Comments, processing instructions and white space outside the root element.
    mutating func readMisc(beforeRoot: Bool) throws(SyntaxError) {
        while true {
            skipSpace()
            guard index < count else { return }
            guard base[index] == lessThan else {
                if base[index] == 0 { throw failure(index, "NUL byte in file") }
                throw failure(index, beforeRoot
                    ? "expected an XML element, found \(describe(index))"
                    : "expected end of file after the root element, found \(describe(index)) (a document has one root element)")
            }
            if startsWith("<!--") {
                try readComment()
            } else if startsWith("<?") {
                try readProcessingInstruction()
            } else if startsWith("<!DOCTYPE") {
                throw unsupported(index, "a DOCTYPE is not supported: hitlint reads no DTD and expands no entity (remove the <!DOCTYPE …> declaration)")
            } else if startsWith("<![CDATA[") {
                throw failure(index, "a CDATA section may only be inside an element")
            } else if !beforeRoot {
                throw failure(index, "expected end of file after the root element, found \(describe(index)) (a document has one root element)")
            } else {
                return
            }
        }
    }

    // MARK: Elements and content

    /// The root element and everything in it, with an explicit stack of open elements.
    mutating func readContent() throws(SyntaxError) {
        try readStartTag()
        while !open.isEmpty {
            guard index < count else {
                throw failure(count, "expected '</\(openName(open.count - 1))>', found end of file")
            }
            let byte = base[index]
            if byte == lessThan {
                guard index + 1 < count else { throw failure(index + 1, "expected a tag name after '<', found end of file") }
                let next = base[index + 1]
                if next == slash {
                    try readEndTag()
                } else if next == exclamation {
                    if startsWith("<!--") {
                        try readComment()
                    } else if startsWith("<![CDATA[") {
                        try readCDATA()
                    } else if startsWith("<!DOCTYPE") {
                        throw unsupported(index, "a DOCTYPE is not supported (and may only come before the root element)")
                    } else {
                        throw failure(index + 2, "expected '--' (a comment) or '[CDATA[' after '<!', found \(describe(index + 2))")
                    }
                } else if next == question {
                    try readProcessingInstruction()
                } else {
                    flushText()
                    try readStartTag()
                }
            } else if byte == ampersand {
                try readReferenceInText()
            } else {
                try readCharacterData()
            }
        }
    }

    func openName(_ position: Int) -> String {
        text(open[position].nameStart, open[position].nameEnd)
    }

    /// `<name attr="value" …>` or `<name …/>`.
    mutating func readStartTag() throws(SyntaxError) {
        let tagStart = index
        index += 1
        let nameStart = index
        let nameColon = try readName(what: "a tag name after '<'")
        let nameEnd = index
        if open.count >= maximumNestingDepth {
            throw failure(tagStart, "nesting deeper than \(maximumNestingDepth) levels is not supported")
        }
        if entries.count + 2 > valueLimit {
            throw failure(tagStart, "more than \(valueLimit) values in one file are not supported")
        }
        let element = entries.count
        entries.append(Entry(kind: .array, start: UInt32(tagStart), end: 0))
        entries.append(Entry(kind: .string, start: UInt32(nameStart), end: UInt32(nameEnd)))
        let attributeObject = entries.count
        entries.append(Entry(kind: .object, start: UInt32(tagStart), end: 0))
        attributes.removeAll(keepingCapacity: true)
        if !attributesByHash.isEmpty { attributesByHash.removeAll() }
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard index < count else { throw failure(count, "expected '>' or '/>' to end the tag '<\(text(nameStart, nameEnd))', found end of file") }
            let byte = base[index]
            if byte == greaterThan {
                index += 1
                break
            }
            if byte == slash {
                guard index + 1 < count, base[index + 1] == greaterThan else {
                    throw failure(index + 1, "expected '>' after '/' in the tag '<\(text(nameStart, nameEnd))', found \(describe(index + 1))")
                }
                index += 2
                selfClosing = true
                break
            }
            guard hadSpace else {
                throw failure(index, "expected white space, '>' or '/>' after \(attributes.isEmpty ? "the tag name" : "an attribute value"), found \(describe(index))")
            }
            try readAttribute(tagName: nameStart..<nameEnd)
        }
        entries[attributeObject].end = UInt32(index)
        entries[attributeObject].payload = UInt32(entries.count)
        let bindingsBefore = bindings.count
        try checkAttributes(tagStart: tagStart)
        try checkPrefix(nameStart: nameStart, colonAt: nameColon, isElement: true)
        if selfClosing {
            entries[element].end = UInt32(index)
            entries[element].payload = UInt32(entries.count)
            bindings.removeLast(bindings.count - bindingsBefore)
        } else {
            open.append(OpenElement(entry: element, nameStart: nameStart, nameEnd: nameEnd, bindingsBefore: bindingsBefore))
        }
    }

    /// `name = "value"`, its value entered as a string (decoded when it had
    /// references or white space to normalize).
    mutating func readAttribute(tagName: Range<Int>) throws(SyntaxError) {
        let nameStart = index
        let colonAt = try readName(what: "an attribute name")
        let nameEnd = index
        skipSpace()
        guard index < count, base[index] == equals else {
            throw failure(index, "expected '=' after the attribute name '\(text(nameStart, nameEnd))', found \(describe(index))")
        }
        index += 1
        skipSpace()
        guard index < count, base[index] == doubleQuote || base[index] == singleQuote else {
            throw failure(index, "expected a quoted value for the attribute '\(text(nameStart, nameEnd))', found \(describe(index))"
                          + (index < count && isNameByte(base[index]) ? " (XML attribute values are always quoted)" : ""))
        }
        if entries.count + 2 > valueLimit {
            throw failure(nameStart, "more than \(valueLimit) values in one file are not supported")
        }
        entries.append(Entry(kind: .string, start: UInt32(nameStart), end: UInt32(nameEnd)))
        let valueEntry = entries.count
        try readAttributeValue()
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for position in nameStart..<nameEnd { hash = (hash ^ UInt64(base[position])) &* 0x100_0000_01B3 }
        let attribute = Attribute(nameStart: nameStart, nameEnd: nameEnd, colonAt: colonAt, valueEntry: valueEntry, hash: hash)
        try checkDuplicate(attribute)
        attributes.append(attribute)
    }

    /// A quoted attribute value: `<` is not allowed; references are replaced;
    /// each white-space character (and CR LF) becomes one space.
    mutating func readAttributeValue() throws(SyntaxError) {
        let quote = base[index]
        let valueStart = index
        index += 1
        var decoded = false
        scratch.removeAll(keepingCapacity: true)
        var runStart = index
        while true {
            guard index < count else { throw failure(count, "expected the closing \(quote == doubleQuote ? "'\"'" : "\"'\"") of the attribute value, found end of file") }
            let byte = base[index]
            if byte == quote { break }
            switch byte {
            case lessThan:
                throw failure(index, "'<' is not allowed in an attribute value (write &lt;)")
            case ampersand:
                if !decoded { decoded = true }
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                let scalar = try readReference()
                UTF8Bytes.append(scalar, to: &scratch)
                runStart = index
            case 0x09, 0x0A, 0x0D:
                if !decoded { decoded = true }
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                scratch.append(0x20)
                index += byte == 0x0D && index + 1 < count && base[index + 1] == 0x0A ? 2 : 1
                runStart = index
            case 0x00..<0x20:
                throw controlCharacterFailure(index)
            case 0x80...:
                index = try scanCharacter(index)
            default:
                index += 1
            }
        }
        let valueEnd = index + 1
        if decoded {
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            entries.append(Entry(kind: .string, flags: Entry.quoted | Entry.decoded, start: UInt32(valueStart),
                                 end: UInt32(valueEnd), payload: UInt32(strings.count)))
            strings.append(String(decoding: scratch, as: UTF8.self))
        } else {
            entries.append(Entry(kind: .string, flags: Entry.quoted, start: UInt32(valueStart), end: UInt32(valueEnd)))
        }
        index = valueEnd
    }

    /// Two attributes of one element may not have the same name.
    mutating func checkDuplicate(_ attribute: Attribute) throws(SyntaxError) {
        let length = attribute.nameEnd - attribute.nameStart
        func same(_ other: Attribute) -> Bool {
            other.hash == attribute.hash && other.nameEnd - other.nameStart == length
                && sameBytes(other.nameStart, attribute.nameStart, length)
        }
        guard attributes.count >= 32 else {
            for existing in attributes where same(existing) { throw duplicateFailure(attribute) }
            return
        }
        // A hostile tag with thousands of attributes: look them up by hash, not in pairs.
        if attributesByHash.isEmpty {
            for (position, existing) in attributes.enumerated() { attributesByHash[existing.hash, default: []].append(position) }
        }
        for position in attributesByHash[attribute.hash] ?? [] where same(attributes[position]) { throw duplicateFailure(attribute) }
        attributesByHash[attribute.hash, default: []].append(attributes.count)
    }
    /// The attributes of the tag being read, by name hash, once it has many.
    var attributesByHash: [UInt64: [Int]] = [:]

    @inline(never)
    func duplicateFailure(_ attribute: Attribute) -> SyntaxError {
        failure(attribute.nameStart, "duplicate attribute '\(text(attribute.nameStart, attribute.nameEnd))' in one tag")
    }

    /// Namespace declarations of the tag just read (they apply to the tag
    /// itself), then its attributes' prefixes, and attributes that are the
    /// same once their prefixes are resolved.
    mutating func checkAttributes(tagStart: Int) throws(SyntaxError) {
        var prefixed = 0
        for attribute in attributes {
            let length = attribute.nameEnd - attribute.nameStart
            let isDefault = length == 5 && startsWith("xmlns", at: attribute.nameStart)
            let declares = attribute.colonAt == attribute.nameStart + 5 && startsWith("xmlns:", at: attribute.nameStart)
            if isDefault {
                let uri = stringValue(attribute.valueEntry)
                if uri == XMLReader.xmlNamespace || uri == XMLReader.xmlnsNamespace {
                    throw failure(attribute.nameStart, "the default namespace may not be '\(uri)' (a reserved namespace)")
                }
            } else if declares {
                let prefixStart = attribute.colonAt + 1
                let prefixLength = attribute.nameEnd - prefixStart
                let uri = stringValue(attribute.valueEntry)
                let isXML = prefixLength == 3 && startsWith("xml", at: prefixStart)
                if prefixLength == 5, startsWith("xmlns", at: prefixStart) {
                    throw failure(attribute.nameStart, "the prefix 'xmlns' is reserved and may not be declared")
                }
                if isXML, uri != XMLReader.xmlNamespace {
                    throw failure(attribute.nameStart, "the prefix 'xml' is reserved: it may only be bound to \(XMLReader.xmlNamespace)")
                }
                if !isXML, uri == XMLReader.xmlNamespace || uri == XMLReader.xmlnsNamespace {
                    throw failure(attribute.nameStart, "a prefix may not be bound to the reserved namespace '\(uri)'")
                }
                if uri.isEmpty {
                    throw failure(attribute.nameStart, "a namespace prefix may not be undeclared (xmlns:\(text(prefixStart, attribute.nameEnd))=\"\")")
                }
                bindings.append(Binding(prefixStart: prefixStart, prefixEnd: attribute.nameEnd, uri: uri))
            } else if attribute.colonAt >= 0 {
                prefixed += 1
            }
        }
        guard prefixed > 0 else { return }
        var seen: Set<String> = []
        for attribute in attributes where attribute.colonAt >= 0 {
            if attribute.colonAt == attribute.nameStart + 5, startsWith("xmlns:", at: attribute.nameStart) { continue }
            let uri = try checkPrefix(nameStart: attribute.nameStart, colonAt: attribute.colonAt, isElement: false)
            if prefixed > 1, !seen.insert(uri + "}" + text(attribute.colonAt + 1, attribute.nameEnd)).inserted {
                throw failure(attribute.nameStart, "duplicate attribute '\(text(attribute.nameStart, attribute.nameEnd))': "
                              + "another attribute of the tag has the same name in the namespace '\(uri)'")
            }
        }
    }

    /// The namespace of a prefixed name (bound by an open element, or `xml`); "" without a prefix.
    @discardableResult
    func checkPrefix(nameStart: Int, colonAt: Int, isElement: Bool) throws(SyntaxError) -> String {
        guard colonAt >= 0 else { return "" }
        let length = colonAt - nameStart
        if length == 3, startsWith("xml", at: nameStart) { return XMLReader.xmlNamespace }
        for binding in bindings.reversed() where binding.prefixEnd - binding.prefixStart == length
            && sameBytes(binding.prefixStart, nameStart, length) {
            return binding.uri
        }
        throw failure(nameStart, "undeclared namespace prefix '\(text(nameStart, colonAt))' in the \(isElement ? "tag" : "attribute") name "
                      + "'\(text(nameStart, nameEndOf(nameStart)))' (declare it with xmlns:\(text(nameStart, colonAt))=\"…\")")
    }

    /// Where a name that was read starts ends.
    func nameEndOf(_ start: Int) -> Int {
        var end = start
        while end < count, isNameByte(base[end]) || base[end] >= 0x80 { end += 1 }
        return end
    }

    func stringValue(_ entry: Int) -> String {
        let value = entries[entry]
        if value.flags & Entry.decoded != 0 { return strings[Int(value.payload)] }
        return text(Int(value.start) + 1, Int(value.end) - 1)
    }

    /// `</name>`, which must close the innermost open element.
    mutating func readEndTag() throws(SyntaxError) {
        flushText()
        index += 2
        let nameStart = index
        _ = try readName(what: "a tag name after '</'")
        let nameEnd = index
        let element = open[open.count - 1]
        let expected = element.nameEnd - element.nameStart
        guard nameEnd - nameStart == expected, sameBytes(nameStart, element.nameStart, expected) else {
            throw failure(nameStart, "the end tag '</\(text(nameStart, nameEnd))>' does not match the open tag '<\(text(element.nameStart, element.nameEnd))>'")
        }
        skipSpace()
        guard index < count, base[index] == greaterThan else {
            throw failure(index, "expected '>' to end the tag '</\(text(nameStart, nameEnd))', found \(describe(index))")
        }
        index += 1
        entries[element.entry].end = UInt32(index)
        entries[element.entry].payload = UInt32(entries.count)
        bindings.removeLast(bindings.count - element.bindingsBefore)
        open.removeLast()
    }

    /// A name (`Name` of XML 1.0, fifth edition) with at most one colon, not at
    /// either end (a `QName` of the namespaces spec). Returns the colon's position, or -1.
    mutating func readName(what: String) throws(SyntaxError) -> Int {
        let start = index
        var colonAt = -1
        while index < count {
            let byte = base[index]
            if byte < 0x80 {
                guard asciiNameTable[Int(byte)] != 0 else { break }
                if index == start, asciiNameTable[Int(byte)] != 2 {
                    throw failure(index, "expected \(what), found \(describe(index)) (a name starts with a letter, '_' or ':')")
                }
                if byte == colon {
                    if colonAt >= 0 { throw failure(index, "a name may have one ':' (between a namespace prefix and the local name)") }
                    if index == start { throw failure(index, "a name may not start with ':'") }
                    colonAt = index
                }
                index += 1
            } else {
                guard let length = UTF8Bytes.sequenceLength(base, count, index) else { throw invalidUTF8Failure(index) }
                let scalar = UTF8Bytes.scalar(base, index, length: length)
                let allowed = index == start ? isNameStartScalar(scalar) : isNameScalar(scalar)
                guard allowed else {
                    throw failure(index, index == start
                        ? "expected \(what), found \(describe(index)), which cannot start a name"
                        : "\(describe(index)) is not allowed in a name")
                }
                index += length
            }
        }
        guard index > start else {
            if index < count, base[index] == 0 { throw failure(index, "NUL byte in file") }
            throw failure(index, "expected \(what), found \(describe(index))")
        }
        if colonAt == index - 1 { throw failure(colonAt, "a name may not end with ':'") }
        return colonAt
    }

    // MARK: Text

    /// Character data up to the next `<` or `&`: a verbatim slice unless it
    /// holds a CR (line ends are normalized).
    mutating func readCharacterData() throws(SyntaxError) {
        let start = index
        var hasCarriageReturn = false
        while index < count {
            let byte = base[index]
            if byte == lessThan || byte == ampersand { break }
            switch byte {
            case 0x09, 0x0A:
                index += 1
            case 0x0D:
                hasCarriageReturn = true
                index += 1
            case 0x00..<0x20:
                throw controlCharacterFailure(index)
            case closeBracket:
                if index + 2 < count, base[index + 1] == closeBracket, base[index + 2] == greaterThan {
                    throw failure(index, "']]>' is not allowed in text (write ]]&gt;)")
                }
                index += 1
            case 0x80...:
                index = try scanCharacter(index)
            default:
                index += 1
            }
        }
        if hasCarriageReturn {
            appendDecodedText(start: start, end: index, bytes: normalizedLineEnds(start, index))
        } else {
            appendVerbatimText(start: start, end: index)
        }
    }

    /// `&name;` or `&#…;` in text.
    mutating func readReferenceInText() throws(SyntaxError) {
        let start = index
        let scalar = try readReference()
        scratch.removeAll(keepingCapacity: true)
        UTF8Bytes.append(scalar, to: &scratch)
        appendDecodedText(start: start, end: index, bytes: scratch)
    }

    /// `<![CDATA[ … ]]>`: its content is text as it is (line ends normalized).
    mutating func readCDATA() throws(SyntaxError) {
        let sectionStart = index
        index += 9
        let start = index
        var hasCarriageReturn = false
        while true {
            guard index < count else { throw failure(sectionStart, "the CDATA section is not closed with ']]>'") }
            let byte = base[index]
            if byte == closeBracket, index + 2 < count, base[index + 1] == closeBracket, base[index + 2] == greaterThan { break }
            switch byte {
            case 0x09, 0x0A: index += 1
            case 0x0D:
                hasCarriageReturn = true
                index += 1
            case 0x00..<0x20: throw controlCharacterFailure(index)
            case 0x80...: index = try scanCharacter(index)
            default: index += 1
            }
        }
        let end = index
        index += 3
        if start == end { return }
        if hasCarriageReturn {
            appendDecodedText(start: start, end: end, bytes: normalizedLineEnds(start, end))
        } else {
            appendVerbatimText(start: start, end: end)
        }
    }

    func normalizedLineEnds(_ start: Int, _ end: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        var position = start
        while position < end {
            let byte = base[position]
            if byte == 0x0D {
                bytes.append(0x0A)
                position += position + 1 < end && base[position + 1] == 0x0A ? 2 : 1
            } else {
                bytes.append(byte)
                position += 1
            }
        }
        return bytes
    }

    mutating func appendVerbatimText(start: Int, end: Int) {
        guard end > start else { return }
        if textStart < 0 {
            textStart = start
            textEnd = end
            textIsDecoded = false
            return
        }
        beginDecodedText()
        textBytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
        textEnd = end
    }

    mutating func appendDecodedText(start: Int, end: Int, bytes: [UInt8]) {
        if textStart < 0 {
            textStart = start
            textEnd = start
            textIsDecoded = true
            textBytes.removeAll(keepingCapacity: true)
        } else {
            beginDecodedText()
        }
        textBytes.append(contentsOf: bytes)
        textEnd = end
    }

    /// From one verbatim slice to decoded bytes (a second piece arrived).
    mutating func beginDecodedText() {
        guard !textIsDecoded else { return }
        textBytes.removeAll(keepingCapacity: true)
        textBytes.append(contentsOf: UnsafeBufferPointer(start: base + textStart, count: textEnd - textStart))
        textIsDecoded = true
    }

    /// The text gathered since the last tag becomes a string of the open element.
    mutating func flushText() {
        guard textStart >= 0 else { return }
        defer { textStart = -1 }
        if textIsDecoded {
            // A reference to nothing (`<![CDATA[]]>` alone is never gathered) still counts as text.
            entries.append(Entry(kind: .string, flags: Entry.decoded, start: UInt32(textStart), end: UInt32(textEnd),
                                 payload: UInt32(strings.count)))
            strings.append(String(decoding: textBytes, as: UTF8.self))
        } else {
            entries.append(Entry(kind: .string, start: UInt32(textStart), end: UInt32(textEnd)))
        }
    }

    /// `&lt;` `&gt;` `&amp;` `&apos;` `&quot;`, `&#65;`, `&#x41;`: the character it stands for.
    mutating func readReference() throws(SyntaxError) -> UInt32 {
        let start = index
        index += 1
        guard index < count else { throw failure(index, "expected an entity name or '#' after '&', found end of file (write &amp; for '&')") }
        if base[index] == hash {
            index += 1
            var hex = false
            if index < count, base[index] == UInt8(ascii: "x") {
                hex = true
                index += 1
            }
            let digitsStart = index
            var value: UInt32 = 0
            var overflow = false
            while index < count {
                let byte = base[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                // At most 0x10FFFF before the step, so the step cannot overflow.
                if !overflow {
                    value = value * (hex ? 16 : 10) + digit
                    overflow = value > 0x10FFFF
                }
                index += 1
            }
            guard index > digitsStart else {
                throw failure(index, "expected \(hex ? "hexadecimal " : "")digits in the character reference, found \(describe(index))")
            }
            guard index < count, base[index] == semicolon else {
                throw failure(index, "expected ';' to end the character reference, found \(describe(index))")
            }
            index += 1
            guard !overflow, isCharacter(value) else {
                throw failure(start, "the character reference '\(text(start, index))' is not a character XML allows")
            }
            return value
        }
        let nameStart = index
        while index < count, base[index] != semicolon, isNameByte(base[index]) || base[index] >= 0x80 { index += 1 }
        let name = text(nameStart, index)
        guard index < count, base[index] == semicolon, !name.isEmpty else {
            throw failure(name.isEmpty ? nameStart : index, name.isEmpty
                ? "expected an entity name or '#' after '&', found \(describe(nameStart)) (write &amp; for '&')"
                : "expected ';' to end the reference '&\(name)', found \(describe(index))")
        }
        index += 1
        switch name {
        case "lt": return UInt32(lessThan)
        case "gt": return UInt32(greaterThan)
        case "amp": return UInt32(ampersand)
        case "apos": return UInt32(singleQuote)
        case "quot": return UInt32(doubleQuote)
        default:
            throw failure(start, "undefined entity '&\(name);': hitlint reads no DTD, so only &lt; &gt; &amp; &apos; &quot; and character references (&#233;) exist")
        }
    }

    // MARK: Comments and processing instructions

    /// `<!-- … -->`, where `--` may not appear inside.
    mutating func readComment() throws(SyntaxError) {
        let start = index
        index += 4
        while true {
            guard index < count else { throw failure(start, "the comment is not closed with '-->'") }
            let byte = base[index]
            if byte == minus, index + 1 < count, base[index + 1] == minus {
                guard index + 2 < count, base[index + 2] == greaterThan else {
                    throw failure(index, "'--' is not allowed inside a comment")
                }
                index += 3
                return
            }
            switch byte {
            case 0x09, 0x0A, 0x0D: index += 1
            case 0x00..<0x20: throw controlCharacterFailure(index)
            case 0x80...: index = try scanCharacter(index)
            default: index += 1
            }
        }
    }

    /// `<?target …?>`; the target may not be `xml` (in any case) nor hold a colon.
    mutating func readProcessingInstruction() throws(SyntaxError) {
        let start = index
        index += 2
        let targetStart = index
        let colonAt = try readName(what: "a processing instruction target after '<?'")
        let target = text(targetStart, index)
        if target.lowercased() == "xml" {
            throw failure(start, target == "xml"
                ? "the XML declaration (<?xml …?>) may only come at the very start of the file"
                : "the processing instruction target '\(target)' is reserved")
        }
        if colonAt >= 0 { throw failure(colonAt, "a processing instruction target may not hold ':'") }
        if startsWith("?>") {
            index += 2
            return
        }
        guard index < count, isSpace(base[index]) else {
            throw failure(index, "expected white space or '?>' after the processing instruction target, found \(describe(index))")
        }
        while true {
            guard index < count else { throw failure(start, "the processing instruction is not closed with '?>'") }
            let byte = base[index]
            if byte == question, index + 1 < count, base[index + 1] == greaterThan {
                index += 2
                return
            }
            switch byte {
            case 0x09, 0x0A, 0x0D: index += 1
            case 0x00..<0x20: throw controlCharacterFailure(index)
            case 0x80...: index = try scanCharacter(index)
            default: index += 1
            }
        }
    }

    // MARK: Bytes

    /// Skips XML white space; whether there was any.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = index
        while index < count, isSpace(base[index]) { index += 1 }
        return index > start
    }

    @inline(__always) func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always) func isNameByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && asciiNameTable[Int(byte)] != 0
    }

    func startsWith(_ literal: StaticString) -> Bool { startsWith(literal, at: index) }

    func startsWith(_ literal: StaticString, at position: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position + length <= count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where base[position + offset] != pointer[offset] { return false }
        return true
    }

    func sameBytes(_ a: Int, _ b: Int, _ length: Int) -> Bool {
        memcmpBytes(base + a, base + b, length)
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: max(0, min(end, count) - start)), as: UTF8.self)
    }

    /// Validates the character at `position` (a byte ≥ 0x80): well-formed
    /// UTF-8 and not U+FFFE or U+FFFF. Returns the index after it.
    @inline(__always)
    func scanCharacter(_ position: Int) throws(SyntaxError) -> Int {
        guard let length = UTF8Bytes.sequenceLength(base, count, position) else { throw invalidUTF8Failure(position) }
        if length == 3, base[position] == 0xEF, base[position + 1] == 0xBF, base[position + 2] >= 0xBE {
            throw failure(position, "\(describe(position)) is not a character XML allows")
        }
        return position + length
    }

    func isCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// NameStartChar of XML 1.0, fifth edition (non-ASCII part).
    func isNameStartScalar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// NameChar of XML 1.0, fifth edition (non-ASCII part).
    func isNameScalar(_ scalar: UInt32) -> Bool {
        isNameStartScalar(scalar) || scalar == 0xB7 || (0x300...0x36F).contains(scalar) || (0x203F...0x2040).contains(scalar)
    }

    // MARK: Errors (cold)

    @inline(never)
    func failure(_ offset: Int, _ message: String) -> SyntaxError {
        SyntaxError(offset: min(offset, count), message: message)
    }

    func unsupported(_ offset: Int, _ message: String) -> SyntaxError {
        SyntaxError(offset: min(offset, count), message: message, isUnsupportedDocument: true)
    }

    @inline(never)
    func controlCharacterFailure(_ offset: Int) -> SyntaxError {
        let byte = base[offset]
        if byte == 0 { return failure(offset, "NUL byte in file") }
        return failure(offset, "control character \(UTF8Bytes.hexByte(byte)) is not allowed in XML")
    }

    @inline(never)
    func invalidUTF8Failure(_ position: Int) -> SyntaxError {
        let (offset, message) = UTF8Bytes.explainInvalid(base, count, position, describe: describe)
        return failure(offset, message)
    }

    /// What is at `offset`, for "found ...".
    func describe(_ offset: Int) -> String {
        UTF8Bytes.describe(base, count, offset)
    }
}

/// ASCII name characters: 2 may start a name (letters, '_', ':'), 1 may only
/// follow ('-', '.', digits), 0 is no name character.
private let asciiNameTable: [UInt8] = (0..<128).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: ":"): return 2
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return 1
    default: return 0
    }
}

@inline(__always)
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    for offset in 0..<length where a[offset] != b[offset] { return false }
    return true
}

/// The JsonML form `XMLReader` writes, read back.
extension Document {
    /// Whether `entry` is an element of an XML document: `[name, {attributes}, …]`.
    func isXMLElement(_ entry: Int) -> Bool {
        entry >= 0 && entry < entries.count && kind(entry) == .array && next(entry) > entry + 2
            && kind(entry + 1) == .string && kind(entry + 2) == .object
    }

    /// The child elements of an XML element, in order (text left out).
    func childElements(_ element: Int) -> [Int] {
        var children: [Int] = []
        var child = next(element + 2)
        let end = next(element)
        while child < end {
            if kind(child) == .array { children.append(child) }
            child = next(child)
        }
        return children
    }
}
