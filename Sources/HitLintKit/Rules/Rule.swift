import Foundation

/// A rule's documentation and tests in one value (SwiftLint's `RuleDescription`
/// shape, ruff's "what it does / why" prose). `hitlint explain`, `hitlint rules`
/// and the generic example test all read it.
public struct RuleDescription: Sendable {
    public var id: String
    public var summary: String
    /// Why it matters: what the user experiences.
    public var rationale: String
    public var defaultSeverity: Severity
    public var options: [RuleOptionDescription]
    /// Layouts that must trigger (with the nodes flagged) and must not.
    public var examples: [RuleExample]
    /// Whether `--fix` can fix what it reports: every time, in some cases
    /// (others get advice only: a capture, a gap its containers do not
    /// cover), or never (ruff's "always / sometimes / never").
    public var fix: FixAvailability

    public var isFixable: Bool { fix != .never }

    public init(id: String, summary: String, rationale: String, defaultSeverity: Severity,
                options: [RuleOptionDescription] = [], examples: [RuleExample] = [], fix: FixAvailability = .never) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.options = options
        self.examples = examples
        self.fix = fix
    }
}

public enum FixAvailability: String, Sendable {
    case always, sometimes, never
}

/// A rule's option, declared in the rule's own file with its default, once:
/// the description `hitlint rules` shows and the value the rule reads both
/// come from here.
public struct RuleOption<Value: Sendable>: Sendable {
    public let name: String
    public let rule: String
    public let fallback: Value
    public let description: RuleOptionDescription
}

/// A length with its unit (`24pt`, `9mm`).
public typealias LengthOption = RuleOption<Length>

/// On or off (`true` / `false`).
public typealias FlagOption = RuleOption<Bool>

extension RuleOption where Value == Length {
    public init(_ name: String, of rule: String, default fallback: Length, _ summary: String, atMost: String? = nil) {
        self.init(name: name, rule: rule, fallback: fallback,
                  description: RuleOptionDescription(name, default: "\(formatLength(fallback.value))\(fallback.unit.rawValue)", summary,
                                                     atMost: atMost))
    }
}

/// A length whose default depends on the file: `nil` until configured, and
/// the rule works it out (its description says how: "half the minimum size").
extension RuleOption where Value == Length? {
    public init(_ name: String, of rule: String, defaultDescribedAs described: String, _ summary: String) {
        self.init(name: name, rule: rule, fallback: nil, description: RuleOptionDescription(name, default: described, summary))
    }
}

extension RuleOption where Value == Bool {
    public init(_ name: String, of rule: String, default fallback: Bool, _ summary: String) {
        self.init(name: name, rule: rule, fallback: fallback,
                  description: RuleOptionDescription(name, default: fallback ? "true" : "false", summary, valueKind: .bool))
    }
}

public struct RuleOptionDescription: Sendable {
    /// What a value must be, so configuration can be checked before any file is linted.
    public enum ValueKind: String, Sendable {
        /// A length with a unit: `44pt`, `9mm`.
        case length
        case bool
    }

    public var name: String
    public var defaultValue: String
    public var summary: String
    public var valueKind: ValueKind
    /// Another length option of the rule that this one may not exceed when
    /// both are configured (`minGap` ≤ `maxGap`): otherwise the rule could
    /// never report anything, silently.
    public var atMost: String?

    public init(_ name: String, default defaultValue: String, _ summary: String, valueKind: ValueKind = .length,
                atMost: String? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
        self.valueKind = valueKind
        self.atMost = atMost
    }
}

/// A YAML layout and what the rule must say about it.
public struct RuleExample: Sendable {
    public var layout: String
    /// Nodes the rule must flag, in order of position; empty for a layout that must not
    /// trigger. A diagnostic about no node (invalid syntax, a bad document key) is `<file>`.
    public var flags: [String]
    /// Text each message must contain (optional), in the same order as `flags`.
    public var messages: [String]
    /// Command-line style options for this example ("--profile android").
    public var arguments: [String]
    /// The layout after `hitlint --fix`, for examples of fixable rules.
    public var fixed: String?

    public init(_ layout: String, flags: [String] = [], messages: [String] = [], arguments: [String] = [], fixed: String? = nil) {
        self.layout = layout
        self.flags = flags
        self.messages = messages
        self.arguments = arguments
        self.fixed = fixed
    }

    public var triggers: Bool { !flags.isEmpty }
}

/// A rule: its id, description, options and examples. Some are reported by
/// an earlier stage (syntax, layout, import, suppression); the rest are
/// `GeometryRule`s, which the geometry stage runs.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
}

/// A check over one file's geometry, run on every layout that was read.
public protocol GeometryRule: Rule {
    func check(_ context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public var description: RuleDescription { Self.description }
}

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
    /// (`Geometry.targetRegions(updating:of:footprints:jobs:)`), else worked
    /// out here. `checking`: the nodes whose findings are wanted (nil: all).
    public init(layout: Layout, geometry: Geometry, options: LintOptions, regions known: [TargetRegion]? = nil,
                checking nodes: [Int32]? = nil) {
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
        let regions = known ?? geometry.targetRegions(jobs: Self.regionJobs(layout, options))
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
        layout.nodes.count >= concurrentMinimumNodes ? options.jobs : 1
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

    /// In which dimensions `piece` (part of `target`'s reachable region) may be
    /// cut by a scrollable ancestor's edge, where its size on screen is the
    /// scroll position's: the target hangs beyond the edge (a whole frame partly
    /// scrolled out), or, in a capture whose bounds are already cut to what
    /// shows (`Layout.boundsAreCutToWhatShows`), it touches an edge across which
    /// the container scrolls (`scrollAxis(of:)`). A target flush with an edge
    /// along which nothing scrolls (a header row at the top of a horizontal
    /// scroller), or with any edge of whole frames (XCUITest, a layout file), is
    /// measured as it is.
    public func scrolledDimensions(of piece: Rect, target: Int) -> (width: Bool, height: Bool) {
        var result = (width: false, height: false)
        let nodes = layout.nodes
        let frame = nodes[target].frame
        let tolerance = 0.5
        var ancestor = Int(nodes[target].parent)
        while ancestor >= 0 {
            if nodes[ancestor].isScrollable {
                let edges = nodes[ancestor].frame
                if frame.minX < edges.minX - tolerance || frame.maxX > edges.maxX + tolerance { result.width = true }
                if frame.minY < edges.minY - tolerance || frame.maxY > edges.maxY + tolerance { result.height = true }
                if layout.boundsAreCutToWhatShows {
                    let axis = scrollAxis(of: ancestor)
                    if axis.sideways, abs(piece.minX - edges.minX) <= tolerance || abs(piece.maxX - edges.maxX) <= tolerance {
                        result.width = true
                    }
                    if axis.upAndDown, abs(piece.minY - edges.minY) <= tolerance || abs(piece.maxY - edges.maxY) <= tolerance {
                        result.height = true
                    }
                }
            }
            ancestor = Int(nodes[ancestor].parent)
        }
        return result
    }

    /// Which way a scrollable container scrolls: as the file says
    /// (`LayoutNode.scrollsSideways`, `scrollsUpAndDown`: a class name that
    /// tells, RICO's flags), else as its items are laid out. The items are the
    /// first views down from the container that do not all fill it (a
    /// scroller's content view, cut to the scroller, fills it): items side by
    /// side (overlapping rows, apart across) scroll sideways, items one above
    /// the other up and down, a grid either way; a single item that spans the
    /// container's width is a row (up and down), one that spans its height a
    /// column (sideways). What the items do not settle is taken as either way:
    /// a target there may be cut.
    public func scrollAxis(of container: Int) -> (sideways: Bool, upAndDown: Bool) {
        let nodes = layout.nodes
        let node = nodes[container]
        if node.scrollsSideways || node.scrollsUpAndDown { return (node.scrollsSideways, node.scrollsUpAndDown) }
        let edges = node.frame
        func children(of parent: Int) -> [Rect] {
            var frames: [Rect] = []
            var child = parent + 1
            while child < Int(nodes[parent].subtreeEnd) {
                if !geometry.isInvisible[child], !nodes[child].frame.isEmpty { frames.append(nodes[child].frame) }
                child = Int(nodes[child].subtreeEnd)
            }
            return frames
        }
        func fills(_ frame: Rect) -> Bool { frame.width >= edges.width - 1 && frame.height >= edges.height - 1 }
        // Down through a content view that fills the container (one level at a time, a few levels at most).
        var level = container
        var items = children(of: level)
        for _ in 0..<4 where items.count == 1 && fills(items[0]) {
            var next = level + 1
            while next < Int(nodes[level].subtreeEnd), geometry.isInvisible[next] || nodes[next].frame.isEmpty {
                next = Int(nodes[next].subtreeEnd)
            }
            guard next < Int(nodes[level].subtreeEnd) else { break }
            level = next
            items = children(of: level)
        }
        if items.count == 1 {
            let spansWidth = items[0].width >= edges.width - 1
            let spansHeight = items[0].height >= edges.height - 1
            if spansWidth != spansHeight { return (spansHeight, spansWidth) }
            return (true, true)
        }
        var sideways = false, upAndDown = false
        let overlap = 0.5
        outer: for first in items.indices {
            for second in items.indices where second > first {
                let a = items[first], b = items[second]
                let acrossX = min(a.maxX, b.maxX) - max(a.minX, b.minX)
                let acrossY = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                if acrossY > overlap, acrossX <= overlap { sideways = true }
                if acrossX > overlap, acrossY <= overlap { upAndDown = true }
                if sideways && upAndDown { break outer }
            }
        }
        return sideways || upAndDown ? (sideways, upAndDown) : (true, true)
    }

    /// The nearest scrollable ancestor of a node, or nil.
    public func scrollingAncestor(of node: Int) -> Int? {
        var ancestor = Int(layout.nodes[node].parent)
        while ancestor >= 0 {
            if layout.nodes[ancestor].isScrollable { return ancestor }
            ancestor = Int(layout.nodes[ancestor].parent)
        }
        return nil
    }

    /// Options for one rule, as written in configuration (strings), else nil.
    public func option(_ rule: String, _ name: String) -> String? {
        options.ruleOptions[rule]?[name]
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

    /// The message and fix are worked out only when the options ask for
    /// them (`LintOptions.describesDiagnostics`).
    ///
    /// `weakEvidence`: the finding rests on what the file only suggests (web
    /// content, a clickable ancestor that may take the touch, z-order read from
    /// accessibility order): an error is reported as a warning, as Google's
    /// Accessibility Test Framework does. So is every finding on a capture
    /// whose tree is of another moment than its screen (`Layout.capturedAtAnotherMoment`).
    ///
    /// `name`: the node's name, when the rule has it already (its message names it).
    public func diagnostic(_ rule: String, node: Int, name: String? = nil, message: @autoclosure () -> String, span: SourceSpan? = nil,
                           related: [Int] = [], fix: @autoclosure () -> Fix? = nil, weakEvidence: Bool = false) -> Diagnostic {
        let describes = options.describesDiagnostics
        var severity = options.severity(of: rule)
        if weakEvidence || layout.capturedAtAnotherMoment != nil, severity == .error { severity = .warning }
        var diagnostic = Diagnostic(rule: rule, severity: severity, message: describes ? message() : "",
                                    span: span ?? layout.anchorSpan(of: node), node: key(node, name: name), nodeIndex: node,
                                    related: describes ? related.map { key($0) } : [], fix: describes ? fix() : nil)
        diagnostic.relatedNodes = related
        return diagnostic
    }

    /// How reports name a node (`Layout.key(of:)`); `name` when the rule has it
    /// already and the layout keys nodes by their names.
    @inline(__always) func key(_ node: Int, name: String? = nil) -> String {
        if let keys = layout.nodeKeys { return keys[node] }
        return name ?? self.name(node)
    }

    /// Length in points as messages show it: "44", "57.76".
    public func length(_ points: Double) -> String { formatLength(points) }
}

/// "'a', 'b' and 3 others": the largest few of many, so output grows with nodes, not pairs.
func namedFew(_ names: [String], limit: Int = 3) -> String {
    namedFew(Array(names.prefix(limit)), of: names.count)
}

/// `namedFew` of `total` names of which only the first few shown are known
/// (a target covered by hundreds of views names three).
func namedFew(_ shown: [String], of total: Int) -> String {
    let quoted = shown.map { "'\($0)'" }
    if total <= shown.count { return englishList(quoted) }
    let rest = total - shown.count
    return quoted.joined(separator: ", ") + " and \(rest) other\(rest == 1 ? "" : "s")"
}
