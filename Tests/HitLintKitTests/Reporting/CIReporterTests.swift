import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import HitLintKit

/// The CI formats (SPEC §7.2): golden files for `sarif`, `github` and `junit` on
/// Fixtures/ci, then the escaping rules, fingerprints and fixes one by one.
/// After an intended change: `make generate`.
final class CIReporterTests: XCTestCase {
    private static let fixtures = "Tests/HitLintKitTests/Fixtures/ci"

    /// A run on the fixtures from the package root, as CI would run it.
    private func runOnFixtures(_ format: String) -> (status: Int32, output: String, error: String) {
        runCommand(["--format", format, Self.fixtures], in: TestSupport.packageRoot.path)
    }

    func testSARIFGoldenFile() throws {
        let result = runOnFixtures("sarif")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "")
        try assertMatchesGoldenFile(result.output, "ci-output.sarif")
    }

    func testGitHubGoldenFileAndTextReportOnStandardError() throws {
        let result = runOnFixtures("github")
        XCTAssertEqual(result.status, 1)
        try assertMatchesGoldenFile(result.output, "ci-output.github.txt")
        XCTAssertEqual(result.error, runOnFixtures("text").output, "the whole text report goes to the log")
    }

    func testJUnitGoldenFile() throws {
        let result = runOnFixtures("junit")
        XCTAssertEqual(result.status, 1)
        try assertMatchesGoldenFile(result.output, "ci-output.junit.xml")
    }

    /// A JUnit report shows nothing of fixes, so a run that writes one checks
    /// none (`LintCommand`): the report must be the same whether the fixes were
    /// written and checked or neither.
    func testJUnitReportIsTheSameWhetherFixesAreCheckedOrNot() throws {
        let root = TestSupport.packageRoot.appendingPathComponent("Examples")
        var checked = LintOptions()
        checked.fixChecking = .checked
        checked.run.writesFixes = true
        var unchecked = LintOptions()
        unchecked.fixChecking = .unchecked
        unchecked.run.writesFixes = false
        var (withEdits, withoutEdits) = (0, 0)
        for name in ["clipped-target.yaml", "dead-gap.yaml", "icon-slop.json", "layout-problems.yaml", "overlap.yaml", "toolbar-stack.yaml"] {
            let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: root.appendingPathComponent(name).path)))
            let format = try XCTUnwrap(SourceFormat(path: name))
            let fixed = Linter(options: checked).lint(source: SourceText(bytes: bytes), format: format, path: name)
            let counted = Linter(options: unchecked).lint(source: SourceText(bytes: bytes), format: format, path: name)
            withEdits += fixed.diagnostics.filter { !($0.fix?.edits.isEmpty ?? true) }.count
            withoutEdits += counted.diagnostics.filter { !($0.fix?.edits.isEmpty ?? true) }.count
            XCTAssertEqual(String(decoding: JUnitReporter().reportBytes([fixed]), as: UTF8.self),
                           String(decoding: JUnitReporter().reportBytes([counted]), as: UTF8.self), name)
        }
        // Most of the examples' fixes have edits only when they are written.
        XCTAssertGreaterThan(withEdits, withoutEdits + 5)
    }

    // MARK: - github

    func testWorkflowCommandEscaping() {
        XCTAssertEqual(OutputEscaping.workflowMessage("100% done\r\nnext: a, b"), "100%25 done%0D%0Anext: a, b")
        XCTAssertEqual(OutputEscaping.workflowProperty("a,b:c%\n"), "a%2Cb%3Ac%25%0A")
        XCTAssertEqual(OutputEscaping.workflowMessage("%0A"), "%250A", "an escape in the text is not taken for one")
        XCTAssertEqual(OutputEscaping.workflowMessage("a\u{1B}[2J\u{7}\u{85}\u{202E}b"), "a\\u{1B}[2J\\u{7}\\u{85}\\u{202E}b",
                       "what the runner has no escape for is shown as the text report shows it")
    }

    func testGitHubSeveritiesAndPropertyEscapingInPaths() throws {
        let folder = try TemporaryFolder()
        try folder.write("odd, name: 1.yaml", """
        root:
          id: s
          frame: [0, 0, 390, 844]
          children:
            - {id: play, type: button, frame: [10, 10, 30, 30]}
            - {id: bc, type: stack, axis: horizontal, spacing: 6, frame: [100, 10, 94, 44], children: [{id: b, type: button, size: [44, 44]}, {id: c, type: button, size: [44, 44]}]}
            - {id: d, type: button, frame: [300, 10, 44, 44], ignore: [occluded-target]}

        """)
        let result = runCommand(["--format", "github", folder.path], in: folder.path)
        XCTAssertEqual(result.output, """
        ::error file=odd%2C name%3A 1.yaml,line=5,col=39,endLine=5,endColumn=55,title=target-size::'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios)
        ::warning file=odd%2C name%3A 1.yaml,line=6,col=124,endLine=6,endColumn=132,title=dead-gap::'b' and 'c' are 6 pt apart and nothing answers between them: a tap there is lost — widen their facing hitInsets by -3 each
        ::notice file=odd%2C name%3A 1.yaml,line=7,col=64,endLine=7,endColumn=79,title=unused-ignore::'ignore: occluded-target' suppresses nothing here; remove it

        """)
    }

    // MARK: - junit

    func testJUnitIsWellFormedXMLWithOneCasePerFileAndOneFailurePerError() throws {
        let result = runOnFixtures("junit")
        let delegate = JUnitCollector()
        let parser = XMLParser(data: Data(result.output.utf8))
        parser.delegate = delegate
        XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(delegate.elements.filter { $0 == "testsuite" }.count, 1)
        XCTAssertEqual(delegate.cases, ["\(Self.fixtures)/broken.json", "\(Self.fixtures)/clean.json", "\(Self.fixtures)/toolbar.yaml"])
        let errors = runOnFixtures("json").output.components(separatedBy: "\"severity\": \"error\"").count - 1
        XCTAssertEqual(delegate.failureMessages.count, errors)
        XCTAssertTrue(delegate.failureMessages.contains("'<b>&\"q\"' is reachable on 30×44 pt; minimum is 44×44 pt (ios)"), "\(delegate.failureMessages)")
    }

    func testXMLEscaping() {
        XCTAssertEqual(JUnitReporter.escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
        XCTAssertEqual(JUnitReporter.escape("a\nb\tc\rd"), "a&#10;b&#9;c&#13;d")
        XCTAssertEqual(JUnitReporter.escape("nul\u{0}bell\u{7}\u{FFFE}ok é 😀"), "nul\u{FFFD}bell\u{FFFD}\u{FFFD}ok é 😀")
    }

    // MARK: - sarif

    private func sarif(_ results: [LintResult], currentDirectory: String = "/p") throws -> [String: Any] {
        let text = SARIFReporter(currentDirectory: currentDirectory).report(results)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func results(of log: [String: Any]) -> [[String: Any]] {
        ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    }

    func testFingerprintsSurviveLineShiftsAndTellOccurrencesApart() throws {
        let text = "root: {id: screen, frame: [0, 0, 390, 844], ignore: [target-size, dead-gap]}\n"
        let before = Linter().lint(source: SourceText(text), format: .yaml, path: "/p/Layouts/a.yaml")
        let after = Linter().lint(source: SourceText("# moved\n\n" + text), format: .yaml, path: "/p/Layouts/a.yaml")
        let first = results(of: try sarif([before]))
        let second = results(of: try sarif([after]))
        XCTAssertEqual(first.count, 2, "two unused ignores on one node")
        func fingerprints(_ items: [[String: Any]]) -> [String] {
            items.compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey] }
        }
        func lines(_ items: [[String: Any]]) -> [Int] {
            items.compactMap { ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int }
        }
        XCTAssertEqual(fingerprints(first), fingerprints(second))
        XCTAssertEqual(lines(first).map { $0 + 2 }, lines(second))
        XCTAssertEqual(Set(fingerprints(first)).count, 2, "same file, rule and node: the occurrence tells them apart")
        XCTAssertEqual(fingerprints(first).first, StableHash.hex(["Layouts/a.yaml", "unused-ignore", "screen", "0"]))
        let moved = Linter().lint(source: SourceText(text), format: .yaml, path: "/p/Other/a.yaml")
        XCTAssertNotEqual(fingerprints(results(of: try sarif([moved]))), fingerprints(first), "another file, another alert")
    }

    func testFixesBecomeArtifactChanges() throws {
        let text = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: play, type: button, frame: [10, 10, 30, 30]}]}\n"
        var result = Linter().lint(source: SourceText(text), format: .yaml, path: "/p/a b.yaml")
        let frame = try XCTUnwrap(text.range(of: "[10, 10, 30, 30]"))
        let start = text.utf8.distance(from: text.startIndex, to: frame.lowerBound)
        let edit = TextEdit(span: SourceSpan(start: start, end: start + 16), replacement: "[10, 10, 44, 44]")
        let insertion = TextEdit(span: SourceSpan(start: start + 16, end: start + 16), replacement: ", hitInsets: -2")
        result.diagnostics[0].fix = Fix(description: "make 'play' 44×44", edits: [insertion, edit])
        result.diagnostics.append(Diagnostic(rule: "target-size", severity: .warning, message: "advice only",
                                             span: SourceSpan(start: 0, end: 4), fix: Fix(description: "think", edits: [])))
        let items = results(of: try sarif([result]))
        let fixes = try XCTUnwrap(items[0]["fixes"] as? [[String: Any]])
        XCTAssertEqual((fixes[0]["description"] as? [String: String])?["text"], "make 'play' 44×44")
        let changes = try XCTUnwrap(fixes[0]["artifactChanges"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes[0]["artifactLocation"] as? [String: String], ["uri": "a%20b.yaml", "uriBaseId": "%SRCROOT%"])
        let replacements = try XCTUnwrap(changes[0]["replacements"] as? [[String: Any]])
        XCTAssertEqual(replacements.count, 2)
        XCTAssertEqual(replacements[0]["deletedRegion"] as? [String: Int],
                       ["startLine": 1, "startColumn": start + 1, "endLine": 1, "endColumn": start + 17], "sorted by position")
        XCTAssertEqual((replacements[0]["insertedContent"] as? [String: String])?["text"], "[10, 10, 44, 44]")
        XCTAssertEqual(replacements[1]["deletedRegion"] as? [String: Int],
                       ["startLine": 1, "startColumn": start + 17, "endLine": 1, "endColumn": start + 17], "an insertion deletes nothing")
        XCTAssertNil(items[1]["fixes"], "a fix in words has no artifact change to offer")
    }

    func testLevelsAndPathsOutsideTheProject() throws {
        let text = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: a, type: button, frame: [0, 0, 44, 44], ignore: all}, {id: c, type: button, frame: [200, 0, 20, 20]}]}\n"
        let result = Linter().lint(source: SourceText(text), format: .yaml, path: "/elsewhere/x.yaml")
        let items = results(of: try sarif([result], currentDirectory: "/p"))
        XCTAssertEqual(Set(items.compactMap { $0["level"] as? String }), ["error", "note"])
        let location = try XCTUnwrap(((items[0]["locations"] as? [[String: Any]])?[0]["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String])
        XCTAssertEqual(location, ["uri": "file:///elsewhere/x.yaml"], "outside the project: an absolute URI and no base")
    }
}

/// Collects what the JUnit test needs from the XML.
private final class JUnitCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var cases: [String] = []
    var failureMessages: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append(elementName)
        if elementName == "testcase", let name = attributes["name"] { cases.append(name) }
        if elementName == "failure", let message = attributes["message"] { failureMessages.append(message) }
    }
}
