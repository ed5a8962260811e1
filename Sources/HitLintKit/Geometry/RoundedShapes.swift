/// A rectangle with rounded corners (CSS `border-radius`), as the web hit-tests
/// it, at pixel resolution.
///
/// Chromium hit-tests a point (x, y) as the square from it to (x + 1, y + 1):
/// a box is hit when the square overlaps it, a rounded box when the square
/// touches its curve (the circle of a corner, closed). At whole-pixel
/// positions, where a pointer at one CSS px per device pixel is, that is
/// whether the pixel touches the rounded shape, and so hitlint judges a point
/// by the pixel it is in (cut to the rectangle when the rectangle's edge splits
/// the pixel): for a layout on whole pixels, the same answer as the browser at
/// every pixel. It lets the rest of the geometry stay rectangles: the rounded
/// region is a stack of bands, one rectangle per pixel row across the corners
/// (`bands`).
///
/// Radii are clamped to half the shorter side, as CSS scales radii that do not
/// fit. Past `maximumExactRadius` a corner is cut into that many bands inside
/// the curve rather than one per pixel row (a hostile file's radius of 10⁹
/// would otherwise mean 10⁹ rows).
public enum RoundedRect {
    public static let maximumExactRadius = 128.0

    /// The radius the browser uses for `rect`.
    @inline(__always) public static func effectiveRadius(_ rect: Rect, _ radius: Double) -> Double {
        guard radius > 0, !rect.isEmpty else { return 0 }
        return min(radius, rect.width / 2, rect.height / 2)
    }

    /// Whether (x, y) is inside `rect` rounded by `radius`: inside the rect
    /// (half-open, as `Rect.contains`), in a pixel that touches the rounded
    /// shape. The literal definition, which `bands` must agree with.
    public static func contains(_ rect: Rect, radius: Double, x: Double, y: Double) -> Bool {
        guard rect.contains(x: x, y: y) else { return false }
        let radius = effectiveRadius(rect, radius)
        guard radius > 0 else { return true }
        return pixelTouches(rect, radius, column: x.rounded(.down), row: y.rounded(.down))
    }

    /// Whether the pixel at (column, row), cut to the rect, touches the rounded
    /// rect: comes within `radius` of the rect inset by the radius (a pixel the
    /// curve only touches counts, as in Chromium).
    @inline(__always) private static func pixelTouches(_ rect: Rect, _ radius: Double, column: Double, row: Double) -> Bool {
        let gx = gap(column, rect.minX, rect.maxX, radius)
        let gy = gap(row, rect.minY, rect.maxY, radius)
        return gx * gx + gy * gy <= radius * radius
    }

    /// How far the pixel [start, start + 1], cut to [low, high], lies outside
    /// [low + radius, high - radius].
    @inline(__always) private static func gap(_ start: Double, _ low: Double, _ high: Double, _ radius: Double) -> Double {
        max(0, low + radius - min(start + 1, high), max(start, low) - (high - radius))
    }

    /// The rounded rect as bands, top to bottom, each one rectangle spanning the
    /// pixels of its rows that touch the rounded shape (`contains` answers the
    /// same for every point; see `maximumExactRadius` beyond).
    public static func bands(_ rect: Rect, radius: Double) -> [Rect] {
        let radius = effectiveRadius(rect, radius)
        guard radius > 0 else { return rect.isEmpty ? [] : [rect] }
        // Pixel rows stop being whole numbers apart far from the origin.
        let far = max(abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY)) > 1e12
        guard radius <= maximumExactRadius, !far else { return coarseBands(rect, radius: radius) }
        var bands: [Rect] = []
        func rowGap(_ row: Double) -> Double { gap(row, rect.minY, rect.maxY, radius) }
        var row = rect.minY.rounded(.down)
        while row < rect.maxY {
            let gy = rowGap(row)
            if gy == 0 {
                // Between the corners every row is the whole width: one band down
                // to the last row that still reaches between them.
                var last = max(row, (rect.maxY - radius).rounded(.down))
                while last > row, rowGap(last) > 0 { last -= 1 }
                while last + 1 < rect.maxY, rowGap(last + 1) == 0 { last += 1 }
                append(Rect(minX: rect.minX, minY: max(rect.minY, row), maxX: rect.maxX, maxY: min(rect.maxY, last + 1)), to: &bands)
                row = last + 1
                continue
            }
            if let (left, right) = span(rect, radius, row: row, gy: gy) {
                append(Rect(minX: left, minY: max(rect.minY, row), maxX: right, maxY: min(rect.maxY, row + 1)), to: &bands)
            }
            row += 1
        }
        return bands
    }

    /// The pixels of a row across the corners that touch the shape, as
    /// [left, right); nil when none does. They are one run of columns (the
    /// shape is convex): found from where the curve crosses the row, then
    /// checked with the exact test on either side.
    private static func span(_ rect: Rect, _ radius: Double, row: Double, gy: Double) -> (Double, Double)? {
        let half = max(0, radius * radius - gy * gy).squareRoot()
        func inside(_ column: Double) -> Bool { pixelTouches(rect, radius, column: column, row: row) }
        let lowColumn = rect.minX.rounded(.down)
        let highColumn = rect.maxX.rounded(.up) - 1
        var first = min(max(lowColumn, (rect.minX + radius - half - 1).rounded(.up)), highColumn + 1)
        for _ in 0..<2 where first > lowColumn && inside(first - 1) { first -= 1 }
        for _ in 0..<2 where first <= highColumn && !inside(first) { first += 1 }
        var last = max(min(highColumn, (rect.maxX - radius + half).rounded(.down)), lowColumn - 1)
        for _ in 0..<2 where last < highColumn && inside(last + 1) { last += 1 }
        for _ in 0..<2 where last >= lowColumn && !inside(last) { last -= 1 }
        guard first <= last else { return nil }
        return (max(rect.minX, first), min(rect.maxX, last + 1))
    }

    /// A corner larger than `maximumExactRadius`: `maximumExactRadius` bands per
    /// corner, each as wide as the curve at its row farther from the middle, so
    /// every band lies inside the curve.
    private static func coarseBands(_ rect: Rect, radius: Double) -> [Rect] {
        let steps = Int(maximumExactRadius)
        let step = radius / Double(steps)
        var bands: [Rect] = []
        func width(atDepth depth: Double) -> Double {
            // How far in from the side the curve is, `depth` below the corner's top.
            let dy = radius - depth
            return radius - max(0, radius * radius - dy * dy).squareRoot()
        }
        for index in 0..<steps {
            let inset = width(atDepth: Double(index) * step)
            append(Rect(minX: rect.minX + inset, minY: rect.minY + Double(index) * step,
                        maxX: rect.maxX - inset, maxY: rect.minY + Double(index + 1) * step), to: &bands)
        }
        append(Rect(minX: rect.minX, minY: rect.minY + radius, maxX: rect.maxX, maxY: rect.maxY - radius), to: &bands)
        for index in (0..<steps).reversed() {
            let inset = width(atDepth: Double(index) * step)
            append(Rect(minX: rect.minX + inset, minY: rect.maxY - Double(index + 1) * step,
                        maxX: rect.maxX - inset, maxY: rect.maxY - Double(index) * step), to: &bands)
        }
        return bands
    }

    /// Appends a band, merged into the last when it continues it with the same width.
    @inline(__always) static func append(_ band: Rect, to bands: inout [Rect]) {
        guard !band.isEmpty else { return }
        if let last = bands.last, last.minX == band.minX, last.maxX == band.maxX, last.maxY == band.minY {
            bands[bands.count - 1].maxY = band.maxY
        } else {
            bands.append(band)
        }
    }
}

/// A region stored as horizontal bands, top to bottom, each one rectangle: a
/// rounded rectangle cut by rectangles and other rounded rectangles (a convex
/// region meets every horizontal line in one interval, so one rectangle per
/// band is enough).
enum Bands {
    /// The region inside both.
    static func intersection(_ lhs: [Rect], _ rhs: [Rect]) -> [Rect] {
        var result: [Rect] = []
        var i = 0, j = 0
        while i < lhs.count, j < rhs.count {
            let a = lhs[i], b = rhs[j]
            let cut = a.intersection(b)
            if !cut.isEmpty { RoundedRect.append(cut, to: &result) }
            if a.maxY <= b.maxY { i += 1 } else { j += 1 }
        }
        return result
    }

    static func intersection(_ bands: [Rect], _ rect: Rect) -> [Rect] {
        var result: [Rect] = []
        for band in bands {
            let cut = band.intersection(rect)
            if !cut.isEmpty { result.append(cut) }
        }
        return result
    }

    /// Whether the point is in one of the bands (binary search on the rows).
    static func contains(_ bands: [Rect], x: Double, y: Double) -> Bool {
        var low = 0, high = bands.count
        while low < high {
            let middle = (low + high) / 2
            if bands[middle].maxY <= y { low = middle + 1 } else { high = middle }
        }
        return low < bands.count && bands[low].contains(x: x, y: y)
    }

    static func bounds(_ bands: [Rect]) -> Rect {
        guard var result = bands.first else { return .empty }
        for band in bands.dropFirst() { result = result.union(band) }
        return result
    }
}
