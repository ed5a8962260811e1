/// The command line, parsed by hand (no dependencies): subcommand, options, paths.
public struct Arguments: Sendable, Equatable {
    public enum Command: String, Sendable {
        case lint, rules, explain, parse, version, help
        /// `hitlint init`: write a commented `.hitlint.yml`.
        case initialize = "init"
        case render
        /// `hitlint server`: the language server, on standard input and output.
        case server
    }

    public enum OutputFormat: String, Sendable, CaseIterable {
        case text, json, sarif, github, junit
    }

    public enum ColorChoice: String, Sendable, CaseIterable {
        case auto, always, never
    }

    public var command: Command = .lint
    public var paths: [String] = []
    public var format: String?
    public var profile: String?
    public var minimumSize: String?
    public var platform: String?
    /// `--input`: touch or pointer.
    public var modality: String?
    /// `--from`: auto, or one of `FileKindChoice` (hitlint, sentry, droidbot, uiautomator, xcuitest, maestro, rico, figma).
    public var fileKind: String?
    /// `--scale`: pixels per point (dp) for captured hierarchies measured in pixels.
    public var scale: String?
    public var rules: [String] = []
    public var color: ColorChoice = .auto
    public var strict = false
    public var quiet = false
    public var exitZero = false
    public var showFixes = false
    public var fix = false
    public var diff = false

    // Running in CI: where reports go, configuration, baselines, inputs, parallelism.
    /// `--output FILE`: the report goes there instead of standard output.
    public var outputFile: String?
    /// `--config FILE`: instead of the nearest `.hitlint.yml`.
    public var configFile: String?
    /// `--max-warnings N`: more than N warnings fail the run.
    public var maxWarnings: Int?
    public var baselineFile: String?
    public var writeBaselineFile: String?
    /// `--stats`: files, nodes, time and per-rule counts on standard error.
    public var stats = false
    /// `--jobs N`: files linted at once; nil: one per core.
    public var jobs: Int?
    /// `--stdin-filename`: the name standard input (`-`) is reported under.
    public var stdinFilename: String?
    public var stdinFormat: SourceFormat?

    public struct UsageError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Options that take a value, and flags, for "did you mean".
    static let valueOptions = ["--format", "--profile", "--min-size", "--platform", "--input", "--rule", "--color", "--from", "--scale"]
        + integrationValueOptions
    static let flagOptions = ["--strict", "--quiet", "--exit-zero", "--show-fixes", "--fix", "--diff", "--help", "--version"]
        + integrationFlagOptions
    static let integrationValueOptions = ["--output", "--config", "--max-warnings", "--baseline", "--write-baseline",
                                          "--jobs", "--stdin-filename", "--stdin-format"]
    static let integrationFlagOptions = ["--stats"]

    public init() {}

    // render
    /// `render -o FILE`: where the picture goes (.svg or .html).
    public var renderOutput: String?
    /// `--render-dir DIR`: an HTML page per file with diagnostics, during a lint.
    public var renderDirectory: String?
    /// `render --screenshot FILE`: the picture of the screen to draw the layout over.
    public var screenshot: String?
    static let renderOptions = ["--render-dir", "--screenshot"]

    public init(parsing words: [String]) throws(UsageError) {
        var remaining = words[...]
        if let first = remaining.first, let command = Command(rawValue: first), command != .version, command != .help {
            self.command = command
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
            // render
            case "-o": renderOutput = try value()
            case "--render-dir": renderDirectory = try value()
            case "--screenshot": screenshot = try value()
            case "--format": format = try value()
            case "--profile": profile = try value()
            case "--min-size": minimumSize = try value()
            case "--platform": platform = try value()
            case "--input": modality = try value()
            case "--from": fileKind = try value()
            case "--scale": scale = try value()
            case "--rule": rules.append(try value())
            case "--color":
                let text = try value()
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError(message: "--color must be auto, always or never, found '\(text)'")
                }
                color = choice
            case "--strict": strict = true
            case "--quiet": quiet = true
            case "--exit-zero": exitZero = true
            case "--show-fixes": showFixes = true
            case "--fix": fix = true
            case "--diff": diff = true
            case "--help", "-h": command = .help
            case "--version": command = .version
            case _ where Self.integrationValueOptions.contains(name) || Self.integrationFlagOptions.contains(name):
                try parseIntegrationOption(name, value: value)
            default:
                var message = "unknown option '\(name)'"
                if let suggestion = closestName(to: name, among: Self.valueOptions + Self.flagOptions + Self.renderOptions) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message)
            }
        }
        if renderOutput != nil, command != .render {
            throw UsageError(message: "-o names the picture of 'hitlint render <file> -o out.html'")
        }
        if screenshot != nil, command != .render {
            throw UsageError(message: "--screenshot goes with 'hitlint render <file> -o out.html --screenshot FILE' (--render-dir finds a capture's screenshot beside it)")
        }
        if renderDirectory != nil, command != .lint {
            throw UsageError(message: "--render-dir goes with a lint run: hitlint --render-dir DIR <path>...")
        }
    }

    /// The options for running in CI, kept together.
    private mutating func parseIntegrationOption(_ name: String, value: () throws(UsageError) -> String) throws(UsageError) {
        func count(_ text: String, minimum: Int) throws(UsageError) -> Int {
            guard let number = Int(text), number >= minimum else {
                throw UsageError(message: "\(name) takes a whole number of at least \(minimum), found '\(text)'")
            }
            return number
        }
        switch name {
        case "--output": outputFile = try value()
        case "--config": configFile = try value()
        case "--max-warnings": maxWarnings = try count(try value(), minimum: 0)
        case "--baseline": baselineFile = try value()
        case "--write-baseline": writeBaselineFile = try value()
        case "--jobs": jobs = try count(try value(), minimum: 1)
        case "--stdin-filename": stdinFilename = try value()
        case "--stdin-format":
            let text = try value()
            guard let format = SourceFormat(rawValue: text) else {
                throw UsageError(message: "--stdin-format must be json, yaml or xml, found '\(text)'")
            }
            stdinFormat = format
        case "--stats": stats = true
        default: throw UsageError(message: "unknown option '\(name)'")
        }
    }

    public static let usage = """
    USAGE: hitlint [lint] [options] <path>...
           hitlint rules [--format text|json|markdown]
           hitlint explain <rule-id>
           hitlint render <file> -o <out.svg|out.html> [--screenshot FILE]
           hitlint parse <file>
           hitlint init [--config FILE]
           hitlint server                 the language server (LSP) on standard input and output
           hitlint --version | --help

    Lints UI layout files (JSON or a YAML subset), captured view hierarchies
    and Figma files for touch and pointer targets people will miss: too small,
    clipped, overlapping, occluded, unreachable, or separated by dead gaps.
    Folders are searched for *.json, *.yaml, *.yml, *.xml (files there that are
    no layout hitlint knows are skipped with a note); '-' reads standard input.

    OPTIONS:
      --format F                 text (default), json, sarif, github, junit
      --profile P                ios (default for uikit), macos, tvos, visionos,
                                 android (default for android), wcag-aa (default
                                 for web), wcag-aaa
      --min-size LEN             minimum target side: 44pt, 48dp, 24px, 9mm
      --platform uikit|android|web   hit-testing semantics (overrides the file)
      --input touch|pointer      modality (overrides the file)
      --render-dir DIR           also draw each file with diagnostics as an HTML
                                 page in DIR, with an index.html linking them
                                 (captures over the screenshot beside them)
      --screenshot FILE          render: draw over this PNG or JPEG of the screen
                                 (default for a capture: its screenshot beside it,
                                 screen_<time>.jpg for state_<time>.json)
      --from FORMAT              what the files are (default: auto, recognised by
                                 their keys or root element): hitlint, sentry,
                                 droidbot, uiautomator (UI Automator dumps, Appium
                                 UiAutomator2 page sources), xcuitest (Appium /
                                 WebDriverAgent iOS page sources), maestro, rico, figma
      --scale N                  px per dp for captures measured in pixels
                                 (Android); default: the file's density, else 2.625
      --rule ID=SEVERITY         error, warning, info or off (repeatable)
      --strict                   warnings fail the run too
      --quiet                    report errors only
      --exit-zero                exit 0 even when there are errors
      --show-fixes               print each fix under its diagnostic
      --diff                     print the unified diff --fix would write; write nothing
      --fix                      apply fixes (re-linting until stable), write files
                                 atomically, then report what remains
      --color auto|always|never  colour on a terminal (honours NO_COLOR)
      --output FILE              write the report to FILE
      --config FILE              configuration (default: the nearest .hitlint.yml)
      --max-warnings N           more than N warnings fail the run
      --baseline FILE            hide the diagnostics recorded in FILE
      --write-baseline FILE      record this run's diagnostics in FILE
      --stats                    files, nodes, time and counts per rule on stderr
      --jobs N                   files (or one large file's rules) at once (default: one per core)
      --stdin-filename NAME      the name '-' (standard input) is reported under
      --stdin-format json|yaml|xml   the format of standard input

    EXIT CODES:
      0  no error diagnostics (warnings pass unless --strict or --max-warnings)
      1  errors found, or too many warnings
      2  bad usage or configuration, or a missing or unreadable path

    """
}
