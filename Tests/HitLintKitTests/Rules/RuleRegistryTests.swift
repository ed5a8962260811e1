import Foundation
import XCTest
@testable import HitLintKit

/// Adding a rule is its file and its line in `RuleRegistry.all`
/// (CONTRIBUTING.md, "Adding a rule"): a rule type written but not
/// registered would never run, and nothing else would say so.
final class RuleRegistryTests: XCTestCase {
    /// The types the sources declare as rules (`struct X: GeometryRule`,
    /// `struct X: PartedRule`, `extension X: Rule`), found by reading them.
    static func declaredRuleTypes() throws -> [(type: String, file: String)] {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources/HitLintKit")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        // A type's declaration and the protocols it conforms to, up to its brace.
        let declaration = try NSRegularExpression(pattern: #"(?m)^\s*(?:(?:public|internal|fileprivate|private|final)\s+)*(?:struct|enum|class|extension)\s+(\w+)\s*:\s*([^{]*)\{"#)
        var found: [(type: String, file: String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in declaration.matches(in: text, range: range) {
                guard let name = Range(match.range(at: 1), in: text), let conformances = Range(match.range(at: 2), in: text) else { continue }
                let protocols = text[conformances].split { ",& \n\t".contains($0) }.map(String.init)
                if protocols.contains("Rule") || protocols.contains("GeometryRule") || protocols.contains("PartedRule") {
                    found.append((String(text[name]), url.lastPathComponent))
                }
            }
        }
        return found
    }

    func testEveryRuleTypeIsRegistered() throws {
        let declared = try Self.declaredRuleTypes()
        XCTAssertGreaterThanOrEqual(declared.count, RuleRegistry.all.count, "every registered rule is found in the sources")
        let registered = Set(RuleRegistry.all.map { String(describing: type(of: $0)) })
        for rule in declared {
            XCTAssertTrue(registered.contains(rule.type),
                          "\(rule.type) (\(rule.file)) is a rule that never runs: add `\(rule.type)(),` to RuleRegistry.all")
        }
    }

    func testEveryRuleHasAnIDOfItsOwn() {
        let ids = RuleRegistry.ids
        XCTAssertEqual(Set(ids).count, ids.count, "two rules share an id: \(ids)")
        for id in ids {
            XCTAssertNotNil(id.wholeMatch(of: /[a-z]+(-[a-z]+)*/), "'\(id)': ids are lowercase words joined by '-'")
        }
    }

    /// What a rule knows lives in its file: a geometry rule declares its own
    /// id (`static let id`), and `Diagnostics/RuleID.swift` keeps only the ids
    /// of rules an earlier stage reports.
    func testEveryGeometryRuleOwnsItsID() throws {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources/HitLintKit")
        let shared = try String(contentsOf: sources.appendingPathComponent("Diagnostics/RuleID.swift"), encoding: .utf8)
        for rule in RuleRegistry.geometryRules {
            let type = String(describing: Swift.type(of: rule))
            let id = Swift.type(of: rule).description.id
            XCTAssertFalse(shared.contains("\"\(id)\""), "RuleID.swift names '\(id)', which \(type) runs after the stages before Rules")
            let file = try String(contentsOf: sources.appendingPathComponent("Rules/\(type).swift"), encoding: .utf8)
            XCTAssertTrue(file.contains("static let id = \"\(id)\""), "\(type).swift does not declare its id")
        }
    }

    /// A rule whose findings name other nodes says how they take part: the
    /// language server words its related information from that, and a rule
    /// that did not say would show a bare name.
    func testRulesThatNameOtherNodesSayHowTheyTakePart() throws {
        var named = Set<String>()
        for rule in RuleRegistry.descriptions {
            for example in rule.examples where example.triggers {
                let result = try TestSupport.lint(example.layout, arguments: example.arguments)
                for diagnostic in result.diagnostics where diagnostic.rule == rule.id && !diagnostic.relatedNodes.isEmpty {
                    named.insert(rule.id)
                    XCTAssertNotNil(rule.relatedRole, "\(rule.id) names related nodes but has no relatedRole")
                }
            }
        }
        XCTAssertTrue(named.isSuperset(of: [OverlappingHitAreasRule.id, OccludedTargetRule.id, DeadGapRule.id]), "\(named)")
        XCTAssertEqual(LanguageServer.relatedRole(DeadGapRule.id, name: "next"), "'next' is the neighbour across the gap")
        XCTAssertEqual(LanguageServer.relatedRole(ClippedTargetRule.id, name: "card"), "'card' cuts it off")
        XCTAssertEqual(LanguageServer.relatedRole(RuleID.unknownKey, name: "card"), "'card'")
    }

    /// The picture draws what each rule declares, and nothing for a name no
    /// rule has.
    func testThePictureAsksEachRuleWhatToDraw() {
        XCTAssertEqual(RuleRegistry.drawing(of: TargetSizeRule.id), .minimumSquare)
        XCTAssertEqual(RuleRegistry.drawing(of: DeadGapRule.id), .gapToEachRelatedNode)
        XCTAssertEqual(RuleRegistry.drawing(of: OccludedTargetRule.id), .nothing)
        XCTAssertEqual(RuleRegistry.drawing(of: "no-such-rule"), .nothing)
    }

    /// A rule whose severity cannot be set is refused at another severity, by
    /// the configuration and by `--rule`, and `hitlint init` offers no line for it.
    func testARuleThatIsAlwaysAnErrorCannotBeRelaxed() throws {
        let fixed = RuleRegistry.descriptions.filter(\.isAlwaysAnError)
        XCTAssertEqual(fixed.map(\.id), [RuleID.invalidLayout])
        for rule in fixed {
            XCTAssertFalse(ConfigurationTemplate.text.contains("# \(rule.id):"), "the template offers \(rule.id)")
            XCTAssertThrowsError(try Arguments(parsing: ["--rule", "\(rule.id)=warning", "x"]).lintOptions.resolved())
        }
    }
}
