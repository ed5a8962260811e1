/// One of `hitlint`'s subcommands, shaped as swift-argument-parser's
/// `ParsableCommand`: a name, its options (taken from the command line as
/// parsed), and a run that checks them and does the work.
protocol Subcommand: Sendable {
    /// The first word that picks it: `hitlint rules`.
    static var name: String { get }
    init(_ arguments: Arguments)
    /// Writes to `output` and returns the exit status (SPEC §7.1).
    func run(output: CommandOutput) -> Int32
}

/// A subcommand that takes no options, only the words after its name.
protocol PathsOnlySubcommand: Subcommand {
    init(paths: [String])
}

extension PathsOnlySubcommand {
    init(_ arguments: Arguments) {
        self.init(paths: arguments.paths)
    }
}

/// Everything the `hitlint` executable does, callable in-process by tests:
/// reads the command line and runs the subcommand it names (lint when none is named).
public enum HitLintCommand {

    static let subcommands: [any Subcommand.Type] = [
        LintCommand.self, RulesCommand.self, ExplainCommand.self, ParseCommand.self,
        RenderCommand.self, InitCommand.self, ServerCommand.self,
    ]

    public static func run(_ words: [String], output: CommandOutput) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(parsing: words)
        } catch {
            return output.fail("\(error.message)\nRun 'hitlint --help' for usage.")
        }
        switch arguments.request {
        case .help:
            output.write(Arguments.usage)
            return 0
        case .version:
            output.write("hitlint \(HitLint.version)\n")
            return 0
        case nil:
            let subcommand = subcommands.first { $0.name == arguments.subcommand } ?? LintCommand.self
            return subcommand.init(arguments).run(output: output)
        }
    }
}
