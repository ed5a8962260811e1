import Dispatch
import Foundation

/// The steps of `hitlint lint`, each small enough to read on its own:
/// settle the plan, collect inputs, lint them all, report, choose the exit status.
extension HitLintCommand {
    /// Everything a run needs, settled before any layout file is read, so a bad
    /// option, configuration or baseline stops the run at once (exit 2).
    struct LintPlan {
        var options: LintOptions
        var format: Arguments.OutputFormat
        var configuration: Configuration?
        var baseline: Baseline?
        /// Files linted at once.
        var jobs: Int
        var currentDirectory: String
    }

    /// A layout file to lint, or standard input already read.
    struct LintInput: Sendable {
        var path: String
        var format: SourceFormat?
        var bytes: [UInt8]?
        /// Found while walking a folder rather than named: skipped with a note
        /// when it is no layout hitlint knows.
        var foundInFolder = false
    }

    static func makePlan(_ arguments: Arguments, output: CommandOutput) throws(Arguments.UsageError) -> LintPlan {
        let format = arguments.format ?? "text"
        guard let outputFormat = Arguments.OutputFormat(rawValue: format) else {
            throw Arguments.UsageError(message: "unknown format '\(format)'" + suggestion(format, Arguments.OutputFormat.allCases.map(\.rawValue)))
        }
        guard !arguments.paths.isEmpty else {
            throw Arguments.UsageError(message: "no paths given\n\(Arguments.usage)")
        }
        if arguments.paths.contains("-"), arguments.stdinFormat == nil,
           SourceFormat(path: arguments.stdinFilename ?? "") == nil {
            throw Arguments.UsageError(message: "standard input ('-') needs --stdin-format json|yaml|xml, or a --stdin-filename ending in .json, .yaml, .yml or .xml")
        }
        let currentDirectory = output.currentDirectory
        var configuration: Configuration?
        do {
            if let path = arguments.configFile ?? Configuration.find(from: currentDirectory) {
                configuration = try Configuration.load(path: path, currentDirectory: currentDirectory)
            }
        } catch {
            throw Arguments.UsageError(message: error.description)
        }
        let options = try lintOptions(arguments, configuration: configuration)
        var baseline: Baseline?
        if let path = arguments.baselineFile {
            do {
                baseline = try Baseline.load(path: path, currentDirectory: currentDirectory)
            } catch {
                throw Arguments.UsageError(message: error.description)
            }
        }
        return LintPlan(options: options, format: outputFormat, configuration: configuration, baseline: baseline,
                        jobs: arguments.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                        currentDirectory: currentDirectory)
    }

    /// Files under the paths (filtered by the configuration's include and exclude),
    /// and standard input for `-`. Missing paths are reported and fail the run,
    /// but the other files are still linted.
    static func collectInputs(_ arguments: Arguments, plan: LintPlan, output: CommandOutput) -> (files: [LintInput], failed: Bool) {
        let (found, problems) = FileWalker().files(in: arguments.paths.filter { $0 != "-" })
        for problem in problems { output.writeError("hitlint: \(problem.path.displayedOnOneLine): \(problem.message)\n") }
        // The run's own baseline and report are JSON too: never lint them as layouts.
        let ownFiles = Set([arguments.baselineFile, arguments.writeBaselineFile, arguments.outputFile].compactMap { path in
            path.map { ProjectPath.relative($0, to: plan.currentDirectory) }
        })
        var files = ownFiles.isEmpty ? found  // (the usual case: no path to compare with each file)
            : found.filter { !ownFiles.contains(ProjectPath.relative($0, to: plan.currentDirectory)) }
        let candidates = files
        if let configuration = plan.configuration {
            files = candidates.filter { configuration.includes($0, currentDirectory: plan.currentDirectory) }
            if files.isEmpty, !candidates.isEmpty, !arguments.paths.contains("-") {
                output.writeError("hitlint: no layout files to lint: \(candidates.count) skipped by include/exclude in \(configuration.path)\n")
            }
        }
        let named = Set(arguments.paths)
        var inputs = files.map { LintInput(path: $0, foundInFolder: !named.contains($0)) }
        var failed = !problems.isEmpty
        if arguments.paths.contains("-") {
            let name = arguments.stdinFilename ?? "<stdin>"
            if let bytes = output.readStandardInput() {
                inputs.append(LintInput(path: name, format: arguments.stdinFormat ?? SourceFormat(path: name), bytes: bytes))
            } else {
                output.writeError("hitlint: cannot read standard input\n")
                failed = true
            }
        }
        return (inputs, failed)
    }

    /// A file before and after `--fix`, and how many fixes it took.
    struct FixedFile: Sendable {
        var original: [UInt8]
        var fixed: [UInt8]
        var count: Int
    }

    /// Lints every input, `plan.jobs` at a time, and returns the results sorted by
    /// path: the output is the same whatever the number of jobs. With `fixing`,
    /// each file is fixed until stable and the result describes what remains.
    static func lintAll(_ inputs: [LintInput], plan: LintPlan, fixing: Bool = false,
                        output: CommandOutput) -> (results: [LintResult], failed: Bool, fixed: [String: FixedFile]) {
        let linter = Linter(options: plan.options)
        var results = [LintResult?](repeating: nil, count: inputs.count)
        var failures = [String?](repeating: nil, count: inputs.count)
        var fixedFiles = [FixedFile?](repeating: nil, count: inputs.count)
        results.withUnsafeMutableBufferPointer { resultBuffer in
            failures.withUnsafeMutableBufferPointer { failureBuffer in
              fixedFiles.withUnsafeMutableBufferPointer { fixedBuffer in
                // Each iteration writes only its own slot.
                nonisolated(unsafe) let resultSlots = resultBuffer
                nonisolated(unsafe) let failureSlots = failureBuffer
                nonisolated(unsafe) let fixedSlots = fixedBuffer
                performConcurrently(iterations: inputs.count, jobs: plan.jobs) { index in
                    let input = inputs[index]
                    guard let format = input.format ?? SourceFormat(path: input.path) else {
                        failureSlots[index] = "not a layout file (expected .json, .yaml, .yml or .xml)"
                        return
                    }
                    let source: SourceBytes
                    if let given = input.bytes {
                        source = SourceBytes(given)
                    } else {
                        // A file to fix is rewritten from an array; one to lint may be mapped.
                        switch InputFileReader.readSource(input.path, mappingFrom: fixing ? .max : InputFileReader.mappingThreshold) {
                        case .success(let read): source = read
                        case .failure(let failure):
                            failureSlots[index] = failure.message
                            return
                        }
                    }
                    if fixing {
                        let bytes = source.array
                        let outcome = Fixer.fixUntilStable(bytes, format: format, path: input.path, linter: linter,
                                                           foundInFolder: input.foundInFolder)
                        resultSlots[index] = outcome.result
                        // A captured hierarchy is never rewritten, whatever a fix says.
                        fixedSlots[index] = outcome.result.fileKind.isCapture
                            ? FixedFile(original: bytes, fixed: bytes, count: 0)
                            : FixedFile(original: bytes, fixed: outcome.bytes, count: outcome.fixesApplied)
                    } else {
                        let result = linter.lint(source: SourceText(bytes: source), format: format, path: input.path,
                                                 foundInFolder: input.foundInFolder)
                        // The report turns offsets into lines on one core, after
                        // every file: the line table of a small file is built here,
                        // on the worker's. (A mapped file's waits: it is read in
                        // blocks, after the rules' tables are gone.)
                        if !result.diagnostics.isEmpty, !source.isMapped { _ = result.source.lineStarts }
                        resultSlots[index] = result
                    }
                }
              }
            }
        }
        var failed = false
        for (index, failure) in failures.enumerated() {
            if let failure {
                output.writeError("hitlint: \(inputs[index].path.displayedOnOneLine): \(failure)\n")
                failed = true
            }
        }
        var sorted = results.compactMap { $0 }
        // Inputs come sorted from the walker (standard input last): sort only when needed.
        if zip(sorted, sorted.dropFirst()).contains(where: { !($0.path <= $1.path) }) {
            sorted.sort { $0.path < $1.path }
        }
        var fixed: [String: FixedFile] = [:]
        for (input, file) in zip(inputs, fixedFiles) { if let file { fixed[input.path] = file } }
        return (sorted, failed, fixed)
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
        guard writeFile(baseline.encoded(), to: path, currentDirectory: plan.currentDirectory) else {
            output.writeError("hitlint: \(path): cannot write baseline\n")
            return false
        }
        let count = baseline.entryCount
        output.writeError("hitlint: recorded \(count) diagnostic\(count == 1 ? "" : "s") in \(path)\n")
        return true
    }

    /// Writes the report in the chosen format to standard output or `--output`.
    /// False when the output file cannot be written.
    static func report(_ results: [LintResult], arguments: Arguments, plan: LintPlan, output: CommandOutput) -> Bool {
        let shown = arguments.quiet ? results.map(\.errorsOnly) : results
        let toFile = arguments.outputFile != nil
        let reporter: Reporter
        switch plan.format {
        case .text:
            reporter = TextReporter(showSource: !toFile && output.isTerminal,
                                    color: colorEnabled(arguments.color, output: output, toFile: toFile),
                                    showFixes: arguments.showFixes)
        case .json: reporter = JSONReporter()
        case .sarif: reporter = SARIFReporter(currentDirectory: plan.currentDirectory)
        case .github: reporter = GitHubReporter(currentDirectory: plan.currentDirectory)
        case .junit: reporter = JUnitReporter()
        }
        let text = reporter.report(shown)
        if plan.format == .github {
            // Annotations are capped per step; the full list goes to the log.
            output.writeError(TextReporter(showFixes: arguments.showFixes).report(shown))
        }
        guard let path = arguments.outputFile else {
            output.write(text)
            return true
        }
        guard writeFile(text, to: path, currentDirectory: plan.currentDirectory) else {
            output.writeError("hitlint: \(path): cannot write the report\n")
            return false
        }
        return true
    }

    static func colorEnabled(_ choice: Arguments.ColorChoice, output: CommandOutput, toFile: Bool = false) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: return !toFile && output.isTerminal && (output.environment["NO_COLOR"].map(\.isEmpty) ?? true)
        }
    }

    /// SPEC §7.1: 2 when the tool could not do its job, else 1 for errors or too many
    /// warnings, else 0. Counts are of the diagnostics after the baseline and before
    /// `--quiet`, which only changes what is shown.
    static func exitStatus(_ summary: RunSummary, arguments: Arguments, failed: Bool, output: CommandOutput) -> Int32 {
        if failed { return 2 }
        if arguments.exitZero { return 0 }
        if summary.errors > 0 { return 1 }
        if arguments.strict, summary.warnings > 0 { return 1 }
        if let maximum = arguments.maxWarnings, summary.warnings > maximum {
            output.writeError("hitlint: \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"), more than --max-warnings \(maximum) allows\n")
            return 1
        }
        return 0
    }

    /// Writes a whole file at once (temporary file and rename), so a reader never sees half of it.
    static func writeFile(_ text: String, to path: String, currentDirectory: String) -> Bool {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: absolute), options: .atomic)
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
