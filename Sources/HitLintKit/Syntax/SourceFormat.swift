/// Which front end reads a file. Chosen by extension, or `--stdin-format`.
public enum SourceFormat: String, Sendable, CaseIterable {
    case json
    case yaml

    /// `.json` → json; `.yaml` / `.yml` → yaml; anything else → nil.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") {
            self = .json
        } else if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
            self = .yaml
        } else {
            return nil
        }
    }

    /// Parses a whole file into its flat value tree, or the first syntax error.
    public func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        switch self {
        case .json: return try JSONParser.parse(source)
        case .yaml: return try YAMLParser.parse(source)
        }
    }
}

/// Nesting deeper than this is refused with a diagnostic rather than risking the
/// stack of any later stage. Deep enough for a chain of 10⁵ nested nodes
/// (each node level is an object plus a `children` array: 200,001 levels).
public let maximumNestingDepth = 250_000
