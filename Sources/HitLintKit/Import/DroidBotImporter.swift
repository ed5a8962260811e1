/// Imports a DroidBot UI state (`states/state_*.json`): `{"views": [view, …],
/// "width": …, "height": …, "foreground_activity": …}`.
///
/// Field meanings (honeynet/droidbot `device_state.py`, `adapter/droidbot_app.py`,
/// `adapter/adb.py`; Docs/importers.md): `views` is the accessibility tree
/// flattened in pre-order; a view's `temp_id` is its position in the list,
/// `parent` the position of its parent (-1 for the root) and `children` the
/// positions of its children. `bounds` is `[[left, top], [right, bottom]]` from
/// `AccessibilityNodeInfo.getBoundsInScreen`: absolute, in screen pixels.
/// `visible` is `isVisibleToUser()`; `clickable`, `long_clickable`, `checkable`,
/// `enabled` are the node's flags; `class` the widget class, `resource_id`
/// `package:id/name`. `width` and `height` are the screen's, in pixels. When
/// DroidBot reads several windows, the first view is a synthetic root with
/// bounds `[[0, 0], [0, 0]]` and one child per window (system UI and keyboard
/// included). The state records no density: `--scale` gives it, else a
/// top-level `density` (dpi, or a scale factor below 10) when a tool added one,
/// else `ImportOptions.defaultAndroidScale`, announced in a note.
///
/// A view is a target when it is clickable, long-clickable or checkable (what
/// DroidBot itself taps). Skipped without a note, as DroidBot's own input
/// generation does: views not visible to the user and zero-size views (their
/// children are kept), views entirely off the screen. Skipped with one note:
/// the system UI's and the keyboard's windows, the system-bar backgrounds.
enum DroidBotImporter: Importer {
    private struct Fields {
        var parent: Int?
        var children = -1, bounds = -1, className = -1, resourceID = -1, contentDescription = -1, text = -1, package = -1
        var clickable = false, longClickable = false, checkable = false
        var enabled: Bool?, visible: Bool?
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
        var assembler = CaptureAssembler(document: document, platform: .android, input: .touch, options: options)
        var scale = ImportOptions.defaultAndroidScale
        if let given = options.scale {
            scale = given
        } else if densityEntry >= 0, let density = document.number(densityEntry), density.isFinite, density > 0 {
            // 420 is dpi (160 dpi = 1 px per dp); 2.625 is already a scale.
            scale = density >= 10 ? density / 160 : density
        } else {
            assembler.note("the state does not record the screen density: assuming \(ImportOptions.defaultDensityText); pass --scale to set it",
                           entry: widthEntry >= 0 ? widthEntry : viewsEntry)
        }
        assembler.setPixelUnits(scale: scale)
        var walk = Walk(document: document, views: document.elements(viewsEntry), pointsPerPixel: 1 / scale, assembler: assembler)
        if let width = widthEntry >= 0 ? document.number(widthEntry) : nil,
           let height = heightEntry >= 0 ? document.number(heightEntry) : nil,
           width.isFinite, height.isFinite, width > 0, height > 0 {
            walk.screen = Rect(x: 0, y: 0, width: width / scale, height: height / scale)
        }
        walk.run(viewsEntry: viewsEntry)
        return walk.assembler.finish(namesEntry: viewsEntry)
    }

    private struct Walk {
        let document: Document
        /// Entry of each view, by position (= temp_id).
        let views: [Int]
        let pointsPerPixel: Double
        var assembler: CaptureAssembler
        var screen = Rect.empty
        var fields: [Fields] = []
        var systemSkipped: [String] = []
        /// Whether each package seen is the system UI's or a keyboard's.
        var systemPackages: [String: Bool] = [:]
        var firstSystem = -1
        var badBounds: (count: Int, first: Int) = (0, -1)
        var badLinks: (count: Int, first: Int) = (0, -1)

        init(document: Document, views: [Int], pointsPerPixel: Double, assembler: CaptureAssembler) {
            self.document = document
            self.views = views
            self.pointsPerPixel = pointsPerPixel
            self.assembler = assembler
        }

        mutating func run(viewsEntry: Int) {
            fields = views.map(read)
            var root = LayoutNode()
            root.objectEntry = 0
            root.frame = screen
            root.clipsToBounds = true
            assembler.append(root, parent: -1, name: "screen", nameIsID: false)
            // Roots: views whose parent is -1 (or missing, or not a view).
            var roots: [Int] = []
            for (position, view) in fields.enumerated() {
                let parent = view.parent ?? -1
                if parent < 0 || parent >= views.count || parent == position { roots.append(position) }
            }
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
                    for child in document.elements(view.children).reversed() {
                        guard let number = document.number(child), number == number.rounded(), number >= 0,
                              number < Double(views.count) else {
                            link(problem: child)
                            continue
                        }
                        stack.append((Int(number), kept))
                    }
                }
            }
            // Views no root leads to (a parent that does not list them, a cycle).
            let unreached = visited.indices.filter { !visited[$0] }
            if let first = unreached.first {
                badLinks.count += unreached.count
                if badLinks.first < 0 { badLinks.first = views[first] }
            }
            if screen.isEmpty {
                var union = Rect.empty
                for index in 1..<max(1, assembler.count) { union = union.union(assembler.frame(of: index)) }
                assembler.setFrame(of: 0, union)
            }
            writeNotes()
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
            if view.resourceID >= 0, let id = document.string(view.resourceID), id.hasPrefix("android:id/"),
               ControlClasses.isAndroidSystemBar(id.dropFirst("android:id/".count)) {
                if !systemSkipped.contains(id) { systemSkipped.append(id) }
                if firstSystem < 0 { firstSystem = object }
                return nil
            }
            guard let frame = bounds(view.bounds) else {
                badBounds.count += 1
                if badBounds.first < 0 { badBounds.first = view.bounds >= 0 ? view.bounds : object }
                return parent
            }
            // Not shown, or nothing to touch: left out, its children kept.
            if view.visible == false || frame.isEmpty { return parent }
            if !screen.isEmpty, !frame.intersects(screen) { return nil }
            var node = LayoutNode()
            node.objectEntry = Int32(object)
            node.typeEntry = Int32(view.className)
            node.idEntry = Int32(view.resourceID)
            node.frameEntry = Int32(view.bounds)
            node.frame = frame
            node.isTarget = view.clickable || view.longClickable || view.checkable
            node.isEnabled = view.enabled ?? true
            let name = name(view)
            return assembler.append(node, parent: parent, name: name.text, nameIsID: name.isID)
        }

        /// `[[left, top], [right, bottom]]` in pixels → points; nil when malformed.
        private func bounds(_ entry: Int) -> Rect? {
            guard entry >= 0, document.kind(entry) == .array else { return nil }
            let corners = document.elements(entry)
            guard corners.count == 2, corners.allSatisfy({ document.kind($0) == .array && document.count($0) == 2 }) else { return nil }
            let topLeft = document.elements(corners[0]), bottomRight = document.elements(corners[1])
            guard let left = document.number(topLeft[0]), let top = document.number(topLeft[1]),
                  let right = document.number(bottomRight[0]), let bottom = document.number(bottomRight[1]),
                  left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
            // Accessibility bounds can come inverted for views scrolled away; those are empty.
            return Rect(minX: left * pointsPerPixel, minY: top * pointsPerPixel,
                        maxX: max(left, right) * pointsPerPixel, maxY: max(top, bottom) * pointsPerPixel)
        }

        /// `resource_id` without its `package:id/` prefix, else the content
        /// description (what TalkBack says: "Navigate up"), else the class.
        private func name(_ view: Fields) -> (text: String, isID: Bool) {
            if view.resourceID >= 0, let id = document.string(view.resourceID), !id.isEmpty {
                if let range = id.range(of: ":id/") { return (String(id[range.upperBound...]), true) }
                return (id, true)
            }
            if view.contentDescription >= 0, let text = document.string(view.contentDescription), !text.isEmpty {
                return (text.count > 40 ? String(text.prefix(40)) + "…" : text, false)
            }
            if view.className >= 0, let className = document.string(view.className), !className.isEmpty {
                return (String(ControlClasses.simpleName(className)), false)
            }
            return ("view", false)
        }

        private func read(_ object: Int) -> Fields {
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
                else if document.stringEquals(key, "enabled") { fields.enabled = document.bool(value) }
                else if document.stringEquals(key, "visible") { fields.visible = document.bool(value) }
                key = document.next(value)
            }
            return fields
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
