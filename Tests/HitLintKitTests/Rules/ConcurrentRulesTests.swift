import XCTest
@testable import HitLintKit

/// A large layout's rules run side by side (`Linter.runRules`); the report must
/// be the one the rules give one after another.
final class ConcurrentRulesTests: XCTestCase {
    /// Rows where most geometry rules fire: a small button with an expanded hit
    /// area its clipping row cuts, a button whose expanded hit area overlaps its
    /// neighbour, a dead gap between two small buttons, a transparent overlay, a
    /// disabled button.
    static func layout(rows: Int) -> [UInt8] {
        var out = #"{"platform": "uikit", "root": {"id": "screen", "frame": [0, 0, 390, \#(rows * 60)], "children": ["#
        for row in 0..<rows {
            out += row == 0 ? "" : ","
            out += #"{"id": "row\#(row)", "frame": [0, \#(row * 60), 390, 60], "clipsToBounds": true, "children": ["#
            out += #"{"id": "small\#(row)", "type": "button", "frame": [4, 2, 30, 30], "hitInsets": -10},"#
            out += #"{"id": "a\#(row)", "type": "button", "frame": [60, 8, 44, 44], "hitInsets": -10},"#
            out += #"{"id": "b\#(row)", "type": "button", "frame": [110, 8, 44, 44]},"#
            out += #"{"id": "c\#(row)", "type": "button", "frame": [160, 8, 30, 44]},"#
            out += #"{"id": "d\#(row)", "type": "button", "frame": [196, 8, 30, 44]},"#
            out += #"{"id": "off\#(row)", "type": "button", "frame": [260, 8, 44, 44], "userInteractionEnabled": false},"#
            out += #"{"id": "overlay\#(row)", "type": "view", "frame": [250, 0, 140, 60], "userInteractionEnabled": true}"#
            out += "]}"
        }
        return Array((out + "]}}").utf8)
    }

    func testRulesSideBySideReportWhatTheyReportInTurn() {
        let rows = RuleContext.concurrentMinimumNodes / 8 + 10
        let source = SourceText(bytes: Self.layout(rows: rows))
        var serial = LintOptions()
        serial.run.jobs = 1
        serial.rules.severities["excessive-hit-expansion"] = .warning
        var concurrent = serial
        concurrent.run.jobs = 4
        let one = Linter(options: serial).lint(source: source, format: .json, path: "big.json")
        let many = Linter(options: concurrent).lint(source: source, format: .json, path: "big.json")
        XCTAssertGreaterThanOrEqual(one.nodeCount, RuleContext.concurrentMinimumNodes, "the layout takes the concurrent path")
        let rules = Set(one.diagnostics.map(\.rule))
        XCTAssertGreaterThanOrEqual(rules.count, 5, "most rules fire: \(rules.sorted())")
        XCTAssertEqual(one.diagnostics.count, many.diagnostics.count)
        XCTAssertEqual(JSONReporter().report([one]), JSONReporter().report([many]))
    }

    /// Target-size checks its targets in parts side by side (`PartedRule`);
    /// what needs every part is found once they are done: under WCAG's spacing
    /// exception, whether an undersized target is exempt depends on its
    /// neighbours in other parts, and one note counts the targets partly
    /// scrolled out in every part.
    func testTargetSizeInPartsJoinsWhatNeedsEveryPart() throws {
        let rows = RuleContext.concurrentMinimumNodes / 6 + 10
        var out = #"{"platform": "web", "root": {"id": "page", "frame": [0, 0, 390, \#(rows * 60)], "children": ["#
        for row in 0..<rows {
            out += row == 0 ? "" : ","
            out += #"{"id": "row\#(row)", "frame": [0, \#(row * 60), 390, 60], "children": ["#
            // Two undersized links whose circles meet, and one alone.
            out += #"{"id": "near\#(row)a", "type": "link", "frame": [10, 20, 16, 16]},"#
            out += #"{"id": "near\#(row)b", "type": "link", "frame": [30, 20, 16, 16]},"#
            out += #"{"id": "alone\#(row)", "type": "link", "frame": [200, 20, 16, 16]},"#
            out += #"{"id": "scroller\#(row)", "scrollable": true, "frame": [300, 10, 80, 40], "children": ["#
            out += #"{"id": "hanging\#(row)", "type": "link", "frame": [70, 10, 20, 20]}]}"#
            out += "]}"
        }
        let source = SourceText(bytes: Array((out + "]}}").utf8))
        var serial = LintOptions()
        serial.run.jobs = 1
        serial.rules.profile = Profile.named("wcag-aa")
        var concurrent = serial
        concurrent.run.jobs = 4
        let one = Linter(options: serial).lint(source: source, format: .json, path: "big.json")
        let many = Linter(options: concurrent).lint(source: source, format: .json, path: "big.json")
        XCTAssertGreaterThanOrEqual(one.nodeCount, RuleContext.concurrentMinimumNodes, "the layout takes the concurrent path")
        let sized = many.diagnostics.filter { $0.rule == TargetSizeRule.id && $0.severity != .info }
        let reported = Set(sized.compactMap(\.node))
        XCTAssertEqual(reported.count, 2 * rows, "the links whose circles meet are reported")
        XCTAssertTrue(reported.allSatisfy { $0.hasPrefix("near") }, "the one alone is exempt")
        let note = try XCTUnwrap(many.diagnostics.first { $0.rule == TargetSizeRule.id && $0.severity == .info })
        XCTAssertEqual(note.uncheckedTargets, rows, "one note counts the targets scrolled out in every part")
        XCTAssertEqual(note.node, "hanging0", "and names the first")
        XCTAssertEqual(JSONReporter().report([one]), JSONReporter().report([many]))
    }

    /// Target regions worked out in several runs at once are the ones worked out in turn.
    func testTargetRegionsInRunsMatchOneRun() throws {
        let document = try JSONParser.parse(SourceText(bytes: Self.layout(rows: 1_000)))
        let geometry = Geometry(layout: LayoutBuilder.build(document).layout)
        let one = geometry.targetRegions()
        XCTAssertGreaterThan(one.count, 3 * 1_024, "enough targets for three runs")
        for jobs in [2, 3] {
            let runs = geometry.targetRegions(jobs: jobs)
            XCTAssertEqual(runs.map(\.target), one.map(\.target))
            XCTAssertEqual(runs.map(\.reachableArea), one.map(\.reachableArea))
            XCTAssertEqual(runs.map(\.domainArea), one.map(\.domainArea))
            XCTAssertEqual(runs.map { $0.losses.map(\.taker) }, one.map { $0.losses.map(\.taker) })
            XCTAssertEqual(runs.map { $0.reachable.pieces }, one.map { $0.reachable.pieces })
        }
        XCTAssertTrue(one.contains { !$0.losses.isEmpty }, "some targets lose area")
    }
}
