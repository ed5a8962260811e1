/// Two targets' hit areas overlap: the one in front takes the touches.
public struct OverlappingHitAreasRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.overlappingHitAreas,
        summary: "Targets' hit areas should not overlap: the frontmost one steals the touches.",
        rationale: """
        Where two hit areas overlap, hit-testing answers the view in front (the later one in \
        z-order), so the one behind loses those touches, often a band the designer thought \
        belonged to it: two icon buttons expanded by -20 that sit 10 pt apart. The diagnostic \
        sits on the target that loses and names the one that wins. A target nested inside \
        another (a button in a cell) is not reported: that is by design.
        """,
        defaultSeverity: .warning,
        examples: [
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: prev, type: button, frame: [100, 100, 44, 44], hitInsets: -10}
                - {id: next, type: button, frame: [150, 100, 44, 44], hitInsets: -10}
            """, flags: ["prev"], messages: ["'prev' hit area overlaps 'next', which is in front and takes 14×64 pt of it (22% of 'prev' hit area)"]),
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: prev, type: button, frame: [100, 100, 44, 44], hitInsets: [-10, -10, -10, -3]}
                - {id: next, type: button, frame: [150, 100, 44, 44], hitInsets: [-10, -3, -10, -10]}
            """),
            // A button inside a cell is nested by design.
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - id: row
                  type: cell
                  frame: [0, 100, 390, 60]
                  children:
                    - {id: info, type: button, frame: [330, 8, 44, 44]}
            """),
        ],
        isFixable: false
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let layout = context.layout
        for region in context.regions where region.reachableArea > 0 && context.isVisibleTarget(region.target) {
            let target = region.target
            let stolen = region.losses.filter { loss in
                guard case .target(let winner) = loss.taker else { return false }
                return !layout.isAncestor(target, of: winner) && loss.visibleArea > 0.05
            }
            guard !stolen.isEmpty else { continue }
            let total = stolen.reduce(0) { $0 + $1.area }
            let percent = Int((100 * total / max(region.domainArea, 1e-9)).rounded())
            let name = context.name(target)
            var message: String
            if stolen.count == 1 {
                let winner = stolen[0].taker.node
                let overlap = context.geometry.gates[winner].intersection(region.gate)
                let size = !overlap.isEmpty && abs(total - overlap.area) < 0.05
                    ? "\(context.length(overlap.width))×\(context.length(overlap.height)) \(context.threshold.unitName)"
                    : "\(context.length(total)) \(context.threshold.unitName)²"
                message = "'\(name)' hit area overlaps '\(context.name(winner))', which is in front and takes \(size) of it (\(percent)% of '\(name)' hit area)"
            } else {
                let names = namedFew(stolen.map { context.name($0.taker.node) })
                message = "'\(name)' hit area overlaps \(names), which are in front and take \(context.length(total)) \(context.threshold.unitName)² of it (\(percent)% of '\(name)' hit area)"
            }
            diagnostics.append(context.diagnostic(RuleID.overlappingHitAreas, node: target, message: message,
                                                  related: stolen.prefix(3).map(\.taker.node)))
        }
        return diagnostics
    }
}
