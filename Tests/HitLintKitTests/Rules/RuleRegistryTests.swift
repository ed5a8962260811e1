import Foundation
import XCTest
@testable import HitLintKit

/// Adding a rule is its file and its line in `RuleRegistry.all`
/// (CONTRIBUTING.md, "Adding a rule"): a rule type written but not
/// registered would never run, and nothing else would say so.
final class RuleRegistryTests: XCTestCase {
    /// The types the sources declare as rules (`struct X: GeometryRule`,
    /// `extension X: Rule`), found by reading them.
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
                if protocols.contains("Rule") || protocols.contains("GeometryRule") {
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
}
