/// SPEC §7.2 `json`: one object with `version`, `diagnostics` and `summary`.
///
/// Written straight into bytes (`ByteWriter`): a report of 10⁵ diagnostics is
/// linear in its size and allocates nothing per field.
public struct JSONReporter: Reporter, Sendable {
    /// Threads the diagnostics are formatted on (`ReportChunks`).
    public var jobs: Int

    public init(jobs: Int = RunSettings().jobs) {
        self.jobs = jobs
    }

    /// Each diagnostic's `fix`, with its edits, and the summary's `fixable`.
    public var needsCheckedFixes: Bool { true }

    public func write(_ results: [LintResult], to sink: ByteSink) {
        var out = ByteWriter.forPieces()
        out.append("{\"version\": 1,\n \"diagnostics\": ")
        var first = true
        for result in results where !result.diagnostics.isEmpty {
            let path = jsonString(result.path)
            let fingerprints = Fingerprints.values(of: result, file: result.path)
            let opensList = first
            first = false
            ReportChunks.write(result, jobs: jobs, into: &out, sink: sink) { result, diagnostics, position, out in
                out.append(opensList && position == 0 ? "[\n  {\"file\": " : ",\n  {\"file\": ")
                Self.writeDiagnostic(position, of: diagnostics, in: result, path: path, fingerprint: fingerprints[position], into: &out)
            }
        }
        out.append(first ? "[]" : "\n ]")
        let summary = RunSummary(results: results)
        out.append(",\n \"summary\": {\"files\": "); out.append(decimal: summary.files)
        out.append(", \"errors\": "); out.append(decimal: summary.errors)
        out.append(", \"warnings\": "); out.append(decimal: summary.warnings)
        out.append(", \"infos\": "); out.append(decimal: summary.infos)
        out.append(", \"fixable\": "); out.append(decimal: summary.fixable)
        out.append("}}\n")
        out.flush(to: sink, all: true)
    }

    /// One diagnostic's object after its `{"file": `, read where it is,
    /// field by field: a copy of it would count a reference for each of its
    /// strings and lists.
    private static func writeDiagnostic(_ position: Int, of diagnostics: UnsafeBufferPointer<Diagnostic>, in result: LintResult,
                                        path: String, fingerprint: UInt64, into out: inout ByteWriter) {
        let start = result.source.location(of: diagnostics[position].span.start)
        let end = result.source.location(of: diagnostics[position].span.end)
        out.append(path)
        out.append(", ")
        appendRange(start, end, into: &out)
        out.append(", \"severity\": "); out.appendJSONString(diagnostics[position].severity.rawValue)
        out.append(", \"rule\": "); out.appendJSONString(diagnostics[position].rule)
        out.append(", \"message\": "); out.appendJSONString(diagnostics[position].messageText)
        out.append(", \"node\": ")
        let names = diagnostics[position].names
        if names.withNode({ out.appendJSONString(bytes: $0) }) == nil { out.append("null") }
        out.append(", \"related\": [")
        var index = 0
        names.forEachRelated { related in
            if index > 0 { out.append(", ") }
            out.appendJSONString(bytes: related)
            index += 1
        }
        out.append("], \"fix\": ")
        if let fix = diagnostics[position].fix {
            out.append("{\"description\": "); fix.withDescription { out.appendJSONString(bytes: $0) }
            out.append(", \"edits\": [")
            var index = 0
            fix.forEachEdit { span, replacement in
                if index > 0 { out.append(", ") }
                let from = result.source.location(of: span.start)
                let to = result.source.location(of: span.end)
                out.append("{")
                appendRange(from, to, into: &out)
                out.append(", \"replacement\": "); out.appendJSONString(bytes: replacement)
                out.append("}")
                index += 1
            }
            out.append("]}")
        } else {
            out.append("null")
        }
        appendFingerprint(fingerprint, into: &out)
        out.append("}")
    }

    /// `, "fingerprint": "0f3a…"`: the finding's `Fingerprints` (a
    /// capture's control's, the same in every capture), from the path as the
    /// report writes it.
    private static func appendFingerprint(_ fingerprint: UInt64, into out: inout ByteWriter) {
        out.append(", \"fingerprint\": \"")
        out.appendHex16(fingerprint)
        out.append("\"")
    }

    /// `"line": 3, "column": 7, "endLine": 3, "endColumn": 12`
    private static func appendRange(_ start: SourceLocation, _ end: SourceLocation, into out: inout ByteWriter) {
        out.append("\"line\": "); out.append(decimal: start.line)
        out.append(", \"column\": "); out.append(decimal: start.column)
        out.append(", \"endLine\": "); out.append(decimal: end.line)
        out.append(", \"endColumn\": "); out.append(decimal: end.column)
    }
}
