import Foundation
import XCTest
@testable import HitLintKit

/// `swift run hitlint Examples` is our showcase: its output is checked in and
/// compared here. After an intended change, regenerate the expectation with
/// `make generate` and review the diff.
final class ExamplesTests: XCTestCase {
    private let expectedFile = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/examples-output.txt")

    func testExamplesOutputMatchesExpectation() throws {
        let run = runCommand(["Examples"], in: TestSupport.packageRoot.path)
        XCTAssertEqual(run.status, 1, "the examples show errors on purpose")
        XCTAssertEqual(run.error, "")
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try run.output.write(to: expectedFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        XCTAssertEqual(run.output, expected)
    }

    /// What the examples' comments tell users to run: a rule that is off by
    /// default turned on, and a 9 mm minimum.
    static let optInArguments = ["--rule", "excessive-hit-expansion=warning", "--min-size", "9mm",
                                 "Examples/hit-expansion.yaml", "Examples/millimetres.yaml"]
    private let optInFile = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/examples-opt-in-output.txt")

    func testOptInRunMatchesExpectation() throws {
        let run = runCommand(Self.optInArguments, in: TestSupport.packageRoot.path)
        XCTAssertEqual(run.status, 1)
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try run.output.write(to: optInFile, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(run.output, try String(contentsOf: optInFile, encoding: .utf8))
    }

    /// Examples/ is the showcase, and what it shows stays shown. A rule need
    /// not be in it to be added (CONTRIBUTING.md: a rule is its file and one
    /// line): what every rule must have is its own examples, which
    /// `RuleExamples` runs and `hitlint explain` shows.
    static let showcasedRules = [
        TargetSizeRule.id, ClippedHitAreaRule.id, ClippedTargetRule.id, OverlappingHitAreasRule.id, OccludedTargetRule.id,
        UnreachableTargetRule.id, DeadGapRule.id, ExcessiveHitExpansionRule.id, RuleID.duplicateID, RuleID.unknownKey,
        RuleID.unusedIgnore, RuleID.invalidLayout, RuleID.importNote,
    ]

    func testExamplesShowTheShowcasedRules() throws {
        let expected = try String(contentsOf: expectedFile, encoding: .utf8) + String(contentsOf: optInFile, encoding: .utf8)
        for id in Self.showcasedRules {
            XCTAssertTrue(expected.contains("[\(id)]"), "no example shows \(id)")
        }
    }

    /// Each example file gives the same diagnostics written as JSON or YAML.
    func testExamplesGiveTheSameDiagnosticsInJSONAndYAML() throws {
        let (files, _) = FileWalker().files(in: [TestSupport.packageRoot.appendingPathComponent("Examples").path])
        var compared = 0
        for path in files where path.hasSuffix(".yaml") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let yaml = try TestSupport.lint(text, format: .yaml)
            let json = try TestSupport.lint(String(decoding: try YAMLParser.parse(SourceText(text)).jsonBytes(), as: UTF8.self), format: .json)
            XCTAssertEqual(json.diagnostics.map { "\($0.rule) \($0.node ?? "") \($0.message)" }.filter { !$0.contains("line") },
                           yaml.diagnostics.map { "\($0.rule) \($0.node ?? "") \($0.message)" }.filter { !$0.contains("line") }, path)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 10)
    }

    /// Examples/fixed/ holds what `--fix` writes for the examples of the same name.
    func testFixedExamplesAreWhatFixWrites() throws {
        let root = TestSupport.packageRoot.appendingPathComponent("Examples")
        let fixedFolder = root.appendingPathComponent("fixed")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixedFolder.path).filter { SourceFormat(path: $0) != nil }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        var options = LintOptions()
        options.fixChecking = .checked
        let linter = Linter(options: options)
        var rules = Set<String>()
        for name in names {
            let original = try XCTUnwrap(FileManager.default.contents(atPath: root.appendingPathComponent(name).path))
            let expected = try XCTUnwrap(FileManager.default.contents(atPath: fixedFolder.appendingPathComponent(name).path))
            let format = try XCTUnwrap(SourceFormat(path: name))
            let before = linter.lint(source: SourceText(bytes: [UInt8](original)), format: format, path: name)
            rules.formUnion(before.diagnostics.filter { !($0.fix?.edits.isEmpty ?? true) }.map(\.rule))
            let outcome = Fixer.fixUntilStable([UInt8](original), format: format, path: name, linter: linter)
            XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self), name)
            XCTAssertGreaterThan(outcome.fixesApplied, 0, name)
            XCTAssertEqual(Fixer.fixUntilStable(outcome.bytes, format: format, path: name, linter: linter).fixesApplied, 0, name)
        }
        // A before/after pair for every fixable rule.
        XCTAssertEqual(rules, Set(RuleRegistry.descriptions.filter(\.isFixable).map(\.id)))
    }
}
