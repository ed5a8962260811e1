/// Imports a DroidBot UI state (`states/state_*.json`): `{"views": [view, …],
/// "width": …, "height": …, "foreground_activity": …}`.
///
/// Field meanings (honeynet/droidbot `device_state.py`, `adapter/droidbot_app.py`,
/// `adapter/adb.py`; Docs/importers.md): `views` is the accessibility tree
/// flattened in pre-order; a view's `temp_id` is its position in the list,
/// `parent` the position of its parent (-1 for the root) and `children` the
/// positions of its children. `bounds` is `[[left, top], [right, bottom]]` from
/// `AccessibilityNodeInfo.getBoundsInScreen`: absolute screen pixels, already
/// cut to what the view's parents show. `visible` is `isVisibleToUser()`;
/// `clickable`, `long_clickable`, `checkable`, `enabled`, `scrollable` are the
/// node's flags; `class` the widget class, `resource_id` `package:id/name`.
/// `width` and `height` are what `dumpsys display` said, which need not be the
/// screen the views were laid out on (real states record 2340×1080 for a
/// 1080×1920 portrait tree): the screen is the view tree's (`Screen.choose`).
/// When DroidBot reads several windows, the first view is a synthetic root with
/// bounds `[[0, 0], [0, 0]]` and one child per window (system UI and keyboard
/// included). The state records no density: `--scale` gives it, else a
/// top-level `density` (dpi, or a scale factor below 10) when a tool added one,
/// else it is inferred from the system bars and the app bar (`DensityInference`),
/// else `ImportOptions.defaultAndroidScale`, announced in a note.
///
/// A view is a target when it is clickable, long-clickable or checkable (what
/// DroidBot itself taps); a checkable-only view or a clickable text inside a
/// clickable one is part of it. Left out, and counted in one note: views not visible
/// to the user and zero-size views (their children are kept), views entirely
/// off the screen. Skipped with one note: the system UI's and the keyboard's
/// windows, the system-bar backgrounds. A web page's DOM (under a `WebView`,
/// or Firefox's GeckoView) is web content; an open navigation drawer is a
/// modal layer over the content it slides over.
enum DroidBotImporter: Importer {
    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard !document.entries.isEmpty, document.kind(0) == .object else {
            return SentryImporter.unreadable(document, "a DroidBot state must be a mapping with a 'views' list")
        }
        var viewsEntry = -1, widthEntry = -1, heightEntry = -1, densityEntry = -1, foregroundEntry = -1
        for (key, value) in document.members(0) {
            if document.stringEquals(key, "views") { viewsEntry = value }
            else if document.stringEquals(key, "foreground_activity") { foregroundEntry = value }
            else if document.stringEquals(key, "width") { widthEntry = value }
            else if document.stringEquals(key, "height") { heightEntry = value }
            else if document.stringEquals(key, "density") { densityEntry = value }
        }
        guard viewsEntry >= 0, document.kind(viewsEntry) == .array else {
            return SentryImporter.unreadable(document, "a DroidBot state needs 'views', a list of views",
                                             entry: viewsEntry >= 0 ? viewsEntry : 0)
        }
        var format = AndroidCaptureFormat(boundsSyntax: "[[left, top], [right, bottom]]")
        format.documentEntry = viewsEntry
        format.recordedSizeEntry = widthEntry >= 0 ? widthEntry : viewsEntry
        if let width = widthEntry >= 0 ? document.number(widthEntry) : nil,
           let height = heightEntry >= 0 ? document.number(heightEntry) : nil,
           width.isFinite, height.isFinite, width > 0, height > 0 {
            format.recordedSize = (width, height)
        }
        if densityEntry >= 0, let density = document.number(densityEntry), density.isFinite, density > 0 {
            // 420 is dpi (160 dpi = 1 px per dp); 2.625 is already a scale.
            format.recordedDensity = density >= 10 ? density / 160 : density
        }
        let tree = tree(document.elements(viewsEntry), document: document)
        var result = AndroidCapture.importLayout(document, tree: tree, format: format, options: options)
        if let reason = anotherMoment(foregroundEntry, tree: tree, document: document) {
            result.layout.capturedAtAnotherMoment = reason
            let span = document.span(foregroundEntry)
            result.diagnostics.append(Diagnostic(rule: RuleID.importNote, severity: .info,
                                                 message: reason + ", so findings on it are warnings and the screenshot is not drawn under it",
                                                 span: span))
        }
        return result
    }

    /// Why the view tree is of another moment than the state's other records,
    /// if it is: DroidBot reads the foreground activity (`dumpsys activity`),
    /// the screenshot and the accessibility tree one after the other, and an
    /// app that leaves the screen in between leaves a tree of the screen
    /// before (an app's dialog under the launcher's screenshot). Told by the
    /// foreground package, when the tree holds views of other apps and none
    /// of it. The system UI in front, or a tree of the system UI alone (the
    /// notification shade pulled over the app), is of the same moment.
    private static func anotherMoment(_ entry: Int, tree: AndroidTree, document: Document) -> String? {
        guard entry >= 0, let activity = document.string(entry),
              let slash = activity.firstIndex(of: "/"), slash != activity.startIndex else { return nil }
        let foreground = String(activity[..<slash])
        // The system UI in front (the notification shade) leaves the app's tree as it is.
        guard !ControlClasses.isAndroidSystemPackage(foreground) else { return nil }
        var packages: [String] = []
        var seen = Set<Int>()
        for view in tree.views where view.package >= 0 && seen.insert(view.package).inserted {
            guard let package = document.string(view.package), !package.isEmpty else { continue }
            if package == foreground { return nil }
            // `android`: the framework's own windows (an "app built for an older Android" alert) over the foreground app.
            if package != "android", !ControlClasses.isAndroidSystemPackage(package), !packages.contains(package) { packages.append(package) }
        }
        guard !packages.isEmpty else { return nil }
        let shown = activity.count > 80 ? String(activity.prefix(80)) + "…" : activity
        return "the state's foreground activity is '\(shown)', but its views are of \(englishList(packages.prefix(3).map { "'\($0)'" })): "
            + "the view tree was taken at another moment than the screen and its screenshot"
    }

    /// The views, and the children of each from its `children` positions (a
    /// position that is no view is a broken link); roots are the views whose
    /// parent is -1, missing, not a view, or themselves.
    private static func tree(_ entries: [Int], document: Document) -> AndroidTree {
        var tree = AndroidTree()
        var childrenEntries = [Int](repeating: -1, count: entries.count)
        tree.views.reserveCapacity(entries.count)
        for (position, object) in entries.enumerated() {
            tree.views.append(read(object, document: document, children: &childrenEntries[position]))
        }
        tree.childStart.reserveCapacity(entries.count + 1)
        tree.childStart.append(0)
        for position in entries.indices {
            defer { tree.childStart.append(Int32(tree.childList.count)) }
            guard tree.views[position].isView else { continue }
            let children = childrenEntries[position]
            guard children >= 0, document.kind(children) == .array else { continue }
            for child in document.elements(children) {
                guard let number = document.number(child), number == number.rounded(), number >= 0,
                      number < Double(entries.count) else {
                    tree.badLinks.count += 1
                    if tree.badLinks.first < 0 { tree.badLinks.first = child }
                    continue
                }
                tree.childList.append(Int32(number))
            }
        }
        for (position, view) in tree.views.enumerated() {
            let parent = view.parent ?? -1
            if parent < 0 || parent >= entries.count || parent == position { tree.roots.append(position) }
        }
        return tree
    }

    /// The keys of a view that hitlint reads.
    private enum ViewKey: String, CaseIterable {
        case parent, bounds, className = "class", resourceID = "resource_id", contentDescription = "content_description"
        case package, clickable, longClickable = "long_clickable", checkable, scrollable, enabled, focusable, visible, children, text
    }
    private static let viewKeys = KeyNames<ViewKey>()

    /// `children`: set to the entry of the view's `children` list, if it has one.
    private static func read(_ object: Int, document: Document, children: inout Int) -> AndroidView {
        var view = AndroidView()
        view.object = object
        guard document.kind(object) == .object else {
            view.isView = false
            return view
        }
        var key = object + 1
        let end = document.next(object)
        while key < end {
            let value = key + 1
            switch viewKeys.name(of: key, in: document) {
            case .parent: view.parent = document.number(value).flatMap { abs($0) < 1e9 ? Int($0) : nil }
            case .bounds: view.anchor = value
            case .className: view.className = document.kind(value) == .string ? value : -1
            case .resourceID: view.resourceID = document.kind(value) == .string ? value : -1
            case .contentDescription: view.contentDescription = document.kind(value) == .string ? value : -1
            case .package: view.package = document.kind(value) == .string ? value : -1
            case .clickable: view.clickable = document.bool(value) ?? false
            case .longClickable: view.longClickable = document.bool(value) ?? false
            case .checkable: view.checkable = document.bool(value) ?? false
            case .scrollable: view.scrollable = document.bool(value) ?? false
            case .enabled: view.enabled = document.bool(value)
            case .focusable: view.focusable = document.bool(value)
            case .visible: view.visible = document.bool(value)
            case .children: children = value
            case .text: view.text = document.kind(value) == .string ? value : -1
            case nil: break
            }
            key = document.next(value)
        }
        if view.parent.map({ $0 < 0 }) ?? false { view.parent = nil }
        view.frame = bounds(view.anchor, document: document)
        return view
    }

    /// `[[left, top], [right, bottom]]` in pixels; nil when malformed.
    private static func bounds(_ entry: Int, document: Document) -> Rect? {
        // Read in place (a view's bounds are four numbers; a list of its lists for each would allocate three).
        func pair(_ entry: Int) -> (Double, Double)? {
            guard document.kind(entry) == .array, document.count(entry) == 2,
                  let first = document.number(entry + 1), let second = document.number(document.next(entry + 1)) else { return nil }
            return (first, second)
        }
        guard entry >= 0, document.kind(entry) == .array, document.count(entry) == 2,
              let (left, top) = pair(entry + 1), let (right, bottom) = pair(document.next(entry + 1)),
              left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
        // Accessibility bounds come inverted for views scrolled out of their
        // parent (cut to the parent's edge): those are empty.
        return Rect(minX: left, minY: top, maxX: max(left, right), maxY: max(top, bottom))
    }
}
