/// Draws one file as SVG: the layout to scale, with each target's hit area,
/// reachable region and what took the rest, numbered diagnostic markers, and in
/// a standalone SVG the legend and the list of diagnostics beside the drawing.
///
/// Pure string building: the same input gives the same bytes (node order,
/// fixed number formatting, no dictionaries iterated).
public struct SVGRenderer {
    public enum Mode: Sendable {
        /// A file of its own: XML declaration, fixed size, legend and list inside.
        case standalone
        /// Inline in the HTML page, which gives the legend and list in HTML.
        case embedded
    }

    let input: RenderInput
    let picture: LayoutPicture
    let canvas: Canvas

    public init(_ input: RenderInput) {
        self.input = input
        picture = LayoutPicture(input)
        canvas = Canvas(picture)
    }

    var isDrawable: Bool { input.context != nil }

    /// The screenshot and where it lies, when there is one to draw.
    private var screenshot: (image: Screenshot, placement: ScreenshotPlacement)? {
        guard isDrawable, let image = input.screenshot, let placement = picture.screenshot else { return nil }
        return (image, placement)
    }

    public func svg(mode: Mode = .standalone) -> String {
        var out = ""
        write(mode: mode, to: &out)
        return out
    }

    /// The SVG, written piece by piece: a page of `--render-dir` goes to its
    /// file as it is made, the screenshot's bytes encoded straight into it.
    func write<Output: MarkupOutput>(mode: Mode = .standalone, to out: inout Output) {
        let drawingWidth = isDrawable ? canvas.width : 360
        let drawingHeight = isDrawable ? canvas.height : 120
        var width = drawingWidth + Canvas.margin
        var height = drawingHeight + Canvas.margin
        var side = ""
        if mode == .standalone {
            let list = SVGSidePanel(input: input, x: drawingWidth + Canvas.gutter, y: Canvas.margin)
            side = list.markup()
            width = drawingWidth + Canvas.gutter + Canvas.sideWidth + Canvas.margin
            height = max(height, list.height + Canvas.margin * 2)
        }
        if mode == .standalone { out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") }
        // Its natural size; the HTML page lets it shrink (never grow) to fit the window.
        let size = " width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\""
        let shot = screenshot
        let classes = shot == nil ? "hitlint" : "hitlint with-screenshot"
        out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(classes)\" viewBox=\"0 0 \(svgNumber(width)) \(svgNumber(height))\"\(size) role=\"img\" aria-label=\"\(escapeMarkup("hit areas of " + input.result.path))\">\n")
        out.write("<style>\n" + Self.style + (shot == nil ? "" : Self.literalScreenshotStyle) + "</style>\n")
        out.write(Self.definitions)
        if let (image, _) = shot {
            // Once, however many panels show it: the bytes are most of the file.
            out.write("<defs><image id=\"hitlint-screenshot\" width=\"\(image.pixelWidth)\" height=\"\(image.pixelHeight)\" preserveAspectRatio=\"none\" href=\"")
            out.writeDataURI(of: image)
            out.write("\"/></defs>\n")
        }
        out.write(rectElement(Rect(x: 0, y: 0, width: width, height: height), [("class", "canvas")]) + "\n")
        if isDrawable {
            for panel in canvas.panels { draw(panel, to: &out) }
        } else {
            out.write("<text class=\"panel-title\" x=\"\(svgNumber(Canvas.margin))\" y=\"\(svgNumber(Canvas.margin + 16))\">Nothing to draw</text>\n")
            out.write("<text class=\"caption\" x=\"\(svgNumber(Canvas.margin))\" y=\"\(svgNumber(Canvas.margin + 40))\">The layout is not valid: see the diagnostics.</text>\n")
        }
        out.write(side)
        out.write("</svg>\n")
    }

    // MARK: - One panel

    /// Written into `out` as it is made, layer by layer: a panel of tens of
    /// thousands of targets is most of a picture, and is not to be held
    /// whole beside it.
    private func draw<Output: MarkupOutput>(_ panel: Panel, to out: inout Output) {
        let frame = panel.frame
        let name = panel.kind.rawValue
        out.write("<g class=\"panel panel-\(name)\">\n")
        out.write("<text class=\"panel-title\" x=\"\(svgNumber(frame.minX))\" y=\"\(svgNumber(frame.minY - 9))\">\(escapeMarkup(panel.title))</text>\n")
        out.write("<clipPath id=\"clip-\(name)\">\(rectElement(frame))</clipPath>\n")
        out.write(rectElement(frame, [("class", "panel-frame")]) + "\n")
        out.write("<g clip-path=\"url(#clip-\(name))\">\n")

        // Markers first, so labels can keep clear of them.
        // Beside a detail, the whole layout only shows where things are: the
        // markers and the wording are in the detail, where there is room for them.
        let isContext = panel.kind == .overview && canvas.detail != nil
        var placer = LabelPlacer(bounds: frame, annotates: !isContext)
        let markers = isContext ? [] : markerPositions(panel)
        let reach = Self.markerRadius + 1
        for marker in markers { placer.reserve(Rect(minX: marker.x - reach, minY: marker.y - reach, maxX: marker.x + reach, maxY: marker.y + reach)) }

        if let (_, placement) = screenshot, panel.shows(placement.screen) {
            // A viewport on the screen whose viewBox is the part of the picture
            // the screen shows: it scales the picture and cuts off what lies
            // below the screen.
            let box = panel.map(placement.screen)
            let shown = placement.shownPixels
            out.write("<g class=\"layer layer-screenshot\"><svg class=\"screenshot\" x=\"\(svgNumber(box.minX))\" y=\"\(svgNumber(box.minY))\" width=\"\(svgNumber(box.width))\" height=\"\(svgNumber(box.height))\"")
            out.write(" viewBox=\"0 0 \(svgNumber(shown.width)) \(svgNumber(shown.height))\" preserveAspectRatio=\"none\" overflow=\"hidden\"><use href=\"#hitlint-screenshot\"/></svg></g>\n")
        }
        writeLayer(into: &out, .views, views(panel))
        writeLayer(into: &out, .hitAreas, picture.targets.filter { panel.shows($0.intendedHitRect) && $0.intendedHitRect != $0.visibleFrame }.map {
            "<path class=\"hit\" data-node=\"\($0.node)\" d=\"\(bandPath(outer: panel.map($0.intendedHitRect), inner: panel.map($0.visibleFrame)))\"/>"
        })
        writeLayer(into: &out, .reachable, picture.targets.filter { !$0.reachable.isEmpty && panel.shows($0.intendedHitRect) }.map {
            "<path class=\"reach\" d=\"\(unionPath($0.reachable.map(panel.map)))\"/>"
        })
        writeLayer(into: &out, .targets, picture.targets.filter { panel.shows($0.visibleFrame) }.map {
            "<g class=\"target\" data-node=\"\($0.node)\"><title>\(escapeMarkup($0.tip))</title>\(rectElement(panel.map($0.visibleFrame)))</g>"
        })
        var annotations: [String] = []  // labels of the loss layers, placed before the ids
        writeLayer(into: &out, .dead, dead(panel, placer: &placer, labels: &annotations))
        writeLayer(into: &out, .overlaps, overlaps(panel, placer: &placer))
        writeLayer(into: &out, .occluders, occluders(panel, placer: &placer))
        writeLayer(into: &out, .gaps, gaps(panel, placer: &placer))
        writeLayer(into: &out, .minimum, minimumSquares(panel, placer: &placer))
        writeLayer(into: &out, .labels, annotations + labels(panel, placer: &placer))
        writeLayer(into: &out, .markers, markers.map { marker in
            let number = String(marker.number)
            return "<a href=\"#d\(number)\"><g class=\"marker \(marker.severity.rawValue)\" data-d=\"\(number)\" data-node=\"\(marker.node)\">"
                + "<circle cx=\"\(svgNumber(marker.x))\" cy=\"\(svgNumber(marker.y))\" r=\"\(svgNumber(Self.markerRadius))\"/>"
                + "<text x=\"\(svgNumber(marker.x))\" y=\"\(svgNumber(marker.y + 4.5))\">\(number)</text></g></a>"
        })
        out.write("</g>\n")
        if panel.kind == .overview, let detail = canvas.detail {
            let box = panel.map(detail.source)
            out.write(rectElement(box, [("class", "detail-box")]) + "\n")
        }
        out.write(scaleBar(panel))
        out.write("</g>\n")
    }

    private func writeLayer<Output: MarkupOutput>(into out: inout Output, _ layer: Layer, _ items: [String]) {
        guard !items.isEmpty else { return }
        out.write("<g class=\"layer layer-\(layer.rawValue)\">\n")
        for (index, item) in items.enumerated() {
            if index > 0 { out.write("\n") }
            out.write(item)
        }
        out.write("\n</g>\n")
    }

    private func views(_ panel: Panel) -> [String] {
        var items: [String] = []
        for view in picture.views where !view.frame.isEmpty && panel.shows(view.frame) {
            let kind = view.node == 0 ? "view screen" : (view.isInvisible ? "view invisible" : "view")
            items.append("<g class=\"\(kind)\" data-node=\"\(view.node)\"><title>\(escapeMarkup(view.tip))</title>\(rectElement(panel.map(view.frame)))</g>")
        }
        return items
    }

    private func dead(_ panel: Panel, placer: inout LabelPlacer, labels: inout [String]) -> [String] {
        var items: [String] = []
        for target in picture.targets where !target.dead.isEmpty && panel.shows(target.intendedHitRect) {
            items.append("<path class=\"dead\" d=\"\(unionPath(target.dead.map(panel.map)))\"/>")
        }
        // How deep each cut strip is, written in the strip when it fits there.
        for target in picture.targets where panel.shows(target.intendedHitRect) {
            for (strip, depth) in target.deadSides {
                let box = panel.map(strip)
                let label = "\(formatLength(depth)) \(picture.unitName)"
                if let spot = placer.annotate(label, spots: [(x: box.midX, y: box.midY + LabelPlacer.fontSize * 0.35)], anchor: .middle, within: box) {
                    labels.append(text(label, at: spot, anchor: .middle, classes: "label dead-label"))
                }
            }
        }
        for boundary in picture.boundaries where panel.shows(boundary.rect) {
            let box = panel.map(boundary.rect)
            items.append(rectElement(box, [("class", "boundary")]))
            // Under the boundary's bottom-left corner, else over its top-left.
            let spots = [(x: box.minX, y: box.maxY + 13), (x: box.minX, y: box.minY - 5), (x: box.minX + 3, y: box.maxY - 4)]
            if let spot = placer.annotate(boundary.label, spots: spots, anchor: .start) {
                labels.append(text(boundary.label, at: spot, anchor: .start, classes: "label dead-label"))
            }
        }
        return items
    }

    private func overlaps(_ panel: Panel, placer: inout LabelPlacer) -> [String] {
        var items: [String] = []
        var winners: Set<Int> = []
        for taking in picture.overlaps where panel.shows(taking.takerRect) {
            let pieces = taking.pieces.map(panel.map)
            items.append("<path class=\"taken\" d=\"\(unionPath(pieces))\"/>")
            guard winners.insert(taking.taker).inserted else { continue }
            let box = panel.map(taking.takerRect)
            items.append(rectElement(box, [("class", "winner")]))
            let area = pieces.dropFirst().reduce(pieces.first ?? box) { $0.union($1) }
            let label = "\(taking.takerName) wins"
            let spots = [(x: area.midX, y: area.minY - 5), (x: area.midX, y: area.maxY + 13), (x: box.midX, y: box.minY - 5), (x: box.midX, y: box.maxY + 13)]
            if let spot = placer.annotate(label, spots: spots, anchor: .middle) {
                items.append(text(label, at: spot, anchor: .middle, classes: "label overlap-label"))
            }
        }
        return items
    }

    private func occluders(_ panel: Panel, placer: inout LabelPlacer) -> [String] {
        var items: [String] = []
        var drawn: Set<Int> = []
        for taking in picture.occlusions where panel.shows(taking.takerRect) {
            if drawn.insert(taking.taker).inserted {
                let box = panel.map(taking.takerRect)
                items.append(rectElement(box, [("class", "occluder")]))
                let label = "'\(taking.takerName)' swallows touches"
                let spots = [(x: box.minX + 4, y: box.maxY - 6), (x: box.minX + 4, y: box.minY + 13), (x: box.minX, y: box.maxY + 13)]
                if let spot = placer.annotate(label, spots: spots, anchor: .start) {
                    items.append(text(label, at: spot, anchor: .start, classes: "label occluder-label"))
                }
            }
            items.append("<path class=\"swallowed\" d=\"\(unionPath(taking.pieces.map(panel.map)))\"/>")
        }
        return items
    }

    private func gaps(_ panel: Panel, placer: inout LabelPlacer) -> [String] {
        var items: [String] = []
        for gap in picture.gaps where panel.shows(gap.rect) {
            var box = panel.map(gap.rect)
            // A gap thinner than a line would vanish at this scale: draw it at least 2 units wide.
            if box.width < 2 { box = Rect(minX: box.midX - 1, minY: box.minY, maxX: box.midX + 1, maxY: box.maxY) }
            if box.height < 2 { box = Rect(minX: box.minX, minY: box.midY - 1, maxX: box.maxX, maxY: box.midY + 1) }
            items.append(rectElement(box, [("class", "gap")]))
            let spots = [(x: box.midX, y: box.minY - 5), (x: box.midX, y: box.maxY + 13)]
            if let spot = placer.annotate(gap.label, spots: spots, anchor: .middle) {
                items.append(text(gap.label, at: spot, anchor: .middle, classes: "label gap-label"))
            }
        }
        return items
    }

    private func minimumSquares(_ panel: Panel, placer: inout LabelPlacer) -> [String] {
        var items: [String] = []
        for square in picture.minimumSquares where panel.shows(square.square) {
            let box = panel.map(square.square)
            items.append(rectElement(box, [("class", "minimum")]))
            let spots = [(x: box.maxX + 4, y: box.maxY - 3), (x: box.minX, y: box.maxY + 13)]
            if let spot = placer.annotate(square.label, spots: spots, anchor: .start) {
                items.append(text(square.label, at: spot, anchor: .start, classes: "label minimum-label"))
            }
        }
        return items
    }

    /// Target ids in their frames (or just under them), then ids of other views
    /// above their top-left corners, where there is room.
    private func labels(_ panel: Panel, placer: inout LabelPlacer) -> [String] {
        var items: [String] = []
        for target in picture.targets where panel.shows(target.visibleFrame) {
            let box = panel.map(target.visibleFrame)
            let baseline = box.midY + LabelPlacer.fontSize * 0.35
            let spots = [(x: box.midX, y: baseline), (x: box.midX, y: box.maxY + 12)]
            // Inside the frame only if it fits there entirely; otherwise under it.
            let inside = LabelPlacer.box(target.name, x: box.midX, y: baseline, anchor: .middle)
            if let spot = placer.place(target.name, spots: box.contains(inside) ? spots : [spots[1]], anchor: .middle) {
                items.append(text(target.name, at: spot, anchor: .middle, classes: "label target-label"))
            }
        }
        let targetNodes = Set(picture.targets.map(\.node))
        for view in picture.views where view.node > 0 && !targetNodes.contains(view.node) && !view.isInvisible && panel.shows(view.frame) {
            guard let id = view.id, !view.frame.isEmpty else { continue }
            let box = panel.map(view.frame)
            let spots = [(x: box.minX, y: box.minY - 4), (x: box.minX + 3, y: box.minY + 12)]
            if let spot = placer.place(id, spots: spots, anchor: .start) {
                items.append(text(id, at: spot, anchor: .start, classes: "label view-label"))
            }
        }
        return items
    }

    private func text(_ string: String, at spot: (x: Double, y: Double), anchor: LabelPlacer.Anchor, classes: String) -> String {
        let anchorAttribute = anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\""
        return "<text class=\"\(classes)\" x=\"\(svgNumber(spot.x))\" y=\"\(svgNumber(spot.y))\"\(anchorAttribute)>\(escapeMarkup(string))</text>"
    }

    /// Markers sit on the top-right corner of the node's visible frame, several
    /// on one node in a row leftwards, kept inside the panel.
    private func markerPositions(_ panel: Panel) -> [(number: Int, severity: Severity, node: Int, x: Double, y: Double)] {
        var result: [(number: Int, severity: Severity, node: Int, x: Double, y: Double)] = []
        let shown = picture.markers.filter { panel.shows($0.anchor) }
        var countByNode: [Int: Int] = [:]
        for marker in shown { countByNode[marker.node, default: 0] += 1 }
        var placedByNode: [Int: Int] = [:]
        let radius = Self.markerRadius
        for marker in shown {
            let box = panel.map(marker.anchor)
            let order = placedByNode[marker.node, default: 0]
            placedByNode[marker.node] = order + 1
            let count = Double(countByNode[marker.node, default: 1])
            let step = 2 * radius + 3
            let frame = panel.frame
            // The whole row is kept inside the panel, so markers never pile up at an edge.
            let lastX = max(min(box.maxX, frame.maxX - radius - 1), frame.minX + radius + 1 + (count - 1) * step)
            let x = lastX - (count - 1 - Double(order)) * step
            let y = min(max(box.minY, frame.minY + radius + 1), frame.maxY - radius - 1)
            result.append((marker.number, marker.severity, marker.node, x, y))
        }
        return result
    }

    /// A bar as long as the minimum target size, under the panel: the yardstick
    /// for everything drawn in it.
    private func scaleBar(_ panel: Panel) -> String {
        let length = picture.minimum * panel.scale
        let x = panel.frame.minX
        let y = panel.frame.maxY + 14
        let caption = "\(formatLength(picture.minimum)) \(picture.unitName), the minimum target size (\(picture.profileName))"
        return "<path class=\"scale-bar\" d=\"M\(svgNumber(x)) \(svgNumber(y - 4))V\(svgNumber(y))H\(svgNumber(x + length))V\(svgNumber(y - 4))\"/>"
            + "<text class=\"caption\" x=\"\(svgNumber(x + length + 6))\" y=\"\(svgNumber(y + 1))\">\(escapeMarkup(caption))</text>\n"
    }

    static let markerRadius = 11.0

    // MARK: - Style

    /// Hatching tells the three kinds of loss apart without colour.
    static let definitions = """
    <defs>
    <pattern id="hatch-dead" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect class="hatch-dead-bg" width="8" height="8"/><line class="hatch-dead-line" x1="1" y1="0" x2="1" y2="8"/></pattern>
    <pattern id="hatch-overlap" patternUnits="userSpaceOnUse" width="7" height="7" patternTransform="rotate(-45)"><rect class="hatch-overlap-bg" width="7" height="7"/><line class="hatch-overlap-line" x1="1" y1="0" x2="1" y2="7"/></pattern>
    <pattern id="hatch-occluder" patternUnits="userSpaceOnUse" width="8" height="8"><rect class="hatch-occluder-bg" width="8" height="8"/><path class="hatch-occluder-line" d="M0 4H8M4 0V8"/></pattern>
    </defs>

    """

    /// The screenshot's opacity, in percent, until the page's slider moves.
    static let screenshotOpacity = 60

    /// Added when a screenshot is drawn: the picture faded (the HTML page's
    /// slider sets `--screenshot-opacity`), the screen's own fill made
    /// transparent so it shows (still there for the hover), and the fills over
    /// it lighter so the picture shows through; hidden, the drawing is as
    /// without it.
    static let screenshotStyle = """
    .screenshot{opacity:var(--screenshot-opacity,\(formatLength(Double(screenshotOpacity) / 100)));pointer-events:none}
    .hide-screenshot .layer-screenshot{display:none}
    .with-screenshot:not(.hide-screenshot) .view.screen rect{fill:transparent}
    .with-screenshot:not(.hide-screenshot) .target rect{fill-opacity:.2}
    .with-screenshot:not(.hide-screenshot) .reach{fill-opacity:.26}

    """

    static let literalScreenshotStyle = Palette.withLiteralColors(screenshotStyle)

    static let style: String = {
        var css = Palette.customProperties(selector: "svg.hitlint")
        css += Palette.withLiteralColors("""
        svg.hitlint{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        .canvas{fill:var(--background)}
        .panel-title{fill:var(--ink);font-size:15px;font-weight:600}
        .caption{fill:var(--muted);font-size:12px}
        .panel-frame{fill:var(--background);stroke:var(--view);stroke-width:.5}
        .scale-bar{fill:none;stroke:var(--ink);stroke-width:1.5}
        .detail-box{fill:none;stroke:var(--ink);stroke-width:1;stroke-dasharray:3 2}
        .view rect{fill:none;stroke:var(--view);stroke-width:1}
        .view.screen rect{fill:var(--screen)}
        .view.invisible rect{stroke-dasharray:3 3;opacity:.6}
        .hit{fill:var(--hit);fill-opacity:.16;fill-rule:evenodd;stroke:var(--hit);stroke-opacity:.7;stroke-width:1;stroke-dasharray:4 3}
        .reach{fill:var(--reachable);fill-opacity:.38;stroke:var(--reachable);stroke-width:1;pointer-events:none}
        .target rect{fill:var(--target);fill-opacity:.5;stroke:var(--target);stroke-width:1.5}
        .dead{fill:url(#hatch-dead);pointer-events:none}
        .hatch-dead-bg{fill:var(--dead);fill-opacity:.08}.hatch-dead-line{stroke:var(--dead);stroke-width:1.5;stroke-opacity:.8}
        .boundary{fill:none;stroke:var(--dead);stroke-width:2;stroke-dasharray:7 3;pointer-events:none}
        .taken{fill:url(#hatch-overlap);stroke:var(--overlap);stroke-width:1;pointer-events:none}
        .hatch-overlap-bg{fill:var(--overlap);fill-opacity:.12}.hatch-overlap-line{stroke:var(--overlap);stroke-width:2}
        .winner{fill:none;stroke:var(--overlap);stroke-width:2.5;pointer-events:none}
        .swallowed{fill:url(#hatch-occluder);stroke:var(--occluder);stroke-width:1;pointer-events:none}
        .hatch-occluder-bg{fill:var(--occluder);fill-opacity:.1}.hatch-occluder-line{stroke:var(--occluder);stroke-width:1.5}
        .occluder{fill:var(--occluder);fill-opacity:.06;stroke:var(--occluder);stroke-width:2;stroke-dasharray:7 3;pointer-events:none}
        .gap{fill:var(--gap);stroke:var(--gap);stroke-width:1;pointer-events:none}
        .minimum{fill:none;stroke:var(--ink);stroke-width:1.5;stroke-dasharray:1 3;stroke-linecap:round;pointer-events:none}
        .minimum-label{fill:var(--ink)}
        .label{font-size:13px;fill:var(--ink);paint-order:stroke;stroke:var(--background);stroke-width:3px;stroke-linejoin:round;pointer-events:none}
        .target-label{font-weight:600}
        .view-label{fill:var(--muted)}
        .dead-label{fill:var(--dead);font-weight:600}
        .overlap-label{fill:var(--overlap);font-weight:600}
        .occluder-label{fill:var(--occluder);font-weight:600}
        .gap-label{fill:var(--gap);font-weight:600}
        .marker{cursor:pointer}
        .marker circle{stroke:var(--background);stroke-width:1.5}
        .marker.error circle{fill:var(--error)}.marker.warning circle{fill:var(--warning)}.marker.info circle{fill:var(--info)}
        .marker text{fill:#fff;font-size:13px;font-weight:700;text-anchor:middle}
        .list-title{fill:var(--ink);font-size:15px;font-weight:600}
        .list-text{fill:var(--ink);font-size:12px}
        .list-rule{fill:var(--ink);font-size:12px;font-weight:600}
        .list-muted{fill:var(--muted);font-size:11px}
        .hot rect,.hot path,rect.hot,path.hot{stroke:var(--ink);stroke-width:3}
        .marker.hot circle{stroke:var(--ink);stroke-width:2.5}

        """)
        for layer in Layer.allCases { css += ".hide-\(layer.rawValue) .layer-\(layer.rawValue){display:none}\n" }
        return css
    }()
}
