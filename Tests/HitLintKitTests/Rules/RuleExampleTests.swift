import XCTest
@testable import HitLintKit

/// One generic test runs every rule's examples: each triggering layout flags
/// exactly the listed nodes with the listed messages, each clean layout flags
/// nothing, and the same layout written as JSON gives the same diagnostics.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasTriggeringAndCleanExamples() {
        for rule in RuleRegistry.descriptions {
            XCTAssertTrue(rule.examples.contains(where: \.triggers), "\(rule.id) has no triggering example")
            if rule.id != RuleID.duplicateID {
                XCTAssertTrue(rule.examples.contains { !$0.triggers }, "\(rule.id) has no clean example")
            }
        }
    }

    func testRuleExamples() throws {
        var checked = 0
        var fixedExamples = 0
        for rule in RuleRegistry.descriptions {
            for (number, example) in rule.examples.enumerated() {
                let label = "\(rule.id) example \(number + 1)"
                let result = try TestSupport.lint(example.layout, arguments: example.arguments)
                let found = result.diagnostics.filter { $0.rule == rule.id }
                XCTAssertEqual(found.map { $0.node ?? "<file>" }, example.flags, "\(label): flagged nodes\n\(found.map(\.message))")
                for (diagnostic, expected) in zip(found, example.messages) {
                    XCTAssertTrue(diagnostic.message.contains(expected), "\(label): message\n  \(diagnostic.message)\ndoes not contain\n  \(expected)")
                }
                // The same content as JSON gives the same diagnostics (lines aside).
                let document = try YAMLParser.parse(SourceText(example.layout))
                let json = String(decoding: document.jsonBytes(), as: UTF8.self)
                let jsonResult = try TestSupport.lint(json, format: .json, arguments: example.arguments)
                XCTAssertEqual(jsonResult.diagnostics.map { [$0.rule, $0.node ?? ""] }, result.diagnostics.map { [$0.rule, $0.node ?? ""] }, "\(label): JSON and YAML differ")
                XCTAssertEqual(jsonResult.diagnostics.filter { !$0.message.contains("line") }.map(\.message),
                               result.diagnostics.filter { !$0.message.contains("line") }.map(\.message), "\(label): JSON and YAML messages differ")
                if let fixed = example.fixed {
                    XCTAssertTrue(rule.isFixable, "\(label): a fixed example for a rule not marked fixable")
                    var options = try HitLintCommand.lintOptions(try Arguments(parsing: example.arguments + ["x"]))
                    options.verifyFixes = true
                    let outcome = Fixer.fixUntilStable(Array(example.layout.utf8), format: .yaml, path: "example.yaml",
                                                       linter: Linter(options: options))
                    XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), fixed, "\(label): fixed layout")
                    XCTAssertFalse(outcome.result.diagnostics.contains { $0.rule == rule.id }, "\(label): still fires after --fix")
                    // A second --fix changes nothing.
                    let again = Fixer.fixUntilStable(outcome.bytes, format: .yaml, path: "example.yaml", linter: Linter(options: options))
                    XCTAssertEqual(again.bytes, outcome.bytes, "\(label): second --fix changed the file")
                    fixedExamples += 1
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 30)
        XCTAssertGreaterThanOrEqual(fixedExamples, 5)
    }

    func testEveryFixableRuleHasAFixedExample() {
        for rule in RuleRegistry.descriptions where rule.isFixable {
            XCTAssertTrue(rule.examples.contains { $0.fixed != nil }, "\(rule.id) is fixable but has no before/after example")
        }
    }
}
