/// Everything the rules need to know about where touches land, computed once
/// per file (SPEC §3).
///
/// The key fact: on every platform, `hitTest(p)` answers the *last node in
/// pre-order* among those that "qualify" at p, where a node qualifies when it is
/// not skipped and p lies in its **gate** — one rectangle per node:
/// - uikit: its hit rect ∩ every ancestor's hit rect (`point(inside:)` gates
///   the subviews; UIKit's reverse depth-first search finds the last node of that
///   ancestor-closed set in pre-order);
/// - android: the same, with hit expansion cut to the parent's frame
///   (TouchDelegate), and only targets qualify (others do not swallow);
/// - web: its hit rect ∩ the frames of ancestors that clip (`overflow: hidden`),
///   in painting order.
/// So the reachable region of a target is its gate minus the gates of the
/// qualifying nodes after it that resolve to something else.
///
/// On the web a node with `cornerRadius` answers only inside its rounded hit
/// rect, and one that clips cuts its descendants to its rounded frame
/// (`RoundedRect`: at pixel resolution). Such a gate is not a rectangle: it is
/// kept as bands (`gatePieces`), and `gates` holds their bounding box.
///
/// Web content inside a native capture (`LayoutNode.isWebContent`) is gated the
/// web way under the native view that hosts it: its hit rect ∩ the host's gate
/// ∩ the frames of the web ancestors that clip; and only its targets qualify. `ReferenceHitTest`
/// implements the algorithms literally; tests check the two agree.
public struct Geometry: Sendable {
    public private(set) var layout: Layout
    public let platform: Platform
    public let modality: InputModality

    /// Hit rect as the platform gates it (see above).
    public private(set) var gates: [Rect]
    /// The clip a node passes to its children (the screen cut by every ancestor
    /// that clips, and by the node itself when it clips) is `clipRects[clipSlot[i]]`,
    /// or unbounded for -1: one rect per node that clips, not per node. A node's
    /// visible frame and, on the web, its ancestor gate come from its parent's
    /// clip, and its hit rect from its frame and insets: of the rects per node
    /// only the gates are stored, a fifth of the memory of all five.
    private var clipSlot: [Int32]
    private var clipRects: [Rect]
    /// Hidden or alpha < 0.01, itself or through an ancestor.
    public private(set) var isInvisible: [Bool]
    /// Skipped by hit-testing with its subtree: invisible, or interaction disabled.
    public private(set) var isSkipped: [Bool]
    /// Nearest target among the node and its ancestors, or -1 (rule 4 of §3).
    public private(set) var owningTarget: [Int32]
    /// Nearest opaque node among the node and its ancestors, or -1.
    public private(set) var nearestOpaque: [Int32]
    /// Targets in pre-order.
    public private(set) var targets: [Int]
    /// The frontmost modal layer that can be shown (`LayoutNode.isModal`), or -1.
    public private(set) var frontModal: Int = -1
    /// Some visible view is opaque (`TargetRegions.opaqueIndex` has views).
    public private(set) var hasOpaqueViews = false
    /// For web content nodes, the region their ancestors let them answer in
    /// (`ancestorGate`); empty unless the layout has web content.
    private var webAllowed: [Rect] = []
    /// Nodes that can answer a hit test (qualifying somewhere), by gate.
    public var answerIndex: SpatialGrid {
        _read {
            precondition(!gridIsStale, "a geometry asked where nodes are while its grid waits to be built again")
            yield grid
        }
    }
    private var grid: SpatialGrid
    /// The grid was let go of when moved gates were put back (`restore(_:)`)
    /// and is built again before the geometry answers anything.
    private var gridIsStale = false
    /// Per node, its gate's bands in `shapes` when rounded corners shape it, else
    /// -1; empty when no gate is shaped (the common case: no table at all).
    private var gateShape: [Int32] = []
    /// Per clipping node (`clipRects`), the clip's bands in `shapes`, or -1 for the rect.
    private var clipShape: [Int32] = []
    private var shapes: [[Rect]] = []
    /// Bands held in `shapes`, at most this many: past it (a hostile file of
    /// many large rounded views) a gate is taken as its bounding box.
    static let shapeBudget = 1 << 20

    static let unbounded = Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    public init(layout: Layout, modality: InputModality? = nil) {
        self.layout = layout
        self.platform = layout.platform
        self.modality = modality ?? layout.modality
        let nodes = layout.nodes
        let count = nodes.count
        // Filled in one pass, in pre-order (a parent's values are there before its
        // children need them), without first writing placeholders.
        gates = .empty(reservingLarge: count)
        clipSlot = .empty(reservingLarge: count)
        clipRects = []
        isInvisible = .empty(reservingLarge: count)
        isSkipped = .empty(reservingLarge: count)
        owningTarget = .empty(reservingLarge: count)
        nearestOpaque = .empty(reservingLarge: count)
        targets = []
        let unbounded = Self.unbounded
        let (platform, modality, pointerInsets, extras) = (self.platform, self.modality, layout.pointerInsets, layout.extras)
        var answering = [Int32].empty(reservingLarge: count)
        var (shapes, gateShape, clipShape) = (ShapeStore(), [Int32](), [Int32]())
        for index in 0..<count {
            let node = nodes[index]
            let parent = Int(node.parent)
            let hit = Self.hitRect(index, nodes: nodes, extras: extras, pointerInsets: pointerInsets, platform: platform, modality: modality)
            let inheritedSlot = parent >= 0 ? clipSlot[parent] : -1
            let inheritedClip = inheritedSlot >= 0 ? clipRects[Int(inheritedSlot)] : unbounded
            // Rounded corners shape hit-testing on the web only.
            let radius = platform == .web && node.extrasIndex >= 0 ? extras[Int(node.extrasIndex)].cornerRadius : 0
            let inheritedShape = inheritedSlot >= 0 ? clipShape[Int(inheritedSlot)] : -1
            if node.clipsToBounds {
                clipSlot.append(Int32(clipRects.count))
                clipRects.append(inheritedClip.intersection(node.frame))
                let rounded = radius > 0 || inheritedShape >= 0
                clipShape.append(rounded ? shapes.clip(node.frame, radius: radius, within: inheritedShape, or: inheritedClip) : -1)
            } else {
                clipSlot.append(inheritedSlot)
            }
            var ancestorGate: Rect
            switch platform {
            case .uikit, .android: ancestorGate = parent >= 0 ? gates[parent] : unbounded
            case .web: ancestorGate = inheritedClip
            }
            if node.isWebContent, platform != .web {
                ancestorGate = Self.webContentGate(index, parent: parent, nodes: nodes, outside: ancestorGate, allowed: &webAllowed)
            }
            var gate = hit.intersection(ancestorGate)
            if radius > 0 || inheritedShape >= 0 {
                let rounded = shapes.gate(hit, radius: radius, within: inheritedShape, or: ancestorGate)
                gate = rounded.gate
                if rounded.shape >= 0 {
                    if gateShape.isEmpty { gateShape = [Int32](repeating: -1, count: count) }
                    gateShape[index] = rounded.shape
                }
            }
            gates.append(gate)
            let invisible = node.isHidden || node.isTransparent || (parent >= 0 && isInvisible[parent])
            isInvisible.append(invisible)
            if node.isOpaque, !invisible { hasOpaqueViews = true }
            let skipped = invisible || !node.userInteractionEnabled || (parent >= 0 && isSkipped[parent])
            isSkipped.append(skipped)
            owningTarget.append(node.isTarget ? Int32(index) : (parent >= 0 ? owningTarget[parent] : -1))
            nearestOpaque.append(node.isOpaque ? Int32(index) : (parent >= 0 ? nearestOpaque[parent] : -1))
            if node.isTarget { targets.append(index) }
            if Self.answers(node, skipped: skipped, gate: gate, platform: platform) {
                answering.append(Int32(index))
            }
            if node.isModal, !skipped { frontModal = index }
        }
        (self.shapes, self.gateShape, self.clipShape) = (shapes.shapes, gateShape, clipShape)
        let gates = self.gates
        grid = SpatialGrid(count: answering.count, rect: { gates[Int(answering[$0])] }, id: { answering[$0] })
    }

    /// The bands of the rounded shapes that clip or gate (`shapes`), held
    /// within `shapeBudget`, while `init` works them out.
    private struct ShapeStore {
        var shapes: [[Rect]] = []
        var bandCount = 0

        /// Keeps a shape's bands; returns where, or -1 past the budget.
        mutating func store(_ bands: [Rect]) -> Int32 {
            guard bandCount + bands.count <= Geometry.shapeBudget else { return -1 }
            bandCount += bands.count
            shapes.append(bands)
            return Int32(shapes.count - 1)
        }

        /// A clipping node's shape: its rounded frame within the shape it
        /// inherits (`inherited`, or -1 for the rect `inheritedClip`).
        mutating func clip(_ frame: Rect, radius: Double, within inherited: Int32, or inheritedClip: Rect) -> Int32 {
            let own = RoundedRect.bands(frame, radius: radius)
            return store(inherited >= 0 ? Bands.intersection(own, shapes[Int(inherited)]) : Bands.intersection(own, inheritedClip))
        }

        /// A node's gate where rounded corners shape it: its bounding box, and
        /// its bands' place when they are more than that box (-1 when not, or
        /// past the budget, where the box stands for them).
        @inline(__always)
        mutating func gate(_ hit: Rect, radius: Double, within inherited: Int32, or ancestorGate: Rect) -> (gate: Rect, shape: Int32) {
            let own = RoundedRect.bands(hit, radius: radius)
            let bands = inherited >= 0 ? Bands.intersection(own, shapes[Int(inherited)]) : Bands.intersection(own, ancestorGate)
            let gate = Bands.bounds(bands)
            guard bands.count > 1 || bands.first.map({ $0 != gate }) == true else { return (gate, -1) }
            return (gate, store(bands))
        }
    }

    /// What gates web content shown inside a native capture (a WebView's
    /// page): the page's own boxes, not the native views around them. A box
    /// does not gate its children; one that clips does. `allowed` holds each
    /// web node's, made at the first.
    @inline(__always)
    private static func webContentGate(_ index: Int, parent: Int, nodes: [LayoutNode], outside ancestorGate: Rect,
                                       allowed: inout [Rect]) -> Rect {
        if allowed.isEmpty { allowed = [Rect](repeating: unbounded, count: nodes.count) }
        var gate = ancestorGate
        if parent >= 0, nodes[parent].isWebContent {
            gate = nodes[parent].clipsToBounds ? allowed[parent].intersection(nodes[parent].frame) : allowed[parent]
        }
        allowed[index] = gate
        return gate
    }

    /// Hit insets given to nodes in place (`setHitInsets(of:to:recording:)`),
    /// and what they changed: what `restore(_:)` puts back.
    struct InsetChanges {
        /// The nodes given insets, each with the insets it had, in the order given.
        fileprivate var insets: [(node: Int, old: EdgeInsets)] = []
        /// The nodes whose gates moved, each with its old gate, once
        /// `updateGates(_:)` worked them out in place; nil before, or where it
        /// could not.
        fileprivate(set) var movedGates: [(node: Int, old: Rect)]?

        /// `count`: how many insets will be given (room for what they replace).
        init(expecting count: Int = 0) {
            insets.reserveCapacity(count)
        }
    }

    /// Gives a node other hit insets in this geometry's layout, in place: the
    /// node must have an extras slot (`LayoutNode.extrasIndex`, given by
    /// `Linter.BuiltLayout.withExtrasSlots(for:)`), so that neither the node
    /// table nor, when nothing else holds it, the extras table is copied. The
    /// gates read the old insets until `updateGates(_:)`.
    mutating func setHitInsets(of index: Int, to insets: EdgeInsets, recording changes: inout InsetChanges) {
        var node = layout.nodes[index]
        precondition(node.extrasIndex >= 0, "hit insets given in place to a node without an extras slot")
        changes.insets.append((index, layout.hitInsets(of: index)))
        layout.setExtras(of: &node, hitInsets: insets)
    }

    /// Works out again, in place, the gates that the insets given since
    /// `changes` began decide: those of the changed nodes and, outside the web
    /// (where a node's gate bounds its children's), of their subtrees; whether
    /// a node is skipped, owned, covered or clipped does not depend on insets.
    /// The grid is built again when a gate moved (one kept and patched would
    /// cost every query of every lint a test for the rects that moved), the
    /// old one let go of first, or when `restore(_:)` let it go. False, with
    /// nothing changed, where gates are not rectangles (rounded corners on
    /// the web) or web content sits in a native layout (its gates hang on the
    /// host's): those are built anew.
    mutating func updateGates(_ changes: inout InsetChanges) -> Bool {
        guard shapes.isEmpty, webAllowed.isEmpty else { return false }
        let nodes = layout.nodes
        let (extras, pointerInsets) = (layout.extras, layout.pointerInsets)
        // Rounded corners would shape a changed node's gate (on the web, only
        // the changed nodes' own gates are worked out again): built anew.
        if platform == .web, changes.insets.contains(where: { change in
            let slot = nodes[change.node].extrasIndex
            return slot >= 0 && extras[Int(slot)].cornerRadius > 0
        }) {
            buildGridIfStale()
            return false
        }
        var moved: [(node: Int, old: Rect)] = []
        moved.reserveCapacity(changes.insets.count)
        // Pre-order, so a parent's gate is new before its children read it;
        // a changed node inside a subtree already worked out is done.
        var done = 0
        for start in changes.insets.map(\.node).sorted() where start >= done {
            let end = platform == .web ? start + 1 : Int(nodes[start].subtreeEnd)
            for index in start..<end {
                let node = nodes[index]
                let hit = Self.hitRect(index, nodes: nodes, extras: extras, pointerInsets: pointerInsets, platform: platform, modality: modality)
                let parent = Int(node.parent)
                let ancestorGate = parent < 0 ? Self.unbounded : (platform == .web ? clip(parent) : gates[parent])
                let gate = hit.intersection(ancestorGate)
                guard gate != gates[index] else { continue }
                moved.append((index, gates[index]))
                gates[index] = gate
            }
            done = end
        }
        changes.movedGates = moved
        if moved.isEmpty { buildGridIfStale() } else { buildGrid() }
        return true
    }

    /// Puts back what `changes` changed: the nodes' insets and gates as they
    /// were. A grid built for moved gates is let go of, not built back: the
    /// next change builds one for its own gates (`updateGates(_:)`), so a
    /// run of checking lints builds one grid each, not two; until it is built
    /// again (`buildGridIfStale()`), the geometry answers nothing.
    mutating func restore(_ changes: InsetChanges) {
        for (index, old) in changes.insets.reversed() {
            var node = layout.nodes[index]
            layout.setExtras(of: &node, hitInsets: old)
        }
        guard let moved = changes.movedGates, !moved.isEmpty else { return }
        for (index, old) in moved { gates[index] = old }
        grid = SpatialGrid(rects: [], ids: [])
        gridIsStale = true
    }

    /// Builds the grid again where `restore(_:)` let it go.
    mutating func buildGridIfStale() {
        if gridIsStale { buildGrid() }
    }

    /// The grid of the nodes that answer touches, built again from the gates
    /// as `init` builds it; the old grid is let go of first, so two are not
    /// held at once.
    private mutating func buildGrid() {
        grid = SpatialGrid(rects: [], ids: [])
        gridIsStale = false
        let (nodes, gates, isSkipped, platform) = (layout.nodes, gates, isSkipped, platform)
        var answering = [Int32].empty(reservingLarge: nodeCount)
        for node in 0..<nodeCount where Self.answers(nodes[node], skipped: isSkipped[node], gate: gates[node], platform: platform) {
            answering.append(Int32(node))
        }
        grid = SpatialGrid(count: answering.count, rect: { gates[Int(answering[$0])] }, id: { answering[$0] })
    }

    /// The same geometry reading its nodes from `layout`, which must read as
    /// this one's does (the same nodes, frames and insets: a copy of it with
    /// slots added, `Linter.BuiltLayout.withExtrasSlots(for:)`), so that the
    /// layout it was worked out from can be let go of.
    func rebased(to layout: Layout) -> Geometry {
        precondition(layout.nodes.count == nodeCount, "a geometry rebased to another layout")
        var rebased = self
        rebased.layout = layout
        return rebased
    }

    /// Holds no node table until `rebased(to:)` (reading nodes before then
    /// reads none): what holds the layout alone may then change its tables
    /// in place (`Linter.BuiltLayout.withExtrasSlots(for:)`).
    mutating func letGoOfLayout() {
        layout = Layout(document: layout.document)
    }

    public var nodeCount: Int { gates.count }

    /// Whether some node's gate is not a rectangle (rounded corners on the web).
    public var hasShapedGates: Bool { !gateShape.isEmpty }

    /// The gate as disjoint rectangles: its bands when rounded corners shape it,
    /// else the gate itself (nothing when it is empty).
    public func gatePieces(_ index: Int) -> [Rect] {
        if !gateShape.isEmpty, gateShape[index] >= 0 { return shapes[Int(gateShape[index])] }
        return gates[index].isEmpty ? [] : [gates[index]]
    }

    /// Whether the gate is exactly its bounding box (`gates`).
    @inline(__always) public func gateIsRect(_ index: Int) -> Bool {
        gateShape.isEmpty || gateShape[index] < 0
    }

    /// Whether (x, y) is in the node's gate.
    @inline(__always) public func gateContains(_ index: Int, x: Double, y: Double) -> Bool {
        guard gates[index].contains(x: x, y: y) else { return false }
        guard !gateShape.isEmpty, gateShape[index] >= 0 else { return true }
        return Bands.contains(shapes[Int(gateShape[index])], x: x, y: y)
    }

    /// Whether a view that is not a target takes the touches it answers
    /// (SPEC §3): on UIKit and the web it does; on Android, and in web content
    /// whose painting order a capture does not record, it lets them through.
    @inline(__always) private static func swallows(_ node: LayoutNode, platform: Platform) -> Bool {
        platform != .android && !node.isWebContent
    }

    /// Whether the node lies behind the frontmost modal layer (before it in
    /// pre-order and not one of its ancestors): inactive while the modal shows.
    @inline(__always) public func isBehindModal(_ index: Int) -> Bool {
        frontModal >= 0 && Int(layout.nodes[index].subtreeEnd) <= frontModal
    }

    /// Frame expanded by the node's insets for the modality (hit or pointer).
    public func hitRect(_ index: Int) -> Rect {
        Self.hitRect(index, nodes: layout.nodes, extras: layout.extras, pointerInsets: layout.pointerInsets, platform: platform, modality: modality)
    }

    private static func hitRect(_ index: Int, nodes: [LayoutNode], extras: [NodeExtras], pointerInsets: [Int32: EdgeInsets],
                                platform: Platform, modality: InputModality) -> Rect {
        let node = nodes[index]
        let frame = node.frame
        let hitInsets = Layout.hitInsets(of: node, extras: extras)
        let insets = modality == .pointer && node.hasPointerInsets ? pointerInsets[Int32(index)] ?? hitInsets : hitInsets
        var hit = frame.inset(by: insets)
        let parent = Int(node.parent)
        if platform == .android, parent >= 0, !insets.isZero {
            // TouchDelegate: expansion only inside the parent; the frame itself stays.
            let bounds = nodes[parent].frame
            if hit.minX < frame.minX { hit.minX = max(hit.minX, min(bounds.minX, frame.minX)) }
            if hit.minY < frame.minY { hit.minY = max(hit.minY, min(bounds.minY, frame.minY)) }
            if hit.maxX > frame.maxX { hit.maxX = min(hit.maxX, max(bounds.maxX, frame.maxX)) }
            if hit.maxY > frame.maxY { hit.maxY = min(hit.maxY, max(bounds.maxY, frame.maxY)) }
        }
        return hit
    }

    /// The clip node `index` passes to its children.
    @inline(__always) private func clip(_ index: Int) -> Rect {
        let slot = clipSlot[index]
        return slot >= 0 ? clipRects[Int(slot)] : Self.unbounded
    }

    /// Absolute frame of a node.
    @inline(__always) public func frame(_ index: Int) -> Rect { layout.nodes[index].frame }

    /// The part of the frame that can be seen (cut by ancestors that clip).
    public func visibleFrame(_ index: Int) -> Rect {
        let parent = Int(layout.nodes[index].parent)
        let frame = layout.nodes[index].frame
        return parent >= 0 ? frame.intersection(clip(parent)) : frame
    }

    /// The region the node's ancestors let it answer in (its gate before its own
    /// hit rect is applied); unbounded for the root.
    public func ancestorGate(_ index: Int) -> Rect {
        if !webAllowed.isEmpty, layout.nodes[index].isWebContent { return webAllowed[index] }
        let parent = Int(layout.nodes[index].parent)
        guard parent >= 0 else { return Self.unbounded }
        return platform == .web ? clip(parent) : gates[parent]
    }

    /// Where node `index`'s hit area may grow and still answer: its ancestors'
    /// gate, and on Android its parent's bounds too (a `TouchDelegate` only
    /// passes on touches that land inside the parent).
    public func hitAreaBound(_ index: Int) -> Rect {
        let bound = ancestorGate(index)
        let parent = Int(layout.nodes[index].parent)
        guard platform == .android, parent >= 0 else { return bound }
        return bound.intersection(frame(parent))
    }

    /// Whether node `index` can answer a hit test at all.
    public func canAnswer(_ index: Int) -> Bool {
        Self.answers(layout.nodes[index], skipped: isSkipped[index], gate: gates[index], platform: platform)
    }

    /// Whether a node with this gate answers a hit test somewhere: what the
    /// answering grid holds, built at first and again for an updated geometry.
    @inline(__always) private static func answers(_ node: LayoutNode, skipped: Bool, gate: Rect, platform: Platform) -> Bool {
        !skipped && !gate.isEmpty && (swallows(node, platform: platform) || node.isTarget)
    }

    /// The target a touch answered by node `index` goes to, or nil if swallowed.
    public func resolvedTarget(_ index: Int) -> Int? {
        let target = owningTarget[index]
        return target >= 0 ? Int(target) : nil
    }

    /// Hit test through the gates (fast; agrees with `ReferenceHitTest`).
    public func hitTest(x: Double, y: Double) -> HitResult {
        var best = -1
        var marks = VisitMarks(count: nodeCount)
        let point = Rect(minX: x, minY: y, maxX: x, maxY: y)
        answerIndex.forEachCandidate(in: point, seen: &marks) { index in
            if index > best, gateContains(index, x: x, y: y) { best = index }
        }
        guard best >= 0 else { return .nothing }
        if let target = resolvedTarget(best) { return .target(target) }
        return .swallowed(by: best)
    }
}

/// Where a touch goes.
public enum HitResult: Hashable, Sendable {
    /// No view answered (outside the root's hit region).
    case nothing
    /// A view that is not a target (nor inside one) answered and swallowed it.
    case swallowed(by: Int)
    /// A target received it.
    case target(Int)

    public var target: Int? {
        if case .target(let index) = self { return index }
        return nil
    }
}
