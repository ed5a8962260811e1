/// A visible target that no touch can reach.
public struct UnreachableTargetRule: GeometryRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "unreachable-target"

    public static let description = RuleDescription(
        id: id,
        summary: "Every visible target must be reachable somewhere.",
        rationale: """
        Some targets can be seen but never touched: a button inside an image view (UIKit's \
        image views and labels ignore touches by default, and so does everything inside \
        them), a button placed entirely outside its container's hit region, or one entirely \
        covered by a transparent view in front. A group covered by its own controls (a list \
        that listens for taps, a web page's document) is not reported: its controls are the \
        targets. Nor is content of a `scrollable` container under a bar that floats over it (the \
        scroll position's, not the layout's), nor, in a capture or an Interface Builder file, a \
        control under a clickable view only a little larger that holds no other target (a "touch \
        area" laid over it to enlarge where it answers: its own hit area). In a capture whose order is the accessibility order \
        (DroidBot, UI Automator, XCUITest), which view is in front is inferred: a target covered \
        by another is a warning, and the message says so; where the only evidence is the order \
        of two windows, or of two full-size layers stacked in one view (a player and a hidden \
        layer of controls, a screen and an overlay), it is a note (info), as the capture does \
        not say which is drawn on top.
        """,
        defaultSeverity: .error,
        reads: [.node, .ancestors, .region],
        examples: examples,
        relatedRole: "keeps touches from it"
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let geometry = context.geometry
        var diagnostics: [Diagnostic] = []
        let (regions, layered) = (context.regions, context.layeredFlags)
        var marks: VisitMarks?  // for the searches of `isHitArea`, made for the first
        for position in regions.indices where regions[position].reachableArea <= 1e-9 && context.isChecked(regions[position].target) {
            let region = regions[position]
            let target = region.target
            guard layered[target] else { continue }
            // A group of controls covered by its own controls (a list, a page's document).
            if context.isGroup(region) { continue }
            let name = context.findingName(target)
            let why: Why
            if geometry.isSkipped[target] {
                why = ignoringTouches(target, name: name, context)
            } else if geometry.gates[target].isEmpty {
                why = outsideHitRegion(target, name: name, context)
            } else if region.losses.isEmpty {
                // A sliver with no measurable area and nothing over it: not a
                // target anyone sees, and nothing to name.
                continue
            } else {
                guard let covered = covered(region, name: name, context, marks: &marks) else { continue }
                why = covered
            }
            var diagnostic = context.diagnostic(Self.id, node: target, name: name, message: why.message,
                                                span: context.layout.frameSpan(of: target), related: why.related,
                                                weakEvidence: why.weakEvidence)
            if why.layersOnly, diagnostic.severity > .info { diagnostic.severity = .info }
            diagnostics.append(diagnostic)
        }
        return diagnostics
    }

    /// Why no touch reaches a target: the message (worked out only when the
    /// lint describes what it finds), the nodes to blame, and how sure it is.
    private struct Why {
        var message = ""
        var related: [Int] = []
        var weakEvidence = false
        /// Covered only if its layer is in front, which a capture's order does not say.
        var layersOnly = false
    }

    /// Interaction disabled on the target or an ancestor (it is visible, so not hidden).
    private func ignoringTouches(_ target: Int, name: String, _ context: RuleContext) -> Why {
        let layout = context.layout
        var why = Why()
        var blocker = target
        while layout.nodes[blocker].userInteractionEnabled, layout.nodes[blocker].parent >= 0 {
            blocker = Int(layout.nodes[blocker].parent)
        }
        if blocker != target { why.related = [blocker] }
        guard context.options.run.describesDiagnostics else { return why }
        let type = layout.type(of: blocker)
        // Imported captures record no interaction flag: a passive view there is a class default.
        let passive = LayoutBuilder.passiveTypes.contains(type.lowercased())
            || (layout.importedNames != nil && !layout.nodes[blocker].userInteractionEnabled)
        let explicit = passive && layout.nodeSource(of: blocker).member("userInteractionEnabled") != nil
        let setting = layout.interfaceBuilder != nil
            ? "User Interaction Enabled is off"
            : passive && !explicit ? "userInteractionEnabled is false by default for \(type)" : "userInteractionEnabled: false"
        if blocker == target {
            why.message = "'\(name)' ignores touches (\(setting)): no touch reaches it"
        } else {
            let kind = type.isEmpty ? "" : " (\(type))"
            why.message = "'\(name)' is inside '\(context.name(blocker))'\(kind), which ignores touches (\(setting)): no touch reaches it"
        }
        return why
    }

    /// An empty hit area: outside an ancestor's hit region, or empty as written.
    private func outsideHitRegion(_ target: Int, name: String, _ context: RuleContext) -> Why {
        let geometry = context.geometry
        let describes = context.options.run.describesDiagnostics
        var why = Why()
        if let ancestor = geometry.excludingAncestor(of: target, rect: geometry.hitRect(target)) {
            if describes {
                why.message = "'\(name)' lies entirely outside the hit region of '\(context.name(ancestor))': no touch reaches it"
            }
            why.related = [ancestor]
        } else if describes {
            why.message = "'\(name)' has an empty hit area: no touch reaches it"
        }
        return why
    }

    /// Entirely covered by what takes its touches; nil where that is the
    /// scroll position's, or the cover is the target's own enlarged hit area.
    private func covered(_ region: TargetRegion, name: String, _ context: RuleContext, marks: inout VisitMarks?) -> Why? {
        let layout = context.layout
        let target = region.target
        let describes = context.options.run.describesDiagnostics
        var why = Why()
        // Read where they are: a list made of them, for every target found
        // covered in every lint (fix checking's too), would cost more than the checks.
        let takers = region.losses.lazy.map(\.taker)
        // Content scrolled under a bar that floats over its list (a sticky
        // header, a bottom bar): the scroll position's, not the layout's.
        if let scroller = context.scrollingAncestor(of: target),
           takers.contains(where: { !layout.isAncestor(scroller, of: $0.node) }) { return nil }
        // In a capture (or an Interface Builder file) of a real app, a
        // clickable "touch area" laid over the one control it enlarges is
        // that control's hit area; a layout file says what it means.
        if takers.count == 1, layout.importedNames != nil, isHitArea(takers[0].node, of: target, context, marks: &marks) { return nil }
        // Which of two layers is in front (two windows, or full-size layers
        // stacked in one view: a player and its hidden controls, a screen
        // and an overlay) is only inferred from a capture's order: a note.
        why.layersOnly = layout.zOrderIsInferred && takers.allSatisfy { areSeparateLayers(target, $0.node, layout) }
        if describes {
            let names = namedFew(takers.prefix(3).map { context.name($0.node) }, of: takers.count)
            let allTargets = takers.allSatisfy { if case .target = $0 { return true } else { return false } }
            let verb = takers.count == 1 ? (allTargets ? "takes" : "swallows") : (allTargets ? "take" : "swallow")
            why.message = "'\(name)' is entirely covered by \(names), which \(verb) every touch"
            if region.isApproximate { why.message += " (approximate: many overlapping views)" }
        }
        if why.layersOnly {
            if describes { why.message += " (only if its layer is in front: the capture's order between separate windows or full-size layers does not say which is drawn on top)" }
        } else if layout.zOrderIsInferred {
            // Which view is in front is read from the accessibility order.
            if describes { why.message += " (in front in the capture's accessibility order)" }
            why.weakEvidence = true
        }
        why.related = takers.prefix(3).map(\.node)
        return why
    }

    /// Whether `cover`, a target laid over `target`, is the target's own hit
    /// area: a clickable view around it on every side that is only a little
    /// larger (by at most the minimum size across) and holds no other target. Apps put one
    /// over a small icon to enlarge where it answers; it is not a thief.
    private func isHitArea(_ cover: Int, of target: Int, _ context: RuleContext, marks: inout VisitMarks?) -> Bool {
        let geometry = context.geometry
        let outer = geometry.frame(cover)
        let inner = geometry.frame(target)
        let minimum = context.threshold.minimum
        // Around it on every side (a view of its very frame drawn over it is another control),
        // by at most the minimum size across.
        guard outer.minX <= inner.minX - 1, outer.minY <= inner.minY - 1, outer.maxX >= inner.maxX + 1, outer.maxY >= inner.maxY + 1,
              outer.width <= inner.width + minimum, outer.height <= inner.height + minimum else { return false }
        if marks == nil { marks = context.makeVisitMarks() }
        var alone = true
        let around = outer.inset(by: EdgeInsets(all: -0.5))
        geometry.answerIndex.forEachCandidate(in: outer, seen: &marks!) { other in
            guard alone, other != cover, other != target, geometry.resolvedTarget(other) == other else { return }
            let frame = geometry.frame(other)
            if !frame.isEmpty, around.contains(frame) { alone = false }
        }
        return alone
    }

    /// Whether two nodes sit in separate layers: below the nearest view that
    /// holds both, they are in different windows of a capture (children of
    /// the screen), or in two views that each cover nearly all of it (full-size
    /// layers stacked one on the other).
    private func areSeparateLayers(_ first: Int, _ second: Int, _ layout: Layout) -> Bool {
        let nodes = layout.nodes
        // The child of the common ancestor on each side.
        var branch = first
        while nodes[branch].parent >= 0, !layout.isAncestor(Int(nodes[branch].parent), of: second) {
            branch = Int(nodes[branch].parent)
        }
        let common = Int(nodes[branch].parent)
        guard common >= 0, !layout.isAncestor(branch, of: second), branch != second else { return false }
        var other = second
        while Int(nodes[other].parent) != common { other = Int(nodes[other].parent) }
        if common == 0 { return true }
        let whole = nodes[common].frame.area
        guard whole > 0 else { return false }
        let coverage = CaptureAssembler.modalCoverage
        return nodes[branch].frame.intersection(nodes[common].frame).area >= coverage * whole
            && nodes[other].frame.intersection(nodes[common].frame).area >= coverage * whole
    }
}
