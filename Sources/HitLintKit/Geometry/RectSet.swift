/// A region made of rectangles, with bounded subtraction (axe-core's
/// `splitRects` shape: when the pieces would grow past `limit`, the smallest
/// are dropped and the result is marked approximate).

/// Disjoint pieces: subtracting a rect splits each piece it cuts into at most
/// four disjoint pieces, so areas add up exactly.
public struct DisjointRegion: Sendable {
    public private(set) var pieces: [Rect]
    public private(set) var isApproximate = false
    public let limit: Int

    public init(_ rect: Rect, limit: Int = 512) {
        pieces = rect.isEmpty ? [] : [rect]
        self.limit = limit
    }

    public var isEmpty: Bool { pieces.isEmpty }
    public var area: Double { pieces.reduce(0) { $0 + $1.area } }

    /// Removes `rect`; returns the pieces that were removed (disjoint).
    @discardableResult
    public mutating func subtract(_ rect: Rect) -> [Rect] {
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
            if kept.count > limit {
                kept.sort { $0.area > $1.area }
                kept.removeLast(kept.count - limit)
                isApproximate = true
            }
            pieces = kept
        }
        return removed
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
        guard !rect.isEmpty else { return }
        if !single.isEmpty {
            guard single.intersects(rect) else { return }
            many = [single]
            single = .empty
        }
        // As `DisjointRegion.subtract`: nothing allocated for a miss, the
        // lists made large enough once (each piece cut leaves four strips).
        var cuts = 0
        for piece in many where piece.intersects(rect) { cuts += 1 }
        guard cuts > 0 else { return }
        var result: [Rect] = []
        result.reserveCapacity(many.count + 3 * cuts)
        var added: [Rect] = []
        added.reserveCapacity(4 * cuts)
        var changed = false
        for piece in many {
            guard piece.intersects(rect) else {
                result.append(piece)
                continue
            }
            changed = true
            // The four maximal strips of the piece outside the cut.
            if rect.minY > piece.minY { added.append(Rect(minX: piece.minX, minY: piece.minY, maxX: piece.maxX, maxY: rect.minY)) }
            if rect.maxY < piece.maxY { added.append(Rect(minX: piece.minX, minY: rect.maxY, maxX: piece.maxX, maxY: piece.maxY)) }
            if rect.minX > piece.minX { added.append(Rect(minX: piece.minX, minY: piece.minY, maxX: rect.minX, maxY: piece.maxY)) }
            if rect.maxX < piece.maxX { added.append(Rect(minX: rect.maxX, minY: piece.minY, maxX: piece.maxX, maxY: piece.maxY)) }
        }
        guard changed else { return }
        // Keep only maximal pieces: drop any new strip inside another piece.
        for (index, strip) in added.enumerated() {
            if result.contains(where: { $0.contains(strip) }) { continue }
            var inside = false
            for (other, candidate) in added.enumerated() where other != index && candidate.contains(strip) {
                // Of two equal strips keep the first.
                if candidate != strip || other < index { inside = true; break }
            }
            if !inside { result.append(strip) }
        }
        if result.count > limit {
            result.sort { $0.area > $1.area }
            result.removeLast(result.count - limit)
            isApproximate = true
        }
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
