/// A view in front that swallows touches covers part of a target.
public struct OccludedTargetRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "occluded-target"

    public static let description = RuleDescription(
        id: id,
        summary: "No transparent view in front may swallow a target's touches.",
        rationale: """
        A view in front of a target that is not itself a target still answers hit-testing \
        and swallows the touch: a transparent overlay, a gradient view, an empty container \
        laid over a button. The user sees the button through it, taps, and nothing happens. \
        Opaque views are not reported: what they cover cannot be seen (as axe-core skips \
        fully covered targets). Set `userInteractionEnabled: false` on the overlay, or move it.
        """,
        defaultSeverity: .error,
        reads: [.node, .region],
        examples: examples,
        relatedRole: "is in front and swallows the touches"
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let regions = context.regions
        func isOccluder(_ loss: Loss) -> Bool {
            guard case .occluder = loss.taker else { return false }
            return loss.visibleArea > Tolerance.area
        }
        for position in context.reachableVisibleRegions where context.isChecked(regions[Int(position)].target) {
            // Most targets lose nothing: asked in place, before the region is copied.
            guard regions[Int(position)].losses.contains(where: isOccluder) else { continue }
            let region = regions[Int(position)]
            let occluders = region.losses.filter(isOccluder)
            let target = region.target
            // Worked out only when the lint describes what it finds.
            func message() -> String {
                let lost = occluders.reduce(0) { $0 + $1.area }
                let percent = percentage(lost, of: region.domainArea)
                let names = namedFew(occluders.prefix(3).map { context.name($0.taker.node) }, of: occluders.count)
                let verb = occluders.count == 1 ? "swallows" : "swallow"
                var message = "'\(context.name(target))' is covered by \(names), which \(verb) touches: \(percent)% of its hit area is dead"
                if let best = region.reachable.bestPiece {
                    message += "; \(context.length(best.width))×\(context.length(best.height)) \(context.threshold.unitName) remains reachable"
                }
                if region.isApproximate { message += " (approximate: many overlapping views)" }
                return message
            }
            let text = context.options.run.describesDiagnostics ? message() : ""
            diagnostics.append(context.diagnostic(Self.id, node: target, message: text,
                                                  related: occluders.prefix(3).map(\.taker.node)))
        }
        return diagnostics
    }
}
