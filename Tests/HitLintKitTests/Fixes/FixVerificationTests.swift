import XCTest
@testable import HitLintKit

/// Fix verification checks fixes in runs, and checks a run that fails again
/// without the fixes it suspects, or in halves when it suspects none. These
/// tests drive it with a stand-in lint over a toy "file" of letters, so what a
/// fix does, and how many lints were spent, is known exactly:
/// - every `a` is a problem ("small" at node n<offset>), fixed by writing `b`;
/// - a `c` is a new problem ("new" at node n<offset>) that was not there before;
/// - anything else is fine.
final class FixVerificationTests: XCTestCase {
    private func lint(_ bytes: [UInt8]) -> [Diagnostic] {
        bytes.indices.compactMap { offset in
            let span = SourceSpan(start: offset, end: offset + 1)
            switch bytes[offset] {
            case UInt8(ascii: "a"):
                return Diagnostic(rule: "small", severity: .error, message: "", span: span, node: "n\(offset)",
                                  fix: Fix(description: "write b", edits: [TextEdit(span: span, replacement: "b")]))
            case UInt8(ascii: "c"):
                return Diagnostic(rule: "new", severity: .error, message: "", span: span, node: "n\(offset)")
            default:
                return nil
            }
        }
    }

    /// Verifies the lint of `text` with its fixes replaced by `replacements`
    /// (offset → text), counting the lints spent.
    private func verify(_ text: String, replacing replacements: [Int: String] = [:],
                        budget: (bytes: Int, lints: Int)? = nil) -> (diagnostics: [Diagnostic], lints: Int) {
        let bytes = Array(text.utf8)
        var diagnostics = lint(bytes)
        for index in diagnostics.indices {
            if let replacement = replacements[diagnostics[index].span.start] {
                diagnostics[index].fix!.edits[0].replacement = replacement
            }
        }
        var lints = 0
        var result = diagnostics
        FixChecking.verify(&result, of: SourceBytes(bytes), budget: budget) { bytes in
            lints += 1
            return self.lint(bytes)
        }
        return (result, lints)
    }

    private func kept(_ diagnostics: [Diagnostic]) -> [Int] {
        diagnostics.filter { !($0.fix?.edits.isEmpty ?? true) }.map(\.span.start)
    }

    func testGoodFixesAreCheckedTogetherInOneLint() {
        let text = String(repeating: "a-", count: 40)
        let (diagnostics, lints) = verify(text)
        XCTAssertEqual(kept(diagnostics), Array(stride(from: 0, to: 80, by: 2)))
        XCTAssertEqual(lints, 1)
        XCTAssertTrue(diagnostics.allSatisfy { $0.fix?.description == "write b" })
    }

    func testABadFixAmongManyIsFoundAloneAndTheOthersKeepTheirEdits() {
        let text = String(repeating: "a-", count: 40)
        let (diagnostics, lints) = verify(text, replacing: [26: "c"])
        XCTAssertEqual(kept(diagnostics), Array(stride(from: 0, to: 80, by: 2)).filter { $0 != 26 })
        let bad = diagnostics.first { $0.span.start == 26 }!
        XCTAssertEqual(bad.fix?.edits, [])
        XCTAssertEqual(bad.fix?.description, "write b (to do by hand: applied alone it makes another problem appear)")
        // One lint of all; then, as the new problem is on the bad fix's own
        // node, one of the others without it and one of it alone (halving
        // down to it took two lints per level: 40 → 1, 6 levels).
        XCTAssertEqual(lints, 3)
    }

    func testTwoBadFixesAmongManyAreSetApartAndThenHalved() {
        let text = String(repeating: "a-", count: 40)
        let (diagnostics, lints) = verify(text, replacing: [10: "c", 50: "a"])
        XCTAssertEqual(kept(diagnostics), Array(stride(from: 0, to: 80, by: 2)).filter { $0 != 10 && $0 != 50 })
        XCTAssertEqual(diagnostics.first { $0.span.start == 10 }?.fix?.description,
                       "write b (to do by hand: applied alone it makes another problem appear)")
        XCTAssertEqual(diagnostics.first { $0.span.start == 50 }?.fix?.description,
                       "write b (to do by hand: applied alone it does not resolve this)")
        // All; the 38 others; the two suspects together; each alone.
        XCTAssertEqual(lints, 5)
    }

    /// Eight fixes that reach one node together (one group), checked on a
    /// stand-in for the built layout: fix `culprit` makes a "new" problem
    /// appear on node 9, which no fix is on. When only the culprit's reach
    /// holds node 9, it alone is suspected, and the seven others are kept
    /// after one more lint; when no reach holds it, the group is halved down
    /// to the culprit.
    func testAProblemThatRisesWhereOnlyOneFixReachesIsLaidAtThatFix() {
        for (culprit, culpritReaches) in [(5, true), (5, false), (0, true)] {
            let affected: [[Int32]?] = (0..<8).map { $0 == culprit && culpritReaches ? [Int32($0), 8, 9] : [Int32($0), 8] }
            let (checked, lints) = checkOnBuilt(fixes: 8, nodes: 10, affected: affected) { fixed in
                fixed.contains(culprit) ? [("new", 9)] : []
            }
            let label = "culprit \(culprit), reaching the new problem: \(culpritReaches)"
            XCTAssertEqual(checked.indices.filter { !(checked[$0].fix?.edits.isEmpty ?? true) }, (0..<8).filter { $0 != culprit }, label)
            XCTAssertEqual(checked[culprit].fix?.description,
                           "grow v\(culprit) (to do by hand: applied alone it makes another problem appear)", label)
            if culpritReaches {
                XCTAssertEqual(lints, 3, label)
            } else {
                // All; each half; then halves of the half that fails, down to the culprit.
                XCTAssertEqual(lints, 7, label)
            }
        }
    }

    func testAFixThatChangesNothingDoesNotResolve() {
        let (diagnostics, _) = verify("a-a-a-a-", replacing: [4: "a"])
        XCTAssertEqual(kept(diagnostics), [0, 2, 6])
        XCTAssertEqual(diagnostics[2].fix?.description, "write b (to do by hand: applied alone it does not resolve this)")
    }

    /// Three fixes that reach one another, checked on a stand-in for the
    /// built layout: the gates fixes 0 and 1 grow overlap, and together they
    /// make an "overlap" problem appear on node 1. Told where the fixes grow
    /// gates, the checker keeps fix 1 out of the first run: two lints that
    /// pass. Not told, the run of all three fails first.
    func testFixesWhoseGrownGatesOverlapAreNotCheckedTogether() {
        let affected: [[Int32]?] = [[0, 1], [0, 1, 2], [1, 2]]
        let grown = FixReach.GrownGates([[(0, Rect(x: 0, y: 0, width: 10, height: 10))],
                                         [(1, Rect(x: 8, y: 0, width: 10, height: 10))],
                                         [(2, Rect(x: 20, y: 0, width: 10, height: 10))]])
        for told in [true, false] {
            let (checked, lints) = checkOnBuilt(fixes: 3, nodes: 3, affected: affected, grown: told ? grown : nil) { fixed in
                fixed.contains(0) && fixed.contains(1) ? [("overlap", 1)] : []
            }
            XCTAssertEqual(checked.map { $0.fix?.edits.count }, [1, 1, 1], "told: \(told)")
            XCTAssertEqual(lints, told ? 2 : 3, "told: \(told)")
        }
    }

    /// Checks fixes of a "small" problem on nodes 0..<fixes (named v0, v1, …,
    /// each fix giving its node hit insets) on a stand-in for the built
    /// layout, of `nodes` nodes: a lint finds the problems of the nodes no
    /// applied fix is on, and the problems `appearing` names (rule, node)
    /// for the nodes the applied fixes are on. Counts the lints.
    private func checkOnBuilt(fixes: Int, nodes: Int, affected: [[Int32]?], grown: FixReach.GrownGates? = nil,
                              appearing: @escaping (Set<Int>) -> [(rule: String, node: Int)]) -> (checked: [Diagnostic], lints: Int) {
        let names = (0..<nodes).map { "v\($0)" }
        func finding(_ rule: String, _ node: Int) -> Diagnostic {
            // A byte apart: edits that touch are not applied together.
            Diagnostic(rule: rule, severity: .error, message: "", span: SourceSpan(start: 2 * node, end: 2 * node + 1),
                       node: names[node], nodeIndex: node)
        }
        let original = (0..<fixes).map { node in
            var diagnostic = finding("small", node)
            var fix = Fix(description: "grow \(names[node])", edits: [TextEdit(span: diagnostic.span, replacement: "b")])
            fix.hitAreaChanges = [HitAreaChange(node: node, insets: .zero, readBack: WrittenInsets(sides: 0b1111, values: .zero))]
            diagnostic.fix = fix
            return diagnostic
        }
        var lints = 0
        let lint = BuiltLint(nodeName: { names[Int($0)] }) { linted, _ in
            lints += 1
            let fixed = Set(linted.flatMap(\.hitAreaChanges).map { Int($0.node) })
            return (0..<fixes).filter { !fixed.contains($0) }.map { finding("small", $0) }
                + appearing(fixed).map { finding($0.rule, $0.node) }
        }
        var checked = original
        FixChecking.verify(&checked, of: SourceBytes(Array(String(repeating: "a-", count: nodes).utf8)), affected: FixReach.NodeLists(affected),
                           grown: grown, lintBuilt: lint) { _ in
            XCTFail("checked on the built layout")
            return []
        }
        return (checked, lints)
    }

    func testFixesWhoseEditsConflictAreEachCheckedAgainstTheOriginal() {
        // Two diagnostics at the same byte with fixes to the same span: applied
        // together they would conflict, so each is checked on its own.
        let bytes = Array("a-a".utf8)
        var diagnostics = lint(bytes)
        var twin = diagnostics[0]
        twin.rule = "small-twin"
        twin.fix!.edits[0].replacement = "B"
        diagnostics.insert(twin, at: 1)
        var lints = 0
        var result = diagnostics
        FixChecking.verify(&result, of: SourceBytes(bytes)) { lints += 1; return self.lint($0) }
        // The first run takes the first and third fixes; the twin waits for a run
        // of its own, applied to the original bytes. All three resolve theirs.
        XCTAssertEqual(result.map { $0.fix?.edits.isEmpty }, [false, false, false])
        XCTAssertEqual(lints, 2)
    }

    func testFixesPastTheBudgetAreLeftForTheNextPass() {
        let text = String(repeating: "a-", count: 8)
        // One lint allowed: the run of all fails (a bad fix), nothing more can be checked.
        let (diagnostics, lints) = verify(text, replacing: [0: "c"], budget: (bytes: 1 << 20, lints: 1))
        XCTAssertEqual(lints, 1)
        XCTAssertEqual(kept(diagnostics), [])
        XCTAssertTrue(diagnostics.allSatisfy {
            $0.fix?.description == "write b (not checked in this pass: too many fixes in one file; run --fix again)"
        })
    }

    /// A lint on the built layout may leave a finding's node unnamed
    /// (`RunSettings.namesNodes`); problems are counted by name, so the
    /// checker names it from the layout. Nodes 2 and 3 share the id "dup":
    /// node 0's fix resolves its problem and moves the "new" problem from
    /// node 2 to node 3, which by name is nothing new.
    func testAFindingLeftUnnamedIsCountedUnderItsNodesName() {
        func finding(_ rule: String, _ node: Int, _ name: String?) -> Diagnostic {
            Diagnostic(rule: rule, severity: .error, message: "", span: SourceSpan(start: node, end: node + 1), node: name, nodeIndex: node)
        }
        let names = ["a", "b", "dup", "dup"]
        var small = finding("small", 0, "a")
        var fix = Fix(description: "grow a", edits: [TextEdit(span: SourceSpan(start: 0, end: 1), replacement: "b")])
        fix.hitAreaChanges = [HitAreaChange(node: 0, insets: .zero, readBack: WrittenInsets(sides: 0b1111, values: .zero))]
        small.fix = fix
        let original = [small, finding("new", 2, "dup")]
        for namesNodes in [true, false] {
            let lint = BuiltLint(nodeName: { names[Int($0)] }) { linted, _ in
                XCTAssertEqual(linted.flatMap(\.hitAreaChanges).map(\.node), [0])
                return [finding("new", 3, namesNodes ? "dup" : nil)]
            }
            var checked = original
            FixChecking.verify(&checked, of: SourceBytes(Array("abcd".utf8)), affected: FixReach.NodeLists([[0, 2, 3], nil]), lintBuilt: lint) { _ in
                XCTFail("checked on the built layout")
                return []
            }
            XCTAssertEqual(checked[0].fix?.edits.count, 1, "names nodes: \(namesNodes)")
            XCTAssertEqual(checked[0].fix?.description, "grow a", "names nodes: \(namesNodes)")
        }
    }

    func testEditsAreWrittenInOnePassWithLaterListedInsertionsFirst() {
        func edit(_ start: Int, _ end: Int, _ text: String) -> TextEdit {
            TextEdit(span: SourceSpan(start: start, end: end), replacement: text)
        }
        let bytes = Array("abcdef".utf8)
        // An insertion at the start of a replacement goes before it; of two
        // insertions at one point the later-listed comes first.
        let edits = [edit(1, 3, "X"), edit(1, 1, "I"), edit(4, 4, "P"), edit(4, 4, "Q"), edit(6, 6, "!")]
        XCTAssertEqual(String(decoding: Fixer.applying(edits, to: bytes), as: UTF8.self), "aIXdQPef!")
        XCTAssertEqual(Fixer.applying([], to: bytes), bytes)
    }

    func testManyFixesAreAppliedWithoutQuadraticWork() {
        // 20,000 fixes, one per byte pair: the conflict check is a binary search
        // and the bytes are written once, so this is quick; the result is exact.
        let text = String(repeating: "a-", count: 20_000)
        let bytes = Array(text.utf8)
        let application = Fixer.apply(lint(bytes).reversed(), to: bytes)
        XCTAssertEqual(application.applied.count, 20_000)
        XCTAssertEqual(String(decoding: application.bytes, as: UTF8.self), String(repeating: "b-", count: 20_000))
    }

    /// The extra lints of fix checking run without words (no messages, related
    /// nodes or fixes): they must find exactly the problems a full lint finds,
    /// since verdicts count problems by rule and node. Checked on every example.
    func testLintWithoutWordsFindsTheSameProblems() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Examples")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { ($0.hasSuffix(".json") || $0.hasSuffix(".yaml")) && !$0.hasPrefix(".") }
            .sorted()
        XCTAssertGreaterThan(files.count, 10)
        var compared = 0
        for file in files {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(file)))
            let format: SourceFormat = file.hasSuffix(".json") ? .json : .yaml
            var options = LintOptions()
            let full = Linter(options: options).lint(source: SourceText(bytes: bytes), format: format, path: file).diagnostics
            options.run.describesDiagnostics = false
            let terse = Linter(options: options).lint(source: SourceText(bytes: bytes), format: format, path: file).diagnostics
            func problems(_ diagnostics: [Diagnostic]) -> [String] {
                diagnostics.map { "\($0.rule) \($0.node ?? "-") \($0.span.start)-\($0.span.end)" }.sorted()
            }
            XCTAssertEqual(problems(terse), problems(full), file)
            XCTAssertEqual(Fixer.counts(terse), Fixer.counts(full), file)
            // The geometry rules' words are skipped; what the layout reader says stays (it is cheap and rare).
            let geometryRules = Set(RuleRegistry.geometryRules.map { type(of: $0).description.id })
            for diagnostic in terse where geometryRules.contains(diagnostic.rule) {
                XCTAssertEqual(diagnostic.message, "", "\(file): \(diagnostic.rule)")
                XCTAssertNil(diagnostic.fix, "\(file): \(diagnostic.rule)")
            }
            compared += full.count
        }
        XCTAssertGreaterThan(compared, 15, "the examples have problems to compare")
    }
}
