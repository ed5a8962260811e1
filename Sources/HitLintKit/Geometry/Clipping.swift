/// Which ancestor cuts a node's hit area, and by how much on each side.
extension Geometry {
    /// The rect within which an ancestor lets its descendants answer touches.
    /// For android the direct parent's frame also bounds hit expansion (TouchDelegate).
    public func constraint(of ancestor: Int, for node: Int) -> Rect? {
        if layout.nodes[ancestor].isWebContent, platform != .web {
            // A web box gates its descendants only where it clips (see `Geometry`).
            return layout.nodes[ancestor].clipsToBounds ? frame(ancestor) : nil
        }
        switch platform {
        case .uikit:
            return hitRect(ancestor)
        case .android:
            return Int(layout.nodes[node].parent) == ancestor ? hitRect(ancestor).intersection(frame(ancestor)) : hitRect(ancestor)
        case .web:
            return layout.nodes[ancestor].clipsToBounds ? frame(ancestor) : nil
        }
    }

    /// The innermost ancestor whose constraint reaches `edge` on `side` (the one
    /// that actually cuts there).
    public func clippingAncestor(of node: Int, side: Side, edge: Double) -> Int? {
        var ancestor = Int(layout.nodes[node].parent)
        while ancestor >= 0 {
            if let rect = constraint(of: ancestor, for: node) {
                let binds: Bool
                switch side {
                case .left: binds = rect.minX >= edge - 1e-9
                case .top: binds = rect.minY >= edge - 1e-9
                case .right: binds = rect.maxX <= edge + 1e-9
                case .bottom: binds = rect.maxY <= edge + 1e-9
                }
                if binds { return ancestor }
            }
            ancestor = Int(layout.nodes[ancestor].parent)
        }
        return nil
    }

    /// The innermost ancestor whose constraint misses `rect` entirely.
    public func excludingAncestor(of node: Int, rect: Rect) -> Int? {
        var ancestor = Int(layout.nodes[node].parent)
        while ancestor >= 0 {
            if let bound = constraint(of: ancestor, for: node), !bound.intersects(rect) { return ancestor }
            ancestor = Int(layout.nodes[ancestor].parent)
        }
        return nil
    }

    /// The insets of the node's hit (or pointer) area for this geometry's modality.
    public func insets(of node: Int) -> EdgeInsets {
        modality == .pointer ? (layout.pointerInsets(of: node) ?? layout.hitInsets(of: node)) : layout.hitInsets(of: node)
    }
}

/// How far `rect` reaches past each side of `bound` (0 where it does not).
public func overhang(of rect: Rect, beyond bound: Rect) -> EdgeInsets {
    EdgeInsets(
        top: max(0, min(bound.minY, rect.maxY) - rect.minY),
        left: max(0, min(bound.minX, rect.maxX) - rect.minX),
        bottom: max(0, rect.maxY - max(bound.maxY, rect.minY)),
        right: max(0, rect.maxX - max(bound.maxX, rect.minX)))
}

/// "20 pt lost on the left, top and bottom" / "20 pt on the left and 8 pt at the top".
func describeSides(_ amounts: [(side: Side, amount: Double)], unit: String, verb: String = "") -> String {
    let gap = verb.isEmpty ? " " : " \(verb) "
    func bare(_ side: Side) -> String { side.name }
    let values = Set(amounts.map { formatLength($0.amount) })
    if values.count == 1, let first = amounts.first {
        let sides = amounts.map { bare($0.side) }
        return "\(formatLength(first.amount)) \(unit)\(gap)on the \(englishList(sides))"
    }
    return englishList(amounts.map { "\(formatLength($0.amount)) \(unit)\(gap)\($0.side.place)" })
}
