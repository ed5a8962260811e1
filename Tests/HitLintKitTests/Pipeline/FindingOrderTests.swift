import XCTest
@testable import HitLintKit

/// Reports list findings by start, then rule, then message, those equal in
/// all three in the order found (`Linter.sortForReports`, which sorts
/// positions and moves the findings into place): held to a stable sort of
/// the findings themselves by those three, on random lists full of ties
/// (one start, one rule, equal messages, messages equal as text but not as
/// bytes, starts past 4 GiB).
final class FindingOrderTests: XCTestCase {
    func testFindingsAreOrderedAsAStableSortByStartRuleAndMessage() {
        let messages = ["a", "b", "é", "e\u{301}", "'x' is reachable on 30×30 pt", ""]
        let rules = [TargetSizeRule.id, DeadGapRule.id, "a-rule"]
        for seed in 0..<300 {
            var random = SeededRandom(seed: UInt64(seed))
            let huge = random.chance(0.1)
            // Long lists too, sorted by their starts' digits (`Linter.sortByHighHalf`), with starts far apart.
            let long = seed % 10 == 0
            let spread = long && seed % 20 == 0 ? 50_000_000 : 5
            let findings = (0..<random.int(0...(long ? 3_000 : 60))).map { position -> Diagnostic in
                let start = huge && random.chance(0.3) ? (1 << 33) + random.int(0...3) : random.int(0...spread)
                // The position in the node index tells equal findings apart.
                return Diagnostic(rule: random.pick(rules), severity: .error, message: random.pick(messages),
                                  span: SourceSpan(start: start, end: start + 1), nodeIndex: position)
            }
            var sorted = findings
            Linter.sortForReports(&sorted)
            let expected = findings.enumerated().sorted { lhs, rhs in
                let (left, right) = (lhs.element, rhs.element)
                if left.span.start != right.span.start { return left.span.start < right.span.start }
                if left.rule != right.rule { return left.rule < right.rule }
                if left.message != right.message { return left.message < right.message }
                return lhs.offset < rhs.offset
            }.map(\.element)
            XCTAssertEqual(sorted.map(\.nodeIndex), expected.map(\.nodeIndex), "seed \(seed)")
        }
    }

    /// The radix sort of keys against a sort of whole keys: keys made in
    /// index order (an index in the low half), high halves of every width
    /// up to 32 bits, all equal, or equal in some digits only.
    func testKeysSortedByTheirHighHalfAsAWholeSortDoes() {
        var random = SeededRandom(seed: 3)
        for round in 0..<60 {
            let width = round % 33
            let shared = UInt64(random.int(0...Int(UInt32.max)))
            let keys = (0..<random.int(0...5_000)).map { index -> UInt64 in
                var high = width == 0 ? 0 : UInt64(random.int(0...Int(UInt32.max))) >> (32 - width)
                if round % 3 == 0 { high = high & 0x7FF | shared & ~0x7FF & 0xFFFF_FFFF }
                return high << 32 | UInt64(index)
            }
            var sorted = keys
            Linter.sortByHighHalf(&sorted)
            XCTAssertEqual(sorted, keys.sorted(), "round \(round)")
        }
    }
}
