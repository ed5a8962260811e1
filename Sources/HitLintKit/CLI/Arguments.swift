/// The command line, parsed by hand (no dependencies): subcommand, options, paths.
public struct Arguments: Sendable, Equatable {
    public enum Command: String, Sendable {
        case lint, rules, explain, parse, version, help
    }

    public enum OutputFormat: String, Sendable, CaseIterable {
        case text, json
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
    public var input: String?
    /// `--from`: hitlint, sentry, droidbot or auto.
    public var from: String?
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

    public struct UsageError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Options that take a value, and flags, for "did you mean".
    static let valueOptions = ["--format", "--profile", "--min-size", "--platform", "--input", "--rule", "--color", "--from", "--scale"]
    static let flagOptions = ["--strict", "--quiet", "--exit-zero", "--show-fixes", "--fix", "--diff", "--help", "--version"]

    public init() {}

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
            case "--format": format = try value()
            case "--profile": profile = try value()
            case "--min-size": minimumSize = try value()
            case "--platform": platform = try value()
            case "--input": input = try value()
            case "--from": from = try value()
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
            default:
                var message = "unknown option '\(name)'"
                if let suggestion = closestName(to: name, among: Self.valueOptions + Self.flagOptions) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message)
            }
        }
    }

    public static let usage = """
    USAGE: hitlint [lint] [options] <path>...
           hitlint rules [--format text|json|markdown]
           hitlint explain <rule-id>
           hitlint parse <file>
           hitlint --version | --help

    Lints UI layout files (JSON or a YAML subset) for touch and pointer targets
    people will miss: too small, clipped, overlapping, occluded, unreachable, or
    separated by dead gaps. Folders are searched for *.json, *.yaml, *.yml.

    OPTIONS:
      --format text|json         report format (default: text)
      --profile P                ios (default for uikit), macos, tvos, visionos,
                                 android (default for android), wcag-aa (default
                                 for web), wcag-aaa
      --min-size LEN             minimum target side: 44pt, 48dp, 24px, 9mm
      --platform uikit|android|web   hit-testing semantics (overrides the file)
      --input touch|pointer      modality (overrides the file)
      --from auto|hitlint|sentry|droidbot
                                 what the files are: hitlint layouts, Sentry view
                                 hierarchies or DroidBot states (default: auto,
                                 recognised by their keys)
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

    EXIT CODES:
      0  no error diagnostics    1  errors found    2  bad usage or unreadable path

    """
}
