/// Which front end reads a file. Chosen by extension, or `--stdin-format`.
public enum SourceFormat: String, Sendable, CaseIterable {
    case json
    case yaml
    /// UI captures (UI Automator dumps, Appium and WebDriverAgent page sources)
    /// and Interface Builder documents, read as JsonML (`XMLReader`); never a
    /// hitlint layout.
    case xml

    /// `.json` → json; `.yaml` / `.yml` → yaml; `.xml`, `.xib`, `.storyboard` → xml;
    /// anything else → nil.
    /// Letters in any case (`.JSON`); the bytes are compared, and no other
    /// character lowers to an ASCII letter of these names, so this is what
    /// `lowercased().hasSuffix` says, without a lowered copy of every path.
    public init?(path: String) {
        let found = path.utf8.withContiguousStorageIfAvailable { SourceFormat(name: $0) }
            ?? Array(path.utf8).withUnsafeBufferPointer { SourceFormat(name: $0) }
        guard let found else { return nil }
        self = found
    }

    /// The same, for a name or path as UTF-8 bytes (a folder listing's).
    init?(name: UnsafeBufferPointer<UInt8>) {
        if Self.hasSuffix(name, ".json") {
            self = .json
        } else if Self.hasSuffix(name, ".yaml") || Self.hasSuffix(name, ".yml") {
            self = .yaml
        } else if Self.hasSuffix(name, ".xml") || Self.hasSuffix(name, ".xib") || Self.hasSuffix(name, ".storyboard") {
            self = .xml
        } else {
            return nil
        }
    }

    /// `suffix` is lowercase ASCII.
    private static func hasSuffix(_ name: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        suffix.withUTF8Buffer { expected in
            guard name.count >= expected.count else { return false }
            let start = name.count - expected.count
            for index in 0..<expected.count {
                let byte = name[start + index]
                guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected[index] else { return false }
            }
            return true
        }
    }

    /// Parses a whole file into its flat value tree, or the first syntax error.
    public func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        switch self {
        case .json: return try JSONParser.parse(source)
        case .yaml: return try YAMLParser.parse(source)
        case .xml: return try XMLReader.parse(source)
        }
    }
}

/// Nesting deeper than this is refused with a diagnostic rather than risking the
/// stack of any later stage. Deep enough for a chain of 10⁵ nested nodes
/// (each node level is an object plus a `children` array: 200,001 levels).
public let maximumNestingDepth = 250_000
