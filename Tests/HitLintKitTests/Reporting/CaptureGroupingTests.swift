import Foundation
import XCTest
@testable import HitLintKit

/// The same control in many captures (a crawl revisits its screens) is one
/// problem: one line in the text report, one fingerprint in JSON and SARIF,
/// one baseline entry whatever the captures are called.
final class CaptureGroupingTests: XCTestCase {
    /// A DroidBot state of one app screen: a toolbar with a small menu button
    /// (with an id) and two small unnamed tab buttons, the first `tabWidth` px wide.
    private func state(menuSize: Int = 90, tabWidth: Int = 90, scrolled: Int = 0) -> String {
        let views: [(parent: Int, cls: String, bounds: [Int], extra: String)] = [
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.LinearLayout", [0, 300 + scrolled, 1080, 500 + scrolled], #""resource_id": "com.example:id/bar""#),
            (1, "android.widget.ImageButton", [900, 310 + scrolled, 900 + menuSize, 310 + scrolled + menuSize], #""clickable": true, "resource_id": "com.example:id/menu""#),
            (1, "android.widget.ImageButton", [100, 310 + scrolled, 100 + tabWidth, 400 + scrolled], #""clickable": true"#),
            (1, "android.widget.ImageButton", [300, 310 + scrolled, 390, 400 + scrolled], #""clickable": true"#),
        ]
        var children = [[Int]](repeating: [], count: views.count)
        for (index, view) in views.enumerated() where view.parent >= 0 { children[view.parent].append(index) }
        let items = views.enumerated().map { index, view in
            let b = view.bounds
            return #"{"temp_id": \#(index), "parent": \#(view.parent), "children": \#(children[index]), "class": "\#(view.cls)", "#
                + #""bounds": [[\#(b[0]), \#(b[1])], [\#(b[2]), \#(b[3])]], "visible": true, "package": "com.example", \#(view.extra.isEmpty ? #""enabled": true"# : view.extra)}"#
        }
        return "{\"width\": 1080, \"height\": 1920, \"views\": [\n" + items.joined(separator: ",\n") + "\n]}"
    }

    private func json(_ output: String) throws -> [[String: Any]] {
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return try XCTUnwrap(report?["diagnostics"] as? [[String: Any]])
    }

    func testTheSameControlInManyCapturesIsOneFindingWithOneFingerprint() throws {
        let folder = try TemporaryFolder()
        // Three visits of the screen, one scrolled by 40 px: the same three controls.
        try folder.write("run/state_1.json", state())
        try folder.write("run/state_2.json", state())
        try folder.write("run/state_3.json", state(scrolled: 40))
        // A fourth where the first tab is wider: another control, and the menu again.
        try folder.write("run/state_4.json", state(tabWidth: 120))
        let text = runCommand(["--scale", "3", folder.path + "/run"])
        let lines = text.output.split(separator: "\n").filter { $0.contains("[target-size]") }
        XCTAssertEqual(lines.count, 4, text.output)
        XCTAssertEqual(lines.filter { $0.contains("'menu' is reachable on 30×30 dp (90×90 px); minimum is 48×48 dp (android) (the same control in 4 captures)") }.count, 1, text.output)
        XCTAssertEqual(lines.filter { $0.contains("(the same control in 3 captures)") }.count, 1, "the first tab, 90 px wide in three")
        XCTAssertEqual(lines.filter { $0.contains("(the same control in 4 captures)") }.count, 2, "the menu and the second tab")
        XCTAssertEqual(lines.filter { $0.contains("40×30 dp (120×90 px)") && !$0.contains("the same control") }.count, 1, "the wider tab, once")
        XCTAssertTrue(text.output.contains("\n11 findings are 3 controls seen in several captures: each is shown once, with the number of captures"), text.output)
        XCTAssertTrue(text.output.hasSuffix("12 errors, 0 warnings in 4 files\n"), "the summary still counts every finding: \(text.output)")

        // JSON lists every finding, each with a fingerprint: the control's, whatever the file.
        let diagnostics = try json(runCommand(["--scale", "3", "--format", "json", folder.path + "/run"]).output)
            .filter { ($0["rule"] as? String) == TargetSizeRule.id }
        XCTAssertEqual(diagnostics.count, 12)
        let byNode = Dictionary(grouping: diagnostics) { $0["node"] as? String ?? "" }
        let menus = Set(try XCTUnwrap(byNode["menu"]).compactMap { $0["fingerprint"] as? String })
        XCTAssertEqual(menus.count, 1)
        let fingerprints = Set(diagnostics.compactMap { $0["fingerprint"] as? String })
        XCTAssertEqual(fingerprints.count, 4, "menu, two tabs, the wider tab")

        // SARIF: the same fingerprints.
        let sarif = runCommand(["--scale", "3", "--format", "sarif", folder.path + "/run"]).output
        let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any]
        let results = try XCTUnwrap(((log?["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let sarifPrints = results.filter { ($0["ruleId"] as? String) == TargetSizeRule.id }
            .compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey] }
        XCTAssertEqual(sarifPrints.count, 12)
        XCTAssertEqual(Set(sarifPrints), fingerprints)
    }

    /// A crawl names its captures by the time: a baseline of the controls
    /// hides them in the next run's captures, and a new control still shows.
    func testABaselineOfCapturesHidesTheirControlsInNewCaptures() throws {
        let folder = try TemporaryFolder()
        try folder.write("first/state_1.json", state())
        try folder.write("first/state_2.json", state(scrolled: 40))
        let baseline = folder.path + "/baseline.json"
        XCTAssertEqual(runCommand(["--scale", "3", "--write-baseline", baseline, folder.path + "/first"]).status, 1)
        let recorded = try folder.read("baseline.json")
        XCTAssertTrue(recorded.contains("\"control\""), recorded)
        XCTAssertFalse(recorded.contains("state_1.json"), "a control's entry names no capture: \(recorded)")
        try folder.write("second/state_9.json", state())
        try folder.write("second/state_10.json", state(menuSize: 96))
        let next = runCommand(["--scale", "3", "--baseline", baseline, "--format", "json", folder.path + "/second"])
        let shown = try json(next.output).filter { ($0["rule"] as? String) == TargetSizeRule.id }
        XCTAssertEqual(shown.map { $0["node"] as? String }, ["menu"], "only the larger menu button, a control not recorded")
        XCTAssertTrue((shown.first?["file"] as? String ?? "").hasSuffix("state_10.json"))

        // A baseline written before controls were (file, rule and node) still hides what it recorded.
        let older = try folder.write("older.json", #"{"version": 1, "tool": "hitlint", "entries": [{"file": "\#(folder.path)/second/state_10.json", "rule": "target-size", "node": "menu", "count": 1}]}"#)
        let withOlder = runCommand(["--scale", "3", "--baseline", older, "--format", "json", folder.path + "/second/state_10.json"])
        XCTAssertFalse(try json(withOlder.output).contains { ($0["node"] as? String) == "menu" }, withOlder.output)
    }

    /// Layout files keep their own fingerprints (file, rule, node, occurrence),
    /// the same in JSON and SARIF for the same path.
    func testLayoutFilesKeepTheirFileFingerprints() throws {
        let folder = try TemporaryFolder()
        let layout = "root:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: play, type: button, frame: [20, 20, 30, 30]}\n"
        let a = try folder.write("a.yaml", layout)
        let b = try folder.write("b.yaml", layout)
        let diagnostics = try json(runCommand(["--format", "json", a, b]).output)
        let prints = diagnostics.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(prints.count, 2)
        XCTAssertEqual(Set(prints).count, 2, "two files, two problems")
        XCTAssertEqual(prints.first, StableHash.hex([a, TargetSizeRule.id, "play", "0"]))
        let text = runCommand([a, b]).output
        XCTAssertFalse(text.contains("the same control"), text)
    }
}
