/// What changes how a file is linted: the command line's part of `LintOptions`,
/// as written until `resolved` checks it.
public struct LintOptionArguments: Sendable, Equatable {
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
            if severity != .error, RuleRegistry.description(of: parts[0])?.isAlwaysAnError == true {
                throw UsageError(message: "\(parts[0]) is always an error")
            }
            overrides.severities[parts[0]] = severity
        }
        return overrides
    }
}

/// What a lint reports, where, and what fails it.
public struct ReportArguments: Sendable, Equatable {
    public enum OutputFormat: String, Sendable, CaseIterable {
        case text, json, sarif, github, junit
    }

    public enum ColorChoice: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// `--format`: one of `OutputFormat`, checked when the run is planned.
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
    /// `--render-dir DIR`: an HTML page per file with diagnostics, and an index:
    /// pictures of what is reported.
    public var renderDirectory: String?
}

/// The files a lint reads or writes besides the layouts: configuration,
/// baselines, and the name and format of standard input.
public struct RunFileArguments: Sendable, Equatable {
    /// `--config FILE`: instead of the nearest `.hitlint.yml`.
    public var configFile: String?
    public var baselineFile: String?
    public var writeBaselineFile: String?
    /// `--stdin-filename`: the name standard input (`-`) is reported under.
    public var stdinFilename: String?
    public var stdinFormat: SourceFormat?
}

/// `--fix` writes the fixes; `--diff` prints them instead.
public struct FixArguments: Sendable, Equatable {
    public var fix = false
    public var diff = false
}

/// `render -o FILE [--screenshot FILE]`: where the picture goes, and what it is drawn over.
public struct RenderArguments: Sendable, Equatable {
    /// `-o FILE`: .svg or .html.
    public var output: String?
    /// `--screenshot FILE`: the picture of the screen to draw the layout over.
    public var screenshot: String?
}

/// `rules --format F`: how the list of rules is written.
public struct RuleListArguments: Sendable, Equatable {
    /// text (default), json or markdown, checked when the list is written.
    public var format: String?
}

/// `init --config FILE`: where the configuration template is written.
public struct TemplateArguments: Sendable, Equatable {
    /// Instead of `.hitlint.yml` in the current folder.
    public var destination: String?
}
