import XCTest
@testable import HitLintKit

/// `--diff` of a file with a fix on every view: the edit script is Myers'
/// where its trace fits the budget, and is split at anchors where it does
/// not (a trace of the whole file at every depth was gigabytes). Either way
/// the script must turn the old lines into the new ones.
final class UnifiedDiffTests: XCTestCase {
    private func lines(_ text: String) -> [[UInt8]] { UnifiedDiff.lines(Array(text.utf8)) }

    /// The old lines (kept and removed) and the new ones (kept and added) a script reads as.
    private func sides(_ script: [(kind: Character, line: [UInt8])]) -> (old: [[UInt8]], new: [[UInt8]]) {
        (script.filter { $0.kind != "+" }.map(\.line), script.filter { $0.kind != "-" }.map(\.line))
    }

    func testEveryBudgetGivesAScriptFromTheOldLinesToTheNew() {
        for seed in 0..<200 {
            var random = SeededRandom(seed: UInt64(seed))
            // Repeated lines (braces) among unique ones (ids), as a layout has.
            let old = (0..<random.int(0...120)).map { index in random.chance(0.4) ? "}\n" : "\"id\": \"v\(index)\"\n" }
            var new: [String] = []
            for line in old {
                if random.chance(0.1) { continue }
                new.append(random.chance(0.1) ? line.replacingOccurrences(of: "\"v", with: "\"w") : line)
                if random.chance(0.15) { new.append("\"hitInsets\": -\(random.int(1...9))\n") }
            }
            let (a, b) = (old.map { Array($0.utf8) }, new.map { Array($0.utf8) })
            let exact = UnifiedDiff.script(a[...], b[...])
            XCTAssertTrue(sides(exact).old == a && sides(exact).new == b, "seed \(seed)")
            for budget in [0, 8, 64, 400] {
                let split = UnifiedDiff.script(a[...], b[...], budget: budget)
                XCTAssertTrue(sides(split).old == a && sides(split).new == b, "seed \(seed), budget \(budget)")
                // Never shorter than the shortest.
                XCTAssertGreaterThanOrEqual(split.filter { $0.kind != " " }.count, exact.filter { $0.kind != " " }.count)
            }
        }
    }

    /// Split at its unique lines, a script of separate changes is still the
    /// shortest: each piece between anchors is scripted on its own.
    func testAnchorsKeepSeparateChangesShortest() {
        let old = lines((0..<300).map { "\"id\": \"v\($0)\"\n}\n" }.joined())
        var new = old
        for index in stride(from: 290, through: 10, by: -40) { new.insert(Array("\"hitInsets\": -6\n".utf8), at: index) }
        let split = UnifiedDiff.script(old[...], new[...], budget: 16)
        XCTAssertTrue(sides(split).old == old && sides(split).new == new)
        XCTAssertEqual(split.filter { $0.kind == "+" }.count, 8)
        XCTAssertEqual(split.filter { $0.kind == "-" }.count, 0)
    }
}
