/// SPEC §7.2 `json`: one object with `version`, `diagnostics` and `summary`.
public struct JSONReporter: Reporter {
    public init() {}

    public func report(_ results: [LintResult]) -> String {
        var items: [String] = []
        for result in results {
            for diagnostic in result.diagnostics {
                let (start, end) = result.location(diagnostic)
                var fields = [
                    "\"file\": \(jsonString(result.path))",
                    "\"line\": \(start.line)", "\"column\": \(start.column)",
                    "\"endLine\": \(end.line)", "\"endColumn\": \(end.column)",
                    "\"severity\": \(jsonString(diagnostic.severity.rawValue))",
                    "\"rule\": \(jsonString(diagnostic.rule))",
                    "\"message\": \(jsonString(diagnostic.message))",
                    "\"node\": \(diagnostic.node.map(jsonString) ?? "null")",
                    "\"related\": [\(diagnostic.related.map(jsonString).joined(separator: ", "))]",
                ]
                if let fix = diagnostic.fix {
                    let edits = fix.edits.map { edit -> String in
                        let from = result.source.location(of: edit.span.start)
                        let to = result.source.location(of: edit.span.end)
                        return "{\"line\": \(from.line), \"column\": \(from.column), \"endLine\": \(to.line), \"endColumn\": \(to.column), \"replacement\": \(jsonString(edit.replacement))}"
                    }
                    fields.append("\"fix\": {\"description\": \(jsonString(fix.description)), \"edits\": [\(edits.joined(separator: ", "))]}")
                } else {
                    fields.append("\"fix\": null")
                }
                items.append("  {" + fields.joined(separator: ", ") + "}")
            }
        }
        let summary = RunSummary(results: results)
        let body = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n ]"
        return """
        {"version": 1,
         "diagnostics": \(body),
         "summary": {"files": \(summary.files), "errors": \(summary.errors), "warnings": \(summary.warnings), "infos": \(summary.infos), "fixable": \(summary.fixable)}}

        """
    }
}

