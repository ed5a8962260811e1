/// The command line, read by hand (no dependencies): the subcommand's name, its
/// paths, and its options, in groups that subcommands share the way
/// swift-argument-parser's `@OptionGroup`s are shared. Each subcommand takes
/// the options of the groups it declares (`Subcommand.optionGroups`); an
/// option of another subcommand is refused, naming both.
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
    /// Whether the first word named the subcommand (`hitlint lint --help` is
    /// lint's help, `hitlint --help` everything's).
    public var namesSubcommand = false
    public var request: Request?
    public var paths: [String] = []
    public var lintOptions = LintOptionArguments()
    public var report = ReportArguments()
    public var runFiles = RunFileArguments()
    public var fixes = FixArguments()
    public var render = RenderArguments()
    public var ruleList = RuleListArguments()
    public var template = TemplateArguments()

    public init() {}

    public init(parsing words: [String]) throws(UsageError) {
        var remaining = words[...]
        if remaining.first == Self.helpCommand {
            try readHelpCommand(remaining.dropFirst())
            return
        }
        if let first = remaining.first, HitLintCommand.subcommand(named: first) != nil {
            subcommand = first
            namesSubcommand = true
            remaining = remaining.dropFirst()
        }
        let options = Self.options
        let taken = Self.options(ofSubcommandNamed: subcommand, among: options)
        // An option of another subcommand is refused once the whole line is
        // read: `--help` and `--version` anywhere still answer.
        var refusal: UsageError?
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
            let (name, inlineValue) = Self.nameAndValue(word)
            if let request = Self.request(named: name) {
                self.request = request
                continue
            }
            guard let option = taken.first(where: { $0.name == name }) ?? options.first(where: { $0.name == name }) else {
                throw Self.unknownOption(name, taken: taken, all: options)
            }
            var value: String?
            if option.takesValue {
                guard let given = inlineValue ?? remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
                value = given
            }
            guard taken.contains(where: { $0.name == name }) else {
                refusal = refusal ?? Self.refusal(of: name, bySubcommandNamed: subcommand)
                continue
            }
            try option.read(&self, value)
        }
        if let refusal, request == nil { throw refusal }
    }

    /// `hitlint help [subcommand]`: the help of the subcommand named, else everything's.
    private mutating func readHelpCommand(_ words: ArraySlice<String>) throws(UsageError) {
        request = .help
        guard let name = words.first else { return }
        guard HitLintCommand.subcommand(named: name) != nil else {
            throw UsageError(message: "unknown command '\(name)'" + Self.suggestion(name, HitLintCommand.subcommands.map { $0.name }))
        }
        guard words.count == 1 else { throw UsageError(message: "help takes one command name, e.g. 'hitlint help render'") }
        subcommand = name
        namesSubcommand = true
    }

    /// `--name=value` as its name and value; any other word as it is, with no value.
    private static func nameAndValue(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func request(named name: String) -> Request? {
        switch name {
        case "--help", "-h": return .help
        case "--version": return .version
        default: return nil
        }
    }

    /// "unknown option", and the closest of this subcommand's options, else of
    /// another's long ones (which, given, says whose it is; any letter is one
    /// edit from `-o`).
    private static func unknownOption(_ name: String, taken: [CommandOption], all: [CommandOption]) -> UsageError {
        var suggestion = Self.suggestion(name, taken.map(\.name) + requestNames)
        if suggestion.isEmpty { suggestion = Self.suggestion(name, all.map(\.name).filter { $0.hasPrefix("--") }) }
        return UsageError(message: "unknown option '\(name)'" + suggestion)
    }

    /// `hitlint help [subcommand]`.
    static let helpCommand = "help"

    /// What runs instead of a subcommand, which every subcommand takes.
    static let requestNames = ["--help", "--version"]

    /// The options `command` takes, in the table's order.
    static func options(of command: any Subcommand.Type, among options: [CommandOption] = Arguments.options) -> [CommandOption] {
        let groups = command.optionGroups
        return options.filter { groups.contains($0.group) }
    }

    /// (A subcommand's type is not opened inside the typed-throwing parse: Swift
    /// 6.3's SIL generation crashes on it.)
    private static func options(ofSubcommandNamed name: String, among options: [CommandOption]) -> [CommandOption] {
        Self.options(of: HitLintCommand.subcommand(named: name) ?? LintCommand.self, among: options)
    }

    /// "rules does not take --fix: it is an option of 'hitlint lint'".
    private static func refusal(of option: String, bySubcommandNamed name: String) -> UsageError {
        let takers = HitLintCommand.subcommands.filter { taker in options(of: taker).contains { $0.name == option } }
        let names = takers.map { "'hitlint \($0.name)'" }
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
        return UsageError(message: "\(name) does not take \(option): it is an option of \(list)")
    }

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
