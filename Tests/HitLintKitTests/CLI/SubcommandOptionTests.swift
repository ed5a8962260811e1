import Foundation
import XCTest
@testable import HitLintKit

/// Each subcommand takes the options of the groups it declares, refuses the
/// others, and has its own help; `--help`, README's table and "did you mean"
/// are all written from `Arguments.options`.
final class SubcommandOptionTests: XCTestCase {
    func testAnOptionOfAnotherSubcommandIsRefused() {
        let run = runCommand(["rules", "--fix", "--strict"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(run.error, "hitlint: rules does not take --fix: it is an option of 'hitlint lint'\nRun 'hitlint rules --help' for usage.\n")
        let render = runCommand(["render", "a.yaml", "-o", "a.svg", "--config", "x.yml"])
        XCTAssertEqual(render.status, 2)
        XCTAssertEqual(render.error, "hitlint: render does not take --config: it is an option of 'hitlint lint' and 'hitlint init'\nRun 'hitlint render --help' for usage.\n")
        // Help still answers.
        XCTAssertEqual(runCommand(["rules", "--fix", "--help"]).status, 0)
    }

    /// A value for each option that its own subcommand accepts.
    private func sampleValue(_ option: CommandOption) -> [String] {
        guard let valueName = option.valueName else { return [] }
        if valueName.contains("|") { return [String(valueName.prefix { $0 != "|" })] }
        switch option.name {
        case "--jobs", "--max-warnings", "--scale": return ["2"]
        case "--rule": return ["dead-gap=off"]
        default: return ["x"]
        }
    }

    func testEverySubcommandTakesItsOwnOptionsAndRefusesTheRest() throws {
        for command in HitLintCommand.subcommands {
            let taken = Arguments.options(of: command)
            for option in Arguments.options {
                let words = [command.name, option.name] + sampleValue(option) + ["a.yaml"]
                if taken.contains(where: { $0.name == option.name }) {
                    XCTAssertNoThrow(try Arguments(parsing: words), "\(words)")
                    continue
                }
                XCTAssertThrowsError(try Arguments(parsing: words), "\(words)") { error in
                    let message = (error as? Arguments.UsageError)?.message ?? ""
                    XCTAssertTrue(message.hasPrefix("\(command.name) does not take \(option.name): it is an option of 'hitlint "), message)
                }
            }
        }
        XCTAssertTrue(Arguments.options(of: ParseCommand.self).isEmpty)
    }

    func testEachSubcommandHasItsOwnHelp() {
        let render = runCommand(["render", "--help"])
        XCTAssertEqual(render.status, 0)
        XCTAssertTrue(render.output.hasPrefix("USAGE: hitlint render <file> -o <out.svg|out.html> [--screenshot FILE]\n\n"), render.output)
        for option in Arguments.options(of: RenderCommand.self) {
            XCTAssertTrue(render.output.contains("\n  \(option.label) "), option.name)
        }
        XCTAssertFalse(render.output.contains("--fix"), "lint's options are not render's")
        XCTAssertEqual(runCommand(["help", "render"]).output, render.output)
        let rules = runCommand(["rules", "-h"]).output
        XCTAssertTrue(rules.contains("\n  --format F                 text (default: one rule a line), json, or markdown\n"), rules)
        XCTAssertFalse(rules.contains("sarif"), "lint's --format is not rules'")
        // `hitlint --help` is everything's; lint's own lists only lint's options.
        let lint = runCommand(["lint", "--help"]).output
        XCTAssertTrue(lint.hasPrefix("USAGE: hitlint [lint] [options] <path>...\n\n"), lint)
        XCTAssertFalse(lint.contains("--screenshot"))
        XCTAssertEqual(runCommand(["help"]).output, runCommand(["--help"]).output)
        let unknown = runCommand(["help", "rendr"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.error.contains("unknown command 'rendr'; did you mean 'render'?"), unknown.error)
    }

    func testDidYouMeanComesFromTheSubcommandsOptions() {
        XCTAssertEqual(runCommand(["rules", "--formt", "json"]).error,
                       "hitlint: unknown option '--formt'; did you mean '--format'?\nRun 'hitlint rules --help' for usage.\n")
        XCTAssertTrue(runCommand(["render", "a.yaml", "--screnshot", "a.png"]).error.contains("did you mean '--screenshot'?"))
        // Not render's, but another subcommand's: named, and refused when given.
        XCTAssertTrue(runCommand(["render", "a.yaml", "--strct"]).error.contains("did you mean '--strict'?"))
        XCTAssertEqual(runCommand(["-x", "a.yaml"]).error, "hitlint: unknown option '-x'\nRun 'hitlint --help' for usage.\n")
    }

    /// The global help lists each long option once, as lint means it, in the
    /// table's order; README's table is the same table, with every option.
    func testHelpAndReadmeAreWrittenFromTheOneTable() throws {
        let help = Help.summary
        var position = help.startIndex
        for option in Arguments.options where option.name.hasPrefix("--") {
            guard let found = help.range(of: "\n  \(option.label) ", range: position..<help.endIndex) else {
                // A second declaration of a name (rules' --format, init's --config) is not listed again.
                XCTAssertNotNil(help.range(of: "\n  \(option.name) "), option.name)
                continue
            }
            position = found.upperBound
        }
        try assertGeneratedSection("options table", of: "README.md", is: Help.optionTable)
        for option in Arguments.options {
            XCTAssertTrue(Help.optionTable.contains(option.discussion), option.name)
        }
    }
}
