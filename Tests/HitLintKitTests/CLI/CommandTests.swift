import Foundation
import XCTest
@testable import HitLintKit

/// The command line end to end, in process: exit codes, formats, options.
final class CommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) -> String {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let output = CapturedOutput()
        let status = HitLintCommand.run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    private let small = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: play, type: button, frame: [10, 10, 30, 30]}]}\n"
    private let clean = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: ok, type: button, frame: [10, 10, 44, 44]}]}\n"
    private let gaps = Layouts.gap

    func testExitCodes() {
        XCTAssertEqual(run([write("clean.yaml", clean)]).status, 0)
        XCTAssertEqual(run([write("small.yaml", small)]).status, 1)
        XCTAssertEqual(run([write("broken.json", "{\"root\": [}")]).status, 1)
        XCTAssertEqual(run(["--no-such-option", "x"]).status, 2)
        XCTAssertEqual(run([]).status, 2)
    }

    func testTextOutputIsXcodeFormWithSummary() {
        let path = write("small.yaml", small)
        let result = run([path])
        XCTAssertEqual(result.output, """
        \(path):1:88: error: 'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]
        1 error, 0 warnings, 1 fixable in 1 file

        """)
    }

    func testCaretUnderTheSpanOnATerminal() {
        let path = write("small.yaml", small)
        let output = CapturedOutput()
        output.isTerminal = true
        output.environment = ["NO_COLOR": "1"]
        _ = HitLintCommand.run([path], output: output)
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], " 1 | " + small.dropLast())
        XCTAssertEqual(lines[2], "   | " + String(repeating: " ", count: 87) + "^~~~~~~~~~~~~~~~")
    }

    func testJSONOutputShape() throws {
        let path = write("small.yaml", small)
        let result = run(["--format", "json", path])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 1)
        let first = diagnostics[0]
        XCTAssertEqual(first["file"] as? String, path)
        XCTAssertEqual(first["line"] as? Int, 1)
        XCTAssertEqual(first["column"] as? Int, 88)
        XCTAssertEqual(first["endLine"] as? Int, 1)
        XCTAssertEqual(first["endColumn"] as? Int, 104)
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["rule"] as? String, "target-size")
        XCTAssertEqual(first["node"] as? String, "play")
        XCTAssertEqual(first["related"] as? [String], [])
        XCTAssertEqual((first["fix"] as? [String: Any])?["description"] as? String, "grow 'play' to 44×44 pt: hitInsets -7")
        let summary = try XCTUnwrap(object["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 1, "errors": 1, "warnings": 0, "infos": 0, "fixable": 1])
        // A diagnostic with no fix has `fix: null`.
        let unknown = run(["--format", "json", write("unknown.yaml", "root: {frame: [0, 0, 1, 1], hitInset: 2}\n")])
        let other = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(unknown.output.utf8)) as? [String: Any])
        XCTAssertTrue((other["diagnostics"] as? [[String: Any]])?.first?["fix"] is NSNull)
    }

    func testRuleSeverityStrictQuietAndExitZero() {
        let path = write("gaps.yaml", gaps)
        XCTAssertEqual(run([path]).status, 0, "warnings alone pass")
        XCTAssertEqual(run(["--strict", path]).status, 1)
        XCTAssertEqual(run(["--rule", "dead-gap=error", path]).status, 1)
        XCTAssertEqual(run(["--rule", "dead-gap=off", path]).output, "0 errors, 0 warnings in 1 file\n")
        XCTAssertEqual(run(["--quiet", path]).output, "0 errors, 0 warnings in 1 file\n")
        XCTAssertEqual(run(["--exit-zero", write("small.yaml", small)]).status, 0)
        XCTAssertEqual(run(["--rule", "dead-gap", path]).status, 2)
        XCTAssertTrue(run(["--rule", "dead-gaps=off", path]).error.contains("did you mean 'dead-gap'?"))
    }

    func testProfileMinimumSizePlatformAndInput() {
        let path = write("clean.yaml", clean)
        XCTAssertEqual(run(["--profile", "tvos", path]).status, 1)
        XCTAssertTrue(run(["--profile", "tvos", path]).output.contains("minimum is 66×66 pt (tvos)"))
        XCTAssertTrue(run(["--min-size", "9mm", path]).output.contains("minimum is 57.76×57.76 pt (9 mm)"))
        XCTAssertTrue(run(["--platform", "android", path]).output.contains("minimum is 48×48 dp (android)"))
        XCTAssertEqual(run(["--input", "pointer", write("small.yaml", small)]).status, 0, "30 pt passes the 28 pt pointer minimum")
        XCTAssertTrue(run(["--profile", "wcag", path]).error.contains("did you mean"))
        XCTAssertEqual(run(["--min-size", "big", path]).status, 2)
        XCTAssertEqual(run(["--platform", "windows", path]).status, 2)
    }

    func testFoldersAreWalkedAndMissingPathsExitTwo() {
        _ = write("a/one.yaml", clean)
        _ = write("a/b/two.json", "{\"root\": {\"frame\": [0, 0, 10, 10]}}")
        _ = write("a/.hidden/three.yaml", small)
        _ = write("a/notes.txt", "not a layout")
        let result = run([folder.appendingPathComponent("a").path])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.output.hasSuffix("in 2 files\n"), result.output)
        let missing = run([folder.appendingPathComponent("a").path, folder.appendingPathComponent("nope.yaml").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.error.contains("nope.yaml: no such file or folder"))
        XCTAssertTrue(missing.output.hasSuffix("in 2 files\n"), "the other files are still linted")
    }

    func testRulesAndExplain() throws {
        let text = run(["rules"])
        XCTAssertEqual(text.status, 0)
        XCTAssertEqual(text.output.split(separator: "\n").count, RuleRegistry.all.count)
        let json = run(["rules", "--format", "json"])
        let rules = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, RuleRegistry.descriptions.map(\.id))
        let markdown = run(["rules", "--format", "markdown"]).output
        XCTAssertTrue(markdown.contains("\n| rule | default | fix | summary |\n"), markdown)
        XCTAssertEqual(rules.first { $0["id"] as? String == "target-size" }?["fix"] as? String, "sometimes")
        XCTAssertEqual(rules.first { $0["id"] as? String == "unused-ignore" }?["fix"] as? String, "always")
        XCTAssertTrue(run(["explain", "dead-gap"]).output.hasPrefix("dead-gap (default: warning, fixable sometimes)"))
        for rule in RuleRegistry.descriptions {
            XCTAssertTrue(markdown.contains("| [`\(rule.id)`](#\(rule.id)) |"), rule.id)
            XCTAssertTrue(markdown.contains("\n## \(rule.id)\n\n**\(rule.summary)**"), rule.id)
        }
        // The reference the language server links to is this output, checked in.
        let docs = TestSupport.packageRoot.appendingPathComponent("Docs/rules.md")
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try Data(markdown.utf8).write(to: docs)
        }
        XCTAssertEqual(try String(contentsOf: docs, encoding: .utf8), markdown,
                       "Docs/rules.md is out of date: swift run hitlint rules --format markdown > Docs/rules.md")
        // So is the README's table of rules, between its markers.
        let table = RuleHelp.table(RuleRegistry.descriptions, linkTo: "Docs/rules.md")
        try assertGeneratedSection("rules table", of: "README.md", is: table)
        XCTAssertTrue(table.contains("[`import-note`](Docs/rules.md#import-note)"))
        let explain = run(["explain", "clipped-hit-area"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.output.contains("point(inside:)"))
        XCTAssertTrue(explain.output.contains("## Triggers"))
        let unknown = run(["explain", "clipped-hit-areas"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.error.contains("did you mean 'clipped-hit-area'?"))
    }

    func testParseCommand() {
        let good = run(["parse", write("doc.yaml", "a: [1, +2, .5]\nb: {c: 'x'}\n")])
        XCTAssertEqual(good.status, 0)
        XCTAssertEqual(good.output, "{\"a\":[1,2,0.5],\"b\":{\"c\":\"x\"}}\n")
        let bad = run(["parse", write("bad.json", "[1, 2}")])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.output.contains("bad.json:1:6: error: expected ',' or ']' after array element, found '}' [invalid-layout]"), bad.output)
        XCTAssertEqual(run(["parse", folder.appendingPathComponent("missing.json").path]).status, 2)
    }

    func testIgnoreSuppressesAndReportsUnusedEntries() {
        let path = write("ignore.yaml", """
        root:
          id: screen
          frame: [0, 0, 390, 844]
          children:
            - {id: tiny, type: button, frame: [0, 0, 20, 20], ignore: [target-size]}
            - {id: fine, type: button, frame: [100, 0, 44, 44], ignore: [target-size, dead-gapp]}
            - id: group
              frame: [0, 100, 390, 100]
              ignore: all
              children:
                - {id: tiny2, type: button, frame: [0, 0, 20, 20]}

        """)
        let result = run([path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output.split(separator: "\n").filter { $0.contains("[") }.map { String($0.split(separator: ": ", maxSplits: 2)[2]) }, [
            "'ignore: target-size' suppresses nothing here; remove it [unused-ignore]",
            "'dead-gapp' in 'ignore' is not a rule; did you mean 'dead-gap'? [unused-ignore]",
        ])
    }

    // MARK: - Fixes

    private let fixable = """
    # a small play button
    root:
      id: screen
      frame: [0, 0, 390, 844]
      children:
        - {id: play, type: button, frame: [20, 20, 30, 30]}   # too small

    """

    func testFixWritesTheFileAndReportsWhatRemains() throws {
        let path = write("fix.yaml", fixable)
        let result = run(["--fix", path])
        XCTAssertEqual(result.status, 0, "nothing remains after the fix")
        XCTAssertEqual(result.output, "0 errors, 0 warnings in 1 file\n")
        XCTAssertEqual(result.error, "hitlint: fixed 1 problem in 1 file\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), fixable.replacingOccurrences(
            of: "frame: [20, 20, 30, 30]}", with: "frame: [20, 20, 30, 30], hitInsets: -7}"))
        // Twice changes nothing.
        let again = run(["--fix", path])
        XCTAssertEqual(again.error, "hitlint: fixed 0 problems in 0 files\n")
    }

    func testDiffPrintsThePatchAndWritesNothing() throws {
        let path = write("diff.yaml", fixable)
        let result = run(["--diff", path])
        XCTAssertEqual(result.status, 0, "exits as if the fixes were applied")
        XCTAssertEqual(result.output, """
        --- \(path)
        +++ \(path)
        @@ -3,4 +3,4 @@
           id: screen
           frame: [0, 0, 390, 844]
           children:
        -    - {id: play, type: button, frame: [20, 20, 30, 30]}   # too small
        +    - {id: play, type: button, frame: [20, 20, 30, 30], hitInsets: -7}   # too small

        """)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), fixable, "--diff writes nothing")
        XCTAssertEqual(run(["--fix", "--diff", path]).status, 2)
    }

    func testShowFixesAndJSONCarryTheFix() throws {
        let path = write("show.yaml", fixable)
        let text = run(["--show-fixes", path])
        XCTAssertTrue(text.output.contains("    fix: grow 'play' to 44×44 pt: hitInsets -7\n      6:55: insert \", hitInsets: -7\"\n"), text.output)
        XCTAssertTrue(text.output.hasSuffix("1 error, 0 warnings, 1 fixable in 1 file\n"))
        let json = run(["--format", "json", path])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let diagnostic = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
        let fix = try XCTUnwrap(diagnostic["fix"] as? [String: Any])
        XCTAssertEqual(fix["description"] as? String, "grow 'play' to 44×44 pt: hitInsets -7")
        let edits = try XCTUnwrap(fix["edits"] as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits[0]["line"] as? Int, 6)
        XCTAssertEqual(edits[0]["column"] as? Int, 55)
        XCTAssertEqual(edits[0]["endColumn"] as? Int, 55)
        XCTAssertEqual(edits[0]["replacement"] as? String, ", hitInsets: -7")
    }

    func testFixRefusesAFileChangedSinceRead() throws {
        // Simulated by the writer directly: the command reads and writes in one go.
        let path = write("moving.yaml", fixable)
        XCTAssertThrowsError(try AtomicFile.replace(path, with: Array("x".utf8), expecting: Array("other".utf8)))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), fixable)
    }

    /// Finite numbers whose sums overflow (x + width = ∞) must not trap in the
    /// spatial grid, percentages or fixes.
    func testCoordinatesThatOverflowToInfinity() throws {
        let path = write("huge.yaml", """
        root:
          frame: [0, 0, 1e308, 1e308]
          children:
            - {id: a, type: button, frame: [1e308, 1e308, 1e308, 1e308], hitInsets: -1e308}
            - {id: b, type: button, frame: [-1e308, 0, 1e308, 1e308]}
            - {id: c, frame: [0, 0, 1e308, 1e308]}
            - {id: d, type: button, frame: [1, 1, 1e-300, 1e-300]}

        """)
        XCTAssertEqual(run([path]).status, 1)
        let json = run(["--format", "json", "--show-fixes", path])
        XCTAssertEqual(json.status, 1)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.output.utf8)))
        XCTAssertNotEqual(run(["--diff", path]).status, 2)
    }
}
