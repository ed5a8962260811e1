/// Part of a target's visible frame lies outside an ancestor's hit region.
public struct ClippedTargetRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "clipped-target"

    public static let description = RuleDescription(
        id: id,
        summary: "Every visible part of a target must be inside its ancestors' hit regions.",
        rationale: """
        A view can draw outside its parent (UIKit does not clip unless `clipsToBounds` is set), \
        but hit-testing still asks the parent first: touches on the part that hangs outside do \
        nothing. The user sees a button and taps it, and nothing happens. A `scrollable` \
        container clips what it draws, so a target straddling its edge is partly scrolled out \
        of sight, not seen there.
        """,
        defaultSeverity: .error,
        reads: [.node, .ancestors, .region],
        examples: examples,
        relatedRole: "cuts it off"
    )

    private static let sides = [Side.right, .left, .top, .bottom]
    /// The transparent margin around a control UIKit draws itself (`SystemControlSize`).
    static let systemControlMargin = 2.5

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let geometry = context.geometry
        guard geometry.platform != .web else { return [] }  // the web clips hits only where it clips drawing
        var diagnostics: [Diagnostic] = []
        let layered = context.layeredFlags
        for target in geometry.targets where geometry.layout.nodes[target].parent >= 0 && context.isChecked(target) {
            guard layered[target], !geometry.isSkipped[target] else { continue }
            let drawn = context.layout.drawnFrames.isEmpty ? nil : context.layout.drawnFrames[Int32(target)]
            let visible = drawn.map { geometry.visibleFrame(target).intersection($0) } ?? geometry.visibleFrame(target)
            let allowed = geometry.ancestorGate(target)
            guard !visible.isEmpty,
                  visible.intersects(allowed) else { continue }
            let outside = overhang(of: visible, beyond: allowed)
            // A control UIKit sizes itself draws inside transparent margins (its
            // alignment insets, 2 pt a side on a switch or a slider): an overhang
            // that small shows nothing.
            // Where the drawing is estimated (a title's line), so is its edge.
            let unseen = context.layout.systemControl(of: target) != nil || drawn != nil ? Self.systemControlMargin : Tolerance.length
            var sides: [(side: Side, amount: Double)] = []
            var ancestors: [Int] = []
            for side in Self.sides where outside[side] > unseen {
                let edge = allowed.edge(side)
                let ancestor = geometry.clippingAncestor(of: target, side: side, edge: edge)
                // A scroll view clips what it draws: the part beyond its edge is
                // scrolled out of sight, not seen and untappable.
                if let ancestor, context.layout.nodes[ancestor].isScrollable { continue }
                sides.append((side, outside[side]))
                if let ancestor, !ancestors.contains(ancestor) { ancestors.append(ancestor) }
            }
            guard !sides.isEmpty else { continue }
            diagnostics.append(context.diagnostic(Self.id, node: target,
                                                  message: Self.message(target, ancestors: ancestors, sides: sides, context),
                                                  span: context.layout.frameSpan(of: target), related: ancestors))
        }
        return diagnostics
    }

    /// Worked out only when the lint describes what it finds (a function of
    /// its own: a local one would capture the loop's lists, boxed, and every
    /// access to them would be checked at run time).
    private static func message(_ target: Int, ancestors: [Int], sides: [(side: Side, amount: Double)], _ context: RuleContext) -> String {
        let unit = context.threshold.unitName
        let names = englishList(ancestors.map { "'\(context.name($0))'" })
        let amounts = sides.map { "\(formatLength($0.amount)) \(unit) \($0.side.place)" }
        return "'\(context.name(target))' is partly outside the hit region of \(names): \(englishList(amounts)) can be seen but not tapped"
    }
}
