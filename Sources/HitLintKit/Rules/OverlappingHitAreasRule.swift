/// Two targets' hit areas overlap: the one in front takes the touches.
public struct OverlappingHitAreasRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "overlapping-hit-areas"

    public static let description = RuleDescription(
        id: id,
        summary: "Targets' hit areas should not overlap: the frontmost one steals the touches.",
        rationale: """
        Where two hit areas overlap, hit-testing answers the view in front (the later one in \
        z-order), so the one behind loses those touches, often a band the designer thought \
        belonged to it: two icon buttons expanded by -20 that sit 10 pt apart. The diagnostic \
        sits on the target that loses and names the one that wins. Only the overlap where a \
        hit area reaches beyond its frame counts: where both frames lie, the one in front is \
        drawn over the other and the user sees what takes the touch (so frames in a capture, \
        which has no hit insets, never steal). Not reported either, as design rather than stolen \
        touches: a target nested inside another (a button in a cell), or laid on a larger one \
        (a button on a card, controls over a background tap layer) unless it leaves the larger \
        one, big enough on its own, too small to hit; content of a `scrollable` container under \
        a bar that floats over it (the scroll position's, not the layout's); and overlaps \
        thinner than 2 pt (whole-pixel rounding, a shared border).
        """,
        defaultSeverity: .warning,
        reads: [.node, .ancestors, .region],
        examples: examples,
        fix: .sometimes,
        relatedRole: "is in front and takes the touches"
    )

    /// Trim the facing insets of both targets so their hit areas meet in the
    /// middle of the overlap, when both keep the minimum size.
    private func fix(_ loser: Int, winner: Int, context: RuleContext) -> Fix {
        let geometry = context.geometry
        let minimum = context.threshold.minimum
        let unit = context.threshold.unitName
        func names(_ context: RuleContext) -> String { "'\(context.name(loser))' and '\(context.name(winner))'" }
        let overlap = geometry.gates[loser].intersection(geometry.gates[winner])
        guard context.canEditHitArea(of: loser), context.canEditHitArea(of: winner), !overlap.isEmpty else {
            return context.advice { context in "move \(names(context)) apart" }
        }
        // Split across the thinner dimension of the overlap.
        let horizontal = overlap.width <= overlap.height
        let loserFirst = horizontal ? geometry.frame(loser).midX <= geometry.frame(winner).midX
                                    : geometry.frame(loser).midY <= geometry.frame(winner).midY
        let (first, second) = loserFirst ? (loser, winner) : (winner, loser)
        // Meet in the middle of the overlap, but never inside either frame: the
        // hit areas may shrink back to the frames, not into them.
        let frames = (geometry.frame(first), geometry.frame(second))
        let firstEdge = horizontal ? frames.0.maxX : frames.0.maxY
        let secondEdge = horizontal ? frames.1.minX : frames.1.minY
        guard firstEdge <= secondEdge + Tolerance.length else {
            return context.advice { context in "move \(names(context)) apart (their frames overlap)" }
        }
        let middle = min(max(horizontal ? overlap.midX : overlap.midY, firstEdge), secondEdge)
        var firstRect = geometry.hitRect(first)
        var secondRect = geometry.hitRect(second)
        if horizontal {
            firstRect.maxX = min(firstRect.maxX, middle)
            secondRect.minX = max(secondRect.minX, middle)
        } else {
            firstRect.maxY = min(firstRect.maxY, middle)
            secondRect.minY = max(secondRect.minY, middle)
        }
        if [firstRect, secondRect].contains(where: { !context.threshold.passes(horizontal ? $0.width : $0.height) }) {
            return context.advice { context in "move \(names(context)) apart (trimming would leave one under \(formatLength(minimum)) \(unit))" }
        }
        var changes: [(node: Int, insets: EdgeInsets)] = []
        for (node, rect) in [(first, firstRect), (second, secondRect)] {
            var insets = geometry.insets(of: node)
            let frame = geometry.frame(node)
            if horizontal {
                if node == first { insets.right = frame.maxX - rect.maxX } else { insets.left = rect.minX - frame.minX }
            } else {
                if node == first { insets.bottom = frame.maxY - rect.maxY } else { insets.top = rect.minY - frame.minY }
            }
            guard insets != geometry.insets(of: node) else { continue }
            changes.append((node, insets))
        }
        return context.insetsFix(changes) { context, reads in
            context.describe(changes, reading: reads, after: "trim the facing hit areas to meet in the middle: ")
        }
    }

    /// Overlaps thinner than this (points) are not reported: whole-pixel
    /// rounding and shared borders (two icon buttons 1 px into each other),
    /// where no finger can tell which side it is on.
    static let hairline = 2.0

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let layout = context.layout
        let geometry = context.geometry
        let regions = context.regions
        for position in context.reachableVisibleRegions {
            let target = regions[Int(position)].target
            guard context.isChecked(target) else { continue }
            let gate = geometry.gates[target]
            let scroller = context.scrollingAncestor(of: target)
            var leftSmall: Bool?
            func isStolen(_ loss: Loss) -> Bool {
                guard case .target(let winner) = loss.taker, loss.visibleArea > Tolerance.area,
                      !layout.isAncestor(target, of: winner) else { return false }
                // Where both frames lie, the one in front is drawn over the other:
                // the user sees what takes the touch. What is stolen is where a hit
                // area reaches beyond its frame (a finger on the visible target
                // behind, or the band its designer gave it).
                let overlap = geometry.gates[winner].intersection(gate)
                let drawnOver = geometry.frame(winner).intersection(geometry.frame(target))
                if !drawnOver.intersects(overlap) {
                    if min(overlap.width, overlap.height) < Self.hairline { return false }
                } else {
                    var stolen = DisjointRegion(overlap)
                    _ = stolen.subtract(drawnOver)
                    guard stolen.pieces.contains(where: { min($0.width, $0.height) >= Self.hairline }) else { return false }
                }
                // Content scrolled under a bar that floats over its list: the
                // scroll position's, not the layout's.
                if let scroller, !layout.isAncestor(scroller, of: winner) { return false }
                // A control laid on a larger target (a button on a card, controls
                // over a background tap layer) is nesting by design, unless it
                // leaves the larger one, big enough on its own, too small to hit.
                if gate.inset(by: EdgeInsets(all: -0.5)).contains(geometry.gates[winner]) {
                    if leftSmall == nil {
                        let threshold = context.threshold
                        let best = regions[Int(position)].reachable.bestPiece
                        leftSmall = threshold.passes(min(gate.width, gate.height))
                            && (best.map { !threshold.passes(min($0.width, $0.height)) } ?? true)
                    }
                    return leftSmall!
                }
                return true
            }
            // Most targets lose nothing: asked in place, before the region is copied.
            guard regions[Int(position)].losses.contains(where: isStolen) else { continue }
            let region = regions[Int(position)]
            let stolen = region.losses.filter(isStolen)
            let name = context.findingName(target)
            // Worked out only when the lint describes what it finds.
            func message() -> String {
                let total = stolen.reduce(0) { $0 + $1.area }
                let percent = percentage(total, of: region.domainArea)
                var message: String
                if stolen.count == 1 {
                    let winner = stolen[0].taker.node
                    let overlap = geometry.gates[winner].intersection(gate)
                    let size = !overlap.isEmpty && abs(total - overlap.area) < Tolerance.area
                        ? "\(context.length(overlap.width))×\(context.length(overlap.height)) \(context.threshold.unitName)"
                        : "\(context.length(total)) \(context.threshold.unitName)²"
                    message = "'\(name)' hit area overlaps '\(context.name(winner))', which is in front and takes \(size) of it (\(percent)% of '\(name)' hit area)"
                } else {
                    let names = namedFew(stolen.prefix(3).map { context.name($0.taker.node) }, of: stolen.count)
                    message = "'\(name)' hit area overlaps \(names), which are in front and take \(context.length(total)) \(context.threshold.unitName)² of it (\(percent)% of '\(name)' hit area)"
                }
                if layout.zOrderIsInferred { message += "; which is in front is read from the capture's accessibility order" }
                if region.isApproximate { message += " (approximate: many overlapping views)" }
                return message
            }
            let text = context.options.run.describesDiagnostics ? message() : ""
            diagnostics.append(context.diagnostic(Self.id, node: target, name: name, message: text,
                                                  related: stolen.prefix(3).map(\.taker.node),
                                                  fix: fix(target, winner: stolen[0].taker.node, context: context),
                                                  weakEvidence: layout.zOrderIsInferred))
        }
        return diagnostics
    }
}
