/// The last steps of a build, once every node is read: subtree ends, which
/// nodes their stacks arrange, lengths in points, and frames made absolute.
extension LayoutBuilder {
    /// A node without a frame, checked once its parent is known to be a stack or not.
    struct Placement {
        var node: Int
        /// The `size` key, when the node gives one.
        var sizeKey: SourceSpan?
        /// Where to report a missing frame.
        var firstKey: SourceSpan
    }

    /// How a stack arranges its children.
    struct Stack {
        var axis: StackAxis = .horizontal
        var spacing: Double = 0
        var alignment: StackAlignment = .fill
    }

    /// x, y, width and height as the file writes them (see `convertLengths`).
    @inline(__always)
    static func rawFrame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(minX: x, minY: y, maxX: width, maxY: height)
    }

    mutating func computeSubtreeEnds() {
        let count = layout.nodes.count
        for index in 0..<count { layout.nodes[index].subtreeEnd = Int32(index + 1) }
        for index in stride(from: count - 1, through: 1, by: -1) {
            let parent = Int(layout.nodes[index].parent)
            layout.nodes[parent].subtreeEnd = max(layout.nodes[parent].subtreeEnd, layout.nodes[index].subtreeEnd)
        }
    }

    /// Whether each node without a frame is arranged by a stack, and what is wrong
    /// when it is not: known only once its parent has been read, which in a
    /// streamed read comes after the node.
    mutating func checkPlacements() {
        for placement in placements {
            let node = layout.nodes[placement.node]
            let parent = Int(node.parent)
            let arranged = parent >= 0 && layout.nodes[parent].isStack
            layout.nodes[placement.node].isArranged = arranged
            if let sizeKey = placement.sizeKey {
                if !arranged {
                    invalid(span: sizeKey, "'size' only applies to children of a stack; give 'frame' [x, y, width, height]")
                }
                continue
            }
            let name = layout.namingID(of: placement.node)
                ?? (parent < 0 ? "root" : layout.name(of: parent) + "/children[\(node.childIndex)]")
            let what = arranged ? "'size' [width, height] (or 'frame')" : "'frame' [x, y, width, height]"
            invalid(span: placement.firstKey, "'\(name)' has no frame: give it \(what)")
        }
        placements = []
    }

    /// Lengths are read as the file writes them; here they become points (a
    /// streamed read meets `units` and `scale` only after the nodes). Until
    /// then a node's frame holds x, y, width and height as written, in the
    /// rect's minX, minY, maxX and maxY (`rawFrame`): multiplying the width
    /// itself, not a difference of edges, keeps every length exactly what one
    /// multiplication gives.
    mutating func convertLengths() {
        let scale = layout.pointsPerUnit
        for index in layout.nodes.indices {
            let raw = layout.nodes[index].frame
            layout.nodes[index].frame = Rect(x: raw.minX * scale, y: raw.minY * scale,
                                             width: raw.maxX * scale, height: raw.maxY * scale)
        }
        guard scale != 1 else { return }
        layout.scaleLengths(by: scale)
        for key in stacks.keys { stacks[key]!.spacing *= scale }
    }

    /// In pre-order (parents first): lay out each stack's arranged children, then
    /// convert every frame to screen coordinates.
    mutating func placeFrames() {
        // In pre-order a node's frame is still the one read from the file (relative
        // to its parent, or arranged by its stack) until the loop reaches it, and
        // its parent is already absolute: one pass, in place.
        for index in layout.nodes.indices {
            let node = layout.nodes[index]
            if node.isStack, let stack = stacks[index] { arrangeChildren(of: index, stack: stack) }
            let parent = Int(node.parent)
            if parent >= 0, layout.coordinates == .relative || node.isArranged {
                let origin = layout.nodes[parent].frame
                layout.nodes[index].frame = node.frame.offsetBy(dx: origin.minX, dy: origin.minY)
            }
        }
    }

    /// UIStackView-like layout: along the axis from the leading edge, separated by
    /// `spacing`; hidden arranged children take no space (as in UIStackView).
    private mutating func arrangeChildren(of index: Int, stack: Stack) {
        let node = layout.nodes[index]
        let horizontal = stack.axis == .horizontal
        let crossLength = horizontal ? node.frame.height : node.frame.width
        var position = 0.0
        var first = true
        var child = index + 1
        let end = Int(node.subtreeEnd)
        while child < end {
            defer { child = Int(layout.nodes[child].subtreeEnd) }
            let childNode = layout.nodes[child]
            guard childNode.isArranged else { continue }
            let size = childNode.frame
            if childNode.isHidden {
                layout.nodes[child].frame = Rect(x: horizontal ? position : 0, y: horizontal ? 0 : position, width: 0, height: 0)
                continue
            }
            if !first { position += stack.spacing }
            first = false
            let along = horizontal ? size.width : size.height
            var cross = horizontal ? size.height : size.width
            var crossOffset = 0.0
            switch stack.alignment {
            case .fill: cross = crossLength
            case .leading: crossOffset = 0
            case .center: crossOffset = (crossLength - cross) / 2
            case .trailing: crossOffset = crossLength - cross
            }
            layout.nodes[child].frame = horizontal
                ? Rect(x: position, y: crossOffset, width: along, height: cross)
                : Rect(x: crossOffset, y: position, width: cross, height: along)
            position += along
        }
    }
}
