import Foundation

/// Diagnostics recorded once and hidden from later runs (SPEC §9), so a team can
/// adopt hitlint on an existing project and fail only on new problems.
///
/// A diagnostic is keyed by file, rule and node, never by line: an edit elsewhere
/// in the file moves lines but leaves the key alone. Keys are counted: two
/// recorded `target-size` findings on the same node hide two, and a third shows.
public struct Baseline: Sendable, Equatable {
    public struct Key: Hashable, Sendable, Comparable {
        /// Relative to the current folder of the run (`ProjectPath`).
        public var file: String
        public var rule: String
        /// The node's id or path; nil for a diagnostic about the file as a whole.
        public var node: String?

        public init(file: String, rule: String, node: String?) {
            self.file = file
            self.rule = rule
            self.node = node
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.rule, lhs.node ?? "") < (rhs.file, rhs.rule, rhs.node ?? "")
        }
    }

    public static let formatVersion = 1
    public var counts: [Key: Int]

    public init(counts: [Key: Int] = [:]) {
        self.counts = counts
    }

    /// Every diagnostic of a run.
    public init(results: [LintResult], currentDirectory: String) {
        counts = [:]
        for result in results {
            let file = ProjectPath.relative(result.path, to: currentDirectory)
            for diagnostic in result.diagnostics {
                counts[Key(file: file, rule: diagnostic.rule, node: diagnostic.node), default: 0] += 1
            }
        }
    }

    public var entryCount: Int { counts.values.reduce(0, +) }

    /// The results without the recorded diagnostics, and how many were hidden.
    /// Within a file the first diagnostics of a key (by position) are the ones hidden.
    public func filter(_ results: [LintResult], currentDirectory: String) -> (results: [LintResult], hidden: Int) {
        var remaining = counts
        var hidden = 0
        var filtered = results
        for index in filtered.indices {
            let file = ProjectPath.relative(filtered[index].path, to: currentDirectory)
            filtered[index].diagnostics.removeAll { diagnostic in
                let key = Key(file: file, rule: diagnostic.rule, node: diagnostic.node)
                guard let count = remaining[key], count > 0 else { return false }
                remaining[key] = count - 1
                hidden += 1
                return true
            }
        }
        return (filtered, hidden)
    }

    /// The file's text: JSON, one entry per line, sorted, so it diffs and merges well.
    public func encoded() -> String {
        let entries = counts.keys.sorted().map { key -> JSONValue in
            .object([
                ("file", .string(key.file)),
                ("rule", .string(key.rule)),
                ("node", key.node.map(JSONValue.string) ?? .null),
                ("count", .int(counts[key]!)),
            ])
        }
        return JSONValue.object([
            ("version", .int(Self.formatVersion)),
            ("tool", .string("hitlint")),
            ("entries", .array(entries)),
        ]).rendered()
    }

    public static func load(path: String, currentDirectory: String) throws(ConfigurationError) -> Baseline {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ConfigurationError(path: path, message: "no such baseline file (create it with --write-baseline)")
        }
        switch InputFileReader.read(absolute) {
        case .success(let bytes): return try parse(SourceText(bytes: bytes), path: path)
        case .failure(let failure): throw ConfigurationError(path: path, message: "cannot read baseline file: \(failure.message)")
        }
    }

    public static func parse(_ source: SourceText, path: String) throws(ConfigurationError) -> Baseline {
        let document: Document
        do {
            document = try JSONParser.parse(source)
        } catch {
            throw ConfigurationError(path: path, location: source.location(of: error.offset), message: error.message)
        }
        func failure(_ index: Int, _ message: String) -> ConfigurationError {
            ConfigurationError(path: path, location: source.location(of: document.span(index).start), message: message)
        }
        func member(_ object: Int, _ name: String) -> Int? {
            document.members(object).first { document.string($0.key) == name }?.value
        }
        let root = document.root
        guard document.kind(root) == .object else { throw failure(root, "a baseline is a JSON object with 'version' and 'entries'") }
        guard let version = member(root, "version"), document.number(version) == Double(formatVersion) else {
            throw failure(root, "unsupported baseline: expected \"version\": \(formatVersion)")
        }
        guard let entries = member(root, "entries"), document.kind(entries) == .array else {
            throw failure(root, "a baseline needs an 'entries' list")
        }
        var baseline = Baseline()
        for entry in document.elements(entries) {
            guard document.kind(entry) == .object,
                  let file = member(entry, "file").flatMap(document.string),
                  let rule = member(entry, "rule").flatMap(document.string) else {
                throw failure(entry, "a baseline entry needs 'file' and 'rule' strings")
            }
            var node: String?
            if let value = member(entry, "node"), document.kind(value) != .null {
                guard let text = document.string(value) else { throw failure(value, "'node' must be a string or null") }
                node = text
            }
            var count = 1
            if let value = member(entry, "count") {
                guard let number = document.number(value), number >= 1, number == number.rounded(), number < 1e9 else {
                    throw failure(value, "'count' must be a whole number of at least 1")
                }
                count = Int(number)
            }
            baseline.counts[Key(file: file, rule: rule, node: node), default: 0] += count
        }
        return baseline
    }
}
