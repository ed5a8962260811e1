/// `hitlint [lint] [options] <path>...`, the default subcommand: lints files and
/// folders, reports, and exits 0, 1 or 2 (SPEC §7). The steps are in `LintRun.swift`.
struct LintCommand: Subcommand {
    static let name = "lint"
    static let usage = "hitlint [lint] [options] <path>..."
    static let abstract = """
    Lints Interface Builder documents, UI layout files (JSON or a YAML subset),
    captured view hierarchies and Figma files for touch and pointer targets
    people will miss: too small, clipped, overlapping, occluded, unreachable, or
    separated by dead gaps. Folders are searched for *.xib, *.storyboard,
    *.json, *.yaml, *.yml, *.xml (files there that are
    no layout hitlint knows are skipped with a note); '-' reads standard input.
    """
    static var optionGroups: [PartialKeyPath<Arguments>] { [\.lintOptions, \.report, \.runFiles, \.fixes] }

    /// Files, folders, and `-` for standard input.
    var paths: [String]
    var lintOptions: LintOptionArguments
    var report: ReportArguments
    var runFiles: RunFileArguments
    var fixes: FixArguments

    init(_ arguments: Arguments) {
        paths = arguments.paths
        lintOptions = arguments.lintOptions
        report = arguments.report
        runFiles = arguments.runFiles
        fixes = arguments.fixes
    }

    func run(output: CommandOutput) -> Int32 {
        let clock = RunClock()
        var plan: LintPlan
        do {
            plan = try makePlan(output: output)
        } catch {
            return output.fail(error.message)
        }
        if fixes.fix, fixes.diff {
            return output.fail("--fix and --diff cannot be used together (--diff shows what --fix would write)")
        }
        let fixing = fixes.fix || fixes.diff
        // Fixes are checked (applied alone and re-linted) whenever they are
        // applied or the report shows what checking leaves of them.
        let checksFixes = fixing || reporter(plan: plan, output: output).needsCheckedFixes
        plan.options.fixChecking = checksFixes ? .checked : .unchecked
        // A report that shows no fix counts the fixable problems only.
        plan.options.run.writesFixes = checksFixes
        // Nodes' names are kept where something reads them: JSON and SARIF
        // reports, baselines, and fix checking (which counts problems by name).
        plan.options.run.keepsNames = checksFixes || [.json, .sarif].contains(plan.format) || plan.baseline != nil
            || runFiles.writeBaselineFile != nil
        // The report locates every finding.
        plan.options.run.locatesFindings = true
        // --render-dir draws what the lint kept, without building each file again.
        if report.renderDirectory != nil { plan.keptContexts = (SharedAllowance(Self.keptContextBytes), report.quiet) }
        let collected = collectFiles(plan: plan, output: output)
        if let refusal = collected.refusal { return output.fail(refusal) }
        var linted = Self.lintAll(collected.files, plan: plan, fixing: fixing, output: output)
        if let unused = Self.unusedOverrides(collected.files, results: linted.results, plan: plan, paths: paths) {
            linted.results.append(unused)
            linted.results.sort { $0.path < $1.path }
        }
        var failed = collected.failed || linted.failed
        if fixing {
            let written = Self.writeFixes(collected.files, fixed: linted.fixed, write: fixes.fix, output: output)
            // A file that kept its bytes (not written, or standard input) is
            // reported, and recorded, as it is, not as it would have been.
            if !written.unwritten.isEmpty {
                linted.results = Self.lintAgain(written.unwritten, in: linted.results, files: collected.files,
                                                fixed: linted.fixed, plan: plan)
            }
            if written.failed { failed = true }
        }
        if let path = runFiles.writeBaselineFile {
            // (A file --fix could not write was still linted: the baseline is whole.)
            failed = !Self.writeBaseline(linted.results, to: path, runFailed: collected.failed || linted.failed, plan: plan,
                                         output: output) || failed
        }
        let (results, hidden) = plan.baseline?.filter(linted.results, currentDirectory: plan.currentDirectory)
            ?? (linted.results, 0)
        if !fixes.diff, !writeReport(results, plan: plan, output: output) { failed = true }
        // --render-dir: pictures of what is reported; the report and exit code stay as they are.
        if let directory = report.renderDirectory,
           !RenderCommand.writeRenderDirectory(directory, results: report.quiet ? results.map(\.errorsOnly) : results,
                                               fileCount: collected.files.count, linter: Linter(options: plan.options),
                                               output: output) {
            failed = true
        }
        if report.stats {
            output.writeError(RunStatistics(results: linted.results, shown: results, hiddenByBaseline: hidden,
                                            jobs: plan.jobs, seconds: clock.seconds).text)
        }
        let status = exitStatus(RunSummary(results: results), failed: failed, output: output)
        // Held to here, so that an executable that exits in `finish` frees none of them.
        withExtendedLifetime((collected, linted, results)) { output.finish(status) }
        return status
    }
}
