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
