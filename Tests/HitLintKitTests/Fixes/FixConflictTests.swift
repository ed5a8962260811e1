import XCTest
@testable import HitLintKit

/// Fix checking decides which fixes apply together from conflicts worked out
/// once (`Fixer.Conflicts`) instead of an `EditBatch` per run: held here to
/// the batch, fix by fix, on random edits (empty, outside the file, inverted,
/// overlapping their own, touching others', identical).
final class FixConflictTests: XCTestCase {
    func testConflictsAcceptWhatAnEditBatchAccepts() {
        var accepted = 0
        var refused = 0
        for seed in 0..<400 {
            var random = SeededRandom(seed: UInt64(seed))
            let byteCount = random.int(20...200)
            let fixes: [[TextEdit]] = (0..<random.int(1...30)).map { _ in
                (0..<random.int(0...3)).map { _ in
                    let start = random.int(-2...(byteCount + 2))
                    let end = random.chance(0.1) ? start - 1 : start + random.pick([0, 0, 1, 2, 5])
                    return TextEdit(span: SourceSpan(start: start, end: end), replacement: "x")
                }
            }
            let conflicts = Fixer.Conflicts(fixes, byteCount: byteCount)
            // In a random order, as runs are cut and halved.
            var order = Array(fixes.indices)
            for index in order.indices.reversed() { order.swapAt(index, random.int(0...index)) }
            var batch = Fixer.EditBatch(byteCount: byteCount)
            var joined: Set<Int> = []
            for index in order {
                let expected = batch.add(Fix(description: "", edits: fixes[index]))
                let found = conflicts.valid[index] && !conflicts.touching(index).contains { joined.contains($0) }
                XCTAssertEqual(found, expected, "seed \(seed), fix \(index): \(fixes[index])")
                if expected { joined.insert(index); accepted += 1 } else { refused += 1 }
            }
        }
        XCTAssertGreaterThan(accepted, 1_000)
        XCTAssertGreaterThan(refused, 1_000)
    }
}
