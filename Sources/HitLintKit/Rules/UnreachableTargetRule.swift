/// A visible target that no touch can reach.
public struct UnreachableTargetRule: GeometryRule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.unreachableTarget,
        summary: "Every visible target must be reachable somewhere.",
        rationale: """
        Some targets can be seen but never touched: a button inside an image view (UIKit's \
        image views and labels ignore touches by default, and so does everything inside \
        them), a button placed entirely outside its container's hit region, or one entirely \
        covered by a transparent view in front. A group covered by its own controls (a list \
        that listens for taps, a web page's document) is not reported: its controls are the \
        targets. In a capture whose order is the accessibility order (DroidBot), which view is \
        in front is inferred: a target covered by another is a warning, and the message says so.
        """,
        defaultSeverity: .error,
        examples: [
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - id: hero
                  type: imageView
                  frame: [0, 0, 390, 300]
                  children:
                    - {id: play, type: button, frame: [170, 125, 50, 50]}
            """, flags: ["play"], messages: ["'play' is inside 'hero' (imageView), which ignores touches (userInteractionEnabled is false by default for imageView): no touch reaches it"]),
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - id: hero
                  type: imageView
                  userInteractionEnabled: true
                  frame: [0, 0, 390, 300]
                  children:
                    - {id: play, type: button, frame: [170, 125, 50, 50]}
            """),
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - id: bar
                  frame: [0, 0, 390, 44]
                  children:
                    - {id: help, type: button, frame: [0, 50, 44, 44]}
            """, flags: ["help"], messages: ["'help' lies entirely outside the hit region of 'bar': no touch reaches it"]),
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: save, type: button, frame: [20, 20, 100, 44]}
                - {id: glass, frame: [0, 0, 390, 844]}
            """, flags: ["save"], messages: ["'save' is entirely covered by 'glass', which swallows every touch"]),
            // A list that listens for taps, covered by its rows: a group.
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - id: list
                  interactive: true
                  frame: [0, 100, 390, 120]
                  children:
                    - {id: first, type: cell, frame: [0, 0, 390, 60]}
                    - {id: second, type: cell, frame: [0, 60, 390, 60]}
            """),
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let geometry = context.geometry
        let layout = context.layout
        var diagnostics: [Diagnostic] = []
        let (regions, layered) = (context.regions, context.layeredFlags)
        for position in regions.indices where regions[position].reachableArea <= 1e-9 && context.isChecked(regions[position].target) {
            let region = regions[position]
            let target = region.target
            guard layered[target] else { continue }
            // A group of controls covered by its own controls (a list, a page's document).
            if context.isGroup(region) { continue }
            let name = context.name(target)
            // The words are worked out only when the lint describes what it finds.
            let describes = context.options.describesDiagnostics
            var message = ""
            var related: [Int] = []
            var weakEvidence = false
            if geometry.isSkipped[target] {
                // Interaction disabled on the target or an ancestor (it is visible, so not hidden).
                var blocker = target
                while layout.nodes[blocker].userInteractionEnabled, layout.nodes[blocker].parent >= 0 {
                    blocker = Int(layout.nodes[blocker].parent)
                }
                if blocker != target { related = [blocker] }
                if describes {
                    let type = layout.type(of: blocker)
                    // Imported captures record no interaction flag: a passive view there is a class default.
                    let passive = LayoutBuilder.passiveTypes.contains(type.lowercased())
                        || (layout.importedNames != nil && !layout.nodes[blocker].userInteractionEnabled)
                    let explicit = passive && layout.nodeSource(of: blocker).member("userInteractionEnabled") != nil
                    let why = passive && !explicit
                        ? "userInteractionEnabled is false by default for \(type)"
                        : "userInteractionEnabled: false"
                    if blocker == target {
                        message = "'\(name)' ignores touches (\(why)): no touch reaches it"
                    } else {
                        let kind = type.isEmpty ? "" : " (\(type))"
                        message = "'\(name)' is inside '\(context.name(blocker))'\(kind), which ignores touches (\(why)): no touch reaches it"
                    }
                }
            } else if geometry.gates[target].isEmpty {
                if let ancestor = geometry.excludingAncestor(of: target, rect: geometry.hitRect(target)) {
                    if describes {
                        message = "'\(name)' lies entirely outside the hit region of '\(context.name(ancestor))': no touch reaches it"
                    }
                    related = [ancestor]
                } else if describes {
                    message = "'\(name)' has an empty hit area: no touch reaches it"
                }
            } else if region.losses.isEmpty {
                // A sliver with no measurable area and nothing over it: not a
                // target anyone sees, and nothing to name.
                continue
            } else {
                let takers = region.losses.map(\.taker)
                if describes {
                    let names = namedFew(takers.prefix(3).map { context.name($0.node) }, of: takers.count)
                    let allTargets = takers.allSatisfy { if case .target = $0 { return true } else { return false } }
                    let verb = takers.count == 1 ? (allTargets ? "takes" : "swallows") : (allTargets ? "take" : "swallow")
                    message = "'\(name)' is entirely covered by \(names), which \(verb) every touch"
                    if region.isApproximate { message += " (approximate: many overlapping views)" }
                }
                if layout.zOrderIsInferred {
                    // Which view is in front is read from the accessibility order.
                    if describes { message += " (in front in the capture's accessibility order)" }
                    weakEvidence = true
                }
                related = takers.prefix(3).map(\.node)
            }
            diagnostics.append(context.diagnostic(RuleID.unreachableTarget, node: target, name: name, message: message,
                                                  span: layout.frameSpan(of: target), related: related,
                                                  weakEvidence: weakEvidence))
        }
        return diagnostics
    }
}
