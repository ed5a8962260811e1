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
            """, flags: ["prev"], messages: ["'prev' hit area overlaps 'next', which is in front and takes 14×64 pt of it (22% of 'prev' hit area)"],
                fixed: """
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: prev, type: button, frame: [100, 100, 44, 44], hitInsets: [-10, -10, -10, -3]}
                - {id: next, type: button, frame: [150, 100, 44, 44], hitInsets: [-10, -3, -10, -10]}
            """),
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
        isFixable: true
    )

    /// Trim the facing insets of both targets so their hit areas meet in the
    /// middle of the overlap, when both keep the minimum size.
    private func fix(_ loser: Int, winner: Int, context: RuleContext) -> Fix {
        let geometry = context.geometry
        let minimum = context.threshold.minimum
        let unit = context.threshold.unitName
        let names = "'\(context.name(loser))' and '\(context.name(winner))'"
        let overlap = geometry.gates[loser].intersection(geometry.gates[winner])
        guard context.canEditHitArea(of: loser), context.canEditHitArea(of: winner), !overlap.isEmpty else {
            return Fix(description: "move \(names) apart", edits: [])
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
        guard firstEdge <= secondEdge + 0.05 else {
            return Fix(description: "move \(names) apart (their frames overlap)", edits: [])
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
            return Fix(description: "move \(names) apart (trimming would leave one under \(formatLength(minimum)) \(unit))", edits: [])
        }
        var edits: [TextEdit] = []
        var parts: [String] = []
        for (node, rect) in [(first, firstRect), (second, secondRect)] {
            var insets = geometry.insets(of: node)
            let frame = geometry.frame(node)
            if horizontal {
                if node == first { insets.right = frame.maxX - rect.maxX } else { insets.left = rect.minX - frame.minX }
            } else {
                if node == first { insets.bottom = frame.maxY - rect.maxY } else { insets.top = rect.minY - frame.minY }
            }
            guard insets != geometry.insets(of: node) else { continue }
            edits += context.editor.setHitInsets(of: node, to: insets)
            parts.append("'\(context.name(node))' \(context.describeInsets(of: node, insets))")
        }
        return Fix(description: "trim the facing hit areas to meet in the middle: " + englishList(parts), edits: edits)
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let layout = context.layout
        let regions = context.regions
        for position in context.reachableVisibleRegions {
            let target = regions[Int(position)].target
            func isStolen(_ loss: Loss) -> Bool {
                guard case .target(let winner) = loss.taker else { return false }
                return !layout.isAncestor(target, of: winner) && loss.visibleArea > 0.05
            }
            // Most targets lose nothing: asked in place, before the region is copied.
            guard regions[Int(position)].losses.contains(where: isStolen) else { continue }
            let region = regions[Int(position)]
            let stolen = region.losses.filter(isStolen)
            let total = stolen.reduce(0) { $0 + $1.area }
            let percent = percentage(total, of: region.domainArea)
            let name = context.name(target)
            var message: String
            if stolen.count == 1 {
                let winner = stolen[0].taker.node
                let overlap = context.geometry.gates[winner].intersection(context.geometry.gates[target])
                let size = !overlap.isEmpty && abs(total - overlap.area) < 0.05
                    ? "\(context.length(overlap.width))×\(context.length(overlap.height)) \(context.threshold.unitName)"
                    : "\(context.length(total)) \(context.threshold.unitName)²"
                message = "'\(name)' hit area overlaps '\(context.name(winner))', which is in front and takes \(size) of it (\(percent)% of '\(name)' hit area)"
            } else {
                let names = namedFew(stolen.map { context.name($0.taker.node) })
                message = "'\(name)' hit area overlaps \(names), which are in front and take \(context.length(total)) \(context.threshold.unitName)² of it (\(percent)% of '\(name)' hit area)"
            }
            diagnostics.append(context.diagnostic(RuleID.overlappingHitAreas, node: target, message: message,
                                                  related: stolen.prefix(3).map(\.taker.node),
                                                  fix: fix(target, winner: stolen[0].taker.node, context: context)))
        }
        return diagnostics
    }
}
