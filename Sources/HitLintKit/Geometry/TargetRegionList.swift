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
    /// The regions (`storage[0]`) and those laid over them (`storage[1]`,
    /// by position in `positions`): one array of both, so that the
    /// subscript reads either with one access, which the compiler inlines
    /// (a read accessor that picks one of two arrays it does not).
    private var storage: [[TargetRegion]]
    /// By position, one bit each: the region is one of the replacements.
    /// Empty when none is (the first lint of a file).
    private var replaced: [UInt64] = []
    /// The positions replaced, sorted.
    private var positions: [Int32] = []
    /// How many of the regions are cut short (`TargetRegion.isCutShort`).
    private var cutShortCount: Int

    public init(_ regions: [TargetRegion]) {
        storage = [regions, []]
        cutShortCount = regions.reduce(0) { $0 + ($1.isCutShort ? 1 : 0) }
    }

    /// Whether some region is cut short, without a look at each.
    public var hasCutShort: Bool { cutShortCount > 0 }

    /// `list` with the regions at some positions replaced (`changes`: each
    /// position once, in any order).
    public init(_ list: TargetRegionList, replacing changes: [(position: Int, region: TargetRegion)]) {
        self = list
        guard !changes.isEmpty else { return }
        var changes = changes
        if !changes.indices.dropFirst().allSatisfy({ changes[$0 - 1].position < changes[$0].position }) {
            changes.sort { $0.position < $1.position }
        }
        // The list's replacements and the changes, merged by position (a change wins).
        let (old, oldRegions) = (list.positions, list.storage[1])
        var (positions, regions) = ([Int32](), [TargetRegion]())
        positions.reserveCapacity(old.count + changes.count)
        regions.reserveCapacity(old.count + changes.count)
        var next = 0
        for change in changes {
            while next < old.count, Int(old[next]) < change.position {
                positions.append(old[next])
                regions.append(oldRegions[next])
                next += 1
            }
            if next < old.count, Int(old[next]) == change.position { next += 1 }
            cutShortCount += (change.region.isCutShort ? 1 : 0) - (list[change.position].isCutShort ? 1 : 0)
            positions.append(Int32(change.position))
            regions.append(change.region)
        }
        positions += old[next...]
        regions += oldRegions[next...]
        self.positions = positions
        storage[1] = regions
        replaced = [UInt64](repeating: 0, count: (storage[0].count + 63) / 64)
        for position in positions { replaced[Int(position) >> 6] |= 1 << UInt64(position & 63) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage[0].count }

    /// Read in place (a region copied out counts a reference on each of its
    /// arrays, which rules running side by side read too).
    public subscript(position: Int) -> TargetRegion {
        _read {
            let isReplaced = isReplaced(position)
            yield storage[isReplaced ? 1 : 0][isReplaced ? replacementIndex(position) : position]
        }
    }

    /// Whether the region at `position` is cut short, and how many losses it
    /// keeps (what a checking lint's regions ask of every region when losses
    /// are counted, `Geometry.targetRegions(updating:of:footprints:changing:jobs:)`).
    @inline(__always) func isCutShort(at position: Int) -> Bool {
        self[position].isCutShort
    }

    @inline(__always) func lossCount(at position: Int) -> Int {
        self[position].losses.count
    }

    @inline(__always) private func isReplaced(_ position: Int) -> Bool {
        !replaced.isEmpty && replaced[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    /// The positions where this list differs from `other`, sorted, when it
    /// is `other` (a list of its own) with some regions replaced; else nil.
    func replacedPositions(over other: TargetRegionList) -> [Int]? {
        guard other.positions.isEmpty, storage[0].count == other.storage[0].count,
              storage[0].withUnsafeBufferPointer({ mine in other.storage[0].withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } })
        else { return nil }
        return positions.map { Int($0) }
    }

    /// Where the region at `position`, which is replaced, is among the replacements.
    private func replacementIndex(_ position: Int) -> Int {
        var (low, high) = (0, positions.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(positions[middle]) < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
