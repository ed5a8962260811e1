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
    private struct Fields {
        var parent: Int?
        var children = -1, bounds = -1, className = -1, resourceID = -1, contentDescription = -1, text = -1, package = -1
        var clickable = false, longClickable = false, checkable = false, scrollable = false
        var enabled: Bool?, visible: Bool?
        /// Bounds in pixels (nil when missing or malformed; inverted bounds are empty).
        var frame: Rect?
    }

    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard !document.entries.isEmpty, document.kind(0) == .object else {
            return SentryImporter.unreadable(document, "a DroidBot state must be a mapping with a 'views' list")
        }
        var viewsEntry = -1, widthEntry = -1, heightEntry = -1, densityEntry = -1
        for (key, value) in document.members(0) {
            if document.stringEquals(key, "views") { viewsEntry = value }
            else if document.stringEquals(key, "width") { widthEntry = value }
            else if document.stringEquals(key, "height") { heightEntry = value }
            else if document.stringEquals(key, "density") { densityEntry = value }
        }
        guard viewsEntry >= 0, document.kind(viewsEntry) == .array else {
            return SentryImporter.unreadable(document, "a DroidBot state needs 'views', a list of views",
                                             entry: viewsEntry >= 0 ? viewsEntry : 0)
        }
        let views = document.elements(viewsEntry)
        let fields = views.map { read($0, document: document) }
        var recorded: (width: Double, height: Double)?
        if let width = widthEntry >= 0 ? document.number(widthEntry) : nil,
           let height = heightEntry >= 0 ? document.number(heightEntry) : nil,
           width.isFinite, height.isFinite, width > 0, height > 0 {
            recorded = (width, height)
        }
        let roots = rootPositions(fields)
        let screen = Screen.choose(windows: windowFrames(roots: roots, fields: fields, document: document), recorded: recorded)
        var assembler = CaptureAssembler(document: document, platform: .android, input: .touch, options: options, screen: screen.rect)
        if let note = screen.note { assembler.note(note, entry: widthEntry >= 0 ? widthEntry : viewsEntry) }

        var inference = DensityInference(screenWidth: screen.rect.width, screenHeight: screen.rect.height)
        for (position, view) in fields.enumerated() where mayTellTheDensity(view, document: document) {
            guard let frame = view.frame else { continue }
            inference.consider(entryName: entryName(view.resourceID, document: document),
                               simpleClass: view.className >= 0 ? ControlClasses.simpleName(document.string(view.className) ?? "") : "",
                               frame: frame, entry: views[position])
        }
        var recordedDensity: Double?
        if densityEntry >= 0, let density = document.number(densityEntry), density.isFinite, density > 0 {
            // 420 is dpi (160 dpi = 1 px per dp); 2.625 is already a scale.
            recordedDensity = density >= 10 ? density / 160 : density
        }
        let density = DensityChoice.settle(given: options.scale, recorded: recordedDensity, inference: inference)
        if let note = density.note {
            assembler.note(note, entry: density.noteEntry ?? (widthEntry >= 0 ? widthEntry : viewsEntry))
        }
        var walk = Walk(document: document, views: views, fields: fields, assembler: assembler)
        walk.run(roots: roots)
        var result = walk.assembler.finish(namesEntry: viewsEntry, pixelScale: density.scale)
        // The accessibility tree's order, which elevation and custom drawing order can contradict.
        result.layout.zOrderIsInferred = true
        return result
    }

    /// Roots: views whose parent is -1 (or missing, or not a view).
    private static func rootPositions(_ fields: [Fields]) -> [Int] {
        var roots: [Int] = []
        for (position, view) in fields.enumerated() {
            let parent = view.parent ?? -1
            if parent < 0 || parent >= fields.count || parent == position { roots.append(position) }
        }
        return roots
    }

    /// The frames of the windows: the roots, or the children of a root without
    /// bounds (DroidBot's synthetic root over several windows).
    private static func windowFrames(roots: [Int], fields: [Fields], document: Document) -> [Rect] {
        var frames: [Rect] = []
        for root in roots {
            if let frame = fields[root].frame, !frame.isEmpty {
                frames.append(frame)
                continue
            }
            guard fields[root].children >= 0, document.kind(fields[root].children) == .array else { continue }
            for child in document.elements(fields[root].children) {
                guard let number = document.number(child), number == number.rounded(), number >= 0,
                      number < Double(fields.count), let frame = fields[Int(number)].frame, !frame.isEmpty else { continue }
                frames.append(frame)
            }
        }
        return frames
    }

    /// `statusBarBackground` of `android:id/statusBarBackground`.
    static func entryName(_ entry: Int, document: Document) -> Substring {
        guard entry >= 0, let id = document.string(entry) else { return "" }
        return ControlClasses.entryName(id)
    }

    /// Whether a view is one `DensityInference` looks at, asked of the bytes
    /// (most views are not, and a capture has tens of thousands).
    private static func mayTellTheDensity(_ view: Fields, document: Document) -> Bool {
        let id = view.resourceID
        if id >= 0 {
            for name: StaticString in ["/statusBarBackground", "/navigationBarBackground", "/action_bar", "/toolbar",
                                       "/button1", "/button2", "/button3"] where document.stringHasSuffix(id, name) {
                return true
            }
        }
        return view.className >= 0 && document.stringHasSuffix(view.className, "Toolbar")
    }

    private static func read(_ object: Int, document: Document) -> Fields {
        var fields = Fields()
        guard document.kind(object) == .object else { return fields }
        var key = object + 1
        let end = document.next(object)
        while key < end {
            let value = key + 1
            if document.stringEquals(key, "parent") { fields.parent = document.number(value).flatMap { abs($0) < 1e9 ? Int($0) : nil } }
            else if document.stringEquals(key, "children") { fields.children = value }
            else if document.stringEquals(key, "bounds") { fields.bounds = value }
            else if document.stringEquals(key, "class") { fields.className = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "resource_id") { fields.resourceID = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "content_description") { fields.contentDescription = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "text") { fields.text = value }
            else if document.stringEquals(key, "package") { fields.package = document.kind(value) == .string ? value : -1 }
            else if document.stringEquals(key, "clickable") { fields.clickable = document.bool(value) ?? false }
            else if document.stringEquals(key, "long_clickable") { fields.longClickable = document.bool(value) ?? false }
            else if document.stringEquals(key, "checkable") { fields.checkable = document.bool(value) ?? false }
            else if document.stringEquals(key, "scrollable") { fields.scrollable = document.bool(value) ?? false }
            else if document.stringEquals(key, "enabled") { fields.enabled = document.bool(value) }
            else if document.stringEquals(key, "visible") { fields.visible = document.bool(value) }
            key = document.next(value)
        }
        fields.frame = bounds(fields.bounds, document: document)
        return fields
    }

    /// `[[left, top], [right, bottom]]` in pixels; nil when malformed.
    private static func bounds(_ entry: Int, document: Document) -> Rect? {
        guard entry >= 0, document.kind(entry) == .array else { return nil }
        let corners = document.elements(entry)
        guard corners.count == 2, corners.allSatisfy({ document.kind($0) == .array && document.count($0) == 2 }) else { return nil }
        let topLeft = document.elements(corners[0]), bottomRight = document.elements(corners[1])
        guard let left = document.number(topLeft[0]), let top = document.number(topLeft[1]),
              let right = document.number(bottomRight[0]), let bottom = document.number(bottomRight[1]),
              left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
        // Accessibility bounds come inverted for views scrolled out of their
        // parent (cut to the parent's edge): those are empty.
        return Rect(minX: left, minY: top, maxX: max(left, right), maxY: max(top, bottom))
    }

    private struct Walk {
        let document: Document
        /// Entry of each view, by position (= temp_id).
        let views: [Int]
        let fields: [Fields]
        var assembler: CaptureAssembler
        var systemSkipped: [String] = []
        /// Whether each package seen is the system UI's or a keyboard's.
        var systemPackages: [String: Bool] = [:]
        var firstSystem = -1
        var badBounds: (count: Int, first: Int) = (0, -1)
        var badLinks: (count: Int, first: Int) = (0, -1)

        init(document: Document, views: [Int], fields: [Fields], assembler: CaptureAssembler) {
            self.document = document
            self.views = views
            self.fields = fields
            self.assembler = assembler
        }

        mutating func run(roots: [Int]) {
            var visited = [Bool](repeating: false, count: views.count)
            // (view position, layout parent); a parent of -1 means "inside a
            // skipped subtree": visited, so not reported as unreachable, but not added.
            var stack: [(view: Int, parent: Int)] = roots.reversed().map { ($0, 0) }
            while let (position, parent) = stack.popLast() {
                guard !visited[position] else {
                    link(problem: views[position])
                    continue
                }
                visited[position] = true
                let kept = parent < 0 ? -1 : (visit(position, parent: parent) ?? -1)
                let view = fields[position]
                if view.children >= 0, document.kind(view.children) == .array {
                    var children: [Int] = []
                    for child in document.elements(view.children) {
                        guard let number = document.number(child), number == number.rounded(), number >= 0,
                              number < Double(views.count) else {
                            link(problem: child)
                            continue
                        }
                        children.append(Int(number))
                    }
                    if kept >= 0, isDrawerLayout(view) { declareOpenDrawer(children) }
                    for child in children.reversed() { stack.append((child, kept)) }
                }
            }
            // Views no root leads to (a parent that does not list them, a cycle).
            let unreached = visited.indices.filter { !visited[$0] }
            if let first = unreached.first {
                badLinks.count += unreached.count
                if badLinks.first < 0 { badLinks.first = views[first] }
            }
            writeNotes()
        }

        private func isScrolling(_ view: Fields) -> Bool {
            guard view.className >= 0 else { return false }
            for suffix in ControlClasses.scrollingSuffixes where document.stringHasSuffix(view.className, suffix) {
                return true
            }
            return false
        }

        private func isDrawerLayout(_ view: Fields) -> Bool {
            view.className >= 0 && document.stringHasSuffix(view.className, "DrawerLayout")
        }

        /// A DrawerLayout's first child is its content; a later child that is
        /// shown is an open drawer, and the drawer layout's scrim takes every
        /// touch on the content beside it: the drawer is a modal layer. Marked
        /// once the drawer is appended (`pendingDrawer`).
        private mutating func declareOpenDrawer(_ children: [Int]) {
            for child in children.dropFirst() where fields[child].visible != false {
                guard let frame = fields[child].frame, !frame.isEmpty else { continue }
                pendingDrawers.insert(child)
                return
            }
        }
        private var pendingDrawers: Set<Int> = []

        private mutating func isSystem(_ package: String) -> Bool {
            if let known = systemPackages[package] { return known }
            let system = ControlClasses.isAndroidSystemPackage(package)
            systemPackages[package] = system
            return system
        }

        private mutating func link(problem entry: Int) {
            badLinks.count += 1
            if badLinks.first < 0 { badLinks.first = entry }
        }

        /// Adds the view; returns the layout index its children go under (its
        /// own, or its parent's when it is left out), or nil to skip its subtree.
        private mutating func visit(_ position: Int, parent: Int) -> Int? {
            let view = fields[position]
            let object = views[position]
            guard document.kind(object) == .object else {
                link(problem: object)
                return nil
            }
            if view.package >= 0, let package = document.string(view.package), isSystem(package) {
                if !systemSkipped.contains(package) { systemSkipped.append(package) }
                if firstSystem < 0 { firstSystem = object }
                return nil
            }
            if view.resourceID >= 0, document.stringEquals(view.resourceID, "android:id/statusBarBackground")
                || document.stringEquals(view.resourceID, "android:id/navigationBarBackground") {
                let id = document.string(view.resourceID) ?? ""
                if !systemSkipped.contains(id) { systemSkipped.append(id) }
                if firstSystem < 0 { firstSystem = object }
                return nil
            }
            guard let frame = view.frame else {
                badBounds.count += 1
                if badBounds.first < 0 { badBounds.first = view.bounds >= 0 ? view.bounds : object }
                return parent
            }
            // Not shown, or nothing to touch: left out, its children kept.
            if view.visible == false {
                assembler.leaveOut(.notVisible, entry: view.bounds)
                return parent
            }
            if frame.isEmpty {
                // The synthetic root over several windows ([[0, 0], [0, 0]], no class) is no view to count.
                if view.className >= 0 { assembler.leaveOut(.zeroSize, entry: view.bounds) }
                return parent
            }
            guard assembler.isOnScreen(frame) else {
                assembler.leaveOut(.offScreen, entry: view.bounds)
                return nil
            }
            var node = LayoutNode()
            node.objectEntry = Int32(object)
            node.typeEntry = Int32(view.className)
            node.idEntry = Int32(view.resourceID)
            node.frameEntry = Int32(view.bounds)
            node.frame = frame
            // Parts of a clickable view around them are its, as the view takes
            // the tap and does what they would: a switch or checkbox that is
            // only checkable, inside a clickable row (a preference); a text that
            // is clickable, inside a clickable bar or row (the URL in a browser's
            // toolbar, a spinner's selected item), which Android makes clickable
            // to forward the click.
            let insideTarget = assembler.owningTarget(of: parent) != nil
            let isText = view.className >= 0 && (document.stringEquals(view.className, "android.widget.TextView")
                || document.stringEquals(view.className, "android.widget.CheckedTextView"))
            node.isTarget = ((view.clickable || view.longClickable) && !(isText && insideTarget))
                || (view.checkable && !insideTarget)
            // A ListView marks every row clickable and disables the rows its
            // adapter gives no tap (section headers, dividers): those are no controls.
            if view.enabled == false, let listed = view.parent, listed >= 0, listed < fields.count,
               fields[listed].className >= 0, document.stringHasSuffix(fields[listed].className, "ListView")
                || document.stringHasSuffix(fields[listed].className, "GridView") {
                node.isTarget = false
            }
            node.isEnabled = view.enabled ?? true
            // A list that cannot scroll at that moment says `scrollable: false`
            // while a row is half out of it (an insertion animating): its class says more.
            node.isScrollable = view.scrollable || isScrolling(view)
            if view.className >= 0, document.stringHasSuffix(view.className, "WebView")
                || document.stringHasSuffix(view.className, "GeckoView") {
                // The page itself: clickable when it listens for clicks anywhere
                // (event delegation), which makes it no control of its own.
                node.isWebContent = true
                node.isTarget = false
            }
            let name = name(view)
            let index = assembler.append(node, parent: parent, name: name.text, nameIsID: name.isID)
            if pendingDrawers.contains(position) { assembler.declareModal(index, what: "is an open navigation drawer, and its scrim takes every touch beside it: a modal layer") }
            return index
        }

        /// `resource_id` without its `package:id/` prefix, else the content
        /// description (what TalkBack says: "Navigate up"), else the class.
        private func name(_ view: Fields) -> (text: String, isID: Bool) {
            if view.resourceID >= 0, let id = document.string(view.resourceID), !id.isEmpty {
                return (String(ControlClasses.entryName(id)), true)
            }
            if view.contentDescription >= 0, let text = document.string(view.contentDescription), !text.isEmpty {
                return (text.count > 40 ? String(text.prefix(40)) + "…" : text, false)
            }
            if view.className >= 0, let className = document.string(view.className), !className.isEmpty {
                return (String(ControlClasses.simpleName(className)), false)
            }
            return ("view", false)
        }

        private mutating func writeNotes() {
            if !systemSkipped.isEmpty {
                assembler.note("skipped the system UI, keyboard and system-bar views (\(englishList(systemSkipped.prefix(4).map { "'\($0)'" }))): "
                               + "they are not the app's", entry: firstSystem)
            }
            if badBounds.count > 0 {
                assembler.note("\(badBounds.count) view\(badBounds.count == 1 ? " has" : "s have") no bounds [[left, top], [right, bottom]]: "
                               + "left out, their children kept", entry: badBounds.first)
            }
            if badLinks.count > 0 {
                assembler.note("\(badLinks.count) parent or child link\(badLinks.count == 1 ? " does" : "s do") not lead to a view once: "
                               + "those views are left out", entry: badLinks.first)
            }
        }
    }
}
