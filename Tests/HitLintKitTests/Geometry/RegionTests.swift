import XCTest
@testable import HitLintKit

/// The region types and the grid on their own, against a cell-by-cell oracle:
/// rects on a small integer grid, so which unit cells are in a region is exact.
final class RegionTests: XCTestCase {
    private static let side = 24

    /// Which unit cells of the grid are free.
    private struct Mask: Equatable {
        var cells = [Bool](repeating: true, count: RegionTests.side * RegionTests.side)

        init(_ rect: Rect) {
            for y in 0..<RegionTests.side {
                for x in 0..<RegionTests.side { cells[y * RegionTests.side + x] = rect.contains(x: Double(x) + 0.5, y: Double(y) + 0.5) }
            }
        }

        init(union rects: [Rect]) {
            self.init(.empty)
            for rect in rects { add(rect) }
        }

        subscript(x: Int, y: Int) -> Bool {
            get { cells[y * RegionTests.side + x] }
            set { cells[y * RegionTests.side + x] = newValue }
        }

        mutating func add(_ rect: Rect) {
            forEachCell(in: rect) { self[$0, $1] = true }
        }

        mutating func remove(_ rect: Rect) {
            forEachCell(in: rect) { self[$0, $1] = false }
        }

        func allFree(_ rect: Rect) -> Bool {
            var free = true
            forEachCell(in: rect) { free = free && self[$0, $1] }
            return free
        }

        var count: Int { cells.filter { $0 }.count }

        /// The side of the largest free square, by the classic dynamic programme.
        var largestSquare: Int {
            let side = RegionTests.side
            var best = 0
            var sizes = [Int](repeating: 0, count: side * side)
            for y in 0..<side {
                for x in 0..<side where self[x, y] {
                    let size = x == 0 || y == 0 ? 1 : 1 + min(sizes[(y - 1) * side + x], sizes[y * side + x - 1], sizes[(y - 1) * side + x - 1])
                    sizes[y * side + x] = size
                    best = max(best, size)
                }
            }
            return best
        }

        private func forEachCell(in rect: Rect, _ body: (Int, Int) -> Void) {
            let side = Double(RegionTests.side)
            let minX = Int(max(0, rect.minX)), maxX = Int(min(side, rect.maxX))
            let minY = Int(max(0, rect.minY)), maxY = Int(min(side, rect.maxY))
            guard minX < maxX, minY < maxY else { return }
            for y in minY..<maxY {
                for x in minX..<maxX { body(x, y) }
            }
        }
    }

    private func randomRect(_ random: inout SeededRandom, maxSide: Int = 12) -> Rect {
        let x = random.int(-2...(Self.side - 1)), y = random.int(-2...(Self.side - 1))
        return Rect(x: Double(x), y: Double(y), width: Double(random.int(0...maxSide)), height: Double(random.int(0...maxSide)))
    }

    // MARK: DisjointRegion

    func testDisjointPiecesCoverExactlyWhatIsLeftAndRemovedPiecesExactlyWhatWentAway() {
        var random = SeededRandom(seed: 7)
        for trial in 0..<300 {
            let start = Rect(x: 0, y: 0, width: Double(Self.side), height: Double(Self.side))
            var region = DisjointRegion(start)
            var oracle = Mask(start)
            for _ in 0..<random.int(1...12) {
                let cut = randomRect(&random)
                let before = oracle
                let removed = region.subtract(cut)
                oracle.remove(cut)
                // The pieces: inside what is left, pairwise disjoint, adding up to it.
                for (index, piece) in region.pieces.enumerated() {
                    XCTAssertFalse(piece.isEmpty, "trial \(trial)")
                    for other in region.pieces[(index + 1)...] {
                        XCTAssertFalse(piece.intersects(other), "trial \(trial): \(piece) and \(other) overlap")
                    }
                }
                XCTAssertEqual(Mask(union: region.pieces), oracle, "trial \(trial) after cutting \(cut)")
                XCTAssertEqual(region.area, Double(oracle.count), "trial \(trial)")
                // What went away, as disjoint pieces.
                var gone = before
                for y in 0..<Self.side {
                    for x in 0..<Self.side { gone[x, y] = before[x, y] && !oracle[x, y] }
                }
                XCTAssertEqual(Mask(union: removed), gone, "trial \(trial): removed by \(cut)")
                XCTAssertEqual(removed.reduce(0) { $0 + $1.area }, Double(gone.count), "trial \(trial)")
                XCTAssertFalse(region.isApproximate)
            }
        }
    }

    func testPastItsLimitADisjointRegionKeepsTheLargestPiecesAndSaysItIsApproximate() {
        var region = DisjointRegion(Rect(x: 0, y: 0, width: 100, height: 100), limit: 8)
        // A comb of cuts: each splits the pieces left of it.
        for index in 0..<20 { region.subtract(Rect(x: Double(index * 5), y: Double(index % 3) * 30, width: 1, height: 40)) }
        XCTAssertTrue(region.isApproximate)
        XCTAssertLessThanOrEqual(region.pieces.count, 8)
        let exact = (0..<20).reduce(into: DisjointRegion(Rect(x: 0, y: 0, width: 100, height: 100), limit: 10_000)) {
            $0.subtract(Rect(x: Double($1 * 5), y: Double($1 % 3) * 30, width: 1, height: 40))
        }
        XCTAssertFalse(exact.isApproximate)
        // What is kept is part of the exact region, and the largest of its pieces are kept.
        for piece in region.pieces {
            XCTAssertEqual(exact.pieces.filter { $0.intersects(piece) }.reduce(0) { $0 + $1.intersection(piece).area }, piece.area, accuracy: 1e-9)
        }
        XCTAssertEqual(region.pieces.map(\.area).max(), exact.pieces.map(\.area).max())
    }

    /// Canonical bands: sorted top to bottom then left to right, each band's
    /// pieces one height and apart, and no two bands that meet with the same
    /// intervals.
    private func assertCanonical(_ pieces: [Rect], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        var start = 0
        var bands: [(minY: Double, maxY: Double, xs: [Double])] = []
        while start < pieces.count {
            var end = start + 1
            while end < pieces.count, pieces[end].minY == pieces[start].minY { end += 1 }
            for index in start..<end {
                XCTAssertEqual(pieces[index].maxY, pieces[start].maxY, "\(label): a band of two heights", file: file, line: line)
                if index > start {
                    XCTAssertGreaterThan(pieces[index].minX, pieces[index - 1].maxX, "\(label): pieces of a band meet", file: file, line: line)
                }
            }
            bands.append((pieces[start].minY, pieces[start].maxY, pieces[start..<end].flatMap { [$0.minX, $0.maxX] }))
            start = end
        }
        for (upper, lower) in zip(bands, bands.dropFirst()) {
            XCTAssertLessThanOrEqual(upper.maxY, lower.minY, "\(label): bands out of order", file: file, line: line)
            XCTAssertFalse(upper.maxY == lower.minY && upper.xs == lower.xs, "\(label): two bands that are one", file: file, line: line)
        }
    }

    func testPastItsCutPiecesARegionIsCanonicalBandsAndStillExact() {
        var random = SeededRandom(seed: 13)
        var banded = 0
        for trial in 0..<200 {
            let start = Rect(x: 0, y: 0, width: Double(Self.side), height: Double(Self.side))
            var region = DisjointRegion(start)
            var oracle = Mask(start)
            for _ in 0..<random.int(20...80) {
                let cut = randomRect(&random, maxSide: 5)
                let before = oracle
                let wasBanded = region.isBanded
                let removed = region.subtract(cut)
                oracle.remove(cut)
                XCTAssertEqual(Mask(union: region.pieces), oracle, "trial \(trial) after cutting \(cut)")
                XCTAssertEqual(region.area, Double(oracle.count), "trial \(trial)")
                var gone = before
                for y in 0..<Self.side {
                    for x in 0..<Self.side { gone[x, y] = before[x, y] && !oracle[x, y] }
                }
                XCTAssertEqual(Mask(union: removed), gone, "trial \(trial): removed by \(cut)")
                XCTAssertEqual(removed.reduce(0) { $0 + $1.area }, Double(gone.count), "trial \(trial)")
                if region.isBanded { assertCanonical(region.pieces, "trial \(trial) after cutting \(cut)") }
                // (The cut that makes a region banded removes pieces as cut.)
                if wasBanded { assertCanonical(removed, "trial \(trial): removed by \(cut)") }
                XCTAssertFalse(region.isApproximate)
            }
            if region.isBanded { banded += 1 }
        }
        XCTAssertGreaterThan(banded, 100, "most trials go past the pieces kept as cut")
    }

    func testABandedUnionCoversExactlyTheRectsAdded() {
        var random = SeededRandom(seed: 17)
        for trial in 0..<300 {
            var region = DisjointRegion.bands(.empty)
            var oracle = Mask(.empty)
            for _ in 0..<random.int(1...30) {
                let rect = randomRect(&random, maxSide: 9)
                region.formUnion(rect)
                oracle.add(rect)
                XCTAssertEqual(Mask(union: region.pieces), oracle, "trial \(trial) after adding \(rect)")
                assertCanonical(region.pieces, "trial \(trial) after adding \(rect)")
                for (index, piece) in region.pieces.enumerated() {
                    for other in region.pieces[(index + 1)...] { XCTAssertFalse(piece.intersects(other), "trial \(trial)") }
                }
            }
        }
    }

    func testTheComplementOfARegionIsTheUnionOfWhatWasCutAsTheSameBands() {
        var random = SeededRandom(seed: 23)
        for trial in 0..<200 {
            let start = Rect(x: 0, y: 0, width: Double(Self.side), height: Double(Self.side))
            var region = DisjointRegion(start)
            var taken = DisjointRegion.bands(.empty)
            for _ in 0..<random.int(0...60) {
                for piece in region.subtract(randomRect(&random, maxSide: 6)) { taken.formUnion(piece) }
            }
            let complement = region.complement(within: start)
            assertCanonical(complement, "trial \(trial)")
            var oracle = Mask(start)
            for piece in region.pieces { oracle.remove(piece) }
            XCTAssertEqual(Mask(union: complement), oracle, "trial \(trial)")
            // Canonical bands are one way to write a region: the same rects.
            XCTAssertEqual(complement, taken.pieces, "trial \(trial)")
        }
    }

    func testADiagonalOfCutsLeavesTwoBandsNotOnePieceACut() {
        // Each cut a point further along the diagonal, front to back: what is
        // left is an L, which as cut would be one more sliver at every step.
        var region = DisjointRegion(Rect(x: 0, y: 0, width: 300, height: 300))
        for step in stride(from: 299, through: 1, by: -1) {
            let removed = region.subtract(Rect(x: Double(step), y: Double(step), width: 300, height: 300))
            if step < 250 {
                XCTAssertTrue(region.isBanded, "step \(step)")
                XCTAssertLessThanOrEqual(removed.count, 2, "step \(step)")
                XCTAssertLessThanOrEqual(region.pieces.count, 3, "step \(step)")
            }
        }
        XCTAssertEqual(region.pieces, [Rect(x: 0, y: 0, width: 300, height: 1), Rect(x: 0, y: 1, width: 1, height: 299)])
        XCTAssertFalse(region.isApproximate)
    }

    // MARK: MaximalRegion

    func testMaximalPiecesAreFreeMaximalCoverEverythingAndHoldTheLargestSquare() {
        var random = SeededRandom(seed: 11)
        for trial in 0..<300 {
            let start = Rect(x: 0, y: 0, width: Double(random.int(4...Self.side)), height: Double(random.int(4...Self.side)))
            var region = MaximalRegion(start)
            var oracle = Mask(start)
            for _ in 0..<random.int(0...8) {
                let cut = randomRect(&random, maxSide: 8)
                region.subtract(cut)
                oracle.remove(cut)
            }
            XCTAssertFalse(region.isApproximate)
            XCTAssertEqual(region.isEmpty, oracle.count == 0, "trial \(trial)")
            for piece in region.pieces {
                XCTAssertTrue(oracle.allFree(piece), "trial \(trial): \(piece) is not all free")
                // Maximal: no side can move out by one cell and stay free.
                let grown = [
                    Rect(minX: piece.minX - 1, minY: piece.minY, maxX: piece.maxX, maxY: piece.maxY),
                    Rect(minX: piece.minX, minY: piece.minY - 1, maxX: piece.maxX, maxY: piece.maxY),
                    Rect(minX: piece.minX, minY: piece.minY, maxX: piece.maxX + 1, maxY: piece.maxY),
                    Rect(minX: piece.minX, minY: piece.minY, maxX: piece.maxX, maxY: piece.maxY + 1),
                ]
                for bigger in grown where bigger.minX >= 0 && bigger.minY >= 0 && start.contains(bigger) {
                    XCTAssertFalse(oracle.allFree(bigger), "trial \(trial): \(piece) is not maximal")
                }
                XCTAssertEqual(region.pieces.filter { $0 == piece }.count, 1, "trial \(trial): \(piece) twice")
            }
            XCTAssertEqual(Mask(union: region.pieces), oracle, "trial \(trial): the pieces cover what is free")
            let best = region.bestPiece.map { Int(min($0.width, $0.height)) } ?? 0
            XCTAssertEqual(best, oracle.largestSquare, "trial \(trial): the largest square")
        }
    }

    func testAMaximalRegionThatACutMissesStaysOneRect() {
        var region = MaximalRegion(Rect(x: 0, y: 0, width: 44, height: 44))
        region.subtract(Rect(x: 44, y: 0, width: 10, height: 10))  // touching is not cutting
        region.subtract(.empty)
        XCTAssertEqual(region.pieces, [Rect(x: 0, y: 0, width: 44, height: 44)])
        region.subtract(Rect(x: 0, y: 0, width: 44, height: 44))
        XCTAssertTrue(region.isEmpty)
        XCTAssertNil(region.bestPiece)
    }

    // MARK: SpatialGrid

    func testTheGridFindsEveryRectThatTouchesAQueryOnce() {
        var random = SeededRandom(seed: 5)
        for trial in 0..<100 {
            var rects: [Rect] = []
            for _ in 0..<random.int(1...200) {
                switch random.int(0...9) {
                case 0: rects.append(Rect(x: 0, y: 0, width: 0, height: 0))  // empty: never found
                case 1: rects.append(Rect(x: -50, y: -50, width: 500, height: 500))  // too many cells: the short list
                default: rects.append(Rect(x: Double(random.int(0...300)), y: Double(random.int(0...300)),
                                           width: Double(random.int(1...40)), height: Double(random.int(1...40))))
                }
            }
            let ids = rects.indices.map { $0 * 3 + 1 }  // ids need not be positions
            let grid = SpatialGrid(rects: rects, ids: ids)
            var seen = VisitMarks(count: (ids.max() ?? 0) + 1)
            for _ in 0..<20 {
                let query = Rect(x: Double(random.int(-20...320)), y: Double(random.int(-20...320)),
                                 width: Double(random.int(0...80)), height: Double(random.int(0...80)))
                var found: [Int] = []
                grid.forEachCandidate(in: query, seen: &seen) { found.append($0) }
                XCTAssertEqual(Set(found).count, found.count, "trial \(trial): an id twice")
                let expected = Set(rects.indices.filter { rects[$0].intersects(query) }.map { ids[$0] })
                XCTAssertTrue(expected.isSubset(of: Set(found)), "trial \(trial): missed \(expected.subtracting(found))")
                for id in found { XCTAssertFalse(rects[(id - 1) / 3].isEmpty, "trial \(trial): an empty rect found") }
            }
        }
    }

    func testAFrontToBackWalkGivesEachIdAboveItsFloorOnceGreatestFirst() {
        var random = SeededRandom(seed: 19)
        var cursors = SpatialGrid.Cursors()
        for trial in 0..<100 {
            var rects: [Rect] = []
            // Some queries list a few ids (sorted at once), some many (merged).
            for _ in 0..<random.int(1...(trial % 2 == 0 ? 60 : 600)) {
                switch random.int(0...9) {
                case 0: rects.append(Rect(x: 0, y: 0, width: 0, height: 0))
                case 1: rects.append(Rect(x: -50, y: -50, width: 500, height: 500))  // the short list
                case 2: rects.append(Rect(x: 100, y: 100, width: 40, height: 40))  // a pile
                default: rects.append(Rect(x: Double(random.int(0...300)), y: Double(random.int(0...300)),
                                           width: Double(random.int(1...80)), height: Double(random.int(1...80))))
                }
            }
            let ids = rects.indices.map { $0 * 2 + 1 }
            let grid = SpatialGrid(rects: rects, ids: ids)
            XCTAssertTrue(grid.idsAscending)
            var seen = VisitMarks(count: (ids.max() ?? 0) + 1)
            for _ in 0..<20 {
                let query = Rect(x: Double(random.int(-20...320)), y: Double(random.int(-20...320)),
                                 width: Double(random.int(0...80)), height: Double(random.int(0...80)))
                let floor = random.int(-1...(2 * rects.count))
                var all: [Int] = []
                grid.forEachCandidate(in: query, seen: &seen) { all.append($0) }
                var walked: [Int] = []
                grid.forEachCandidateFrontToBack(in: query, above: floor, cursors: &cursors) { walked.append($0); return true }
                XCTAssertEqual(walked, all.filter { $0 > floor }.sorted(by: >), "trial \(trial)")
                XCTAssertGreaterThanOrEqual(grid.candidateCount(in: query, above: floor), walked.count, "trial \(trial)")
                var unordered: [Int] = []
                grid.forEachCandidate(in: query, above: floor) { unordered.append($0); return true }
                XCTAssertEqual(Set(unordered), Set(walked), "trial \(trial)")
                // With the caller's test: no id it fails is needed, and none it passes is missed.
                var passing: [Int] = []
                grid.forEachCandidateFrontToBack(in: query, above: floor, cursors: &cursors, passing: { $0 % 3 == 0 }) {
                    passing.append($0)
                    return true
                }
                XCTAssertEqual(passing.filter { $0 % 3 == 0 }, walked.filter { $0 % 3 == 0 }, "trial \(trial)")
                XCTAssertEqual(passing, passing.sorted(by: >), "trial \(trial)")
                // Stopped after three: the three frontmost.
                var first: [Int] = []
                grid.forEachCandidateFrontToBack(in: query, above: floor, cursors: &cursors) { first.append($0); return first.count < 3 }
                XCTAssertEqual(first, Array(walked.prefix(3)), "trial \(trial)")
            }
        }
    }

    func testAGridOverHostileCoordinatesAnswersWithoutTrapping() {
        let rects = [
            Rect(minX: -.infinity, minY: 0, maxX: .infinity, maxY: 10),
            Rect(minX: 0, minY: 0, maxX: .greatestFiniteMagnitude, maxY: .greatestFiniteMagnitude),
            Rect(x: 1e300, y: -1e300, width: 1e300, height: 1e300),
            Rect(x: 5, y: 5, width: 10, height: 10),
        ]
        let grid = SpatialGrid(rects: rects, ids: Array(rects.indices))
        var seen = VisitMarks(count: rects.count)
        var found: [Int] = []
        grid.forEachCandidate(in: Rect(x: 6, y: 6, width: 1, height: 1), seen: &seen) { found.append($0) }
        XCTAssertTrue(Set(found).isSuperset(of: [0, 1, 3]), "\(found)")
        found = []
        grid.forEachCandidate(in: Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity), seen: &seen) { found.append($0) }
        XCTAssertEqual(Set(found), Set(rects.indices))
        XCTAssertTrue(SpatialGrid(rects: [], ids: []).isEmpty)
    }

    func testAStampMarksEachIdOncePerQueryAndNeedsNoClearing() {
        var marks = VisitMarks(count: 4)
        for _ in 0..<3 {
            marks.next()
            XCTAssertEqual((0..<4).map { marks.mark($0) }, [true, true, true, true])
            XCTAssertEqual((0..<4).map { marks.mark($0) }, [false, false, false, false])
        }
    }
}
