/// One view of a captured Android accessibility tree, as every Android
/// capture format records it (DroidBot states, UI Automator dumps and Appium
/// UiAutomator2 page sources, `maestro hierarchy` on Android, RICO): value
/// entries of its fields in the capture's document (-1 when absent), its
/// flags, and its bounds in screen pixels.
struct AndroidView {
    /// The view's own value (a mapping, or an XML element): notes about it go there.
    var object = -1
    /// False for an entry of a view list that is no view (not a mapping).
    var isView = true
    var className = -1, resourceID = -1, contentDescription = -1, package = -1
    /// The element's text: what Maestro's iOS hierarchy names an element by (an Android view is named by its id and
    /// description), and what tells a clickable text that shows nothing from a label.
    var text = -1
    /// Where diagnostics about the view sit (its bounds, or its XML element's name).
    var anchor = -1
    /// Bounds in screen pixels; nil when missing or malformed (inverted bounds are empty).
    var frame: Rect?
    var clickable = false, longClickable = false, checkable = false, scrollable = false
    /// Which way it scrolls, when the format says (RICO's `scrollable-horizontal` and `scrollable-vertical`).
    var scrollAxis: (sideways: Bool, upAndDown: Bool)?
    var enabled: Bool?
    /// `isFocusable`, when the format records it: what tells a web page's
    /// controls (links, buttons, fields: focusable) from elements a script
    /// listens on.
    var focusable: Bool?
    /// Whether the user can see it (`isVisibleToUser`), when the format says.
    var visible: Bool?
    /// `View.GONE` (RICO records the view's visibility as well).
    var isGone = false
    /// Position of the parent in the list; nil for a root.
    var parent: Int?
}

/// A captured Android tree: views in a list, the children of each in order
/// (a flat table: `childList[childStart[i] ..< childStart[i + 1]]`), and the roots.
struct AndroidTree {
    var views: [AndroidView] = []
    var childStart: [Int32] = []
    var childList: [Int32] = []
    var roots: [Int] = []
    /// Links that lead to no view (DroidBot's child positions), with the entry of the first.
    var badLinks: (count: Int, first: Int) = (0, -1)

    func children(of position: Int) -> ArraySlice<Int32> {
        childList[Int(childStart[position])..<Int(childStart[position + 1])]
    }

    /// For formats that nest their views: the children tables from each view's
    /// parent (views in pre-order, so each parent's children come in order).
    mutating func linkByParents() {
        var counts = [Int32](repeating: 0, count: views.count + 1)
        for view in views { if let parent = view.parent { counts[parent + 1] += 1 } }
        for position in 0..<views.count { counts[position + 1] += counts[position] }
        childStart = counts
        childList = [Int32](repeating: 0, count: Int(counts[views.count]))
        var next = counts
        roots.removeAll()
        for (position, view) in views.enumerated() {
            if let parent = view.parent {
                childList[Int(next[parent])] = Int32(position)
                next[parent] += 1
            } else {
                roots.append(position)
            }
        }
    }
}

/// What differs between the Android formats once their views are read.
struct AndroidCaptureFormat {
    /// How the format writes bounds, for the note on views without them: "[[left, top], [right, bottom]]".
    var boundsSyntax: String
    /// The screen size the capture records, in pixels, and where it is.
    var recordedSize: (width: Double, height: Double)?
    var recordedSizeEntry = -1
    /// The dataset whose every screen has `recordedSize`, when the file does not record it (RICO).
    var recordedSizeDataset: String?
    /// A density the capture records (pixels per dp).
    var recordedDensity: Double?
    /// The density when nothing settles it, and how to say it.
    var fallbackDensity = (scale: ImportOptions.defaultAndroidScale, text: ImportOptions.defaultDensityText)
    /// Where notes about the whole capture go (and repeated ids).
    var documentEntry = 0
    /// Bounds cut to what the view's parents show (`getBoundsInScreen`, as
    /// DroidBot and UI Automator record them): a view flush with a scrolling
    /// container's edge may be partly scrolled out.
    var boundsAreCutToWhatShows = true
}

/// Maps a captured Android tree onto the layout model, the same way for every
/// format: the screen from the view tree (`Screen`), the density settled from
/// `--scale`, the capture or its system bars and app bar (`DensityInference`),
/// then each view through `CaptureAssembler`. A view is a target when it is
/// clickable, long-clickable or checkable (Compose's clickable `View` around a
/// `Button` that says `clickable="false"` included: flags, not class names);
/// a checkable-only view or a clickable text inside a clickable one is part of
/// it; a disabled row of a `ListView` or `GridView` is no target. Left out and
/// counted: views not visible to the user, gone, of zero size (children kept)
/// or entirely off the screen. Skipped with one note: windows of the system UI
/// and of input methods, and the system-bar backgrounds. Web content under a
/// `WebView` or GeckoView; an open navigation drawer is a modal layer.
enum AndroidCapture {
    static func importLayout(_ document: Document, tree: AndroidTree, format: AndroidCaptureFormat,
                             options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        let screen = Screen.choose(windows: windowFrames(tree), recorded: format.recordedSize, dataset: format.recordedSizeDataset)
        var assembler = CaptureAssembler(document: document, platform: .android, modality: .touch, options: options, screen: screen.rect)
        if let note = screen.note {
            assembler.note(note, entry: format.recordedSizeEntry >= 0 ? format.recordedSizeEntry : format.documentEntry)
        }
        var inference = DensityInference(screenWidth: screen.rect.width, screenHeight: screen.rect.height, screenIsWhole: screen.isWhole)
        for view in tree.views where mayTellTheDensity(view, document: document) {
            guard let frame = view.frame else { continue }
            inference.consider(entryName: entryName(view.resourceID, document: document),
                               simpleClass: view.className >= 0 ? ControlClasses.simpleName(document.string(view.className) ?? "") : "",
                               frame: frame, entry: view.object)
        }
        let density = DensityChoice.settle(given: options.scale, recorded: format.recordedDensity, inference: inference,
                                           fallback: format.fallbackDensity, shared: options.sharedDensity)
        if let note = density.note {
            assembler.note(note, entry: density.noteEntry ?? (format.recordedSizeEntry >= 0 ? format.recordedSizeEntry : format.documentEntry))
        }
        var walk = Walk(document: document, tree: tree, format: format, assembler: assembler)
        walk.run()
        var result = walk.assembler.finish(namesEntry: format.documentEntry, pixelScale: density.scale)
        if options.scale == nil, format.recordedDensity == nil {
            // For the folder pass (`FolderDensity`): what it showed, and what it was read at.
            result.layout.densityEvidence = DensityEvidence(inference: inference, scale: density.scale)
        }
        // The accessibility tree's order, which elevation and custom drawing order can contradict.
        result.layout.zOrderIsInferred = true
        result.layout.boundsAreCutToWhatShows = format.boundsAreCutToWhatShows
        return result
    }

    /// The frames of the windows: the roots, or the children of a root without
    /// bounds (DroidBot's synthetic root over several windows, UI Automator's
    /// `hierarchy` element).
    private static func windowFrames(_ tree: AndroidTree) -> [Rect] {
        var frames: [Rect] = []
        for root in tree.roots {
            if let frame = tree.views[root].frame, !frame.isEmpty {
                frames.append(frame)
                continue
            }
            for child in tree.children(of: root) {
                guard let frame = tree.views[Int(child)].frame, !frame.isEmpty else { continue }
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
    private static func mayTellTheDensity(_ view: AndroidView, document: Document) -> Bool {
        let id = view.resourceID
        if id >= 0 {
            for name: StaticString in ["/statusBarBackground", "/navigationBarBackground", "/action_bar", "/toolbar",
                                       "/button1", "/button2", "/button3"] where document.stringHasSuffix(id, name) {
                return true
            }
        }
        return view.className >= 0 && document.stringHasSuffix(view.className, "Toolbar")
    }

    private struct Walk {
        let document: Document
        let tree: AndroidTree
        let format: AndroidCaptureFormat
        var assembler: CaptureAssembler
        var systemSkipped: [String] = []
        /// Whether each package seen is the system UI's or a keyboard's.
        var systemPackages: [String: Bool] = [:]
        var firstSystem = -1
        var badBounds: (count: Int, first: Int) = (0, -1)
        var badLinks: (count: Int, first: Int)
        /// Views that are open navigation drawers (`declareOpenDrawer`).
        private var pendingDrawers: Set<Int> = []

        init(document: Document, tree: AndroidTree, format: AndroidCaptureFormat, assembler: CaptureAssembler) {
            self.document = document
            self.tree = tree
            self.format = format
            self.assembler = assembler
            badLinks = tree.badLinks
        }

        mutating func run() {
            let views = tree.views
            var visited = [Bool](repeating: false, count: views.count)
            // (view position, layout parent); a parent of -1 means "inside a
            // skipped subtree": visited, so not reported as unreachable, but not added.
            var stack: [(view: Int, parent: Int)] = tree.roots.reversed().map { ($0, 0) }
            while let (position, parent) = stack.popLast() {
                guard !visited[position] else {
                    link(problem: views[position].object)
                    continue
                }
                visited[position] = true
                let kept = parent < 0 ? -1 : (visit(position, parent: parent) ?? -1)
                let children = tree.children(of: position)
                if kept >= 0, isDrawerLayout(views[position]) { declareOpenDrawer(children) }
                for child in children.reversed() { stack.append((Int(child), kept)) }
            }
            // Views no root leads to (a parent that does not list them, a cycle).
            let unreached = visited.indices.filter { !visited[$0] }
            if let first = unreached.first {
                badLinks.count += unreached.count
                if badLinks.first < 0 { badLinks.first = views[first].object }
            }
            writeNotes()
        }

        private func isScrolling(_ view: AndroidView) -> Bool {
            guard view.className >= 0 else { return false }
            for suffix in ControlClasses.scrollingSuffixes where document.stringHasSuffix(view.className, suffix) {
                return true
            }
            return false
        }

        /// Which way a container scrolls when its class says: the platform's
        /// scroll views, lists and pagers (and the subclasses that keep their
        /// names: `NestedScrollView`, `TabLayout`'s `HorizontalScrollView`). A
        /// `RecyclerView` scrolls either way, which only its items tell (nil).
        private func scrollAxis(byClass view: AndroidView) -> (sideways: Bool, upAndDown: Bool)? {
            guard view.className >= 0 else { return nil }
            let className = view.className
            for suffix: StaticString in ["HorizontalScrollView", "ViewPager", "TabLayout", "Gallery"]
                where document.stringHasSuffix(className, suffix) {
                return (true, false)
            }
            for suffix: StaticString in ["ScrollView", "ListView", "GridView"] where document.stringHasSuffix(className, suffix) {
                return (false, true)
            }
            return nil
        }

        /// Whether a clickable text is part of the clickable view `owner`
        /// around it: the owner is its parent or close above it (three levels
        /// at most) and of about its size (at most four times its area). The
        /// URL of a browser's toolbar and a spinner's item are; a small text
        /// in a clickable page or card is not.
        private func isPart(_ frame: Rect, of owner: Int, parent: Int) -> Bool {
            var level = parent
            for _ in 0..<3 where level != owner && level > 0 {
                level = Int(assembler.layout.nodes[level].parent)
            }
            guard level == owner else { return false }
            let outer = assembler.frame(of: owner)
            return frame.area > 0 && outer.area <= 4 * frame.area
        }

        /// Why a clickable view is no control, if it is none: a text the user
        /// can select (clickable and long-clickable, which `textIsSelectable`
        /// makes a `TextView`; an editor is an `EditText`; one that reads as a
        /// web or e-mail address is a link, which is a control); a text that
        /// shows nothing or only punctuation (a symbol is text) and has no
        /// description (a separator dot, an empty label left clickable); a
        /// disabled item of a scrolling list (a `ListView`'s section header or
        /// divider, a page indicator's dots). Strips too thin to aim at are
        /// left out once the density is known (`CaptureAssembler.finish`).
        private func notAControl(_ view: AndroidView, frame: Rect, isText: Bool) -> CaptureAssembler.NotAControl? {
            let isPlainText = view.className >= 0 && document.stringEquals(view.className, "android.widget.TextView")
            if isPlainText, view.clickable, view.longClickable, !looksLikeALink(view.text) { return .selectableText }
            if isText, !hasText(view.contentDescription), !hasText(view.text, beyondPunctuation: true) { return .emptyText }
            if view.enabled == false, isListItem(view) { return .disabledListItem }
            return nil
        }

        /// Whether a text reads as a web address or an e-mail address: links
        /// (`autoLink`, `LinkMovementMethod`) make a `TextView` clickable and
        /// long-clickable just as `textIsSelectable` does, and a link is a control.
        private func looksLikeALink(_ entry: Int) -> Bool {
            guard entry >= 0, let text = document.string(entry), !text.isEmpty, text.count <= 200 else { return false }
            let lowered = text.lowercased()
            if lowered.contains("://") || lowered.hasPrefix("www.") { return true }
            // name@host.tld, alone.
            guard !lowered.contains(" "), let at = lowered.firstIndex(of: "@") else { return false }
            return lowered[lowered.index(after: at)...].contains(".") && at != lowered.startIndex
        }

        /// Whether a string entry holds anything but white space (and, with
        /// `beyondPunctuation`, anything but punctuation).
        private func hasText(_ entry: Int, beyondPunctuation: Bool = false) -> Bool {
            guard entry >= 0, let text = document.string(entry) else { return false }
            return text.unicodeScalars.contains { scalar in
                let properties = scalar.properties
                if properties.isWhitespace { return false }
                guard beyondPunctuation else { return true }
                // Symbols count as text: a heart or a star can be a control's whole label.
                switch properties.generalCategory {
                case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                     .initialPunctuation, .finalPunctuation, .otherPunctuation, .control, .format:
                    return false
                default:
                    return true
                }
            }
        }

        /// An item of a scrolling list: a child of a scrolling container, or of
        /// its content view (a `HorizontalScrollView`'s one `LinearLayout`).
        private func isListItem(_ view: AndroidView) -> Bool {
            guard let parent = view.parent, parent >= 0, parent < tree.views.count else { return false }
            if isScrollingList(tree.views[parent]) { return true }
            guard let grandparent = tree.views[parent].parent, grandparent >= 0, grandparent < tree.views.count else { return false }
            return isScrollingList(tree.views[grandparent]) && tree.children(of: grandparent).count == 1
        }

        private func isScrollingList(_ view: AndroidView) -> Bool {
            view.scrollable || isScrolling(view)
                || (view.className >= 0 && document.stringHasSuffix(view.className, "TabLayout"))
        }

        private func isDrawerLayout(_ view: AndroidView) -> Bool {
            view.className >= 0 && document.stringHasSuffix(view.className, "DrawerLayout")
        }

        /// A DrawerLayout's first child is its content; a later child that is
        /// shown is an open drawer, and the drawer layout's scrim takes every
        /// touch on the content beside it: the drawer is a modal layer. Marked
        /// once the drawer is appended (`pendingDrawers`).
        private mutating func declareOpenDrawer(_ children: ArraySlice<Int32>) {
            for child in children.dropFirst() {
                let view = tree.views[Int(child)]
                guard view.visible != false, !view.isGone, let frame = view.frame, !frame.isEmpty else { continue }
                pendingDrawers.insert(Int(child))
                return
            }
        }

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
            let view = tree.views[position]
            let object = view.object
            guard view.isView else {
                link(problem: object)
                return nil
            }
            if isSystemView(view) { return nil }
            if view.isGone {
                assembler.leaveOut(.gone, entry: view.anchor >= 0 ? view.anchor : object)
                return nil
            }
            guard let frame = view.frame else {
                badBounds.count += 1
                if badBounds.first < 0 { badBounds.first = view.anchor >= 0 ? view.anchor : object }
                return parent
            }
            // Not shown, or nothing to touch: left out, its children kept.
            if view.visible == false {
                assembler.leaveOut(.notVisible, entry: view.anchor)
                return parent
            }
            if frame.isEmpty {
                // A synthetic root over several windows (DroidBot's [[0, 0], [0, 0]],
                // no class) is no view to count.
                if view.className >= 0 { assembler.leaveOut(.zeroSize, entry: view.anchor) }
                return parent
            }
            guard assembler.isOnScreen(frame) else {
                assembler.leaveOut(.offScreen, entry: view.anchor)
                return nil
            }
            let node = makeNode(view, frame: frame, parent: parent)
            let name = name(view)
            let index = assembler.append(node, parent: parent, name: name.text, nameIsID: name.isID)
            if pendingDrawers.contains(position) {
                assembler.declareModal(index, what: "is an open navigation drawer, and its scrim takes every touch beside it: a modal layer")
            }
            return index
        }

        /// Whether a view is the system's (a keyboard, the status or
        /// navigation bar's background), not the app's: skipped with its
        /// subtree, and named in the import note.
        private mutating func isSystemView(_ view: AndroidView) -> Bool {
            let object = view.object
            if view.package >= 0, let package = document.string(view.package), isSystem(package) {
                if !systemSkipped.contains(package) { systemSkipped.append(package) }
                if firstSystem < 0 { firstSystem = object }
                return true
            }
            // Without a package (Maestro writes none), a resource id names its
            // package too: `com.google.android.inputmethod.latin:id/key_pos_0_0` is the keyboard's.
            if view.package < 0, view.resourceID >= 0, let id = document.string(view.resourceID),
               let colon = id.range(of: ":id/"), isSystem(String(id[..<colon.lowerBound])) {
                let package = String(id[..<colon.lowerBound])
                if !systemSkipped.contains(package) { systemSkipped.append(package) }
                if firstSystem < 0 { firstSystem = object }
                return true
            }
            if view.resourceID >= 0, document.stringEquals(view.resourceID, "android:id/statusBarBackground")
                || document.stringEquals(view.resourceID, "android:id/navigationBarBackground") {
                let id = document.string(view.resourceID) ?? ""
                if !systemSkipped.contains(id) { systemSkipped.append(id) }
                if firstSystem < 0 { firstSystem = object }
                return true
            }
            return false
        }

        /// A placed view's node: whether it is a target, enabled, scrolls, or
        /// is a web page.
        private mutating func makeNode(_ view: AndroidView, frame: Rect, parent: Int) -> LayoutNode {
            var node = LayoutNode()
            node.objectEntry = Int32(view.object)
            node.typeEntry = Int32(view.className)
            node.idEntry = Int32(view.resourceID)
            node.frameEntry = Int32(view.anchor)
            node.frame = frame
            node.isTarget = isTarget(view, frame: frame, parent: parent)
            node.isEnabled = view.enabled ?? true
            // A list that cannot scroll at that moment says `scrollable: false`
            // while a row is half out of it (an insertion animating): its class says more.
            node.isScrollable = view.scrollable || isScrolling(view)
            if node.isScrollable {
                let axis = view.scrollAxis ?? scrollAxis(byClass: view)
                node.scrollsSideways = axis?.sideways ?? false
                node.scrollsUpAndDown = axis?.upAndDown ?? false
            }
            if view.className >= 0, document.stringHasSuffix(view.className, "WebView")
                || document.stringHasSuffix(view.className, "GeckoView") {
                // The page itself: clickable when it listens for clicks anywhere
                // (event delegation), which makes it no control of its own.
                node.isWebContent = true
                node.isTarget = false
            }
            return node
        }

        /// Whether a placed view is a control of its own.
        private mutating func isTarget(_ view: AndroidView, frame: Rect, parent: Int) -> Bool {
            // Parts of a clickable view around them are its, as the view takes
            // the tap and does what they would: a switch or checkbox that is
            // only checkable, inside a clickable row (a preference); a text that
            // is clickable, inside a clickable bar or spinner close by and of
            // about its size (the URL in a browser's toolbar, a spinner's
            // selected item), which Android makes clickable to forward the
            // click. A clickable text far smaller than the clickable view around
            // it (a "sort by" in a clickable page, a like count on a clickable
            // card) is a control of its own, and is named as one.
            let owner = assembler.owningTarget(of: parent)
            let isText = view.className >= 0 && (document.stringEquals(view.className, "android.widget.TextView")
                || document.stringEquals(view.className, "android.widget.CheckedTextView"))
            let partOfOwner = isText && owner.map { isPart(frame, of: $0, parent: parent) } ?? false
            var isTarget = ((view.clickable || view.longClickable) && !partOfOwner)
                || (view.checkable && owner == nil)
            if isTarget, let reason = notAControl(view, frame: frame, isText: isText) {
                isTarget = false
                assembler.countNotAControl(reason, entry: view.anchor >= 0 ? view.anchor : view.object)
            }
            // Inside a web page, a control is focusable (a link, a button, a
            // field); a clickable element that is not is one a script listens on
            // (an image, a box), which axe-core does not check either.
            if isTarget, view.focusable == false, parent >= 0, assembler.layout.nodes[parent].isWebContent {
                isTarget = false
            }
            return isTarget
        }

        /// The resource id without its `package:id/` prefix, else the content
        /// description (what TalkBack says: "Navigate up"), else the class.
        private func name(_ view: AndroidView) -> (text: String, isID: Bool) {
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
                assembler.note("\(badBounds.count) view\(badBounds.count == 1 ? " has" : "s have") no bounds \(format.boundsSyntax): "
                               + "left out, their children kept", entry: badBounds.first)
            }
            if badLinks.count > 0 {
                assembler.note("\(badLinks.count) parent or child link\(badLinks.count == 1 ? " does" : "s do") not lead to a view once: "
                               + "those views are left out", entry: badLinks.first)
            }
        }
    }
}
