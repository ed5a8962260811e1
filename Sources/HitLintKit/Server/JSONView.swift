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

    /// The protocol's `uinteger`: 0 to 2³¹ − 1.
    static let maximumUInteger = Int(Int32.max)

    /// A line or character: an integer from 0 to `maximumUInteger`, nil for
    /// anything else (a string, a fraction, a negative, a larger number).
    var uinteger: Int? {
        guard entry >= 0, document.kind(entry) == .number, let number = document.number(entry),
              number >= 0, number <= Double(Self.maximumUInteger), number == number.rounded() else { return nil }
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

    /// A protocol position, as `ContentChange` checks it.
    var position: TextDocument.Position? {
        try? ContentChange.position(self, path: "position").get()
    }

    /// A protocol range, as `ContentChange` checks it.
    var range: TextDocument.Range? {
        try? ContentChange.range(self, path: "range").get()
    }
}

extension TextDocument.Position {
    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }
}

extension TextDocument.Range {
    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}
