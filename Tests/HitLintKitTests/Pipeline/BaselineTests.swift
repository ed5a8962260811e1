import Foundation
import XCTest
@testable import HitLintKit

/// `--write-baseline` / `--baseline` (SPEC §9): keyed by file, rule and node, counted.
final class BaselineTests: XCTestCase {
    private let toolbar = """
    root:
      id: screen
      frame: [0, 0, 390, 844]
      children:
        - {id: play, type: button, frame: [10, 10, 30, 30]}
        - {id: stop, type: button, frame: [100, 10, 30, 30]}

    """

    func testWrittenBaselineIsStableSortedJSON() throws {
        let folder = try TemporaryFolder()
        try folder.write("Layouts/b.yaml", toolbar)
        try folder.write("Layouts/a.yaml", Layouts.gap)
        let result = runCommand(["--write-baseline", "baseline.json", "Layouts"], in: folder.path)
        XCTAssertEqual(result.status, 1, "writing a baseline still reports the run as it is")
        XCTAssertEqual(result.error, "hitlint: recorded 3 diagnostics in baseline.json\n")
        XCTAssertEqual(try folder.read("baseline.json"), """
        {
          "version": 1,
          "tool": "hitlint",
          "entries": [
            {"file": "Layouts/a.yaml", "rule": "dead-gap", "node": "a", "count": 1},
            {"file": "Layouts/b.yaml", "rule": "target-size", "node": "play", "count": 1},
            {"file": "Layouts/b.yaml", "rule": "target-size", "node": "stop", "count": 1}
          ]
        }

        """)
        // Absolute paths under the current folder record the same keys.
        _ = runCommand(["--write-baseline", "again.json", folder.path + "/Layouts"], in: folder.path)
        XCTAssertEqual(try folder.read("again.json"), try folder.read("baseline.json"))
    }

    func testBaselineHidesRecordedDiagnosticsEvenAfterLinesMove() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("screen.yaml", toolbar)
        _ = runCommand(["--write-baseline", folder.path + "/baseline.json", layout], in: folder.path)
        let clean = runCommand(["--baseline", "baseline.json", layout], in: folder.path)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.output, "0 errors, 0 warnings in 1 file\n")

        // Lines above move everything down: keys do not change.
        try folder.write("screen.yaml", "# a comment\n# another\n" + toolbar)
        XCTAssertEqual(runCommand(["--baseline", "baseline.json", layout], in: folder.path).status, 0)

        // A new problem still fails, and only it is shown.
        try folder.write("screen.yaml", toolbar + "    - {id: pause, type: button, frame: [200, 10, 30, 30]}\n")
        let newProblem = runCommand(["--baseline", "baseline.json", layout], in: folder.path)
        XCTAssertEqual(newProblem.status, 1)
        XCTAssertEqual(newProblem.output.split(separator: "\n").count, 2, newProblem.output)
        XCTAssertTrue(newProblem.output.contains("'pause' is reachable on 30×30 pt"))

        // A renamed node is a different key: its diagnostic shows again.
        try folder.write("screen.yaml", toolbar.replacingOccurrences(of: "id: stop", with: "id: halt"))
        let renamed = runCommand(["--baseline", "baseline.json", "--stats", layout], in: folder.path)
        XCTAssertEqual(renamed.status, 1)
        XCTAssertTrue(renamed.output.contains("'halt'"))
        XCTAssertTrue(renamed.error.contains("hidden by the baseline: 1\n"), renamed.error)
    }

    func testNoBaselineFromARunThatMissedFiles() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("screen.yaml", toolbar)
        let result = runCommand(["--write-baseline", "baseline.json", layout, "missing.yaml"], in: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasSuffix("hitlint: baseline.json not written: some paths could not be linted\n"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/baseline.json"))
    }

    func testCountsMatter() throws {
        // Three stale ignore entries on one node: three unused-ignore diagnostics with the same key.
        let text = "root: {id: screen, frame: [0, 0, 390, 844], ignore: [target-size, dead-gap, clipped-target]}\n"
        let result = Linter().lint(source: SourceText(text), format: .yaml, path: "/p/screen.yaml")
        XCTAssertEqual(result.diagnostics.map(\.rule), Array(repeating: "unused-ignore", count: 3))
        let key = Baseline.Key(file: "screen.yaml", rule: "unused-ignore", node: "screen")
        for recorded in 0...4 {
            let (filtered, hidden) = Baseline(counts: [key: recorded]).filter([result], currentDirectory: "/p")
            XCTAssertEqual(hidden, min(recorded, 3))
            XCTAssertEqual(filtered[0].diagnostics.count, max(0, 3 - recorded))
        }
        // The ones shown are the last in position: the first recorded ones are hidden.
        let (filtered, _) = Baseline(counts: [key: 2]).filter([result], currentDirectory: "/p")
        XCTAssertEqual(filtered[0].diagnostics.first?.span, result.diagnostics.last?.span)
        XCTAssertEqual(Baseline(results: [result], currentDirectory: "/p").counts, [key: 3])
        // Another folder, another file: nothing hidden.
        XCTAssertEqual(Baseline(counts: [key: 3]).filter([result], currentDirectory: "/q").hidden, 0)
    }

    func testEncodingRoundTrips() throws {
        let baseline = Baseline(counts: [
            Baseline.Key(file: "a \"quoted\".yaml", rule: "dead-gap", node: "x"): 2,
            Baseline.Key(file: "a.json", rule: "invalid-layout", node: nil): 1,
        ])
        let text = baseline.encoded()
        XCTAssertTrue(text.contains("{\"file\": \"a.json\", \"rule\": \"invalid-layout\", \"node\": null, \"count\": 1}"))
        XCTAssertEqual(try Baseline.parse(SourceText(text), path: "b.json"), baseline)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)))
    }

    func testBadBaselinesExitTwo() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("screen.yaml", toolbar)
        let missing = runCommand(["--baseline", "nope.json", layout], in: folder.path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.error, "hitlint: nope.json: no such baseline file (create it with --write-baseline)\n")
        try folder.write("bad.json", "{\"version\": 1, \"entries\": [{\"file\": \"a\"}]}")
        let bad = runCommand(["--baseline", "bad.json", layout], in: folder.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.error, "hitlint: bad.json:1:28: a baseline entry needs 'file' and 'rule' strings\n")
        try folder.write("v2.json", "{\"version\": 2, \"entries\": []}")
        XCTAssertEqual(runCommand(["--baseline", "v2.json", layout], in: folder.path).error,
                       "hitlint: v2.json:1:1: unsupported baseline: expected \"version\": 1\n")
        try folder.write("syntax.json", "{\"version\": 1,")
        XCTAssertEqual(runCommand(["--baseline", "syntax.json", layout], in: folder.path).status, 2)
    }
}
