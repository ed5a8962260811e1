/// A target whose reachable region holds no minimum-size square.
public struct TargetSizeRule: PartedRule {
    public init() {}

    /// The rule's id; the stages after the rules (pipeline, server, picture,
    /// reports) name it from here.
    public static let id = "target-size"

    /// `minSize`: the minimum side, over the profile's (`--min-size` over it).
    static let minSize = RuleOption<Length?>("minSize", of: id, defaultDescribedAs: "profile",
                                             example: Length(value: 9, unit: .mm),
                                             "Minimum side, with a unit: 44pt, 48dp, 24px, 9mm.")
    /// `spacingException`: WCAG's, on where the profile has it (wcag-aa).
    static let spacingException = RuleOption<Bool?>("spacingException", of: id,
                                                    defaultDescribedAs: "true for wcag-aa",
                                                    "WCAG 2.2 SC 2.5.8: an undersized target passes when a circle of the minimum diameter centred on it touches no other target.")
    static let webContent = FlagOption("webContent", of: id, default: true,
                                       "Check web content shown inside a captured app (a WebView's links and buttons), against WCAG 2.2 AA's 24×24 CSS px, as warnings; false leaves it out.")

    /// The spacing exception's reach: an undersized target is measured
    /// against the targets within the minimum size of it (web content inside
    /// a capture against those within the web's minimum), where it is on.
    static let spacingCircles = NeighbourDistance { context in
        var farthest: Double?
        if context.threshold.spacingException { farthest = context.threshold.minimum }
        if context.webThreshold.spacingException, context.layout.nodes.contains(where: { $0.isWebContent }) {
            farthest = max(farthest ?? context.webThreshold.minimum, context.webThreshold.minimum)
        }
        return farthest
    }

    public static let description = RuleDescription(
        id: id,
        summary: "A target's reachable region must hold a minimum-size square (44×44 pt on iOS).",
        rationale: """
        A fingertip covers about 7–10 mm. A target smaller than the platform minimum \
        (44×44 pt on iOS, 48×48 dp on Android, 24×24 px for WCAG 2.2 AA) is missed or \
        mis-tapped, most of all by people with motor impairments. What counts is the region \
        where hit-testing actually answers the target: its frame expanded by `hitInsets`, cut \
        by ancestors' hit regions and by views in front. When that region is cut into pieces, \
        the largest piece counts (as axe-core's `target-size`): the region must hold a \
        minimum-size square. A size passes when it reaches the minimum, floating-point noise \
        aside (23.96 px is not 24); on Android, as Google's Accessibility Test Framework (ATF) \
        does, sizes are rounded to whole dp, and a dimension in which the target touches the \
        screen's edge needs only 32 dp (a thumb cannot overshoot the edge of the glass: the \
        standard ⋮ overflow button is 40×48 dp).

        WCAG 2.2 AA (`wcag-aa`, the web's default) is applied as Success Criterion 2.5.8 says, \
        to the region that accepts the pointer. Spacing: an undersized target passes when a \
        24 px circle centred on the bounding box of its reachable region intersects no other \
        target's reachable region and no other undersized target's circle (touching is not \
        intersecting). The other targets are the ones a pointer can reach: a view covered or \
        clipped away entirely is none, nor, on the web, a control with `enabled: false`, which \
        accepts no pointer action (and is not checked itself). Inline: a target in a sentence \
        (`inline: true`, or a target inside a `text` or `label` node) is not checked, under \
        `wcag-aa` and `wcag-aaa`; its circle still counts for its neighbours. On the web, \
        `cornerRadius` rounds what the pointer hits, as the browser does (a 24 px circle holds \
        no 24×24 square); UIKit and Android hit-test the whole rectangle.

        Not reported, because the size on screen is not the layout's: a target partly scrolled \
        out of a `scrollable` container (its frame hangs beyond the edge, or, in a capture whose \
        bounds are cut to what shows, it is flush with an edge across which the container \
        scrolls; ATF does not run there either), which one note per file counts, and a group: a target whose own target descendants take at least half of \
        its hit area (a list, a toolbar that listens around its buttons), whose controls are \
        checked instead (under `wcag-aa` and `wcag-aaa` a layout's group is checked as SC 2.5.8 \
        reads, as axe-core does: the browser answers it where its controls leave it; a \
        capture's groups are not). A target inside a larger target that may take the touch instead (a \
        small button in a settings row), or one that loses part of its area to a view that is in \
        front only by a capture's accessibility order, is reported as a warning, not an error, \
        and the message says why.

        UIKit controls that UIKit sizes itself (`platform: uikit`, and every Interface Builder \
        document) are held to their own size in the dimension UIKit fixes, not to 44 pt: a \
        switch at 51×31 pt (UIKit ignores the size of the frame it is given), a stepper at \
        94×29, the height of a slider (30), of a segmented control (28) and of a text field with \
        the rounded-rect border (30). Apple sizes them, Apple's own apps use them so, neither \
        the Human Interface Guidelines nor Xcode's accessibility audit is documented to fault \
        them, and a developer cannot make a switch 44 pt tall: a finding there could not be \
        acted on. They are reported when they are smaller than that (a constraint squeezed \
        them, which the developer can change), and when they are cut, covered or out of reach.
        """,
        defaultSeverity: .error,
        options: [
            minSize.description,
            spacingException.description,
            webContent.description,
        ],
        reads: [.node, .ancestors, .region, .neighbours(within: spacingCircles)],
        examples: examples,
        fix: .sometimes,
        relatedRole: "takes part of it, or may take its touches",
        drawing: .minimumSquare
    )

    /// An undersized target: its largest reachable piece and the width and
    /// height it must have (the minimum, or the edge minimum in a dimension
    /// where the piece touches the screen's edge).
    fileprivate struct Undersized {
        /// Its target's region's place in `RuleContext.regions`, not a copy:
        /// where WCAG's spacing exception is in force the list is made whole
        /// before any finding is (spacing needs every undersized target) and
        /// held while the other rules run beside it, and each copy would hold
        /// its region's tables and count references to them.
        var position: Int32
        var target: Int
        var piece: Rect
        var required: (width: Double, height: Double)
        /// Exempt by WCAG's inline exception; still an undersized target whose
        /// circle its neighbours' circles must miss.
        var isInline = false
        /// A control UIKit sizes itself, whose own size `required` is lowered to.
        var systemControl: SystemControlSize?
    }

    /// Where WCAG's spacing exception is in force, the undersized targets
    /// that wait until every other is known; and how many were left
    /// unchecked because they are partly scrolled out, with the first.
    struct Rest: Sendable {
        fileprivate var spaced: [Undersized] = []
        var scrolledOut = 0, firstScrolledOut = -1
    }

    public func check(_ context: RuleContext) -> [Diagnostic] { checkWhole(context) }

    func check(_ context: RuleContext, positions: Range<Int>, room: Int) -> (diagnostics: [Diagnostic], rest: Rest) {
        var diagnostics: [Diagnostic] = []
        // Room made once: a first run finds one for most undersized targets,
        // a list grown by doubling copies them, and room never written to is
        // never brought into memory. What is left of it takes the other rules'
        // findings when the lists are joined (`Linter.runRules`) instead of a
        // copy of these.
        diagnostics.reserveCapacity(room)
        var marks: VisitMarks?  // for the fixes' searches, made for the first
        var messages = MessageArena()
        // A target whose minimum has no spacing exception is reported as it is
        // found; the others wait until every undersized target is known.
        var rest = Rest()
        (rest.scrolledOut, rest.firstScrolledOut) = undersizedTargets(context, positions: positions) { item in
            if threshold(for: item.target, context).spacingException {
                rest.spaced.append(item)
            } else if !item.isInline, context.isChecked(item.target) {
                report(item, context: context, marks: &marks, messages: &messages, into: &diagnostics)
            }
        }
        return (diagnostics, rest)
    }

    func join(_ rests: [Rest], _ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var marks: VisitMarks?
        var messages = MessageArena()
        let spaced = rests.flatMap(\.spaced)
        let exempt = exemptBySpacing(spaced, context: context)
        for item in spaced where !item.isInline && !exempt.contains(item.target) && context.isChecked(item.target) {
            report(item, context: context, marks: &marks, messages: &messages, into: &diagnostics)
        }
        let scrolledOut = rests.reduce(0) { $0 + $1.scrolledOut }
        let first = rests.first { $0.firstScrolledOut >= 0 }?.firstScrolledOut ?? -1
        if let note = scrolledOutNote(count: scrolledOut, first: first, context: context) {
            diagnostics.append(note)
        }
        return diagnostics
    }

    /// Every target at `positions` of the regions whose largest reachable
    /// piece is too small, but groups, each handed to `found` in the order of
    /// the regions; and how many are left unchecked because they are partly
    /// scrolled out (with the first of them).
    private func undersizedTargets(_ context: RuleContext, positions: Range<Int>, _ found: (Undersized) -> Void)
        -> (count: Int, first: Int) {
        let geometry = context.geometry
        let nodes = context.layout.nodes
        let checksWebContent = context.isOn(Self.webContent)
        let isCapture = context.layout.importedNames != nil
        let screen = context.screen
        // Regions read in place: a copy of each counts references to its arrays,
        // which the rules running beside this one read too.
        let regions = context.regions
        // Undersized targets left unchecked at a scrolling container's edge, and the first.
        var scrolledOut = 0, firstScrolledOut = -1
        for position in positions {
            let target = regions[position].target
            guard !geometry.isInvisible[target], !geometry.isSkipped[target],
                  !regions[position].isOutOfPlay else { continue }
            let isWeb = nodes[target].isWebContent
            if isWeb, !checksWebContent { continue }
            // A disabled control on the web accepts no pointer action: no target.
            if !nodes[target].isEnabled, isWeb || geometry.platform == .web { continue }
            let threshold = isWeb ? context.webThreshold : context.threshold
            // Where the spacing exception is on, whether a target is exempt
            // depends on which of its neighbours are undersized: all are found.
            if !threshold.spacingException, !context.isChecked(target) { continue }
            if geometry.frame(target).isEmpty, regions[position].reachableArea == 0 {
                // A zero-size target with no hit expansion.
                found(Undersized(position: Int32(position), target: target, piece: .empty,
                                 required: (threshold.minimum, threshold.minimum)))
                continue
            }
            guard regions[position].reachableArea > 0, let best = regions[position].reachable.bestPiece else { continue }
            var required = requiredSize(of: best, threshold: threshold, screen: screen)
            var fails = !threshold.passes(best.width, required: required.width) || !threshold.passes(best.height, required: required.height)
            // A control UIKit sizes itself is held to that size.
            var systemControl: SystemControlSize?
            if fails, let system = context.layout.systemControl(of: target) {
                systemControl = system
                required = system.lowering(required)
                fails = !threshold.passes(best.width, required: required.width) || !threshold.passes(best.height, required: required.height)
            }
            guard fails else { continue }
            // A group of controls: its own controls are the targets, which is
            // what a developer means by a row or toolbar that listens around
            // its buttons. WCAG's SC 2.5.8 has no such exception, and the
            // browser answers the group's element where its controls leave it
            // (axe-core checks it too): under a WCAG profile a layout's group
            // is a target as the criterion's text reads. A capture keeps the
            // group rule: its accessibility tree marks containers clickable
            // that the app never meant as a target (event delegation).
            if !(threshold.inlineException && !isCapture), context.isGroup(regions[position]) { continue }
            // Partly scrolled out at a scrollable container's edge: its size on
            // screen is the scroll position's, not the layout's (ATF does not
            // run there either); the same control scrolled into view is checked.
            let scrolled = context.scrolledDimensions(of: best, target: target)
            if scrolled.width || scrolled.height {
                if context.isChecked(target), !nodes[target].isWebContent {
                    scrolledOut += 1
                    if firstScrolledOut < 0 { firstScrolledOut = target }
                }
                continue
            }
            found(Undersized(position: Int32(position), target: target, piece: best, required: required,
                             isInline: threshold.inlineException && nodes[target].isInline,
                             systemControl: systemControl))
        }
        return (scrolledOut, firstScrolledOut)
    }

    /// The targets left unchecked because they are partly scrolled out, said
    /// once, so a clean report is not taken for more than it is.
    private func scrolledOutNote(count scrolledOut: Int, first firstScrolledOut: Int, context: RuleContext) -> Diagnostic? {
        guard scrolledOut > 0 else { return nil }
        let container = context.scrollingAncestor(of: firstScrolledOut).map { " ('\(context.name($0))')" } ?? ""
        let text = "\(scrolledOut) target\(scrolledOut == 1 ? " is" : "s are") too small as shown but not checked: "
            + "partly scrolled out at the edge of a scrolling container\(container), "
            + "\(scrolledOut == 1 ? "its" : "their") size on screen is the scroll position's; scrolled into view, "
            + "\(scrolledOut == 1 ? "it is" : "they are") checked"
        var note = context.diagnostic(Self.id, node: firstScrolledOut, message: text)
        note.severity = .info
        note.uncheckedTargets = scrolledOut
        return note
    }

    /// The undersized targets that WCAG's spacing exception lets pass. Native
    /// targets and web content each have their minimum, and the exception
    /// looks at neighbours of the same kind.
    private func exemptBySpacing(_ undersized: [Undersized], context: RuleContext) -> Set<Int> {
        let nodes = context.layout.nodes
        var exempt = Set<Int>()
        for isWeb in [false, true] {
            let threshold = isWeb ? context.webThreshold : context.threshold
            guard threshold.spacingException else { continue }
            let group = undersized.map(\.target).filter { nodes[$0].isWebContent == isWeb }
            if !group.isEmpty { exempt.formUnion(spacingExempt(group, threshold: threshold, context: context)) }
        }
        return exempt
    }

    /// The finding for one undersized target, with what takes part of it;
    /// none when it is too small only because of views the app's code settles.
    /// Added where the findings are, not handed back: an optional finding
    /// handed back is copied out of it, a reference counted for each of its
    /// strings and lists.
    private func report(_ item: Undersized, context: RuleContext, marks: inout VisitMarks?, messages: inout MessageArena,
                        into diagnostics: inout [Diagnostic]) {
        var item = item
        let target = item.target
        var takers = context.regions[Int(item.position)].losses.filter { $0.area > Tolerance.area }
        let isWeb = context.layout.nodes[target].isWebContent
        let ancestor = clickableAncestor(of: target, context: context)
        // Too small only because of what is in front, where who is in front
        // is read from the accessibility order, not drawn.
        let gate = context.geometry.gates[target]
        let largeEnoughAlone = threshold(for: target, context).passes(gate.width, required: item.required.width)
            && threshold(for: target, context).passes(gate.height, required: item.required.height)
        // Too small only because of views in front that the app's code
        // settles (`Layout.codeHeldViews`): not a verdict the file can give.
        // A target too small alone is reported at its own size then, not
        // at what those views leave of it.
        if !takers.isEmpty, !context.layout.codeHeldViews.isEmpty,
           takers.allSatisfy({ context.layout.codeHeldViews.contains(Int32($0.taker.node)) }) {
            if largeEnoughAlone { return }
            item.piece = gate
            takers = []
        }
        let inferredLoss = context.layout.zOrderIsInferred && !takers.isEmpty && largeEnoughAlone
        let name = context.findingName(target)
        diagnostics.append(context.diagnostic(Self.id, node: target, name: name, writing: &messages,
                                              message: { message(item, name: name, takers: takers, clickableAncestor: ancestor,
                                                                 inferredLoss: inferredLoss, context: context, into: &$0) },
                                              related: takers.prefix(3).map(\.taker.node) + (ancestor.map { [$0] } ?? []),
                                              fix: context.regions[Int(item.position)].isCutShort ? crowdedAdvice(target, context: context)
                                                                          : fix(target, name: name, context: context, marks: &marks),
                                              weakEvidence: isWeb || ancestor != nil || inferredLoss))
    }

    private func threshold(for target: Int, _ context: RuleContext) -> SizeThreshold {
        context.layout.nodes[target].isWebContent ? context.webThreshold : context.threshold
    }

    /// The minimum width and height for a piece: a dimension in which it
    /// touches the screen's edge needs only the profile's edge minimum.
    private func requiredSize(of piece: Rect, threshold: SizeThreshold, screen: Rect) -> (width: Double, height: Double) {
        guard let edge = threshold.edgeMinimum, !screen.isEmpty else { return (threshold.minimum, threshold.minimum) }
        let tolerance = 0.5
        let againstSide = abs(piece.minX - screen.minX) <= tolerance || abs(piece.maxX - screen.maxX) <= tolerance
        let againstTopOrBottom = abs(piece.minY - screen.minY) <= tolerance || abs(piece.maxY - screen.maxY) <= tolerance
        return (againstSide ? min(edge, threshold.minimum) : threshold.minimum,
                againstTopOrBottom ? min(edge, threshold.minimum) : threshold.minimum)
    }

    /// The nearest target around this one whose frame meets the minimum: it
    /// may take the touches aimed at this one and do the same thing (a switch
    /// in a settings row), which the layout cannot tell, so the finding is a
    /// warning, as in Google's Accessibility Test Framework.
    /// A scrolling list that listens for taps is not one of them (ATF skips
    /// list views too): it hands taps to its rows.
    private func clickableAncestor(of target: Int, context: RuleContext) -> Int? {
        let nodes = context.layout.nodes
        let threshold = context.threshold
        var parent = Int(nodes[target].parent)
        while parent >= 0, let ancestor = context.geometry.resolvedTarget(parent) {
            let frame = context.geometry.frame(ancestor)
            if !nodes[ancestor].isScrollable, threshold.passes(frame.width), threshold.passes(frame.height) { return ancestor }
            parent = Int(nodes[ancestor].parent)
        }
        return nil
    }

    /// Written piece by piece as bytes, into a buffer written over for each
    /// finding: a first run says one for every undersized target of the project.
    private func message(_ item: Undersized, name: String, takers: [Loss], clickableAncestor: Int?, inferredLoss: Bool,
                         context: RuleContext, into message: inout ByteWriter) {
        let target = item.target
        let piece = item.piece
        let isWeb = context.layout.nodes[target].isWebContent
        let threshold = isWeb ? context.webThreshold : context.threshold
        message += isWeb ? "web content '" : "'"
        message += name
        message += "' is reachable on "
        message += context.length(piece.width)
        message += "×"
        message += context.length(piece.height)
        message += " "
        message += threshold.unitName
        let layout = context.layout
        if layout.units != .pt, layout.units != .dp, threshold.unitName != layout.units.rawValue {
            // Also in the file's own unit, which is what its author reads.
            message += " ("
            message += formatLength(layout.fileLength(piece.width))
            message += "×"
            message += formatLength(layout.fileLength(piece.height))
            message += " "
            message += layout.units.rawValue
            message += ")"
        }
        var opened = false
        func reason(_ text: String) {
            message += opened ? "; " : " ("
            opened = true
            message += text
        }
        if let clipper = clippingAncestor(of: target, geometry: context.geometry) {
            reason("its hit area is cut by '\(context.name(clipper))'")
        }
        if !takers.isEmpty {
            let inferred = inferredLoss ? ", in front in the capture's accessibility order" : ""
            reason("part of it goes to \(namedFew(takers.prefix(3).map { context.name($0.taker.node) }, of: takers.count))\(inferred)")
        }
        if opened { message += ")" }
        if context.regions[Int(item.position)].isApproximate { message += " (approximate: many overlapping views)" }
        message += "; minimum is "
        message += threshold.text(width: item.required.width, height: item.required.height, because: item.systemControl?.reason)
        if let ancestor = clickableAncestor {
            message += "; '"
            message += context.name(ancestor)
            message += "' around it may take the touch"
        }
    }

    /// No fix for a target with more views over it than the file's budget
    /// let its region read (`TargetRegion.isCutShort`): what is in front of it
    /// is not all known, and a search for room among a pile of views costs
    /// as much as the pile.
    private func crowdedAdvice(_ target: Int, context: RuleContext) -> Fix {
        context.advice { context in "too many views over '\(context.name(target))' to plan a fix: move what is in front of it, or make it larger" }
    }

    /// Grow the hit insets until the hit area holds the minimum square: evenly
    /// where there is room, more on the free side where a neighbour's hit area or
    /// an ancestor's edge is in the way, never into either.
    /// `name`: the target's name, as the finding has it (the fix is made
    /// only for a finding that is described, which names its node).
    private func fix(_ target: Int, name: String, context: RuleContext, marks: inout VisitMarks?) -> Fix {
        // Geometry is read through `context`, not a local copy, and the
        // closures below are handed the context rather than capturing it (a
        // captured copy counts a reference for each of its tables); the
        // target is named only where messages are written.
        let threshold = context.layout.nodes[target].isWebContent ? context.webThreshold : context.threshold
        let unit = threshold.unitName
        let minimum = threshold.minimum
        let frame = context.geometry.frame(target)
        guard !frame.isEmpty else {
            return context.advice { context in "give '\(context.name(target))' a size of at least \(formatLength(minimum))×\(formatLength(minimum)) \(unit)" }
        }
        guard context.canEditHitArea(of: target) else {
            return context.advice { context in "grow '\(context.name(target))' pointerInsets until its pointer region is \(formatLength(minimum))×\(formatLength(minimum)) \(unit)" }
        }
        let gate = context.geometry.gates[target]
        var bound = context.geometry.hitAreaBound(target)
        let search = Rect(minX: gate.minX - minimum, minY: gate.minY - minimum, maxX: gate.maxX + minimum, maxY: gate.maxY + minimum)
        bound = bound.intersection(Rect(minX: search.minX - 1, minY: search.minY - 1, maxX: search.maxX + 1, maxY: search.maxY + 1))
        if marks == nil { marks = context.makeVisitMarks() }
        let growth = Growth.grow(gate, to: minimum, within: bound, avoiding: context.obstacles(around: target, within: search, marks: &marks!))
        if let shortfall = growth.shortfall {
            return context.advice { context in
                var blockers: [Int] = []
                for limit in growth.limits {
                    // Where the bound stopped it: the ancestor whose edge that is.
                    guard let blocker = limit.neighbour
                        ?? context.geometry.clippingAncestor(of: target, side: limit.side, edge: bound.edge(limit.side)) else { continue }
                    if !blockers.contains(blocker) { blockers.append(blocker) }
                }
                let size = "\(formatLength(minimum)) \(unit) \(shortfall.axis)"
                let free = "\(formatLength(shortfall.free)) \(unit)"
                if blockers.count == 1, context.layout.isAncestor(blockers[0], of: target) {
                    let container = context.name(blockers[0])
                    return "no room to grow '\(context.name(target))' to \(size) inside '\(container)' (\(free)): extend '\(container)' hit area or make it larger"
                }
                let (name, between) = (context.name(target), blockers.isEmpty ? "" : " between \(englishList(blockers.map { "'\(context.name($0))'" }))")
                return "no room to grow '\(name)' to \(size): only \(free) is free\(between) — move them apart or make '\(name)' larger"
            }
        }
        let insets = context.insets(of: target, reaching: growth.rect, beyond: gate)
        guard insets != context.geometry.insets(of: target) else {
            return context.advice { context in "'\(context.name(target))' is big enough but covered: move what is in front of it, or let touches through it" }
        }
        return context.insetsFix([(target, insets)]) { context, reads in
            if context.layout.interfaceBuilder != nil {
                // "grow 'b' to 44×44 pt: raise its width constraint 'x' from 24 to 44 pt …, or make its hit area …".
                let size = "\(formatLength(growth.rect.width))×\(formatLength(growth.rect.height)) \(unit)"
                // Resizing helps only where the view's own frame is not what is cut.
                let resize = growth.rect.contains(frame)
                    ? context.constraintAdvice(of: target, width: growth.rect.width, height: growth.rect.height) : nil
                return "grow '\(context.name(target))' to \(size): " + (resize.map { $0 + ", or make its " } ?? "make its ") + reads[0]
            }
            // "grow 'b' to 44×44 pt: hitInsets -7", in bytes made large enough once.
            let (width, height) = (formatLength(growth.rect.width), formatLength(growth.rect.height))
            var text = ByteWriter(capacity: name.utf8.count + width.utf8.count + height.utf8.count + unit.utf8.count + reads[0].utf8.count + 20)
            text += "grow '"
            text += name
            text += "' to "
            text += width
            text += "×"
            text += height
            text += " "
            text += unit
            text += ": "
            text += reads[0]
            return text.string
        }
    }

    /// The innermost ancestor that cuts the target's hit area, if any does.
    private func clippingAncestor(of target: Int, geometry: Geometry) -> Int? {
        let hit = geometry.hitRect(target)
        let gate = geometry.gates[target]
        for side in [Side.left, .top, .right, .bottom] where abs(gate.edge(side) - hit.edge(side)) > Tolerance.length {
            if let ancestor = geometry.clippingAncestor(of: target, side: side, edge: gate.edge(side)) { return ancestor }
        }
        return nil
    }

    /// WCAG 2.2 SC 2.5.8 spacing exception, as its text says: an undersized
    /// target passes when a circle of the minimum diameter, centred on the
    /// bounding box of the target (the region that accepts the pointer: its
    /// reachable region), intersects no other target and no other undersized
    /// target's circle. The other targets are those the pointer can reach (a
    /// view covered or clipped away entirely is no target on the screen; a
    /// disabled control on the web accepts no pointer action), each measured
    /// by its own reachable region: not the part of its frame under something
    /// in front, nor the part a control inside it takes. A circle that only
    /// touches does not intersect.
    private func spacingExempt(_ undersized: [Int], threshold: SizeThreshold, context: RuleContext) -> Set<Int> {
        let geometry = context.geometry
        let radius = threshold.minimum / 2
        let undersizedSet = Set(undersized)
        let nodes = context.layout.nodes
        let isWeb = nodes[undersized[0]].isWebContent
        let webWay = isWeb || geometry.platform == .web
        var neighbours: [(target: Int, pieces: [Rect], centre: (x: Double, y: Double))] = []
        var bounds: [Rect] = []
        var centres: [Int: (x: Double, y: Double)] = [:]
        for region in context.regions where region.reachableArea > 0 && !region.isOutOfPlay {
            let target = region.target
            guard !geometry.isInvisible[target], nodes[target].isWebContent == isWeb,
                  !webWay || nodes[target].isEnabled else { continue }
            let pieces = region.reachable.pieces
            guard let first = pieces.first else { continue }
            let box = pieces.dropFirst().reduce(first) { $0.union($1) }
            let centre = (x: box.midX, y: box.midY)
            neighbours.append((target, pieces, centre))
            bounds.append(box)
            centres[target] = centre
        }
        let grid = SpatialGrid(rects: bounds, ids: Array(neighbours.indices))
        var marks = VisitMarks(count: max(neighbours.count, 1))
        var exempt = Set<Int>()
        for target in undersized {
            // A target nothing reaches (zero size) is centred on its frame.
            let centre = centres[target] ?? (x: geometry.frame(target).midX, y: geometry.frame(target).midY)
            let reach = radius * 2
            let query = Rect(minX: centre.x - reach, minY: centre.y - reach, maxX: centre.x + reach, maxY: centre.y + reach)
            var passes = true
            grid.forEachCandidate(in: query, seen: &marks) { position in
                let other = neighbours[position]
                guard passes, other.target != target else { return }
                var nearest = Double.infinity
                for piece in other.pieces {
                    let dx = max(piece.minX - centre.x, 0, centre.x - piece.maxX)
                    let dy = max(piece.minY - centre.y, 0, centre.y - piece.maxY)
                    nearest = min(nearest, (dx * dx + dy * dy).squareRoot())
                }
                if !SizeThreshold.atLeast(nearest, radius) { passes = false; return }
                if undersizedSet.contains(other.target) {
                    let ox = other.centre.x - centre.x
                    let oy = other.centre.y - centre.y
                    if !SizeThreshold.atLeast((ox * ox + oy * oy).squareRoot(), reach) { passes = false }
                }
            }
            if passes { exempt.insert(target) }
        }
        return exempt
    }
}
