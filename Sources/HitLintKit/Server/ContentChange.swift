/// A `textDocument/didChange` message's content changes, checked against
/// the protocol's types before any is applied: a message is applied whole
/// or not at all, so a client's malformed message leaves the document as it
/// was (a range the server guessed at would leave it differing from the
/// editor's text without anyone knowing).
///
/// What the protocol lets a server decide is taken as it says: a character
/// past its line's end is the line's end ("defaults back to the line
/// length", LSP 3.17 `Position`), and so is a line past the text's end (as
/// the reference `TextDocument` does). What it types otherwise is refused:
/// a line or character that is not a `uinteger` (an integer from 0 to
/// 2³¹ − 1; not a string, a fraction, a negative or a larger number), a
/// range without both ends or ending before it starts, a change without text.
struct ContentChange {
    /// Nil: the whole text.
    var range: TextDocument.Range?
    var text: String

    /// Why a message cannot be taken: the path of the offending value.
    struct Malformed: Error {
        var message: String
    }

    /// The `contentChanges` of a `didChange`, all of them or the first fault.
    static func changes(_ value: JSONView) -> Result<[ContentChange], Malformed> {
        guard value.kind == .array else {
            return .failure(Malformed(message: "contentChanges must be an array"))
        }
        var changes: [ContentChange] = []
        for (index, change) in value.array.enumerated() {
            let path = "contentChanges[\(index)]"
            guard change.kind == .object else { return .failure(Malformed(message: "\(path) must be an object")) }
            guard change["text"].kind == .string, let text = change["text"].string else {
                return .failure(Malformed(message: "\(path).text must be a string"))
            }
            let range = change["range"]
            guard range.exists else {
                changes.append(ContentChange(range: nil, text: text))
                continue
            }
            switch Self.range(range, path: path + ".range") {
            case .success(let checked): changes.append(ContentChange(range: checked, text: text))
            case .failure(let fault): return .failure(fault)
            }
        }
        return .success(changes)
    }

    /// A protocol `Range`: two positions, the start not after the end.
    static func range(_ value: JSONView, path: String) -> Result<TextDocument.Range, Malformed> {
        guard value.kind == .object else { return .failure(Malformed(message: "\(path) must be an object")) }
        let start: TextDocument.Position
        let end: TextDocument.Position
        switch position(value["start"], path: path + ".start") {
        case .success(let position): start = position
        case .failure(let fault): return .failure(fault)
        }
        switch position(value["end"], path: path + ".end") {
        case .success(let position): end = position
        case .failure(let fault): return .failure(fault)
        }
        guard (start.line, start.character) <= (end.line, end.character) else {
            return .failure(Malformed(message: "\(path) ends before it starts"))
        }
        return .success(TextDocument.Range(start: start, end: end))
    }

    /// A protocol `Position`: a line and a character, each a `uinteger`.
    static func position(_ value: JSONView, path: String) -> Result<TextDocument.Position, Malformed> {
        guard value.kind == .object else { return .failure(Malformed(message: "\(path) must be an object")) }
        guard let line = value["line"].uinteger else {
            return .failure(Malformed(message: "\(path).line must be an integer from 0 to \(JSONView.maximumUInteger)"))
        }
        guard let character = value["character"].uinteger else {
            return .failure(Malformed(message: "\(path).character must be an integer from 0 to \(JSONView.maximumUInteger)"))
        }
        return .success(TextDocument.Position(line: line, character: character))
    }
}
