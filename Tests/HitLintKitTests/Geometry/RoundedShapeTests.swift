import XCTest
@testable import HitLintKit

/// `RoundedRect`: the pixel model of a rounded box against what Chromium
/// answers, and its bands against its own point test.
final class RoundedShapeTests: XCTestCase {
    /// Headless Chromium's `elementFromPoint(i, j)` at whole pixels over the
    /// top-left corner of a rounded box at (10, 10): for each pixel row, how many
    /// pixels from the box's left edge the first one that hits it is. A pixel
    /// the curve only touches hits it (row 5 of the 30 px corner: the curve
    /// meets the pixel's corner).
    func testCornersMatchWhatChromiumHits() {
        let measured: [(rect: Rect, radius: Double, firstHit: [Int])] = [
            (Rect(x: 10, y: 10, width: 100, height: 100), 30,
             [22, 19, 16, 15, 13, 11, 10, 9, 8, 7, 6, 5, 5, 4, 4, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
            (Rect(x: 10, y: 10, width: 30, height: 30), 10, [5, 3, 2, 1, 1, 0, 0, 0, 0, 0]),
            (Rect(x: 100, y: 10, width: 40, height: 40), 7, [3, 2, 1, 0, 0, 0, 0]),
        ]
        for (rect, radius, firstHit) in measured {
            for (row, expected) in firstHit.enumerated() {
                let y = rect.minY + Double(row)
                let first = (0..<Int(rect.width)).first { RoundedRect.contains(rect, radius: radius, x: rect.minX + Double($0), y: y) }
                XCTAssertEqual(first, expected, "radius \(radius), row \(row)")
                let bands = RoundedRect.bands(rect, radius: radius)
                let band = bands.first { $0.minY <= y && y < $0.maxY }
                XCTAssertEqual(band.map { $0.minX - rect.minX }, Double(expected), "radius \(radius), row \(row): band")
            }
        }
    }

    /// Bands are sorted, disjoint, inside the rect, and hold exactly the points
    /// `contains` accepts, for whole-pixel and fractional rects and radii.
    func testBandsHoldExactlyThePointsInside() {
        var random = SeededRandom(seed: 7)
        var checked = 0
        for number in 0..<300 {
            let fractional = number % 3 == 0
            func value(_ range: ClosedRange<Int>) -> Double {
                Double(random.int(range)) + (fractional ? Double(random.int(0...7)) / 8 : 0)
            }
            let rect = Rect(x: value(-20...20), y: value(-20...20), width: value(0...60), height: value(0...60))
            let radius = number % 10 == 0 ? value(30...90) : value(0...25)
            let bands = RoundedRect.bands(rect, radius: radius)
            for (first, second) in zip(bands, bands.dropFirst()) {
                XCTAssertLessThanOrEqual(first.maxY, second.minY, "\(rect) r \(radius): bands out of order")
            }
            for band in bands { XCTAssertTrue(rect.contains(band), "\(rect) r \(radius): \(band) outside") }
            for y in stride(from: rect.minY - 1.0625, through: rect.maxY + 1, by: 0.25) {
                for x in stride(from: rect.minX - 1.0625, through: rect.maxX + 1, by: 0.25) {
                    XCTAssertEqual(Bands.contains(bands, x: x, y: y), RoundedRect.contains(rect, radius: radius, x: x, y: y),
                                   "\(rect) r \(radius) at (\(x), \(y))")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// A radius too large for a band per pixel row is cut into a bounded number
    /// of bands, each inside the true curve; a hostile size finishes at once.
    func testLargeRadiiHaveBoundedBandsInsideTheCurve() {
        let rect = Rect(x: 0, y: 0, width: 1_000, height: 600)
        let bands = RoundedRect.bands(rect, radius: 300)
        XCTAssertLessThanOrEqual(bands.count, 2 * Int(RoundedRect.maximumExactRadius) + 1)
        let centreTop = (x: 300.0, y: 300.0)
        for band in bands where band.minY < 300 {
            // The band's top-left corner lies inside the top-left corner's circle.
            let dx = band.minX - centreTop.x, dy = band.minY - centreTop.y
            XCTAssertLessThanOrEqual((dx * dx + dy * dy).squareRoot(), 300 + 1e-9, "\(band)")
        }
        let hostile = RoundedRect.bands(Rect(x: 0, y: 0, width: 1e300, height: 1e300), radius: 1e300)
        XCTAssertLessThanOrEqual(hostile.count, 2 * Int(RoundedRect.maximumExactRadius) + 1)
        XCTAssertTrue(RoundedRect.bands(Rect(x: 5, y: 5, width: 0, height: 10), radius: 4).isEmpty)
        XCTAssertEqual(RoundedRect.bands(Rect(x: 5, y: 5, width: 10, height: 10), radius: 0), [Rect(x: 5, y: 5, width: 10, height: 10)])
    }

    /// Only the web rounds hit-testing: the same layout on UIKit and Android
    /// has rectangular gates.
    func testCornerRadiusShapesGatesOnTheWebOnly() throws {
        for platform in Platform.allCases {
            let text = """
            {"platform": "\(platform.rawValue)", "root": {"frame": [0, 0, 200, 200], "children": [
              {"id": "round", "type": "button", "frame": [10, 10, 40, 40], "cornerRadius": 20},
              {"id": "clip", "frame": [100, 100, 40, 40], "cornerRadius": 10, "clipsToBounds": true,
               "children": [{"id": "inner", "type": "button", "frame": [0, 0, 40, 40]}]}]}}
            """
            let (layout, _) = LayoutBuilder.build(try JSONParser.parse(SourceText(text)))
            let geometry = Geometry(layout: layout)
            let reference = ReferenceHitTest(geometry)
            // The corner pixel of each rounded box, and the middle.
            XCTAssertEqual(geometry.hitTest(x: 10.5, y: 10.5).target != nil, platform != .web, "\(platform)")
            XCTAssertEqual(reference.hitTest(x: 100.5, y: 100.5).target != nil, platform != .web, "\(platform)")
            XCTAssertEqual(geometry.hitTest(x: 100.5, y: 100.5), reference.hitTest(x: 100.5, y: 100.5))
            XCTAssertNotNil(geometry.hitTest(x: 30, y: 30).target)
            XCTAssertEqual(geometry.hasShapedGates, platform == .web)
        }
    }
}
