/// The target regions of a layout, in pre-order of targets (by position in
/// `Geometry.targets`), as the rules read them.
///
/// A fix's checking lint changes the regions of a few targets of the layout
/// as first built: its list is that layout's regions with the few worked out
/// again laid over them (`replacing`), not a copy of every region, which for
/// a large layout would count a reference on each region's arrays, and give
/// them back, at every fix checked. A list of its own (a first lint's) reads
/// straight from its array.
public struct TargetRegionList: RandomAccessCollection, Sendable {
    private var base: [TargetRegion]
    /// By position, one bit each: the region is one of `replacements`. Empty
    /// when none is (the first lint of a file).
    private var replaced: [UInt64] = []
    /// The positions replaced, sorted, and their regions.
    private var positions: [Int32] = []
    private var replacements: [TargetRegion] = []
    /// How many of the regions are cut short (`TargetRegion.isCutShort`).
    private var cutShortCount: Int

    public init(_ regions: [TargetRegion]) {
        base = regions
        cutShortCount = regions.reduce(0) { $0 + ($1.isCutShort ? 1 : 0) }
    }

    /// Whether some region is cut short, without a look at each.
    public var hasCutShort: Bool { cutShortCount > 0 }

    /// `list` with the regions at some positions replaced (`changes`: each
    /// position once, in any order).
    public init(_ list: TargetRegionList, replacing changes: [(position: Int, region: TargetRegion)]) {
        self = list
        guard !changes.isEmpty else { return }
        var merged: [Int: TargetRegion] = [:]
        for (position, region) in zip(list.positions, list.replacements) { merged[Int(position)] = region }
        for change in changes { merged[change.position] = change.region }
        for position in merged.keys {
            cutShortCount += (merged[position]!.isCutShort ? 1 : 0) - (list[position].isCutShort ? 1 : 0)
        }
        let sorted = merged.keys.sorted()
        positions = sorted.map { Int32($0) }
        replacements = sorted.map { merged[$0]! }
        replaced = [UInt64](repeating: 0, count: (base.count + 63) / 64)
        for position in sorted { replaced[position >> 6] |= 1 << UInt64(position & 63) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { base.count }

    /// Read in place (a region copied out counts a reference on each of its
    /// arrays, which rules running side by side read too).
    public subscript(position: Int) -> TargetRegion {
        _read {
            if isReplaced(position) {
                yield replacements[replacementIndex(position)]
            } else {
                yield base[position]
            }
        }
    }

    /// Whether the region at `position` is cut short, and how many losses it
    /// keeps: read in place, without the subscript's accessor (what a
    /// checking lint's regions ask of every region when losses are counted,
    /// `Geometry.targetRegions(updating:of:footprints:changing:jobs:)`).
    @inline(__always) func isCutShort(at position: Int) -> Bool {
        isReplaced(position) ? replacements[replacementIndex(position)].isCutShort : base[position].isCutShort
    }

    @inline(__always) func lossCount(at position: Int) -> Int {
        isReplaced(position) ? replacements[replacementIndex(position)].losses.count : base[position].losses.count
    }

    @inline(__always) private func isReplaced(_ position: Int) -> Bool {
        !replaced.isEmpty && replaced[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    /// The positions where this list differs from `other`, sorted, when it
    /// is `other` (a list of its own) with some regions replaced; else nil.
    func replacedPositions(over other: TargetRegionList) -> [Int]? {
        guard other.positions.isEmpty, base.count == other.base.count,
              base.withUnsafeBufferPointer({ mine in other.base.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } })
        else { return nil }
        return positions.map { Int($0) }
    }

    /// Where the region at `position`, which is replaced, is in `replacements`.
    private func replacementIndex(_ position: Int) -> Int {
        var (low, high) = (0, positions.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(positions[middle]) < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
