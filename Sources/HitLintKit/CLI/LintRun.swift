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
        /// Results with something to show keep what the rules saw, for
        /// `--render-dir`'s pictures (`LintResult.context`), while `allowance`
        /// (bytes of the files kept) lasts: a kept context costs about its
        /// file's size again, so a run over many files keeps the first and
        /// builds the others again when it draws them. `quiet`: only errors
        /// are shown.
        var keptContexts: (allowance: SharedAllowance, quiet: Bool)?
    }

    /// How much of the files' sizes `--render-dir` keeps contexts for.
    static let keptContextBytes = 32 << 20

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
            throw Arguments.UsageError(message: "no paths given\n\(Help.summary)")
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

    /// What `collectFiles` gathered; `refusal` says why the run must stop before
    /// anything is read or written (exit 2).
    struct CollectedFiles {
        var files: [LintFile]
        var failed: Bool
        var refusal: String?
    }

    /// Files under the paths (filtered by the configuration's include and exclude),
    /// and standard input for `-`. Missing paths are reported and fail the run,
    /// but the other files are still linted. A run that would write its report or
    /// baseline over a file it reads is refused here, before any layout is linted
    /// or standard input read.
    func collectFiles(plan: LintPlan, output: CommandOutput) -> CollectedFiles {
        let walk = FileWalker(currentDirectory: plan.currentDirectory).walk(paths.filter { $0 != "-" })
        let written = WrittenFiles(outputFile: report.outputFile, writeBaselineFile: runFiles.writeBaselineFile,
                                   currentDirectory: plan.currentDirectory)
        let configurationFile = plan.configuration.map(\.path)
        if let refusal = written.conflictWithRunFiles(configuration: configurationFile, baseline: runFiles.baselineFile) {
            return CollectedFiles(files: [], failed: true, refusal: refusal)
        }
        for problem in walk.problems { output.writeError("hitlint: \(problem.path.displayedOnOneLine): \(problem.message)\n") }
        var files = walk.files
        // Files the run writes or reads as its baseline, met in a folder walk,
        // are left out (an earlier run's report or baseline is JSON too); one
        // named, or that would be linted, is an input the run must not destroy.
        // (Compared only when an output file exists: a file not there yet cannot
        // be one found, and comparing takes a stat per file.)
        let baseline = runFiles.baselineFile.flatMap { WrittenFiles.identity(ofInput: $0, currentDirectory: plan.currentDirectory) }
        if written.writesOverAFile || baseline != nil {
            var kept: [String] = []
            for file in files {
                if let target = written.output(writingOver: file) {
                    if walk.named.contains(file) || isLinted(file, plan: plan) {
                        return CollectedFiles(files: [], failed: true,
                                              refusal: written.refusal(target, "is also a file this run lints (\(file.displayedOnOneLine))"))
                    }
                    continue
                }
                if let baseline, WrittenFiles.identity(ofInput: file, currentDirectory: plan.currentDirectory) == baseline { continue }
                kept.append(file)
            }
            files = kept
        }
        let candidates = files
        if let configuration = plan.configuration {
            files = candidates.filter { configuration.includes($0, currentDirectory: plan.currentDirectory) }
            if files.isEmpty, !candidates.isEmpty, !paths.contains("-") {
                output.writeError("hitlint: no layout files to lint: \(candidates.count) skipped by include/exclude in \(configuration.path)\n")
            }
        }
        var lintFiles = files.map { LintFile(path: $0, foundInFolder: !walk.named.contains($0)) }
        var failed = !walk.problems.isEmpty
        if paths.contains("-") {
            let name = runFiles.stdinFilename ?? "<stdin>"
            switch output.readStandardInput() {
            case .success(let bytes):
                lintFiles.append(LintFile(path: name, format: runFiles.stdinFormat ?? SourceFormat(path: name), bytes: bytes))
            case .failure(let failure):
                output.writeError("hitlint: \(name.displayedOnOneLine): \(failure.message)\n")
                failed = true
            }
        }
        return CollectedFiles(files: lintFiles, failed: failed, refusal: nil)
    }

    /// Whether a file found in a folder would be linted: it passes the
    /// configuration's include and exclude, and it is a layout or capture
    /// hitlint reads (an earlier run's report or baseline is not: it would be
    /// skipped with a note, and may be written over).
    private func isLinted(_ file: String, plan: LintPlan) -> Bool {
        if let configuration = plan.configuration, !configuration.includes(file, currentDirectory: plan.currentDirectory) { return false }
        guard let format = SourceFormat(path: file) else { return false }
        guard case .success(let bytes) = InputFileReader.read(ProjectPath.absolute(file, in: plan.currentDirectory)) else { return true }
        let result = Linter(options: plan.options).lint(source: SourceText(bytes: bytes), format: format, path: file, foundInFolder: true)
        return result.fileKind != .unknown
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
            // A file some of the configuration's `overrides:` match is linted with their settings.
            if let configuration = plan.configuration {
                let matching = configuration.overrides(matching: file.path, currentDirectory: plan.currentDirectory)
                if !matching.isEmpty { options = options.applying(matching, of: configuration) }
            }
            options.importing.sharedDensity = shared
            let linter = Linter(options: options)
            guard let format = file.format ?? SourceFormat(path: file.path) ?? plan.options.importing.fileKind.impliedFormat else {
                return (nil, "not a layout file (expected .xib, .storyboard, .json, .yaml, .yml or .xml; --from names the format of a capture saved under another name)", nil)
            }
            let source: SourceBytes
            if let given = file.bytes {
                source = SourceBytes(given)
            } else {
                // A file to fix is rewritten from an array; one to lint may be mapped.
                switch InputFileReader.readSource(ProjectPath.absolute(file.path, in: plan.currentDirectory),
                                                  mappingFrom: fixing ? .max : InputFileReader.mappingThreshold) {
                case .success(let read): source = read
                case .failure(let failure): return (nil, failure.message, nil)
                }
            }
            if fixing {
                let bytes = source.array
                let outcome = Fixer.fixUntilStable(bytes, format: format, path: file.path, linter: linter,
                                                   foundInFolder: file.foundInFolder)
                // A captured hierarchy is never rewritten, whatever a fix says.
                let fixed = outcome.result.fileKind.isImported
                    ? FixedFile(original: bytes, fixed: bytes, count: 0)
                    : FixedFile(original: bytes, fixed: outcome.bytes, count: outcome.fixesApplied)
                return (outcome.result, nil, fixed)
            }
            var result = linter.lint(source: SourceText(bytes: source), format: format, path: file.path,
                                     foundInFolder: file.foundInFolder, keepingContext: plan.keptContexts != nil)
            if result.context != nil, let kept = plan.keptContexts {
                // A file that gets no page keeps nothing for one.
                let shown = kept.quiet ? result.diagnostics.contains { $0.severity == .error } : !result.diagnostics.isEmpty
                if !shown || !kept.allowance.take(result.source.bytes.count) { result.dropContext() }
            }
            // The report turns offsets into lines on one core, after every
            // file: the line index of a small file is built here, on the
            // worker's. (A mapped file's waits: it is read in blocks, after
            // the rules' tables are gone.)
            if !result.diagnostics.isEmpty, !source.isMapped { result.source.buildLineIndex(jobs: 1) }
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

    /// The configuration's `overrides:` and their `ignore` entries that this
    /// run did not use, as a result for the configuration file (nil when there
    /// are none): kept with the files' results, so every report shows them.
    static func unusedOverrides(_ files: [LintFile], results: [LintResult], plan: LintPlan, paths: [String]) -> LintResult? {
        guard let configuration = plan.configuration, !configuration.overrides.isEmpty, let source = configuration.source else { return nil }
        var matched = Set<Int>()
        for file in files where file.bytes == nil {
            matched.formUnion(configuration.overrides(matching: file.path, currentDirectory: plan.currentDirectory))
        }
        var used = Set<Int>()
        for result in results { used.formUnion(result.usedIgnores) }
        // An override that matches nothing is stale only if the run looked at every file it could match.
        let folder = ProjectPath.real(configuration.folder)
        let lintedWholeFolder = paths.contains { path in
            guard path != "-" else { return false }
            let real = ProjectPath.real(ProjectPath.absolute(path, in: plan.currentDirectory))
            return real == folder || real == "/" || folder.hasPrefix(real + "/")
        }
        let diagnostics = configuration.unusedEntries(matched: matched, usedIgnores: used, lintedWholeFolder: lintedWholeFolder,
                                                      options: plan.options)
        guard !diagnostics.isEmpty else { return nil }
        return LintResult(path: configuration.path, source: source, diagnostics: diagnostics, nodeCount: 0, fileKind: .unknown)
    }

    /// `--fix` writes each changed file atomically; `--diff` prints what it would
    /// write. Returns whether a file could not be written (a failure of the
    /// run), and the files whose fixes were not written, standard input's
    /// included (they stay as they were read).
    static func writeFixes(_ files: [LintFile], fixed: [String: FixedFile],
                           write: Bool, output: CommandOutput) -> (failed: Bool, unwritten: Set<String>) {
        var failed = false
        var unwritten = Set<String>()
        var fixes = 0
        var changedFiles = 0
        // One file reached under two names (a symlink, a linked folder) is written once.
        var writtenFiles = Set<String>()
        for file in files {
            let path = file.path
            guard let entry = fixed[path], entry.fixed != entry.original else { continue }
            if write, file.bytes != nil {
                output.writeError("hitlint: \(path.displayedOnOneLine): standard input is not written back; use --diff to see the fixes\n")
                unwritten.insert(path)
                continue
            }
            if write {
                let onDisk = ProjectPath.absolute(path, in: output.currentDirectory)
                guard writtenFiles.insert(ProjectPath.real(onDisk)).inserted else { continue }
                do {
                    try AtomicFile.replace(onDisk, with: entry.fixed, expecting: entry.original)
                } catch {
                    output.writeError("hitlint: \(path.displayedOnOneLine): \(error.message)\n")
                    failed = true
                    unwritten.insert(path)
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
        return (failed, unwritten)
    }

    /// `results` with each file of `paths` linted again from the bytes it was
    /// read with (what `--fix` left in place), in the same order.
    static func lintAgain(_ paths: Set<String>, in results: [LintResult], files: [LintFile],
                          fixed: [String: FixedFile], plan: LintPlan) -> [LintResult] {
        let linter = Linter(options: plan.options)
        let formats = Dictionary(files.map { ($0.path, ($0.format, $0.foundInFolder)) }) { first, _ in first }
        return results.map { result in
            guard paths.contains(result.path), let original = fixed[result.path]?.original,
                  let (given, foundInFolder) = formats[result.path],
                  let format = given ?? SourceFormat(path: result.path) else { return result }
            return linter.lint(source: SourceText(bytes: original), format: format, path: result.path, foundInFolder: foundInFolder)
        }
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
        if let failure = output.writeFile(Array(baseline.encoded().utf8), to: path) {
            output.writeError("hitlint: \(path.displayedOnOneLine): cannot write the baseline (\(failure.message))\n")
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
        let reporter = reporter(plan: plan, output: output)
        if plan.format == .github {
            // Annotations are capped per step; the full list goes to the log,
            // written as it is made (it is as long as the annotations).
            TextReporter(showFixes: report.showFixes, jobs: plan.options.run.jobs).write(shown) { output.writeError(buffer: $0) }
        }
        guard let path = report.outputFile else {
            reporter.write(shown) { output.write(buffer: $0) }
            return true
        }
        if let failure = output.writeFile(to: path, producing: { reporter.write(shown, to: $0) }) {
            output.writeError("hitlint: \(path.displayedOnOneLine): cannot write the report (\(failure.message))\n")
            return false
        }
        return true
    }

    /// The reporter of the chosen format, as the report is written: also
    /// asked before the lint whether it needs fixes checked.
    func reporter(plan: LintPlan, output: CommandOutput) -> Reporter {
        let toFile = report.outputFile != nil
        switch plan.format {
        case .text:
            return TextReporter(showSource: !toFile && output.isTerminal,
                                color: Self.colorEnabled(report.color, output: output, toFile: toFile),
                                showFixes: report.showFixes, jobs: plan.options.run.jobs)
        case .json: return JSONReporter(jobs: plan.options.run.jobs)
        case .sarif: return SARIFReporter(currentDirectory: plan.currentDirectory, jobs: plan.options.run.jobs)
        case .github: return GitHubReporter(currentDirectory: plan.currentDirectory, logShowsFixes: report.showFixes, jobs: plan.options.run.jobs)
        case .junit: return JUnitReporter()
        }
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
}

/// Wall-clock time since the run started, for `--stats` only.
struct RunClock {
    private let start = DispatchTime.now().uptimeNanoseconds

    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
