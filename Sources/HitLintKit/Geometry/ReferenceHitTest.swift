/// The hit-testing algorithms of SPEC §3, written out literally, one node at a
/// time. Slow on purpose: it is the ground truth that `Geometry`'s gates and
/// every rule's geometric claim are tested against.
public struct ReferenceHitTest: Sendable {
    public let geometry: Geometry

    public init(_ geometry: Geometry) {
        self.geometry = geometry
    }

    private var layout: Layout { geometry.layout }

    private func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = Int(layout.nodes[index].subtreeEnd)
        while child < end {
            result.append(child)
            child = Int(layout.nodes[child].subtreeEnd)
        }
        return result
    }

    /// Skipped with its subtree (rule 1): hidden, alpha < 0.01, interaction disabled.
    private func isSkippedHere(_ index: Int) -> Bool {
        let node = layout.nodes[index]
        return node.isHidden || node.isTransparent || !node.userInteractionEnabled
    }

    /// `point(inside:)`: the node's own hit rect (for android, expansion already cut to the parent).
    private func pointInside(_ index: Int, _ x: Double, _ y: Double) -> Bool {
        geometry.hitRect(index).contains(x: x, y: y)
    }

    public func hitTest(x: Double, y: Double) -> HitResult {
        guard !layout.nodes.isEmpty else { return .nothing }
        switch geometry.platform {
        case .uikit: return resolve(dispatch(x, y))
        case .android: return dispatch(x, y).map { .target($0) } ?? .nothing
        case .web: return resolve(web(x, y))
        }
    }

    private func resolve(_ answer: Int?) -> HitResult {
        guard let answer else { return .nothing }
        // Rule 4: up the responder chain to the nearest target.
        var current = answer
        while true {
            if layout.nodes[current].isTarget { return .target(current) }
            let parent = Int(layout.nodes[current].parent)
            if parent < 0 { return .swallowed(by: answer) }
            current = parent
        }
    }

    /// UIKit's `hitTest(_:with:)` and Android's dispatch, as a depth-first
    /// search from the front: a view that accepts the point (`point(inside:)`)
    /// asks its subviews from last to first, and the first that answers wins.
    /// On UIKit a view that accepts always answers (at least itself), so the
    /// search never comes back up; on Android a view that is not clickable does
    /// not consume the event, so dispatch moves on to the views behind it.
    /// Web content (`LayoutNode.isWebContent`) is asked whatever its parent box
    /// says (a box gates its children only when it clips), and answers only
    /// where it is a target and the point is inside it.
    private func dispatch(_ x: Double, _ y: Double) -> Int? {
        let nodes = layout.nodes
        func admits(_ child: Int, under parent: Int) -> Bool {
            guard !isSkippedHere(child) else { return false }
            guard nodes[child].isWebContent else { return pointInside(child, x, y) }
            return !(nodes[parent].isWebContent && nodes[parent].clipsToBounds) || geometry.frame(parent).contains(x: x, y: y)
        }
        func answers(_ view: Int) -> Bool {
            if nodes[view].isWebContent { return nodes[view].isTarget && pointInside(view, x, y) }
            return geometry.platform == .uikit || nodes[view].isTarget
        }
        guard !isSkippedHere(0), pointInside(0, x, y) else { return nil }
        // Iterative, with backtracking: (view, its children front first, next position to try).
        var stack: [(view: Int, children: [Int], position: Int)] = [(0, children(of: 0).reversed(), 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].position < stack[top].children.count {
                let child = stack[top].children[stack[top].position]
                stack[top].position += 1
                if admits(child, under: stack[top].view) {
                    stack.append((child, children(of: child).reversed(), 0))
                }
                continue
            }
            let view = stack.removeLast().view
            if answers(view) { return view }
        }
        return nil
    }

    /// The web: the topmost painted element under the point (later in document
    /// order is on top), cut by ancestors with `overflow: hidden`. An element
    /// with `border-radius` is hit only inside its rounded box, and one that
    /// clips cuts its descendants to it (`RoundedRect`, at pixel resolution).
    private func web(_ x: Double, _ y: Double) -> Int? {
        for index in stride(from: layout.nodes.count - 1, through: 0, by: -1) {
            guard RoundedRect.contains(geometry.hitRect(index), radius: layout.cornerRadius(of: index), x: x, y: y) else { continue }
            var ancestor = index
            var blocked = false
            while ancestor >= 0 {
                if isSkippedHere(ancestor) { blocked = true; break }
                let parent = Int(layout.nodes[ancestor].parent)
                if parent >= 0, layout.nodes[parent].clipsToBounds,
                   !RoundedRect.contains(geometry.frame(parent), radius: layout.cornerRadius(of: parent), x: x, y: y) {
                    blocked = true
                    break
                }
                ancestor = parent
            }
            if !blocked { return index }
        }
        return nil
    }
}
