/// Scrolling containers as the rules see them: a target cut by a scroller's
/// edge is measured at the scroll position's size, not the layout's.
extension RuleContext {
    /// In which dimensions `piece` (part of `target`'s reachable region) may be
    /// cut by a scrollable ancestor's edge, where its size on screen is the
    /// scroll position's: the target hangs beyond the edge (a whole frame partly
    /// scrolled out), or, in a capture whose bounds are already cut to what
    /// shows (`Layout.boundsAreCutToWhatShows`), it touches an edge across which
    /// the container scrolls (`scrollAxis(of:)`). A target flush with an edge
    /// along which nothing scrolls (a header row at the top of a horizontal
    /// scroller), or with any edge of whole frames (XCUITest, a layout file), is
    /// measured as it is.
    public func scrolledDimensions(of piece: Rect, target: Int) -> (width: Bool, height: Bool) {
        var result = (width: false, height: false)
        let nodes = layout.nodes
        let frame = nodes[target].frame
        let tolerance = 0.5
        var ancestor = Int(nodes[target].parent)
        while ancestor >= 0 {
            if nodes[ancestor].isScrollable {
                let edges = nodes[ancestor].frame
                if frame.minX < edges.minX - tolerance || frame.maxX > edges.maxX + tolerance { result.width = true }
                if frame.minY < edges.minY - tolerance || frame.maxY > edges.maxY + tolerance { result.height = true }
                if layout.boundsAreCutToWhatShows {
                    let axis = scrollAxis(of: ancestor)
                    if axis.sideways, abs(piece.minX - edges.minX) <= tolerance || abs(piece.maxX - edges.maxX) <= tolerance {
                        result.width = true
                    }
                    if axis.upAndDown, abs(piece.minY - edges.minY) <= tolerance || abs(piece.maxY - edges.maxY) <= tolerance {
                        result.height = true
                    }
                }
            }
            ancestor = Int(nodes[ancestor].parent)
        }
        return result
    }

    /// Which way a scrollable container scrolls: as the file says
    /// (`LayoutNode.scrollsSideways`, `scrollsUpAndDown`: a class name that
    /// tells, RICO's flags), else as its items are laid out. The items are the
    /// first views down from the container that do not all fill it (a
    /// scroller's content view, cut to the scroller, fills it): items side by
    /// side (overlapping rows, apart across) scroll sideways, items one above
    /// the other up and down, a grid either way; a single item that spans the
    /// container's width is a row (up and down), one that spans its height a
    /// column (sideways). What the items do not settle is taken as either way:
    /// a target there may be cut.
    public func scrollAxis(of container: Int) -> (sideways: Bool, upAndDown: Bool) {
        let nodes = layout.nodes
        let node = nodes[container]
        if node.scrollsSideways || node.scrollsUpAndDown { return (node.scrollsSideways, node.scrollsUpAndDown) }
        let edges = node.frame
        func children(of parent: Int) -> [Rect] {
            var frames: [Rect] = []
            var child = parent + 1
            while child < Int(nodes[parent].subtreeEnd) {
                if !geometry.isInvisible[child], !nodes[child].frame.isEmpty { frames.append(nodes[child].frame) }
                child = Int(nodes[child].subtreeEnd)
            }
            return frames
        }
        func fills(_ frame: Rect) -> Bool { frame.width >= edges.width - 1 && frame.height >= edges.height - 1 }
        // Down through a content view that fills the container (one level at a time, a few levels at most).
        var level = container
        var items = children(of: level)
        for _ in 0..<4 where items.count == 1 && fills(items[0]) {
            var next = level + 1
            while next < Int(nodes[level].subtreeEnd), geometry.isInvisible[next] || nodes[next].frame.isEmpty {
                next = Int(nodes[next].subtreeEnd)
            }
            guard next < Int(nodes[level].subtreeEnd) else { break }
            level = next
            items = children(of: level)
        }
        if items.count == 1 {
            let spansWidth = items[0].width >= edges.width - 1
            let spansHeight = items[0].height >= edges.height - 1
            if spansWidth != spansHeight { return (spansHeight, spansWidth) }
            return (true, true)
        }
        var sideways = false, upAndDown = false
        let overlap = 0.5
        outer: for first in items.indices {
            for second in items.indices where second > first {
                let a = items[first], b = items[second]
                let acrossX = min(a.maxX, b.maxX) - max(a.minX, b.minX)
                let acrossY = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                if acrossY > overlap, acrossX <= overlap { sideways = true }
                if acrossX > overlap, acrossY <= overlap { upAndDown = true }
                if sideways && upAndDown { break outer }
            }
        }
        return sideways || upAndDown ? (sideways, upAndDown) : (true, true)
    }

    /// The nearest scrollable ancestor of a node, or nil.
    public func scrollingAncestor(of node: Int) -> Int? {
        var ancestor = Int(layout.nodes[node].parent)
        while ancestor >= 0 {
            if layout.nodes[ancestor].isScrollable { return ancestor }
            ancestor = Int(layout.nodes[ancestor].parent)
        }
        return nil
    }
}
