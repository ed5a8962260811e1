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
