/// Builds a `Layout` from captured views handed over in pre-order, the part both
/// importers share: parent links and child positions, subtree ends, unique
/// names, nested controls merged into one target, and `import-note` diagnostics.
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

    init(document: Document, platform: Platform, input: InputModality?, options: ImportOptions) {
        layout = Layout(document: document)
        layout.platform = options.platform ?? platform
        layout.input = options.input ?? input ?? .touch
        layout.coordinates = .absolute
    }

    /// Lengths in the file are pixels at `scale` per point; frames handed to
    /// `append` are already in points.
    mutating func setPixelUnits(scale: Double) {
        layout.units = .px
        layout.scale = scale
        layout.pointsPerUnit = 1 / scale
    }

    var document: Document { layout.document }
    var count: Int { layout.nodes.count }
    func frame(of index: Int) -> Rect { layout.nodes[index].frame }
    mutating func setFrame(of index: Int, _ frame: Rect) { layout.nodes[index].frame = frame }
    /// An alpha for a node about to be appended.
    mutating func setAlpha(of node: inout LayoutNode, _ alpha: Double) { layout.setExtras(of: &node, alpha: alpha) }

    /// Appends a node (frame absolute, in points) as the last child of `parent`
    /// (-1 for the root) and returns its index. Nodes must come in pre-order.
    ///
    /// A target inside another target is the same control when it has the same
    /// frame (Flutter's IconButton → InkWell → GestureDetector) or is a private
    /// part of it (UIKit's `_UIModernBarButton` in a `_UIButtonBarButton`): it
    /// stops being a target of its own, and touches on it count for the outer
    /// one (SPEC §3, rule 4), as they do in the app.
    @discardableResult
    mutating func append(_ node: LayoutNode, parent: Int, name: String, nameIsID: Bool, isPrivatePart: Bool = false) -> Int {
        var node = node
        let index = layout.nodes.count
        node.parent = Int32(parent)
        node.subtreeEnd = Int32(index + 1)
        if parent >= 0 {
            node.childIndex = childCounts[parent]
            childCounts[parent] += 1
            let owner = Int(owningTarget[parent])
            if node.isTarget, owner >= 0,
               isPrivatePart || Self.sameFrame(layout.nodes[owner].frame, node.frame) {
                node.isTarget = false
            }
        }
        owningTarget.append(node.isTarget ? Int32(index) : (parent >= 0 ? owningTarget[parent] : -1))
        childCounts.append(0)
        layout.nodes.append(node)
        names.append(uniqueName(name, isID: nameIsID))
        return index
    }

    private static func sameFrame(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) <= 0.5 && abs(a.minY - b.minY) <= 0.5
            && abs(a.maxX - b.maxX) <= 0.5 && abs(a.maxY - b.maxY) <= 0.5
    }

    /// Captures repeat ids (list rows share their resource ids) and, for views
    /// without one, class names: the second `title` is `title[2]`, so
    /// diagnostics and baselines can tell them apart. Repeated ids are noted.
    private mutating func uniqueName(_ name: String, isID: Bool) -> String {
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

    /// Subtree ends, the names, and a note on repeated ids.
    mutating func finish(namesEntry: Int) -> (layout: Layout, diagnostics: [Diagnostic]) {
        let count = layout.nodes.count
        for index in stride(from: count - 1, through: 1, by: -1) {
            let parent = Int(layout.nodes[index].parent)
            layout.nodes[parent].subtreeEnd = max(layout.nodes[parent].subtreeEnd, layout.nodes[index].subtreeEnd)
        }
        layout.importedNames = names
        let repeated = repeatedIDs
        if repeated > 0 {
            let examples = repeatedNames.map { "'\($0)' ×\(nameCounts[$0]!)" }
            note("\(repeated) view\(repeated == 1 ? " repeats" : "s repeat") an id already used (\(englishList(examples))); "
                 + "diagnostics name them 'name[2]', 'name[3]', … in file order", entry: namesEntry)
        }
        return (layout, diagnostics)
    }
}
