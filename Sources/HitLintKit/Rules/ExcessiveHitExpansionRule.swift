/// A hit area that reaches far beyond what the user sees.
public struct ExcessiveHitExpansionRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "excessive-hit-expansion"

    static let maxExpansion = LengthOption("maxExpansion", of: id, default: Length(value: 24, unit: .pt),
                                           "Largest expansion on any side.")

    public static let description = RuleDescription(
        id: id,
        summary: "A hit area should not extend more than `maxExpansion` beyond the visible frame.",
        rationale: """
        Expanding a small control's hit area is good; expanding it far beyond what is drawn \
        makes touches land on a control the user did not aim at, and hides the real problem \
        (the control is too small to see). Off by default.
        """,
        defaultSeverity: .off,
        options: [maxExpansion.description],
        reads: [.node],
        examples: examples
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let geometry = context.geometry
        let limit = context.points(Self.maxExpansion)
        var diagnostics: [Diagnostic] = []
        for target in geometry.targets where !geometry.isInvisible[target] && context.isChecked(target) {
            let insets = geometry.insets(of: target)
            let sides = [Side.left, .top, .right, .bottom].filter { -insets[$0] > limit + Tolerance.length }
            guard !sides.isEmpty else { continue }
            diagnostics.append(context.diagnostic(Self.id, node: target, message: Self.message(target, sides: sides, insets: insets,
                                                                                                limit: limit, context)))
        }
        return diagnostics
    }

    /// Worked out only when the lint describes what it finds.
    private static func message(_ target: Int, sides: [Side], insets: EdgeInsets, limit: Double, _ context: RuleContext) -> String {
        let amounts = sides.map { (side: $0, amount: -insets[$0]) }
        let unit = context.threshold.unitName
        return "'\(context.name(target))' hit area extends \(describeSides(amounts, unit: unit, verb: "beyond its frame")) (at most \(formatLength(limit)) \(unit))"
    }
}
