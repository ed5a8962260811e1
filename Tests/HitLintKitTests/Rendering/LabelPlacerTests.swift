import XCTest
@testable import HitLintKit

/// Label placement: the same labels land where a plain first-come,
/// first-served scan over every box taken puts them, and placing one costs a
/// few box comparisons, not one per label placed before it.
final class LabelPlacerTests: XCTestCase {
    /// The placer as first written: every box taken, scanned for each spot.
    private struct PlainPlacer {
        var bounds: Rect
        var taken: [Rect] = []

        mutating func place(_ text: String, spots: [(x: Double, y: Double)], anchor: LabelPlacer.Anchor, within: Rect?) -> (x: Double, y: Double)? {
            for spot in spots {
                let box = LabelPlacer.box(text, x: spot.x, y: spot.y, anchor: anchor)
                guard bounds.contains(box), within.map({ $0.contains(box) }) ?? true else { continue }
                if taken.contains(where: { $0.intersects(box) }) { continue }
                taken.append(box)
                return spot
            }
            return nil
        }
    }

    func testPlacesWhereThePlainScanPlaces() {
        var random = SeededRandom(seed: 33)
        let anchors: [LabelPlacer.Anchor] = [.start, .middle, .end]
        let words = ["a", "play", "'toolbar' hit region", "44×44 pt", "6 pt", "'overlay' swallows touches", "b12_3 wins"]
        for round in 0..<40 {
            let bounds = Rect(x: Double(random.int(-50...50)), y: Double(random.int(-50...50)),
                              width: Double(random.int(1...900)), height: Double(random.int(1...700)))
            var placer = LabelPlacer(bounds: bounds)
            var plain = PlainPlacer(bounds: bounds)
            func coordinate(_ low: Double, _ length: Double) -> Double {
                // Inside mostly, now and then outside; on whole, half and odd positions.
                (low - 40 + Double(random.int(0...Int(length + 80))) + [0, 0.5, 0.25, 1.0 / 3][random.int(0...3)])
            }
            for _ in 0..<random.int(0...600) {
                if random.chance(0.3) {
                    let x = coordinate(bounds.minX, bounds.width), y = coordinate(bounds.minY, bounds.height)
                    let reach = Double(random.int(0...30))
                    let marker = Rect(minX: x - reach, minY: y - reach, maxX: x + reach, maxY: y + reach)
                    placer.reserve(marker)
                    plain.taken.append(marker)
                    continue
                }
                let text = random.pick(words)
                let spots = (0..<random.int(1...4)).map { _ in (x: coordinate(bounds.minX, bounds.width), y: coordinate(bounds.minY, bounds.height)) }
                let anchor = random.pick(anchors)
                let within: Rect? = random.chance(0.2) ? Rect(x: spots[0].x - 60, y: spots[0].y - 30, width: 120, height: 40) : nil
                let got = placer.place(text, spots: spots, anchor: anchor, within: within)
                let expected = plain.place(text, spots: spots, anchor: anchor, within: within)
                XCTAssertEqual(got.map { [$0.x, $0.y] }, expected.map { [$0.x, $0.y] }, "round \(round)")
            }
        }
    }

    /// Markers reserved with odd sizes (empty, inverted, infinite, NaN) are
    /// kept out of labels exactly as the plain scan keeps them.
    func testOddReservedBoxesCountAsThePlainScanCountsThem() {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        let odd = [Rect(minX: 10, minY: 10, maxX: 10, maxY: 40), Rect(minX: 50, minY: 50, maxX: 20, maxY: 20),
                   Rect(minX: -.infinity, minY: 100, maxX: .infinity, maxY: 120), Rect(minX: .nan, minY: 0, maxX: 50, maxY: 50),
                   Rect(minX: 200, minY: -.infinity, maxX: 210, maxY: .infinity), Rect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 5)]
        var placer = LabelPlacer(bounds: bounds)
        var plain = PlainPlacer(bounds: bounds)
        for rect in odd { placer.reserve(rect); plain.taken.append(rect) }
        for y in stride(from: 0.0, through: 300, by: 7) {
            for x in stride(from: 0.0, through: 400, by: 9) {
                let spots = [(x: x, y: y)]
                XCTAssertEqual(placer.place("ab", spots: spots, anchor: .start).map { [$0.x, $0.y] },
                               plain.place("ab", spots: spots, anchor: .start, within: nil).map { [$0.x, $0.y] }, "\(x), \(y)")
            }
        }
    }

    /// 20,000 labels on a grid, four in five of them placed, each with a
    /// marker beside it: a few comparisons each. (The plain scan compares a
    /// label with every box taken before it: some 200 million here.)
    func testPlacingALabelComparesAFewBoxes() {
        var placer = LabelPlacer(bounds: Rect(x: 0, y: 0, width: 4800, height: 2000))
        let count = 20_000
        var placed = 0
        for index in 0..<count {
            // A label "ab" takes [x − 1, x + 16.1] × [y − 11.1, y + 3.3]; the marker sits right of it.
            let x = Double(index % 200) * 24, y = Double(index / 200) * 20 + 12
            placer.reserve(Rect(minX: x + 17, minY: y - 10, maxX: x + 22, maxY: y - 5))
            if index % 5 == 0 { placer.reserve(Rect(minX: x, minY: y - 4, maxX: x + 4, maxY: y)) }
            if placer.place("ab", spots: [(x: x, y: y), (x: x + 2, y: y + 4)], anchor: .start) != nil { placed += 1 }
        }
        XCTAssertEqual(placed, count / 5 * 4)
        XCTAssertLessThan(placer.boxesCompared, 40 * count)
    }
}
