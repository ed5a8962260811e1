import Foundation

/// `.hitlint.yml` (SPEC §8): defaults for a project, overridden by the command line.
///
/// ```yaml
/// profile: ios
/// include: ["Layouts/**/*.yaml"]
/// exclude: ["**/Generated/**"]
/// rules:
///   dead-gap: off
///   target-size: { severity: error, minSize: 9mm }
/// ```
public struct Configuration: Sendable {
    public static let fileName = ".hitlint.yml"
    /// Top-level keys, in the order `hitlint init` writes them.
    public static let keys = ["profile", "platform", "input", "include", "exclude", "rules", "figmaTargets", "overrides"]

    /// The file as named in messages.
    public var path: String
    /// Absolute folder that `include` and `exclude` patterns are relative to: the file's own.
    public var folder: String
    public var profile: Profile?
    public var platform: Platform?
    /// `input:`: touch or pointer.
    public var modality: InputModality?
    /// Empty: every layout file found.
    public var include: [Glob] = []
    public var exclude: [Glob] = []
    /// `rules:`: a severity per rule id.
    public var severities: [String: Severity] = [:]
    /// `rules:`: options per rule id, as written (`"9mm"`, `"true"`).
    public var ruleOptions: [String: [String: String]] = [:]
    /// `figmaTargets:`: Figma layer or component names (patterns with `*` and `?`,
    /// any case) that are targets, besides the layers prototype interactions
    /// start at or that are named after a control.
    public var figmaTargets: [String] = []
    /// `overrides:`: settings and suppressions for some files (`ConfigurationOverride`).
    public var overrides: [ConfigurationOverride] = []
    /// The file's text, where `unused-ignore` points at an override or ignore entry.
    public var source: SourceText?

    public init(path: String, folder: String) {
        self.path = path
        self.folder = folder
    }

    /// Whether a layout file takes part in the run: it matches an `include`
    /// pattern (when there are any) and no `exclude` pattern. Patterns are
    /// matched against the path relative to the configuration's folder.
    public func includes(_ file: String, currentDirectory: String) -> Bool {
        let absolute = file.hasPrefix("/") ? file : currentDirectory + "/" + file
        // Outside the configuration's folder the path stays absolute: `**/` patterns still apply.
        let path = ProjectPath.relative(absolute, to: folder)
        if !include.isEmpty, !include.contains(where: { $0.matches(path) }) { return false }
        return !exclude.contains { $0.matches(path) }
    }
}

/// A configuration or baseline file that cannot be used, located for the user.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based; nil when the problem is the file as a whole (missing, unreadable).
    public var location: SourceLocation?
    public var message: String

    public init(path: String, location: SourceLocation? = nil, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    /// `.hitlint.yml:4:3: unknown rule 'dead-gaps'; did you mean 'dead-gap'?`
    public var description: String {
        guard let location else { return "\(path): \(message)" }
        return "\(path):\(location.line):\(location.column): \(message)"
    }
}

// MARK: - Finding and reading

extension Configuration {
    /// The nearest `.hitlint.yml` in `folder` or one of its parents. A symlink
    /// of that name that leads nowhere (or loops) is found too, for `load` to
    /// say so: skipping it would lint with some other configuration, or none,
    /// without a word.
    public static func find(from folder: String) -> String? {
        var current = ProjectPath.normalized(folder)
        while true {
            let candidate = current == "/" ? "/" + fileName : current + "/" + fileName
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return candidate }
            } else if InputFileReader.whyMissing(candidate) != nil {
                return candidate
            }
            if current == "/" || current == "." { return nil }
            current = (current as NSString).deletingLastPathComponent
            if current.isEmpty { return nil }
        }
    }

    /// Reads and validates a configuration file. `path` may be relative to `currentDirectory`.
    public static func load(path: String, currentDirectory: String) throws(ConfigurationError) -> Configuration {
        let absolute = ProjectPath.normalized(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
        let shown = ProjectPath.relative(absolute, to: currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else {
            let why = InputFileReader.whyMissing(absolute).map { "cannot read configuration file: \($0)" }
            throw ConfigurationError(path: shown, message: why ?? "no such configuration file")
        }
        let bytes: [UInt8]
        switch InputFileReader.read(absolute) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw ConfigurationError(path: shown, message: "cannot read configuration file: \(failure.message)")
        }
        let format = SourceFormat(path: absolute) ?? .yaml
        return try parse(SourceText(bytes: bytes), format: format, path: shown,
                         folder: (absolute as NSString).deletingLastPathComponent)
    }

    /// Validates a configuration's text. Every mistake is an error naming its line and
    /// column, and for a misspelt name the closest known one.
    public static func parse(_ source: SourceText, format: SourceFormat = .yaml, path: String,
                             folder: String) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration(path: path, folder: folder)
        configuration.source = source
        if isBlank(source) { return configuration }
        let document: Document
        do {
            document = try format.parse(source)
        } catch {
            throw ConfigurationError(path: path, location: source.location(of: error.offset), message: error.message)
        }
        let reader = ConfigurationReader(document: document, path: path)
        try reader.read(into: &configuration)
        return configuration
    }

    /// Empty, or only blank lines and comments: an empty configuration, not an error.
    private static func isBlank(_ source: SourceText) -> Bool {
        var atLineStart = true
        var inComment = false
        for byte in source.bytes {
            switch byte {
            case 0x0A, 0x0D:
                atLineStart = true
                inComment = false
            case 0x20, 0x09:
                continue
            case UInt8(ascii: "#") where atLineStart || inComment:
                inComment = true
            default:
                if !inComment { return false }
            }
            if byte != 0x0A, byte != 0x0D { atLineStart = false }
        }
        return true
    }
}

/// Walks the parsed value tree of a configuration and checks every key and value.
private struct ConfigurationReader {
    let document: Document
    let path: String

    func error(at index: Int, _ message: String) -> ConfigurationError {
        ConfigurationError(path: path, location: document.source.location(of: document.span(index).start), message: message)
    }

    func suggestion(_ word: String, _ candidates: [String]) -> String {
        closestName(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// A short description of a value for messages: `'abc'`, `3`, `a list`.
    func describe(_ index: Int) -> String {
        switch document.kind(index) {
        case .string: return "'\(document.string(index) ?? "")'"
        case .number, .bool: return document.source.string(document.span(index))
        case .null: return "nothing"
        case .array: return "a list"
        case .object: return "a mapping"
        }
    }

    /// Members of an object, refusing duplicate keys (JSON allows them; YAML does not).
    func members(_ index: Int) throws(ConfigurationError) -> [(name: String, key: Int, value: Int)] {
        var seen: [String: Int] = [:]
        var result: [(name: String, key: Int, value: Int)] = []
        for (key, value) in document.members(index) {
            let name = document.string(key) ?? ""
            if let first = seen[name] {
                let line = document.source.location(of: document.span(first).start).line
                throw error(at: key, "duplicate key '\(name)' (first on line \(line))")
            }
            seen[name] = key
            result.append((name, key, value))
        }
        return result
    }

    func string(_ index: Int, _ what: String) throws(ConfigurationError) -> String {
        guard let text = document.string(index) else {
            throw error(at: index, "'\(what)' must be a string, found \(describe(index))")
        }
        return text
    }

    func choice<T>(_ index: Int, key: String, _ candidates: [String], _ make: (String) -> T?) throws(ConfigurationError) -> T {
        let text = try string(index, key)
        guard let value = make(text) else {
            throw error(at: index, "unknown \(key) '\(text)'" + suggestion(text, candidates) + " (one of: \(candidates.joined(separator: ", ")))")
        }
        return value
    }

    func read(into configuration: inout Configuration) throws(ConfigurationError) {
        guard document.kind(document.root) == .object else {
            throw error(at: document.root, "a configuration must be a mapping of keys (\(Configuration.keys.joined(separator: ", "))), found \(describe(document.root))")
        }
        for (name, key, value) in try members(document.root) {
            switch name {
            case "profile":
                configuration.profile = try choice(value, key: "profile", Profile.all.map(\.name), Profile.named)
            case "platform":
                configuration.platform = try choice(value, key: "platform", Platform.allCases.map(\.rawValue), Platform.init(rawValue:))
            case "input":
                configuration.modality = try choice(value, key: "input", InputModality.allCases.map(\.rawValue), InputModality.init(rawValue:))
            case "include":
                configuration.include = try globs(value, key: name)
            case "exclude":
                configuration.exclude = try globs(value, key: name)
            case "rules":
                try readRules(value, into: &configuration)
            case "overrides":
                try readOverrides(value, into: &configuration)
            case "figmaTargets":
                let items = document.kind(value) == .array ? document.elements(value) : [value]
                for item in items {
                    let pattern = try string(item, name)
                    guard !pattern.isEmpty else { throw error(at: item, "an empty name in 'figmaTargets' matches nothing") }
                    configuration.figmaTargets.append(pattern)
                }
            default:
                throw error(at: key, "unknown key '\(name)'" + suggestion(name, Configuration.keys))
            }
        }
    }

    /// A pattern or a list of patterns.
    func globs(_ index: Int, key: String) throws(ConfigurationError) -> [Glob] {
        let items = document.kind(index) == .array ? document.elements(index) : [index]
        var result: [Glob] = []
        for item in items {
            let pattern = try string(item, key)
            guard !pattern.isEmpty else { throw error(at: item, "an empty pattern in '\(key)' matches nothing") }
            let glob = Glob(pattern)
            guard glob.segmentCount <= Glob.maximumSegments else {
                throw error(at: item, "a pattern in '\(key)' has \(glob.segmentCount) segments; at most \(Glob.maximumSegments) are supported")
            }
            result.append(glob)
        }
        return result
    }

    func readRules(_ index: Int, into configuration: inout Configuration) throws(ConfigurationError) {
        try readRules(index, severities: &configuration.severities, options: &configuration.ruleOptions)
    }

    func readRules(_ index: Int, severities: inout [String: Severity],
                   options ruleOptions: inout [String: [String: String]]) throws(ConfigurationError) {
        // `rules:` with every entry commented out (as `hitlint init` writes it) is empty, not wrong.
        if document.kind(index) == .null { return }
        guard document.kind(index) == .object else {
            throw error(at: index, "'rules' must map rule ids to a severity or to options, found \(describe(index))")
        }
        let ids = RuleRegistry.descriptions.map(\.id)
        for (id, key, value) in try members(index) {
            guard let rule = RuleRegistry.description(of: id) else {
                throw error(at: key, "unknown rule '\(id)'" + suggestion(id, ids))
            }
            switch document.kind(value) {
            case .string:
                severities[id] = try severity(value, rule: rule)
            case .object:
                var severity: Severity?
                var options: [String: String] = [:]
                var optionKeys: [String: Int] = [:]
                for (name, optionKey, optionValue) in try members(value) {
                    if name == "severity" {
                        severity = try self.severity(optionValue, rule: rule)
                        continue
                    }
                    guard let option = rule.options.first(where: { $0.name == name }) else {
                        let known = ["severity"] + rule.options.map(\.name)
                        var message = "unknown option '\(name)' for \(id)" + suggestion(name, known)
                        if rule.options.isEmpty { message += " (\(id) takes only 'severity')" }
                        throw error(at: optionKey, message)
                    }
                    options[name] = try optionText(optionValue, option: option, rule: id)
                    optionKeys[name] = optionKey
                }
                try checkOrder(options, keys: optionKeys, rule: rule)
                // Options alone turn on a rule that is off by default: configuring it says you want it.
                if severity == nil, !options.isEmpty, rule.defaultSeverity == .off { severity = .warning }
                if let severity { severities[id] = severity }
                if !options.isEmpty { ruleOptions[id] = options }
            default:
                throw error(at: value, "\(id) takes a severity (error, warning, info, off) or a mapping such as { severity: warning }, found \(describe(value))")
            }
        }
    }

    /// `overrides:`: a list of mappings with `files` and `rules` or `ignore`.
    func readOverrides(_ index: Int, into configuration: inout Configuration) throws(ConfigurationError) {
        if document.kind(index) == .null { return }
        guard document.kind(index) == .array else {
            throw error(at: index, "'overrides' must be a list of mappings with 'files' and 'rules' or 'ignore', found \(describe(index))")
        }
        let keys = ["files", "rules", "ignore"]
        var ignoreCount = configuration.overrides.reduce(0) { $0 + $1.ignores.count }
        for item in document.elements(index) {
            guard document.kind(item) == .object else {
                throw error(at: item, "an entry of 'overrides' must be a mapping with 'files' and 'rules' or 'ignore', found \(describe(item))")
            }
            var files: (globs: [Glob], value: Int)?
            var severities: [String: Severity] = [:]
            var options: [String: [String: String]] = [:]
            var ignores: [ConfiguredIgnore] = []
            for (name, key, value) in try members(item) {
                switch name {
                case "files":
                    files = (try globs(value, key: "files"), value)
                case "rules":
                    try readRules(value, severities: &severities, options: &options)
                case "ignore":
                    let entries = document.kind(value) == .array ? document.elements(value) : [value]
                    for entry in entries {
                        var ignore = try readIgnore(entry)
                        ignore.index = ignoreCount
                        ignoreCount += 1
                        ignores.append(ignore)
                    }
                default:
                    throw error(at: key, "unknown key '\(name)' in an override" + suggestion(name, keys))
                }
            }
            guard let files, !files.globs.isEmpty else {
                throw error(at: item, "an override needs 'files': the patterns of the files it applies to")
            }
            var override = ConfigurationOverride(files: files.globs, span: document.span(files.value))
            override.severities = severities
            override.ruleOptions = options
            override.ignores = ignores
            configuration.overrides.append(override)
        }
    }

    /// `{ node: "i9n-fD-ncJ", rules: [target-size] }`, or a node alone (every rule).
    func readIgnore(_ index: Int) throws(ConfigurationError) -> ConfiguredIgnore {
        if document.kind(index) == .string {
            let node = try string(index, "ignore")
            guard !node.isEmpty else { throw error(at: index, "an empty node in 'ignore' matches nothing") }
            return ConfiguredIgnore(index: 0, node: node, rules: nil, span: document.span(index))
        }
        guard document.kind(index) == .object else {
            throw error(at: index, "an 'ignore' entry is a node, or a mapping such as { node: \"i9n-fD-ncJ\", rules: [target-size] }, found \(describe(index))")
        }
        var node: String?
        var rules: [String]?
        let ids = RuleRegistry.descriptions.map(\.id)
        for (name, key, value) in try members(index) {
            switch name {
            case "node":
                node = try string(value, "node")
            case "rules":
                if document.kind(value) == .string, document.string(value) == "all" { continue }
                let items = document.kind(value) == .array ? document.elements(value) : [value]
                var list: [String] = []
                for item in items {
                    let id = try string(item, "rules")
                    guard RuleRegistry.description(of: id) != nil else {
                        throw error(at: item, "unknown rule '\(id)'" + suggestion(id, ids))
                    }
                    list.append(id)
                }
                rules = list
            default:
                throw error(at: key, "unknown key '\(name)' in an 'ignore' entry" + suggestion(name, ["node", "rules"]))
            }
        }
        guard let node, !node.isEmpty else {
            throw error(at: index, "an 'ignore' entry needs 'node': an Interface Builder object id, or a view's id, name or path")
        }
        return ConfiguredIgnore(index: 0, node: node, rules: rules, span: document.span(index))
    }

    /// Options that bound each other (`minGap` ≤ `maxGap`), when both are
    /// given in units that compare without a file (pt and dp are one unit; px
    /// and mm depend on each file's scale and device).
    func checkOrder(_ options: [String: String], keys: [String: Int], rule: RuleDescription) throws(ConfigurationError) {
        for option in rule.options {
            guard let bound = option.atMost, let text = options[option.name], let boundText = options[bound],
                  let length = Length(text), let limit = Length(boundText), let key = keys[option.name] else { continue }
            let sameScale: (LengthUnit) -> LengthUnit = { $0 == .dp ? .pt : $0 }
            guard sameScale(length.unit) == sameScale(limit.unit), length.value > limit.value else { continue }
            throw error(at: key, "'\(option.name)' of \(rule.id) (\(length)) is more than its '\(bound)' (\(limit)), so the rule could report nothing; make '\(option.name)' at most '\(bound)'")
        }
    }

    func severity(_ index: Int, rule: RuleDescription) throws(ConfigurationError) -> Severity {
        let names = Severity.allCases.reversed().map(\.rawValue)
        guard let text = document.string(index) else {
            var message = "a severity must be one of \(names.joined(separator: ", ")), found \(describe(index))"
            if document.bool(index) == false { message += "; write 'off' to turn a rule off" }
            throw error(at: index, message)
        }
        guard let severity = Severity(rawValue: text) else {
            throw error(at: index, "unknown severity '\(text)'" + suggestion(text, names) + " (one of: \(names.joined(separator: ", ")))")
        }
        if rule.isAlwaysAnError, severity != .error {
            throw error(at: index, "\(rule.id) is always an error")
        }
        return severity
    }

    /// An option's value as the rules read it: a length with its unit, or `true` / `false`.
    func optionText(_ index: Int, option: RuleOptionDescription, rule: String) throws(ConfigurationError) -> String {
        switch option.valueKind {
        case .bool:
            guard let value = document.bool(index) else {
                throw error(at: index, "'\(option.name)' of \(rule) must be true or false, found \(describe(index))")
            }
            return value ? "true" : "false"
        case .length:
            let text: String
            switch document.kind(index) {
            case .number: text = document.source.string(document.span(index))
            case .string: text = document.string(index) ?? ""
            default: text = ""
            }
            guard !text.isEmpty, Length(text) != nil else {
                throw error(at: index, "'\(option.name)' of \(rule) must be \(Length.expected), found \(describe(index))")
            }
            return text
        }
    }
}
