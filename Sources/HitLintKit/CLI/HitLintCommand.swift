import Dispatch
import Foundation

/// Where the command writes: standard output and standard error, and whether
/// standard output is a terminal (for carets and colour). Also what else it
/// takes from its process, so tests can run it in process: the current folder
/// (configuration lookup, project-relative paths) and standard input (`-`).
public protocol CommandOutput: AnyObject {
    var isTerminal: Bool { get }
    var environment: [String: String] { get }
    var currentDirectory: String { get }
    func write(_ text: String)
    func writeError(_ text: String)
    /// All of standard input, or nil when it cannot be read.
    func readStandardInput() -> [UInt8]?
    /// Called once a lint has written everything, with its exit status, while
    /// the run's results are still held. The executable exits here: freeing
    /// every file's bytes and diagnostics one by one, on one core, is time
    /// spent on memory the system takes back at exit anyway.
    /// (In process, as in tests, it returns and the run returns the status.)
    func finish(_ status: Int32)
}

extension CommandOutput {
    public var currentDirectory: String { FileManager.default.currentDirectoryPath }

    public func readStandardInput() -> [UInt8]? {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }

    public func finish(_ status: Int32) {}
}

/// Everything the `hitlint` executable does, callable in-process by tests.
public enum HitLintCommand {
    public static let version = HitLint.version

    public static func run(_ words: [String], output: CommandOutput) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(parsing: words)
        } catch {
            output.writeError("hitlint: \(error.message)\nRun 'hitlint --help' for usage.\n")
            return 2
        }
        switch arguments.command {
        case .help:
            output.write(Arguments.usage)
            return 0
        case .version:
            output.write("hitlint \(version)\n")
            return 0
        case .rules:
            return listRules(arguments, output: output)
        case .explain:
            return explain(arguments, output: output)
        case .parse:
            return parse(arguments, output: output)
        case .lint:
            return lint(arguments, output: output)
        case .initialize:
            return writeInitialConfiguration(arguments, output: output)
        case .render:
            return render(arguments, output: output)
        case .server:
            return serve(arguments, output: output)
        }
    }

    // MARK: - lint

    /// The command line's options checked, then put over the configuration's (`LintOptions(configuration:overrides:)`).
    static func lintOptions(_ arguments: Arguments, configuration: Configuration? = nil) throws(Arguments.UsageError) -> LintOptions {
        var overrides = LintOverrides()
        overrides.jobs = arguments.jobs
        if let name = arguments.profile {
            guard let profile = Profile.named(name) else {
                throw Arguments.UsageError(message: "unknown profile '\(name)'" + suggestion(name, Profile.all.map(\.name)))
            }
            overrides.profile = profile
        }
        if let text = arguments.minimumSize {
            guard let length = Length(text) else {
                throw Arguments.UsageError(message: "--min-size takes a positive length with a unit (44pt, 48dp, 24px, 9mm), found '\(text)'")
            }
            overrides.minimumSize = length
        }
        if let name = arguments.platform {
            guard let platform = Platform(rawValue: name) else {
                throw Arguments.UsageError(message: "unknown platform '\(name)'" + suggestion(name, Platform.allCases.map(\.rawValue)))
            }
            overrides.platform = platform
        }
        if let name = arguments.modality {
            guard let modality = InputModality(rawValue: name) else {
                throw Arguments.UsageError(message: "--input must be touch or pointer, found '\(name)'")
            }
            overrides.modality = modality
        }
        if let name = arguments.fileKind {
            guard let choice = FileKindChoice(rawValue: name) else {
                throw Arguments.UsageError(message: "--from must be one of \(FileKindChoice.allCases.map(\.rawValue).joined(separator: ", ")), found '\(name)'"
                                           + suggestion(name, FileKindChoice.allCases.map(\.rawValue)))
            }
            overrides.fileKind = choice
        }
        if let text = arguments.scale {
            guard let scale = Double(text), scale.isFinite, scale > 0 else {
                throw Arguments.UsageError(message: "--scale takes a positive number of pixels per dp (e.g. 2.625 for 420 dpi), found '\(text)'")
            }
            overrides.importScale = scale
        }
        let ids = RuleRegistry.descriptions.map(\.id)
        for rule in arguments.rules {
            let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw Arguments.UsageError(message: "--rule takes ID=SEVERITY (e.g. dead-gap=off), found '\(rule)'")
            }
            guard ids.contains(parts[0]) else {
                throw Arguments.UsageError(message: "unknown rule '\(parts[0])'" + suggestion(parts[0], ids))
            }
            guard let severity = Severity(rawValue: parts[1]) else {
                throw Arguments.UsageError(message: "severity must be error, warning, info or off, found '\(parts[1])'")
            }
            if parts[0] == RuleID.invalidLayout, severity != .error {
                throw Arguments.UsageError(message: "invalid-layout is always an error")
            }
            overrides.severities[parts[0]] = severity
        }
        return LintOptions(configuration: configuration, overrides: overrides)
    }

    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        closestName(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func lint(_ arguments: Arguments, output: CommandOutput) -> Int32 {
        let clock = RunClock()
        var plan: LintPlan
        do {
            plan = try makePlan(arguments, output: output)
        } catch {
            output.writeError("hitlint: \(error.message)\n")
            return 2
        }
        if arguments.fix, arguments.diff {
            output.writeError("hitlint: --fix and --diff cannot be used together (--diff shows what --fix would write)\n")
            return 2
        }
        // Fixes are checked (applied alone and re-linted) whenever they are shown or applied.
        plan.options.verifyFixes = arguments.fix || arguments.diff || arguments.showFixes || plan.format != .text
        let fixing = arguments.fix || arguments.diff
        let inputs = collectInputs(arguments, plan: plan, output: output)
        let linted = lintAll(inputs.files, plan: plan, fixing: fixing, output: output)
        var failed = inputs.failed || linted.failed
        if let path = arguments.writeBaselineFile {
            failed = !writeBaseline(linted.results, to: path, runFailed: failed, plan: plan, output: output) || failed
        }
        if fixing, !writeFixes(inputs.files, fixed: linted.fixed, write: arguments.fix, output: output) {
            failed = true
        }
        let (results, hidden) = plan.baseline?.filter(linted.results, currentDirectory: plan.currentDirectory)
            ?? (linted.results, 0)
        if !arguments.diff, !report(results, arguments: arguments, plan: plan, output: output) { failed = true }
        // --render-dir: pictures of what is reported; the report and exit code stay as they are.
        if let directory = arguments.renderDirectory,
           !writeRenderDirectory(directory, results: arguments.quiet ? results.map(\.errorsOnly) : results, fileCount: inputs.files.count,
                                 linter: Linter(options: plan.options), output: output) {
            failed = true
        }
        if arguments.stats {
            output.writeError(RunStatistics(results: linted.results, shown: results, hiddenByBaseline: hidden,
                                            jobs: plan.jobs, seconds: clock.seconds).text)
        }
        let status = exitStatus(RunSummary(results: results), arguments: arguments, failed: failed, output: output)
        // Held to here, so that an executable that exits in `finish` frees none of them.
        withExtendedLifetime((inputs, linted, results)) { output.finish(status) }
        return status
    }

    /// `--fix` writes each changed file atomically; `--diff` prints what it would
    /// write. Returns false when a file could not be written.
    private static func writeFixes(_ inputs: [LintInput], fixed: [String: FixedFile],
                                   write: Bool, output: CommandOutput) -> Bool {
        var ok = true
        var fixes = 0
        var changedFiles = 0
        // One file reached under two names (a symlink, a linked folder) is written once.
        var writtenFiles = Set<String>()
        for input in inputs {
            let path = input.path
            guard let entry = fixed[path], entry.fixed != entry.original else { continue }
            if write, input.bytes != nil {
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

    // MARK: - rules, explain

    static func listRules(_ arguments: Arguments, output: CommandOutput) -> Int32 {
        let format = arguments.format ?? "text"
        let descriptions = RuleRegistry.descriptions
        switch format {
        case "text":
            let width = descriptions.map(\.id.count).max() ?? 0
            for rule in descriptions {
                let padding = String(repeating: " ", count: width - rule.id.count)
                let severity = rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                output.write("\(rule.id)\(padding)  \(severity)  \(rule.summary)\n")
            }
        case "json":
            let items = descriptions.map { rule in
                "  {\"id\": \(jsonString(rule.id)), \"defaultSeverity\": \(jsonString(rule.defaultSeverity.rawValue)), \"fixable\": \(rule.isFixable), \"fix\": \(jsonString(rule.fix.rawValue)), \"summary\": \(jsonString(rule.summary)), \"rationale\": \(jsonString(rule.rationale)), \"options\": [\(rule.options.map { "{\"name\": \(jsonString($0.name)), \"default\": \(jsonString($0.defaultValue)), \"summary\": \(jsonString($0.summary))}" }.joined(separator: ", "))]}"
            }
            output.write("[\n" + items.joined(separator: ",\n") + "\n]\n")
        case "markdown":
            output.write(RuleHelp.reference(descriptions))
        default:
            output.writeError("hitlint: rules --format must be text, json or markdown, found '\(format)'\n")
            return 2
        }
        return 0
    }

    static func explain(_ arguments: Arguments, output: CommandOutput) -> Int32 {
        guard arguments.paths.count == 1 else {
            output.writeError("hitlint: explain takes one rule id, e.g. 'hitlint explain target-size'\n")
            return 2
        }
        let id = arguments.paths[0]
        guard let rule = RuleRegistry.description(of: id) else {
            output.writeError("hitlint: unknown rule '\(id)'" + suggestion(id, RuleRegistry.descriptions.map(\.id)) + "\n")
            return 2
        }
        var text = "\(rule.id) (default: \(rule.defaultSeverity.rawValue)\(rule.fix == .never ? "" : rule.fix == .always ? ", fixable" : ", fixable sometimes"))\n\n"
        text += "\(rule.summary)\n\n## Why\n\n\(rule.rationale)\n"
        if !rule.options.isEmpty {
            text += "\n## Options\n\n"
            for option in rule.options { text += "- `\(option.name)` (default: \(option.defaultValue)): \(option.summary)\n" }
        }
        let triggering = rule.examples.filter(\.triggers)
        let clean = rule.examples.filter { !$0.triggers }
        if !triggering.isEmpty {
            text += "\n## Triggers\n"
            for example in triggering {
                let arguments = example.arguments.isEmpty ? "" : "  (with \(example.arguments.joined(separator: " ")))"
                text += "\n```yaml\n\(example.layout)\n```\(arguments)\n"
                for message in example.messages { text += "→ \(message)\n" }
                if let fixed = example.fixed { text += "\nAfter `hitlint --fix`:\n\n```yaml\n\(fixed)\n```\n" }
            }
        }
        if !clean.isEmpty {
            text += "\n## Does not trigger\n"
            for example in clean { text += "\n```yaml\n\(example.layout)\n```\n" }
        }
        output.write(text)
        return 0
    }

    // MARK: - parse

    static func parse(_ arguments: Arguments, output: CommandOutput) -> Int32 {
        guard arguments.paths.count == 1 else {
            output.writeError("hitlint: parse takes one file\n")
            return 2
        }
        let path = arguments.paths[0]
        let bytes: [UInt8]
        switch InputFileReader.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            output.writeError("hitlint: \(path.displayedOnOneLine): \(failure.message)\n")
            return 2
        }
        let source = SourceText(bytes: bytes)
        let format = SourceFormat(path: path) ?? .json
        do {
            let document = try format.parse(source)
            var bytes = document.jsonBytes()
            bytes.append(0x0A)
            output.write(String(decoding: bytes, as: UTF8.self))
            return 0
        } catch {
            let location = source.location(of: error.offset)
            output.write("\(path):\(location.line):\(location.column): error: \(error.message) [invalid-layout]\n")
            return 1
        }
    }
}
