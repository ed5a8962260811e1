import Foundation

/// `hitlint --help`, each subcommand's help, and README's table of options,
/// all written from the subcommands and `Arguments.options`.
enum Help {
    /// `hitlint --help`: every subcommand's usage, what hitlint does, each
    /// option once (a name two subcommands share, as lint means it; `-o` is in
    /// render's usage), and the exit codes. An option lint does not take says
    /// whose it is ("render: ...").
    static var summary: String {
        let usages = HitLintCommand.subcommands.map { command in
            command.usageNote.map { command.usage.padding(toLength: 31, withPad: " ", startingAt: 0) + $0 } ?? command.usage
        } + ["hitlint --version | --help"]
        let lintOptions = Arguments.options(of: LintCommand.self)
        var seen = Set<String>()
        var rows: [(label: String, help: [String])] = []
        for option in Arguments.options where option.name.hasPrefix("--") && seen.insert(option.name).inserted {
            var help = option.help
            if !lintOptions.contains(where: { $0.name == option.name }),
               let taker = HitLintCommand.subcommands.first(where: { command in Arguments.options(of: command).contains { $0.name == option.name } }) {
                help[0] = "\(taker.name): " + help[0]
            }
            rows.append((option.label, help))
        }
        return "USAGE: " + usages.joined(separator: "\n       ") + "\n\n"
            + LintCommand.abstract + "\n"
            + optionList(rows)
            + exitCodes
    }

    /// `hitlint render --help` (or `hitlint help render`): its usage, what it
    /// does, and the options it takes.
    static func text(of command: any Subcommand.Type) -> String {
        var text = "USAGE: \(command.usage)\n\n\(command.abstract)\n"
        // Its own groups' options first, as it declares them.
        let options = Arguments.options
        let rows = command.optionGroups.flatMap { group in options.filter { $0.group == group }.map { ($0.label, $0.help) } }
        text += optionList(rows + [("-h, --help", ["show this help"])])
        if command == LintCommand.self { text += exitCodes }
        return text
    }

    /// "OPTIONS:" and a line per option: the name and value, then the help
    /// from the 30th column (below the name when the name reaches it).
    private static func optionList(_ rows: [(label: String, help: [String])]) -> String {
        var text = "\nOPTIONS:\n"
        for (label, help) in rows {
            let indent = String(repeating: " ", count: 29)
            let first = label.count < 27 ? label.padding(toLength: 27, withPad: " ", startingAt: 0) : label + "   "
            text += "  " + first + help.joined(separator: "\n" + indent) + "\n"
        }
        return text
    }

    private static let exitCodes = """

    EXIT CODES:
      0  no error diagnostics (warnings pass unless --strict or --max-warnings)
      1  errors found, or too many warnings
      2  bad usage or configuration, or a missing or unreadable path

    """

    /// README's table of options: every option, the subcommands that take it, and its discussion.
    static var optionTable: String {
        var text = "| option | taken by | meaning |\n|---|---|---|\n"
        for option in Arguments.options {
            let takers = HitLintCommand.subcommands.filter { Arguments.options(of: $0).contains { $0.group == option.group } }
            text += "| `\(markdownCell(option.label))` | \(takers.map { $0.name }.joined(separator: ", ")) | \(option.discussion) |\n"
        }
        return text
    }

    /// A table cell's text: `|` would end the cell.
    private static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
