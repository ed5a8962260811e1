import XCTest
@testable import HitLintKit

/// A finding holds its fix and its rare parts by reference: it must still
/// behave as a value, equal and hashed by what it says however it was made.
final class DiagnosticValueTests: XCTestCase {
    private func finding(fix: Fix? = nil) -> Diagnostic {
        Diagnostic(rule: "target-size", severity: .error, message: "'ok' is reachable on 30×30 pt",
                   span: SourceSpan(start: 4, end: 9), node: "ok", nodeIndex: 3, fix: fix)
    }

    private var growing: Fix {
        var fix = Fix(description: "grow 'ok' to 44×44 pt: hitInsets -7",
                      edits: [TextEdit(span: SourceSpan(start: 9, end: 9), replacement: ", hitInsets: -7")])
        fix.hitAreaChanges = [HitAreaChange(node: 3, insets: EdgeInsets(top: -7, left: -7, bottom: -7, right: -7))]
        return fix
    }

    func testPartsSetAndClearedCompareAsNeverSet() {
        var changed = finding()
        changed.control = "app/window/ok 30x30"
        changed.uncheckedTargets = 2
        XCTAssertNotEqual(changed, finding())
        XCTAssertEqual(changed.control, "app/window/ok 30x30")
        XCTAssertEqual(changed.uncheckedTargets, 2)
        changed.control = nil
        XCTAssertEqual(changed.uncheckedTargets, 2, "one part set apart from the other")
        changed.uncheckedTargets = 0
        XCTAssertEqual(changed, finding())
        XCTAssertEqual(Set([changed, finding()]).count, 1)
    }

    func testFixesCompareByWhatTheySay() {
        XCTAssertEqual(finding(fix: growing), finding(fix: growing))
        XCTAssertEqual(Set([finding(fix: growing), finding(fix: growing)]).count, 1)
        XCTAssertNotEqual(finding(fix: growing), finding())
        var other = growing
        other.edits[0].replacement = ", hitInsets: -8"
        XCTAssertNotEqual(finding(fix: growing), finding(fix: other))
        XCTAssertNotEqual(finding(fix: .unwritten(changesFile: true)), finding(fix: .unwritten(changesFile: false)))
        XCTAssertEqual(finding(fix: .unwritten(changesFile: true)).fix?.changesFile, true)
        XCTAssertEqual(finding(fix: .unwritten(changesFile: false)).fix?.changesFile, false)
    }

    func testAChangedCopyLeavesTheOriginal() {
        let original = finding(fix: growing)
        var copy = original
        copy.fix!.description += Fix.notCheckedNote
        copy.fix!.dropEdits()
        XCTAssertEqual(original.fix, growing)
        XCTAssertEqual(copy.fix?.edits, [])
        XCTAssertTrue(copy.fix!.isLeftForNextPass)
        copy.fix = nil
        XCTAssertNil(copy.fix)
        XCTAssertNotNil(original.fix)
    }

    func testNodeIndexKeepsEveryIndexOfALayout() {
        var changed = finding()
        for index in [nil, 0, 1, Int(Int32.max)] {
            changed.nodeIndex = index
            XCTAssertEqual(changed.nodeIndex, index)
        }
        XCTAssertNil(Diagnostic(rule: "r", severity: .info, message: "m", span: SourceSpan(start: 0, end: 0)).nodeIndex)
    }
}
