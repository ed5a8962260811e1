/// SPEC §7.2 `github`: one GitHub Actions workflow command per diagnostic, so
/// the run's annotations appear on the pull request's changed lines:
///
///     ::error file=Layouts/a.yaml,line=3,col=7,endLine=3,endColumn=20,title=target-size::'play' is ...
///
/// GitHub shows only the first few annotations of a step, so the command also
/// writes the ordinary text report to standard error (see `LintCommand.writeReport`).
/// Paths and messages are escaped by `OutputEscaping` (the message on one line
/// as in that text report, then as the runner unescapes it).
public struct GitHubReporter: Reporter {
    /// Paths are written relative to this folder: the workspace, in a workflow.
    public var currentDirectory: String

    public init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// Its annotations carry no fix, but the text report the command writes
    /// with them to the step's log ends with the count of fixable problems,
    /// which counts fixes as checking leaves them (as JSON's summary does).
    public var needsCheckedFixes: Bool { true }

    public func report(_ results: [LintResult]) -> String {
        var out = ""
        for result in results {
            let file = ProjectPath.relative(result.path, to: currentDirectory)
            for diagnostic in result.diagnostics {
                let (start, end) = result.location(diagnostic)
                let command: String
                switch diagnostic.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .info, .off: command = "notice"
                }
                let properties = [
                    ("file", file), ("line", String(start.line)), ("col", String(start.column)),
                    ("endLine", String(end.line)), ("endColumn", String(end.column)), ("title", diagnostic.rule),
                ]
                out += "::\(command) "
                out += properties.map { "\($0.0)=\(OutputEscaping.workflowProperty($0.1))" }.joined(separator: ",")
                out += "::\(OutputEscaping.workflowMessage(diagnostic.message))\n"
            }
        }
        return out
    }
}
