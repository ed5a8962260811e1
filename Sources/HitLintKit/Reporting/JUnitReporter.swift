/// SPEC §7.2 `junit`: one test suite, one test case per file, one failure per
/// error diagnostic, for CI systems that show test reports (Jenkins, GitLab,
/// Azure Pipelines). Warnings and notes do not fail a case; they are listed in
/// its `system-out`. No timings, so the same input gives the same bytes.
public struct JUnitReporter: Reporter {
    public init() {}

    /// Cases and their messages only: nothing of a fix.
    public var needsCheckedFixes: Bool { false }

    /// Written into bytes, each piece escaped as it is written (escaping
    /// each piece of a line is escaping the line: `markup` escapes character
    /// by character), the path's pieces once per file.
    public func write(_ results: [LintResult], to sink: ByteSink) {
        var failures = 0
        for result in results {
            for diagnostic in result.diagnostics where diagnostic.severity == .error { failures += 1 }
        }
        var out = ByteWriter.forPieces()
        var suite = ByteWriter()
        suite.append("name=\"hitlint\" tests=\""); suite.append(decimal: results.count)
        suite.append("\" failures=\""); suite.append(decimal: failures)
        suite.append("\" errors=\"0\" skipped=\"0\"")
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ")
        out.append(suite)
        out.append(">\n  <testsuite ")
        out.append(suite)
        out.append(">\n")
        for result in results {
            var path = ByteWriter()
            path.appendMarkup(result.path, lineBreaksAsReferences: true)
            out.append("    <testcase classname=\"hitlint\" name=\"")
            out.append(path)
            out.append("\" file=\"")
            out.append(path)
            out.append("\"")
            let diagnostics = result.diagnostics
            if diagnostics.isEmpty {
                out.append("/>\n")
                continue
            }
            out.append(">\n")
            // The line's path, as the text report starts it, escaped once.
            var lineStart = ByteWriter()
            lineStart.appendMarkup(OutputEscaping.lineStart(result.path), lineBreaksAsReferences: true)
            for index in diagnostics.indices where diagnostics[index].severity == .error {
                out.append("      <failure type=\"")
                out.appendMarkup(diagnostics[index].rule, lineBreaksAsReferences: true)
                out.append("\" message=\"")
                out.appendMarkup(diagnostics[index].messageText, lineBreaksAsReferences: true)
                out.append("\">")
                Self.appendLine(result, diagnostics[index], path: lineStart, into: &out)
                out.append("</failure>\n")
                out.flush(to: sink)
            }
            var first = true
            for index in diagnostics.indices where diagnostics[index].severity != .error {
                out.append(first ? "      <system-out>" : "\n")
                first = false
                Self.appendLine(result, diagnostics[index], path: lineStart, into: &out)
                out.flush(to: sink)
            }
            if !first { out.append("</system-out>\n") }
            out.append("    </testcase>\n")
            out.flush(to: sink)
        }
        out.append("  </testsuite>\n</testsuites>\n")
        out.flush(to: sink, all: true)
    }

    /// The diagnostic as the text report writes it, `path:line:col: error:
    /// message [rule]`, on one line as there (`OutputEscaping`), escaped for
    /// XML. A CI system reads the element's text with its references resolved
    /// and may print it to its log, where a line break in an id would start a
    /// line of its own.
    private static func appendLine(_ result: LintResult, _ diagnostic: Diagnostic, path: borrowing ByteWriter, into out: inout ByteWriter) {
        let start = result.source.location(of: diagnostic.span.start)
        out.append(path)
        out.append(":"); out.append(decimal: start.line)
        out.append(":"); out.append(decimal: start.column)
        switch diagnostic.severity {
        case .error: out.append(": error: ")
        case .warning: out.append(": warning: ")
        case .info: out.append(": note: ")
        case .off: out.append(": off: ")
        }
        if diagnostic.messageText.withBytes(OutputEscaping.needsEscapeOnOneLine) {
            out.appendMarkup(OutputEscaping.oneLine(diagnostic.message), lineBreaksAsReferences: true)
        } else {
            out.appendMarkup(diagnostic.messageText, lineBreaksAsReferences: true)
        }
        out.append(" [")
        out.appendMarkup(diagnostic.rule, lineBreaksAsReferences: true)
        out.append("]")
    }

    /// Text for a double-quoted XML attribute or an element (line breaks kept
    /// as references; what XML cannot carry replaced, `OutputEscaping.markup`).
    public static func escape(_ text: String) -> String {
        OutputEscaping.markup(text, lineBreaksAsReferences: true)
    }
}
