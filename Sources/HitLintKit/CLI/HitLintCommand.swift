/// One of `hitlint`'s subcommands, shaped as swift-argument-parser's
/// `ParsableCommand`: a name, what it is for, the option groups it takes
/// (taken from the command line as parsed), and a run that checks them and
/// does the work.
protocol Subcommand: Sendable {
    /// The first word that picks it: `hitlint rules`.
    static var name: String { get }
    /// How it is called, as help shows it: `hitlint rules [--format text|json|markdown]`.
    static var usage: String { get }
    /// Said after `usage` in the list of every subcommand, when the usage alone does not say it.
    static var usageNote: String? { get }
    /// What it does, for its help: a paragraph, lines wrapped.
    static var abstract: String { get }
    /// The groups of `Arguments` whose options it takes (`Arguments.options`);
    /// any other option is refused.
    static var optionGroups: [PartialKeyPath<Arguments>] { get }
    init(_ arguments: Arguments)
    /// Writes to `output` and returns the exit status (SPEC §7.1).
    func run(output: CommandOutput) -> Int32
}

extension Subcommand {
    static var usageNote: String? { nil }
}

/// A subcommand that takes no options, only the words after its name.
protocol PathsOnlySubcommand: Subcommand {
    init(paths: [String])
}

extension PathsOnlySubcommand {
    static var optionGroups: [PartialKeyPath<Arguments>] { [] }

    init(_ arguments: Arguments) {
        self.init(paths: arguments.paths)
    }
}

/// Everything the `hitlint` executable does, callable in-process by tests:
/// reads the command line and runs the subcommand it names (lint when none is named).
public enum HitLintCommand {

    /// In the order `hitlint --help` lists them.
    static let subcommands: [any Subcommand.Type] = [
        LintCommand.self, RulesCommand.self, ExplainCommand.self, RenderCommand.self,
        ParseCommand.self, InitCommand.self, ServerCommand.self,
    ]

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    public static func run(_ words: [String], output: CommandOutput) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(parsing: words)
        } catch {
            return output.fail("\(error.message)\nRun '\(helpCommand(for: words))' for usage.")
        }
        let subcommand = self.subcommand(named: arguments.subcommand) ?? LintCommand.self
        switch arguments.request {
        case .help:
            output.write(arguments.namesSubcommand ? Help.text(of: subcommand) : Help.summary)
            return 0
        case .version:
            output.write("hitlint \(HitLint.version)\n")
            return 0
        case nil:
            return subcommand.init(arguments).run(output: output)
        }
    }

    /// `hitlint rules --help` after a mistake on a rules command line; `hitlint
    /// --help` for a lint's, whose options that lists.
    private static func helpCommand(for words: [String]) -> String {
        guard let first = words.first, first != LintCommand.name, subcommand(named: first) != nil else { return "hitlint --help" }
        return "hitlint \(first) --help"
    }
}
