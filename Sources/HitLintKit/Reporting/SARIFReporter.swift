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
public struct SARIFReporter: Reporter, Sendable {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let informationURI = "https://github.com/hitlint/hitlint"
    /// The `partialFingerprints` key; versioned, as SARIF recommends, so a change of recipe is a new key.
    public static let fingerprintKey = "hitlint/v1"
    public static let sourceRoot = "%SRCROOT%"

    /// Paths are written relative to this folder (the run's current folder).
    public var currentDirectory: String
    /// Threads the results are formatted on (`ReportChunks`).
    public var jobs: Int

    public init(currentDirectory: String, jobs: Int = RunSettings().jobs) {
        self.currentDirectory = currentDirectory
        self.jobs = jobs
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

    /// The log written as it is produced, result after result, into bytes
    /// laid out as `JSONValue` lays them out (two-space indentation, a
    /// container of scalars on one line). A value tree of every result was
    /// many times the report's size, the peak of a run's memory, and building,
    /// writing and freeing it took most of a SARIF run.
    public func write(_ results: [LintResult], to sink: ByteSink) {
        let descriptions = RuleRegistry.descriptions
        var out = ByteWriter.forPieces()
        out.append("{\n  \"$schema\": ")
        out.appendJSONString(Self.schema)
        out.append(",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": ")
        // The rules: a few dozen lines, the same in every run.
        JSONValue.object([("driver", .object([
            ("name", .string("hitlint")),
            ("semanticVersion", .string(HitLint.version)),
            ("informationUri", .string(Self.informationURI)),
            ("rules", .array(descriptions.map(Self.rule))),
        ]))]).write(into: &out, indent: 6)
        out.append(",\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": ")
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in descriptions.enumerated() { ruleIndex[rule.id] = index }
        var first = true
        for result in results where !result.diagnostics.isEmpty {
            let file = ProjectPath.relative(result.path, to: currentDirectory)
            let artifact = artifactLocation(file)
            let fingerprints = Fingerprints.values(of: result, file: file)
            let opensList = first
            first = false
            ReportChunks.write(result, jobs: jobs, into: &out, sink: sink) { [ruleIndex] result, diagnostics, position, out in
                out.append(opensList && position == 0 ? "[\n        {\n          \"ruleId\": " : ",\n        {\n          \"ruleId\": ")
                writeResult(diagnostics[position], of: result, artifact: artifact, ruleIndex: ruleIndex[diagnostics[position].rule],
                            fingerprint: fingerprints[position], into: &out)
            }
        }
        out.append(first ? "[]" : "\n      ]")
        out.append("\n    }\n  ]\n}\n")
        out.flush(to: sink, all: true)
    }

    /// One result, from its `ruleId`'s value to its closing brace, eight spaces in.
    private func writeResult(_ diagnostic: Diagnostic, of result: LintResult, artifact: [UInt8], ruleIndex: Int?,
                             fingerprint: UInt64, into out: inout ByteWriter) {
        out.appendJSONString(diagnostic.rule)
        if let ruleIndex {
            out.append(",\n          \"ruleIndex\": ")
            out.append(decimal: ruleIndex)
        }
        out.append(",\n          \"level\": \"")
        out.append(Self.levelName(diagnostic.severity))
        out.append("\",\n          \"message\": {\"text\": ")
        out.appendJSONString(diagnostic.messageText)
        out.append("},\n          \"locations\": [\n            {\n              \"physicalLocation\": {\n                \"artifactLocation\": ")
        out.append(bytes: artifact)
        out.append(",\n                \"region\": ")
        let (start, end) = result.location(diagnostic)
        writeRegion(start, end, into: &out)
        out.append("\n              }\n            }\n          ],\n          \"partialFingerprints\": {\"")
        out.append(Self.fingerprintKey)
        out.append("\": \"")
        out.appendHex16(fingerprint)
        out.append("\"}")
        if let fix = diagnostic.fix, fix.hasEdits {
            out.append(",\n          \"fixes\": [\n            {\n              \"description\": {\"text\": ")
            fix.withDescription { out.appendJSONString(bytes: $0) }
            out.append("},\n              \"artifactChanges\": [\n                {\n                  \"artifactLocation\": ")
            out.append(bytes: artifact)
            out.append(",\n                  \"replacements\": [\n")
            func write(_ span: SourceSpan, _ replacement: UnsafeBufferPointer<UInt8>, first: Bool) {
                out.append(first ? "                    {\n                      \"deletedRegion\": "
                           : ",\n                    {\n                      \"deletedRegion\": ")
                writeRegion(result.source.location(of: span.start), result.source.location(of: span.end), into: &out)
                out.append(",\n                      \"insertedContent\": {\"text\": ")
                out.appendJSONString(bytes: replacement)
                out.append("}\n                    }")
            }
            if fix.editCount == 1 {
                fix.forEachEdit { write($0, $1, first: true) }
            } else {
                // In the order of the file, whatever order the rule wrote them in: a fix reads the same in every report.
                for (position, edit) in fix.edits.sorted(by: { $0.span < $1.span }).enumerated() {
                    var replacement = edit.replacement
                    replacement.withUTF8 { write(edit.span, $0, first: position == 0) }
                }
            }
            out.append("\n                  ]\n                }\n              ]\n            }\n          ]")
        }
        if diagnostic.names.hasRelated {
            out.append(",\n          \"properties\": {\n            \"related\": [")
            var position = 0
            diagnostic.names.forEachRelated { related in
                if position > 0 { out.append(", ") }
                out.appendJSONString(bytes: related)
                position += 1
            }
            out.append("]\n          }")
        }
        out.append("\n        }")
    }

    /// `level` as a literal, written without a `String`.
    private static func levelName(_ severity: Severity) -> StaticString {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        case .off: return "none"
        }
    }

    /// `{"uri": "…", "uriBaseId": "%SRCROOT%"}`, written once per file.
    private func artifactLocation(_ file: String) -> [UInt8] {
        var out = ByteWriter()
        out.append("{\"uri\": ")
        out.appendJSONString(ProjectPath.uri(file))
        // Outside the project folder: an absolute file URI, with no base.
        if !file.hasPrefix("/") {
            out.append(", \"uriBaseId\": ")
            out.appendJSONString(Self.sourceRoot)
        }
        out.append("}")
        return out.bytes
    }

    /// `{"startLine": 3, "startColumn": 7, "endLine": 3, "endColumn": 12}`
    private func writeRegion(_ start: SourceLocation, _ end: SourceLocation, into out: inout ByteWriter) {
        out.append("{\"startLine\": ")
        out.append(decimal: start.line)
        out.append(", \"startColumn\": ")
        out.append(decimal: start.column)
        out.append(", \"endLine\": ")
        out.append(decimal: end.line)
        out.append(", \"endColumn\": ")
        out.append(decimal: end.column)
        out.append("}")
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
