/// One view of the layout on the canvas: a part of the layout at one uniform
/// scale (so it is drawn to scale), placed in a box of the SVG.
struct Panel {
    enum Kind: String { case overview, detail }

    var kind: Kind
    var title: String
    /// The part of the layout shown, in points.
    var source: Rect
    /// Canvas units per point.
    var scale: Double
    /// The drawing area on the canvas (title above it, scale bar below).
    var frame: Rect

    func map(_ rect: Rect) -> Rect {
        Rect(minX: frame.minX + (rect.minX - source.minX) * scale, minY: frame.minY + (rect.minY - source.minY) * scale,
             maxX: frame.minX + (rect.maxX - source.minX) * scale, maxY: frame.minY + (rect.maxY - source.minY) * scale)
    }

    /// Whether a layout rect shows in this panel at all (shapes outside are left out).
    func shows(_ rect: Rect) -> Bool {
        let mapped = map(rect)
        return mapped.maxX >= frame.minX && mapped.minX <= frame.maxX && mapped.maxY >= frame.minY && mapped.minY <= frame.maxY
    }
}

/// Where the panels go. Sizes are in canvas units: the SVG has a viewBox, so
/// the browser scales shapes and text together.
struct Canvas {
    static let margin = 16.0
    static let titleHeight = 26.0
    static let footerHeight = 26.0
    static let gutter = 28.0
    /// The list beside the drawing in a standalone SVG.
    static let sideWidth = 470.0

    var panels: [Panel]
    /// Right and bottom edges of the panels.
    var width: Double
    var height: Double

    /// The whole layout, and a magnified detail around the diagnostics when they
    /// sit in a small part of it (the toolbar at the bottom of a phone screen).
    init(_ picture: LayoutPicture) {
        let bounds = picture.bounds
        let landscape = bounds.width > bounds.height * 1.15
        // With a detail beside it, the whole layout only has to say where the detail is.
        let hasFocus = picture.focus != nil
        let overviewBox = landscape ? (width: 720.0, height: 420.0)
            : (hasFocus ? (width: 200.0, height: 440.0) : (width: 360.0, height: 600.0))
        let overviewScale = min(overviewBox.width / bounds.width, overviewBox.height / bounds.height)
        let overviewFrame = Rect(x: Self.margin, y: Self.margin + Self.titleHeight,
                                 width: bounds.width * overviewScale, height: bounds.height * overviewScale)
        panels = [Panel(kind: .overview, title: "Layout \(formatLength(bounds.width))×\(formatLength(bounds.height)) \(picture.unitName)",
                        source: bounds, scale: overviewScale, frame: overviewFrame)]
        width = overviewFrame.maxX
        height = overviewFrame.maxY + Self.footerHeight

        guard let focus = picture.focus?.intersection(bounds), !focus.isEmpty else { return }
        let wide = focus.width > focus.height * 1.5
        let detailBox = wide ? (width: 760.0, height: 440.0) : (width: 640.0, height: 640.0)
        // Beyond 40 units per point a picture shows float noise, not layout.
        let detailScale = min(detailBox.width / focus.width, detailBox.height / focus.height, 40)
        guard detailScale >= overviewScale * 1.8 else { return }
        let ratio = detailScale / overviewScale
        let title = "Detail, \(formatLength(ratio >= 10 ? ratio.rounded() : (ratio * 10).rounded() / 10))× larger"
        let origin: (x: Double, y: Double) = landscape
            ? (Self.margin, height + Self.gutter + Self.titleHeight)
            : (overviewFrame.maxX + Self.gutter, Self.margin + Self.titleHeight)
        let detailFrame = Rect(x: origin.x, y: origin.y, width: focus.width * detailScale, height: focus.height * detailScale)
        panels.append(Panel(kind: .detail, title: title, source: focus, scale: detailScale, frame: detailFrame))
        width = max(width, detailFrame.maxX)
        height = max(height, detailFrame.maxY + Self.footerHeight)
    }

    var detail: Panel? { panels.first { $0.kind == .detail } }
}
