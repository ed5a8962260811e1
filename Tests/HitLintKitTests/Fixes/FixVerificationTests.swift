import XCTest
@testable import HitLintKit

/// Fix verification checks fixes in runs and halves the runs that fail. These
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
        // One lint of all, then two per level of halving down to the culprit (40 → 1: 6 levels).
        XCTAssertLessThanOrEqual(lints, 1 + 2 * 6)
        XCTAssertGreaterThan(lints, 1)
    }

    func testAFixThatChangesNothingDoesNotResolve() {
        let (diagnostics, _) = verify("a-a-a-a-", replacing: [4: "a"])
        XCTAssertEqual(kept(diagnostics), [0, 2, 6])
        XCTAssertEqual(diagnostics[2].fix?.description, "write b (to do by hand: applied alone it does not resolve this)")
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
            let lint = BuiltLint(nodeName: { names[Int($0)] }) { changes, _ in
                XCTAssertEqual(changes.map(\.node), [0])
                return [finding("new", 3, namesNodes ? "dup" : nil)]
            }
            var checked = original
            FixChecking.verify(&checked, of: SourceBytes(Array("abcd".utf8)), affected: [[0, 2, 3], nil], lintBuilt: lint) { _ in
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
