/// The command line, read by hand (no dependencies): the subcommand's name, its
/// paths, and the options, in groups that subcommands share the way
/// swift-argument-parser's `@OptionGroup`s are shared. Every subcommand accepts
/// every option and reads only its own groups (`HitLintCommand.subcommands`),
/// so one line of options serves whichever subcommand a script runs; only
/// `-o`, `--screenshot` and `--render-dir` say where they belong instead.
public struct Arguments: Sendable, Equatable {
    /// `--help` and `--version`, wherever they stand: they run instead of the subcommand.
    public enum Request: Sendable {
        case help, version
    }

    public struct UsageError: Error, Sendable, Equatable {
        public var message: String
    }

    /// The first word, when it names a subcommand; else `lint`.
    public var subcommand = LintCommand.name
    public var request: Request?
    public var paths: [String] = []
    public var lintOptions = LintOptionArguments()
    public var report = ReportArguments()
    public var runFiles = RunFileArguments()
    public var fixes = FixArguments()
    public var render = RenderArguments()

    public init() {}

    public init(parsing words: [String]) throws(UsageError) {
        var remaining = words[...]
        if let first = remaining.first, HitLintCommand.subcommands.contains(where: { $0.name == first }) {
            subcommand = first
            remaining = remaining.dropFirst()
        }
        var onlyPaths = false
        while let word = remaining.popFirst() {
            if onlyPaths || word == "-" || !word.hasPrefix("-") {
                paths.append(word)
                continue
            }
            if word == "--" {
                onlyPaths = true
                continue
            }
            // --name=value or --name value
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
                return next
            }
            switch name {
            case "--help", "-h": request = .help
            case "--version": request = .version
            default:
                guard try readOption(name, value: value) else {
                    throw UsageError(message: "unknown option '\(name)'" + Self.suggestion(name, Self.valueOptions + Self.flagOptions + Self.renderOptions))
                }
            }
        }
        let runs = request == nil ? subcommand : nil
        if render.output != nil, runs != RenderCommand.name {
            throw UsageError(message: "-o names the picture of 'hitlint render <file> -o out.html'")
        }
        if render.screenshot != nil, runs != RenderCommand.name {
            throw UsageError(message: "--screenshot goes with 'hitlint render <file> -o out.html --screenshot FILE' (--render-dir finds a capture's screenshot beside it)")
        }
        if render.directory != nil, runs != LintCommand.name {
            throw UsageError(message: "--render-dir goes with a lint run: hitlint --render-dir DIR <path>...")
        }
    }

    /// Hands the option to the group that knows it; false when none does.
    private mutating func readOption(_ name: String, value: () throws(UsageError) -> String) throws(UsageError) -> Bool {
        if try lintOptions.read(name, value: value) { return true }
        if try report.read(name, value: value) { return true }
        if try runFiles.read(name, value: value) { return true }
        if try fixes.read(name, value: value) { return true }
        return try render.read(name, value: value)
    }

    /// Options that take a value, and flags, in the order "did you mean" weighs them.
    static let valueOptions = ["--format", "--profile", "--min-size", "--platform", "--input", "--rule", "--color", "--from", "--scale"]
        + integrationValueOptions
    static let flagOptions = ["--strict", "--quiet", "--exit-zero", "--show-fixes", "--fix", "--diff", "--help", "--version"]
        + integrationFlagOptions
    static let integrationValueOptions = ["--output", "--config", "--max-warnings", "--baseline", "--write-baseline",
                                          "--jobs", "--stdin-filename", "--stdin-format"]
    static let integrationFlagOptions = ["--stats"]
    static let renderOptions = ["--render-dir", "--screenshot"]

    /// "; did you mean 'x'?", or nothing when no known word is close.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        closestName(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// One of a type's words (`ColorChoice`, `SourceFormat`); else "`message`, found 'word'".
    static func choice<Value: RawRepresentable>(_ text: String, _ message: String) throws(UsageError) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw UsageError(message: "\(message), found '\(text)'") }
        return value
    }

    /// A whole number of at least `minimum`, for the option `name`.
    static func count(_ text: String, minimum: Int, for name: String) throws(UsageError) -> Int {
        guard let number = Int(text), number >= minimum else {
            throw UsageError(message: "\(name) takes a whole number of at least \(minimum), found '\(text)'")
        }
        return number
    }
}

/// The options a subcommand's values come from, declared as data: each group
/// names the options it knows and how each is read; `read` leaves the others.
protocol OptionGroup {
    static var options: [String: OptionReader<Self>] { get }
}

/// How one option is read into its group.
enum OptionReader<Group> {
    /// No value: the option sets it.
    case flag(WritableKeyPath<Group, Bool>)
    /// The value as written; given twice, the last wins.
    case value(WritableKeyPath<Group, String?>)
    /// Every value given, in order.
    case values(WritableKeyPath<Group, [String]>)
    /// A whole number of at least `minimum`.
    case count(WritableKeyPath<Group, Int?>, minimum: Int)
    /// A value checked as soon as it is read.
    case checked((inout Group, String) throws(Arguments.UsageError) -> Void)
}

extension OptionGroup {
    /// Reads `name` (and its value, when it takes one) if it is this group's; false otherwise.
    mutating func read(_ name: String, value: () throws(Arguments.UsageError) -> String) throws(Arguments.UsageError) -> Bool {
        guard let reader = Self.options[name] else { return false }
        switch reader {
        case .flag(let property): self[keyPath: property] = true
        case .value(let property): self[keyPath: property] = try value()
        case .values(let property): self[keyPath: property].append(try value())
        case .count(let property, let minimum): self[keyPath: property] = try Arguments.count(try value(), minimum: minimum, for: name)
        case .checked(let read): try read(&self, try value())
        }
        return true
    }
}

/// What changes how a file is linted: the command line's part of `LintOptions`,
/// as written until `resolved` checks it.
public struct LintOptionArguments: OptionGroup, Sendable, Equatable {
    public var profile: String?
    /// `--min-size`
    public var minimumSize: String?
    public var platform: String?
    /// `--input`: touch or pointer.
    public var modality: String?
    /// `--from`: auto, or one of `FileKindChoice` (hitlint, sentry, droidbot, uiautomator, xcuitest, maestro, rico, figma).
    public var fileKind: String?
    /// `--scale`: pixels per point (dp) for captured hierarchies measured in pixels.
    public var scale: String?
    /// `--rule ID=SEVERITY`, in order: a later one for the same rule wins.
    public var rules: [String] = []
    /// `--jobs N`: files (and one large file's rules) linted at once; nil: one per core.
    public var jobs: Int?

    static var options: [String: OptionReader<Self>] {
        ["--profile": .value(\.profile), "--min-size": .value(\.minimumSize), "--platform": .value(\.platform),
         "--input": .value(\.modality), "--from": .value(\.fileKind), "--scale": .value(\.scale),
         "--rule": .values(\.rules), "--jobs": .count(\.jobs, minimum: 1)]
    }

    /// The options these make over `configuration`'s (`LintOptions(configuration:overrides:)`).
    public func resolved(over configuration: Configuration? = nil) throws(Arguments.UsageError) -> LintOptions {
        LintOptions(configuration: configuration, overrides: try overrides())
    }

    /// Each value checked, in the order of the help text.
    func overrides() throws(Arguments.UsageError) -> LintOverrides {
        typealias UsageError = Arguments.UsageError
        let suggestion = Arguments.suggestion
        var overrides = LintOverrides()
        overrides.jobs = jobs
        if let name = profile {
            guard let profile = Profile.named(name) else {
                throw UsageError(message: "unknown profile '\(name)'" + suggestion(name, Profile.all.map(\.name)))
            }
            overrides.profile = profile
        }
        if let text = minimumSize {
            guard let length = Length(text) else {
                throw UsageError(message: "--min-size takes \(Length.expected), found '\(text)'")
            }
            overrides.minimumSize = length
        }
        if let name = platform {
            guard let platform = Platform(rawValue: name) else {
                throw UsageError(message: "unknown platform '\(name)'" + suggestion(name, Platform.allCases.map(\.rawValue)))
            }
            overrides.platform = platform
        }
        if let name = modality {
            guard let modality = InputModality(rawValue: name) else {
                throw UsageError(message: "--input must be touch or pointer, found '\(name)'")
            }
            overrides.modality = modality
        }
        if let name = fileKind {
            let names = FileKindChoice.allCases.map(\.rawValue)
            guard let choice = FileKindChoice(rawValue: name) else {
                throw UsageError(message: "--from must be one of \(names.joined(separator: ", ")), found '\(name)'" + suggestion(name, names))
            }
            overrides.fileKind = choice
        }
        if let text = scale {
            guard let scale = Double(text), scale.isFinite, scale > 0 else {
                throw UsageError(message: "--scale takes a positive number of pixels per dp (e.g. 2.625 for 420 dpi), found '\(text)'")
            }
            overrides.importScale = scale
        }
        let ids = RuleRegistry.descriptions.map(\.id)
        for rule in rules {
            let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw UsageError(message: "--rule takes ID=SEVERITY (e.g. dead-gap=off), found '\(rule)'")
            }
            guard ids.contains(parts[0]) else {
                throw UsageError(message: "unknown rule '\(parts[0])'" + suggestion(parts[0], ids))
            }
            guard let severity = Severity(rawValue: parts[1]) else {
                throw UsageError(message: "severity must be error, warning, info or off, found '\(parts[1])'")
            }
            if parts[0] == RuleID.invalidLayout, severity != .error {
                throw UsageError(message: "invalid-layout is always an error")
            }
            overrides.severities[parts[0]] = severity
        }
        return overrides
    }
}

/// What a run reports, where, and what fails it.
public struct ReportArguments: OptionGroup, Sendable, Equatable {
    public enum OutputFormat: String, Sendable, CaseIterable {
        case text, json, sarif, github, junit
    }

    public enum ColorChoice: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// `--format`: one of `OutputFormat` for a lint, of text, json or markdown for `rules`.
    public var format: String?
    /// `--output FILE`: the report goes there instead of standard output.
    public var outputFile: String?
    public var quiet = false
    public var color: ColorChoice = .auto
    public var showFixes = false
    /// `--stats`: files, nodes, time and per-rule counts on standard error.
    public var stats = false
    public var strict = false
    /// `--max-warnings N`: more than N warnings fail the run.
    public var maxWarnings: Int?
    public var exitZero = false

    static var options: [String: OptionReader<Self>] {
        ["--format": .value(\.format), "--output": .value(\.outputFile),
         "--color": .checked { (arguments: inout Self, text: String) throws(Arguments.UsageError) in
             arguments.color = try Arguments.choice(text, "--color must be auto, always or never")
         },
         "--quiet": .flag(\.quiet), "--show-fixes": .flag(\.showFixes), "--stats": .flag(\.stats),
         "--strict": .flag(\.strict), "--max-warnings": .count(\.maxWarnings, minimum: 0), "--exit-zero": .flag(\.exitZero)]
    }
}

/// The files a run reads or writes besides the layouts: configuration,
/// baselines, and the name and format of standard input.
public struct RunFileArguments: OptionGroup, Sendable, Equatable {
    /// `--config FILE`: instead of the nearest `.hitlint.yml`.
    public var configFile: String?
    public var baselineFile: String?
    public var writeBaselineFile: String?
    /// `--stdin-filename`: the name standard input (`-`) is reported under.
    public var stdinFilename: String?
    public var stdinFormat: SourceFormat?

    static var options: [String: OptionReader<Self>] {
        ["--config": .value(\.configFile), "--baseline": .value(\.baselineFile), "--write-baseline": .value(\.writeBaselineFile),
         "--stdin-filename": .value(\.stdinFilename),
         "--stdin-format": .checked { (arguments: inout Self, text: String) throws(Arguments.UsageError) in
             arguments.stdinFormat = try Arguments.choice(text, "--stdin-format must be json, yaml or xml") as SourceFormat
         }]
    }
}

/// `--fix` writes the fixes; `--diff` prints them instead.
public struct FixArguments: OptionGroup, Sendable, Equatable {
    public var fix = false
    public var diff = false

    static var options: [String: OptionReader<Self>] { ["--fix": .flag(\.fix), "--diff": .flag(\.diff)] }
}

/// Pictures: `render -o FILE [--screenshot FILE]`, and `--render-dir` during a lint.
public struct RenderArguments: OptionGroup, Sendable, Equatable {
    /// `render -o FILE`: where the picture goes (.svg or .html).
    public var output: String?
    /// `render --screenshot FILE`: the picture of the screen to draw the layout over.
    public var screenshot: String?
    /// `--render-dir DIR`: an HTML page per file with diagnostics, during a lint.
    public var directory: String?

    static var options: [String: OptionReader<Self>] {
        ["-o": .value(\.output), "--screenshot": .value(\.screenshot), "--render-dir": .value(\.directory)]
    }
}
