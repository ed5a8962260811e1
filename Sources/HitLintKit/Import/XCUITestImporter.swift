/// Imports an iOS page source from WebDriverAgent (Appium's XCUITest driver
/// `driver.page_source`, WDA's `GET /source`):
///
///     <AppiumAUT>
///       <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" enabled="true"
///           visible="true" accessible="false" x="0" y="0" width="402" height="874" index="0">
///         <XCUIElementTypeButton type="XCUIElementTypeButton" name="backBtn" label="Back" enabled="true"
///             visible="true" accessible="true" x="16" y="78" width="370" height="48" index="0" traits="Button"/>
///
/// Field meanings (Docs/importers.md; appium/WebDriverAgent `FBXPath.m`,
/// `XCUIElement+FBWebDriverAttributes.m`, `XCUIElement+FBIsVisible.m`): the
/// element's name is its `XCUIElementType`; `x`, `y`, `width`, `height` are
/// `CGRectIntegral(frame)`: screen points, absolute; `visible` is WDA's
/// `fb_isVisible`: the element's middle (or a leaf inside it) is what a hit
/// test there finds, so `false` means covered (by the keyboard, a sheet) or
/// outside its window or scroll view; `enabled` is `isEnabled`; `name` is the
/// accessibility identifier, else the label; `traits` (newer WDA) the
/// accessibility traits. Not recorded: `isUserInteractionEnabled`, which view
/// is in front (the order is the accessibility order), scroll offsets.
///
/// Targets by element type (buttons, links, cells, switches, sliders, text
/// fields, …) or by a `Button` or `Link` trait (a custom view made a button
/// for VoiceOver). An element inside a target with the same label or frame is
/// the same control (WDA repeats a label down nested elements). Left out:
/// elements not visible (counted), without a usable frame (XCTest gives
/// 9.2e18 for an element it cannot place; their children are kept), of zero
/// size, off the screen, and the keyboard's and status bar's subtrees (one
/// note). As the tree records neither which view takes touches nor which is in
/// front, it is hit-tested as an accessibility tree (only targets take touches,
/// as DroidBot's and UI Automator's are), with Apple's sizes (44 pt).
enum XCUITestImporter: Importer {
    /// Element types that take taps.
    static let targetTypes: Set<String> = [
        "Button", "RadioButton", "CheckBox", "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton", "ToolbarButton",
        "Slider", "PageIndicator", "PickerWheel", "Switch", "Toggle", "Link", "Icon", "SearchField", "TextField",
        "SecureTextField", "TextView", "MenuItem", "MenuBarItem", "IncrementArrow", "DecrementArrow", "Cell", "Stepper",
        "Tab", "ColorWell", "DockItem", "StatusItem", "SegmentedControl",
    ]
    /// Containers that scroll their content.
    static let scrollingTypes: Set<String> = ["ScrollView", "Table", "CollectionView", "Outline", "WebView"]
    /// The system's subtrees over the app.
    static let systemTypes: Set<String> = ["Keyboard", "StatusBar"]

    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard document.isXMLElement(0) else {
            return SentryImporter.unreadable(document, "an XCUITest page source must be an XML document of XCUIElementType… elements")
        }
        if let legacy = legacyUIAutomationElement(document) {
            return SentryImporter.unreadable(document, legacyUIAutomationDescription, entry: legacy + 1)
        }
        // The screen: the application's frame (the window's when it is not given).
        var windows: [Rect] = []
        var search = [0]
        while let element = search.popLast(), windows.isEmpty {
            let type = shortType(element, document: document)
            if type == "Application" || type == "Window", let frame = read(element, document: document).frame, !frame.isEmpty {
                windows.append(frame)
            } else if type == "" || type == "Application" || type == "Other" {
                search += document.childElements(element).reversed()
            }
        }
        let screen = Screen.choose(windows: windows, recorded: nil)
        var assembler = CaptureAssembler(document: document, platform: .android, modality: .touch, options: options, screen: screen.rect)
        var walk = Walk(document: document, assembler: assembler)
        walk.run()
        assembler = walk.assembler
        var result = assembler.finish(namesEntry: 1)
        if result.layout.nodes.count <= 1, result.diagnostics.isEmpty {
            return SentryImporter.nothingToLint(document, "the page source has no elements: nothing to lint", entry: 1)
        }
        result.layout.guideline = .uikit
        result.layout.zOrderIsInferred = true
        return result
    }

    /// What is said of a page source from Appium's UIAutomation driver (iOS 9
    /// and earlier: `<UIAApplication>`, `<UIAButton>`), whose elements and
    /// attributes are not WebDriverAgent's, so that it is never read as a
    /// source with no elements.
    static let legacyUIAutomationDescription = "a legacy Appium UIAutomation page source (UIA… elements, from Appium's driver for iOS 9 and earlier), "
        + "which hitlint does not read: capture the screen again with Appium's XCUITest driver (XCUIElementType… elements)"

    /// The first `UIA…` element at the top of the document (the root, or an
    /// element of `<AppiumAUT>`), when the source is UIAutomation's.
    static func legacyUIAutomationElement(_ document: Document) -> Int? {
        guard document.isXMLElement(0) else { return nil }
        var candidates = [0]
        if document.stringEquals(1, "AppiumAUT") { candidates = document.childElements(0) }
        for element in candidates.prefix(4) {
            if let name = document.string(element + 1), name.hasPrefix("UIA"), name.count > 3,
               name.dropFirst(3).first?.isUppercase == true {
                return element
            }
        }
        return nil
    }

    /// `Button` of `XCUIElementTypeButton`; "" for another name (`AppiumAUT`).
    static func shortType(_ element: Int, document: Document) -> Substring {
        guard let name = document.string(element + 1), name.hasPrefix("XCUIElementType") else { return "" }
        return name.dropFirst("XCUIElementType".count)
    }

    struct Fields {
        var name = -1, label = -1, traits = -1, value = -1
        var enabled: Bool?, visible: Bool?
        var x: Double?, y: Double?, width: Double?, height: Double?
        /// A frame XCTest could place (finite, within a billion points of the screen).
        var frame: Rect? {
            guard let x, let y, let width, let height else { return nil }
            for value in [x, y, width, height] where !value.isFinite || abs(value) >= 1e9 { return nil }
            guard width >= 0, height >= 0 else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }
    }

    static func read(_ element: Int, document: Document) -> Fields {
        var fields = Fields()
        for (key, value) in document.members(element + 2) {
            if document.stringEquals(key, "x") { fields.x = document.numberValue(value) }
            else if document.stringEquals(key, "y") { fields.y = document.numberValue(value) }
            else if document.stringEquals(key, "width") { fields.width = document.numberValue(value) }
            else if document.stringEquals(key, "height") { fields.height = document.numberValue(value) }
            else if document.stringEquals(key, "name") { fields.name = value }
            else if document.stringEquals(key, "label") { fields.label = value }
            else if document.stringEquals(key, "value") { fields.value = value }
            else if document.stringEquals(key, "enabled") { fields.enabled = document.flag(value) }
            else if document.stringEquals(key, "visible") { fields.visible = document.flag(value) }
            else if document.stringEquals(key, "traits") { fields.traits = value }
        }
        return fields
    }

    private struct Walk {
        let document: Document
        var assembler: CaptureAssembler
        var systemSkipped: [String] = []
        var firstSystem = -1
        var withoutFrame: (count: Int, first: Int) = (0, -1)
        /// The label of each target appended (by layout index), to tell WDA's nested repeats.
        var targetLabels: [Int: String] = [:]
        /// The element type and element of each target appended (by layout index).
        var targetTypes: [Int: String] = [:]
        var targetElements: [Int: Int] = [:]

        mutating func run() {
            var stack: [(element: Int, parent: Int)] = [(0, 0)]
            while let (element, parent) = stack.popLast() {
                guard document.isXMLElement(element) else { continue }
                guard let kept = visit(element, parent: parent) else { continue }
                for child in document.childElements(element).reversed() { stack.append((child, kept)) }
            }
            writeNotes()
        }

        /// Adds the element; returns the layout index its children go under
        /// (its own, or its parent's when it is left out), or nil to skip its subtree.
        private mutating func visit(_ element: Int, parent: Int) -> Int? {
            let type = XCUITestImporter.shortType(element, document: document)
            // `AppiumAUT`, or any element that is no XCUIElementType: its children are placed.
            guard !type.isEmpty else { return parent }
            if XCUITestImporter.systemTypes.contains(String(type)) {
                let name = "XCUIElementType" + type
                if !systemSkipped.contains(name) { systemSkipped.append(name) }
                if firstSystem < 0 { firstSystem = element + 1 }
                return nil
            }
            let fields = XCUITestImporter.read(element, document: document)
            guard let frame = fields.frame else {
                withoutFrame.count += 1
                if withoutFrame.first < 0 { withoutFrame.first = element + 1 }
                return parent
            }
            if fields.visible == false {
                assembler.leaveOut(.notVisible, entry: element + 1)
                return parent
            }
            if frame.isEmpty {
                assembler.leaveOut(.zeroSize, entry: element + 1)
                return parent
            }
            guard assembler.isOnScreen(frame) else {
                assembler.leaveOut(.offScreen, entry: element + 1)
                return nil
            }
            var node = LayoutNode()
            // The attributes' mapping is the element's (where a fix's advice would put a key).
            node.objectEntry = Int32(element + 2)
            node.typeEntry = Int32(element + 1)
            node.frameEntry = Int32(element + 1)
            node.frame = frame
            let typeName = String(type)
            node.isTarget = XCUITestImporter.targetTypes.contains(typeName) || hasControlTrait(fields.traits)
            if typeName == "TextView", isReadOnly(fields) {
                // A text view that shows text rather than takes it (terms, a message body).
                node.isTarget = hasControlTrait(fields.traits)
                if !node.isTarget { assembler.countNotAControl(.readOnlyText, entry: element + 1) }
            }
            node.isEnabled = fields.enabled ?? true
            node.isScrollable = XCUITestImporter.scrollingTypes.contains(typeName)
            // A table scrolls up and down; the other scroll views either way, as their items tell.
            node.scrollsUpAndDown = typeName == "Table"
            node.isWebContent = typeName == "WebView"
            let label = fields.label >= 0 ? document.string(fields.label) : nil
            var isPart = false
            if node.isTarget, let owner = assembler.owningTarget(of: parent) {
                isPart = isPartOfControl(owner, type: typeName, label: label)
            }
            let name = name(fields, type: typeName)
            if name.isID { node.idEntry = Int32(fields.name) }
            let index = assembler.append(node, parent: parent, name: name.text, nameIsID: name.isID, isPartOfControl: isPart)
            if assembler.layout.nodes[index].isTarget {
                if let label { targetLabels[index] = label }
                targetTypes[index] = typeName
                targetElements[index] = element
            }
            return index
        }

        /// A text view that is read, not edited: its traits say static text, or
        /// it holds text (`value`) and nothing names it as a field (no label,
        /// which an editor has for VoiceOver to say what it is for).
        private func isReadOnly(_ fields: XCUITestImporter.Fields) -> Bool {
            if fields.traits >= 0, let traits = document.string(fields.traits),
               traits.split(separator: ",").contains(where: { $0.filter { $0 != " " } == "StaticText" }) {
                return true
            }
            let label = fields.label >= 0 ? document.string(fields.label) ?? "" : ""
            let value = fields.value >= 0 ? document.string(fields.value) ?? "" : ""
            return label.isEmpty && !value.isEmpty
        }

        static let switchTypes: Set<String> = ["Switch", "Toggle"]

        /// Whether a target inside the target `owner` is a part of that one
        /// control: WebDriverAgent repeats a control's label down the elements
        /// it is made of; a SwiftUI `Toggle` is a row-wide switch that holds
        /// the switch itself, whatever label that one has; and a switch in a
        /// table cell that says what the switch says (the cell's label, or the
        /// text it shows: UIKit's settings row) is the row's one control.
        private func isPartOfControl(_ owner: Int, type: String, label: String?) -> Bool {
            let ownerType = targetTypes[owner] ?? ""
            if Self.switchTypes.contains(type), Self.switchTypes.contains(ownerType) { return true }
            guard let label, !label.isEmpty else { return false }
            if targetLabels[owner] == label { return true }
            guard Self.switchTypes.contains(type), ownerType == "Cell", let cell = targetElements[owner] else { return false }
            return cellSays(label, cell: cell)
        }

        /// Whether the cell's name, or a text in it, is `label`.
        private func cellSays(_ label: String, cell: Int) -> Bool {
            let fields = XCUITestImporter.read(cell, document: document)
            if fields.name >= 0, document.string(fields.name) == label { return true }
            var search = document.childElements(cell)
            var looked = 0
            while let element = search.popLast(), looked < 64 {
                looked += 1
                if XCUITestImporter.shortType(element, document: document) == "StaticText" {
                    let text = XCUITestImporter.read(element, document: document)
                    if text.label >= 0, document.string(text.label) == label { return true }
                    if text.name >= 0, document.string(text.name) == label { return true }
                }
                search += document.childElements(element)
            }
            return false
        }

        /// A custom view VoiceOver calls a button or a link (`traits="Button"`, `"Image, Link"`).
        private func hasControlTrait(_ entry: Int) -> Bool {
            guard entry >= 0, let traits = document.string(entry), !traits.isEmpty else { return false }
            return traits.split(separator: ",").contains { part in
                let trait = part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
                return String(trait) == "Button" || String(trait) == "Link"
            }
        }

        /// The accessibility identifier (WDA's `name` when it is not the label),
        /// else the label, else the element type.
        private func name(_ fields: Fields, type: String) -> (text: String, isID: Bool) {
            let name = fields.name >= 0 ? document.string(fields.name) ?? "" : ""
            let label = fields.label >= 0 ? document.string(fields.label) ?? "" : ""
            if !name.isEmpty { return (name.count > 40 ? String(name.prefix(40)) + "…" : name, name != label) }
            if !label.isEmpty { return (label.count > 40 ? String(label.prefix(40)) + "…" : label, false) }
            return (type, false)
        }

        private mutating func writeNotes() {
            if !systemSkipped.isEmpty {
                assembler.note("skipped the \(englishList(systemSkipped.map { "'\($0)'" })) and what is in \(systemSkipped.count == 1 ? "it" : "them"): "
                               + "the system's, not the app's", entry: firstSystem)
            }
            if withoutFrame.count > 0 {
                assembler.note("\(withoutFrame.count) element\(withoutFrame.count == 1 ? " has" : "s have") no usable x, y, width and height "
                               + "(XCTest writes 9.2e18 for an element it cannot place): left out, their children kept",
                               entry: withoutFrame.first)
            }
        }
    }
}
