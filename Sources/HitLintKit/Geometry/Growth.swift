/// Growing a rect to a minimum size inside a bound without touching obstacles:
/// symmetric when there is room, more on the free side when a neighbour or the
/// container's edge is in the way (the "off-centre" expansion people make by hand).
struct Growth {
    var rect: Rect
    /// What stopped the growth, when it failed, on its low side and then its
    /// high side: the limiting neighbour, or nil where the bound's edge on
    /// that side did (whose owner only the message needs, so the caller finds it).
    var limits: [(neighbour: Int?, side: Side)] = []
    var shortfall: (axis: String, free: Double)?

    /// - Parameters:
    ///   - bound: the region the ancestors let the node answer in.
    static func grow(_ start: Rect, to minimum: Double, within bound: Rect, avoiding obstacles: [(node: Int, rect: Rect)]) -> Growth {
        var growth = Growth(rect: start)
        for horizontal in [true, false] {
            let rect = growth.rect
            let length = horizontal ? rect.width : rect.height
            let needed = minimum - length
            guard needed > 1e-9 else { continue }
            // The nearest limit on each side along this axis, among obstacles beside the rect.
            var lowLimit = horizontal ? bound.minX : bound.minY
            var highLimit = horizontal ? bound.maxX : bound.maxY
            // nil while the limit is the bound's edge.
            var lowBlocker: Int?
            var highBlocker: Int?
            for obstacle in obstacles {
                let o = obstacle.rect
                let across = horizontal ? (o.minY < rect.maxY && o.maxY > rect.minY) : (o.minX < rect.maxX && o.maxX > rect.minX)
                guard across else { continue }
                let (oLow, oHigh) = horizontal ? (o.minX, o.maxX) : (o.minY, o.maxY)
                let (rLow, rHigh) = horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
                if oHigh <= rLow + 1e-9, oHigh > lowLimit { lowLimit = oHigh; lowBlocker = obstacle.node }
                if oLow >= rHigh - 1e-9, oLow < highLimit { highLimit = oLow; highBlocker = obstacle.node }
            }
            let (rLow, rHigh) = horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
            let roomLow = max(0, rLow - lowLimit)
            let roomHigh = max(0, highLimit - rHigh)
            guard roomLow + roomHigh + 1e-9 >= needed else {
                growth.limits = [(lowBlocker, horizontal ? .left : .top), (highBlocker, horizontal ? .right : .bottom)]
                growth.shortfall = (horizontal ? "wide" : "tall", length + roomLow + roomHigh)
                return growth
            }
            var takeLow = min(roomLow, needed / 2)
            let takeHigh = min(roomHigh, needed - takeLow)
            takeLow = needed - takeHigh
            if horizontal {
                growth.rect = Rect(minX: rLow - takeLow, minY: rect.minY, maxX: rHigh + takeHigh, maxY: rect.maxY)
            } else {
                growth.rect = Rect(minX: rect.minX, minY: rLow - takeLow, maxX: rect.maxX, maxY: rHigh + takeHigh)
            }
        }
        return growth
    }
}
