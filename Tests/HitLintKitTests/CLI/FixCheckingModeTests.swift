import XCTest
@testable import HitLintKit

/// Fixes are checked (`LintOptions.fixChecking`) when what the command does or
/// writes depends on their verdicts: `--fix`, `--diff`, and a report that says
/// so (`Reporter.needsCheckedFixes`), never from the format's name alone.
final class FixCheckingModeTests: XCTestCase {
    /// `Layouts.fixTakenAway`: `row1`'s fix fails its check and `small`'s
    /// passes, and only a checked lint writes its edits. So a report that
    /// shows fixes, or counts the fixable problems, reads differently checked.
    private let layout = Layouts.fixTakenAway

    /// The results as the command lints them, fixes checked or not (a lint
    /// whose fixes are not checked writes none, only whether each edits).
    private func lint(checked: Bool) -> [LintResult] {
        var options = LintOptions()
        options.fixChecking = checked ? .checked : .unchecked
        options.run.writesFixes = checked
        return [Linter(options: options).lint(source: SourceText(layout), format: .yaml, path: "screen.yaml")]
    }

    func testAReportThatSaysItNeedsNoCheckedFixesWritesTheSameEitherWay() {
        let (checked, unchecked) = (lint(checked: true), lint(checked: false))
        XCTAssertEqual(checked[0].diagnostics.map(\.rule), [ClippedHitAreaRule.id, TargetSizeRule.id])
        XCTAssertTrue(checked[0].diagnostics[0].fix?.description.contains("to do by hand") == true)
        let reporters: [(String, Reporter)] = [
            ("text --show-fixes", TextReporter(showFixes: true)),
            ("json", JSONReporter()), ("sarif", SARIFReporter(currentDirectory: "/")),
            ("junit", JUnitReporter()),
        ]
        for (name, reporter) in reporters {
            let differs = reporter.reportBytes(checked) != reporter.reportBytes(unchecked)
            // A report that does not ask for checked fixes must not show them;
            // one that asks must, or it makes every lint pay for nothing.
            XCTAssertEqual(reporter.needsCheckedFixes, differs, name)
        }
        // Text that shows no fix differs in its summary only: it counts the
        // problems whose fixes would edit the file, unchecked.
        let text = TextReporter()
        XCTAssertFalse(text.needsCheckedFixes)
        XCTAssertEqual(text.report(checked).split(separator: "\n").dropLast(), text.report(unchecked).split(separator: "\n").dropLast())
        XCTAssertEqual(text.report(unchecked).split(separator: "\n").last, "1 error, 1 warning, 2 fixable in 1 file")
        // GitHub's annotations show no fix, and the log written with them is
        // the ordinary text report, which counts the fixable problems unchecked.
        let github = GitHubReporter(currentDirectory: "/")
        XCTAssertEqual(github.reportBytes(checked), github.reportBytes(unchecked))
        XCTAssertFalse(github.needsCheckedFixes)
    }

    func testTheCommandChecksFixesWhereItsReportOrRunNeedsThem() throws {
        let folder = try TemporaryFolder()
        try folder.write("screen.yaml", layout)
        // Unchecked: both fixes would edit the file.
        XCTAssertEqual(runCommand(["screen.yaml"], in: folder.path).output.split(separator: "\n").last,
                       "1 error, 1 warning, 2 fixable in 1 file")
        XCTAssertTrue(runCommand(["--show-fixes", "screen.yaml"], in: folder.path).output.contains("(to do by hand"))
        XCTAssertTrue(runCommand(["--format", "json", "screen.yaml"], in: folder.path).output.contains("\"fixable\": 1}"))
        XCTAssertEqual(runCommand(["--format", "sarif", "screen.yaml"], in: folder.path).output.components(separatedBy: "\"fixes\"").count, 2)
        // GitHub's log is the text report: the same count as the plain run's.
        XCTAssertEqual(runCommand(["--format", "github", "screen.yaml"], in: folder.path).error.split(separator: "\n").last,
                       "1 error, 1 warning, 2 fixable in 1 file")
        // With --show-fixes the log shows each fix, so they are checked.
        let shown = runCommand(["--format", "github", "--show-fixes", "screen.yaml"], in: folder.path).error
        XCTAssertTrue(shown.contains("(to do by hand"), shown)
        XCTAssertEqual(shown.split(separator: "\n").last, "1 error, 1 warning, 1 fixable in 1 file")
        XCTAssertFalse(GitHubReporter(currentDirectory: "/").needsCheckedFixes)
        XCTAssertTrue(GitHubReporter(currentDirectory: "/", logShowsFixes: true).needsCheckedFixes)
        // Checked: --diff writes the fix that passed only.
        let diff = runCommand(["--diff", "screen.yaml"], in: folder.path).output
        XCTAssertTrue(diff.contains("+    - {id: small, type: button, frame: [200, 300, 30, 30], hitInsets: -7}"), diff)
        XCTAssertEqual(diff.components(separatedBy: "\n+").count, 3, diff)
    }
}
