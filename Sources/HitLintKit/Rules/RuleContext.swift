/// What a rule sees: the layout, its geometry, the target regions and the
/// tables derived from them, and the options in force. All of it is worked
/// out before any rule runs and only read after, so rules can run side by
/// side on one context with nothing to lock; scratch space a rule needs
/// (`VisitMarks`) is its own.
public struct RuleContext: Sendable {
    public let layout: Layout
    public let geometry: Geometry
    public let options: LintOptions

    /// One editor for all the fixes of this file.
    public let editor: LayoutEditor

    /// Reachable regions of every target, in pre-order of targets.
    public let regions: [TargetRegion]

    /// Position in `regions` by node index (-1 for nodes that are not targets).
    private let regionByNode: [Int32]

    /// The profile and minimum size in force for this file.
    public let threshold: SizeThreshold

    /// The minimum for web content inside a capture (`LayoutNode.isWebContent`):
    /// WCAG 2.2 AA's 24×24 CSS px with its spacing exception, since the page is
    /// the web's, whatever the app around it; a WebView at the page's
    /// device-width scale draws one CSS px per dp (pt).
    public let webThreshold: SizeThreshold

    /// Per node, `isVisibleTarget`, worked out in one pass in node order (where
    /// `layeredFlags` starts from).
    private let visibleFlags: [Bool]

    /// Per node, a visible target whose layering the file records: what is in
    /// front of it, what gates it, what it overlaps. That is every visible
    /// target of a layout file; in a capture, all but web content, whose
    /// painting order and `pointer-events` an accessibility tree does not say
    /// (it is checked for size only). What the clipping, overlap, occlusion,
    /// reachability and dead-gap rules look at.
    public let layeredFlags: [Bool]

    /// Positions in `regions` of the `layeredFlags` targets that can be reached
    /// at all (what the overlap, occlusion and dead-gap rules look at), in order.
    public let reachableVisibleRegions: [Int32]

    /// Layouts with at least this many nodes run their rules on several cores at
    /// once; smaller ones are done before threads would pay for themselves (and
    /// a folder of small files already keeps every core busy, one file each).
    public static let concurrentMinimumNodes = 20_000

    /// Per node, whether its findings are wanted; nil: every node's. Fix
    /// checking wants only the findings of the nodes its fixes can change
    /// (`FixReach`); the rules still read every node, and each rule asks
    /// `isChecked` where it decides to look at a target at all.
    private let checked: [Bool]?

    /// `regions`: the geometry's target regions when they are known already
    /// (fix checking's lints: `Geometry.updateRegions`), else worked
    /// out here. `checking`: the nodes whose findings are wanted (nil: all).
    /// `keepingLostPieces`: regions worked out here keep where each loss
    /// lies (`Loss.pieces`), which only a picture of this context draws.
    public init(layout: Layout, geometry: Geometry, options: LintOptions, regions known: [TargetRegion]? = nil,
                checking nodes: [Int32]? = nil, keepingLostPieces: Bool = true) {
        self.layout = layout
        self.geometry = geometry
        self.options = options
        if let nodes {
            var checked = [Bool](repeating: false, count: layout.nodes.count)
            for node in nodes { checked[Int(node)] = true }
            self.checked = checked
        } else {
            checked = nil
        }
        editor = LayoutEditor(layout: layout)
        // Regions are the largest part of the rules' work that they share:
        // worked out on several threads for a layout big enough to run its
        // rules side by side.
        let regions = known ?? geometry.targetRegions(jobs: Self.regionJobs(layout, options), keepingLostPieces: keepingLostPieces)
        self.regions = regions
        var regionByNode = [Int32](repeating: -1, count: geometry.nodeCount)
        for (position, region) in regions.enumerated() { regionByNode[region.target] = Int32(position) }
        self.regionByNode = regionByNode
        threshold = options.threshold(for: layout)
        webThreshold = SizeThreshold(minimum: Profile.named("wcag-aa")!.touchMinimum, unitName: "px", source: "wcag-aa, web content",
                                     spacingException: true, inlineException: true)
        var visible = [Bool](repeating: false, count: geometry.nodeCount)
        for index in 0..<geometry.nodeCount where !geometry.isInvisible[index] && !geometry.frame(index).isEmpty {
            visible[index] = true
        }
        for region in regions where region.isOutOfPlay { visible[region.target] = false }
        visibleFlags = visible
        var layered = visible
        let nodes = layout.nodes
        for region in regions where nodes[region.target].isWebContent { layered[region.target] = false }
        layeredFlags = layered
        var positions: [Int32] = []
        for (position, region) in regions.enumerated() where region.reachableArea > 0 && layered[region.target] {
            positions.append(Int32(position))
        }
        reachableVisibleRegions = positions
    }

    /// Threads for working out a layout's regions: several for a layout big
    /// enough to run its rules side by side.
    static func regionJobs(_ layout: Layout, _ options: LintOptions) -> Int {
        layout.nodes.count >= concurrentMinimumNodes ? options.run.jobs : 1
    }

    /// Whether the node's findings are wanted (`checking`): a rule that
    /// reports on a target skips the others, unless whether it reports one
    /// target depends on what it finds of another.
    @inline(__always) public func isChecked(_ node: Int) -> Bool {
        checked?[node] ?? true
    }

    /// Whether every node's findings are wanted (no `checking`).
    public var checksEveryNode: Bool { checked == nil }

    public func region(of node: Int) -> TargetRegion? {
        let position = regionByNode[node]
        return position >= 0 ? regions[Int(position)] : nil
    }

    /// Marks for spatial queries over this file's nodes (`SpatialGrid.forEachCandidate`):
    /// a rule makes one and reuses it for all its queries, so no query allocates a node-sized array.
    public func makeVisitMarks() -> VisitMarks { VisitMarks(count: geometry.nodeCount) }

    public func name(_ node: Int) -> String { layout.name(of: node) }

    /// A target that is neither hidden, painted over nor behind a modal layer:
    /// one the user can see and use.
    public func isVisibleTarget(_ node: Int) -> Bool { visibleFlags[node] }

    /// The share of a target's hit area its own target descendants must take
    /// for it to be a group of controls (a list, a card of buttons, a toolbar
    /// that listens for taps around its buttons) rather than a control: what is
    /// left of it is the margin between its controls, not a target the user
    /// aims at.
    public static let groupShare = 0.5

    /// Whether the region's target is a group (`groupShare`): not a control to
    /// size, nor unreachable when its controls cover it.
    public func isGroup(_ region: TargetRegion) -> Bool {
        guard region.domainArea > 0 else { return false }
        var taken = 0.0
        for loss in region.losses {
            if case .target(let winner) = loss.taker, layout.isAncestor(region.target, of: winner) { taken += loss.area }
        }
        return taken >= Self.groupShare * region.domainArea
    }

    /// The screen: the root's frame (a capture's recorded screen, a layout's root).
    public var screen: Rect { layout.nodes[0].frame }

    /// Options for one rule, as written in configuration (strings), else nil.
    public func option(_ rule: String, _ name: String) -> String? {
        options.rules.ruleOptions[rule]?[name]
    }

    /// A flag option as configured, else its default. (Configuration checked
    /// it is `true` or `false` before any file was linted.)
    public func isOn(_ option: FlagOption) -> Bool {
        self.option(option.rule, option.name).map { $0 == "true" } ?? option.fallback
    }

    /// A length option in points for this file as configured; nil when it is
    /// not, for the rule to work out its default.
    public func points(_ option: RuleOption<Length?>) -> Double? {
        self.option(option.rule, option.name).flatMap(Length.init)?.points(in: layout)
    }

    /// A length option in points for this file: as configured, else its default.
    /// (Configuration checked it is a length before any file was linted.)
    public func points(_ option: LengthOption) -> Double {
        (self.option(option.rule, option.name).flatMap(Length.init) ?? option.fallback).points(in: layout)
    }

    /// The message, fix and related nodes are worked out only when the
    /// options ask for them (`RunSettings.describesDiagnostics`), or, for
    /// the related nodes, when the layout settles findings by them
    /// (`Layout.judgesByRelatedNodes`).
    ///
    /// `weakEvidence`: the finding rests on what the file only suggests (web
    /// content, a clickable ancestor that may take the touch, z-order read from
    /// accessibility order): an error is reported as a warning, as Google's
    /// Accessibility Test Framework does. So is every finding on a capture
    /// whose tree is of another moment than its screen (`Layout.capturedAtAnotherMoment`).
    ///
    /// `name`: the node's name, when the rule has it already (its message names it).
    public func diagnostic(_ rule: String, node: Int, name: String? = nil, message: @autoclosure () -> String, span: SourceSpan? = nil,
                           related: @autoclosure () -> [Int] = [], fix: @autoclosure () -> Fix? = nil,
                           weakEvidence: Bool = false) -> Diagnostic {
        diagnostic(rule, node: node, name: name, text: MessageText(message()), span: span, related: related(), fix: fix(),
                   weakEvidence: weakEvidence)
    }

    /// The same, with the message made already (a `MessageText`).
    public func diagnostic(_ rule: String, node: Int, name: String? = nil, text: @autoclosure () -> MessageText, span: SourceSpan? = nil,
                           related: @autoclosure () -> [Int] = [], fix: @autoclosure () -> Fix? = nil,
                           weakEvidence: Bool = false) -> Diagnostic {
        let parts = findingParts(node: node, name: name, related: related)
        // Made whole in one initializer: a field set afterwards makes the
        // rules copy each finding as they add it to their lists.
        return Diagnostic(rule: rule, severity: severity(of: rule, weakEvidence: weakEvidence), text: parts.describes ? text() : .empty,
                          span: span ?? layout.anchorSpan(of: node), names: FindingNames(node: parts.name, related: parts.relatedNames),
                          nodeIndex: node, fix: parts.describes ? fix() : nil, relatedNodes: parts.relatedNodes)
    }

    /// The same, with the message and the names written into the rule's
    /// `MessageArena` (the rules that find one for most targets of a first
    /// run): `message` writes the message.
    public func diagnostic(_ rule: String, node: Int, name: String? = nil, writing arena: inout MessageArena,
                           message: (inout ByteWriter) -> Void, span: SourceSpan? = nil,
                           related: @autoclosure () -> [Int] = [], fix: @autoclosure () -> Fix? = nil,
                           weakEvidence: Bool = false) -> Diagnostic {
        let parts = findingParts(node: node, name: name, related: related)
        let text = parts.describes ? arena.write(message) : .empty
        return Diagnostic(rule: rule, severity: severity(of: rule, weakEvidence: weakEvidence), text: text,
                          span: span ?? layout.anchorSpan(of: node),
                          names: FindingNames(node: parts.name, related: parts.relatedNames, into: &arena),
                          nodeIndex: node, fix: parts.describes ? fix() : nil, relatedNodes: parts.relatedNodes)
    }

    private func severity(of rule: String, weakEvidence: Bool) -> Severity {
        let severity = options.severity(of: rule)
        return (weakEvidence || layout.capturedAtAnotherMoment != nil) && severity == .error ? .warning : severity
    }

    /// What a finding on `node` carries besides its message and fix, as the
    /// options ask (`RunSettings`): the related nodes, and the names.
    private func findingParts(node: Int, name: String?, related: () -> [Int])
        -> (describes: Bool, name: String?, relatedNodes: [Int], relatedNames: [String]) {
        let describes = options.run.describesDiagnostics
        let relatedNodes = describes || layout.judgesByRelatedNodes ? related() : []
        let keepsNames = options.run.keepsNames
        let relatedNames = describes && keepsNames ? relatedNodes.map { key($0) } : []
        return (describes, namesFindings && keepsNames ? key(node, name: name) : nil, relatedNodes, relatedNames)
    }

    /// The name a rule hands `diagnostic(_:node:name:...)` for a finding on
    /// `node`: empty when the lint neither describes nor names what it finds
    /// (`RunSettings.namesNodes`), which then needs none.
    func findingName(_ node: Int) -> String {
        namesFindings ? name(node) : ""
    }

    /// Whether a finding carries its node's name (`RunSettings.namesNodes`).
    private var namesFindings: Bool { options.run.describesDiagnostics || options.run.namesNodes }

    /// How reports name a node (`Layout.key(of:)`); `name` when the rule has it
    /// already and the layout keys nodes by their names.
    @inline(__always) func key(_ node: Int, name: String? = nil) -> String {
        if let keys = layout.nodeKeys { return keys[node] }
        return name ?? self.name(node)
    }

    /// Length in points as messages show it: "44", "57.76".
    public func length(_ points: Double) -> String { formatLength(points) }
}
