/// Imports a design from the Figma REST API: `GET /v1/files/:key`
/// (`{"document": {"type": "DOCUMENT", "children": [pages]}, "components": …}`)
/// or `GET /v1/files/:key/nodes?ids=…` (`{"nodes": {"1:2": {"document": node,
/// "components": …}}}`), as it is saved, or wrapped in one member by the tool
/// that saved it (`{"Result": {…}}`). The only format that exists before the
/// code: problems are caught at design review.
///
/// Field meanings (Docs/importers.md; figma/rest-api-spec `dist/api_types.ts`,
/// Figma's REST API reference): `absoluteBoundingBox` is the node's box on the
/// canvas, without what rendering adds (`absoluteRenderBounds` has shadows and
/// strokes, and is not used); `clipsContent` says whether a frame clips what is
/// inside it; `visible: false` hides a layer and what is in it; `opacity` is
/// its opacity; `children` are in z-order, the first at the back. A prototype
/// interaction starts at a layer with `transitionNodeID` (the classic
/// prototype link) or `interactions` (`reactions` in plugin exports) whose
/// trigger is a click, a press or a drag. The canvas is unbounded: each
/// top-level frame of a page (and each frame of a section, each variant of a
/// component set) is a screen of its own, and screens are laid side by side.
///
/// Targets: when the file has prototype interactions, the layers they start
/// at; otherwise the layers named, or made from a component named, after a
/// control (button, link, checkbox, radio, switch, toggle, tab, chip, slider,
/// stepper, text field, input, search, dropdown, select, menu item): a layer
/// so named inside another is part of it (a "Radio Field" and its radio
/// circle, a wrapper group and the button instance in it). `figmaTargets:` in
/// `.hitlint.yml` names more (patterns on layer or component names).
/// Text layers are never targets (Figma names them after their text).
///
/// A design says neither which platform it is for nor which layers take
/// touches: only targets do (it is hit-tested as an accessibility tree is), a
/// container cuts what lies outside it (as UIKit and Android do, whatever it
/// draws), and sizes are Apple's (44 pt) unless `--profile` says otherwise.
enum FigmaImporter: Importer {
    /// Words that name a control, in layer and component names.
    static let controlWords: Set<String> = [
        "button", "btn", "cta", "link", "checkbox", "radio", "switch", "toggle", "tab", "chip", "slider", "stepper",
        "textfield", "input", "search", "searchbar", "dropdown", "select", "combobox", "menuitem", "fab",
    ]
    /// Pairs of words that name one (`text field`, `check box`, `menu item`, `icon button`).
    static let controlPhrases: Set<String> = ["text field", "check box", "menu item", "search bar", "combo box", "icon button"]
    /// Layer types a control can be drawn as.
    static let controlTypes: Set<String> = ["FRAME", "GROUP", "INSTANCE", "COMPONENT", "RECTANGLE", "ELLIPSE"]
    /// Triggers a finger or a pointer starts.
    static let touchTriggers: Set<String> = ["ON_CLICK", "ON_PRESS", "ON_DRAG", "MOUSE_DOWN", "MOUSE_UP"]
    /// Space between screens laid side by side, in points.
    static let screenGap = 40.0

    /// Whether a top-level member is a Figma response's: `document` holding a
    /// node with a `type`, or `nodes` whose first value holds a `document`.
    static func isResponseMember(key: Int, value: Int, document: Document) -> Bool {
        guard document.kind(value) == .object else { return false }
        if document.stringEquals(key, "document") { return FileKind.member(value, "type", of: document) >= 0 }
        guard let first = document.members(value).first else { return false }
        return FileKind.member(first.value, "document", of: document) >= 0
    }

    /// The mapping that is the response: the document's own, or the one value of a wrapper.
    static func response(in document: Document) -> Int? {
        guard !document.entries.isEmpty, document.kind(0) == .object else { return nil }
        if isResponse(0, document: document) { return 0 }
        let members = document.members(0)
        if members.count == 1, isResponse(members[0].value, document: document) { return members[0].value }
        return nil
    }

    private static func isResponse(_ object: Int, document: Document) -> Bool {
        guard document.kind(object) == .object else { return false }
        for (key, value) in document.members(object) where document.stringEquals(key, "document") || document.stringEquals(key, "nodes") {
            if isResponseMember(key: key, value: value, document: document) { return true }
        }
        return false
    }

    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard let response = response(in: document) else {
            return SentryImporter.unreadable(document, "a Figma file must be a REST API response: a mapping with 'document' (GET /v1/files/:key) or 'nodes' (GET /v1/files/:key/nodes)")
        }
        var reader = Reader(document: document, targetPatterns: options.figmaTargets.map { $0.lowercased() })
        reader.readResponse(response)
        guard !reader.screens.isEmpty else {
            return SentryImporter.nothingToLint(document, "the Figma file has no frame to check (no top-level frame on its pages): nothing to lint",
                                                entry: response == 0 ? (document.next(0) > 1 ? 1 : 0) : response)
        }
        return reader.build(options: options)
    }

    /// A screen: a top-level frame, where its box lands in the layout.
    struct Screen {
        var node: Int
        var box: Rect
        var offsetX: Double
        var offsetY: Double
        /// Whether a layer of this screen starts a prototype interaction: then
        /// its targets are where they start; else they are found by name.
        var hasInteractions = false
    }

    private struct Reader {
        let document: Document
        let targetPatterns: [String]
        var screens: [Screen] = []
        /// Names of components and component sets, by id.
        var componentNames: [String: String] = [:]
        var componentSetOf: [String: String] = [:]
        var componentSetNames: [String: String] = [:]
        var otherTopLevel: (count: Int, first: Int) = (0, -1)

        init(document: Document, targetPatterns: [String]) {
            self.document = document
            self.targetPatterns = targetPatterns
        }

        func member(_ object: Int, _ key: StaticString) -> Int { FileKind.member(object, key, of: document) }

        func string(_ object: Int, _ key: StaticString) -> String? {
            let value = member(object, key)
            return value >= 0 ? document.string(value) : nil
        }

        func children(_ node: Int) -> [Int] {
            let value = member(node, "children")
            guard value >= 0, document.kind(value) == .array else { return [] }
            return document.elements(value).filter { document.kind($0) == .object }
        }

        /// `absoluteBoundingBox` as a rect, when it is a usable one.
        func box(_ node: Int) -> Rect? {
            let value = member(node, "absoluteBoundingBox")
            guard value >= 0, document.kind(value) == .object,
                  let x = document.numberValue(member(value, "x")), let y = document.numberValue(member(value, "y")),
                  let width = document.numberValue(member(value, "width")),
                  let height = document.numberValue(member(value, "height")),
                  x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0,
                  abs(x) < 1e9, abs(y) < 1e9, width < 1e9, height < 1e9 else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }

        mutating func readResponse(_ response: Int) {
            readComponents(response)
            let documentNode = member(response, "document")
            if documentNode >= 0 { collectScreens(documentNode) }
            let nodes = member(response, "nodes")
            if nodes >= 0, document.kind(nodes) == .object {
                for (_, entry) in document.members(nodes) where document.kind(entry) == .object {
                    readComponents(entry)
                    let node = member(entry, "document")
                    if node >= 0, document.kind(node) == .object { collectScreens(node) }
                }
            }
            for index in screens.indices { screens[index].hasInteractions = scanInteractions(screens[index].node) }
            arrangeScreens()
        }

        mutating func readComponents(_ holder: Int) {
            let components = member(holder, "components")
            if components >= 0, document.kind(components) == .object {
                for (key, value) in document.members(components) {
                    guard let id = document.string(key) else { continue }
                    if let name = string(value, "name") { componentNames[id] = name }
                    if let set = string(value, "componentSetId") { componentSetOf[id] = set }
                }
            }
            let sets = member(holder, "componentSets")
            if sets >= 0, document.kind(sets) == .object {
                for (key, value) in document.members(sets) {
                    if let id = document.string(key), let name = string(value, "name") { componentSetNames[id] = name }
                }
            }
        }

        /// The screens under a node: pages and sections hold them; a component
        /// set's variants are each one; any other node is one itself.
        mutating func collectScreens(_ node: Int) {
            var stack = [node]
            while let current = stack.popLast() {
                let type = string(current, "type") ?? ""
                if ["DOCUMENT", "CANVAS", "SECTION", "COMPONENT_SET"].contains(type) {
                    stack += children(current).reversed()
                } else if let box = box(current), ["FRAME", "COMPONENT", "INSTANCE", "GROUP"].contains(type) {
                    if current == node || !screens.contains(where: { $0.node == current }) {
                        screens.append(Screen(node: current, box: box, offsetX: 0, offsetY: 0))
                    }
                } else if current == node, let box = box(current) {
                    screens.append(Screen(node: current, box: box, offsetX: 0, offsetY: 0))
                } else {
                    otherTopLevel.count += 1
                    if otherTopLevel.first < 0 { otherTopLevel.first = current }
                }
            }
        }

        func scanInteractions(_ node: Int) -> Bool {
            var stack = [node]
            while let current = stack.popLast() {
                if startsInteraction(current) { return true }
                stack += children(current)
            }
            return false
        }

        /// A prototype link (`transitionNodeID`), or an interaction or reaction
        /// a touch starts (`ON_CLICK`, `ON_PRESS`, `ON_DRAG`, `MOUSE_DOWN`, `MOUSE_UP`) that does something.
        func startsInteraction(_ node: Int) -> Bool {
            let transition = member(node, "transitionNodeID")
            if transition >= 0, document.kind(transition) == .string, !(document.string(transition) ?? "").isEmpty { return true }
            for key: StaticString in ["interactions", "reactions"] {
                let list = member(node, key)
                guard list >= 0, document.kind(list) == .array else { continue }
                for item in document.elements(list) where document.kind(item) == .object {
                    let trigger = member(item, "trigger")
                    guard trigger >= 0, let type = string(trigger, "type"), FigmaImporter.touchTriggers.contains(type) else { continue }
                    // An interaction with no action does nothing; a reaction's action is `action`.
                    let actions = member(item, "actions")
                    let action = member(item, "action")
                    if actions >= 0, document.kind(actions) == .array, document.count(actions) > 0 { return true }
                    if action >= 0, document.kind(action) == .object { return true }
                }
            }
            return false
        }

        /// One screen stays where it is, moved to the origin; several are laid
        /// in a row (pages may put frames at the same place on the canvas).
        mutating func arrangeScreens() {
            var x = 0.0
            for index in screens.indices {
                let box = screens[index].box
                screens[index].offsetX = x - box.minX
                screens[index].offsetY = -box.minY
                x += box.width + FigmaImporter.screenGap
            }
        }

        /// Whether a layer is a control by its name, its component's or its
        /// component set's, or a pattern of `figmaTargets`.
        func isNamedControl(_ node: Int, type: String, name: String) -> (control: Bool, configured: Bool) {
            var names = [name]
            if let component = string(node, "componentId") {
                if let componentName = componentNames[component] { names.append(componentName) }
                if let set = componentSetOf[component], let setName = componentSetNames[set] { names.append(setName) }
            }
            let lowered = names.map { $0.lowercased() }
            if lowered.contains(where: { lowered in targetPatterns.contains { FigmaImporter.matches(Substring(lowered), pattern: Substring($0)) } }) {
                return (true, true)
            }
            guard FigmaImporter.controlTypes.contains(type) else { return (false, false) }
            return (names.contains(where: FigmaImporter.namesControl), false)
        }

        /// Whether a layer named after a control holds two or more layers
        /// named after controls (a "Tab bar" of tabs, a "Button group"): then
        /// it is their container, and they are the targets. One alone inside
        /// it is the same control (a wrapper group and its instance).
        func holdsControls(_ node: Int) -> Bool {
            var found = 0
            var stack = children(node)
            while let child = stack.popLast() {
                guard document.flag(member(child, "visible")) != false else { continue }
                let type = string(child, "type") ?? ""
                if type != "TEXT", isNamedControl(child, type: type, name: string(child, "name") ?? "").control {
                    found += 1
                    if found >= 2 { return true }
                } else {
                    stack += children(child)
                }
            }
            return false
        }

        func build(options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
            let last = screens[screens.count - 1]
            let height = screens.map(\.box.height).max() ?? 0
            let width = last.box.maxX + last.offsetX
            var assembler = CaptureAssembler(document: document, platform: .android, modality: .touch, options: options,
                                             screen: Rect(x: 0, y: 0, width: width, height: height))
            var withoutBox: (count: Int, first: Int) = (0, -1)
            var targets = 0
            for screen in screens {
                place(screen, into: &assembler, withoutBox: &withoutBox, targets: &targets)
            }
            writeNotes(into: &assembler, targets: targets, withoutBox: withoutBox, options: options)
            var result = assembler.finish(namesEntry: 0)
            result.layout.guideline = .uikit
            return result
        }

        /// Places a screen's layers, side by side with the screens before it;
        /// counts the layers with no box and the targets.
        private func place(_ screen: Screen, into assembler: inout CaptureAssembler, withoutBox: inout (count: Int, first: Int),
                           targets: inout Int) {
            let screenFrame = screen.box.offsetBy(dx: screen.offsetX, dy: screen.offsetY)
            var stack: [(node: Int, parent: Int, isScreen: Bool)] = [(screen.node, 0, true)]
            while let (node, parent, isScreen) = stack.popLast() {
                let nameEntry = member(node, "name")
                let anchor = nameEntry >= 0 ? nameEntry : node
                if document.flag(member(node, "visible")) == false {
                    assembler.leaveOut(.notVisible, entry: anchor)
                    continue
                }
                guard let box = box(node) else {
                    withoutBox.count += 1
                    if withoutBox.first < 0 { withoutBox.first = anchor }
                    for child in children(node).reversed() { stack.append((child, parent, false)) }
                    continue
                }
                let frame = box.offsetBy(dx: screen.offsetX, dy: screen.offsetY)
                if frame.isEmpty {
                    assembler.leaveOut(.zeroSize, entry: anchor)
                    for child in children(node).reversed() { stack.append((child, parent, false)) }
                    continue
                }
                guard frame.intersects(screenFrame) else {
                    assembler.leaveOut(.offScreen, entry: anchor)
                    continue
                }
                let type = string(node, "type") ?? ""
                let name = nameEntry >= 0 ? (document.string(nameEntry) ?? "") : ""
                var layoutNode = LayoutNode()
                layoutNode.objectEntry = Int32(node)
                layoutNode.typeEntry = Int32(member(node, "type"))
                layoutNode.frameEntry = Int32(anchor)
                layoutNode.frame = frame
                // A screen shows nothing beyond its edges; a frame clips when it says so.
                layoutNode.clipsToBounds = isScreen || document.flag(member(node, "clipsContent")) == true
                if let opacity = document.numberValue(member(node, "opacity")), opacity.isFinite, opacity < 1 {
                    assembler.setAlpha(of: &layoutNode, max(0, opacity))
                }
                let control = isControl(node, type: type, name: name, isScreen: isScreen, on: screen)
                layoutNode.isTarget = control.isTarget
                let index = assembler.append(layoutNode, parent: parent, name: name.isEmpty ? type.lowercased() : name,
                                             nameIsID: false, isPartOfControl: control.isPart)
                if assembler.layout.nodes[index].isTarget { targets += 1 }
                for child in children(node).reversed() { stack.append((child, index, false)) }
            }
        }

        /// Whether a layer is a target, and (on a screen without prototype
        /// interactions) whether it is a part of a control around it.
        private func isControl(_ node: Int, type: String, name: String, isScreen: Bool, on screen: Screen) -> (isTarget: Bool, isPart: Bool) {
            // A frame given as the screen is no control; a component or an
            // instance given alone (`/nodes` of a button) may be one. Text
            // is a target only where a prototype link starts (Figma names
            // text layers after their text: "Button" says nothing).
            guard !isScreen || type == "INSTANCE" || type == "COMPONENT" else { return (false, false) }
            let named = type == "TEXT" ? (control: false, configured: false) : isNamedControl(node, type: type, name: name)
            if screen.hasInteractions {
                return (startsInteraction(node) || named.configured, false)
            }
            let isTarget = named.control && (named.configured || !holdsControls(node))
            return (isTarget, isTarget)
        }

        /// What the import says of the design as a whole: how targets were
        /// told, layers with no box, top-level layers that are no screen.
        private func writeNotes(into assembler: inout CaptureAssembler, targets: Int, withoutBox: (count: Int, first: Int),
                                options: ImportOptions) {
            let prototyped = screens.filter(\.hasInteractions).count
            let byInteraction = "the layers where a prototype interaction starts (a click, press or drag)"
            let byName = "the layers named after a control or made from one (button, checkbox, switch, text field, …)"
            let how = prototyped == screens.count ? byInteraction
                : prototyped == 0 ? "the file has no prototype interactions, so \(byName)"
                : "on the \(prototyped) of \(screens.count) screens with prototype interactions \(byInteraction), on the others \(byName)"
            let profile = options.profileIsChosen ? "" : "; sizes are checked against the ios profile (44×44 pt): pass --profile android (48 dp) or wcag-aa (24 px) for a design for another platform"
            assembler.note("Figma design: \(targets) target\(targets == 1 ? "" : "s"), \(how)\(profile)",
                           entry: member(screens[0].node, "name") >= 0 ? member(screens[0].node, "name") : screens[0].node)
            if withoutBox.count > 0 {
                assembler.note("\(withoutBox.count) layer\(withoutBox.count == 1 ? " has" : "s have") no absoluteBoundingBox: left out, what is in them kept",
                               entry: withoutBox.first)
            }
            if otherTopLevel.count > 0 {
                assembler.note("\(otherTopLevel.count) top-level layer\(otherTopLevel.count == 1 ? " is" : "s are") no frame (text, shapes on the canvas): not a screen, not checked",
                               entry: member(otherTopLevel.first, "name") >= 0 ? member(otherTopLevel.first, "name") : otherTopLevel.first)
            }
        }
    }

    /// Whether a name says "control": one of `controlWords`, or a pair of
    /// `controlPhrases`, among its words (split at anything not a letter or a
    /// digit, and where a lowercase letter meets a capital: `IconButton`).
    static func namesControl(_ name: String) -> Bool {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in name {
            if character.isLetter || character.isNumber {
                if character.isUppercase, previousIsLower, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(Character(character.lowercased()))
                previousIsLower = character.isLowercase
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
            }
        }
        if !current.isEmpty { words.append(current) }
        if words.contains(where: controlWords.contains) { return true }
        return zip(words, words.dropFirst()).contains { controlPhrases.contains($0 + " " + $1) }
    }

    /// Whether a name matches a `figmaTargets` pattern: `*` stands for any
    /// characters, `?` for one; letters in any case (both are lowered).
    static func matches(_ name: Substring, pattern: Substring) -> Bool {
        var nameIndex = name.startIndex, patternIndex = pattern.startIndex
        var star: (pattern: Substring.Index, name: Substring.Index)?
        while nameIndex < name.endIndex {
            if patternIndex < pattern.endIndex, pattern[patternIndex] == "*" {
                star = (pattern.index(after: patternIndex), nameIndex)
                patternIndex = pattern.index(after: patternIndex)
            } else if patternIndex < pattern.endIndex, pattern[patternIndex] == "?" || pattern[patternIndex] == name[nameIndex] {
                patternIndex = pattern.index(after: patternIndex)
                nameIndex = name.index(after: nameIndex)
            } else if let retry = star {
                patternIndex = retry.pattern
                nameIndex = name.index(after: retry.name)
                star = (retry.pattern, nameIndex)
            } else {
                return false
            }
        }
        while patternIndex < pattern.endIndex, pattern[patternIndex] == "*" { patternIndex = pattern.index(after: patternIndex) }
        return patternIndex == pattern.endIndex
    }
}
