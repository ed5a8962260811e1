/// Contiguous targets whose hit areas are separated by a small dead gap.
public struct DeadGapRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "dead-gap"

    /// Gaps narrower than this are not reported by default: list dividers and
    /// whole-pixel rounding between rows (1 dp at 3 px per dp), which a finger
    /// aimed at either row almost never lands in.
    static let maxGap = RuleOption<Length?>("maxGap", of: id, defaultDescribedAs: "half the minimum size",
                                            example: Length(value: 22, unit: .pt),
                                            "Widest gap still reported, with a unit: 22pt.")
    static let minGap = LengthOption("minGap", of: id, default: Length(value: 2, unit: .pt),
                                     "Narrowest gap reported, with a unit: narrower ones are dividers and rounding.",
                                     atMost: "maxGap")

    /// How far it looks from a target for its neighbour: `maxGap`.
    static let gapReach = NeighbourDistance { context in context.points(maxGap) ?? context.threshold.minimum / 2 }

    public static let description = RuleDescription(
        id: id,
        summary: "Contiguous targets should hand over with no dead gap between their hit areas.",
        rationale: """
        The children of a stack read as one strip of controls (a segmented control, a \
        toolbar): a touch between two of them is meant for one of them, but a gap there hits \
        nothing — the tap is lost, and on iPad the pointer drops out of its highlight and jumps \
        back. Between other neighbours (siblings in one row or column), a gap costs taps only \
        between small controls, too small across it to catch a finger aimed at them (icon \
        buttons in a row); beside a control that is large enough (list rows, cards, a button \
        under a text) it is deliberate separation, and a control too small on its own is \
        `target-size`'s finding. Those gaps are reported for pointer input, whose highlight \
        drops between any two neighbours. Gaps \
        narrower than `minGap` (2 pt) are list dividers and whole-pixel rounding (1 dp at 3 px \
        per dp), which a finger aimed at either side almost never lands in; gaps wider than \
        `maxGap` (half the minimum size) are deliberate separation, and so is a gap filled by a \
        view that is drawn there and is no control (the band between two sections of settings). \
        A side of a target with more than 2,048 siblings beside it (controls piled on one \
        another, where a gap is covered by another) is not checked.
        """,
        defaultSeverity: .warning,
        options: [
            maxGap.description,
            minGap.description,
        ],
        reads: [.node, .ancestors, .region, .neighbours(within: gapReach)],
        examples: examples,
        fix: .sometimes,
        relatedRole: "is the neighbour across the gap",
        drawing: .gapToEachRelatedNode
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Read once per file and handed down: a struct copied out of another
        // in each call below would count references on every array in it.
        let layout = context.layout
        let geometry = context.geometry
        // Contiguous controls share a container (buttons in two list rows are not a
        // strip), so neighbours are searched among siblings: directly in a small
        // group, through a grid of the group in a large one (a stack of 10⁵ buttons).
        // Each node's parent is read once, into the list sorted by parent.
        let regions = context.regions
        var byParent: [(parent: Int32, target: Int32)] = []
        byParent.reserveCapacity(context.reachableVisibleRegions.count)
        for position in context.reachableVisibleRegions {
            let target = regions[Int(position)].target
            byParent.append((layout.nodes[target].parent, Int32(target)))
        }
        guard byParent.count > 1 else { return [] }
        byParent.sort { ($0.parent, $0.target) < ($1.parent, $1.target) }
        let candidates = byParent.map { Int($0.target) }
        let search = GapSearch(context, maxGap: context.points(Self.maxGap) ?? context.threshold.minimum / 2,
                               minGap: context.points(Self.minGap))
        var marks = context.makeVisitMarks()
        var messages = MessageArena()
        var diagnostics: [Diagnostic] = []
        // Room for a finding per candidate, reserved once: a list grown by
        // doubling holds its old and new storage at once, while target-size
        // runs beside it at the rules' peak; room never written to is never
        // brought into memory.
        diagnostics.reserveCapacity(candidates.count)
        var groupStart = 0
        while groupStart < candidates.count {
            let parent = byParent[groupStart].parent
            var groupEnd = groupStart + 1
            while groupEnd < candidates.count, byParent[groupEnd].parent == parent { groupEnd += 1 }
            let group = candidates[groupStart..<groupEnd]
            groupStart = groupEnd
            guard group.count > 1 else { continue }
            checkSiblings(group, parent: Int(parent), search: search, context: context, geometry: geometry, layout: layout,
                          marks: &marks, messages: &messages, into: &diagnostics)
        }
        return diagnostics
    }

    /// A gap from a target to a neighbour on its right (or below it).
    private typealias Gap = (neighbour: Int, gap: Double, gapRect: Rect)

    /// What the search for gaps in one file reads, worked out once.
    private struct GapSearch {
        let context: RuleContext
        let geometry: Geometry
        let layout: Layout
        let maxGap: Double
        let minGap: Double
        let threshold: SizeThreshold
        let pointer: Bool

        init(_ context: RuleContext, maxGap: Double, minGap: Double) {
            self.context = context
            geometry = context.geometry
            layout = context.layout
            self.maxGap = maxGap
            self.minGap = minGap
            threshold = context.threshold
            pointer = context.geometry.modality == .pointer
        }

        /// Whether `other` is a nearer neighbour across a gap from `target`
        /// (whose gate is `gate`) than `best`, along x (`horizontal`) or y;
        /// if so it becomes `best`. `best` is handed in rather than captured:
        /// a captured variable is checked for exclusive access at run time on
        /// every write.
        @inline(__always)
        func consider(_ other: Int, from target: Int, gate: Rect, horizontal: Bool, isStrip: Bool, _ best: inout Gap?) {
            guard other != target else { return }
            let rect = geometry.gates[other]
            let gap = horizontal ? rect.minX - gate.maxX : rect.minY - gate.maxY
            guard gap >= minGap - Tolerance.length, gap > Tolerance.length, gap <= maxGap + Tolerance.length else { return }
            // The tests on the two rects first: each is a few comparisons,
            // where `isSmall` asks for a control's own size and the scroll
            // position (a pile of targets lists thousands beside each one).
            let low = horizontal ? max(gate.minY, rect.minY) : max(gate.minX, rect.minX)
            let high = horizontal ? min(gate.maxY, rect.maxY) : min(gate.maxX, rect.maxX)
            guard high - low > Tolerance.length else { return }
            if let current = best, current.gap < gap || (current.gap == gap && current.neighbour < other) { return }
            // Outside a strip, a gap costs taps only between small controls:
            // a finger aimed at either can land in it (and a pointer's
            // highlight drops between any two).
            if !isStrip, !pointer {
                guard isSmall(target, gate, horizontal: horizontal), isSmall(other, rect, horizontal: horizontal) else { return }
            }
            let gapRect = horizontal
                ? Rect(minX: gate.maxX, minY: low, maxX: rect.minX, maxY: high)
                : Rect(minX: low, minY: gate.maxY, maxX: high, maxY: rect.minY)
            best = (other, gap, gapRect)
        }

        /// Whether a node is too small across the gap's axis to be missed by
        /// a finger aimed beside it. A size cut by a scrolling container's
        /// edge is the scroll position's.
        private func isSmall(_ node: Int, _ rect: Rect, horizontal: Bool) -> Bool {
            guard !threshold.passes(horizontal ? rect.width : rect.height) else { return false }
            // A control UIKit sizes itself is not small at that size.
            if let system = layout.systemControl(of: node),
               let own = horizontal ? system.width : system.height,
               threshold.passes(horizontal ? rect.width : rect.height, required: min(own, threshold.minimum)) {
                return false
            }
            let scrolled = context.scrolledDimensions(of: rect, target: node)
            return !(horizontal ? scrolled.width : scrolled.height)
        }
    }

    /// The findings among one container's targets: each target's nearest
    /// neighbour across a dead gap to its right and below it.
    private func checkSiblings(_ group: ArraySlice<Int>, parent: Int, search: GapSearch, context: RuleContext, geometry: Geometry,
                               layout: Layout, marks: inout VisitMarks, messages: inout MessageArena,
                               into diagnostics: inout [Diagnostic]) {
        // A stack's children are one strip of controls by the author's word.
        let isStrip = parent >= 0 && layout.nodes[parent].isStack
        let grid = group.count > 32 ? SpatialGrid(rects: group.map { geometry.gates[$0] }, ids: Array(group)) : nil
        // Where the grid's cells beside a target list many siblings (a
        // pile of overlapping buttons, whose cells hold every one), the
        // neighbours a gap can be to are found by their near edge, sorted:
        // those whose left (top) edge lies within the gaps counted of the
        // target's right (bottom) edge. Made for the group at its first
        // such target; the two find the same neighbours.
        var byEdge: (horizontal: NearEdges, vertical: NearEdges)?
        let checksEvery = context.checksEveryNode
        for target in group {
            guard checksEvery || context.isChecked(target) else { continue }
            let gate = geometry.gates[target]
            var nearest: [(neighbour: Int, gap: Double, gapRect: Rect, horizontal: Bool)] = []
            for axis in 0..<2 {
                let horizontal = axis == 0
                var best: Gap?
                if let grid {
                    nearestAcross(grid, from: target, gate: gate, horizontal: horizontal, isStrip: isStrip, group: group,
                                  search: search, geometry: geometry, byEdge: &byEdge, marks: &marks, &best)
                } else {
                    for other in group { search.consider(other, from: target, gate: gate, horizontal: horizontal, isStrip: isStrip, &best) }
                }
                if let found = best, isDead(found.gapRect, geometry: geometry, marks: &marks),
                   !isFilledBySeparator(found.gapRect, horizontal: horizontal, parent: parent, context: context) {
                    nearest.append((found.neighbour, found.gap, found.gapRect, horizontal))
                }
            }
            guard !nearest.isEmpty else { continue }
            let name = context.findingName(target)
            diagnostics.append(context.diagnostic(Self.id, node: target, name: name, writing: &messages,
                                                  message: { message(name, nearest.map { ($0.neighbour, $0.gap, $0.gapRect) }, context, into: &$0) },
                                                  related: nearest.map(\.neighbour), fix: fix(target, nearest, context)))
        }
    }

    /// The nearest neighbour across a gap in a large group, through its grid,
    /// or through the siblings' near edges where the grid's cells beside the
    /// target list many.
    @inline(__always)
    private func nearestAcross(_ grid: SpatialGrid, from target: Int, gate: Rect, horizontal: Bool, isStrip: Bool,
                               group: ArraySlice<Int>, search: GapSearch, geometry: Geometry,
                               byEdge: inout (horizontal: NearEdges, vertical: NearEdges)?, marks: inout VisitMarks, _ best: inout Gap?) {
        let maxGap = search.maxGap
        let query = horizontal
            ? Rect(minX: gate.maxX, minY: gate.minY, maxX: gate.maxX + maxGap, maxY: gate.maxY)
            : Rect(minX: gate.minX, minY: gate.maxY, maxX: gate.maxX, maxY: gate.maxY + maxGap)
        let listed = grid.listedCount(in: query)
        if listed > Self.siblingsListedBesideATarget {
            if byEdge == nil {
                byEdge = (NearEdges(group, geometry, horizontal: true), NearEdges(group, geometry, horizontal: false))
            }
            let edge = horizontal ? gate.maxX : gate.maxY
            let nearEdges = horizontal ? byEdge!.horizontal : byEdge!.vertical
            let (low, high) = (edge + min(search.minGap, 0) - Tolerance.length, edge + maxGap + Tolerance.length)
            let count = nearEdges.count(from: low, through: high)
            // Past this many either way, the search gives up this side: no finding.
            if min(count, listed) > Self.siblingsConsideredBesideATarget { return }
            if count < listed {
                nearEdges.forEach(from: low, through: high) {
                    search.consider($0, from: target, gate: gate, horizontal: horizontal, isStrip: isStrip, &best)
                }
                return
            }
        }
        grid.forEachCandidate(in: query, seen: &marks) {
            search.consider($0, from: target, gate: gate, horizontal: horizontal, isStrip: isStrip, &best)
        }
    }

    /// Siblings the grid's cells beside a target may list before their near
    /// edges are looked at instead (`NearEdges`).
    static let siblingsListedBesideATarget = 64

    /// Siblings beside one side of a target past which its search gives up
    /// that side (no finding there): what keeps a pile of targets, each
    /// with thousands of siblings whose edges lie within a gap of its own,
    /// from costing the square of its size. Among piled targets a gap is
    /// covered by another; a grid of 300 × 300 controls in one container
    /// lists 300 beside each (those in the next column or row).
    static let siblingsConsideredBesideATarget = 1 << 11

    /// A group's targets sorted by their left (or top) gate edge, for the
    /// ones whose edge lies in a range (binary search, then a run).
    private struct NearEdges {
        private var edges: [(edge: Double, node: Int)]

        init(_ group: ArraySlice<Int>, _ geometry: Geometry, horizontal: Bool) {
            // (As a grid would, leaving out empty gates.)
            edges = group.filter { !geometry.gates[$0].isEmpty }.map { (horizontal ? geometry.gates[$0].minX : geometry.gates[$0].minY, $0) }
            edges.sort { $0.edge < $1.edge }
        }

        /// The first position whose edge is not below `value` (with `orAbove`, above it).
        private func first(_ value: Double, orAbove: Bool = false) -> Int {
            var (start, end) = (0, edges.count)
            while start < end {
                let middle = (start + end) / 2
                if edges[middle].edge < value || (orAbove && edges[middle].edge == value) { start = middle + 1 } else { end = middle }
            }
            return start
        }

        func count(from low: Double, through high: Double) -> Int {
            max(0, first(high, orAbove: true) - first(low))
        }

        func forEach(from low: Double, through high: Double, _ body: (Int) -> Void) {
            var start = first(low)
            while start < edges.count, edges[start].edge <= high {
                body(edges[start].node)
                start += 1
            }
        }
    }

    /// Widen the facing insets of both targets by half the gap each, when the
    /// gap lies inside both targets' ancestors' hit regions.
    private func fix(_ target: Int, _ gaps: [(neighbour: Int, gap: Double, gapRect: Rect, horizontal: Bool)], _ context: RuleContext) -> Fix {
        let geometry = context.geometry
        var insetsByNode: [(node: Int, insets: EdgeInsets)] = []
        func adjust(_ node: Int, _ side: Side, by amount: Double) {
            if let position = insetsByNode.firstIndex(where: { $0.node == node }) {
                insetsByNode[position].insets[side] -= amount
            } else {
                var insets = geometry.insets(of: node)
                insets[side] -= amount
                insetsByNode.append((node, insets))
            }
        }
        for gap in gaps {
            let pair = [target, gap.neighbour]
            let inside = pair.allSatisfy { geometry.hitAreaBound($0).contains(gap.gapRect) }
            guard inside, pair.allSatisfy({ context.canEditHitArea(of: $0) }) else {
                return context.advice { context in "close the gap between '\(context.name(target))' and '\(context.name(gap.neighbour))' by moving them together (their containers' hit regions do not cover it)" }
            }
            adjust(target, gap.horizontal ? .right : .bottom, by: gap.gap / 2)
            adjust(gap.neighbour, gap.horizontal ? .left : .top, by: gap.gap / 2)
        }
        return context.insetsFix(insetsByNode) { context, reads in
            context.describe(insetsByNode, reading: reads, after: "widen the facing hit areas by half the gap each: ")
        }
    }

    /// Whether a view that is drawn and is no control fills the gap: a
    /// separator laid between two groups (the band between two sections of
    /// settings), which shows the gap is meant. It lies within the gap across
    /// and covers most of it (a hairline in a wider gap does not: the taps
    /// beside it are still lost); it is one of the two targets' siblings, as
    /// the controls it separates are.
    private func isFilledBySeparator(_ gap: Rect, horizontal: Bool, parent: Int, context: RuleContext) -> Bool {
        guard parent >= 0 else { return false }
        let nodes = context.layout.nodes
        let geometry = context.geometry
        var child = parent + 1
        var looked = 0
        // Bounded: a strip of thousands of controls is searched this far only.
        while child < Int(nodes[parent].subtreeEnd), looked < Self.separatorSearch {
            defer { child = Int(nodes[child].subtreeEnd) }
            looked += 1
            let node = nodes[child]
            guard !node.isTarget, !geometry.isInvisible[child], !node.frame.isEmpty,
                  geometry.frame(child).intersects(gap) else { continue }
            let frame = geometry.frame(child)
            let within = horizontal
                ? frame.minX >= gap.minX - Tolerance.length && frame.maxX <= gap.maxX + Tolerance.length
                : frame.minY >= gap.minY - Tolerance.length && frame.maxY <= gap.maxY + Tolerance.length
            if within, frame.intersection(gap).area >= 0.8 * gap.area { return true }
        }
        return false
    }

    /// How many siblings `isFilledBySeparator` looks at.
    static let separatorSearch = 512

    /// No view that answers for a target reaches into the gap (a third target, or
    /// on the web a view inside one of the two that hangs out of it).
    private func isDead(_ gap: Rect, geometry: Geometry, marks: inout VisitMarks) -> Bool {
        var dead = true
        geometry.answerIndex.forEachCandidate(in: gap, seen: &marks) { node in
            if dead, geometry.resolvedTarget(node) != nil, geometry.gates[node].intersects(gap) { dead = false }
        }
        return dead
    }

    private func message(_ name: String, _ gaps: [(neighbour: Int, gap: Double, gapRect: Rect)], _ context: RuleContext,
                         into message: inout ByteWriter) {
        let unit = context.threshold.unitName
        let lost = context.geometry.modality == .pointer ? "the pointer there hits nothing" : "a tap there is lost"
        if gaps.count == 1 {
            // Written piece by piece as bytes (as target-size's).
            let gap = gaps[0]
            message += "'"
            message += name
            message += "' and '"
            message += context.name(gap.neighbour)
            message += "' are "
            message += formatLength(gap.gap)
            message += " "
            message += unit
            message += " apart and nothing answers between them: "
            message += lost
            if context.layout.interfaceBuilder != nil {
                // No hit insets in an Interface Builder document: the spacing, or code.
                message += " — close the gap, or extend their facing hit areas by "
                message += formatLength(gap.gap / 2)
                message += " "
                message += unit
                message += " each in code"
            } else {
                message += " — widen their facing hitInsets by -"
                message += formatLength(gap.gap / 2)
                message += " each"
            }
            return
        }
        let parts = gaps.map { "'\(context.name($0.neighbour))' (\(formatLength($0.gap)) \(unit))" }
        let remedy = context.layout.interfaceBuilder != nil
            ? "close the gaps, or extend the facing hit areas by half the gap each in code"
            : "widen the facing hitInsets by half the gap each"
        message.append("'\(name)' has dead gaps to \(englishList(parts)) where nothing answers: \(lost) — \(remedy)")
    }
}
