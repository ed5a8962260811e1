/// A region made of rectangles, with bounded subtraction (axe-core's
/// `splitRects` shape: when the pieces would grow past `limit`, the smallest
/// are dropped and the result is marked approximate).

/// Disjoint pieces: subtracting a rect splits each piece it cuts into at most
/// four disjoint pieces, so areas add up exactly.
///
/// Pieces as cut multiply: cuts along a diagonal (a staircase of large
/// buttons, each a point further than the last) leave one more sliver at
/// each step, and the next cut splits every one of them. So past
/// `cutPieceLimit` pieces the region is kept as canonical bands instead
/// (`isBanded`): pieces sorted top to bottom, then left to right; a band is
/// a run of pieces with one `minY` and `maxY`, their x-intervals apart; two
/// bands that meet with the same intervals are one. That is the fewest
/// rectangles of that shape, what the region itself needs (a staircase's
/// L-shaped remainder is two bands, whatever the number of steps), and a
/// cut rewrites only the bands it crosses, found by binary search. Below
/// the limit (every ordinary region) the pieces are kept as cut, in the
/// order they were cut, which is what the rules' words were written from.
public struct DisjointRegion: Sendable {
    public private(set) var pieces: [Rect]
    public private(set) var isApproximate = false
    public let limit: Int
    /// The pieces are canonical bands (see above), not pieces as cut.
    public private(set) var isBanded = false
    /// Where bands are rewritten, kept from one cut to the next (a region
    /// cut thousands of times allocates once).
    private var spare: [Rect] = []

    /// Pieces kept as cut, at most (past it they are made bands).
    public static let cutPieceLimit = 32

    public init(_ rect: Rect, limit: Int = 512) {
        pieces = rect.isEmpty ? [] : [rect]
        self.limit = limit
    }

    /// A region kept as canonical bands from the start (`formUnion` needs it).
    public static func bands(_ rect: Rect, limit: Int = 512) -> DisjointRegion {
        var region = DisjointRegion(rect, limit: limit)
        region.isBanded = true
        return region
    }

    public var isEmpty: Bool { pieces.isEmpty }
    public var area: Double { pieces.reduce(0) { $0 + $1.area } }

    /// Removes `rect`; returns the pieces that were removed (disjoint; as
    /// canonical bands when the region is banded).
    @discardableResult
    public mutating func subtract(_ rect: Rect) -> [Rect] {
        if isBanded { return subtractFromBands(rect) }
        // Most subtractions in a busy layout miss every piece, or cut a few:
        // nothing is allocated for a miss, and the lists are made large
        // enough once (each piece cut leaves at most four).
        var cuts = 0
        for piece in pieces where !piece.intersection(rect).isEmpty { cuts += 1 }
        guard cuts > 0 else { return [] }
        var removed: [Rect] = []
        removed.reserveCapacity(cuts)
        var kept: [Rect] = []
        kept.reserveCapacity(pieces.count + 3 * cuts)
        var changed = false
        for piece in pieces {
            let cut = piece.intersection(rect)
            if cut.isEmpty {
                kept.append(piece)
                continue
            }
            changed = true
            removed.append(cut)
            piece.forEachBand(outside: cut) { kept.append($0) }
        }
        if changed {
            if kept.count > Self.cutPieceLimit, limit > Self.cutPieceLimit {
                pieces = CanonicalBands.of(kept)
                isBanded = true
                keepWithinLimit()
                return removed
            }
            if kept.count > limit {
                kept.sort { $0.area > $1.area }
                kept.removeLast(kept.count - limit)
                isApproximate = true
            }
            pieces = kept
        }
        return removed
    }

    /// Adds `rect` to a banded region (`bands`).
    public mutating func formUnion(_ rect: Rect) {
        precondition(isBanded, "a union is kept only as bands")
        guard !rect.isEmpty else { return }
        var (low, high) = bandsAcross(rect)
        // Already inside one piece: nothing changes.
        for index in low..<high where pieces[index].contains(rect) { return }
        (low, high) = widened(low, high)
        var writer = CanonicalBands.Writer(reusing: &spare)
        var cursor = rect.minY
        var index = low
        while index < high {
            let end = bandEnd(index)
            let (top, bottom) = (pieces[index].minY, pieces[index].maxY)
            if bottom <= rect.minY || top >= rect.maxY {
                if top >= rect.maxY, cursor < rect.maxY {
                    writer.add(rect.minX, rect.maxX)
                    writer.closeBand(cursor, rect.maxY)
                    cursor = rect.maxY
                }
                copyBand(index, end, top, bottom, to: &writer)
                index = end
                continue
            }
            if cursor < top {
                writer.add(rect.minX, rect.maxX)
                writer.closeBand(cursor, top)
            }
            if top < rect.minY { copyBand(index, end, top, rect.minY, to: &writer) }
            var placed = false
            for piece in index..<end {
                if !placed, rect.minX <= pieces[piece].minX {
                    writer.add(rect.minX, rect.maxX)
                    placed = true
                }
                writer.add(pieces[piece].minX, pieces[piece].maxX)
            }
            if !placed { writer.add(rect.minX, rect.maxX) }
            writer.closeBand(max(top, rect.minY), min(bottom, rect.maxY))
            if bottom > rect.maxY { copyBand(index, end, rect.maxY, bottom, to: &writer) }
            cursor = max(cursor, min(bottom, rect.maxY))
            index = end
        }
        if cursor < rect.maxY {
            writer.add(rect.minX, rect.maxX)
            writer.closeBand(cursor, rect.maxY)
        }
        pieces.replaceSubrange(low..<high, with: writer.rects)
        writer.giveBack(to: &spare)
        keepWithinLimit()
    }

    private mutating func subtractFromBands(_ rect: Rect) -> [Rect] {
        var (low, high) = bandsAcross(rect)
        var cuts = false
        for index in low..<high where pieces[index].intersects(rect) { cuts = true; break }
        guard cuts else { return [] }
        (low, high) = widened(low, high)
        var writer = CanonicalBands.Writer(reusing: &spare)
        var removed = CanonicalBands.Writer()
        var index = low
        while index < high {
            let end = bandEnd(index)
            let (top, bottom) = (pieces[index].minY, pieces[index].maxY)
            var crossed = false
            if bottom > rect.minY, top < rect.maxY {
                for piece in index..<end where pieces[piece].minX < rect.maxX && pieces[piece].maxX > rect.minX { crossed = true; break }
            }
            guard crossed else {
                copyBand(index, end, top, bottom, to: &writer)
                index = end
                continue
            }
            if top < rect.minY { copyBand(index, end, top, rect.minY, to: &writer) }
            let (middleTop, middleBottom) = (max(top, rect.minY), min(bottom, rect.maxY))
            for piece in index..<end {
                let (left, right) = (pieces[piece].minX, pieces[piece].maxX)
                if left < rect.minX { writer.add(left, min(right, rect.minX)) }
                let (cutLeft, cutRight) = (max(left, rect.minX), min(right, rect.maxX))
                if cutLeft < cutRight { removed.add(cutLeft, cutRight) }
                if right > rect.maxX { writer.add(max(left, rect.maxX), right) }
            }
            writer.closeBand(middleTop, middleBottom)
            removed.closeBand(middleTop, middleBottom)
            if bottom > rect.maxY { copyBand(index, end, rect.maxY, bottom, to: &writer) }
            index = end
        }
        pieces.replaceSubrange(low..<high, with: writer.rects)
        writer.giveBack(to: &spare)
        keepWithinLimit()
        return removed.rects
    }

    /// The rest of `bounds` (which holds the region), as canonical bands.
    public func complement(within bounds: Rect) -> [Rect] {
        let bands = isBanded ? pieces : CanonicalBands.of(pieces)
        var writer = CanonicalBands.Writer()
        var cursor = bounds.minY
        var index = 0
        while index < bands.count {
            var end = index + 1
            while end < bands.count, bands[end].minY == bands[index].minY { end += 1 }
            let (top, bottom) = (bands[index].minY, bands[index].maxY)
            if cursor < top {
                writer.add(bounds.minX, bounds.maxX)
                writer.closeBand(cursor, top)
            }
            var left = bounds.minX
            for piece in index..<end {
                writer.add(left, bands[piece].minX)
                left = bands[piece].maxX
            }
            writer.add(left, bounds.maxX)
            writer.closeBand(top, bottom)
            cursor = max(cursor, bottom)
            index = end
        }
        writer.add(bounds.minX, bounds.maxX)
        writer.closeBand(cursor, bounds.maxY)
        return writer.rects
    }

    /// The pieces of the bands that meet `rect`'s rows: `low..<high`, whole bands.
    private func bandsAcross(_ rect: Rect) -> (Int, Int) {
        var (low, high) = (0, pieces.count)
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].maxY <= rect.minY { low = middle + 1 } else { high = middle }
        }
        var end = low
        high = pieces.count
        while end < high {
            let middle = (end + high) / 2
            if pieces[middle].minY < rect.maxY { end = middle + 1 } else { high = middle }
        }
        return (low, end)
    }

    /// `low..<high` with the band above and the band below: a band rewritten
    /// may come to match one of them, and is then merged with it.
    private func widened(_ low: Int, _ high: Int) -> (Int, Int) {
        var (low, high) = (low, high)
        if low > 0 {
            let top = pieces[low - 1].minY
            low -= 1
            while low > 0, pieces[low - 1].minY == top { low -= 1 }
        }
        if high < pieces.count { high = bandEnd(high) }
        return (low, high)
    }

    /// The end of the band that starts at `start`.
    private func bandEnd(_ start: Int) -> Int {
        var end = start + 1
        let top = pieces[start].minY
        while end < pieces.count, pieces[end].minY == top { end += 1 }
        return end
    }

    private func copyBand(_ start: Int, _ end: Int, _ top: Double, _ bottom: Double, to writer: inout CanonicalBands.Writer) {
        for piece in start..<end { writer.add(pieces[piece].minX, pieces[piece].maxX) }
        writer.closeBand(top, bottom)
    }

    /// Bands past `limit`: the smallest pieces go (the result is
    /// approximate), the rest stay in band order.
    private mutating func keepWithinLimit() {
        guard pieces.count > limit else { return }
        pieces.sort { $0.area > $1.area }
        pieces.removeLast(pieces.count - limit)
        pieces.sort { $0.minY != $1.minY ? $0.minY < $1.minY : $0.minX < $1.minX }
        isApproximate = true
    }
}

/// Canonical bands (`DisjointRegion`), written band by band.
enum CanonicalBands {
    /// The canonical bands of the region that disjoint `pieces` cover.
    static func of(_ pieces: [Rect]) -> [Rect] {
        var rows: [Double] = []
        rows.reserveCapacity(2 * pieces.count)
        for piece in pieces where !piece.isEmpty {
            rows.append(piece.minY)
            rows.append(piece.maxY)
        }
        rows.sort()
        var writer = Writer()
        var spans: [(minX: Double, maxX: Double)] = []
        var previous = -Double.infinity
        for (index, top) in rows.enumerated() where top != previous && index + 1 < rows.count {
            previous = top
            guard let bottom = rows[(index + 1)...].first(where: { $0 > top }) else { break }
            spans.removeAll(keepingCapacity: true)
            for piece in pieces where !piece.isEmpty && piece.minY <= top && piece.maxY >= bottom {
                spans.append((piece.minX, piece.maxX))
            }
            spans.sort { $0.minX < $1.minX }
            for span in spans { writer.add(span.minX, span.maxX) }
            writer.closeBand(top, bottom)
        }
        return writer.rects
    }

    /// Appends x-intervals left to right (merging those that meet), then
    /// closes them as a band, which joins the band above when the two meet
    /// with the same intervals.
    struct Writer {
        private(set) var rects: [Rect] = []
        /// The first rect of the last band closed, and of the band being written.
        private var lastBand = 0
        private var openBand = 0

        init() {}

        /// Writes into `buffer`'s storage (emptied), to be given back.
        init(reusing buffer: inout [Rect]) {
            swap(&rects, &buffer)
            rects.removeAll(keepingCapacity: true)
        }

        mutating func giveBack(to buffer: inout [Rect]) {
            swap(&rects, &buffer)
        }

        mutating func add(_ minX: Double, _ maxX: Double) {
            guard minX < maxX else { return }
            if rects.count > openBand, rects[rects.count - 1].maxX >= minX {
                rects[rects.count - 1].maxX = max(rects[rects.count - 1].maxX, maxX)
            } else {
                rects.append(Rect(minX: minX, minY: 0, maxX: maxX, maxY: 0))
            }
        }

        mutating func closeBand(_ minY: Double, _ maxY: Double) {
            let count = rects.count - openBand
            guard count > 0 else { return }
            guard minY < maxY else {
                rects.removeLast(count)
                return
            }
            for index in openBand..<rects.count {
                rects[index].minY = minY
                rects[index].maxY = maxY
            }
            if lastBand < openBand, openBand - lastBand == count, rects[lastBand].maxY == minY,
               (0..<count).allSatisfy({ rects[lastBand + $0].minX == rects[openBand + $0].minX && rects[lastBand + $0].maxX == rects[openBand + $0].maxX }) {
                for index in lastBand..<openBand { rects[index].maxY = maxY }
                rects.removeLast(count)
            } else {
                lastBand = openBand
            }
            openBand = rects.count
        }
    }
}

/// Maximal free rectangles (the MaxRects representation): the pieces may
/// overlap, and every rectangle inside the region lies inside one piece, so the
/// largest square that fits anywhere is the largest that fits in one piece.
public struct MaximalRegion: Sendable {
    /// A region that is one rectangle (most targets) is kept without an array;
    /// an empty rect here means the region is `many` (48 bytes in all, not 64:
    /// a 10⁶-view layout holds one per target).
    private var single: Rect
    private var many: [Rect] = []
    private let storedLimit: Int32
    public private(set) var isApproximate = false
    public var limit: Int { Int(storedLimit) }

    public init(_ rect: Rect, limit: Int = 256) {
        single = rect.isEmpty ? .empty : rect
        storedLimit = Int32(clamping: limit)
    }

    public var pieces: [Rect] { single.isEmpty ? many : [single] }

    public var isEmpty: Bool { single.isEmpty && many.isEmpty }

    public mutating func subtract(_ rect: Rect) {
        var work = 0
        subtract(rect, work: &work)
    }

    /// `subtract`, adding to `work` the comparisons it made (what a caller
    /// with a budget counts: a region of many maximal pieces costs many).
    public mutating func subtract(_ rect: Rect, work: inout Int) {
        guard !rect.isEmpty else { return }
        // One piece (most regions' first cut) is read where it is, not put in
        // a list of its own first.
        let isSingle = !single.isEmpty
        if isSingle {
            guard single.intersects(rect) else { return }
        }
        // As `DisjointRegion.subtract`: nothing allocated for a miss, the
        // list made large enough once (each piece cut leaves four strips).
        var cuts = 0
        if isSingle {
            cuts = 1
        } else {
            for piece in many where piece.intersects(rect) { cuts += 1 }
        }
        guard cuts > 0 else { return }
        let pieceCount = isSingle ? 1 : many.count
        var result: [Rect] = []
        result.reserveCapacity(pieceCount + 3 * cuts)
        // The new strips, on the stack for the few cuts a subtraction makes:
        // a list on the heap per cut, for two or three strips, would cost
        // more than the cut.
        withUnsafeTemporaryAllocation(of: Rect.self, capacity: 4 * cuts) { added in
            var addedCount = 0
            for position in 0..<pieceCount {
                let piece = isSingle ? single : many[position]
                guard piece.intersects(rect) else {
                    result.append(piece)
                    continue
                }
                // The four maximal strips of the piece outside the cut: above,
                // below, left, right (the order the pieces keep).
                for place in 0..<4 {
                    let strip: Rect
                    switch place {
                    case 0:
                        guard rect.minY > piece.minY else { continue }
                        strip = Rect(minX: piece.minX, minY: piece.minY, maxX: piece.maxX, maxY: rect.minY)
                    case 1:
                        guard rect.maxY < piece.maxY else { continue }
                        strip = Rect(minX: piece.minX, minY: rect.maxY, maxX: piece.maxX, maxY: piece.maxY)
                    case 2:
                        guard rect.minX > piece.minX else { continue }
                        strip = Rect(minX: piece.minX, minY: piece.minY, maxX: rect.minX, maxY: piece.maxY)
                    default:
                        guard rect.maxX < piece.maxX else { continue }
                        strip = Rect(minX: rect.maxX, minY: piece.minY, maxX: piece.maxX, maxY: piece.maxY)
                    }
                    added.initializeElement(at: addedCount, to: strip)
                    addedCount += 1
                }
            }
            work += pieceCount + addedCount * (result.count + addedCount)
            // Keep only maximal pieces: drop any new strip inside another piece.
            for index in 0..<addedCount {
                let strip = added[index]
                if result.contains(where: { $0.contains(strip) }) { continue }
                var inside = false
                for other in 0..<addedCount where other != index && added[other].contains(strip) {
                    // Of two equal strips keep the first.
                    if added[other] != strip || other < index { inside = true; break }
                }
                if !inside { result.append(strip) }
            }
            added.baseAddress!.deinitialize(count: addedCount)
        }
        if result.count > limit {
            result.sort { $0.area > $1.area }
            result.removeLast(result.count - limit)
            isApproximate = true
        }
        single = .empty
        many = result
    }

    /// The piece that holds the largest square (ties: the larger area).
    public var bestPiece: Rect? {
        if !single.isEmpty { return single }
        return many.max { lhs, rhs in
            let left = min(lhs.width, lhs.height)
            let right = min(rhs.width, rhs.height)
            return left != right ? left < right : lhs.area < rhs.area
        }
    }
}
