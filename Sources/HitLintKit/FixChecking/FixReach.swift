/// Which targets' findings a fix can change: what lets fix checking judge many
/// fixes with one lint (`FixChecking`), each by the findings of the targets it
/// can reach, instead of one lint of the whole file per run.
///
/// A fix only gives nodes new hit insets (`Fix.hitAreaChanges`). Every gate
/// that changes, the edited nodes' and (on UIKit and Android) their
/// descendants', lies before and after in `changed`: the bounding box of the
/// edited nodes' old gates and their new hit rects as their ancestors cut
/// them. A target's region (its reachable pieces, losses, group share,
/// whether it is out of play) changes only where its footprint (its gate and
/// its descendants' gates) meets `changed`: a "changed" target. What each
/// rule in force reads (`RuleDescription.reads`, `RuleRead`) says which of
/// these, and which targets around them, a change reaches; nothing here is
/// written for one rule. Fix checking still notices any finding that changed
/// outside every fix's reach and then checks those fixes against the whole file.
public struct FixReach: Sendable {
    private let layout: Layout
    private let geometry: Geometry
    /// Per target (in `geometry.targets` order), where its findings are
    /// decided (`TargetFootprints`: its gate and its descendants' gates, where
    /// the neighbour reads measure too), with a grid over them.
    private let footprints: TargetFootprints
    /// What the rules read, all together (`RuleRead`).
    private let readsNode: Bool, readsAncestors: Bool, readsRegion: Bool, readsFindingsBelow: Bool
    /// The farthest a rule looks from a target to a neighbour, with a margin;
    /// nil when no rule looks.
    private let reach: Double?
    /// Nodes with `ignore` entries: whether an entry is used depends on the
    /// findings of the node's whole subtree (`RuleRead.findingsBelow`).
    private let ignoreHolders: Set<Int32>

    public init(_ context: RuleContext) {
        self.init(context, footprints: TargetFootprints(context.geometry))
    }

    /// `footprints`: of `context.geometry`'s targets. `rules`: whose reads
    /// count; nil for every rule the options leave on (a rule that is off
    /// reads nothing).
    public init(_ context: RuleContext, footprints: TargetFootprints, rules: [RuleDescription]? = nil) {
        let rules = rules ?? RuleRegistry.descriptions.filter { context.options.isEnabled($0.id) }
        layout = context.layout
        geometry = context.geometry
        func anyReads(_ wanted: (RuleRead) -> Bool) -> Bool { rules.contains { $0.readsAny(wanted) } }
        readsNode = anyReads { if case .node = $0 { true } else { false } }
        readsAncestors = anyReads { if case .ancestors = $0 { true } else { false } }
        readsRegion = anyReads { if case .region = $0 { true } else { false } }
        readsFindingsBelow = anyReads { if case .findingsBelow = $0 { true } else { false } }
        ignoreHolders = readsFindingsBelow ? Set(context.layout.ignores.map { Int32($0.node) }) : []
        var farthest: Double?
        for rule in rules {
            if let points = rule.neighbourDistance(in: context) { farthest = max(farthest ?? points, points) }
        }
        // A margin over the rules' own tolerances and the rounding of the
        // numbers a fix writes.
        reach = farthest.map { $0 + 1 }
        self.footprints = footprints
    }

    /// For each diagnostic whose fix edits the file and says what it changes
    /// (`Fix.hitAreaChanges`), the nodes whose findings the fix can alter,
    /// sorted (the edited nodes, their target ancestors and descendants among
    /// them); nil for the others, whose reach is not known, and for a fix
    /// whose neighbours are too many to list (`neighboursListedPerFix`).
    /// With `jobs` > 1 the diagnostics are split into that many runs, each
    /// worked out on its own thread with its own scratch tables.
    public func affectedNodes(of diagnostics: [Diagnostic], jobs: Int = 1) -> NodeLists {
        affectedNodes(of: diagnostics, jobs: jobs, listing: Self.neighboursListedPerFix)
    }

    /// The same, each fix's reach given up past `limit` neighbours listed (tests).
    func affectedNodes(of diagnostics: [Diagnostic], jobs: Int, listing limit: Int) -> NodeLists {
        reaches(of: diagnostics, jobs: jobs, listing: limit, growing: false).affected
    }

    /// `affectedNodes(of:jobs:)` and `grownGates(of:)` at once: each fix's
    /// changes read once, on the threads that work out the reaches (a
    /// first run's fixes are read where each is held, tens of thousands of
    /// allocations, and the gates are a walk of them all).
    public func reaches(of diagnostics: [Diagnostic], jobs: Int) -> (affected: NodeLists, grown: GrownGates) {
        reaches(of: diagnostics, jobs: jobs, listing: Self.neighboursListedPerFix, growing: true)
    }

    private func reaches(of diagnostics: [Diagnostic], jobs: Int, listing limit: Int,
                         growing: Bool) -> (affected: NodeLists, grown: GrownGates) {
        let runs = max(1, min(jobs, diagnostics.count / 1_024))
        let (targets, nodes) = (geometry.targets.count, layout.nodes.count)
        let share = (diagnostics.count + runs - 1) / runs
        // Each run's lists gathered into one of its own, the runs' joined in order.
        let parts = concurrentMap(count: runs, jobs: runs) { run in
            var scratch = Scratch(targets: targets, nodes: nodes)
            var lists = NodeLists()
            var grown = GrownGates()
            for index in run * share ..< min(diagnostics.count, (run + 1) * share) {
                guard let fix = diagnostics[index].fix, fix.hasEdits else {
                    lists.append(nil)
                    if growing { grown.endList() }
                    continue
                }
                fix.withHitAreaChanges { changes in
                    lists.append(changes.isEmpty ? nil : affectedNodes(of: changes, scratch: &scratch, limit: limit))
                    if growing { grow(changes, into: &grown) }
                }
            }
            return (lists, grown)
        }
        return (NodeLists(joining: parts.map(\.0)), GrownGates(joining: parts.map(\.1)))
    }

    /// A list of nodes, or nil, for each diagnostic (`affectedNodes(of:jobs:)`),
    /// held as one list: a list of its own for each of tens of thousands of
    /// fixes, most reaching a handful of nodes, is an allocation each, held
    /// while every fix is checked.
    public struct NodeLists: Sendable {
        /// List i is `nodes[starts[i] ..< starts[i + 1]]`, when `isKnown[i]`.
        private var starts: [Int] = [0]
        private var nodes: [Int32] = []
        private var isKnown: [Bool] = []
        /// The largest node of any list (-1: none).
        public private(set) var largestNode: Int32 = -1

        public init(_ lists: [[Int32]?] = []) {
            for list in lists { append(list) }
        }

        /// The lists of `parts`, one after another.
        init(joining parts: [NodeLists]) {
            starts.reserveCapacity(parts.reduce(1) { $0 + $1.count })
            isKnown.reserveCapacity(parts.reduce(0) { $0 + $1.count })
            nodes.reserveCapacity(parts.reduce(0) { $0 + $1.nodes.count })
            for part in parts {
                let offset = nodes.count
                nodes += part.nodes
                starts += part.starts.dropFirst().lazy.map { $0 + offset }
                isKnown += part.isKnown
                largestNode = max(largestNode, part.largestNode)
            }
        }

        mutating func append(_ list: [Int32]?) {
            if let list {
                nodes += list
                for node in list where node > largestNode { largestNode = node }
            }
            starts.append(nodes.count)
            isKnown.append(list != nil)
        }

        public var count: Int { isKnown.count }

        public subscript(index: Int) -> ArraySlice<Int32>? {
            isKnown[index] ? nodes[starts[index] ..< starts[index + 1]] : nil
        }

        /// Whether list `index` is known (`self[index] != nil`), told without making the list.
        @inline(__always) public func knows(_ index: Int) -> Bool { isKnown[index] }

        /// Each node of list `index`, which is known, read where it is held:
        /// fix checking walks a list per fix again and again, and a slice
        /// of the list counts a reference to the nodes each time.
        @inline(__always) public func forEachNode(of index: Int, _ body: (Int32) throws -> Void) rethrows {
            try nodes.withUnsafeBufferPointer { nodes in
                for position in starts[index] ..< starts[index + 1] { try body(nodes[position]) }
            }
        }

        /// Whether a node of list `index`, which is known, is one `predicate` holds for.
        @inline(__always) public func contains(in index: Int, where predicate: (Int32) -> Bool) -> Bool {
            nodes.withUnsafeBufferPointer { nodes in
                for position in starts[index] ..< starts[index + 1] where predicate(nodes[position]) { return true }
                return false
            }
        }
    }

    /// Where the fixes of `diagnostics` give nodes new hit areas: for each
    /// diagnostic whose fix edits the file and says what it changes, each
    /// edited node's new gate (its frame grown by the new insets, as its
    /// ancestors cut it). Fix checking keeps fixes whose grown areas overlap
    /// out of one run: together they would overlap where neither does alone.
    public func grownGates(of diagnostics: [Diagnostic]) -> GrownGates {
        var grown = GrownGates()
        for index in diagnostics.indices {
            guard let fix = diagnostics[index].fix, fix.hasEdits else {
                grown.endList()
                continue
            }
            fix.withHitAreaChanges { grow($0, into: &grown) }
        }
        return grown
    }

    /// A fix's edited nodes and their new gates, as the next list of `grown`.
    private func grow(_ changes: UnsafeBufferPointer<HitAreaChange>, into grown: inout GrownGates) {
        for change in changes {
            grown.nodes.append(Int32(change.node))
            grown.gates.append(newGate(change))
        }
        grown.endList()
    }

    /// `FixReach.grownGates`: each fix's edited nodes and their new gates, one list for all.
    public struct GrownGates: Sendable {
        /// List i is `starts[i] ..< starts[i + 1]` of `nodes` and `gates`.
        fileprivate var starts: [Int32] = [0]
        public fileprivate(set) var nodes: [Int32] = []
        public fileprivate(set) var gates: [Rect] = []

        fileprivate init() {}

        /// The lists of `parts`, one after another.
        fileprivate init(joining parts: [GrownGates]) {
            starts.reserveCapacity(parts.reduce(1) { $0 + $1.starts.count - 1 })
            nodes.reserveCapacity(parts.reduce(0) { $0 + $1.nodes.count })
            gates.reserveCapacity(parts.reduce(0) { $0 + $1.gates.count })
            for part in parts {
                let offset = Int32(nodes.count)
                nodes += part.nodes
                gates += part.gates
                starts += part.starts.dropFirst().lazy.map { $0 + offset }
            }
        }

        /// Ends the next diagnostic's list: the nodes and gates added since the last.
        fileprivate mutating func endList() {
            starts.append(Int32(gates.count))
        }

        /// From each diagnostic's list (tests).
        init(_ lists: [[(node: Int32, gate: Rect)]]) {
            for list in lists {
                nodes += list.map(\.node)
                gates += list.map(\.gate)
                endList()
            }
        }

        /// Where diagnostic `index`'s nodes and gates are in `nodes` and `gates`.
        public func places(of index: Int) -> Range<Int> { Int(starts[index])..<Int(starts[index + 1]) }
    }

    /// The node's gate once `change` gives it its insets: its frame grown by
    /// them, as its ancestors cut it.
    private func newGate(_ change: HitAreaChange) -> Rect {
        let node = Int(change.node)
        return layout.nodes[node].frame.inset(by: change.insets).intersection(geometry.hitAreaBound(node))
    }

    /// The nodes whose findings these changes can alter, sorted.
    public func affectedNodes(of changes: [HitAreaChange]) -> [Int32] {
        var scratch = Scratch(targets: geometry.targets.count, nodes: layout.nodes.count)
        return affectedNodes(of: changes, scratch: &scratch, limit: .max)!
    }

    /// Neighbours a fix's reach may list, each time a target is found around
    /// an area searched (`addNeighbours`), before its reach is given up as
    /// not known: then the fix is checked against the whole file, within
    /// fix checking's budget (`FixChecking.budget`). A fix among piled
    /// targets changes the regions of hundreds, and each lists the
    /// thousands piled around it again; a fix in a layout people draw lists
    /// a few dozen, in one whose containers are piled nine deep a few thousand.
    static let neighboursListedPerFix = 1 << 16

    /// Tables reused from one fix to the next (one set per thread).
    private struct Scratch {
        var marks: VisitMarks
        var found: NodeList
        var neighbours: NeighbourCache

        init(targets: Int, nodes: Int) {
            marks = VisitMarks(count: max(targets, 1))
            found = NodeList(count: nodes)
            neighbours = NeighbourCache(targets: targets)
        }
    }

    /// The targets around a target's footprint (`addNeighbours`), by target
    /// position, kept once a footprint has been searched around twice: the
    /// fixes inside one container each reach its footprint and search the
    /// same area again (a dense layout's fixes share ancestors nine deep, and
    /// each reaches every target piled over its own). Kept one after
    /// another in one list, each behind its length, so a kept search costs
    /// its targets and no allocation. What is kept is bounded; past that,
    /// areas are searched every time.
    private struct NeighbourCache {
        /// By target position: 0 never searched, 1 searched once, 2 kept.
        private var state: [UInt8]
        /// By target position, once anything is kept: where its list starts in `store`.
        private var start: [Int32] = []
        /// Each kept list: its length, then its targets' nodes.
        private var store: [Int32] = []
        private let limit: Int

        init(targets: Int) {
            state = [UInt8](repeating: 0, count: targets)
            // About thirty neighbours for every target at the most: a pile
            // of views that deep keeps its searches, at 4 bytes a neighbour.
            limit = max(1 << 18, 32 * targets)
        }

        /// The targets kept for this position, if they are.
        func kept(_ position: Int) -> ArraySlice<Int32>? {
            guard state[position] == 2 else { return nil }
            let from = Int(start[position]) + 1
            return store[from ..< from + Int(store[from - 1])]
        }

        /// Whether the next search around this position should be kept; notes the search.
        mutating func keepsNext(_ position: Int) -> Bool {
            if state[position] == 0 { state[position] = 1; return false }
            return store.count < limit
        }

        mutating func keep(_ list: [Int32], at position: Int) {
            if start.isEmpty { start = [Int32](repeating: -1, count: state.count) }
            start[position] = Int32(store.count)
            store.append(Int32(list.count))
            store += list
            state[position] = 2
        }
    }

    /// Nodes gathered once each, without a hashed set (a fix reaches dozens
    /// of nodes, and a file has as many fixes as nodes).
    private struct NodeList {
        private var marks: VisitMarks
        private(set) var nodes: [Int32] = []

        init(count: Int) { marks = VisitMarks(count: max(count, 1)) }

        mutating func reset() {
            marks.next()
            nodes.removeAll(keepingCapacity: true)
        }

        mutating func insert(_ node: Int32) {
            if marks.mark(Int(node)) { nodes.append(node) }
        }
    }

    private func affectedNodes<Changes: Collection<HitAreaChange>>(of changes: Changes, scratch: inout Scratch, limit: Int) -> [Int32]? {
        let nodes = layout.nodes
        var box: Rect?
        scratch.found.reset()
        for change in changes {
            let node = Int(change.node)
            // Gates change only inside the old gate and the new hit rect as the
            // ancestors cut it (the descendants' gates lie inside these).
            for rect in [geometry.gates[node], newGate(change)] where !rect.isEmpty {
                box = box?.union(rect) ?? rect
            }
            // The edited node, whatever it is (`RuleRead.node`); of the nodes
            // above and below it, the targets (only targets have findings of
            // their own): above, whose footprints hold its gate
            // (`RuleRead.region`); below, whose gates it cuts (`RuleRead.ancestors`).
            if readsNode { scratch.found.insert(Int32(node)) }
            if readsRegion {
                var ancestor = Int(nodes[node].parent)
                while ancestor >= 0 {
                    if nodes[ancestor].isTarget { scratch.found.insert(Int32(ancestor)) }
                    ancestor = Int(nodes[ancestor].parent)
                }
            }
            if readsAncestors {
                for descendant in node + 1..<Int(nodes[node].subtreeEnd) where nodes[descendant].isTarget {
                    scratch.found.insert(Int32(descendant))
                }
            }
        }
        // No gate changes: no finding does, under a holder or anywhere.
        guard var changed = box else { return scratch.found.nodes.sorted() }
        // Rounding of the written numbers, and edges that only touch.
        changed = changed.expanded(by: 1)
        var changedTargets: [Int32] = []
        let targetNodes = geometry.targets
        let (footprints, targets) = (footprints.rects, footprints.grid)
        targets.forEachCandidate(in: changed, seen: &scratch.marks) { position in
            if footprints[position].intersects(changed) { changedTargets.append(Int32(position)) }
        }
        if readsRegion {
            for position in changedTargets { scratch.found.insert(Int32(targetNodes[Int(position)])) }
        }
        if let reach {
            // The areas looked around so far: an area inside one of them has no
            // neighbour it has not (nested targets' footprints lie inside their
            // ancestors', which come first). A few are kept, the latest.
            var searched: [Rect] = []
            searched.reserveCapacity(16)
            // Counted as found, whether kept or searched for: the same for a
            // fix whatever was kept before it, so on any number of threads.
            var listed = 0
            addNeighbours(of: changed, position: nil, reach: reach, searched: &searched,
                          marks: &scratch.marks, found: &scratch.found, neighbours: &scratch.neighbours, listed: &listed)
            for position in changedTargets {
                if listed > limit { return nil }
                addNeighbours(of: footprints[Int(position)], position: Int(position), reach: reach, searched: &searched,
                              marks: &scratch.marks, found: &scratch.found, neighbours: &scratch.neighbours, listed: &listed)
            }
            if listed > limit { return nil }
        }
        return holdersAbove(&scratch.found)
    }

    /// Adds the targets whose footprints meet `area` widened by `reach`,
    /// unless an area searched before holds it. `position`: the target whose
    /// footprint `area` is, whose neighbours may be kept; nil for other areas.
    /// `listed`: counts the targets found around it.
    private func addNeighbours(of area: Rect, position: Int?, reach: Double, searched: inout [Rect],
                               marks: inout VisitMarks, found: inout NodeList, neighbours: inout NeighbourCache, listed: inout Int) {
        let around = area.expanded(by: reach)
        if searched.contains(where: { $0.contains(around) }) { return }
        if searched.count == 16 { searched.removeFirst() }
        searched.append(around)
        if let position, let kept = neighbours.kept(position) {
            listed += kept.count
            for node in kept { found.insert(node) }
            return
        }
        let (rects, targetNodes) = (footprints.rects, geometry.targets)
        let keeps = position.map { neighbours.keepsNext($0) } ?? false
        var list: [Int32] = []
        var count = 0
        footprints.grid.forEachCandidate(in: around, seen: &marks) { candidate in
            guard rects[candidate].intersects(around) else { return }
            count += 1
            let node = Int32(targetNodes[candidate])
            if keeps { list.append(node) }
            found.insert(node)
        }
        listed += count
        if keeps, let position { neighbours.keep(list, at: position) }
    }

    /// The nodes found and the holders of `ignore` entries above them
    /// (`RuleRead.findingsBelow`), sorted.
    private func holdersAbove(_ found: inout NodeList) -> [Int32] {
        if !ignoreHolders.isEmpty {
            let nodes = layout.nodes
            for node in found.nodes {
                var ancestor = Int(nodes[Int(node)].parent)
                while ancestor >= 0 {
                    if ignoreHolders.contains(Int32(ancestor)) { found.insert(Int32(ancestor)) }
                    ancestor = Int(nodes[ancestor].parent)
                }
            }
        }
        return found.nodes.sorted()
    }
}
