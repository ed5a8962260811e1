/// `hitlint --help`.
extension Arguments {
    public static let usage = """
    USAGE: hitlint [lint] [options] <path>...
           hitlint rules [--format text|json|markdown]
           hitlint explain <rule-id>
           hitlint render <file> -o <out.svg|out.html> [--screenshot FILE]
           hitlint parse <file>
           hitlint init [--config FILE]
           hitlint server                 the language server (LSP) on standard input and output
           hitlint --version | --help

    Lints Interface Builder documents, UI layout files (JSON or a YAML subset),
    captured view hierarchies and Figma files for touch and pointer targets
    people will miss: too small, clipped, overlapping, occluded, unreachable, or
    separated by dead gaps. Folders are searched for *.xib, *.storyboard,
    *.json, *.yaml, *.yml, *.xml (files there that are
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
                                 WebDriverAgent iOS page sources), maestro, rico, figma,
                                 interface-builder (.xib, .storyboard)
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
