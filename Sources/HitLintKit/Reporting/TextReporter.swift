/// The Xcode/clang form editors link: `path:line:col: error: message [rule]`,
/// then (on a terminal) the source line with a caret under the span, and a
/// summary line at the end.
public struct TextReporter: Reporter, Sendable {
    public var showSource: Bool
    public var color: Bool
    public var showFixes: Bool
    /// Threads the diagnostics' lines are formatted on (`ReportChunks`).
    public var jobs: Int

    public init(showSource: Bool = false, color: Bool = false, showFixes: Bool = false, jobs: Int = RunSettings().jobs) {
        self.showSource = showSource
        self.color = color
        self.showFixes = showFixes
        self.jobs = jobs
    }

    /// With `--show-fixes` only: each fix under its diagnostic. Without, the
    /// summary counts the problems whose fixes would edit the file, unchecked.
    public var needsCheckedFixes: Bool { showFixes }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Appends `text` in the style `code` (an SGR parameter) when colouring.
    private func paint(_ code: StaticString, _ out: inout ByteWriter, _ text: (inout ByteWriter) -> Void) {
        guard color else { return text(&out) }
        out.append("\u{1B}[")
        out.append(code)
        out.append("m")
        text(&out)
        out.append("\u{1B}[0m")
    }

    public func write(_ results: [LintResult], to sink: ByteSink) {
        // Written as bytes: a first run on a large project prints a line for each
        // of many diagnostics, and a String joined for each would cost more than the line.
        var out = ByteWriter.forPieces()
        let groups = CaptureGroups(results)
        for (resultIndex, result) in results.enumerated() where !result.diagnostics.isEmpty {
            // Each diagnostic line starts with the path: on one line, and never a workflow command.
            let path = OutputEscaping.lineStart(result.path)
            ReportChunks.write(result, jobs: jobs, into: &out, sink: sink) { result, diagnostics, index, out in
                // The same control in many captures: shown once.
                let grouping = groups.grouping(result: resultIndex, diagnostic: index)
                if grouping?.shown == false { return }
                writeDiagnostic(index, of: diagnostics, in: result, path: path, groupSuffix: grouping?.suffix, into: &out)
            }
        }
        if let line = groups.summaryLine {
            out.append(line)
            out.append("\n")
        }
        out.append(RunSummary(results: results).line)
        out.append("\n")
        out.flush(to: sink, all: true)
    }

    /// A diagnostic's line, then its source excerpt and fix when shown; read
    /// in place, by index: a copy of a diagnostic counts a reference for each
    /// of its strings and lists.
    private func writeDiagnostic(_ index: Int, of diagnostics: UnsafeBufferPointer<Diagnostic>, in result: LintResult, path: String,
                                 groupSuffix: String?, into out: inout ByteWriter) {
        let start = result.source.location(of: diagnostics[index].span.start)
        paint("1", &out) { out in
            out.append(path)
            out.append(":")
            out.append(decimal: start.line)
            out.append(":")
            out.append(decimal: start.column)
            out.append(":")
        }
        out.append(" ")
        switch diagnostics[index].severity {
        case .error: paint("1;31", &out) { $0.append("error") }
        case .warning: paint("1;33", &out) { $0.append("warning") }
        case .info, .off: paint("1;36", &out) { $0.append("note") }
        }
        out.append(": ")
        // Messages quote ids from files: one line per diagnostic, whatever they hold.
        out.appendOneLine(diagnostics[index].messageText)
        if let groupSuffix { out.append(groupSuffix) }
        out.append(" ")
        paint("2", &out) { out in
            out.append("[")
            out.append(diagnostics[index].rule)
            out.append("]")
        }
        out.append("\n")
        if showSource { out.append(sourceExcerpt(result.source, span: diagnostics[index].span, line: start.line)) }
        if showFixes, let fix = diagnostics[index].fix { out.append(fixLines(fix, source: result.source)) }
    }

    /// "    fix: grow 'a' …" and a line for each edit. A fix's description names its
    /// nodes, and an inserted value may quote them: each on one line.
    private func fixLines(_ fix: Fix, source: SourceText) -> String {
        var out = "    " + paint(fix.hasEdits ? "fix:" : "help:", "1;32") + " \(OutputEscaping.oneLine(fix.description))\n"
        for edit in fix.edits {
            let from = source.location(of: edit.span.start)
            let to = source.location(of: edit.span.end)
            let replacement = OutputEscaping.quoted(edit.replacement)
            if edit.span.start == edit.span.end {
                out += "      \(from.line):\(from.column): insert \(replacement)\n"
            } else if edit.replacement.isEmpty {
                out += "      \(from.line):\(from.column)-\(to.line):\(to.column): delete\n"
            } else {
                out += "      \(from.line):\(from.column)-\(to.line):\(to.column): replace with \(replacement)\n"
            }
        }
        return out
    }

    /// "   12 | - {id: prev, ...}" and a caret line under the span (first line only).
    /// A long line (a minified file) is shown as a window around the span, and
    /// nothing here reads more of the line than that window. Control characters
    /// are shown escaped (a file must not drive the terminal), and the caret is
    /// placed by the shown widths.
    private func sourceExcerpt(_ source: SourceText, span: SourceSpan, line: Int) -> String {
        let bytes = source.bytes
        // A byte order mark is no character of the first line (as for columns).
        let bounds = source.lineBounds(at: span.start)
        let (lineStart, lineEnd) = (bounds.lowerBound, bounds.upperBound)
        let spanStart = min(max(span.start, lineStart), lineEnd)
        let spanEnd = min(max(span.end, spanStart), lineEnd)
        let window = 160
        var from = lineStart
        if lineEnd - lineStart > window {
            from = max(lineStart, spanStart - window / 2)
            while from > lineStart, bytes[from] & 0xC0 == 0x80 { from -= 1 }
        }
        var to = min(lineEnd, max(from + window, spanEnd))
        while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to += 1 }
        func columns(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }
        let shown = bytes.string(from..<to).unicodeScalars.map { $0 == "\t" ? "\t" : OutputEscaping.oneLine(String($0)) }
        let before = shown.prefix(columns(from..<spanStart))
        let spanned = shown.dropFirst(before.count).prefix(columns(spanStart..<spanEnd))
        let prefix = from > lineStart ? "…" : ""
        let text = prefix + shown.joined() + (to < lineEnd ? "…" : "")
        let lead = (prefix.isEmpty ? "" : " ") + before.map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.unicodeScalars.count) }.joined()
        let width = max(1, spanned.reduce(0) { $0 + $1.unicodeScalars.count })
        let marker = "^" + String(repeating: "~", count: width - 1)
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        return " \(number) | \(text)\n \(gutter) | \(lead)\(paint(marker, "1;32"))\n"
    }
}
