/// Builds a `Layout` from captured views handed over in pre-order, the part the
/// importers share: the screen, parent links and child positions, subtree
/// ends, unique names, nested controls merged into one target, web content,
/// modal layers, what was left out, and `import-note` diagnostics.
///
/// Frames are handed over in the file's own units (pixels for Android
/// captures) and converted once, in `finish`: the density may only be known
/// once the whole capture has been read (`DensityInference`), and comparing
/// views with the screen in the file's units keeps a view that starts at the
/// screen's far edge off it, where a conversion on one side only would leave a
/// sliver of rounding error.
struct CaptureAssembler {
    private(set) var layout: Layout
    private(set) var diagnostics: [Diagnostic] = []
    private var names: [String] = []
    private var nameCounts: [String: Int] = [:]
    private var repeatedNames: [String] = []
    private var repeatedIDs = 0
    private var childCounts: [Int32] = []
    /// Nearest target among each node and its ancestors, or -1.
    private var owningTarget: [Int32] = []
    /// Per node, whether it or an ancestor is hidden or transparent.
    private var isInvisible: [Bool] = []
    /// Views that may be a modal layer when they cover the screen (`append`).
    private var modalCandidates: [Int] = []
    /// A modal layer an importer knows for certain (an open navigation drawer).
    private var declaredModal: (node: Int, what: String)?
    /// What was left out, by reason, in the order first met, with the entry of the first.
    private var leftOut: [(reason: LeftOut, count: Int, entry: Int)] = []
    /// Views the capture calls clickable that are taken for no control, by reason, with the entry of the first.
    private var notControls: [(reason: NotAControl, count: Int, entry: Int)] = []

    /// Why a captured view is not in the layout.
    enum LeftOut: String {
        case notVisible = "not visible to the user"
        case zeroSize = "of zero size"
        case offScreen = "entirely off the screen"
        case gone = "gone"
    }

    /// Why a view the capture marks as a target is taken for no control.
    enum NotAControl: String {
        case strip = "thinner than 4 pt (a strip or a line)"
        case emptyText = "texts that show nothing or only punctuation, with no description"
        case selectableText = "selectable texts (clickable and long-clickable, not an editor)"
        case disabledListItem = "disabled list items (a section header, a divider, a page indicator's dots)"
        case readOnlyText = "read-only text views"
    }

    /// The thinnest a target can be and still be a control: a finger cannot
    /// aim at a strip or a line thinner than this (a divider or an underline
    /// the app left clickable), in points.
    static let thinnestControl = 4.0

    /// Counts a view taken for no control (one note at the end says how many, and why).
    mutating func countNotAControl(_ reason: NotAControl, entry: Int) {
        if let position = notControls.firstIndex(where: { $0.reason == reason }) {
            notControls[position].count += 1
        } else {
            notControls.append((reason, 1, entry))
        }
    }

    /// The screen, in file units: the frame of the root node named `screen`.
    private(set) var screen: Rect

    /// Whether a view in front that covers the screen is taken as a modal
    /// layer (`markModalLayer`): a capture's order only suggests which view is
    /// in front, but an Interface Builder document's subviews are in the order
    /// UIKit draws and hit-tests them, so what covers a target there covers it.
    var detectsModalLayers = true

    init(document: Document, platform: Platform, modality: InputModality?, options: ImportOptions, screen: Rect,
         rootName: String = "screen") {
        layout = Layout(document: document)
        layout.platform = options.platform ?? platform
        layout.modality = options.modality ?? modality ?? .touch
        layout.coordinates = .absolute
        self.screen = screen
        var root = LayoutNode()
        root.objectEntry = 0
        root.frame = screen
        // The screen shows nothing beyond its edges.
        root.clipsToBounds = true
        append(root, parent: -1, name: rootName, nameIsID: false)
    }

    /// Sets the screen (and the root's frame) once an importer knows it: an
    /// Interface Builder canvas, whose size follows from its views.
    mutating func setScreen(_ rect: Rect) {
        screen = rect
        layout.nodes[0].frame = rect
    }

    var document: Document { layout.document }
    var count: Int { layout.nodes.count }
    func frame(of index: Int) -> Rect { layout.nodes[index].frame }
    /// An alpha for a node about to be appended.
    mutating func setAlpha(of node: inout LayoutNode, _ alpha: Double) { layout.setExtras(of: &node, alpha: alpha) }

    /// The nearest target among `index` and its ancestors.
    func owningTarget(of index: Int) -> Int? {
        let owner = owningTarget[index]
        return owner >= 0 ? Int(owner) : nil
    }

    /// Whether a view of this frame (file units) shows on the screen at all.
    /// Strict: a view that starts at the screen's far edge is off it.
    func isOnScreen(_ frame: Rect) -> Bool { screen.isEmpty || frame.intersects(screen) }

    /// Counts a view left out (one note at the end says how many, and why).
    mutating func leaveOut(_ reason: LeftOut, entry: Int) {
        if let position = leftOut.firstIndex(where: { $0.reason == reason }) {
            leftOut[position].count += 1
        } else {
            leftOut.append((reason, 1, entry))
        }
    }

    /// Appends a node (frame absolute, in file units) as the last child of
    /// `parent` and returns its index. Nodes must come in pre-order.
    ///
    /// A target inside another target is the same control when it has the same
    /// frame (Flutter's IconButton → InkWell → GestureDetector) or is a part of
    /// it (`isPartOfControl`: UIKit's `_UIModernBarButton` in a
    /// `_UIButtonBarButton`, Flutter's 40×40 InkWell in a 48×48 IconButton): it
    /// stops being a target of its own, and touches on it count for the outer
    /// one (SPEC §3, rule 4), as they do in the app. Inside web content every
    /// node is web content; a web view's host clips it, as a native view only
    /// draws inside itself.
    @discardableResult
    mutating func append(_ node: LayoutNode, parent: Int, name: String, nameIsID: Bool, isPartOfControl: Bool = false,
                         mayBeModal: Bool = false, nameIsUnique: Bool = false) -> Int {
        var node = node
        let index = layout.nodes.count
        node.parent = Int32(parent)
        node.subtreeEnd = Int32(index + 1)
        var invisible = node.isHidden || node.isTransparent
        if parent >= 0 {
            node.childIndex = childCounts[parent]
            childCounts[parent] += 1
            let owner = Int(owningTarget[parent])
            if node.isTarget, owner >= 0,
               isPartOfControl || Self.sameFrame(layout.nodes[owner].frame, node.frame) {
                node.isTarget = false
            }
            invisible = invisible || isInvisible[parent]
            if layout.nodes[parent].isWebContent {
                node.isWebContent = true
            } else if node.isWebContent {
                node.clipsToBounds = true
                layout.nodes[parent].clipsToBounds = true
            }
        }
        owningTarget.append(node.isTarget ? Int32(index) : (parent >= 0 ? owningTarget[parent] : -1))
        isInvisible.append(invisible)
        childCounts.append(0)
        if (mayBeModal || node.isTarget), !invisible, !node.isWebContent { modalCandidates.append(index) }
        layout.nodes.append(node)
        names.append(nameIsUnique ? name : uniqueName(name, isID: nameIsID))
        return index
    }

    /// The importer knows this view is a modal layer (an open drawer over its
    /// content): everything before it in the capture is inactive.
    mutating func declareModal(_ index: Int, what: String) {
        if declaredModal.map({ index > $0.node }) ?? true { declaredModal = (index, what) }
    }

    private static func sameFrame(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) <= 0.5 && abs(a.minY - b.minY) <= 0.5
            && abs(a.maxX - b.maxX) <= 0.5 && abs(a.maxY - b.maxY) <= 0.5
    }

    /// Captures repeat ids (list rows share their resource ids) and, for views
    /// without one, class names: the second `title` is `title[2]`, so
    /// diagnostics and baselines can tell them apart. Repeated ids are noted.
    mutating func uniqueName(_ name: String, isID: Bool = false) -> String {
        let seen = nameCounts[name, default: 0] + 1
        nameCounts[name] = seen
        guard seen > 1 else { return name }
        if isID {
            repeatedIDs += 1
            if seen == 2, repeatedNames.count < 3 { repeatedNames.append(name) }
        }
        return "\(name)[\(seen)]"
    }

    /// An info diagnostic about the capture, on `entry`'s value.
    mutating func note(_ message: String, entry: Int, node: String? = nil, nodeIndex: Int? = nil) {
        let span = entry >= 0 && entry < document.entries.count ? document.span(entry) : SourceSpan(start: 0, end: 0)
        diagnostics.append(Diagnostic(rule: RuleID.importNote, severity: .info, message: message, span: span,
                                      node: node, nodeIndex: nodeIndex))
    }

    /// Subtree ends, the names, the modal layer, lengths in points (`pixelScale`:
    /// file pixels per point, nil when the file is in points already), and
    /// notes on what was left out and on repeated ids.
    mutating func finish(namesEntry: Int, pixelScale: Double? = nil) -> (layout: Layout, diagnostics: [Diagnostic]) {
        let count = layout.nodes.count
        for index in stride(from: count - 1, through: 1, by: -1) {
            let parent = Int(layout.nodes[index].parent)
            layout.nodes[parent].subtreeEnd = max(layout.nodes[parent].subtreeEnd, layout.nodes[index].subtreeEnd)
        }
        layout.importedNames = names
        if detectsModalLayers { markModalLayer() }
        if let scale = pixelScale {
            layout.units = .px
            layout.scale = scale
            layout.pointsPerUnit = 1 / scale
            for index in 0..<count {
                let frame = layout.nodes[index].frame
                layout.nodes[index].frame = Rect(minX: frame.minX / scale, minY: frame.minY / scale,
                                                 maxX: frame.maxX / scale, maxY: frame.maxY / scale)
            }
        }
        // Strips: measured in points, so once the density is known.
        for index in 1..<max(count, 1) where layout.nodes[index].isTarget {
            let frame = layout.nodes[index].frame
            let points = min(frame.width, frame.height) * (pixelScale == nil ? layout.pointsPerUnit : 1)
            guard points < Self.thinnestControl else { continue }
            layout.nodes[index].isTarget = false
            let node = layout.nodes[index]
            countNotAControl(.strip, entry: Int(node.frameEntry >= 0 ? node.frameEntry : node.objectEntry))
        }
        if !notControls.isEmpty {
            let total = notControls.reduce(0) { $0 + $1.count }
            let reasons = notControls.map { "\($0.count) \($0.reason.rawValue)" }
            note("\(total) view\(total == 1 ? " the capture marks as a target is" : "s the capture marks as targets are") taken for no control "
                 + "and not checked: \(englishList(reasons))", entry: notControls[0].entry)
        }
        if let first = leftOut.first {
            let total = leftOut.reduce(0) { $0 + $1.count }
            let reasons = leftOut.map { "\($0.count) \($0.reason.rawValue)" }
            note("left out \(total) view\(total == 1 ? "" : "s") that cannot be touched: \(englishList(reasons))", entry: first.entry)
        }
        let repeated = repeatedIDs
        if repeated > 0 {
            let examples = repeatedNames.map { "'\($0)' ×\(nameCounts[$0]!)" }
            note("\(repeated) view\(repeated == 1 ? " repeats" : "s repeat") an id already used (\(englishList(examples))); "
                 + "diagnostics name them 'name[2]', 'name[3]', … in file order", entry: namesEntry)
        }
        return (layout, diagnostics)
    }

    /// The share of the screen a view must cover to be taken as a modal layer:
    /// scrims and barriers span the whole screen or window; a sheet's or
    /// dialog's own content does not.
    static let modalCoverage = 0.9

    /// The frontmost view in front of targets that covers the screen and takes
    /// touches (a declared modal, or a target or modal class covering
    /// `modalCoverage` of the screen) is a modal layer: it is not a target to
    /// check itself, and what lies behind it is inactive (`Geometry.frontModal`).
    /// One note names it and counts the targets it puts out of play.
    private mutating func markModalLayer() {
        let screenArea = screen.area
        var modal = declaredModal?.node ?? -1
        var what = declaredModal?.what ?? ""
        if screenArea > 0 {
            for candidate in modalCandidates.reversed() where candidate > modal {
                let covered = layout.nodes[candidate].frame.intersection(screen)
                guard !covered.isEmpty, covered.area >= Self.modalCoverage * screenArea else { continue }
                modal = candidate
                what = "covers the screen and takes every touch: a modal layer (a dialog's or drawer's scrim, or a barrier)"
                break
            }
        }
        guard modal > 0 else { return }
        // Targets behind it: before it in pre-order and not its ancestors.
        var behind = 0
        for index in 1..<modal where layout.nodes[index].isTarget && Int(layout.nodes[index].subtreeEnd) <= modal
            && !isInvisible[index] {
            behind += 1
        }
        guard behind > 0 else { return }
        layout.nodes[modal].isModal = true
        layout.nodes[modal].isTarget = false
        let node = layout.nodes[modal]
        let entry = Int(node.typeEntry >= 0 ? node.typeEntry : node.objectEntry)
        note("'\(names[modal])' \(what); the \(behind) target\(behind == 1 ? "" : "s") behind it \(behind == 1 ? "is" : "are") inactive while it shows and not checked",
             entry: entry, node: names[modal], nodeIndex: modal)
    }
}
