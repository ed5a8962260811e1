import Testing
import XCTest
@testable import HitLintKit

/// Every rule's examples, one test case per rule, named after its id (`swift
/// test --filter "RuleExamples"` lists them): each triggering layout flags
/// exactly the listed nodes with the listed messages, each clean layout flags
/// nothing, the same layout written as JSON gives the same diagnostics, and a
/// fixed example is what `--fix` writes, once and for good.
@Suite struct RuleExamples {
    @Test(arguments: RuleRegistry.ids)
    func examples(of id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        for (number, example) in rule.examples.enumerated() {
            let label = "\(rule.id) example \(number + 1)"
            let result = try TestSupport.lint(example.layout, arguments: example.arguments)
            let found = result.diagnostics.filter { $0.rule == rule.id }
            #expect(found.map { $0.node ?? "<file>" } == example.flags, "\(label): flagged nodes\n\(found.map(\.message))")
            for (diagnostic, expected) in zip(found, example.messages) {
                #expect(diagnostic.message.contains(expected), "\(label): message\n  \(diagnostic.message)\ndoes not contain\n  \(expected)")
            }
            // The same content as JSON gives the same diagnostics (lines aside).
            let document = try YAMLParser.parse(SourceText(example.layout))
            let json = String(decoding: document.jsonBytes(), as: UTF8.self)
            let jsonResult = try TestSupport.lint(json, format: .json, arguments: example.arguments)
            #expect(jsonResult.diagnostics.map { [$0.rule, $0.node ?? ""] } == result.diagnostics.map { [$0.rule, $0.node ?? ""] },
                    "\(label): JSON and YAML differ")
            #expect(jsonResult.diagnostics.filter { !$0.message.contains("line") }.map(\.message)
                        == result.diagnostics.filter { !$0.message.contains("line") }.map(\.message),
                    "\(label): JSON and YAML messages differ")
            if let fixed = example.fixed {
                #expect(rule.isFixable, "\(label): a fixed example for a rule not marked fixable")
                var options = try Arguments(parsing: example.arguments + ["x"]).lintOptions.resolved()
                options.fixChecking = .checked
                let outcome = Fixer.fixUntilStable(Array(example.layout.utf8), format: .yaml, path: "example.yaml",
                                                   linter: Linter(options: options))
                #expect(String(decoding: outcome.bytes, as: UTF8.self) == fixed, "\(label): fixed layout")
                #expect(!outcome.result.diagnostics.contains { $0.rule == rule.id }, "\(label): still fires after --fix")
                // A second --fix changes nothing.
                let again = Fixer.fixUntilStable(outcome.bytes, format: .yaml, path: "example.yaml", linter: Linter(options: options))
                #expect(again.bytes == outcome.bytes, "\(label): second --fix changed the file")
            }
        }
    }
}

/// What every rule's description must carry.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasTriggeringAndCleanExamples() {
        for rule in RuleRegistry.descriptions {
            XCTAssertTrue(rule.examples.contains(where: \.triggers), "\(rule.id) has no triggering example")
            if rule.id != RuleID.duplicateID {
                XCTAssertTrue(rule.examples.contains { !$0.triggers }, "\(rule.id) has no clean example")
            }
        }
    }

    func testThereAreEnoughExamples() {
        let examples = RuleRegistry.descriptions.flatMap(\.examples)
        XCTAssertGreaterThan(examples.count, 30)
        XCTAssertGreaterThanOrEqual(examples.filter { $0.fixed != nil }.count, 5)
    }

    func testEveryFixableRuleHasAFixedExample() {
        for rule in RuleRegistry.descriptions where rule.isFixable {
            XCTAssertTrue(rule.examples.contains { $0.fixed != nil }, "\(rule.id) is fixable but has no before/after example")
        }
    }
}
