/// SPEC §7.2 `sarif`: SARIF 2.1.0 as GitHub code scanning ingests it.
///
/// - Every rule is listed in `tool.driver.rules` (registry order, so `ruleIndex`
///   is stable), with short and full descriptions, help as text and markdown, and
///   its default level. A rule that is off by default is listed with
///   `enabled: false`; its level is the one it gets when a configuration turns it on
///   without naming a severity (warning). SARIF's `none` is not used for that: it
///   means "not a failure", not "not run".
/// - Each result has one location relative to the project folder (`%SRCROOT%`), a
///   region in 1-based lines and Unicode-scalar columns, a fingerprint
///   (`Fingerprints`: from file, rule, node and occurrence, never the line, so
///   alerts survive edits above them; in a capture, the control's, the same in
///   every capture that shows it), and the diagnostic's text edits as a SARIF fix.
public struct SARIFReporter: Reporter {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let informationURI = "https://github.com/hitlint/hitlint"
    /// The `partialFingerprints` key; versioned, as SARIF recommends, so a change of recipe is a new key.
    public static let fingerprintKey = "hitlint/v1"
    public static let sourceRoot = "%SRCROOT%"

    /// Paths are written relative to this folder (the run's current folder).
    public var currentDirectory: String

    public init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// Each result's `fixes`, with their edits.
    public var needsCheckedFixes: Bool { true }

    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        case .off: return "none"
        }
    }

    public func report(_ results: [LintResult]) -> String {
        let descriptions = RuleRegistry.descriptions
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in descriptions.enumerated() { ruleIndex[rule.id] = index }
        var sarifResults: [JSONValue] = []
        for result in results {
            let file = ProjectPath.relative(result.path, to: currentDirectory)
            let artifact = artifactLocation(file)
            let fingerprints = Fingerprints.of(result, file: file)
            for (position, diagnostic) in result.diagnostics.enumerated() {
                let (start, end) = result.location(diagnostic)
                var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.rule))]
                if let index = ruleIndex[diagnostic.rule] { members.append(("ruleIndex", .int(index))) }
                members += [
                    ("level", .string(Self.level(diagnostic.severity))),
                    ("message", .object([("text", .string(diagnostic.message))])),
                    ("locations", .array([.object([("physicalLocation", .object([
                        ("artifactLocation", artifact),
                        ("region", region(start, end)),
                    ]))])])),
                    ("partialFingerprints", .object([
                        (Self.fingerprintKey, .string(fingerprints[position])),
                    ])),
                ]
                if let fix = diagnostic.fix, !fix.edits.isEmpty {
                    let replacements = fix.edits.sorted { $0.span < $1.span }.map { edit -> JSONValue in
                        .object([
                            ("deletedRegion", region(result.source.location(of: edit.span.start),
                                                     result.source.location(of: edit.span.end))),
                            ("insertedContent", .object([("text", .string(edit.replacement))])),
                        ])
                    }
                    members.append(("fixes", .array([.object([
                        ("description", .object([("text", .string(fix.description))])),
                        ("artifactChanges", .array([.object([
                            ("artifactLocation", artifact),
                            ("replacements", .array(replacements)),
                        ])])),
                    ])])))
                }
                if !diagnostic.related.isEmpty {
                    members.append(("properties", .object([("related", .array(diagnostic.related.map(JSONValue.string)))])))
                }
                sarifResults.append(.object(members))
            }
        }
        let log = JSONValue.object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("hitlint")),
                    ("semanticVersion", .string(HitLint.version)),
                    ("informationUri", .string(Self.informationURI)),
                    ("rules", .array(descriptions.map(Self.rule))),
                ]))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(sarifResults)),
            ])])),
        ])
        return log.rendered()
    }

    private func artifactLocation(_ file: String) -> JSONValue {
        if file.hasPrefix("/") {
            // Outside the project folder: an absolute file URI, with no base.
            return .object([("uri", .string(ProjectPath.uri(file)))])
        }
        return .object([("uri", .string(ProjectPath.uri(file))), ("uriBaseId", .string(Self.sourceRoot))])
    }

    private func region(_ start: SourceLocation, _ end: SourceLocation) -> JSONValue {
        .object([
            ("startLine", .int(start.line)), ("startColumn", .int(start.column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
        ])
    }

    static func rule(_ rule: RuleDescription) -> JSONValue {
        var configuration: [(String, JSONValue)] = []
        if rule.defaultSeverity == .off {
            configuration = [("enabled", .bool(false)), ("level", .string("warning"))]
        } else {
            configuration = [("level", .string(level(rule.defaultSeverity)))]
        }
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(pascalCase(rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("help", .object([("text", .string(RuleHelp.text(rule))), ("markdown", .string(RuleHelp.markdown(rule)))])),
            ("defaultConfiguration", .object(configuration)),
            ("properties", .object([("tags", .array([.string("accessibility"), .string("ui-layout")]))])),
        ])
    }

    /// `target-size` → `TargetSize`: SARIF's `name` is an identifier-like form of the id.
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
