import XCTest
@testable import HitLintKit

/// What a finding carries is decided by who reads it (`RunSettings`), never
/// what the rules find.
final class RunSettingsTests: XCTestCase {
    /// Two buttons 6 pt apart (a dead gap, which names the neighbour) and a
    /// small one (target-size).
    private let screen = Layouts.gap + "    - {id: play, type: button, frame: [10, 100, 30, 30]}\n"

    private func lint(keepingNames: Bool) throws -> LintResult {
        var options = LintOptions()
        options.run.keepsNames = keepingNames
        options.run.writesFixes = false
        return Linter(options: options).lint(document: try SourceFormat.yaml.parse(SourceText(screen)), path: "screen.yaml")
    }

    func testFindingsWithoutNamesSayAndReportTheSame() throws {
        let named = try lint(keepingNames: true)
        let unnamed = try lint(keepingNames: false)
        XCTAssertEqual(Set(named.diagnostics.map(\.rule)), ["dead-gap", "target-size"])
        // The names are there to be left out: the node's, and the neighbour's.
        XCTAssertTrue(named.diagnostics.allSatisfy { $0.node != nil })
        XCTAssertTrue(named.diagnostics.contains { !$0.related.isEmpty })
        XCTAssertTrue(unnamed.diagnostics.allSatisfy { $0.node == nil && $0.related.isEmpty })
        // Everything else is as found, and the reports that read no names are the same.
        func found(_ result: LintResult) -> [String] {
            result.diagnostics.map { "\($0.rule) \($0.span) \($0.nodeIndex ?? -1) \($0.relatedNodes) \($0.message)" }
        }
        XCTAssertEqual(found(unnamed), found(named))
        XCTAssertEqual(TextReporter().report([unnamed]), TextReporter().report([named]))
        XCTAssertEqual(JUnitReporter().report([unnamed]), JUnitReporter().report([named]))
    }

    /// The command keeps names wherever something reads them: a text report
    /// that writes a baseline records each finding's node.
    func testATextRunThatWritesABaselineKeepsNames() throws {
        let folder = try TemporaryFolder()
        try folder.write("screen.yaml", screen)
        _ = runCommand(["--format", "text", "--write-baseline", "baseline.json", "screen.yaml"], in: folder.path)
        let baseline = try folder.read("baseline.json")
        for node in ["\"node\": \"a\"", "\"node\": \"play\""] { XCTAssertTrue(baseline.contains(node), baseline) }
    }
}
