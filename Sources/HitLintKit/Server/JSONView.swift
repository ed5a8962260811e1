/// Read access to a JSON message parsed by hitlint's own parser: a value of
/// the document, or a missing one (`entry` -1), so a chain of lookups never
/// fails on the way and the handler checks only what it needs.
struct JSONView {
    let document: Document
    let entry: Int

    init(document: Document, entry: Int) {
        self.document = document
        self.entry = entry
    }

    /// The whole message.
    init(parsing bytes: [UInt8]) throws(SyntaxError) {
        let document = try JSONParser.parse(SourceText(bytes: bytes))
        self.init(document: document, entry: document.entries.isEmpty ? -1 : 0)
    }

    var exists: Bool { entry >= 0 }
    var kind: Document.Kind? { entry >= 0 ? document.kind(entry) : nil }

    subscript(_ key: StaticString) -> JSONView {
        guard entry >= 0, document.kind(entry) == .object else { return JSONView(document: document, entry: -1) }
        var member = entry + 1
        let end = document.next(entry)
        while member < end {
            if document.stringEquals(member, key) { return JSONView(document: document, entry: member + 1) }
            member = document.next(member + 1)
        }
        return JSONView(document: document, entry: -1)
    }

    var string: String? { entry >= 0 ? document.string(entry) : nil }
    var bool: Bool? { entry >= 0 ? document.bool(entry) : nil }

    /// An integer the protocol sends (line, character, version, id).
    var int: Int? {
        guard entry >= 0, let number = document.number(entry), number.isFinite, number == number.rounded(),
              abs(number) < 9e15 else { return nil }
        return Int(number)
    }

    var array: [JSONView] {
        guard entry >= 0, document.kind(entry) == .array else { return [] }
        return document.elements(entry).map { JSONView(document: document, entry: $0) }
    }

    /// A request's id as the response must echo it (an integer or a string).
    var id: JSONValue? {
        switch kind {
        case .string: return string.map { .string($0) }
        case .number: return int.map { .int($0) }
        default: return nil
        }
    }

    var position: TextDocument.Position? {
        guard let line = self["line"].int, let character = self["character"].int else { return nil }
        return TextDocument.Position(line: line, character: character)
    }

    var range: TextDocument.Range? {
        guard let start = self["start"].position, let end = self["end"].position else { return nil }
        return TextDocument.Range(start: start, end: end)
    }
}

extension TextDocument.Position {
    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }
}

extension TextDocument.Range {
    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}
