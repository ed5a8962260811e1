/// Imports an Android `uiautomator dump` (`window_dump.xml`) or an Appium
/// UiAutomator2 page source (`driver.page_source`), the same format:
///
///     <hierarchy rotation="0">
///       <node index="0" text="" resource-id="app:id/ok" class="android.widget.Button"
///             package="app" content-desc="" checkable="false" clickable="true"
///             enabled="true" … bounds="[0,2161][1080,2242]"> … </node>
///     </hierarchy>
///
/// Field meanings (Docs/importers.md): each `node` is an
/// `AccessibilityNodeInfo` (androidx `test/uiautomator/…/AccessibilityNodeInfoDumper.java`,
/// platform `cmds/uiautomator/…/AccessibilityNodeInfoDumper.java`): `bounds` is
/// `[left,top][right,bottom]` in screen pixels, cut to the display (the
/// platform's dumper) or to what the view's parents show (androidx's
/// `getVisibleBoundsInScreen`); the flags are the node's; children not
/// visible to the user are not dumped. `hierarchy` holds one root per window
/// (androidx dumps every window: the status bar's and the keyboard's too).
/// Appium's UiAutomator2 driver (appium-uiautomator2-server
/// `AccessibilityNodeInfoDumper.java`, `Attribute.java`) writes the same
/// attributes, with the class name as the element's name, `displayed` for
/// visibility, and the display's `width` and `height` on `hierarchy`. No density
/// is recorded. A dump of a screen with nothing to read is `<hierarchy rotation="0"/>`.
///
/// Mapped as every Android capture is (`AndroidCapture`): targets by flags
/// (Compose's clickable `View` around a `Button` that is not), the screen from
/// the tree, the density inferred, the system windows skipped. Diagnostics sit
/// on the element's name.
enum UIAutomatorImporter: Importer {
    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard document.isXMLElement(0) else {
            return SentryImporter.unreadable(document, "a UI Automator dump must be an XML document whose root element is <hierarchy>")
        }
        var format = AndroidCaptureFormat(boundsSyntax: "[left,top][right,bottom]")
        format.documentEntry = 1
        var width: Double?, height: Double?
        for (key, value) in document.members(2) {
            if document.stringEquals(key, "width") { width = document.numberValue(value); format.recordedSizeEntry = value }
            else if document.stringEquals(key, "height") { height = document.numberValue(value) }
        }
        if let width, let height, width.isFinite, height.isFinite, width > 0, height > 0 { format.recordedSize = (width, height) }
        var tree = AndroidTree()
        // Elements in pre-order, each with its parent's position; the root element
        // (`hierarchy`) is no view (a dump of one window without it: its root is one).
        let rootIsView = !document.stringEquals(1, "hierarchy")
        var stack: [(element: Int, parent: Int?)] = rootIsView ? [(0, nil)] : document.childElements(0).reversed().map { ($0, nil) }
        while let (element, parent) = stack.popLast() {
            let position = tree.views.count
            tree.views.append(read(element, parent: parent, document: document))
            for child in document.childElements(element).reversed() { stack.append((child, position)) }
        }
        tree.linkByParents()
        guard !tree.views.isEmpty else {
            return SentryImporter.nothingToLint(document, "the dump has no views (UI Automator writes an empty <hierarchy> when it cannot read the screen): nothing to lint",
                                                entry: 1)
        }
        return AndroidCapture.importLayout(document, tree: tree, format: format, options: options)
    }

    private static func read(_ element: Int, parent: Int?, document: Document) -> AndroidView {
        var view = AndroidView()
        // The attributes' mapping is the view's (where a fix's advice would put a key).
        view.object = element + 2
        view.parent = parent
        view.anchor = element + 1
        var bounds = -1
        // `displayed` (Appium) and `visible-to-user` say the same: hidden when either says so.
        func hidden(_ flag: Bool?) {
            guard let flag else { return }
            view.visible = (view.visible ?? true) && flag
        }
        for (key, value) in document.members(element + 2) {
            guard let first = document.withContent(key, { $0.first }) else { continue }
            // Dispatch on the first byte: a dump has some twenty attributes per node.
            switch first {
            case UInt8(ascii: "b"):
                if document.stringEquals(key, "bounds") { bounds = value }
            case UInt8(ascii: "c"):
                if document.stringEquals(key, "class") { view.className = value }
                else if document.stringEquals(key, "clickable") { view.clickable = document.flag(value) ?? false }
                else if document.stringEquals(key, "checkable") { view.checkable = document.flag(value) ?? false }
                else if document.stringEquals(key, "content-desc") { view.contentDescription = value }
            case UInt8(ascii: "d"):
                if document.stringEquals(key, "displayed") { hidden(document.flag(value)) }
            case UInt8(ascii: "e"):
                if document.stringEquals(key, "enabled") { view.enabled = document.flag(value) }
            case UInt8(ascii: "f"):
                if document.stringEquals(key, "focusable") { view.focusable = document.flag(value) }
            case UInt8(ascii: "l"):
                if document.stringEquals(key, "long-clickable") { view.longClickable = document.flag(value) ?? false }
            case UInt8(ascii: "p"):
                if document.stringEquals(key, "package") { view.package = value }
            case UInt8(ascii: "r"):
                if document.stringEquals(key, "resource-id") { view.resourceID = value }
            case UInt8(ascii: "s"):
                if document.stringEquals(key, "scrollable") { view.scrollable = document.flag(value) ?? false }
            case UInt8(ascii: "t"):
                if document.stringEquals(key, "text") { view.text = value }
            case UInt8(ascii: "v"):
                if document.stringEquals(key, "visible-to-user") { hidden(document.flag(value)) }
            default:
                break
            }
        }
        // Appium names the element after the class (and may leave `class` out).
        if view.className < 0, !document.stringEquals(element + 1, "node") { view.className = element + 1 }
        if bounds >= 0, let (left, top, right, bottom) = document.withContent(bounds, { CaptureText.bracketedBounds($0) }) {
            view.frame = CaptureText.rect(left: left, top: top, right: right, bottom: bottom)
        }
        return view
    }
}
