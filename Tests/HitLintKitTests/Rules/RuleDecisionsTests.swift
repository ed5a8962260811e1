import XCTest
@testable import HitLintKit

/// What the user decides about the rules reaches them through the rules' own
/// typed options (`RuleOption`), declared once in each rule's file: the
/// threshold reads target-size's, and the configuration template shows each
/// option's value as the option gives it.
final class RuleDecisionsTests: XCTestCase {
    private func layout(_ text: String) throws -> Layout {
        let result = Linter().lint(document: try SourceFormat.yaml.parse(SourceText(text)), path: "screen.yaml", keepingContext: true)
        return try XCTUnwrap(result.context?.layout)
    }

    func testTheThresholdReadsTargetSizesTypedOptions() throws {
        let screen = try layout("platform: uikit\nroot:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: b, type: button, frame: [0, 0, 44, 44]}\n")
        var rules = RuleDecisions()
        XCTAssertEqual(rules.threshold(for: screen).minimum, 44)
        XCTAssertFalse(rules.threshold(for: screen).spacingException)
        XCTAssertFalse(rules.isConfigured(TargetSizeRule.minSize))

        rules.ruleOptions[TargetSizeRule.id] = [TargetSizeRule.minSize.name: "30pt", TargetSizeRule.spacingException.name: "true"]
        XCTAssertTrue(rules.isConfigured(TargetSizeRule.minSize))
        XCTAssertEqual(rules.configured(TargetSizeRule.minSize), Length(value: 30, unit: .pt))
        XCTAssertEqual(rules.threshold(for: screen).minimum, 30)
        XCTAssertTrue(rules.threshold(for: screen).spacingException)
        // --min-size wins over the configuration's.
        rules.minimumSize = Length(value: 40, unit: .pt)
        XCTAssertEqual(rules.threshold(for: screen).minimum, 40)
        // Under WCAG the exception is on unless configured off.
        var wcag = RuleDecisions(profile: Profile.named("wcag-aa"))
        XCTAssertTrue(wcag.threshold(for: screen).spacingException)
        wcag.ruleOptions[TargetSizeRule.id] = [TargetSizeRule.spacingException.name: "false"]
        XCTAssertFalse(wcag.threshold(for: screen).spacingException)
    }

    /// Every option the template shows, with the value it shows, is a
    /// configuration hitlint accepts: an option whose default is described in
    /// words gives its own example (`RuleOptionDescription.example`).
    func testTheTemplatesOptionLinesAreValidConfiguration() throws {
        let lines = ConfigurationTemplate.text.split(separator: "\n").filter { $0.hasPrefix("  # ") && $0.contains(": { severity:") }
        XCTAssertEqual(lines.count, RuleRegistry.descriptions.filter { !$0.options.isEmpty }.count)
        let text = "rules:\n" + lines.map { "  " + $0.dropFirst(4) }.joined(separator: "\n") + "\n"
        let configuration = try Configuration.parse(SourceText(text), path: ".hitlint.yml", folder: "/")
        for rule in RuleRegistry.descriptions {
            for option in rule.options {
                let shown = try XCTUnwrap(configuration.ruleOptions[rule.id]?[option.name], "\(rule.id) \(option.name)")
                if Length(option.defaultValue) == nil, option.valueKind == .length {
                    XCTAssertEqual(shown, option.example, "\(rule.id) \(option.name)")
                }
            }
        }
        XCTAssertEqual(configuration.ruleOptions[TargetSizeRule.id]?["minSize"], "9mm")
        XCTAssertEqual(configuration.ruleOptions[DeadGapRule.id]?["maxGap"], "22pt")
    }
}
