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

    /// A fix holds its parts in one allocation: each reads back as given
    /// (several edits, replacements of any length and none, non-ASCII
    /// text, read-back insets), and a change to one keeps the others.
    func testAFixReadsBackItsParts() {
        let edits = [TextEdit(span: SourceSpan(start: 40, end: 52), replacement: String(repeating: "é", count: 300)),
                     TextEdit(span: SourceSpan(start: 3, end: 3), replacement: ""),
                     TextEdit(span: SourceSpan(start: 9, end: 11), replacement: ",\n  \"hitInsets\": [-6, -4, -6, -8]")]
        let changes = [HitAreaChange(node: 7, insets: EdgeInsets(top: -6, left: -4, bottom: -6, right: -8),
                                     readBack: WrittenInsets(sides: 0b1010, values: EdgeInsets(top: -6, left: 0, bottom: -6, right: 0))),
                       HitAreaChange(node: 2, insets: .zero),
                       // Read back as its insets (held once), and as insets that differ only in a zero's sign.
                       HitAreaChange(node: 9, insets: EdgeInsets(all: -7.25), readBack: WrittenInsets(sides: 0b1111, values: EdgeInsets(all: -7.25))),
                       HitAreaChange(node: 11, insets: EdgeInsets(top: 0, left: -3, bottom: 0, right: 0),
                                     readBack: WrittenInsets(sides: 0b1111, values: EdgeInsets(top: -0.0, left: -3, bottom: 0, right: 0)))]
        let readTops = Fix(description: "", edits: [], hitAreaChanges: changes).hitAreaChanges.map { $0.readBack?.values.top.bitPattern }
        XCTAssertEqual(readTops, [(-6.0).bitPattern, nil, (-7.25).bitPattern, (-0.0).bitPattern])
        // A fix of one change (most fixes) reads it back alike.
        for change in changes {
            XCTAssertEqual(Fix(description: "", edits: [], hitAreaChanges: [change]).hitAreaChanges, [change])
            XCTAssertEqual(Fix(description: "", edits: [], hitAreaChanges: [change]).hitAreaChanges.first?.readBack?.values.top.bitPattern,
                           change.readBack?.values.top.bitPattern)
        }
        var fix = Fix(description: "grow 'prev' and 'next' → 44 pt", edits: edits, hitAreaChanges: changes)
        XCTAssertEqual(fix.description, "grow 'prev' and 'next' → 44 pt")
        XCTAssertEqual(fix.edits, edits)
        XCTAssertEqual(fix.editCount, 3)
        XCTAssertEqual(fix.hitAreaChanges, changes)
        XCTAssertTrue(fix.hasEdits && fix.changesFile && !fix.hasUnwrittenEdits)
        var spans: [SourceSpan] = []
        fix.forEachEditSpan { spans.append($0) }
        XCTAssertEqual(spans, edits.map(\.span))
        XCTAssertEqual(fix, Fix(description: "grow 'prev' and 'next' → 44 pt", edits: edits, hitAreaChanges: changes))
        XCTAssertNotEqual(fix, Fix(description: "grow 'prev' and 'next' → 44 pt", edits: edits, hitAreaChanges: [changes[0]]))
        XCTAssertNotEqual(fix, Fix(description: "grow 'prev' and 'next' → 44 pt", edits: edits.reversed(), hitAreaChanges: changes))
        fix.description += Fix.byHandNote
        XCTAssertEqual(fix.edits, edits)
        XCTAssertEqual(fix.hitAreaChanges, changes)
        fix.edits[2].replacement = "x"
        XCTAssertEqual(fix.edits.map(\.replacement), [edits[0].replacement, "", "x"])
        XCTAssertEqual(fix.description, "grow 'prev' and 'next' → 44 pt" + Fix.byHandNote)
        XCTAssertFalse(fix.isLeftForNextPass)
        fix.dropEdits()
        XCTAssertEqual(fix.edits, [])
        XCTAssertEqual(fix.hitAreaChanges, [])
        XCTAssertFalse(fix.changesFile)
        XCTAssertEqual(Fix(description: "", edits: []), Fix(description: "", edits: []))
        XCTAssertNotEqual(Fix(description: "", edits: []), .unwritten(changesFile: true))
        XCTAssertEqual(Fix(description: "", edits: []), .unwritten(changesFile: false))
    }

    /// A finding's names are one run of bytes: each reads back as given
    /// (none, an empty name, a name of more than 127 bytes, non-ASCII
    /// names, related names without a node's), written into an arena or
    /// held alone, and a change to one keeps the other.
    func testAFindingsNamesReadBackAsGiven() {
        let long = String(repeating: "ŝ", count: 200)
        let cases: [(String?, [String])] = [(nil, []), ("", []), ("ok", []), (nil, ["a", "b"]), ("", [""]),
                                            (long, ["→next", long, ""]), ("home.feed.item0.like", ["home.feed.item0.share"])]
        var arena = MessageArena()
        for (node, related) in cases {
            for names in [FindingNames(node: node, related: related), FindingNames(node: node, related: related, into: &arena)] {
                XCTAssertEqual(names.node, node)
                XCTAssertEqual(names.related, related)
                XCTAssertEqual(names.hasRelated, !related.isEmpty)
                XCTAssertEqual(names.nodeText?.string, node)
                XCTAssertEqual(names, FindingNames(node: node, related: related))
            }
        }
        XCTAssertNotEqual(FindingNames(node: nil, related: ["a"]), FindingNames(node: "a", related: []))
        XCTAssertNotEqual(FindingNames(node: "", related: []), .none)
        var changed = finding()
        changed.related = ["other", long]
        XCTAssertEqual(changed.node, "ok")
        changed.node = nil
        XCTAssertEqual(changed.related, ["other", long])
        changed.node = "ok"
        changed.related = []
        XCTAssertEqual(changed, finding())
    }

    func testNodeIndexKeepsEveryIndexOfALayout() {
        var changed = finding()
        for index in [nil, 0, 1, Int(Int32.max)] {
            changed.nodeIndex = index
            XCTAssertEqual(changed.nodeIndex, index)
        }
        XCTAssertNil(Diagnostic(rule: "r", severity: .info, message: "m", span: SourceSpan(start: 0, end: 0)).nodeIndex)
    }

    /// Messages written into an arena read back whole, past the end of a
    /// block and for one longer than a block shares, and equal the same
    /// text made as a string.
    func testMessagesWrittenIntoAnArenaAreTheirText() {
        var arena = MessageArena()
        var texts: [String] = []
        var messages: [MessageText] = []
        for index in 0..<3_000 {
            let text = index == 1_500 ? String(repeating: "é", count: 20_000) : "'item\(index)' is reachable on 30×\(index) pt"
            texts.append(text)
            messages.append(arena.write { $0.append(text) })
        }
        XCTAssertEqual(messages.map(\.string), texts)
        XCTAssertEqual(messages[7], MessageText(texts[7]))
        XCTAssertEqual(Set([messages[7], MessageText(texts[7])]).count, 1)
        XCTAssertNotEqual(messages[7], messages[8])
        XCTAssertTrue(arena.write { _ in }.isEmpty)
        XCTAssertEqual(MessageText(""), .empty)
        var finding = finding()
        finding.messageText = messages[1_500]
        XCTAssertEqual(finding.message, texts[1_500])
        finding.message = "changed"
        XCTAssertEqual(finding.messageText.string, "changed")
    }
}
