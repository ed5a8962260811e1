/// A uniform grid over rectangles, for "which rects touch this one" queries
/// in time proportional to the answer rather than to the number of rects.
/// Rects that would cover too many cells go to a short list scanned per query.
public struct SpatialGrid: Sendable {
    private var origin = (x: 0.0, y: 0.0)
    private var cellSize = 1.0
    private var columns = 1
    private var rows = 1
    /// Cell contents in CSR form: ids of cell c are `items[cellStart[c] ..< cellStart[c + 1]]`.
    private var cellStart: [Int32] = [0, 0]
    private var items: [Int32] = []
    private var large: [Int32] = []
    /// Ids were given in increasing order, so each cell lists them so
    /// (what the front-to-back walks need).
    public private(set) var idsAscending = true

    private static let maximumCellsPerRect = 64
    /// `init`'s marks for a rect with no cells (columns and rows are below 2^15).
    private static let (empty, inLarge) = (UInt64.max, UInt64.max - 1)

    /// No rects at all (queries find nothing).
    public var isEmpty: Bool { items.isEmpty && large.isEmpty }

    /// `rects[i]` is the rect of id `ids[i]`; empty rects are left out.
    public init(rects: [Rect], ids: [Int]) {
        precondition(rects.count == ids.count)
        self.init(count: rects.count, rect: { rects[$0] }, id: { Int32(ids[$0]) })
    }

    /// Rect `rect(i)` with id `id(i)` for i in 0..<count; empty rects are left
    /// out. Nothing per rect is kept but its id in each cell it touches (and,
    /// while building, its cells in 8 bytes): a caller whose rects are
    /// already in an array passes a closure over it rather than a copy.
    public init(count total: Int, rect: (Int) -> Rect, id: (Int) -> Int32) {
        var bounds = Rect.empty
        var count = 0
        var totalWidth = 0.0
        var totalHeight = 0.0
        for position in 0..<total {
            let rect = rect(position)
            guard !rect.isEmpty else { continue }
            bounds = count == 0 ? rect : bounds.union(rect)
            count += 1
            totalWidth += rect.width
            totalHeight += rect.height
        }
        guard count > 0 else { return }
        // Cell about the size of a typical rect, but no more cells than ~4 per rect.
        let typical = max(totalWidth, totalHeight) / Double(count)
        let byCount = ((bounds.area / Double(count * 4)).squareRoot())
        cellSize = max(typical, byCount, 1e-6)
        columns = Int(min(max(1, (bounds.width / cellSize).rounded(.up)), Double(1 << 15)))
        rows = Int(min(max(1, (bounds.height / cellSize).rounded(.up)), Double(1 << 15)))
        cellSize = max(cellSize, bounds.width / Double(columns), bounds.height / Double(rows))
        origin = (bounds.minX, bounds.minY)

        // The cells each rect touches, packed in 8 bytes (columns and rows are
        // below 2^15; `Self.inLarge` for a rect kept in `large`, `Self.empty`
        // for an empty one), counted per cell, then filled in: ids are asked
        // for again rather than kept.
        var placed = [UInt64].empty(reservingLarge: total)
        var counts = [Int32].large(repeating: 0, count: columns * rows + 1)
        let columns = self.columns
        var lastID = Int32.min
        for position in 0..<total {
            let rect = rect(position)
            guard !rect.isEmpty else {
                placed.append(Self.empty)
                continue
            }
            let range = cellRange(rect)
            let id = id(position)
            if id <= lastID { idsAscending = false }
            lastID = id
            guard (range.2 - range.0 + 1) * (range.3 - range.1 + 1) <= Self.maximumCellsPerRect else {
                large.append(id)
                placed.append(Self.inLarge)
                continue
            }
            placed.append(UInt64(range.0) | UInt64(range.1) << 16 | UInt64(range.2) << 32 | UInt64(range.3) << 48)
            for row in range.1...range.3 {
                for column in range.0...range.2 { counts[row * columns + column + 1] += 1 }
            }
        }
        for cell in 0..<(columns * rows) { counts[cell + 1] += counts[cell] }
        cellStart = counts
        var fill = counts
        var items = [Int32].large(repeating: 0, count: Int(counts[columns * rows]))
        for position in 0..<total {
            let cells = placed[position]
            guard cells != Self.empty, cells != Self.inLarge else { continue }
            let id = id(position)
            let (minColumn, minRow) = (Int(cells & 0xFFFF), Int(cells >> 16 & 0xFFFF))
            let (maxColumn, maxRow) = (Int(cells >> 32 & 0xFFFF), Int(cells >> 48))
            for row in minRow...maxRow {
                for column in minColumn...maxColumn {
                    let cell = row * columns + column
                    items[Int(fill[cell])] = id
                    fill[cell] += 1
                }
            }
        }
        self.items = items
    }

    private func cellRange(_ rect: Rect) -> (Int, Int, Int, Int) {
        // Clamped as Doubles first: a hostile file's coordinates can reach ±∞
        // (x + width overflows), and converting those to Int would trap.
        // Clamped to 0 first, the conversion's truncation is the floor
        // (rounding down is a call to the C library on the baseline target).
        func clamp(_ cell: Double, _ limit: Int) -> Int {
            guard cell == cell else { return 0 }
            return Int(min(max(0, cell), Double(limit - 1)))
        }
        func clampColumn(_ value: Double) -> Int { clamp((value - origin.x) / cellSize, columns) }
        func clampRow(_ value: Double) -> Int { clamp((value - origin.y) / cellSize, rows) }
        return (clampColumn(rect.minX), clampRow(rect.minY), clampColumn(rect.maxX), clampRow(rect.maxY))
    }

    /// Calls `body` once for each id whose cells touch `query` (a superset of the
    /// rects that intersect it: callers test the rects themselves).
    /// `seen` is scratch space sized to the largest id + 1, reused across queries.
    public func forEachCandidate(in query: Rect, seen: inout VisitMarks, _ body: (Int) -> Void) {
        seen.next()
        for id in large where seen.mark(Int(id)) { body(Int(id)) }
        guard !items.isEmpty, !query.isEmpty || (query.width == 0 && query.height == 0) else { return }
        let range = cellRange(query)
        for row in range.1...range.3 {
            for column in range.0...range.2 {
                let cell = row * columns + column
                var position = Int(cellStart[cell])
                let end = Int(cellStart[cell + 1])
                while position < end {
                    let id = Int(items[position])
                    if seen.mark(id) { body(id) }
                    position += 1
                }
            }
        }
    }
}

/// Front to back: the ids above a floor, greatest first. A grid whose ids
/// were given in increasing order (`idsAscending`; every grid over nodes in
/// pre-order) lists each cell's ids in increasing order, so the ids above a
/// floor are a run at the end of each cell, found by binary search, and the
/// runs of the cells a query meets are merged from their ends. A caller that
/// stops at the first id that settles its question (a target's region, once
/// the views in front have taken all of it) then pays for the ids it read,
/// not for all that lie behind: a pile of identical buttons costs each of
/// them one id, not the whole pile.
extension SpatialGrid {
    /// Where a front-to-back walk is in each run it merges (scratch, reused
    /// from one walk to the next).
    public struct Cursors: Sendable {
        /// Per run: the position of its next id, counting down, and its first position.
        fileprivate var next: [Int] = []
        fileprivate var first: [Int] = []
        /// Runs ordered as a max-heap by their next id.
        fileprivate var heap: [Int] = []
        /// The ids of a few short runs, sorted.
        fileprivate var few: [Int32] = []
        public init() {}
    }

    /// The id at `position`: in `items`, or past them in `large`.
    @inline(__always) private func id(at position: Int) -> Int {
        position < items.count ? Int(items[position]) : Int(large[position - items.count])
    }

    /// The first position in `start..<end` whose id is above `floor`.
    @inline(__always) private func firstAbove(_ floor: Int, from start: Int, to end: Int) -> Int {
        var (low, high) = (start, end)
        while low < high {
            let middle = (low + high) / 2
            if id(at: middle) <= floor { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Calls `body` with the runs (`first..<end` positions) of ids above
    /// `floor` in the large list and in each cell that touches `query`.
    @inline(__always) private func forEachRun(in query: Rect, above floor: Int, _ body: (_ first: Int, _ end: Int) -> Void) {
        precondition(idsAscending, "a front-to-back walk needs ids given in increasing order")
        if !large.isEmpty {
            let first = firstAbove(floor, from: items.count, to: items.count + large.count)
            if first < items.count + large.count { body(first, items.count + large.count) }
        }
        // As `forEachCandidate`: a point is a query; another empty rect (a
        // line, or an inverted empty intersection) meets nothing.
        guard !items.isEmpty, !query.isEmpty || (query.minX == query.maxX && query.minY == query.maxY) else { return }
        let range = cellRange(query)
        for row in range.1...range.3 {
            for column in range.0...range.2 {
                let cell = row * columns + column
                let end = Int(cellStart[cell + 1])
                let first = firstAbove(floor, from: Int(cellStart[cell]), to: end)
                if first < end { body(first, end) }
            }
        }
    }

    /// At least how many ids `queries` walks above their own ids read in
    /// all (`candidateCount`), when each walk is over the cells of one of
    /// the grid's own rects: in a cell of m ids the one of rank r reads the
    /// m − 1 − r after it, m(m − 1)/2 in all; a large rect at most every
    /// id; and every walk the large ones.
    public func crowding(queries: Int) -> Int {
        var total = large.count * (items.count + large.count) + queries * large.count
        for cell in 0..<(cellStart.count - 1) {
            let count = Int(cellStart[cell + 1] - cellStart[cell])
            total += count * (count - 1) / 2
        }
        return total
    }

    /// `crowding`, counted: the sum of `candidateCount(in:above:)` over the
    /// walks of the rects `isQuery` picks by id, each over its own cells
    /// (what `queries` of them read, a large one counted as reading every
    /// id). One pass over the cells, no search.
    public func ownWalkTotal(queries: Int, isQuery: (Int) -> Bool) -> Int {
        var total = queries * large.count
        for id in large where isQuery(Int(id)) { total += items.count + large.count }
        for cell in 0..<(cellStart.count - 1) {
            var above = 0
            var position = Int(cellStart[cell + 1]) - 1
            while position >= Int(cellStart[cell]) {
                if isQuery(Int(items[position])) { total += above }
                above += 1
                position -= 1
            }
        }
        return total
    }

    /// How many ids above `floor` the cells that touch `query` list (an id in
    /// several of them counted in each): at least as many as a walk over
    /// them reads.
    public func candidateCount(in query: Rect, above floor: Int) -> Int {
        var count = 0
        forEachRun(in: query, above: floor) { count += $1 - $0 }
        return count
    }

    /// Calls `body` with each id above `floor` whose cells touch `query`, in
    /// no set order and possibly more than once, until it returns false.
    public func forEachCandidate(in query: Rect, above floor: Int, _ body: (Int) -> Bool) {
        var going = true
        forEachRun(in: query, above: floor) { first, end in
            var position = end - 1
            while going, position >= first {
                going = body(id(at: position))
                position -= 1
            }
        }
    }

    /// Ids in several runs past which they are merged from the runs' ends
    /// rather than sorted at once.
    static let fewToSort = 64

    /// How many ids the cells that touch `query` list, and the large ones
    /// (an id in several cells counted in each): what a query there reads.
    public func listedCount(in query: Rect) -> Int {
        guard !items.isEmpty, !query.isEmpty || (query.minX == query.maxX && query.minY == query.maxY) else { return large.count }
        var count = large.count
        let range = cellRange(query)
        for row in range.1...range.3 {
            count += Int(cellStart[row * columns + range.2 + 1] - cellStart[row * columns + range.0])
        }
        return count
    }

    /// Calls `body` with each id above `floor` whose cells touch `query`,
    /// greatest first, each once, until it returns false.
    /// `passing`: where few ids are listed, only those it passes are handed
    /// over (the caller's own test, made before they are sorted: an
    /// ordinary target's cells list a few dozen views, of which a handful
    /// overlap it); past that every id is, and the caller tests it.
    public func forEachCandidateFrontToBack(in query: Rect, above floor: Int, cursors: inout Cursors,
                                            passing isCandidate: (Int) -> Bool = { _ in true }, _ body: (Int) -> Bool) {
        cursors.next.removeAll(keepingCapacity: true)
        cursors.first.removeAll(keepingCapacity: true)
        forEachRun(in: query, above: floor) { first, end in
            cursors.next.append(end - 1)
            cursors.first.append(first)
        }
        if cursors.next.count == 1 {
            var position = cursors.next[0]
            while position >= cursors.first[0], body(id(at: position)) { position -= 1 }
            return
        }
        guard !cursors.next.isEmpty else { return }
        var listed = 0
        for run in cursors.next.indices { listed += cursors.next[run] - cursors.first[run] + 1 }
        if listed <= Self.fewToSort {
            // A few ids (an ordinary target's neighbourhood): sorted at once,
            // cheaper than merged one by one.
            cursors.few.removeAll(keepingCapacity: true)
            for run in cursors.next.indices {
                for position in cursors.first[run]...cursors.next[run] {
                    let id = id(at: position)
                    if isCandidate(id) { cursors.few.append(Int32(id)) }
                }
            }
            cursors.few.sort()
            var last = Int32.min
            for id in cursors.few.reversed() where id != last {
                last = id
                guard body(Int(id)) else { return }
            }
            return
        }
        // A max-heap of runs by their next id; an id listed in several cells
        // comes out of each in turn and is given once.
        let runs = cursors.next.count
        cursors.heap.removeAll(keepingCapacity: true)
        cursors.heap.append(contentsOf: 0..<runs)
        func key(_ run: Int, _ cursors: borrowing Cursors) -> Int { id(at: cursors.next[run]) }
        func siftDown(_ start: Int, _ count: Int, _ cursors: inout Cursors) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < count else { return }
                var child = left
                if left + 1 < count, key(cursors.heap[left + 1], cursors) > key(cursors.heap[left], cursors) { child = left + 1 }
                guard key(cursors.heap[child], cursors) > key(cursors.heap[parent], cursors) else { return }
                cursors.heap.swapAt(parent, child)
                parent = child
            }
        }
        var count = runs
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count, &cursors) }
        var last = Int.min
        while count > 0 {
            let run = cursors.heap[0]
            let id = key(run, cursors)
            if id != last {
                last = id
                guard body(id) else { return }
            }
            cursors.next[run] -= 1
            if cursors.next[run] < cursors.first[run] {
                count -= 1
                cursors.heap.swapAt(0, count)
            }
            siftDown(0, count, &cursors)
        }
    }
}

/// "Already visited in this query" marks that need no clearing between queries.
public struct VisitMarks: Sendable {
    private var marks: [UInt32]
    private var current: UInt32 = 0

    public init(count: Int) {
        marks = [UInt32](repeating: 0, count: count)
    }

    mutating func next() {
        current &+= 1
        if current == 0 {
            for index in marks.indices { marks[index] = 0 }
            current = 1
        }
    }

    /// True the first time an id is marked in the current query.
    mutating func mark(_ id: Int) -> Bool {
        if marks[id] == current { return false }
        marks[id] = current
        return true
    }
}
