/// Hit-testing semantics (SPEC §3).
public enum Platform: String, Sendable, CaseIterable {
    case uikit, android, web
}

/// Which region a user aims at: a finger's hit area or the pointer's region.
public enum InputModality: String, Sendable, CaseIterable {
    case touch, pointer
}

public enum LengthUnit: String, Sendable, CaseIterable {
    case pt, px, dp, mm
}

/// Sets points per inch, for lengths in millimetres.
public enum Device: String, Sendable, CaseIterable {
    case iphone, ipad, android, web

    public var pointsPerInch: Double {
        switch self {
        case .iphone: return 163
        case .ipad: return 132
        case .android: return 160
        case .web: return 96
        }
    }
}

public enum CoordinateSpace: String, Sendable, CaseIterable {
    case relative, absolute
}

public enum StackAxis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

public enum StackAlignment: String, Sendable, CaseIterable {
    case fill, leading, center, trailing
}

/// One view of the tree. Nodes live in `Layout.nodes` in pre-order, so a node's
/// subtree is the index range `index ..< subtreeEnd`, and "is ancestor" is an
/// interval test. All lengths are in points.
///
/// Kept to 72 bytes (a layout of 10⁶ views holds a million of them): the flags
/// share one word, keys that exclude each other (`frame`/`size`,
/// `hitInsets`/`hitSlop`) share one entry index, and what fewer nodes have
/// (hit insets, an alpha, pointer insets) is in tables on the layout
/// (`Layout.hitInsets(of:)`, `alpha(of:)`); stack settings are only needed
/// while the builder places frames, so they stay there.
public struct LayoutNode: Sendable {
    public var parent: Int32 = -1
    /// Index of the first node after this node's subtree.
    public var subtreeEnd: Int32 = 0
    /// Position among the parent's children (for path names).
    public var childIndex: Int32 = 0

    /// Where the node came from, in five numbers: Document entry indices (of its
    /// mapping, id, type, frame or size, hitInsets or hitSlop; -1 when absent),
    /// or, for a node read while its JSON was parsed (`origin`), the byte
    /// offsets of its mapping, children list and id. One or the other: a node
    /// of 10⁶ read that way needs no second table.
    private var sourceReferences: (Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1)

    /// Position in `Layout.extras` of this node's hit insets and alpha, -1 when
    /// the file gives neither (they read as zero and 1; `Layout.setExtras`).
    public internal(set) var extrasIndex: Int32 = -1
    /// Declared before `frame`, so it fills the padding the rect's alignment needs.
    private var flags: UInt32 = Flag.userInteractionEnabled | Flag.isEnabled

    /// Frame relative to the parent while the file is read; absolute (in the
    /// screen's coordinates) once the layout is built.
    public var frame: Rect = .empty

    private enum Flag {
        static let isTarget: UInt32 = 1 << 0
        static let isHidden: UInt32 = 1 << 1
        static let userInteractionEnabled: UInt32 = 1 << 2
        static let clipsToBounds: UInt32 = 1 << 3
        static let isOpaque: UInt32 = 1 << 4
        static let isEnabled: UInt32 = 1 << 5
        static let isStack: UInt32 = 1 << 6
        static let isArranged: UInt32 = 1 << 7
        static let placementIsSize: UInt32 = 1 << 8
        static let insetsAreSlop: UInt32 = 1 << 9
        static let hasPointerInsets: UInt32 = 1 << 10
        static let isTransparent: UInt32 = 1 << 11
        static let usesHitSlop: UInt32 = 1 << 12
        static let hasOrigin: UInt32 = 1 << 13
        static let isWebContent: UInt32 = 1 << 14
        static let isModal: UInt32 = 1 << 15
        static let isScrollable: UInt32 = 1 << 16
        static let isInline: UInt32 = 1 << 17
        static let inlineIsExplicit: UInt32 = 1 << 18
        static let isText: UInt32 = 1 << 19
        static let passiveByDefault: UInt32 = 1 << 20
        static let scrollsSideways: UInt32 = 1 << 21
        static let scrollsUpAndDown: UInt32 = 1 << 22
    }

    @inline(__always) private func flag(_ bit: UInt32) -> Bool { flags & bit != 0 }
    @inline(__always) private mutating func set(_ bit: UInt32, _ value: Bool) {
        flags = value ? flags | bit : flags & ~bit
    }

    public var isTarget: Bool { get { flag(Flag.isTarget) } set { set(Flag.isTarget, newValue) } }
    public var isHidden: Bool { get { flag(Flag.isHidden) } set { set(Flag.isHidden, newValue) } }
    public var userInteractionEnabled: Bool {
        get { flag(Flag.userInteractionEnabled) } set { set(Flag.userInteractionEnabled, newValue) }
    }
    public var clipsToBounds: Bool { get { flag(Flag.clipsToBounds) } set { set(Flag.clipsToBounds, newValue) } }
    public var isOpaque: Bool { get { flag(Flag.isOpaque) } set { set(Flag.isOpaque, newValue) } }
    public var isEnabled: Bool { get { flag(Flag.isEnabled) } set { set(Flag.isEnabled, newValue) } }
    public var isStack: Bool { get { flag(Flag.isStack) } set { set(Flag.isStack, newValue) } }
    /// Set when this node's position came from its parent stack.
    public var isArranged: Bool { get { flag(Flag.isArranged) } set { set(Flag.isArranged, newValue) } }
    /// Alpha below 0.01: UIKit's `hitTest` skips the view and its subtree (set
    /// with the alpha, by `Layout.setExtras`).
    public internal(set) var isTransparent: Bool {
        get { flag(Flag.isTransparent) } set { set(Flag.isTransparent, newValue) }
    }
    /// Whether the file gives the node's hit area as `hitSlop` (Android's sign) rather than `hitInsets`.
    public internal(set) var usesHitSlop: Bool {
        get { flag(Flag.usesHitSlop) } set { set(Flag.usesHitSlop, newValue) }
    }
    /// A box of a web page shown inside a native view (an Android WebView's
    /// DOM, read from a capture): hit-tested the web way, where a box does not
    /// gate its children unless it clips, and where, since a capture records
    /// neither painting order nor `pointer-events`, only targets take touches.
    public var isWebContent: Bool { get { flag(Flag.isWebContent) } set { set(Flag.isWebContent, newValue) } }
    /// A modal layer: a view in front that covers the screen and takes every
    /// touch (a dialog's or drawer's scrim, Flutter's modal barrier), so what
    /// lies behind it is inactive while it is shown, and is not checked.
    public var isModal: Bool { get { flag(Flag.isModal) } set { set(Flag.isModal, newValue) } }
    /// Scrolls its content (`scrollable: true`; captures record it): a target
    /// cut by its edge is partly scrolled out, which says nothing of its size.
    public var isScrollable: Bool { get { flag(Flag.isScrollable) } set { set(Flag.isScrollable, newValue) } }
    /// Which way a scrollable node scrolls, when the file proves it (a capture's
    /// class name, RICO's `scrollable-horizontal`); neither set: not known, and
    /// read from how its items are laid out (`RuleContext.scrollAxis(of:)`).
    public var scrollsSideways: Bool { get { flag(Flag.scrollsSideways) } set { set(Flag.scrollsSideways, newValue) } }
    public var scrollsUpAndDown: Bool { get { flag(Flag.scrollsUpAndDown) } set { set(Flag.scrollsUpAndDown, newValue) } }
    /// A target in a sentence, or otherwise as tall as the line of text around
    /// it (`inline: true`, or by default a target whose parent is a `text` or
    /// `label` node): WCAG's inline exception (SC 2.5.8, 2.5.5) leaves its size alone.
    public var isInline: Bool { get { flag(Flag.isInline) } set { set(Flag.isInline, newValue) } }
    /// The file says `inline` (true or false), so the default does not apply.
    public internal(set) var inlineIsExplicit: Bool {
        get { flag(Flag.inlineIsExplicit) } set { set(Flag.inlineIsExplicit, newValue) }
    }
    /// Of type `text` or `label`: non-target text, whose targets are inline by default.
    public internal(set) var isText: Bool { get { flag(Flag.isText) } set { set(Flag.isText, newValue) } }
    /// `userInteractionEnabled` is false only because UIKit makes it so for the
    /// node's type (`label`, `imageView`, `image`, `text`): on the web every
    /// element takes the pointer, so there it is true.
    public internal(set) var passiveByDefault: Bool {
        get { flag(Flag.passiveByDefault) } set { set(Flag.passiveByDefault, newValue) }
    }
    /// Whether `Layout.pointerInsets` has this node's pointer region insets
    /// (when they differ from the hit area).
    public var hasPointerInsets: Bool {
        get { flag(Flag.hasPointerInsets) } set { set(Flag.hasPointerInsets, newValue) }
    }

    /// An entry index from `sourceReferences` (-1 for a node that has an `origin`).
    @inline(__always) private func entry(_ word: Int32) -> Int32 { flag(Flag.hasOrigin) ? -1 : word }
    /// Before an entry index is set: a node that had an `origin` has none after.
    @inline(__always) private mutating func leaveOrigin() {
        if flag(Flag.hasOrigin) {
            sourceReferences = (-1, -1, -1, -1, -1)
            set(Flag.hasOrigin, false)
        }
    }

    public var objectEntry: Int32 {
        get { entry(sourceReferences.0) } set { leaveOrigin(); sourceReferences.0 = newValue }
    }
    public var idEntry: Int32 {
        get { entry(sourceReferences.1) } set { leaveOrigin(); sourceReferences.1 = newValue }
    }
    public var typeEntry: Int32 {
        get { entry(sourceReferences.2) } set { leaveOrigin(); sourceReferences.2 = newValue }
    }
    /// The `frame` value (`sourceReferences.3` holds it, or the `size` value when `placementIsSize`).
    public var frameEntry: Int32 {
        get { flag(Flag.placementIsSize) ? -1 : entry(sourceReferences.3) }
        set { leaveOrigin(); sourceReferences.3 = newValue; set(Flag.placementIsSize, false) }
    }
    public var sizeEntry: Int32 {
        get { flag(Flag.placementIsSize) ? entry(sourceReferences.3) : -1 }
        set { leaveOrigin(); sourceReferences.3 = newValue; set(Flag.placementIsSize, newValue >= 0) }
    }
    /// The `hitInsets` value (`sourceReferences.4` holds it, or the `hitSlop` value when `insetsAreSlop`).
    public var hitInsetsEntry: Int32 {
        get { flag(Flag.insetsAreSlop) ? -1 : entry(sourceReferences.4) }
        set { leaveOrigin(); sourceReferences.4 = newValue; set(Flag.insetsAreSlop, false) }
    }
    public var hitSlopEntry: Int32 {
        get { flag(Flag.insetsAreSlop) ? entry(sourceReferences.4) : -1 }
        set { leaveOrigin(); sourceReferences.4 = newValue; set(Flag.insetsAreSlop, newValue >= 0) }
    }

    /// Where in the file a node read while its JSON was parsed came from (its
    /// entry indices are then all -1); nil for a node read from a whole document.
    public internal(set) var origin: NodeOrigin? {
        get {
            guard flag(Flag.hasOrigin) else { return nil }
            return NodeOrigin(objectStart: UInt32(bitPattern: sourceReferences.0), objectEnd: UInt32(bitPattern: sourceReferences.1),
                              childrenStart: UInt32(bitPattern: sourceReferences.2), childrenEnd: UInt32(bitPattern: sourceReferences.3),
                              idStart: UInt32(bitPattern: sourceReferences.4))
        }
        set {
            set(Flag.placementIsSize, false)
            set(Flag.insetsAreSlop, false)
            guard let origin = newValue else {
                sourceReferences = (-1, -1, -1, -1, -1)
                set(Flag.hasOrigin, false)
                return
            }
            sourceReferences = (Int32(bitPattern: origin.objectStart), Int32(bitPattern: origin.objectEnd),
                     Int32(bitPattern: origin.childrenStart), Int32(bitPattern: origin.childrenEnd),
                     Int32(bitPattern: origin.idStart))
            set(Flag.hasOrigin, true)
        }
    }

    public init() {}
}

/// What few nodes have, kept off `LayoutNode`.
public struct NodeExtras: Sendable {
    public var hitInsets: EdgeInsets = .zero
    public var alpha: Double = 1
    /// CSS `border-radius` (points): on the web it rounds the node's hit region,
    /// and, when it clips, the region of its descendants.
    public var cornerRadius: Double = 0
}

/// Where a node read while its JSON was parsed came from
/// (`LayoutBuilder.build(streaming:)`): byte offsets in the file.
public struct NodeOrigin: Sendable, Equatable {
    /// The node's mapping, braces included.
    public var objectStart: UInt32 = 0
    public var objectEnd: UInt32 = 0
    /// Its `children` list, brackets included (both 0 when it has none): the
    /// part of the mapping `Layout.nodeSource(of:)` does not read again.
    public var childrenStart: UInt32 = 0
    public var childrenEnd: UInt32 = 0
    /// Its `id` string's opening quote (0 when it has none; the string's end
    /// is found by reading it, `Layout.idSpan(of:)`).
    public var idStart: UInt32 = 0
}

/// Where a streamed node's anchor value (its `hitInsets`, `hitSlop`,
/// `frame` or `size`, the first it has in that order) and its frame value
/// (`frame` or `size`) are in the file, as byte offsets; nil for a node
/// without one (its span is then its first key, read again from the file).
struct StreamedSpans: Sendable {
    private var anchorStart: UInt32 = 0, anchorEnd: UInt32 = 0
    private var frameStart: UInt32 = 0, frameEnd: UInt32 = 0
    /// Whether the node has a `hitInsets` or `hitSlop` key (a fix that
    /// gives it insets then edits a value rather than adding the key).
    var hasInsets = false

    init() {}

    init(insets: SourceSpan?, frame: SourceSpan?) {
        if let anchor = insets ?? frame { (anchorStart, anchorEnd) = (UInt32(anchor.start), UInt32(anchor.end)) }
        if let frame { (frameStart, frameEnd) = (UInt32(frame.start), UInt32(frame.end)) }
        hasInsets = insets != nil
    }

    // A value never ends at the file's first byte: 0 is "none".
    var anchor: SourceSpan? { anchorEnd == 0 ? nil : SourceSpan(start: Int(anchorStart), end: Int(anchorEnd)) }
    var frame: SourceSpan? { frameEnd == 0 ? nil : SourceSpan(start: Int(frameStart), end: Int(frameEnd)) }
}

/// A node's mapping as a document: the whole file's document, or (for a
/// streamed layout) the node's own members read again, children left out,
/// with spans in the file's offsets.
public struct NodeSource {
    public let document: Document
    /// The mapping's entry.
    public let object: Int

    /// The first member with this key: (key entry, value entry).
    public func member(_ key: StaticString) -> (key: Int, value: Int)? {
        guard object >= 0, document.kind(object) == .object else { return nil }
        var member = object + 1
        let end = document.next(object)
        while member < end {
            if document.stringEquals(member, key) { return (member, member + 1) }
            member = document.next(member + 1)
        }
        return nil
    }
}

/// A rule suppression: `ignore: [target-size]` or `ignore: all` on a node.
public struct IgnoreEntry: Sendable {
    public var node: Int
    /// nil means `all`.
    public var rule: String?
    /// Where the entry is (the string in the list, or `all`).
    public var span: SourceSpan
}

/// The validated, flat model of one layout file.
public struct Layout: Sendable {
    /// The file's values: all of them, or (a layout built while its JSON was
    /// read) only its top-level keys, `root` emptied.
    public var document: Document
    public var platform: Platform = .uikit
    public var modality: InputModality = .touch
    public var units: LengthUnit = .pt
    /// px per pt when `units: px`.
    public var scale: Double = 1
    public var device: Device = .iphone
    public var coordinates: CoordinateSpace = .relative
    public var nodes: [LayoutNode] = []
    /// Pointer region insets of the nodes whose `hasPointerInsets` is set.
    public var pointerInsets: [Int32: EdgeInsets] = [:]
    /// Hit insets and alpha of the nodes that have either (`LayoutNode.extrasIndex`).
    public private(set) var extras: [NodeExtras] = []
    public var ignores: [IgnoreEntry] = []
    /// Points per file unit: multiply a file length by this to get points.
    public var pointsPerUnit: Double = 1
    /// Names an importer gave the nodes of a captured hierarchy (whose views
    /// have no hitlint ids); nil for layout files.
    public var importedNames: [String]?
    /// The order of the nodes is an accessibility order read from a capture
    /// (DroidBot), not the drawing order: which of two overlapping views is in
    /// front is inferred, and findings that rest on it are weak evidence.
    public var zOrderIsInferred = false
    /// A capture's bounds are already cut to what shows (UI Automator's and
    /// DroidBot's `getBoundsInScreen`): a view that touches a scrolling
    /// container's edge may be partly scrolled out, which its bounds cannot
    /// tell. False where frames are whole (layout files, XCUITest), where a
    /// view partly scrolled out hangs beyond the edge.
    public var boundsAreCutToWhatShows = false
    /// A capture whose view tree is not of the moment its other records are
    /// (DroidBot's foreground activity is another app's): what the tree shows
    /// is still a screen of the app, but not the one the screenshot shows, so
    /// findings on it are weak evidence and the screenshot is not drawn under
    /// it. The text says why ("the state's foreground activity is …").
    public var capturedAtAnotherMoment: String?
    /// An Android capture whose density was inferred or assumed: what it showed
    /// of it, and the density it was read at (`FolderDensity`).
    public var densityEvidence: DensityEvidence?
    /// Whose minimum sizes apply when no profile is chosen, when it is not the
    /// hit-testing platform's: an iOS capture or a design, hit-tested as an
    /// accessibility tree (only targets take touches, `platform` android), is
    /// held to Apple's sizes. nil: the platform's own.
    public var guideline: Platform?
    /// Ids whose text is not a slice of the file (escapes), by node, for nodes with an `origin`.
    var decodedIDs: [Int32: String] = [:]
    /// Per node with an `origin`, where its anchor and frame values are, as
    /// read while it was built: every diagnostic's span is one of them, and
    /// reading the node's members again for each would cost a parse of the
    /// node per diagnostic (and per fix checking lint). Empty otherwise.
    var streamedSpans: [StreamedSpans] = []
    /// Keys an importer gives the nodes for reports, when they are not their
    /// names: the object ids of an Interface Builder document, which stay the
    /// same when a view is renamed or moved (the `node` of JSON and SARIF
    /// results, baselines, and `ignore` entries in configuration); nil: the names.
    public var nodeKeys: [String]?
    /// Views that appear more than once, each time in another state (an
    /// Interface Builder document's alternatives, `InterfaceBuilderImporter`):
    /// a finding that is the same in several states is reported once.
    public var repeatsViews = false
    /// Nodes whose frame the file itself says is not where they end up (an
    /// Interface Builder view marked misplaced or ambiguous, or inside one):
    /// no geometry finding about them, or naming them, is reported.
    public var uncertainFrames: Set<Int32> = []
    /// Views in front of controls whose taking of touches the app's code
    /// settles: an Interface Builder view that is no target but takes touches
    /// and that the code holds through an outlet, which it may give a gesture
    /// doing what the control it covers does, or let touches through. What
    /// only they cover is not reported.
    public var codeHeldViews: Set<Int32> = []
    /// Whether findings are settled by the nodes they relate to (`uncertainFrames`,
    /// `codeHeldViews`): each finding then needs its related nodes, even where
    /// nothing shows them.
    public var judgesByRelatedNodes: Bool { !uncertainFrames.isEmpty || !codeHeldViews.isEmpty }
    /// Where a node draws, when a file says it is less than its frame (an
    /// Interface Builder button with only a title draws the title's line,
    /// centred, with empty padding around it), estimated: `clipped-target`
    /// does not count padding cut off as something seen.
    public var drawnFrames: [Int32: Rect] = [:]
    /// The nodes that are UIKit controls UIKit sizes itself (`SystemControlSize`),
    /// by their type; read only where the layout is hit-tested as UIKit does.
    public var systemControls: [Int32: SystemControlSize] = [:]
    /// What an Interface Builder document says beyond frames: its sizes are
    /// set by Auto Layout constraints and its hit areas only in code, so fixes
    /// are advice that names them. nil for other files.
    public var interfaceBuilder: InterfaceBuilderFacts?

    public init(document: Document) {
        self.document = document
    }

    public var source: SourceText { document.source }

    /// The node's hit insets (points, UIKit convention: negative expands;
    /// converted from `hitSlop` when given that way).
    @inline(__always) public func hitInsets(of index: Int) -> EdgeInsets {
        Self.hitInsets(of: nodes[index], extras: extras)
    }

    /// The same, from the arrays (for loops that hold them rather than the layout).
    @inline(__always) static func hitInsets(of node: LayoutNode, extras: [NodeExtras]) -> EdgeInsets {
        node.extrasIndex >= 0 ? extras[Int(node.extrasIndex)].hitInsets : .zero
    }

    public func alpha(of index: Int) -> Double {
        let slot = nodes[index].extrasIndex
        return slot >= 0 ? extras[Int(slot)].alpha : 1
    }

    /// The node's `cornerRadius` in points (0 when it has none).
    @inline(__always) public func cornerRadius(of index: Int) -> Double {
        let slot = nodes[index].extrasIndex
        return slot >= 0 ? extras[Int(slot)].cornerRadius : 0
    }

    /// Gives `node` (being built, not yet in `nodes`) hit insets, an alpha and/or a corner radius.
    public mutating func setExtras(of node: inout LayoutNode, hitInsets: EdgeInsets? = nil, alpha: Double? = nil,
                                   cornerRadius: Double? = nil) {
        if node.extrasIndex < 0 {
            node.extrasIndex = Int32(extras.count)
            extras.append(NodeExtras())
        }
        let slot = Int(node.extrasIndex)
        if let hitInsets { extras[slot].hitInsets = hitInsets }
        if let cornerRadius { extras[slot].cornerRadius = cornerRadius }
        if let alpha {
            extras[slot].alpha = alpha
            node.isTransparent = alpha < 0.01
        }
    }

    /// Multiplies the insets in the tables (hit, pointer) by `scale`: file units to points.
    mutating func scaleLengths(by scale: Double) {
        func scaled(_ insets: EdgeInsets) -> EdgeInsets {
            var result = insets
            for side in Side.allCases { result[side] = insets[side] * scale }
            return result
        }
        for slot in extras.indices {
            extras[slot].hitInsets = scaled(extras[slot].hitInsets)
            extras[slot].cornerRadius *= scale
        }
        for key in pointerInsets.keys { pointerInsets[key] = scaled(pointerInsets[key]!) }
    }

    /// Ancestor test as an interval check on pre-order indices.
    @inlinable public func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        ancestor < node && node < Int(nodes[ancestor].subtreeEnd)
    }

    /// The node's `id`, else its path from the nearest named ancestor:
    /// `toolbar/children[2]`, `root/children[0]/children[1]`.
    public func name(of index: Int) -> String {
        if let importedNames { return importedNames[index] }
        // Most named nodes: the id itself, with nothing to join.
        if let id = namingID(of: index) { return id }
        // Walk up to the nearest named ancestor (or the root) keeping only the
        // child positions that can be shown: a string per level made naming the
        // nodes of a deep unnamed chain quadratic in allocations (seconds for a
        // chain of 20,000 buttons).
        var positions: [Int32] = []  // nearest level first
        var levels = 0
        var anchor = "root"
        var current = index
        while true {
            let node = nodes[current]
            if let id = namingID(of: current) {
                anchor = id
                break
            }
            if node.parent < 0 { break }
            if positions.count < 7 { positions.append(node.childIndex) }
            levels += 1
            current = Int(node.parent)
        }
        return Self.pathName(anchor: anchor, levels: levels, positions: positions)
    }

    /// `name(of:)` of every node, in one pass: the same strings, without a walk
    /// to the named ancestor per node (quadratic in a deep chain, which drawing
    /// every node of a layout would be).
    public func allNames() -> [String] {
        if let importedNames { return importedNames }
        var names: [String] = []
        names.reserveCapacity(nodes.count)
        // Per node: the nearest named ancestor-or-self (-1: none, the path starts at
        // "root") and the levels below it. Parents come before children in pre-order.
        var anchors = [Int32](repeating: -1, count: nodes.count)
        var levels = [Int32](repeating: 0, count: nodes.count)
        for index in nodes.indices {
            let node = nodes[index]
            if let id = namingID(of: index) {
                anchors[index] = Int32(index)
                names.append(id)
                continue
            }
            guard node.parent >= 0 else {
                names.append("root")
                continue
            }
            let parent = Int(node.parent)
            anchors[index] = anchors[parent]
            levels[index] = levels[parent] + 1
            var positions: [Int32] = []
            var current = index
            while positions.count < min(7, Int(levels[index])) {
                positions.append(nodes[current].childIndex)
                current = Int(nodes[current].parent)
            }
            let anchor = anchors[index] >= 0 ? names[Int(anchors[index])] : "root"
            names.append(Self.pathName(anchor: anchor, levels: Int(levels[index]), positions: positions))
        }
        return names
    }

    /// `anchor/children[i]/…`, from the child positions nearest level first; a
    /// path through a very deep chain is shortened, keeping both ends.
    private static func pathName(anchor: String, levels: Int, positions: [Int32]) -> String {
        var components = [anchor]
        if levels + 1 > 8 {
            components.append("…\(levels + 1 - 5) levels…")
            components += positions.prefix(4).reversed().map { "children[\($0)]" }
        } else {
            components += positions.reversed().map { "children[\($0)]" }
        }
        return components.joined(separator: "/")
    }

    /// The node's key in reports: `nodeKeys`' when an importer gave them, else its name.
    public func key(of index: Int) -> String { nodeKeys?[index] ?? name(of: index) }

    /// The node's pointer region insets, when they differ from its hit area.
    public func pointerInsets(of index: Int) -> EdgeInsets? {
        nodes[index].hasPointerInsets ? pointerInsets[Int32(index)] : nil
    }

    /// The id the node is named by: its `id`, unless that is empty. `id: ""`
    /// names nothing, so the node is named by its path, as one without an id
    /// is: two empty ids would otherwise be one name, `''`, in diagnostics and
    /// baselines.
    public func namingID(of index: Int) -> String? {
        guard let id = id(of: index), !id.isEmpty else { return nil }
        return id
    }

    /// The node's `id`, as written (decoded), or nil.
    public func id(of index: Int) -> String? {
        guard nodes[index].origin != nil else {
            let entry = nodes[index].idEntry
            return entry >= 0 ? document.string(Int(entry)) : nil
        }
        if let decoded = decodedIDs[Int32(index)] { return decoded }
        return idSpan(of: index).map { source.string(SourceSpan(start: $0.start + 1, end: $0.end - 1)) }
    }

    /// Where the node's `id` value is, or nil.
    public func idSpan(of index: Int) -> SourceSpan? {
        guard let origin = nodes[index].origin else {
            let entry = nodes[index].idEntry
            return entry >= 0 ? document.span(Int(entry)) : nil
        }
        guard origin.idStart > 0 else { return nil }
        // A read somewhere in a file whose pages were given back after the
        // build: counted, or naming every finding's node would bring the
        // whole file back into memory, at the rules' peak.
        source.bytes.noteScatteredRead(at: Int(origin.idStart))
        // The string was parsed: its closing quote is the first one no backslash escapes.
        let start = Int(origin.idStart)
        return SourceSpan(start: start, end: source.bytes.endOfString(openedAt: start))
    }

    /// Whether the node has a `hitInsets` or `hitSlop` key, when that is
    /// known without reading its members again (nil: not known).
    func hasInsetsKey(_ index: Int) -> Bool? {
        guard nodes[index].origin != nil else { return nodes[index].hitInsetsEntry >= 0 || nodes[index].hitSlopEntry >= 0 }
        return index < streamedSpans.count ? streamedSpans[index].hasInsets : nil
    }

    /// The node's mapping as a document. For a streamed layout its members are
    /// read again from the file (children left out): for fixes and messages,
    /// not for loops over every node.
    public func nodeSource(of index: Int) -> NodeSource {
        guard let origin = nodes[index].origin else { return NodeSource(document: document, object: Int(nodes[index].objectEntry)) }
        let children = origin.childrenEnd > 0 ? Int(origin.childrenStart)..<Int(origin.childrenEnd) : nil
        source.bytes.noteScatteredRead(at: Int(origin.objectStart))
        guard let part = try? JSONParser.parse(source, range: Int(origin.objectStart)..<Int(origin.objectEnd), skipping: children) else {
            return NodeSource(document: Document(source: source), object: -1)
        }
        return NodeSource(document: part, object: 0)
    }

    /// The node's `type`, as written (empty when absent).
    public func type(of index: Int) -> String {
        guard nodes[index].origin == nil else {
            let source = nodeSource(of: index)
            return source.member("type").flatMap { source.document.string($0.value) } ?? ""
        }
        let entry = nodes[index].typeEntry
        return entry >= 0 ? (document.string(Int(entry)) ?? "") : ""
    }

    /// Where a diagnostic about this node sits: its hitInsets, hitSlop or frame
    /// value, else its first key.
    public func anchorSpan(of index: Int) -> SourceSpan {
        guard nodes[index].origin == nil else {
            if index < streamedSpans.count, let span = streamedSpans[index].anchor { return span }
            return span(of: index, keys: ["hitInsets", "hitSlop", "frame", "size"])
        }
        let node = nodes[index]
        for entry in [node.hitInsetsEntry, node.hitSlopEntry, node.frameEntry, node.sizeEntry] where entry >= 0 {
            return document.span(Int(entry))
        }
        return firstKeySpan(of: index)
    }

    /// The node's frame (or size) value, else its first key.
    public func frameSpan(of index: Int) -> SourceSpan {
        guard nodes[index].origin == nil else {
            if index < streamedSpans.count, let span = streamedSpans[index].frame { return span }
            return span(of: index, keys: ["frame", "size"])
        }
        let node = nodes[index]
        for entry in [node.frameEntry, node.sizeEntry] where entry >= 0 {
            return document.span(Int(entry))
        }
        return firstKeySpan(of: index)
    }

    public func firstKeySpan(of index: Int) -> SourceSpan {
        guard nodes[index].origin == nil else { return span(of: index, keys: []) }
        let object = Int(nodes[index].objectEntry)
        guard object >= 0 else { return SourceSpan(start: 0, end: 0) }
        return document.firstKeySpan(object)
    }

    /// A streamed node's first value among `keys`, else its first key (one read of its members).
    private func span(of index: Int, keys: [StaticString]) -> SourceSpan {
        let source = nodeSource(of: index)
        guard source.object >= 0 else {
            let start = Int(nodes[index].origin?.objectStart ?? 0)
            return SourceSpan(start: start, end: start)
        }
        for key in keys {
            if let member = source.member(key) { return source.document.span(member.value) }
        }
        return source.document.firstKeySpan(source.object)
    }

    /// Length in the file's units, for messages that talk about the file.
    public func fileLength(_ points: Double) -> Double { points / pointsPerUnit }
}

/// What an Interface Builder document says about a layout beyond its frames.
public struct InterfaceBuilderFacts: Sendable {
    /// Per node, the constraints that fix its width and height (a constant,
    /// with no second item), where it has them.
    public var sizeConstraints: [Int32: SizeConstraints] = [:]

    public init() {}
}

/// The Auto Layout constraints that set a view's width and height.
public struct SizeConstraints: Sendable, Equatable {
    /// A constraint `width = constant` or `height = constant`: its IB object id and constant, in points.
    public struct Constraint: Sendable, Equatable {
        public var id: String
        public var constant: Double
    }
    public var width: Constraint?
    public var height: Constraint?
}
