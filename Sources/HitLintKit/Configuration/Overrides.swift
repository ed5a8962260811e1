/// `overrides:` of `.hitlint.yml`: settings for some files, and suppressions
/// for some views, for files that cannot carry `ignore:` themselves
/// (Interface Builder documents, which Xcode rewrites on save, captures,
/// Figma exports), in the shape of ruff's `per-file-ignores` and ESLint's
/// `overrides`:
///
/// ```yaml
/// overrides:
///   - files: ["**/Legacy/**/*.xib"]
///     rules: { target-size: warning }
///   - files: ["App/Base.lproj/OmniBar.xib"]
///     ignore:
///       - { node: "i9n-fD-ncJ", rules: [target-size] }   # an IB object id, a view's id, name or path
///       - "Kq3-0d-aZ1"                                   # every rule
/// ```
///
/// Each override applies to the files one of its patterns matches (relative
/// to the configuration's folder), after the top-level `rules:` and in order,
/// later ones over earlier; the command line's `--rule` still wins. An ignore
/// suppresses its rules on the node and its subtree, as `ignore:` in a layout does.
public struct ConfigurationOverride: Sendable {
    public var files: [Glob]
    /// `rules:`: a severity and options per rule id, as the top-level `rules:` has them.
    public var severities: [String: Severity] = [:]
    public var ruleOptions: [String: [String: String]] = [:]
    public var ignores: [ConfiguredIgnore] = []
    /// The entry in the configuration file (its `files:` value), for `unused-ignore`.
    public var span: SourceSpan

    public init(files: [Glob], span: SourceSpan) {
        self.files = files
        self.span = span
    }
}

/// One `ignore:` entry of an override.
public struct ConfiguredIgnore: Sendable, Hashable {
    /// Its position among all the configuration's ignore entries: what a lint
    /// reports as used (`LintResult.usedIgnores`).
    public var index: Int
    /// A node's key (an IB object id), name, id or path.
    public var node: String
    /// nil: every rule.
    public var rules: [String]?
    /// The entry in the configuration file.
    public var span: SourceSpan
}

extension Configuration {
    /// The positions of the overrides whose patterns match `file`.
    public func overrides(matching file: String, currentDirectory: String) -> [Int] {
        guard !overrides.isEmpty else { return [] }
        let absolute = file.hasPrefix("/") ? file : currentDirectory + "/" + file
        let path = ProjectPath.relative(absolute, to: folder)
        return overrides.indices.filter { overrides[$0].files.contains { $0.matches(path) } }
    }

    /// `unused-ignore` for the overrides and ignore entries a run did not use:
    /// an override whose patterns matched no file linted (only said when the
    /// run linted the whole folder the configuration is in, else the file it
    /// names may just not have been linted), and an ignore entry of a matched
    /// override that suppressed nothing in any of its files.
    public func unusedEntries(matched: Set<Int>, usedIgnores: Set<Int>, lintedWholeFolder: Bool,
                              options: LintOptions) -> [Diagnostic] {
        guard options.isEnabled(RuleID.unusedIgnore) else { return [] }
        let severity = options.severity(of: RuleID.unusedIgnore)
        var diagnostics: [Diagnostic] = []
        for (position, override) in overrides.enumerated() {
            guard matched.contains(position) else {
                if lintedWholeFolder {
                    diagnostics.append(Diagnostic(rule: RuleID.unusedIgnore, severity: severity,
                                                  message: "this override's 'files' match no file linted; remove it or fix its patterns",
                                                  span: override.span))
                }
                continue
            }
            for ignore in override.ignores where !usedIgnores.contains(ignore.index) {
                let what = ignore.rules.map { englishList($0.map { "'\($0)'" }) } ?? "every rule"
                diagnostics.append(Diagnostic(rule: RuleID.unusedIgnore, severity: severity,
                                              message: "ignoring \(what) on '\(ignore.node)' suppresses nothing in the files this override matches; remove it",
                                              span: ignore.span))
            }
        }
        return diagnostics
    }
}

extension LintOptions {
    /// These options for one file: the matching overrides' severities, rule
    /// options and ignores over the configuration's, the command line's
    /// severities still over both.
    public func applying(_ indices: [Int], of configuration: Configuration) -> LintOptions {
        guard !indices.isEmpty else { return self }
        var options = self
        for index in indices {
            let override = configuration.overrides[index]
            for (rule, severity) in override.severities where !rules.severitiesFromCommandLine.contains(rule) {
                options.rules.severities[rule] = severity
            }
            for (rule, values) in override.ruleOptions { options.rules.ruleOptions[rule, default: [:]].merge(values) { _, new in new } }
            options.rules.configuredIgnores += override.ignores
        }
        return options
    }
}
