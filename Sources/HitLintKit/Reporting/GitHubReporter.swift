/// SPEC §7.2 `github`: one GitHub Actions workflow command per diagnostic, so
/// the run's annotations appear on the pull request's changed lines:
///
///     ::error file=Layouts/a.yaml,line=3,col=7,endLine=3,endColumn=20,title=target-size::'play' is ...
///
/// GitHub shows only the first few annotations of a step, so the command also
/// writes the ordinary text report to standard error (see `LintCommand.writeReport`).
/// Paths and messages are escaped by `OutputEscaping` (the message on one line
/// as in that text report, then as the runner unescapes it).
public struct GitHubReporter: Reporter, Sendable {
    /// Paths are written relative to this folder: the workspace, in a workflow.
    public var currentDirectory: String
    /// `--show-fixes`: the text report the command writes to the step's log
    /// shows each fix under its diagnostic.
    public var logShowsFixes: Bool
    /// Threads the annotations are formatted on (`ReportChunks`).
    public var jobs: Int

    public init(currentDirectory: String, logShowsFixes: Bool = false, jobs: Int = RunSettings().jobs) {
        self.currentDirectory = currentDirectory
        self.logShowsFixes = logShowsFixes
        self.jobs = jobs
    }

    /// Its annotations carry no fix, and the text report the command writes
    /// with them to the step's log is the ordinary one (SPEC §7.2): without
    /// `--show-fixes` it counts the fixable problems as `--format text`
    /// does, unchecked, so the log says what the same command says on the
    /// developer's machine, and CI does not check every fix of the project
    /// for a count.
    public var needsCheckedFixes: Bool { logShowsFixes }

    /// Written into bytes, the file's property escaped once per file: a
    /// command per finding, of which a first run can have 10⁵.
    public func write(_ results: [LintResult], to sink: ByteSink) {
        var out = ByteWriter.forPieces()
        for result in results where !result.diagnostics.isEmpty {
            var path = ByteWriter()
            path.appendWorkflowProperty(ProjectPath.relative(result.path, to: currentDirectory))
            let file = path.bytes
            ReportChunks.write(result, jobs: jobs, into: &out, sink: sink) { result, diagnostics, index, out in
                let (start, end) = result.location(diagnostics[index])
                switch diagnostics[index].severity {
                case .error: out.append("::error file=")
                case .warning: out.append("::warning file=")
                case .info, .off: out.append("::notice file=")
                }
                out.append(bytes: file)
                out.append(",line="); out.append(decimal: start.line)
                out.append(",col="); out.append(decimal: start.column)
                out.append(",endLine="); out.append(decimal: end.line)
                out.append(",endColumn="); out.append(decimal: end.column)
                out.append(",title="); out.appendWorkflowProperty(diagnostics[index].rule)
                out.append("::"); out.appendWorkflowMessage(diagnostics[index].messageText)
                out.append("\n")
            }
        }
        out.flush(to: sink, all: true)
    }
}
