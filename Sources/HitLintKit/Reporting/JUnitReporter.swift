/// SPEC §7.2 `junit`: one test suite, one test case per file, one failure per
/// error diagnostic, for CI systems that show test reports (Jenkins, GitLab,
/// Azure Pipelines). Warnings and notes do not fail a case; they are listed in
/// its `system-out`. No timings, so the same input gives the same bytes.
public struct JUnitReporter: Reporter {
    public init() {}

    /// Cases and their messages only: nothing of a fix.
    public var needsCheckedFixes: Bool { false }

    public func report(_ results: [LintResult]) -> String {
        let failures = results.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count }
        let suite = "name=\"hitlint\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites \(suite)>\n"
        out += "  <testsuite \(suite)>\n"
        for result in results {
            let path = Self.escape(result.path)
            let errors = result.diagnostics.filter { $0.severity == .error }
            let others = result.diagnostics.filter { $0.severity != .error }
            out += "    <testcase classname=\"hitlint\" name=\"\(path)\" file=\"\(path)\""
            if errors.isEmpty, others.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            for diagnostic in errors {
                let line = Self.line(result, diagnostic)
                out += "      <failure type=\"\(Self.escape(diagnostic.rule))\" message=\"\(Self.escape(diagnostic.message))\">"
                out += Self.escape(line) + "</failure>\n"
            }
            if !others.isEmpty {
                out += "      <system-out>" + others.map { Self.escape(Self.line(result, $0)) }.joined(separator: "\n") + "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// The diagnostic as the text report writes it: `path:line:col: error:
    /// message [rule]`, on one line as there (`OutputEscaping`). A CI system
    /// reads the element's text with its references resolved and may print it
    /// to its log, where a line break in an id would start a line of its own.
    private static func line(_ result: LintResult, _ diagnostic: Diagnostic) -> String {
        let start = result.location(diagnostic).start
        let severity = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
        return "\(OutputEscaping.lineStart(result.path)):\(start.line):\(start.column): \(severity): "
            + "\(OutputEscaping.oneLine(diagnostic.message)) [\(diagnostic.rule)]"
    }

    /// Text for a double-quoted XML attribute or an element (line breaks kept
    /// as references; what XML cannot carry replaced, `OutputEscaping.markup`).
    public static func escape(_ text: String) -> String {
        OutputEscaping.markup(text, lineBreaksAsReferences: true)
    }
}
