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
///
/// 32 bytes: a pile of views over each target keeps millions (up to
/// `RegionLimits.losses`), so the taker and the node that answers are kept
/// as 32-bit node indices, as the node table keeps them, the taker's kind
/// in the sign (an occluder's index is kept complemented).
public struct Loss: Sendable {
    private var takerCode: Int32
    private var answeringIndex: Int32
    public var taker: Taker {
        get { takerCode >= 0 ? .target(Int(takerCode)) : .occluder(Int(~takerCode)) }
        set { takerCode = Self.code(newValue) }
    }
    /// The frontmost node that answers there (the taker itself, or a view in its subtree).
    public var answeringNode: Int {
        get { Int(answeringIndex) }
        set { answeringIndex = Int32(newValue) }
    }
    public var area: Double
    /// The part of `area` the user can see (not under an opaque view in front).
    public var visibleArea: Double
    /// Where: disjoint pieces of the gate, so a picture can show what was lost
    /// (`render`). Kept only for a lint that keeps its context for a picture
    /// (`Geometry.targetRegions(jobs:keepingLostPieces:)`), and only by the
    /// largest losses of each kind a picture draws (`Geometry.lossesWithPieces`):
    /// no rule reads them.
    public var pieces: [Rect] = []

    public init(taker: Taker, answeringNode: Int, area: Double, visibleArea: Double, pieces: [Rect] = []) {
        takerCode = Self.code(taker)
        answeringIndex = Int32(answeringNode)
        (self.area, self.visibleArea, self.pieces) = (area, visibleArea, pieces)
    }

    private static func code(_ taker: Taker) -> Int32 {
        switch taker {
        case .target(let index): return Int32(index)
        case .occluder(let index): return ~Int32(index)
        }
    }
}

/// How a file's regions are bounded (`Geometry.regionBudget`): their time
/// by the views their walks read, their memory by the losses they keep.
public struct RegionBudget: Equatable, Sendable {
    /// The views any one target's walks may read (`Int.max`: unbounded).
    public var readCap = Int.max
    /// Losses are counted against `RegionLimits.losses`, in pre-order.
    public var countsLosses = false

    public var isUnbounded: Bool { readCap == .max && !countsLosses }
}

/// What the regions of a file may cost in all (`Geometry.regionBudget`).
struct RegionLimits: Equatable, Sendable {
    /// Views the walks over what lies in front of the targets may read, an
    /// id found in several cells of a grid counted in each: 32 million,
    /// and 64 more per target, a second or so. What keeps a hostile file
    /// quick; every layout people draw reads far fewer.
    var reads: Int
    /// Losses the regions may keep (what their memory grows with: each is a
    /// pair of views that overlap, 48 bytes): a million, and 8 more per
    /// target. A staircase of 1,000 buttons that all overlap keeps half of it.
    var losses: Int

    init(targets: Int) {
        reads = 1 << 25 + 64 * targets
        losses = 1 << 20 + 8 * targets
    }

    init(reads: Int, losses: Int) {
        (self.reads, self.losses) = (reads, losses)
    }
}

/// Where a region's losses are, by taker, once they are too many to look
/// along (scratch, reused from one region to the next, made at the first
/// region that needs it): stamped, so never cleared. With the region's
/// lists, whose room is kept from one region to the next too.
struct LossTable {
    /// The region being worked out: its losses so far, in the order their
    /// takers are met, and every piece it lost (`region(of:)`'s lists).
    var losses: [Loss] = []
    var lostPieces: [Rect] = []
    private var positions: [Int32] = []
    private var stamps: [UInt32] = []
    private var stamp: UInt32 = 0

    mutating func start(nodeCount: Int) {
        if stamps.count < nodeCount {
            positions = [Int32](repeating: 0, count: nodeCount)
            stamps = [UInt32](repeating: 0, count: nodeCount)
        }
        stamp &+= 1
        if stamp == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            stamp = 1
        }
    }

    @inline(__always) func position(of node: Int) -> Int? {
        stamps[node] == stamp ? Int(positions[node]) : nil
    }

    @inline(__always) mutating func set(_ node: Int, at position: Int) {
        stamps[node] = stamp
        positions[node] = Int32(position)
    }
}

/// What one target's walks may still read and keep (`RegionBudget`), and
/// whether they ran out.
struct RegionAllowance {
    var reads: Int
    var losses = Int.max
    var isCutShort = false
    /// Whether each loss keeps where it lies (`Loss.pieces`), for a picture.
    var keepsLostPieces = false

    /// Takes one read; false (cut short) when none is left.
    @inline(__always) mutating func read() -> Bool {
        guard reads > 0 else {
            isCutShort = true
            return false
        }
        reads -= 1
        return true
    }

    /// Takes one loss kept; false (cut short) when none is left.
    @inline(__always) mutating func keepLoss() -> Bool {
        guard losses > 0 else {
            isCutShort = true
            return false
        }
        losses -= 1
        return true
    }
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
    /// Piece splitting hit its cap, or the file's budget cut the walk over
    /// the views in front short: sizes are approximate.
    public var isApproximate: Bool
    /// The file's budget (`Geometry.regionBudget`) stopped the walks over the
    /// views in front before it was done: what they take is not all known
    /// (the region is larger, the losses fewer, than they are).
    public var isCutShort: Bool
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

    /// A region of nothing, to swap one out of a list without a copy.
    static var placeholder: TargetRegion {
        TargetRegion(target: 0, domainArea: 0, reachable: MaximalRegion(.empty), reachableArea: 0, losses: [],
                     isHiddenByOpaqueViews: false, isApproximate: false)
    }

    public init(target: Int, domainArea: Double, reachable: MaximalRegion, reachableArea: Double, losses: [Loss],
                isHiddenByOpaqueViews: Bool, isBehindModal: Bool = false, isApproximate: Bool, isCutShort: Bool = false) {
        targetIndex = Int32(target)
        self.isCutShort = isCutShort
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
    /// result is the same. `keepingLostPieces`: each loss keeps where it
    /// lies (`Loss.pieces`), which only a picture draws; on a pile of views
    /// over each target they are most of the regions' memory.
    public func targetRegions(jobs: Int = 1, keepingLostPieces: Bool = true) -> [TargetRegion] {
        targetRegions(jobs: jobs, limits: RegionLimits(targets: targets.count), keepingLostPieces: keepingLostPieces)
    }

    /// `targetRegions(jobs:)` under other limits (tests).
    func targetRegions(jobs: Int, limits: RegionLimits, keepingLostPieces: Bool = true) -> [TargetRegion] {
        let opaque = opaqueIndex()
        let seeing = OpaqueWalks(grid: opaque, readCap: opaqueReadCap(opaque, limits: limits))
        let budget = regionBudget(limits: limits)
        let count = targets.count
        guard budget.countsLosses else {
            return regions(at: 0..<count, allowance: RegionAllowance(reads: budget.readCap, keepsLostPieces: keepingLostPieces),
                           seeing: seeing, jobs: jobs)
        }
        // Losses counted in pre-order: each target may keep what the targets
        // before it left (and a few whatever is left). Worked out a batch at
        // a time on all threads, each target allowed at most `lossProbe`;
        // then, in order, a region that kept more than it may, or that the
        // probe stopped where it might have gone on, is worked out again.
        var result: [TargetRegion] = []
        result.reserveCapacity(count)
        var used = 0
        var cursors = SpatialGrid.Cursors()
        var table = LossTable()
        for start in stride(from: 0, to: count, by: Self.lossBatch) {
            let probe = min(Self.lossAllowance(limits.losses - used), Self.lossProbe)
            let batch = regions(at: start..<min(count, start + Self.lossBatch),
                                allowance: RegionAllowance(reads: budget.readCap, losses: probe, keepsLostPieces: keepingLostPieces),
                                seeing: seeing, jobs: jobs)
            for (item, region) in batch.enumerated() {
                let allowed = Self.lossAllowance(limits.losses - used)
                var region = region
                if region.losses.count > allowed || (region.isCutShort && region.losses.count == probe && probe < allowed) {
                    region = self.region(at: start + item,
                                         allowance: RegionAllowance(reads: budget.readCap, losses: allowed, keepsLostPieces: keepingLostPieces),
                                         seeing: seeing, hidden: nil, cursors: &cursors, lossTable: &table)
                }
                used += region.losses.count
                result.append(region)
            }
        }
        return result
    }

    /// The grid of opaque views and what a target's walk over those in
    /// front of it may read (`isHiddenByOpaqueViews`).
    struct OpaqueWalks: Sendable {
        var grid: SpatialGrid
        var readCap: Int
    }

    /// The regions of the targets at `positions` (in `targets`), each
    /// target's walks over the views in front given `allowance`. `hidden`:
    /// whether opaque views hide the target at a position, when known
    /// already (nil: worked out with `seeing`).
    private func regions(at positions: some Collection<Int> & Sendable, allowance: RegionAllowance, seeing: OpaqueWalks?, jobs: Int,
                         hidden known: (@Sendable (Int) -> Bool?)? = nil) -> [TargetRegion] {
        let count = positions.count
        let runs = max(1, min(jobs, count / 256))
        return concurrentMap(count: count, jobs: runs, batch: (count + runs - 1) / runs,
                             scratch: { (cursors: SpatialGrid.Cursors(), losses: LossTable()) }) { item, scratch in
            region(at: positions[positions.index(positions.startIndex, offsetBy: item)], allowance: allowance, seeing: seeing,
                   hidden: known, cursors: &scratch.cursors, lossTable: &scratch.losses)
        }
    }

    /// The region of the target at `position` (`regions(at:)`).
    private func region(at position: Int, allowance: RegionAllowance, seeing: OpaqueWalks?, hidden known: ((Int) -> Bool?)?,
                        cursors: inout SpatialGrid.Cursors, lossTable: inout LossTable) -> TargetRegion {
        let target = targets[position]
        var allowance = allowance
        var seen = RegionAllowance(reads: seeing?.readCap ?? .max)
        let hidden = known?(position)
            ?? seeing.map { isHiddenByOpaqueViews(target, opaque: $0.grid, allowance: &seen, cursors: &cursors) } ?? false
        return region(of: target, hidden: hidden, hiddenCutShort: seen.isCutShort, allowance: &allowance,
                      cursors: &cursors, lossTable: &lossTable)
    }

    /// Targets worked out together on all threads when losses are counted.
    static let lossBatch = 512

    /// What a target of such a batch may keep at first (`lossBatch` of them
    /// at once hold no more than this many each).
    static let lossProbe = 1_024

    /// A target may read and keep at least this many whatever the budget.
    static let minimumAllowance = 8

    /// What a target may keep when `left` losses are left.
    static func lossAllowance(_ left: Int) -> Int { max(minimumAllowance, left) }

    /// How the walks over the views in front of the targets are bounded
    /// (SPEC §5, §10): unbounded unless the views the grid lists over the
    /// targets (an upper bound on what the walks read, and on the losses
    /// they keep) pass a limit. Off the web that is known from the grid's
    /// cells alone (`SpatialGrid.crowding`, then `ownWalkTotal`), without a
    /// look at each target: fix checking asks it at every fix.
    ///
    /// Past `RegionLimits.reads`: the same cap on the reads of every target,
    /// the largest that keeps their total within it, so only the targets
    /// with the most views over them are cut short, whatever the number of
    /// threads. Past `RegionLimits.losses`: losses are counted in pre-order,
    /// each target allowed what the targets before it left
    /// (`lossAllowance`); a pile of views over each target then keeps no
    /// more than the limit, and a layout that lists many views over its
    /// targets but loses little to them (the usual case) is not cut at all.
    func regionBudget(limits: RegionLimits? = nil) -> RegionBudget {
        let limits = limits ?? RegionLimits(targets: targets.count)
        var budget = RegionBudget()
        // Each target's views in front are read twice at most: to see
        // whether any overlaps at all, then front to back.
        let reads = limits.reads / 2
        if platform != .web {
            // A target's walk reads the cells its own gate lies in.
            if answerIndex.crowding(queries: targets.count) <= limits.losses { return budget }
            let nodes = layout.nodes
            let total = answerIndex.ownWalkTotal(queries: targets.count) { nodes[$0].isTarget }
            budget.countsLosses = total > limits.losses
            if total <= reads { return budget }
        }
        var estimates = [Int](repeating: 0, count: targets.count)
        var total = 0
        for (position, target) in targets.enumerated() where !isSkipped[target] {
            let bounds = regionBounds(target)
            guard !bounds.isEmpty else { continue }
            estimates[position] = answerIndex.candidateCount(in: bounds, above: target)
            total += estimates[position]
        }
        budget.countsLosses = total > limits.losses
        if total > reads { budget.readCap = 2 * Self.evenCap(estimates, within: reads) }
        return budget
    }

    /// What a target's walk over the opaque views in front of it may read:
    /// as `regionBudget`'s cap on reads. Insets do not move it.
    func opaqueReadCap(_ opaque: SpatialGrid, limits: RegionLimits) -> Int {
        guard !opaque.isEmpty else { return .max }
        var estimates = [Int](repeating: 0, count: targets.count)
        var total = 0
        for (position, target) in targets.enumerated() {
            let visible = visibleFrame(target)
            guard !visible.isEmpty else { continue }
            estimates[position] = opaque.candidateCount(in: visible, above: Int(layout.nodes[target].subtreeEnd) - 1)
            total += estimates[position]
        }
        return total > limits.reads / 2 ? Self.evenCap(estimates, within: limits.reads / 2) : .max
    }

    /// The largest cap whose sum over `estimates` stays within `budget`
    /// (at least `minimumAllowance`).
    private static func evenCap(_ estimates: [Int], within budget: Int) -> Int {
        var (low, high) = (minimumAllowance, estimates.max() ?? minimumAllowance)
        while low < high {
            let middle = low + (high - low + 1) / 2
            var sum = 0
            for estimate in estimates { sum += min(estimate, middle) }
            if sum <= budget { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The box of the points that can answer for the target (`region(of:)`'s
    /// `bounds`): its gate, and on the web the gates of the views inside it
    /// that answer for it.
    private func regionBounds(_ target: Int) -> Rect {
        var bounds = gates[target]
        guard platform == .web else { return bounds }
        let end = Int(layout.nodes[target].subtreeEnd)
        for inner in (target + 1)..<max(target + 1, end) where owningTarget[inner] == Int32(target) && canAnswer(inner) {
            bounds = bounds.union(gates[inner])
        }
        return bounds
    }

    /// Losses of one region found by a look along them, up to this many.
    private static let lossesLookedAlong = 8

    /// Pieces lost by a region past which they are cut away from its
    /// reachable region as their union in canonical bands, not one by one.
    /// One by one, below it (every ordinary region), keeps the maximal
    /// pieces in the order their words were written from.
    static let lostPiecesCutOneByOne = 256

    /// Comparisons the maximal pieces of one region may cost
    /// (`MaximalRegion.subtract(_:work:)`); past it the cuts left are not
    /// made (the region is larger than it is) and it is approximate.
    static let maximalPieceWork = 1 << 22

    /// Losses of a region whose pieces are kept, of each kind a picture
    /// draws (`LayoutPicture.takersDrawn`, taken largest first): past them a
    /// pile of views over a target would hold every pair's pieces, each
    /// loss to a staircase of views dozens of slivers.
    static let lossesWithPieces = 3

    /// A target's region: its gate (with, on the web, what answers for it
    /// inside it), less what each view in front takes, walked front to back.
    /// Long on purpose: the walk's closure adds to the region, its losses and
    /// the pieces lost as it goes, per view in front of every target; split
    /// into functions, that state would be passed through each call of the
    /// hottest loop of a lint.
    ///
    /// `hidden`: whether opaque views in front hide the target
    /// (`isHiddenByOpaqueViews`), and whether that walk was cut short.
    /// `allowance`: what the walks over the views in front may read and
    /// keep (`regionBudget`).
    private func region(of target: Int, hidden: Bool, hiddenCutShort: Bool, allowance: inout RegionAllowance,
                        cursors: inout SpatialGrid.Cursors, lossTable: inout LossTable) -> TargetRegion {
        let gate = gates[target]
        let behindModal = isBehindModal(target)
        // Fast path (most targets): nothing in front can answer inside the gate, and
        // (outside the web) nothing inside the target answers beyond it.
        if !isSkipped[target], !gate.isEmpty, platform != .web {
            var clear = true
            answerIndex.forEachCandidate(in: gate, above: target) { index in
                guard allowance.read() else { return false }
                if gates[index].intersects(gate) { clear = false }
                return clear
            }
            if clear, !allowance.isCutShort {
                return TargetRegion(target: target, domainArea: gate.area, reachable: MaximalRegion(gate),
                                    reachableArea: gate.area, losses: [], isHiddenByOpaqueViews: hidden, isBehindModal: behindModal,
                                    isApproximate: hiddenCutShort, isCutShort: hiddenCutShort)
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
                                reachableArea: 0, losses: [], isHiddenByOpaqueViews: hidden, isBehindModal: behindModal,
                                isApproximate: allowance.isCutShort || hiddenCutShort, isCutShort: allowance.isCutShort || hiddenCutShort)
        }
        let bounds = domain.dropFirst().reduce(first) { $0.union($1) }
        // Parts of the bounds outside the domain (none when the domain is one rect).
        var outside: [Rect] = []
        if domain.count > 1 {
            var complement = DisjointRegion(bounds)
            for rect in domain { complement.subtract(rect) }
            outside = complement.pieces
        }
        var uncovered = DisjointRegion(bounds)
        for rect in outside { uncovered.subtract(rect) }
        let domainArea = uncovered.area
        // Every piece lost, in the table's list (its room kept from one region to the next).
        lossTable.lostPieces.removeAll(keepingCapacity: true)
        // Losses in the order their takers are met; a taker's is found by a
        // look along them while they are few (most regions lose to a handful),
        // by a table past that (a pile of views over one target).
        lossTable.losses.removeAll(keepingCapacity: true)
        // Whether views inside the target took part of what was uncovered (rule 4).
        var ownTook = false
        // Front to back: the frontmost qualifying node decides each point, and
        // once the views in front have taken every point the walk stops.
        if !uncovered.isEmpty, !allowance.isCutShort {
            let gates = gates
            answerIndex.forEachCandidateFrontToBack(in: bounds, above: target, cursors: &cursors,
                                                    passing: { gates[$0].intersects(bounds) }) { node in
                guard allowance.read() else { return false }
                guard gates[node].intersects(bounds) else { return true }
                var removed: [Rect]
                if gateIsRect(node) {
                    removed = uncovered.subtract(gates[node].intersection(bounds))
                } else {
                    removed = []
                    for band in gatePieces(node) where band.intersects(bounds) {
                        removed += uncovered.subtract(band.intersection(bounds))
                    }
                }
                if removed.isEmpty { return true }
                let owner = resolvedTarget(node)
                if owner == target {  // a view inside the target answers for it (rule 4)
                    ownTook = true
                    return !uncovered.isEmpty
                }
                let taker: Taker = owner.map { .target($0) } ?? .occluder(node)
                var area = 0.0
                var visible = 0.0
                let cover = coveringOpaqueNode(node, over: target)
                for piece in removed {
                    area += piece.area
                    visible += piece.area - (cover.map { piece.intersection(visibleFrame($0)).area } ?? 0)
                    lossTable.lostPieces.append(piece)
                }
                let key = taker.node
                let found = lossTable.losses.count <= Self.lossesLookedAlong ? lossTable.losses.firstIndex { $0.taker.node == key } : lossTable.position(of: key)
                if found == nil, !allowance.keepLoss() { return false }
                if let found {
                    lossTable.losses[found].area += area
                    lossTable.losses[found].visibleArea += visible
                    if allowance.keepsLostPieces { lossTable.losses[found].pieces += removed }
                } else {
                    lossTable.losses.append(Loss(taker: taker, answeringNode: node, area: area, visibleArea: visible,
                                                 pieces: allowance.keepsLostPieces ? removed : []))
                    if lossTable.losses.count > Self.lossesLookedAlong {
                        if lossTable.losses.count == Self.lossesLookedAlong + 1 {
                            lossTable.start(nodeCount: nodeCount)
                            for (position, loss) in lossTable.losses.enumerated() { lossTable.set(loss.taker.node, at: position) }
                        } else {
                            lossTable.set(key, at: lossTable.losses.count - 1)
                        }
                    }
                }
                return !uncovered.isEmpty
            }
        }
        var reachable = MaximalRegion(bounds)
        var work = 0
        if outside.count + lossTable.lostPieces.count <= Self.lostPiecesCutOneByOne {
            for piece in outside where work <= Self.maximalPieceWork { reachable.subtract(piece, work: &work) }
            for piece in lossTable.lostPieces where work <= Self.maximalPieceWork { reachable.subtract(piece, work: &work) }
        } else {
            // Many pieces lost (a staircase of views over the target): their
            // union is a few bands where they are thousands of slivers. When
            // all that went from what was uncovered was lost, it is what is
            // left of it; else it is made piece by piece.
            var taken: [Rect]
            if !ownTook, !uncovered.isApproximate, !allowance.isCutShort {
                taken = uncovered.complement(within: bounds)
            } else {
                var union = DisjointRegion.bands(.empty, limit: 1 << 16)
                for piece in outside { union.formUnion(piece) }
                for piece in lossTable.lostPieces { union.formUnion(piece) }
                taken = union.pieces
            }
            for piece in taken where work <= Self.maximalPieceWork { reachable.subtract(piece, work: &work) }
        }
        lossTable.losses.sort { $0.area != $1.area ? $0.area > $1.area : $0.taker.node > $1.taker.node }
        if allowance.keepsLostPieces, lossTable.losses.count > Self.lossesWithPieces { keepPiecesOfLargestLosses(&lossTable.losses, of: target) }
        // A copy of its own size for the region to keep (the table's list grew
        // by doubling; a slice of all of it would hand over the list itself,
        // and the next region would make another as large).
        let losses = lossTable.losses.withUnsafeBufferPointer { Array($0) }
        let lostArea = losses.reduce(0) { $0 + $1.area }
        return TargetRegion(target: target, domainArea: domainArea, reachable: reachable,
                            reachableArea: max(0, domainArea - lostArea), losses: losses,
                            isHiddenByOpaqueViews: hidden, isBehindModal: behindModal,
                            isApproximate: uncovered.isApproximate || reachable.isApproximate || allowance.isCutShort || hiddenCutShort
                                || work > Self.maximalPieceWork,
                            isCutShort: allowance.isCutShort || hiddenCutShort)
    }

    /// Drops the pieces of the losses no picture draws: past the largest
    /// `lossesWithPieces` of each kind (a target in the loser, another
    /// target, a view that swallows), and those the user cannot see.
    private func keepPiecesOfLargestLosses(_ losses: inout [Loss], of target: Int) {
        var (inside, beside, occluders) = (0, 0, 0)
        for index in losses.indices {
            var kept = false
            if losses[index].visibleArea > Tolerance.area {
                switch losses[index].taker {
                case .target(let winner):
                    if layout.isAncestor(target, of: winner) { inside += 1; kept = inside <= Self.lossesWithPieces }
                    else { beside += 1; kept = beside <= Self.lossesWithPieces }
                case .occluder:
                    occluders += 1
                    kept = occluders <= Self.lossesWithPieces
                }
            }
            if !kept { losses[index].pieces = [] }
        }
    }

    /// The opaque view in front that paints over the touches `node` takes from
    /// `target`: `node` or an ancestor of it that is not also behind the target.
    func coveringOpaqueNode(_ node: Int, over target: Int) -> Int? {
        let opaque = Int(nearestOpaque[node])
        guard opaque >= 0, !(opaque == target || layout.isAncestor(opaque, of: target)) else { return nil }
        return opaque
    }

    /// True when the target's visible frame is entirely painted over by opaque
    /// views in front of it (not its own subviews). Front to back, so a pile
    /// of opaque views stops at the first that covers it; `allowance` as in
    /// `region(of:)` (cut short, the target counts as seen).
    func isHiddenByOpaqueViews(_ target: Int, opaque: SpatialGrid, allowance: inout RegionAllowance,
                               cursors: inout SpatialGrid.Cursors) -> Bool {
        let visible = visibleFrame(target)
        guard !visible.isEmpty, !opaque.isEmpty else { return false }
        let end = Int(layout.nodes[target].subtreeEnd)
        var region = DisjointRegion(visible, limit: 256)
        var hidden = false
        opaque.forEachCandidateFrontToBack(in: visible, above: end - 1, cursors: &cursors,
                                           passing: { visibleFrame($0).intersects(visible) }) { index in
            guard allowance.read() else { return false }
            let cover = visibleFrame(index)
            guard cover.intersects(visible) else { return true }
            region.subtract(cover)
            hidden = region.isEmpty
            return !hidden
        }
        return hidden
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
    /// How the geometry's regions were bounded (`Geometry.regionBudget`):
    /// a changed layout's regions keep the old ones only under the same
    /// budget, and this is asked at every fix checked.
    let budget: RegionBudget
    let limits: RegionLimits

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
        limits = RegionLimits(targets: geometry.targets.count)
        budget = geometry.regionBudget(limits: limits)
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

    /// The regions of targets a change of hit insets cannot touch kept, the
    /// others worked out again, in place: `regions` were `targetRegions()` of
    /// this layout with other hit insets (the only thing that may differ),
    /// `footprints` its targets' footprints. Returns what it replaced, for
    /// `RegionChanges.restore(_:)`.
    ///
    /// A target's region reads its own gate, the gates of the nodes inside it
    /// that answer for it, and the gates of the nodes after it in pre-order
    /// as far as they lie in its footprint (whether they answer, whom they
    /// resolve to, what opaque view covers them and whether opaque views hide
    /// the target do not depend on insets). So a target whose own and
    /// descendants' gates did not change, and whose footprint meets no part
    /// that a node after it gained or lost, keeps its region exactly. (Where
    /// rounded corners shape gates, the old and new gates are taken whole.)
    ///
    /// `old`: the geometry before the change, its gates compared with these.
    func updateRegions(_ regions: inout [TargetRegion], since old: Geometry, footprints: TargetFootprints,
                       jobs: Int = 1, limits: RegionLimits? = nil) -> RegionChanges {
        precondition(old.nodeCount == nodeCount, "regions of another layout")
        let shaped = hasShapedGates || old.hasShapedGates
        var moved: [(node: Int, old: Rect)] = []
        for index in 0..<nodeCount where gates[index] != old.gates[index] || (shaped && gatePieces(index) != old.gatePieces(index)) {
            moved.append((index, old.gates[index]))
        }
        let limits = limits ?? RegionLimits(targets: targets.count)
        let oldBudget = footprints.limits == limits ? footprints.budget : old.regionBudget(limits: limits)
        return updateRegions(&regions, moved: moved, shaped: shaped, oldBudget: oldBudget, footprints: footprints, jobs: jobs, limits: limits)
    }

    /// Every region worked out afresh for these gates, to be let go of by
    /// `RegionChanges.restore(_:)` rather than put back: what `updateRegions`
    /// does where most change, and what a lint does whose regions as built
    /// were let go of already (the last lint worked its own out afresh),
    /// which would otherwise work them out again, a grid and every region,
    /// only to replace most of them. `limits`: the file's, unless given (tests).
    func regionsAfresh(_ regions: inout [TargetRegion], jobs: Int = 1, limits: RegionLimits? = nil) -> RegionChanges {
        let limits = limits ?? RegionLimits(targets: targets.count)
        var result = RegionChanges()
        result.workedAfresh = RegionsToWorkOut(jobs: jobs, limits: limits)
        regions = []
        regions = targetRegions(jobs: jobs, limits: limits, keepingLostPieces: false)
        return result
    }

    /// The same, after `updateGates(_:)` moved gates in place (`changes.movedGates`).
    func updateRegions(_ regions: inout [TargetRegion], after changes: InsetChanges, footprints: TargetFootprints,
                       jobs: Int = 1) -> RegionChanges {
        guard let moved = changes.movedGates else { preconditionFailure("regions updated before their gates") }
        // The budget of the layout as it was: its footprints' (limits hang on the count of targets alone).
        let limits = RegionLimits(targets: targets.count)
        precondition(footprints.limits == limits, "footprints of another layout")
        return updateRegions(&regions, moved: moved, shaped: false, oldBudget: footprints.budget, footprints: footprints,
                             jobs: jobs, limits: limits)
    }

    /// The regions replaced by an update (`updateRegions`), to be put back.
    struct RegionChanges {
        /// By position in `targets`, each replaced region (`replaced`).
        fileprivate var positions: [Int] = []
        fileprivate var replaced: [TargetRegion] = []
        /// Set when every region was worked out afresh: the old list was let
        /// go of rather than kept to put back (a large run of fixes changes
        /// every target, and two lists of every target's region would be
        /// held at the run's peak); it is worked out again, as then.
        fileprivate var workedAfresh: RegionsToWorkOut?

        /// Whether every region was worked out afresh (tests).
        var workedEveryRegionAfresh: Bool { workedAfresh != nil }

        /// Puts the replaced regions back into `regions`, in place. Where
        /// every region was worked out afresh, lets them go instead
        /// (`regions` is left empty) and returns what works the old ones out
        /// again, once the geometry is as it was (`Geometry.restore(_:)`).
        consuming func restore(_ regions: inout [TargetRegion]) -> RegionsToWorkOut? {
            if let workedAfresh {
                regions = []
                return workedAfresh
            }
            // Swapped back, not copied: a region is two arrays, each a
            // reference counted at every copy.
            var replaced = replaced
            for (item, position) in positions.enumerated() { swap(&regions[position], &replaced[item]) }
            return nil
        }
    }

    /// Regions let go of (`RegionChanges.restore(_:)`), to be worked out
    /// again under the limits they were worked out under.
    struct RegionsToWorkOut {
        fileprivate let jobs: Int
        fileprivate let limits: RegionLimits

        /// The regions of `geometry`, the geometry they were of, as it is again.
        func workOut(_ geometry: inout Geometry) -> [TargetRegion] {
            geometry.buildGridIfStale()
            // Fix checking's regions: never drawn.
            return geometry.targetRegions(jobs: jobs, limits: limits, keepingLostPieces: false)
        }
    }

    /// What changed between the old gates (`moved`: each node whose gate
    /// changed, with its old gate) and these: the targets whose own or
    /// descendants' gates changed (`dirty`, by position in `targets`), the
    /// rects where some node's gate changed (`changed`: what it gained and
    /// lost, or its old and new gates whole where rounded corners shape them,
    /// `shaped`).
    private func gateChanges(_ moved: [(node: Int, old: Rect)], shaped: Bool)
        -> (dirty: [Bool], changed: [(gate: Rect, node: Int)]) {
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
        // Nodes whose ancestors were walked already: a changed subtree walks each node once.
        var walked = [Bool](repeating: false, count: count)
        for (index, oldGate) in moved {
            if shaped {
                if !oldGate.isEmpty { changed.append((oldGate, index)) }
                if !gates[index].isEmpty { changed.append((gates[index], index)) }
            } else {
                // What the node gained and what it lost: a gate grown by a
                // fix changes nothing for the targets deep inside it.
                Self.appendDifference(oldGate, minus: gates[index], of: index, to: &changed)
                Self.appendDifference(gates[index], minus: oldGate, of: index, to: &changed)
            }
            var node = index
            while node >= 0, !walked[node] {
                walked[node] = true
                if nodes[node].isTarget { dirty[position(node)] = true }
                node = Int(nodes[node].parent)
            }
        }
        return (dirty, changed)
    }

    /// Gates that changed, old and new: what decides whether every region
    /// is worked out afresh (`updateRegions`).
    private static func changedGates(_ moved: [(node: Int, old: Rect)], now gates: [Rect]) -> Int {
        moved.reduce(0) { count, change in count + (change.old.isEmpty ? 0 : 1) + (gates[change.node].isEmpty ? 0 : 1) }
    }

    /// Whether a gate's change from `old` to `new` puts a rect in
    /// `gateChanges`' list: as `appendDifference` finds one either way (or,
    /// `shaped`, the gates whole).
    private static func differs(_ old: Rect, _ new: Rect, shaped: Bool) -> Bool {
        if shaped { return !old.isEmpty || !new.isEmpty }
        return hasDifference(old, minus: new) || hasDifference(new, minus: old)
    }

    /// Whether `appendDifference` would add anything.
    private static func hasDifference(_ from: Rect, minus cut: Rect) -> Bool {
        guard !from.isEmpty else { return false }
        let overlap = from.intersection(cut)
        guard !overlap.isEmpty else { return true }
        var any = false
        from.forEachBand(outside: overlap) { _ in any = true }
        return any
    }

    private func updateRegions(_ regions: inout [TargetRegion], moved: [(node: Int, old: Rect)], shaped: Bool,
                               oldBudget: RegionBudget, footprints: TargetFootprints, jobs: Int, limits: RegionLimits) -> RegionChanges {
        precondition(regions.count == targets.count, "regions of another layout")
        var result = RegionChanges()
        // Whether any rect changed (what `gateChanges` lists), and how many
        // gates, found before the list is made: regions all worked out
        // afresh need no list, which would be held while they are (a rect
        // or two for every target, where a large run of fixes changes them
        // all), at the peak of a large file's fix checking.
        guard moved.contains(where: { Self.differs($0.old, gates[$0.node], shaped: shaped) }) else { return result }
        // As many changed gates as targets: most regions change; all are
        // worked out afresh rather than each looked up first. So are all
        // where the budget moved: the regions kept must have been bounded as
        // the new ones are (a read cap that moved reaches every target).
        let budget = regionBudget(limits: limits)
        guard Self.changedGates(moved, now: gates) < targets.count, budget == oldBudget else {
            return regionsAfresh(&regions, jobs: jobs, limits: limits)
        }
        let changes = gateChanges(moved, shaped: shaped)
        var dirty = changes.dirty
        let changed = changes.changed
        var marks = VisitMarks(count: max(targets.count, 1))
        for (gate, node) in changed {
            // A margin: edges that only touch.
            let area = gate.expanded(by: 1)
            footprints.grid.forEachCandidate(in: area, seen: &marks) { position in
                if !dirty[position], targets[position] < node, footprints.rects[position].intersects(area) { dirty[position] = true }
            }
        }
        // Whether opaque views hide a target, and what that walk may read,
        // do not hang on insets: known, unless the walk was cut short (then
        // it is walked again, to say so). Read out before any region is
        // replaced: a list held by the closure would be copied at the first.
        var seeing: OpaqueWalks?
        if hasOpaqueViews, regions.contains(where: \.isCutShort) {
            let opaque = opaqueIndex()
            seeing = OpaqueWalks(grid: opaque, readCap: opaqueReadCap(opaque, limits: limits))
        }
        let known = regions.map { $0.isCutShort ? nil : $0.isHiddenByOpaqueViews }
        let hidden: @Sendable (Int) -> Bool? = { known[$0] }
        guard budget.countsLosses else {
            let redo = dirty.indices.filter { dirty[$0] }
            var fresh = self.regions(at: redo, allowance: RegionAllowance(reads: budget.readCap), seeing: seeing, jobs: jobs, hidden: hidden)
            // Each new region swapped in, the old one left in its place: the
            // list of new ones becomes the list to put back.
            for (item, position) in redo.enumerated() { swap(&regions[position], &fresh[item]) }
            (result.positions, result.replaced) = (redo, fresh)
            return result
        }
        // Losses counted in pre-order as `targetRegions(jobs:)` counts them:
        // a region kept was not cut short and keeps no more than it may now;
        // any other is worked out again, in order, with what it may keep.
        // Those known before the count (changed, or cut short) are worked
        // out as `targetRegions` does, a batch at a time on all threads,
        // each allowed at most `lossProbe`, then again in order where that
        // is not what the count allows.
        var used = 0
        var cursors = SpatialGrid.Cursors()
        var table = LossTable()
        var start = 0
        var batch: [Int] = []
        batch.reserveCapacity(Self.lossBatch)
        while start < targets.count {
            batch.removeAll(keepingCapacity: true)
            var end = start
            while end < targets.count, batch.count < Self.lossBatch {
                if dirty[end] || regions[end].isCutShort { batch.append(end) }
                end += 1
            }
            let probe = min(Self.lossAllowance(limits.losses - used), Self.lossProbe)
            var fresh = batch.isEmpty ? []
                : self.regions(at: batch, allowance: RegionAllowance(reads: budget.readCap, losses: probe), seeing: seeing,
                               jobs: jobs, hidden: hidden)
            var item = 0
            for position in start..<end {
                let allowed = Self.lossAllowance(limits.losses - used)
                // The new region, taken out of the batch (moved, not copied)
                // or worked out again here with what the count allows.
                var region = TargetRegion.placeholder
                var again = regions[position].losses.count > allowed
                if item < batch.count, batch[item] == position {
                    swap(&region, &fresh[item])
                    item += 1
                    again = region.losses.count > allowed || (region.isCutShort && region.losses.count == probe && probe < allowed)
                } else if !again {
                    used += regions[position].losses.count
                    continue
                }
                if again {
                    region = self.region(at: position, allowance: RegionAllowance(reads: budget.readCap, losses: allowed),
                                         seeing: seeing, hidden: hidden, cursors: &cursors, lossTable: &table)
                }
                // Swapped in, the old one moved to be put back.
                swap(&regions[position], &region)
                result.positions.append(position)
                result.replaced.append(region)
                used += regions[position].losses.count
            }
            start = end
        }
        return result
    }
}
