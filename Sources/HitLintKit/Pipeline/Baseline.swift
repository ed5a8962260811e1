import Foundation

/// Diagnostics recorded once and hidden from later runs (SPEC §9), so a team can
/// adopt hitlint on an existing project and fail only on new problems.
///
/// A diagnostic is keyed by file, rule and node, never by line: an edit elsewhere
/// in the file moves lines but leaves the key alone. Keys are counted: two
/// recorded `target-size` findings on the same node hide two, and a third shows.
///
/// A finding on a captured control is keyed by rule and control
/// (`Diagnostic.control`), not by file: a crawl or a test run writes new
/// captures each time (DroidBot names its states by the time), and the same
/// tab bar in them is the one problem recorded. Such an entry hides the
/// control's findings in every capture, however many.
public struct Baseline: Sendable, Equatable {
    public struct Key: Hashable, Sendable, Comparable {
        /// Relative to the current folder of the run (`ProjectPath`); "" for a control's key.
        public var file: String
        public var rule: String
        /// The node's id or path; nil for a diagnostic about the file as a whole.
        public var node: String?
        /// A captured control's identity (`Diagnostic.control`): then the file is not part of the key.
        public var control: String?

        public init(file: String, rule: String, node: String?, control: String? = nil) {
            self.file = control == nil ? file : ""
            self.rule = rule
            self.node = node
            self.control = control
        }

        /// The key of a diagnostic of `file`.
        init(_ diagnostic: Diagnostic, file: String) {
            self.init(file: file, rule: diagnostic.rule, node: diagnostic.node, control: diagnostic.control)
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.rule, lhs.control ?? "", lhs.node ?? "") < (rhs.file, rhs.rule, rhs.control ?? "", rhs.node ?? "")
        }

        /// A control's key, looked up without the node's name (which the
        /// importer may number differently from one capture to the next).
        var lookup: Key { control == nil ? self : Key(file: "", rule: rule, node: nil, control: control) }
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
                counts[Key(diagnostic, file: file).lookup, default: 0] += 1
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
                let key = Key(diagnostic, file: file).lookup
                if key.control != nil, remaining[key] != nil {
                    // A control's entry hides it in every capture, however many.
                    hidden += 1
                    return true
                }
                // A file's entry (and a capture's finding recorded by a
                // baseline written before controls were): counted.
                let fileKey = Key(file: file, rule: diagnostic.rule, node: diagnostic.node)
                guard let count = remaining[fileKey], count > 0 else { return false }
                remaining[fileKey] = count - 1
                hidden += 1
                return true
            }
        }
        return (filtered, hidden)
    }

    /// The file's text: JSON, one entry per line, sorted, so it diffs and merges well.
    public func encoded() -> String {
        let entries = counts.keys.sorted().map { key -> JSONValue in
            if let control = key.control {
                return .object([("control", .string(control)), ("rule", .string(key.rule)), ("count", .int(counts[key]!))])
            }
            return .object([
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
        func count(_ entry: Int) throws(ConfigurationError) -> Int {
            guard let value = member(entry, "count") else { return 1 }
            guard let number = document.number(value), number >= 1, number == number.rounded(), number < 1e9 else {
                throw failure(value, "'count' must be a whole number of at least 1")
            }
            return Int(number)
        }
        var baseline = Baseline()
        for entry in document.elements(entries) {
            if document.kind(entry) == .object, let control = member(entry, "control") {
                // A captured control's entry: rule and control, in any file.
                guard let text = document.string(control), !text.isEmpty,
                      let rule = member(entry, "rule").flatMap(document.string) else {
                    throw failure(entry, "a control's baseline entry needs 'control' and 'rule' strings")
                }
                baseline.counts[Key(file: "", rule: rule, node: nil, control: text), default: 0] += try count(entry)
                continue
            }
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
            baseline.counts[Key(file: file, rule: rule, node: node), default: 0] += try count(entry)
        }
        return baseline
    }
}
