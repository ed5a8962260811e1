import Foundation
import XCTest
@testable import HitLintKit

/// `swift run hitlint Examples` is our showcase: its output is checked in and
/// compared here. After an intended change, regenerate the expectation with
/// `HITLINT_UPDATE_EXPECTED=1 swift test --filter ExamplesTests` and review the diff.
final class ExamplesTests: XCTestCase {
    private let expectedFile = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/examples-output.txt")

    func testExamplesOutputMatchesExpectation() throws {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(TestSupport.packageRoot.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let output = CapturedOutput()
        let status = HitLintCommand.run(["Examples"], output: output)
        XCTAssertEqual(status, 1, "the examples show errors on purpose")
        XCTAssertEqual(output.standardError, "")
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try output.standardOutput.write(to: expectedFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        XCTAssertEqual(output.standardOutput, expected)
    }

    /// What the examples' comments tell users to run: a rule that is off by
    /// default turned on, and a 9 mm minimum.
    static let optInArguments = ["--rule", "excessive-hit-expansion=warning", "--min-size", "9mm",
                                 "Examples/hit-expansion.yaml", "Examples/millimetres.yaml"]
    private let optInFile = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/examples-opt-in-output.txt")

    func testOptInRunMatchesExpectation() throws {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(TestSupport.packageRoot.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let output = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(Self.optInArguments, output: output), 1)
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try output.standardOutput.write(to: optInFile, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(output.standardOutput, try String(contentsOf: optInFile, encoding: .utf8))
    }

    func testEveryRuleFiresInExamples() throws {
        let expected = try String(contentsOf: expectedFile, encoding: .utf8) + String(contentsOf: optInFile, encoding: .utf8)
        for rule in RuleRegistry.descriptions {
            XCTAssertTrue(expected.contains("[\(rule.id)]"), "no example shows \(rule.id)")
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
}
