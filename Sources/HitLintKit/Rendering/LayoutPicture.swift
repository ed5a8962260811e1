/// What the picture of one file shows, in layout points: worked out once from
/// the geometry, the reachable regions and the diagnostics, then drawn at any
/// scale by `SVGRenderer`. Everything is in node order, so the same layout
/// always gives the same picture.
struct LayoutPicture {
    struct View {
        var node: Int
        var frame: Rect
        /// The id written in the file; nil for nodes named by their path.
        var id: String?
        var isInvisible: Bool
        var tip: String
    }

    struct Target {
        var node: Int
        var name: String
        var visibleFrame: Rect
        /// The hit area as written (frame expanded by its insets), before any
        /// ancestor cuts it.
        var intendedHitRect: Rect
        /// Maximal rects of the reachable region (they may overlap).
        var reachable: [Rect]
        /// The part of the intended hit area that no touch can reach because of an
        /// ancestor: outside its hit region, or inside a view that ignores touches.
        var dead: [Rect]
        /// The strip lost on each side an ancestor cuts, with its depth in points.
        var deadSides: [(strip: Rect, depth: Double)] = []
        var tip: String
    }

    /// An ancestor's hit region that cuts a target's hit area: drawn as the line
    /// the expansion runs into.
    struct Boundary {
        var rect: Rect
        var label: String
    }

    /// Part of a target's gate that another node answers instead.
    struct Taking {
        var loser: Int
        var taker: Int
        var takerName: String
        /// Where the taker answers (its gate).
        var takerRect: Rect
        var pieces: [Rect]
    }

    struct Gap {
        var rect: Rect
        var label: String
    }

    /// The minimum square laid over the largest reachable piece of a target that
    /// is too small, so it shows where it does not fit.
    struct MinimumSquare {
        var node: Int
        var square: Rect
        var label: String
    }

    struct Marker {
        var number: Int
        var severity: Severity
        var node: Int
        var anchor: Rect
    }

    var views: [View] = []
    var targets: [Target] = []
    var boundaries: [Boundary] = []
    var overlaps: [Taking] = []
    var occlusions: [Taking] = []
    var gaps: [Gap] = []
    var minimumSquares: [MinimumSquare] = []
    var markers: [Marker] = []
    /// What the whole-layout panel shows.
    var bounds = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Where the diagnostics are, when they are somewhere in particular.
    var focus: Rect?
    var minimum: Double = 44
    var unitName = "pt"
    var profileName = ""
    /// Where the screenshot lies, when there is one.
    var screenshot: ScreenshotPlacement?

    /// Takers drawn per target and kind (overlaps, occluders).
    static let takersDrawn = 3

    init() {}

    init(_ input: RenderInput) {
        let diagnostics = input.result.diagnostics
        guard let context = input.context else { return }
        let geometry = context.geometry
        minimum = context.threshold.minimum
        unitName = context.threshold.unitName
        profileName = context.threshold.source

        let names = context.layout.allNames()
        addViews(context, names: names)
        addTargets(context, names: names)
        addFindings(diagnostics, context: context)
        bounds = Self.bounds(geometry: geometry, targets: targets)
        if let image = input.screenshot, geometry.nodeCount > 0 {
            screenshot = try? ScreenshotPlacement(screen: geometry.frame(0), pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
        }
        focus = focusRect(diagnostics: diagnostics, geometry: geometry)
    }

    /// Every node, with the tip that names it.
    private mutating func addViews(_ context: RuleContext, names: [String]) {
        let geometry = context.geometry
        let layout = context.layout
        for node in 0..<geometry.nodeCount {
            let id = layout.id(of: node)
            let type = layout.type(of: node)
            let tip = "\(names[node])\(type.isEmpty ? "" : " (\(type))")\nframe \(geometry.frame(node))"
            views.append(View(node: node, frame: geometry.frame(node), id: id,
                              isInvisible: geometry.isInvisible[node], tip: tip))
        }
    }

    /// Every visible target: its hit area, what is reachable of it, what an
    /// ancestor cuts off, and the largest few nodes that take part of it.
    private mutating func addTargets(_ context: RuleContext, names: [String]) {
        let geometry = context.geometry
        let layout = context.layout
        // Looked up once per target: a list searched each time grew with the
        // square of a layout full of findings.
        var boundaryRects = Set<Rect>()
        for region in context.regions where context.isVisibleTarget(region.target) {
            let target = region.target
            let intended = geometry.frame(target).inset(by: geometry.insets(of: target))
            var dead: [Rect] = []
            var deadSides: [(strip: Rect, depth: Double)] = []
            if geometry.isSkipped[target] {
                dead = [intended]
            } else {
                var outside = DisjointRegion(intended, limit: 64)
                outside.subtract(geometry.gates[target])
                dead = outside.pieces
                if let (boundary, sides) = boundary(of: target, intended: intended, context: context) {
                    if boundaryRects.insert(boundary.rect).inserted { boundaries.append(boundary) }
                    deadSides = sides
                }
            }
            var tip = "\(names[target])\(layout.type(of: target).isEmpty ? "" : " (\(layout.type(of: target)))")"
            tip += "\nframe \(geometry.frame(target))\nhit area \(intended)"
            if let best = region.reachable.bestPiece {
                tip += "\nreachable: \(formatLength(best.width))×\(formatLength(best.height)) \(unitName) at most"
            } else {
                tip += "\nreachable: nowhere"
            }
            targets.append(Target(node: target, name: names[target], visibleFrame: geometry.visibleFrame(target),
                                  intendedHitRect: intended, reachable: region.reachable.pieces, dead: dead,
                                  deadSides: deadSides, tip: tip))
            addTakers(of: region, context: context, names: names)
        }
    }

    /// The largest few takers of a target, as the diagnostics name them: a
    /// pile of targets must not draw every pair.
    private mutating func addTakers(of region: TargetRegion, context: RuleContext, names: [String]) {
        let target = region.target
        var overlapCount = 0, occlusionCount = 0
        for loss in region.losses where loss.visibleArea > Tolerance.area {
            let taker = loss.taker.node
            let taking = Taking(loser: target, taker: taker, takerName: names[taker],
                                takerRect: context.geometry.gates[taker], pieces: loss.pieces)
            switch loss.taker {
            case .target(let winner):
                // A target nested in another takes its area by design (a button in a cell).
                if !context.layout.isAncestor(target, of: winner), overlapCount < Self.takersDrawn {
                    overlaps.append(taking)
                    overlapCount += 1
                }
            case .occluder:
                if occlusionCount < Self.takersDrawn {
                    occlusions.append(taking)
                    occlusionCount += 1
                }
            }
        }
    }

    /// A numbered marker for each finding on a node, and what its rule's
    /// description says to draw for it (`RuleDescription.drawing`).
    private mutating func addFindings(_ diagnostics: [Diagnostic], context: RuleContext) {
        let geometry = context.geometry
        // A target reported twice gets one square.
        var squaredNodes = Set<Int>()
        for (position, diagnostic) in diagnostics.enumerated() {
            guard let node = diagnostic.nodeIndex, node >= 0, node < geometry.nodeCount else { continue }
            let visible = geometry.visibleFrame(node)
            markers.append(Marker(number: position + 1, severity: diagnostic.severity, node: node,
                                  anchor: visible.isEmpty ? geometry.frame(node) : visible))
            switch RuleRegistry.drawing(of: diagnostic.rule) {
            case .nothing:
                break
            case .minimumSquare:
                if !squaredNodes.contains(node), let region = context.region(of: node) {
                    squaredNodes.insert(node)
                    let piece = region.reachable.bestPiece ?? geometry.visibleFrame(node)
                    let half = minimum / 2
                    let square = Rect(minX: piece.midX - half, minY: piece.midY - half, maxX: piece.midX + half, maxY: piece.midY + half)
                    let size = formatLength(minimum)
                    minimumSquares.append(MinimumSquare(node: node, square: square, label: "\(size)×\(size) \(unitName)"))
                }
            case .gapToEachRelatedNode:
                for neighbour in diagnostic.relatedNodes where neighbour >= 0 && neighbour < geometry.nodeCount {
                    if let rect = gapRect(geometry.gates[node], geometry.gates[neighbour]) {
                        let size = rect.width < rect.height ? rect.width : rect.height
                        gaps.append(Gap(rect: rect, label: "\(formatLength(size)) \(unitName)"))
                    }
                }
            }
        }
    }

    /// The ancestor hit region that cuts a target's intended hit area, named by
    /// the ancestor that binds on the first side cut, and the strip cut off on
    /// each side.
    private func boundary(of target: Int, intended: Rect, context: RuleContext) -> (Boundary, [(strip: Rect, depth: Double)])? {
        let geometry = context.geometry
        let allowed = geometry.hitAreaBound(target)
        guard allowed.minX.isFinite, allowed.minY.isFinite, allowed.maxX.isFinite, allowed.maxY.isFinite else { return nil }
        let cut = overhang(of: intended, beyond: allowed)
        var label: String?
        var strips: [(strip: Rect, depth: Double)] = []
        for side in [Side.left, .top, .right, .bottom] where cut[side] > Tolerance.length {
            let edge: Double
            var strip = intended
            switch side {
            case .left: edge = allowed.minX; strip.maxX = min(edge, intended.maxX)
            case .top: edge = allowed.minY; strip.maxY = min(edge, intended.maxY)
            case .right: edge = allowed.maxX; strip.minX = max(edge, intended.minX)
            case .bottom: edge = allowed.maxY; strip.minY = max(edge, intended.minY)
            }
            strips.append((strip, cut[side]))
            if label == nil, let ancestor = geometry.clippingAncestor(of: target, side: side, edge: edge) {
                label = "'\(context.name(ancestor))' hit region"
            }
        }
        guard let label else { return nil }
        return (Boundary(rect: allowed, label: label), strips)
    }

    /// The strip between two gates facing each other along x or y.
    private func gapRect(_ first: Rect, _ second: Rect) -> Rect? {
        let (left, right) = first.minX <= second.minX ? (first, second) : (second, first)
        if right.minX > left.maxX {
            let low = max(left.minY, right.minY), high = min(left.maxY, right.maxY)
            if high > low { return Rect(minX: left.maxX, minY: low, maxX: right.minX, maxY: high) }
        }
        let (top, bottom) = first.minY <= second.minY ? (first, second) : (second, first)
        if bottom.minY > top.maxY {
            let low = max(top.minX, bottom.minX), high = min(top.maxX, bottom.maxX)
            if high > low { return Rect(minX: low, minY: top.maxY, maxX: high, maxY: bottom.minY) }
        }
        return nil
    }

    /// The root's frame and whatever hangs out of it, but not further than a
    /// quarter of the root's size: a stray node a million points away must not
    /// shrink the screen to a dot.
    private static func bounds(geometry: Geometry, targets: [Target]) -> Rect {
        var content = Rect.empty
        for frame in geometry.layout.nodes.lazy.map(\.frame) where !frame.isEmpty { content = content.union(frame) }
        for target in targets { content = content.union(target.intendedHitRect) }
        var result = content
        if let root = geometry.layout.nodes.first?.frame, !root.isEmpty {
            let margin = max(root.width, root.height) / 4
            let limit = Rect(minX: root.minX - margin, minY: root.minY - margin, maxX: root.maxX + margin, maxY: root.maxY + margin)
            result = content.intersection(limit).union(root)
        }
        if result.isEmpty || !result.width.isFinite || !result.height.isFinite {
            return Rect(x: 0, y: 0, width: 1, height: 1)
        }
        return result
    }

    /// Everything the diagnostics point at, with some room around it.
    private func focusRect(diagnostics: [Diagnostic], geometry: Geometry) -> Rect? {
        var area = Rect.empty
        for marker in markers { area = area.union(marker.anchor) }
        let marked = Set(markers.map(\.node))
        for target in targets where marked.contains(target.node) {
            area = area.union(target.intendedHitRect)
        }
        for diagnostic in diagnostics where diagnostic.nodeIndex != nil {
            for node in diagnostic.relatedNodes where node >= 0 && node < geometry.nodeCount {
                area = area.union(geometry.visibleFrame(node))
            }
        }
        for gap in gaps { area = area.union(gap.rect) }
        for square in minimumSquares { area = area.union(square.square) }
        area = area.intersection(bounds)
        guard !area.isEmpty else { return nil }
        let pad = max(10, 0.08 * max(area.width, area.height))
        return Rect(minX: area.minX - pad, minY: area.minY - pad, maxX: area.maxX + pad, maxY: area.maxY + pad)
    }
}
