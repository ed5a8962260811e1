/// Who takes a part of a target's gate away from it.
public enum Taker: Hashable, Sendable {
    /// Another target wins those touches (overlapping hit areas, or a nested target).
    case target(Int)
    /// A view that is not a target swallows them (an occluder).
    case occluder(Int)

    public var node: Int {
        switch self {
        case .target(let index), .occluder(let index): return index
        }
    }
}

/// Area of a target's gate lost to one taker.
public struct Loss: Sendable {
    public var taker: Taker
    /// The frontmost node that answers there (the taker itself, or a view in its subtree).
    public var answeringNode: Int
    public var area: Double
    /// The part of `area` the user can see (not under an opaque view in front).
    public var visibleArea: Double
    /// Where: disjoint pieces of the gate, so a picture can show what was lost (`render`).
    public var pieces: [Rect] = []
}

/// The reachable region of one target and what took the rest of its gate.
///
/// 80 bytes (one per target; a 10⁶-view layout has hundreds of thousands): the
/// target's index is kept in 32 bits, and its gate is not copied (it is
/// `Geometry.gates[target]`; a skipped target's region is empty).
public struct TargetRegion: Sendable {
    private var targetIndex: Int32
    /// The visible frame is entirely under opaque views in front (nothing is reported, as axe-core).
    public var isHiddenByOpaqueViews: Bool
    /// Behind a modal layer (`Geometry.frontModal`): inactive while it shows, so not checked.
    public var isBehindModal: Bool
    /// Out of the user's play: hidden by opaque views or behind a modal layer.
    public var isOutOfPlay: Bool { isHiddenByOpaqueViews || isBehindModal }
    /// Piece splitting hit its cap: sizes are approximate.
    public var isApproximate: Bool
    public var target: Int {
        get { Int(targetIndex) }
        set { targetIndex = Int32(newValue) }
    }
    /// Area of the points that can answer for the target (the gate, plus on the
    /// web the parts of views inside it that lie outside it).
    public var domainArea: Double
    /// Maximal rectangles of the points where `hitTest` answers this target.
    public var reachable: MaximalRegion
    public var reachableArea: Double
    /// Largest first.
    public var losses: [Loss]

    public init(target: Int, domainArea: Double, reachable: MaximalRegion, reachableArea: Double, losses: [Loss],
                isHiddenByOpaqueViews: Bool, isBehindModal: Bool = false, isApproximate: Bool) {
        targetIndex = Int32(target)
        self.isBehindModal = isBehindModal
        self.domainArea = domainArea
        self.reachable = reachable
        self.reachableArea = reachableArea
        self.losses = losses
        self.isHiddenByOpaqueViews = isHiddenByOpaqueViews
        self.isApproximate = isApproximate
    }
}

extension Geometry {
    /// Nodes painted in front of others that hide what is behind them.
    func opaqueIndex() -> SpatialGrid {
        var rects: [Rect] = []
        var ids: [Int] = []
        for index in 0..<nodeCount where layout.nodes[index].isOpaque && !isInvisible[index] {
            rects.append(visibleFrame(index))
            ids.append(index)
        }
        return SpatialGrid(rects: rects, ids: ids)
    }

    /// Reachable region and losses of every target, in pre-order of targets.
    /// With `jobs` > 1 the targets are split into that many runs, each worked
    /// out on its own thread (every region depends only on the geometry); the
    /// result is the same.
    public func targetRegions(jobs: Int = 1) -> [TargetRegion] {
        let opaque = opaqueIndex()
        let count = targets.count
        let runs = max(1, min(jobs, count / 1_024))
        let nodeCount = nodeCount
        return concurrentMap(count: count, jobs: runs, batch: (count + runs - 1) / runs,
                             scratch: { (marks: VisitMarks(count: nodeCount), candidates: [Int]()) }) { position, scratch in
            let target = targets[position]
            let hidden = isHiddenByOpaqueViews(target, opaque: opaque, marks: &scratch.marks)
            return region(of: target, hidden: hidden, marks: &scratch.marks, candidates: &scratch.candidates)
        }
    }

    /// Losses of one region found by a look along them, up to this many.
    private static let lossesLookedAlong = 8

    /// `hidden`: whether opaque views in front hide the target (`isHiddenByOpaqueViews`).
    private func region(of target: Int, hidden: Bool, marks: inout VisitMarks, candidates: inout [Int]) -> TargetRegion {
        let gate = gates[target]
        let behindModal = isBehindModal(target)
        // Fast path (most targets): nothing in front can answer inside the gate, and
        // (outside the web) nothing inside the target answers beyond it.
        if !isSkipped[target], !gate.isEmpty, platform != .web {
            var clear = true
            answerIndex.forEachCandidate(in: gate, seen: &marks) { index in
                if clear, index > target, gates[index].intersects(gate) { clear = false }
            }
            if clear {
                return TargetRegion(target: target, domainArea: gate.area, reachable: MaximalRegion(gate),
                                    reachableArea: gate.area, losses: [], isHiddenByOpaqueViews: hidden, isBehindModal: behindModal, isApproximate: false)
            }
        }
        // The points that can answer for the target: its gate, and on the web also
        // the gates of views inside it that answer for it (they may lie outside
        // it, or in the corners its rounding cuts off).
        var domain: [Rect] = gatePieces(target)
        if platform == .web, !isSkipped[target] {
            let plain = gateIsRect(target)
            var inner = target + 1
            let end = Int(layout.nodes[target].subtreeEnd)
            while inner < end {
                if owningTarget[inner] == Int32(target), canAnswer(inner), !(plain && gate.contains(gates[inner])) {
                    domain += gatePieces(inner)
                }
                inner += 1
            }
        }
        guard !isSkipped[target], let first = domain.first else {
            return TargetRegion(target: target, domainArea: 0, reachable: MaximalRegion(.empty),
                                reachableArea: 0, losses: [], isHiddenByOpaqueViews: hidden, isBehindModal: behindModal, isApproximate: false)
        }
        let bounds = domain.dropFirst().reduce(first) { $0.union($1) }
        // Parts of the bounds outside the domain (none when the domain is one rect).
        var outside: [Rect] = []
        if domain.count > 1 {
            var complement = DisjointRegion(bounds)
            for rect in domain { complement.subtract(rect) }
            outside = complement.pieces
        }
        candidates.removeAll(keepingCapacity: true)
        answerIndex.forEachCandidate(in: bounds, seen: &marks) { index in
            if index > target, gates[index].intersects(bounds) { candidates.append(index) }
        }
        // Front to back: the frontmost qualifying node decides each point.
        candidates.sort(by: >)
        var uncovered = DisjointRegion(bounds)
        for rect in outside { uncovered.subtract(rect) }
        let domainArea = uncovered.area
        var lostPieces: [Rect] = []
        // Losses in the order their takers are met; a taker's is found by a
        // look along them while they are few (most regions lose to a handful),
        // by a table past that (a pile of views over one target).
        var losses: [Loss] = []
        var lossByNode: [Int: Int] = [:]
        for node in candidates {
            if uncovered.isEmpty { break }
            var removed: [Rect]
            if gateIsRect(node) {
                removed = uncovered.subtract(gates[node].intersection(bounds))
            } else {
                removed = []
                for band in gatePieces(node) where band.intersects(bounds) {
                    removed += uncovered.subtract(band.intersection(bounds))
                }
            }
            if removed.isEmpty { continue }
            let owner = resolvedTarget(node)
            if owner == target { continue }  // a view inside the target answers for it (rule 4)
            let taker: Taker = owner.map { .target($0) } ?? .occluder(node)
            var area = 0.0
            var visible = 0.0
            let cover = coveringOpaqueNode(node, over: target)
            for piece in removed {
                area += piece.area
                visible += piece.area - (cover.map { piece.intersection(visibleFrame($0)).area } ?? 0)
                lostPieces.append(piece)
            }
            let key = taker.node
            let found = losses.count <= Self.lossesLookedAlong ? losses.firstIndex { $0.taker.node == key } : lossByNode[key]
            if let found {
                losses[found].area += area
                losses[found].visibleArea += visible
                losses[found].pieces += removed
            } else {
                losses.append(Loss(taker: taker, answeringNode: node, area: area, visibleArea: visible, pieces: removed))
                if losses.count > Self.lossesLookedAlong {
                    if lossByNode.isEmpty {
                        for (position, loss) in losses.enumerated() { lossByNode[loss.taker.node] = position }
                    } else {
                        lossByNode[key] = losses.count - 1
                    }
                }
            }
        }
        var reachable = MaximalRegion(bounds)
        for piece in outside { reachable.subtract(piece) }
        for piece in lostPieces { reachable.subtract(piece) }
        losses.sort { $0.area != $1.area ? $0.area > $1.area : $0.taker.node > $1.taker.node }
        let lostArea = losses.reduce(0) { $0 + $1.area }
        return TargetRegion(target: target, domainArea: domainArea, reachable: reachable,
                            reachableArea: max(0, domainArea - lostArea), losses: losses,
                            isHiddenByOpaqueViews: hidden, isBehindModal: behindModal,
                            isApproximate: uncovered.isApproximate || reachable.isApproximate)
    }

    /// The opaque view in front that paints over the touches `node` takes from
    /// `target`: `node` or an ancestor of it that is not also behind the target.
    func coveringOpaqueNode(_ node: Int, over target: Int) -> Int? {
        let opaque = Int(nearestOpaque[node])
        guard opaque >= 0, !(opaque == target || layout.isAncestor(opaque, of: target)) else { return nil }
        return opaque
    }

    /// True when the target's visible frame is entirely painted over by opaque
    /// views in front of it (not its own subviews).
    func isHiddenByOpaqueViews(_ target: Int, opaque: SpatialGrid, marks: inout VisitMarks) -> Bool {
        let visible = visibleFrame(target)
        guard !visible.isEmpty, !opaque.isEmpty else { return false }
        var coverers: [Int] = []
        let end = Int(layout.nodes[target].subtreeEnd)
        opaque.forEachCandidate(in: visible, seen: &marks) { index in
            if index >= end, visibleFrame(index).intersects(visible) { coverers.append(index) }
        }
        guard !coverers.isEmpty else { return false }
        var region = DisjointRegion(visible, limit: 256)
        for coverer in coverers {
            region.subtract(visibleFrame(coverer))
            if region.isEmpty { return true }
        }
        return false
    }
}

/// Where each target's region is decided: the bounding box of its gate and its
/// descendants' gates (its region takes in what answers for it inside it,
/// which on the web can hang outside its own gate; only nodes whose gates meet
/// that box can take part of it); for a target that answers nowhere, a point
/// at its frame's centre. Indexed like `Geometry.targets`, with a grid over
/// them (ids: positions in `targets`).
public struct TargetFootprints: Sendable {
    public let rects: [Rect]
    public let grid: SpatialGrid

    public init(_ geometry: Geometry) {
        let nodes = geometry.layout.nodes
        var boxes = geometry.gates
        for index in nodes.indices.reversed() {
            let parent = Int(nodes[index].parent)
            if parent >= 0, !boxes[index].isEmpty { boxes[parent] = boxes[parent].union(boxes[index]) }
        }
        let rects = geometry.targets.map { target in
            if !boxes[target].isEmpty { return boxes[target] }
            let frame = geometry.frame(target)
            return Rect(minX: frame.midX - 0.5, minY: frame.midY - 0.5, maxX: frame.midX + 0.5, maxY: frame.midY + 0.5)
        }
        self.rects = rects
        grid = SpatialGrid(count: rects.count, rect: { rects[$0] }, id: { Int32($0) })
    }
}

extension Geometry {
    /// The parts of `from` outside `cut`, each with `node`.
    private static func appendDifference(_ from: Rect, minus cut: Rect, of node: Int, to changed: inout [(gate: Rect, node: Int)]) {
        guard !from.isEmpty else { return }
        let overlap = from.intersection(cut)
        guard !overlap.isEmpty else { return changed.append((from, node)) }
        from.forEachBand(outside: overlap) { changed.append(($0, node)) }
    }

    /// `targetRegions()`, worked out again only for the targets a change of
    /// gates can touch: `old` is the geometry of the same layout with other
    /// hit insets (the only thing that may differ), `previous` its regions and
    /// `footprints` its targets' footprints.
    ///
    /// A target's region reads its own gate, the gates of the nodes inside it
    /// that answer for it, and the gates of the nodes after it in pre-order
    /// as far as they lie in its footprint (whether they answer, whom they
    /// resolve to, what opaque view covers them and whether opaque views hide
    /// the target do not depend on insets). So a target whose own and
    /// descendants' gates did not change, and whose footprint meets no part
    /// that a node after it gained or lost, keeps its region exactly. (Where
    /// rounded corners shape gates, the old and new gates are taken whole.)
    public func targetRegions(updating previous: [TargetRegion], of old: Geometry, footprints: TargetFootprints,
                              jobs: Int = 1) -> [TargetRegion] {
        precondition(old.nodeCount == nodeCount && previous.count == targets.count, "regions of another layout")
        let nodes = layout.nodes
        let count = nodeCount
        var dirty = [Bool](repeating: false, count: targets.count)
        // Position in `targets` of a target node (they are in pre-order).
        func position(_ target: Int) -> Int {
            var (low, high) = (0, targets.count)
            while low < high {
                let middle = (low + high) / 2
                if targets[middle] < target { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var changed: [(gate: Rect, node: Int)] = []
        // Gates that changed, old and new (what decides below whether to work
        // every region out afresh; `changed` holds their differences).
        var changedGates = 0
        // Nodes whose ancestors were walked already: a changed subtree walks each node once.
        var walked = [Bool](repeating: false, count: count)
        let shaped = hasShapedGates || old.hasShapedGates
        for index in 0..<count where gates[index] != old.gates[index] || (shaped && gatePieces(index) != old.gatePieces(index)) {
            changedGates += (old.gates[index].isEmpty ? 0 : 1) + (gates[index].isEmpty ? 0 : 1)
            if shaped {
                if !old.gates[index].isEmpty { changed.append((old.gates[index], index)) }
                if !gates[index].isEmpty { changed.append((gates[index], index)) }
            } else {
                // What the node gained and what it lost: a gate grown by a
                // fix changes nothing for the targets deep inside it.
                Self.appendDifference(old.gates[index], minus: gates[index], of: index, to: &changed)
                Self.appendDifference(gates[index], minus: old.gates[index], of: index, to: &changed)
            }
            var node = index
            while node >= 0, !walked[node] {
                walked[node] = true
                if nodes[node].isTarget { dirty[position(node)] = true }
                node = Int(nodes[node].parent)
            }
        }
        guard !changed.isEmpty else { return previous }
        // As many changed gates as targets: most regions change; all are
        // worked out afresh rather than each looked up first.
        guard changedGates < targets.count else { return targetRegions(jobs: jobs) }
        var marks = VisitMarks(count: max(targets.count, 1))
        for (gate, node) in changed {
            // A margin: edges that only touch.
            let area = gate.expanded(by: 1)
            footprints.grid.forEachCandidate(in: area, seen: &marks) { position in
                if !dirty[position], targets[position] < node, footprints.rects[position].intersects(area) { dirty[position] = true }
            }
        }
        let redo = dirty.indices.filter { dirty[$0] }
        let runs = max(1, min(jobs, redo.count / 1_024))
        let fresh = concurrentMap(count: redo.count, jobs: runs, batch: (redo.count + runs - 1) / runs,
                                  scratch: { (marks: VisitMarks(count: count), candidates: [Int]()) }) { item, scratch in
            region(of: targets[redo[item]], hidden: previous[redo[item]].isHiddenByOpaqueViews,
                   marks: &scratch.marks, candidates: &scratch.candidates)
        }
        var result = previous
        for (item, position) in redo.enumerated() { result[position] = fresh[item] }
        return result
    }
}
