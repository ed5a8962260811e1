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

    private static let maximumCellsPerRect = 64

    /// No rects at all (queries find nothing).
    public var isEmpty: Bool { items.isEmpty && large.isEmpty }

    /// `rects[i]` is the rect of id `ids[i]`; empty rects are left out.
    public init(rects: [Rect], ids: [Int]) {
        precondition(rects.count == ids.count)
        self.init(count: rects.count, rect: { rects[$0] }, id: { Int32(ids[$0]) })
    }

    /// Rect `rect(i)` with id `id(i)` for i in 0..<count; empty rects are left
    /// out. Nothing per rect is kept but its id in each cell it touches (and,
    /// while building, 16 bytes per rect): a caller whose rects are already in an
    /// array passes a closure over it rather than a copy.
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
        // below 2^15), counted per cell, then filled in.
        var placed = [(id: Int32, cells: UInt64)].empty(reservingLarge: count)
        var counts = [Int32].large(repeating: 0, count: columns * rows + 1)
        let columns = self.columns
        for position in 0..<total {
            let rect = rect(position)
            guard !rect.isEmpty else { continue }
            let range = cellRange(rect)
            guard (range.2 - range.0 + 1) * (range.3 - range.1 + 1) <= Self.maximumCellsPerRect else {
                large.append(id(position))
                continue
            }
            placed.append((id(position), UInt64(range.0) | UInt64(range.1) << 16 | UInt64(range.2) << 32 | UInt64(range.3) << 48))
            for row in range.1...range.3 {
                for column in range.0...range.2 { counts[row * columns + column + 1] += 1 }
            }
        }
        for cell in 0..<(columns * rows) { counts[cell + 1] += counts[cell] }
        cellStart = counts
        var fill = counts
        var items = [Int32].large(repeating: 0, count: Int(counts[columns * rows]))
        for (id, cells) in placed {
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
        func clamp(_ cell: Double, _ limit: Int) -> Int {
            guard cell == cell else { return 0 }
            return Int(min(max(0, cell.rounded(.down)), Double(limit - 1)))
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
