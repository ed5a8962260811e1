/// A target's expanded hit area reaches outside an ancestor's hit region.
public struct ClippedHitAreaRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "clipped-hit-area"

    public static let description = RuleDescription(
        id: id,
        summary: "A target's expanded hit area must fit inside its ancestors' hit regions.",
        rationale: """
        On iOS a view's `point(inside:)` gates its subviews: a touch outside a parent's \
        hit region never reaches the children, whatever `clipsToBounds` says. So a button \
        whose `hitInsets` of -20 reach outside its stack view gets none of those 20 points: \
        the expansion you wrote is dead. Extend the clipping ancestor's hit area too (its own \
        `hitInsets`) or move the target inward. On Android a TouchDelegate cannot reach past \
        the parent; on the web an ancestor with `overflow: hidden` cuts it.
        """,
        defaultSeverity: .warning,
        reads: [.node, .ancestors, .region],
        examples: examples,
        fix: .sometimes,
        relatedRole: "cuts it off"
    )

    /// The order sides are reported in (a literal in the loop was an array made per target).
    private static let sides = [Side.left, .top, .right, .bottom]

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let geometry = context.geometry
        var diagnostics: [Diagnostic] = []
        let layered = context.layeredFlags
        for target in geometry.targets where context.isChecked(target) {
            let frame = geometry.frame(target)
            guard layered[target], !geometry.isSkipped[target], !geometry.gates[target].isEmpty else { continue }
            let insets = geometry.insets(of: target)
            guard insets.top < 0 || insets.left < 0 || insets.bottom < 0 || insets.right < 0 else { continue }
            let intended = frame.inset(by: insets)
            let allowed = geometry.hitAreaBound(target)
            let whole = overhang(of: intended, beyond: allowed)
            let visible = overhang(of: frame, beyond: allowed)
            // Group the lost sides by the ancestor that cuts them.
            var byAncestor: [(ancestor: Int, sides: [(side: Side, amount: Double)])] = []
            for side in Self.sides {
                let lost = min(whole[side] - visible[side], -insets[side])
                guard lost > Tolerance.length else { continue }
                let edge = allowed.edge(side)
                let ancestor = geometry.clippingAncestor(of: target, side: side, edge: edge) ?? 0
                if let position = byAncestor.firstIndex(where: { $0.ancestor == ancestor }) {
                    byAncestor[position].sides.append((side, lost))
                } else {
                    byAncestor.append((ancestor, [(side, lost)]))
                }
            }
            guard !byAncestor.isEmpty else { continue }
            diagnostics.append(context.diagnostic(Self.id, node: target, message: message(target, byAncestor, context),
                                                  related: byAncestor.map(\.ancestor),
                                                  fix: fix(target, intended: intended, context: context)))
        }
        return diagnostics
    }

    /// Extend every ancestor that cuts the hit area by exactly what it cuts, on
    /// each side (UIKit only: a TouchDelegate or `overflow: hidden` is not fixed by insets).
    private func fix(_ target: Int, intended: Rect, context: RuleContext) -> Fix? {
        let geometry = context.geometry
        let layout = context.layout
        guard geometry.platform == .uikit else { return nil }
        var changes: [(node: Int, insets: EdgeInsets)] = []
        var ancestor = Int(layout.nodes[target].parent)
        while ancestor >= 0 {
            let own = geometry.hitRect(ancestor)
            let missing = overhang(of: intended, beyond: own)
            let sides = Side.allCases.filter { missing[$0] > Tolerance.length }
            if !sides.isEmpty {
                guard layout.nodes[ancestor].parent >= 0, context.canEditHitArea(of: ancestor) else {
                    return context.advice { context in "'\(context.name(target))' reaches past the root '\(context.name(ancestor))': move it inward or shrink its hitInsets" }
                }
                var insets = geometry.insets(of: ancestor)
                for side in sides { insets[side] -= missing[side] }
                changes.append((ancestor, insets))
            }
            ancestor = Int(layout.nodes[ancestor].parent)
        }
        let fix = context.insetsFix(changes) { context, reads in
            context.describe(changes, reading: reads, after: "extend the hit area of ")
        }
        return fix.changesFile ? fix : nil
    }

    /// Worked out only when the lint describes what it finds (a function of
    /// its own: a local one would capture the loop's list, boxed, and every
    /// access to it would be checked at run time).
    private func message(_ target: Int, _ byAncestor: [(ancestor: Int, sides: [(side: Side, amount: Double)])],
                         _ context: RuleContext) -> String {
        let unit = context.threshold.unitName
        let parts = byAncestor.map { "'\(context.name($0.ancestor))'" }
        var message = "'\(context.name(target))' hit area is clipped by \(englishList(parts)): "
        message += byAncestor.map { entry in
            (byAncestor.count > 1 ? "'\(context.name(entry.ancestor))' " : "") + describeSides(entry.sides, unit: unit, verb: "lost")
        }.joined(separator: "; ")
        message += " — " + advice(byAncestor.first!, target: target, context: context)
        return message
    }

    private func advice(_ entry: (ancestor: Int, sides: [(side: Side, amount: Double)]), target: Int, context: RuleContext) -> String {
        let name = context.name(entry.ancestor)
        switch context.geometry.platform {
        case .uikit:
            let amounts = Set(entry.sides.map { formatLength($0.amount) })
            if amounts.count == 1 {
                return "extend '\(name)' hitInsets by -\(amounts.first!)"
            }
            return "extend '\(name)' hitInsets by " + englishList(entry.sides.map { "-\(formatLength($0.amount)) \($0.side.name)" })
        case .android:
            return "a TouchDelegate cannot reach outside '\(name)': make '\(name)' larger or move '\(context.name(target))' inward"
        case .web:
            return "'\(name)' clips it (overflow: hidden): stop clipping or move '\(context.name(target))' inward"
        }
    }
}

