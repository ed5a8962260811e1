/// Imports `maestro hierarchy` output: Maestro's `TreeNode` as JSON,
/// `{"attributes": {…}, "children": [node, …], "clickable": …, "enabled": …}`.
///
/// Field meanings (Docs/importers.md; mobile-dev-inc/maestro
/// `maestro-client/src/main/java/maestro/TreeNode.kt`, `drivers/AndroidDriver.kt`
/// `mapHierarchy`, `drivers/IOSDriver.kt` `parseXCUIElementNode`): `bounds` is
/// `[left,top][right,bottom]`, absolute.
///
/// - Android: the nodes of a UI Automator dump with `class`, `resource-id`,
///   `text`, `accessibilityText` (the content description), `clickable`,
///   `enabled`, `checked`, `scrollable`, `selected`; bounds in pixels. Read as
///   every Android capture is (`AndroidCapture`); the dump records no
///   `long-clickable`, no `checkable`, no package (so the system UI's windows
///   cannot be told apart, but for the bar backgrounds), no density.
/// - iOS: `accessibilityText`, `title`, `value`, `text`, `hintText` (the
///   placeholder), `resource-id` (the accessibility identifier), `enabled`,
///   `focused`, `selected`, `checked`; bounds in points. There is no element
///   type and no clickable flag, so which elements are controls cannot be
///   told, and hitlint does not guess: only what the fields prove is a target
///   — `checked: true`, which Maestro sets only on a switch, toggle or
///   checkbox that is on, and a `hintText`, which only text fields have.
///   Everything else is placed (and drawn) but not checked; one note says so.
enum MaestroImporter: Importer {
    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard !document.entries.isEmpty, document.kind(0) == .object,
              FileKind.member(0, "attributes", of: document) >= 0 else {
            return SentryImporter.unreadable(document, "a Maestro hierarchy must be a mapping with 'attributes' and 'children'")
        }
        // Nodes in pre-order, with their parent's position; nodes with neither
        // bounds nor a class (the document's and `hierarchy`'s) are no views.
        var nodes: [Node] = []
        var isAndroid = false
        var stack: [(object: Int, parent: Int?)] = [(0, nil)]
        while let (object, parent) = stack.popLast() {
            guard document.kind(object) == .object else { continue }
            let node = read(object, document: document)
            isAndroid = isAndroid || node.clickableField >= 0 || node.view.className >= 0
            var position = parent
            if node.view.anchor >= 0 || node.view.className >= 0 {
                var kept = node
                kept.view.parent = parent
                position = nodes.count
                nodes.append(kept)
            }
            if node.children >= 0, document.kind(node.children) == .array {
                for child in document.elements(node.children).reversed() { stack.append((child, position)) }
            }
        }
        var bannerNote: Diagnostic?
        let root = document.span(0).start
        if root > 0, document.source.bytes[0] > 0x20 {
            // Read after the banner `maestro hierarchy` prints (`CaptureBanner`).
            bannerNote = Diagnostic(rule: RuleID.importNote, severity: .info,
                                    message: "the file starts with Maestro's own output before the JSON ('\(CaptureBanner.firstLine(in: document.source.bytes, before: root))'): "
                                        + "skipped, the hierarchy after it is read",
                                    span: SourceSpan(start: 0, end: root))
        }
        var result = hierarchy(document, nodes: nodes, isAndroid: isAndroid, options: options)
        if let bannerNote { result.diagnostics.insert(bannerNote, at: 0) }
        return result
    }

    private static func hierarchy(_ document: Document, nodes: [Node], isAndroid: Bool, options: ImportOptions)
        -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard !nodes.isEmpty else {
            return SentryImporter.nothingToLint(document, "the hierarchy has no views with bounds: nothing to lint", entry: 1)
        }
        if isAndroid {
            var tree = AndroidTree()
            tree.views = nodes.map(\.view)
            tree.linkByParents()
            var format = AndroidCaptureFormat(boundsSyntax: "[left,top][right,bottom]")
            format.documentEntry = 1
            return AndroidCapture.importLayout(document, tree: tree, format: format, options: options)
        }
        return iOSLayout(document, nodes: nodes, options: options)
    }

    struct Node {
        var view = AndroidView()
        var children = -1
        var clickableField = -1
        var hintText = -1
        var checked = false
        var accessibilityText = -1
        var title = -1
    }

    private static func read(_ object: Int, document: Document) -> Node {
        var node = Node()
        node.view.object = object
        var attributes = -1
        for (key, value) in document.members(object) {
            if document.stringEquals(key, "attributes") { attributes = value }
            else if document.stringEquals(key, "children") { node.children = value }
            else if document.stringEquals(key, "clickable") {
                node.clickableField = value
                node.view.clickable = document.flag(value) ?? false
            } else if document.stringEquals(key, "enabled") { node.view.enabled = document.flag(value) }
            else if document.stringEquals(key, "checked") { node.checked = document.flag(value) ?? false }
        }
        guard attributes >= 0, document.kind(attributes) == .object else { return node }
        for (key, value) in document.members(attributes) where document.kind(value) == .string {
            if document.stringEquals(key, "bounds") {
                node.view.anchor = value
                if let (left, top, right, bottom) = document.withContent(value, { CaptureText.bracketedBounds($0) }) {
                    node.view.frame = CaptureText.rect(left: left, top: top, right: right, bottom: bottom)
                }
            } else if document.stringEquals(key, "class") { node.view.className = value }
            else if document.stringEquals(key, "resource-id") { node.view.resourceID = value }
            else if document.stringEquals(key, "text") { node.view.text = value }
            else if document.stringEquals(key, "accessibilityText") {
                node.view.contentDescription = value
                node.accessibilityText = value
            } else if document.stringEquals(key, "title") { node.title = value }
            else if document.stringEquals(key, "hintText") { node.hintText = value }
            else if document.stringEquals(key, "clickable"), node.clickableField < 0 { node.view.clickable = document.flag(value) ?? false }
            else if document.stringEquals(key, "enabled"), node.view.enabled == nil { node.view.enabled = document.flag(value) }
            else if document.stringEquals(key, "checked"), document.flag(value) == true { node.checked = true }
            else if document.stringEquals(key, "scrollable") { node.view.scrollable = document.flag(value) ?? false }
        }
        return node
    }

    /// iOS: points, no element types; targets only where the fields prove one.
    private static func iOSLayout(_ document: Document, nodes: [Node], options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        // The screen: the largest box at the origin among the top nodes (the
        // app's window; the first node is a synthetic root of 0×0).
        var windows: [Rect] = []
        for node in nodes where node.view.parent == nil || nodes[node.view.parent!].view.frame?.isEmpty ?? true {
            if let frame = node.view.frame, !frame.isEmpty { windows.append(frame) }
        }
        let screen = Screen.choose(windows: windows.isEmpty ? [] : [windows.max { $0.area < $1.area }!], recorded: nil)
        var assembler = CaptureAssembler(document: document, platform: .android, modality: .touch, options: options, screen: screen.rect)
        var layoutIndex = [Int](repeating: 0, count: nodes.count)
        var targets = 0
        var withoutBounds: (count: Int, first: Int) = (0, -1)
        for (position, node) in nodes.enumerated() {
            let parent = node.view.parent.map { layoutIndex[$0] } ?? 0
            layoutIndex[position] = parent
            guard let frame = node.view.frame else {
                withoutBounds.count += 1
                if withoutBounds.first < 0 { withoutBounds.first = node.view.anchor >= 0 ? node.view.anchor : node.view.object }
                continue
            }
            if frame.isEmpty {
                // The synthetic roots ([0,0][0,0]) hold the windows: no view to count.
                if node.view.parent != nil { assembler.leaveOut(.zeroSize, entry: node.view.anchor) }
                continue
            }
            guard assembler.isOnScreen(frame) else {
                assembler.leaveOut(.offScreen, entry: node.view.anchor)
                continue
            }
            var layoutNode = LayoutNode()
            layoutNode.objectEntry = Int32(node.view.object)
            layoutNode.frameEntry = Int32(node.view.anchor)
            layoutNode.idEntry = Int32(node.view.resourceID)
            layoutNode.frame = frame
            let hasHint = node.hintText >= 0 && !(document.string(node.hintText) ?? "").isEmpty
            layoutNode.isTarget = node.checked || hasHint
            layoutNode.isEnabled = node.view.enabled ?? true
            let name = name(node, document: document)
            let index = assembler.append(layoutNode, parent: parent, name: name.text, nameIsID: name.isID)
            layoutIndex[position] = index
            if assembler.layout.nodes[index].isTarget { targets += 1 }
        }
        let proven = targets == 0 ? "none of its elements is" : targets == 1 ? "1 element is" : "\(targets) elements are"
        assembler.note("Maestro's iOS hierarchy records no element type and no clickable flag, so which elements are controls "
                       + "cannot be told, and only those a field proves to be one are checked (a switch, toggle or checkbox "
                       + "that is on; a text field with a placeholder): \(proven). An Appium page source of the screen can be checked in full",
                       entry: 1)
        if withoutBounds.count > 0 {
            assembler.note("\(withoutBounds.count) node\(withoutBounds.count == 1 ? " has" : "s have") no bounds [left,top][right,bottom]: left out, their children kept",
                           entry: withoutBounds.first)
        }
        var result = assembler.finish(namesEntry: 1)
        result.layout.guideline = .uikit
        result.layout.zOrderIsInferred = true
        return result
    }

    /// The identifier, else what VoiceOver says, else the text.
    private static func name(_ node: Node, document: Document) -> (text: String, isID: Bool) {
        for (entry, isID) in [(node.view.resourceID, true), (node.accessibilityText, false), (node.title, false), (node.view.text, false)] where entry >= 0 {
            if let text = document.string(entry), !text.isEmpty { return (text.count > 40 ? String(text.prefix(40)) + "…" : text, isID) }
        }
        return ("element", false)
    }
}
