/// Imports a Sentry view-hierarchy attachment (`view-hierarchy.json`):
/// `{"rendering_system": …, "windows": [view, …]}`, each view with `type`,
/// `identifier`, `x`, `y`, `width`, `height`, `alpha`, visibility and `children`.
///
/// What the fields mean differs per SDK (Docs/importers.md has the sources):
/// - UIKit (sentry-cocoa `SentryViewHierarchy.m`): `x`, `y`, `width`, `height`
///   are `view.frame`, in points, relative to the superview (windows: to the
///   screen); `visible` is `!view.isHidden`; `alpha` is `view.alpha`;
///   `identifier` is the accessibilityIdentifier; `type` the unqualified class;
///   `view_controller` marks a view controller's root view. Children are
///   `subviews`, back to front.
/// - Android views (sentry-java `ViewHierarchyEventProcessor`): `x`, `y` are
///   `View.getX()/getY()` (left/top plus translation), relative to the parent,
///   and all lengths are pixels; `visibility` is visible / invisible / gone;
///   `identifier` the resource entry name; `type` the canonical class name.
///   Jetpack Compose nodes (sentry-java `ComposeViewHierarchyExporter`) sit
///   under their `AndroidComposeView` with pixel bounds relative to the parent
///   node and `type` = test tag or `@Composable`.
/// - Flutter (sentry-dart `sentry_tree_walker.dart`): `x`, `y` are global
///   (`localToGlobal`) logical pixels, left out when ≤ 0; `width`, `height` only
///   for render boxes; `visible` only on Visibility widgets, `alpha` only on
///   Opacity widgets; `type` the widget's runtimeType.
///
/// The screen is the windows' frames (UIKit, Android) or the size of the
/// first element that has one (Flutter's root view), never what overflows it.
/// Android captures record no density: it is inferred as for DroidBot
/// (`DensityInference`). Noise is skipped, not reported as problems: views with
/// no size and no children, views that lie entirely off the screen, `gone`
/// views (counted in a note), system windows (keyboard, text effects) and
/// system-bar backgrounds. What cannot be mapped (a view with no frame, a
/// rendering system hitlint does not know) is an `import-note`; a capture with
/// no `windows` (sentry-dart leaves them out when it has none) is empty.
enum SentryImporter: Importer {
    enum System {
        case uikit, androidView, flutter

        var platform: Platform { self == .uikit ? .uikit : .android }
        var name: String {
            switch self {
            case .uikit: return "UIKit"
            case .androidView: return "Android"
            case .flutter: return "Flutter"
            }
        }
    }

    /// One view's fields: value entries (-1 when absent) and numbers.
    private struct Fields {
        var type = -1, identifier = -1, tag = -1, visibility = -1, viewController = -1, children = -1
        var x: Double?, y: Double?, width: Double?, height: Double?, alpha: Double?
        var visible: Bool?
        var sizeEntry = -1
    }

    private struct Pending {
        var object: Int
        var parent: Int
        /// The captured parent's absolute origin, in file units (its children's
        /// coordinates are relative to it, even when it was left out).
        var originX: Double
        var originY: Double
        /// Frame of the nearest scroll container around it (file units), if any.
        var scrollClip: Rect?
        var isWindow: Bool
        /// Inside an `AndroidComposeView`: Compose nodes carry no class to tell controls by.
        var inCompose = false
        /// A drawer shown by the DrawerLayout around it (`DrawerLayout` children after the first).
        var isOpenDrawer = false
    }

    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard !document.entries.isEmpty, document.kind(0) == .object else {
            return unreadable(document, "a Sentry view hierarchy must be a mapping with 'rendering_system' and 'windows'")
        }
        var systemEntry = -1
        var windowsEntry = -1
        for (key, value) in document.members(0) {
            if document.stringEquals(key, "rendering_system") { systemEntry = value }
            if document.stringEquals(key, "windows") { windowsEntry = value }
        }
        if windowsEntry >= 0 ? document.kind(windowsEntry) != .array : systemEntry < 0 {
            return unreadable(document, "a Sentry view hierarchy needs 'windows', a list of views",
                              entry: max(0, windowsEntry))
        }
        let systemName = systemEntry >= 0 ? (document.string(systemEntry) ?? "") : ""
        let lowered = systemName.lowercased()
        let system: System
        if lowered.contains("uikit") {
            system = .uikit
        } else if lowered.contains("android") || lowered.contains("compose") {
            system = .androidView
        } else if lowered.contains("flutter") {
            system = .flutter
        } else {
            return nothingToLint(document, "rendering system '\(systemName)' is not one hitlint can map (UIKit, Android views and Compose, Flutter): nothing was linted",
                                 entry: systemEntry >= 0 ? systemEntry : 0)
        }
        let windowEntries = windowsEntry >= 0 ? document.elements(windowsEntry) : []
        guard !windowEntries.isEmpty else {
            return nothingToLint(document, "the capture has no windows (Sentry leaves them out when it has none to send): nothing to lint",
                                 entry: windowsEntry >= 0 ? windowsEntry : systemEntry)
        }
        let assembler = CaptureAssembler(document: document, platform: system.platform, modality: nil, options: options,
                                         screen: screen(windowEntries, system: system, document: document))
        var importer = Walk(document: document, system: system, assembler: assembler,
                            classes: ControlClasses.Cache { ControlClasses.role($0, system: system) })
        let screen = importer.assembler.screen
        importer.inference = DensityInference(screenWidth: screen.width, screenHeight: screen.height)
        importer.run(windows: windowsEntry)
        var pixelScale: Double?
        if system == .androidView {
            let density = DensityChoice.settle(given: options.scale, recorded: nil, inference: importer.inference)
            pixelScale = density.scale
            if let note = density.note {
                importer.assembler.note(note, entry: density.noteEntry ?? (systemEntry >= 0 ? systemEntry : windowsEntry))
            }
        }
        return importer.assembler.finish(namesEntry: windowsEntry, pixelScale: pixelScale)
    }

    /// The screen, in the file's units: the windows' frames (UIKit, Android),
    /// or for Flutter the first element with a size down the first window (its
    /// root view: what overflows it is not on the screen).
    private static func screen(_ windows: [Int], system: System, document: Document) -> Rect {
        func number(_ object: Int, _ key: StaticString) -> Double? {
            for (name, value) in document.members(object) where document.stringEquals(name, key) {
                return document.number(value).flatMap { $0.isFinite ? $0 : nil }
            }
            return nil
        }
        func frame(_ object: Int) -> Rect? {
            guard document.kind(object) == .object, let width = number(object, "width"), let height = number(object, "height"),
                  width > 0, height > 0 else { return nil }
            return Rect(x: number(object, "x") ?? 0, y: number(object, "y") ?? 0, width: width, height: height)
        }
        if system == .flutter {
            var element = windows.first ?? -1
            while element >= 0, document.kind(element) == .object {
                if let frame = frame(element) { return frame }
                var next = -1
                for (name, value) in document.members(element) where document.stringEquals(name, "children") {
                    if document.kind(value) == .array, let first = document.elements(value).first { next = first }
                }
                element = next
            }
            return .empty
        }
        return windows.reduce(Rect.empty) { screen, window in frame(window).map { screen.union($0) } ?? screen }
    }

    /// A capture with no views: an empty layout and one note.
    static func nothingToLint(_ document: Document, _ message: String, entry: Int) -> (layout: Layout, diagnostics: [Diagnostic]) {
        let span = document.entries.isEmpty ? SourceSpan(start: 0, end: 0) : document.span(entry)
        return (Layout(document: document), [Diagnostic(rule: RuleID.importNote, severity: .info, message: message, span: span)])
    }

    static func unreadable(_ document: Document, _ message: String, entry: Int = 0) -> (layout: Layout, diagnostics: [Diagnostic]) {
        let span = document.entries.isEmpty ? SourceSpan(start: 0, end: 0) : document.span(entry)
        return (Layout(document: document), [Diagnostic(rule: RuleID.invalidLayout, severity: .error, message: message, span: span)])
    }

    /// One pass over the windows, depth first with an explicit stack (captures
    /// can nest deeper than the call stack allows).
    private struct Walk {
        let document: Document
        let system: System
        var assembler: CaptureAssembler
        var classes: ControlClasses.Cache
        var inference = DensityInference(screenWidth: 0, screenHeight: 0)
        var withoutFrame: (count: Int, first: Int) = (0, -1)
        var scrolledOut: (count: Int, first: Int) = (0, -1)
        var notViews = 0
        var composeNodes: (count: Int, first: Int) = (0, -1)

        mutating func run(windows: Int) {
            var stack = document.elements(windows).reversed().map {
                Pending(object: $0, parent: 0, originX: 0, originY: 0, scrollClip: nil, isWindow: true)
            }
            while let pending = stack.popLast() {
                visit(pending, stack: &stack)
            }
            writeNotes(windows: windows)
        }

        /// Reads one captured view: leaves it out, places it, or (without a
        /// size) passes over it to its children, which it queues on `stack`.
        private mutating func visit(_ pending: Pending, stack: inout [Pending]) {
            let object = pending.object
            guard document.kind(object) == .object else {
                notViews += 1
                if notViews == 1 { assembler.note("a view must be a mapping, found \(describeKind(object)); skipped", entry: object) }
                return
            }
            let fields = read(object)
            let type = fields.type >= 0 ? (document.string(fields.type) ?? "") : ""
            let inCompose = pending.inCompose || (system == .androidView && type.hasSuffix("ComposeView"))
            let isDrawerLayout = system == .androidView && ControlClasses.isDrawerLayout(type)
            if fields.visibility >= 0, document.stringEquals(fields.visibility, "gone") {
                assembler.leaveOut(.gone, entry: fields.visibility)
                return
            }
            if pending.isWindow, system == .uikit, ControlClasses.isUIKitSystemWindow(type) {
                assembler.note("skipped the system window '\(type)' (keyboard, text effects or status bar): it lies over the app and passes touches through",
                               entry: fields.type, node: type)
                return
            }
            // Flutter positions are global (and left out when ≤ 0: missing is 0);
            // the others are relative to the parent.
            let relative = system != .flutter
            let x = (fields.x ?? 0) + (relative ? pending.originX : 0)
            let y = (fields.y ?? 0) + (relative ? pending.originY : 0)
            guard let width = fields.width, let height = fields.height,
                  x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                // Without a size the view cannot be placed; its children still can.
                withoutFrame.count += 1
                if withoutFrame.first < 0 { withoutFrame.first = object }
                pushChildren(of: fields, isDrawerLayout: isDrawerLayout, inCompose: inCompose, parent: pending.parent,
                             originX: x.isFinite ? x : pending.originX, originY: y.isFinite ? y : pending.originY,
                             scrollClip: pending.scrollClip, stack: &stack)
                return
            }
            let frame = Rect(x: x, y: y, width: width, height: height)
            guard isPlaced(frame, fields: fields, type: type, object: object) else { return }
            var scrollClip = pending.scrollClip
            let (node, info) = makeNode(object, fields: fields, type: type, frame: frame, pending: pending, scrollClip: &scrollClip)
            let name = name(fields, simpleName: info.simpleName)
            let index = assembler.append(node, parent: pending.parent, name: name.text, nameIsID: name.isID,
                                         isPartOfControl: isPartOfControl(info, parent: pending.parent),
                                         mayBeModal: info.role == .barrier)
            if pending.isOpenDrawer {
                assembler.declareModal(index, what: "is an open navigation drawer, and its scrim takes every touch beside it: a modal layer")
            }
            pushChildren(of: fields, isDrawerLayout: isDrawerLayout, inCompose: inCompose, parent: index,
                         originX: x, originY: y, scrollClip: scrollClip, stack: &stack)
        }

        /// Queues a view's children, last first so they are read in order.
        private func pushChildren(of fields: Fields, isDrawerLayout: Bool, inCompose: Bool, parent: Int,
                                  originX: Double, originY: Double, scrollClip: Rect?, stack: inout [Pending]) {
            guard fields.children >= 0, document.kind(fields.children) == .array else { return }
            let children = document.elements(fields.children)
            // A DrawerLayout's children after the first that are shown are open drawers.
            let drawer = isDrawerLayout ? children.dropFirst().first(where: isShown) : nil
            for child in children.reversed() {
                stack.append(Pending(object: child, parent: parent, originX: originX, originY: originY,
                                     scrollClip: scrollClip, isWindow: false, inCompose: inCompose,
                                     isOpenDrawer: child == drawer))
            }
        }

        /// Whether a view with a frame is placed: not a system bar, not empty
        /// with nothing inside, not off the screen (each left out is counted).
        private mutating func isPlaced(_ frame: Rect, fields: Fields, type: String, object: Int) -> Bool {
            if system == .androidView {
                let entryName = fields.identifier >= 0 ? Substring(document.string(fields.identifier) ?? "") : ""
                inference.consider(entryName: entryName, simpleClass: ControlClasses.simpleName(type), frame: frame, entry: fields.type)
                if ControlClasses.isAndroidSystemBar(entryName) { return false }
            }
            let hasChildren = fields.children >= 0 && document.count(fields.children) > 0
            // Zero size and nothing inside: nothing to see or touch.
            if (frame.width == 0 || frame.height == 0), !hasChildren {
                assembler.leaveOut(.zeroSize, entry: fields.type >= 0 ? fields.type : object)
                return false
            }
            if !frame.isEmpty, !assembler.isOnScreen(frame) {
                assembler.leaveOut(.offScreen, entry: fields.type >= 0 ? fields.type : object)
                return false
            }
            return true
        }

        /// A placed view's node: what its class and fields say of it, and the
        /// scrolling container's clip its children are cut by (`scrollClip`).
        private mutating func makeNode(_ object: Int, fields: Fields, type: String, frame: Rect, pending: Pending,
                                       scrollClip: inout Rect?) -> (LayoutNode, ControlClasses.ClassInfo) {
            var node = LayoutNode()
            node.objectEntry = Int32(object)
            node.typeEntry = Int32(fields.type)
            node.idEntry = Int32(fields.identifier)
            // Diagnostics sit on the class name: the one value that says which view it is.
            node.frameEntry = Int32(fields.type >= 0 ? fields.type : fields.sizeEntry)
            node.frame = frame
            if let alpha = fields.alpha, !(alpha >= 1) {
                assembler.setAlpha(of: &node, min(1, max(0, alpha)))
            }
            node.isHidden = fields.visible == false
                || (fields.visibility >= 0 && document.stringEquals(fields.visibility, "invisible"))
            let info = classes.info(type)
            let role = info.role
            node.isTarget = role == .target
            if pending.inCompose {
                composeNodes.count += 1
                if composeNodes.first < 0 { composeNodes.first = object }
            }
            node.userInteractionEnabled = !(system == .uikit && role == .passive)
            // A view controller's root view paints its background: what is behind it is hidden.
            node.isOpaque = system == .uikit && fields.viewController >= 0
            node.clipsToBounds = role == .clip
            node.isScrollable = info.isScrolling
            node.isWebContent = system == .androidView && ControlClasses.isWebView(type)
            if let clip = scrollClip, node.isTarget, !clip.contains(frame) {
                // Partly scrolled out: its size on screen depends on a scroll offset the capture lacks.
                node.isHidden = true
                scrolledOut.count += 1
                if scrolledOut.first < 0 { scrolledOut.first = object }
            }
            if role == .scrollContainer, system != .flutter {
                node.clipsToBounds = true
                scrollClip = scrollClip.map { $0.intersection(frame) } ?? frame
            }
            return (node, info)
        }

        /// Whether a child of a DrawerLayout is shown (an open drawer, when it is not the first).
        private func isShown(_ object: Int) -> Bool {
            guard document.kind(object) == .object else { return false }
            let fields = read(object)
            if fields.visibility >= 0, !document.stringEquals(fields.visibility, "visible") { return false }
            return (fields.width ?? 0) > 0 && (fields.height ?? 0) > 0
        }

        /// A target inside a control that is part of it: UIKit's private parts
        /// (`_UIModernBarButton` in a `_UIButtonBarButton`), and in Flutter the
        /// gesture widget a control is built from (IconButton's 40×40 InkWell in
        /// its 48×48 tap target), whatever its size.
        private mutating func isPartOfControl(_ info: ControlClasses.ClassInfo, parent: Int) -> Bool {
            switch system {
            case .uikit: return info.isPrivatePart
            case .androidView: return false
            case .flutter:
                guard info.isGestureWidget, let owner = assembler.owningTarget(of: parent) else { return false }
                return !classes.info(assembler.layout.type(of: owner)).isGestureWidget
            }
        }

        /// The identifier (accessibilityIdentifier, resource entry name, widget
        /// key), else Android's tag, else the class's simple name.
        private func name(_ fields: Fields, simpleName: String) -> (text: String, isID: Bool) {
            for entry in [fields.identifier, fields.tag] where entry >= 0 {
                if let text = document.string(entry), !text.isEmpty { return (text, true) }
            }
            return (simpleName.isEmpty ? "view" : simpleName, false)
        }

        private func read(_ object: Int) -> Fields {
            var fields = Fields()
            var key = object + 1
            let end = document.next(object)
            while key < end {
                let value = key + 1
                if document.stringEquals(key, "type") { fields.type = document.kind(value) == .string ? value : -1 }
                else if document.stringEquals(key, "identifier") { fields.identifier = document.kind(value) == .string ? value : -1 }
                else if document.stringEquals(key, "tag") { fields.tag = document.kind(value) == .string ? value : -1 }
                else if document.stringEquals(key, "x") { fields.x = document.number(value) }
                else if document.stringEquals(key, "y") { fields.y = document.number(value) }
                else if document.stringEquals(key, "width") { fields.width = document.number(value); fields.sizeEntry = value }
                else if document.stringEquals(key, "height") { fields.height = document.number(value) }
                else if document.stringEquals(key, "alpha") { fields.alpha = document.number(value) }
                else if document.stringEquals(key, "visible") { fields.visible = document.bool(value) }
                else if document.stringEquals(key, "visibility") { fields.visibility = document.kind(value) == .string ? value : -1 }
                else if document.stringEquals(key, "view_controller") { fields.viewController = value }
                else if document.stringEquals(key, "children") { fields.children = value }
                key = document.next(value)
            }
            return fields
        }

        private func describeKind(_ entry: Int) -> String {
            switch document.kind(entry) {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "a list"
            case .object: return "a mapping"
            }
        }

        private mutating func writeNotes(windows: Int) {
            if withoutFrame.count > 0 {
                let type = read(withoutFrame.first).type
                let what = type >= 0 ? "'\(document.string(type) ?? "")'" : "a view"
                assembler.note("\(withoutFrame.count) view\(withoutFrame.count == 1 ? " has" : "s have") no usable x, y, width and height (the first: \(what)): "
                               + "left out, their children placed in their parent", entry: withoutFrame.first)
            }
            if composeNodes.count > 0 {
                assembler.note("\(composeNodes.count) Jetpack Compose node\(composeNodes.count == 1 ? " is" : "s are") placed but not checked as targets: "
                               + "the capture records their test tag, not whether they are clickable", entry: composeNodes.first)
            }
            if scrolledOut.count > 0 {
                assembler.note("\(scrolledOut.count) target\(scrolledOut.count == 1 ? " is" : "s are") partly outside the scroll view around \(scrolledOut.count == 1 ? "it" : "them"), "
                               + "and the capture has no scroll offset: not checked", entry: scrolledOut.first)
            }
        }
    }
}
