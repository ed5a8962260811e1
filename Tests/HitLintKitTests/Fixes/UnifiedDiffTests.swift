import XCTest
@testable import HitLintKit

/// `--diff` of a file with a fix on every view: the edit script is Myers'
/// where its trace fits the budget, and is split at anchors where it does
/// not (a trace of the whole file at every depth was gigabytes). Either way
/// the script must turn the old lines into the new ones.
final class UnifiedDiffTests: XCTestCase {
    /// The old lines (kept and removed) and the new ones (kept and added) a
    /// script reads as (a kept line is a line of the old file).
    private func sides(_ script: [UnifiedDiff.Operation], _ a: UnifiedDiff.Lines, _ b: UnifiedDiff.Lines) -> (old: [[UInt8]], new: [[UInt8]]) {
        (script.filter { $0.kind != UnifiedDiff.Operation.added }.map { Array(a[$0.line]) },
         script.filter { $0.kind != UnifiedDiff.Operation.removed }.map { Array($0.kind == UnifiedDiff.Operation.added ? b[$0.line] : a[$0.line]) })
    }

    private func lines(_ lines: UnifiedDiff.Lines) -> [[UInt8]] { (0..<lines.count).map { Array(lines[$0]) } }

    private func changes(_ script: [UnifiedDiff.Operation], _ kind: UInt8? = nil) -> Int {
        script.filter { operation in kind.map { operation.kind == $0 } ?? (operation.kind != UnifiedDiff.Operation.kept) }.count
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
            let (a, b) = (UnifiedDiff.Lines(Array(old.joined().utf8)), UnifiedDiff.Lines(Array(new.joined().utf8)))
            XCTAssertEqual(lines(a), old.map { Array($0.utf8) })
            let exact = UnifiedDiff.script(a, 0..<a.count, b, 0..<b.count)
            XCTAssertTrue(sides(exact, a, b).old == lines(a) && sides(exact, a, b).new == lines(b), "seed \(seed)")
            for budget in [0, 8, 64, 400] {
                let split = UnifiedDiff.script(a, 0..<a.count, b, 0..<b.count, budget: budget)
                XCTAssertTrue(sides(split, a, b).old == lines(a) && sides(split, a, b).new == lines(b), "seed \(seed), budget \(budget)")
                // Never shorter than the shortest.
                XCTAssertGreaterThanOrEqual(changes(split), changes(exact))
            }
        }
    }

    /// Split at its unique lines, a script of separate changes is still the
    /// shortest: each piece between anchors is scripted on its own.
    func testAnchorsKeepSeparateChangesShortest() {
        var lines = (0..<300).map { "\"id\": \"v\($0)\"\n}\n" }
        let old = UnifiedDiff.Lines(Array(lines.joined().utf8))
        for index in stride(from: 145, through: 5, by: -20) { lines.insert("\"hitInsets\": -6\n", at: index) }
        let new = UnifiedDiff.Lines(Array(lines.joined().utf8))
        let split = UnifiedDiff.script(old, 0..<old.count, new, 0..<new.count, budget: 16)
        XCTAssertTrue(sides(split, old, new).old == self.lines(old) && sides(split, old, new).new == self.lines(new))
        XCTAssertEqual(changes(split, UnifiedDiff.Operation.added), 8)
        XCTAssertEqual(changes(split, UnifiedDiff.Operation.removed), 0)
    }
}
