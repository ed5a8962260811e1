/// Imports a view hierarchy of the RICO dataset (`<id>.json`):
/// `{"activity_name": …, "activity": {"root": view}, "is_keyboard_deployed": …, "request_id": …}`,
/// each view with `class`, `ancestors`, `bounds`, `rel-bounds`, `clickable`,
/// `long-clickable`, `enabled`, `visibility`, `visible-to-user`, `package`,
/// `scrollable-horizontal`, `scrollable-vertical`, `resource-id`, `text`,
/// `content-desc` and `children`.
///
/// Field meanings (Docs/importers.md; interactionmining.org/rico, Deka et al.,
/// "Rico: A Mobile App Dataset for Building Data-Driven Design Applications",
/// UIST 2017, and the files themselves, where the paper is silent): `bounds` is
/// `[left, top, right, bottom]` in pixels of the 1440×2560 screen every RICO
/// capture was taken on (`rel-bounds` the same relative to the parent: a
/// parent's `bounds` plus a child's `rel-bounds` origin is the child's);
/// `visibility` is the view's (`visible`, `invisible`, `gone`) and
/// `visible-to-user` whether it shows; `content-desc` is a list; `children`
/// may hold `null`. No density is recorded: inferred from the system bars as
/// for every Android capture, else 3.5 px per dp, the density the dataset's
/// screens show (their status bar is 84 px, 24 dp at 3.5; the navigation bar
/// 168 px, 48 dp). Mapped as every Android capture is (`AndroidCapture`).
enum RICOImporter: Importer {
    /// Every RICO screen: 1440×2560 pixels.
    static let screenSize = (width: 1440.0, height: 2560.0)
    static let fallbackDensity = (scale: 3.5, text: "3.5 px per dp (560 dpi), the density RICO's screens show (a status bar of 84 px is 24 dp)")

    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        let activity = FileKind.member(0, "activity", of: document)
        let root = FileKind.member(activity, "root", of: document)
        guard root >= 0, document.kind(root) == .object else {
            return SentryImporter.unreadable(document, "a RICO view hierarchy must be a mapping with 'activity': {'root': view}",
                                             entry: activity >= 0 ? activity : 0)
        }
        var tree = AndroidTree()
        var stack: [(object: Int, parent: Int?)] = [(root, nil)]
        while let (object, parent) = stack.popLast() {
            guard document.kind(object) == .object else { continue }  // `null` children
            let position = tree.views.count
            var children = -1
            tree.views.append(read(object, parent: parent, children: &children, document: document))
            if children >= 0, document.kind(children) == .array {
                for child in document.elements(children).reversed() { stack.append((child, position)) }
            }
        }
        tree.linkByParents()
        var format = AndroidCaptureFormat(boundsSyntax: "[left, top, right, bottom]")
        format.documentEntry = root
        format.recordedSize = screenSize
        format.recordedSizeDataset = "RICO"
        format.fallbackDensity = fallbackDensity
        var result = AndroidCapture.importLayout(document, tree: tree, format: format, options: options)
        // The keyboard's own views are not in the tree: say so rather than
        // check what it covers as if it were not there.
        let keyboard = FileKind.member(0, "is_keyboard_deployed", of: document)
        if keyboard >= 0, document.flag(keyboard) == true {
            result.diagnostics.append(Diagnostic(
                rule: RuleID.importNote, severity: .info,
                message: "the keyboard was open (is_keyboard_deployed), but its views are not in the capture: "
                    + "targets under it are checked as if it were not there",
                span: document.span(keyboard)))
        }
        return result
    }

    private static func read(_ object: Int, parent: Int?, children: inout Int, document: Document) -> AndroidView {
        var view = AndroidView()
        view.object = object
        view.parent = parent
        var visibleToUser: Bool?
        var invisible = false
        for (key, value) in document.members(object) {
            if document.stringEquals(key, "bounds") { view.anchor = value }
            else if document.stringEquals(key, "class") { view.className = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "resource-id") { view.resourceID = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "package") { view.package = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "content-desc") {
                // A list (`[null]`, `["Share"]`): its first string.
                if document.kind(value) == .array, let first = document.elements(value).first, document.kind(first) == .string {
                    view.contentDescription = first
                } else if document.kind(value) == .string {
                    view.contentDescription = value
                }
            } else if document.stringEquals(key, "clickable") { view.clickable = document.flag(value) ?? false }
            else if document.stringEquals(key, "long-clickable") { view.longClickable = document.flag(value) ?? false }
            else if document.stringEquals(key, "enabled") { view.enabled = document.flag(value) }
            else if document.stringEquals(key, "focusable") { view.focusable = document.flag(value) }
            else if document.stringEquals(key, "scrollable-horizontal") || document.stringEquals(key, "scrollable-vertical") {
                let scrolls = document.flag(value) ?? false
                view.scrollable = view.scrollable || scrolls
                var axis = view.scrollAxis ?? (false, false)
                if document.stringEquals(key, "scrollable-horizontal") { axis.sideways = scrolls } else { axis.upAndDown = scrolls }
                view.scrollAxis = axis
            } else if document.stringEquals(key, "visible-to-user") { visibleToUser = document.flag(value) }
            else if document.stringEquals(key, "visibility") {
                view.isGone = document.stringEquals(value, "gone")
                invisible = document.stringEquals(value, "invisible")
            } else if document.stringEquals(key, "children") { children = value }
        }
        view.visible = invisible ? false : visibleToUser
        if view.scrollAxis.map({ !$0.sideways && !$0.upAndDown }) ?? false { view.scrollAxis = nil }
        if view.anchor >= 0, document.kind(view.anchor) == .array {
            let corners = document.elements(view.anchor)
            if corners.count == 4, let left = document.number(corners[0]), let top = document.number(corners[1]),
               let right = document.number(corners[2]), let bottom = document.number(corners[3]),
               left.isFinite, top.isFinite, right.isFinite, bottom.isFinite {
                view.frame = CaptureText.rect(left: left, top: top, right: right, bottom: bottom)
            }
        }
        return view
    }
}
