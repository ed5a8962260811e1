import Dispatch
import Foundation

/// The steps of `hitlint lint`, each small enough to read on its own:
/// settle the plan, collect the files, lint them all, report, choose the exit status.
extension LintCommand {
    /// Everything a run needs, settled before any layout file is read, so a bad
    /// option, configuration or baseline stops the run at once (exit 2).
    struct LintPlan {
        var options: LintOptions
        var format: ReportArguments.OutputFormat
        var configuration: Configuration?
        var baseline: Baseline?
        /// Files linted at once.
        var jobs: Int
        var currentDirectory: String
    }

    /// A layout file to lint, or standard input already read.
    struct LintFile: Sendable {
        var path: String
        var format: SourceFormat?
        var bytes: [UInt8]?
        /// Found while walking a folder rather than named: skipped with a note
        /// when it is no layout hitlint knows.
        var foundInFolder = false
    }

    func makePlan(output: CommandOutput) throws(Arguments.UsageError) -> LintPlan {
        let format = report.format ?? "text"
        let formats = ReportArguments.OutputFormat.allCases.map(\.rawValue)
        guard let outputFormat = ReportArguments.OutputFormat(rawValue: format) else {
            throw Arguments.UsageError(message: "unknown format '\(format)'" + Arguments.suggestion(format, formats))
        }
        guard !paths.isEmpty else {
            throw Arguments.UsageError(message: "no paths given\n\(Arguments.usage)")
        }
        if paths.contains("-"), runFiles.stdinFormat == nil,
           SourceFormat(path: runFiles.stdinFilename ?? "") == nil {
            throw Arguments.UsageError(message: "standard input ('-') needs --stdin-format json|yaml|xml, or a --stdin-filename ending in .json, .yaml, .yml or .xml")
        }
        let currentDirectory = output.currentDirectory
        var configuration: Configuration?
        do {
            if let path = runFiles.configFile ?? Configuration.find(from: currentDirectory) {
                configuration = try Configuration.load(path: path, currentDirectory: currentDirectory)
            }
        } catch {
            throw Arguments.UsageError(message: error.description)
        }
        let options = try lintOptions.resolved(over: configuration)
        var baseline: Baseline?
        if let path = runFiles.baselineFile {
            do {
                baseline = try Baseline.load(path: path, currentDirectory: currentDirectory)
            } catch {
                throw Arguments.UsageError(message: error.description)
            }
        }
        return LintPlan(options: options, format: outputFormat, configuration: configuration, baseline: baseline,
                        jobs: lintOptions.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                        currentDirectory: currentDirectory)
    }

    /// Files under the paths (filtered by the configuration's include and exclude),
    /// and standard input for `-`. Missing paths are reported and fail the run,
    /// but the other files are still linted.
    func collectFiles(plan: LintPlan, output: CommandOutput) -> (files: [LintFile], failed: Bool) {
        let (found, problems) = FileWalker().files(in: paths.filter { $0 != "-" })
        for problem in problems { output.writeError("hitlint: \(problem.path.displayedOnOneLine): \(problem.message)\n") }
        // The run's own baseline and report are JSON too: never lint them as layouts.
        let ownFiles = Set([runFiles.baselineFile, runFiles.writeBaselineFile, report.outputFile].compactMap { path in
            path.map { ProjectPath.relative($0, to: plan.currentDirectory) }
        })
        var files = ownFiles.isEmpty ? found  // (the usual case: no path to compare with each file)
            : found.filter { !ownFiles.contains(ProjectPath.relative($0, to: plan.currentDirectory)) }
        let candidates = files
        if let configuration = plan.configuration {
            files = candidates.filter { configuration.includes($0, currentDirectory: plan.currentDirectory) }
            if files.isEmpty, !candidates.isEmpty, !paths.contains("-") {
                output.writeError("hitlint: no layout files to lint: \(candidates.count) skipped by include/exclude in \(configuration.path)\n")
            }
        }
        let named = Set(paths)
        var lintFiles = files.map { LintFile(path: $0, foundInFolder: !named.contains($0)) }
        var failed = !problems.isEmpty
        if paths.contains("-") {
            let name = runFiles.stdinFilename ?? "<stdin>"
            if let bytes = output.readStandardInput() {
                lintFiles.append(LintFile(path: name, format: runFiles.stdinFormat ?? SourceFormat(path: name), bytes: bytes))
            } else {
                output.writeError("hitlint: cannot read standard input\n")
                failed = true
            }
        }
        return (lintFiles, failed)
    }

    /// A file before and after `--fix`, and how many fixes it took.
    struct FixedFile: Sendable {
        var original: [UInt8]
        var fixed: [UInt8]
        var count: Int
    }

    /// Lints every file, `plan.jobs` at a time, and returns the results sorted by
    /// path: the output is the same whatever the number of jobs. With `fixing`,
    /// each file is fixed until stable and the result describes what remains.
    static func lintAll(_ files: [LintFile], plan: LintPlan, fixing: Bool = false,
                        output: CommandOutput) -> (results: [LintResult], failed: Bool, fixed: [String: FixedFile]) {
        // Each file: its result, or why it could not be linted; and, fixing, its bytes before and after.
        // `shared`: the density its folder settles for it (`FolderDensity`).
        let lintFile = { @Sendable (index: Int, shared: SharedDensity?) -> (result: LintResult?, failure: String?, fixed: FixedFile?) in
            let file = files[index]
            var options = plan.options
            options.sharedDensity = shared
            let linter = Linter(options: options)
            guard let format = file.format ?? SourceFormat(path: file.path) ?? plan.options.fileKind.impliedFormat else {
                return (nil, "not a layout file (expected .json, .yaml, .yml or .xml; --from names the format of a capture saved under another name)", nil)
            }
            let source: SourceBytes
            if let given = file.bytes {
                source = SourceBytes(given)
            } else {
                // A file to fix is rewritten from an array; one to lint may be mapped.
                switch InputFileReader.readSource(file.path, mappingFrom: fixing ? .max : InputFileReader.mappingThreshold) {
                case .success(let read): source = read
                case .failure(let failure): return (nil, failure.message, nil)
                }
            }
            if fixing {
                let bytes = source.array
                let outcome = Fixer.fixUntilStable(bytes, format: format, path: file.path, linter: linter,
                                                   foundInFolder: file.foundInFolder)
                // A captured hierarchy is never rewritten, whatever a fix says.
                let fixed = outcome.result.fileKind.isCapture
                    ? FixedFile(original: bytes, fixed: bytes, count: 0)
                    : FixedFile(original: bytes, fixed: outcome.bytes, count: outcome.fixesApplied)
                return (outcome.result, nil, fixed)
            }
            let result = linter.lint(source: SourceText(bytes: source), format: format, path: file.path,
                                     foundInFolder: file.foundInFolder)
            // The report turns offsets into lines on one core, after every
            // file: the line table of a small file is built here, on the
            // worker's. (A mapped file's waits: it is read in blocks, after
            // the rules' tables are gone.)
            if !result.diagnostics.isEmpty, !source.isMapped { _ = result.source.lineStarts }
            return (result, nil, nil)
        }
        var outcomes = concurrentMap(count: files.count, jobs: plan.jobs) { lintFile($0, nil) }
        // Captures of one device share their density: those whose folder
        // settles another than they showed alone are read again at it.
        let again = sharedDensities(files, results: outcomes.map(\.result), plan: plan)
        if !again.isEmpty {
            let redone = concurrentMap(count: again.count, jobs: plan.jobs) { lintFile(again[$0].index, again[$0].density) }
            for (position, item) in again.enumerated() { outcomes[item.index] = redone[position] }
        }
        let results = outcomes.map(\.result)
        let failures = outcomes.map(\.failure)
        let fixedFiles = outcomes.map(\.fixed)
        var failed = false
        for (index, failure) in failures.enumerated() {
            if let failure {
                output.writeError("hitlint: \(files[index].path.displayedOnOneLine): \(failure)\n")
                failed = true
            }
        }
        var sorted = results.compactMap { $0 }
        // Files come sorted from the walker (standard input last): sort only when needed.
        if zip(sorted, sorted.dropFirst()).contains(where: { !($0.path <= $1.path) }) {
            sorted.sort { $0.path < $1.path }
        }
        var fixed: [String: FixedFile] = [:]
        for (file, fixedFile) in zip(files, fixedFiles) { if let fixedFile { fixed[file.path] = fixedFile } }
        return (sorted, failed, fixed)
    }

    /// `--fix` writes each changed file atomically; `--diff` prints what it would
    /// write. Returns false when a file could not be written.
    static func writeFixes(_ files: [LintFile], fixed: [String: FixedFile],
                                   write: Bool, output: CommandOutput) -> Bool {
        var ok = true
        var fixes = 0
        var changedFiles = 0
        // One file reached under two names (a symlink, a linked folder) is written once.
        var writtenFiles = Set<String>()
        for file in files {
            let path = file.path
            guard let entry = fixed[path], entry.fixed != entry.original else { continue }
            if write, file.bytes != nil {
                output.writeError("hitlint: \(path.displayedOnOneLine): standard input is not written back; use --diff to see the fixes\n")
                continue
            }
            if write {
                guard writtenFiles.insert(ProjectPath.real(path)).inserted else { continue }
                do {
                    try AtomicFile.replace(path, with: entry.fixed, expecting: entry.original)
                } catch {
                    output.writeError("hitlint: \(path.displayedOnOneLine): \(error.message)\n")
                    ok = false
                    continue
                }
            } else {
                output.write(UnifiedDiff.make(old: entry.original, new: entry.fixed, path: path))
            }
            fixes += entry.count
            changedFiles += 1
        }
        let verb = write ? "fixed" : "would fix"
        output.writeError("hitlint: \(verb) \(fixes) problem\(fixes == 1 ? "" : "s") in \(changedFiles) file\(changedFiles == 1 ? "" : "s")\n")
        return ok
    }

    /// Records every diagnostic of the run (before any baseline hid some). False when
    /// the file cannot be written, or must not be: a baseline from a run that missed
    /// files would silently drop their entries.
    static func writeBaseline(_ results: [LintResult], to path: String, runFailed: Bool, plan: LintPlan,
                              output: CommandOutput) -> Bool {
        if runFailed {
            output.writeError("hitlint: \(path) not written: some paths could not be linted\n")
            return false
        }
        let baseline = Baseline(results: results, currentDirectory: plan.currentDirectory)
        guard Self.writeFile(Array(baseline.encoded().utf8), to: path, currentDirectory: plan.currentDirectory) else {
            output.writeError("hitlint: \(path): cannot write baseline\n")
            return false
        }
        let count = baseline.entryCount
        output.writeError("hitlint: recorded \(count) diagnostic\(count == 1 ? "" : "s") in \(path)\n")
        return true
    }

    /// Writes the report in the chosen format to standard output or `--output`.
    /// False when the output file cannot be written.
    func writeReport(_ results: [LintResult], plan: LintPlan, output: CommandOutput) -> Bool {
        let shown = report.quiet ? results.map(\.errorsOnly) : results
        let toFile = report.outputFile != nil
        let reporter: Reporter
        switch plan.format {
        case .text:
            reporter = TextReporter(showSource: !toFile && output.isTerminal,
                                    color: Self.colorEnabled(report.color, output: output, toFile: toFile),
                                    showFixes: report.showFixes)
        case .json: reporter = JSONReporter()
        case .sarif: reporter = SARIFReporter(currentDirectory: plan.currentDirectory)
        case .github: reporter = GitHubReporter(currentDirectory: plan.currentDirectory)
        case .junit: reporter = JUnitReporter()
        }
        let bytes = reporter.reportBytes(shown)
        if plan.format == .github {
            // Annotations are capped per step; the full list goes to the log.
            output.writeError(TextReporter(showFixes: report.showFixes).report(shown))
        }
        guard let path = report.outputFile else {
            output.write(bytes: bytes)
            return true
        }
        guard Self.writeFile(bytes, to: path, currentDirectory: plan.currentDirectory) else {
            output.writeError("hitlint: \(path): cannot write the report\n")
            return false
        }
        return true
    }

    static func colorEnabled(_ choice: ReportArguments.ColorChoice, output: CommandOutput, toFile: Bool = false) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: return !toFile && output.isTerminal && (output.environment["NO_COLOR"].map(\.isEmpty) ?? true)
        }
    }

    /// SPEC §7.1: 2 when the tool could not do its job, else 1 for errors or too many
    /// warnings, else 0. Counts are of the diagnostics after the baseline and before
    /// `--quiet`, which only changes what is shown.
    func exitStatus(_ summary: RunSummary, failed: Bool, output: CommandOutput) -> Int32 {
        if failed { return 2 }
        if report.exitZero { return 0 }
        if summary.errors > 0 { return 1 }
        if report.strict, summary.warnings > 0 { return 1 }
        if let maximum = report.maxWarnings, summary.warnings > maximum {
            output.writeError("hitlint: \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"), more than --max-warnings \(maximum) allows\n")
            return 1
        }
        return 0
    }

    /// Writes a whole file at once (temporary file and rename), so a reader never sees half of it.
    static func writeFile(_ bytes: [UInt8], to path: String, currentDirectory: String) -> Bool {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: absolute), options: .atomic)
            return true
        } catch {
            return false
        }
    }
}

/// Wall-clock time since the run started, for `--stats` only.
struct RunClock {
    private let start = DispatchTime.now().uptimeNanoseconds

    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
