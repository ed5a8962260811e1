/// The Xcode/clang form editors link: `path:line:col: error: message [rule]`,
/// then (on a terminal) the source line with a caret under the span, and a
/// summary line at the end.
public struct TextReporter: Reporter {
    public var showSource: Bool
    public var color: Bool
    public var showFixes: Bool

    public init(showSource: Bool = false, color: Bool = false, showFixes: Bool = false) {
        self.showSource = showSource
        self.color = color
        self.showFixes = showFixes
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func report(_ results: [LintResult]) -> String {
        var out = ""
        for result in results {
            for diagnostic in result.diagnostics {
                let (start, end) = result.location(diagnostic)
                let severity: String
                switch diagnostic.severity {
                case .error: severity = paint("error", "1;31")
                case .warning: severity = paint("warning", "1;33")
                case .info, .off: severity = paint("note", "1;36")
                }
                out += paint("\(result.path):\(start.line):\(start.column):", "1") + " \(severity): \(diagnostic.message) "
                out += paint("[\(diagnostic.rule)]", "2") + "\n"
                if showSource { out += sourceExcerpt(result.source, start: start, end: end) }
                if showFixes, let fix = diagnostic.fix {
                    out += "    " + paint(fix.edits.isEmpty ? "help:" : "fix:", "1;32") + " \(fix.description)\n"
                    for edit in fix.edits {
                        let from = result.source.location(of: edit.span.start)
                        let to = result.source.location(of: edit.span.end)
                        let replacement = edit.replacement.replacingNewlines()
                        if edit.span.start == edit.span.end {
                            out += "      \(from.line):\(from.column): insert \(replacement)\n"
                        } else if edit.replacement.isEmpty {
                            out += "      \(from.line):\(from.column)-\(to.line):\(to.column): delete\n"
                        } else {
                            out += "      \(from.line):\(from.column)-\(to.line):\(to.column): replace with \(replacement)\n"
                        }
                    }
                }
            }
        }
        out += RunSummary(results: results).line + "\n"
        return out
    }

    /// "   12 | - {id: prev, ...}" and a caret line under the span (first line only).
    private func sourceExcerpt(_ source: SourceText, start: SourceLocation, end: SourceLocation) -> String {
        let text = source.lineText(start.line)
        let number = String(start.line)
        let gutter = String(repeating: " ", count: number.count)
        let scalars = Array(text.unicodeScalars)
        let prefix = String(String.UnicodeScalarView(scalars.prefix(max(0, start.column - 1)).map { $0 == "\t" ? "\t" : " " }))
        let lastColumn = end.line == start.line ? max(end.column, start.column + 1) : scalars.count + 1
        let width = max(1, lastColumn - start.column)
        let marker = "^" + String(repeating: "~", count: width - 1)
        return " \(number) | \(text)\n \(gutter) | \(prefix)\(paint(marker, "1;32"))\n"
    }
}

extension String {
    /// For one-line display: line breaks written as \n, the rest as is, quoted.
    func replacingNewlines() -> String {
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
