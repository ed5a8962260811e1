/// What a file is: a hitlint layout, or a view hierarchy captured from a
/// running app or exported from a design tool, which an importer maps onto the
/// layout model (`--from`), or none of these.
public enum FileKind: String, Sendable, CaseIterable {
    /// A hitlint layout file (SPEC §1): a mapping with `root` (or only hitlint's own top-level keys).
    case hitlint
    /// A Sentry view-hierarchy attachment: `rendering_system` and `windows`
    /// (which sentry-dart leaves out when it has none).
    case sentry
    /// A DroidBot UI state dump: a flat `views` list (with the screen's `width` and `height`).
    case droidbot
    /// An Android `uiautomator dump` (`window_dump.xml`) or an Appium
    /// UiAutomator2 page source: XML under a `<hierarchy>` element.
    case uiautomator
    /// An iOS page source from WebDriverAgent (Appium's XCUITest driver):
    /// `XCUIElementType…` elements, under `<AppiumAUT>` or not.
    case xcuitest
    /// `maestro hierarchy`: a tree of `{"attributes": {…}, "children": […]}`.
    case maestro
    /// A RICO dataset view hierarchy: `{"activity": {"root": view}, …}`.
    case rico
    /// A Figma REST API response: `GET /v1/files/:key` (`document`) or
    /// `GET /v1/files/:key/nodes` (`nodes`).
    case figma
    /// An Interface Builder document for UIKit: a `.xib` or `.storyboard`,
    /// `<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" …>`.
    case interfaceBuilder = "interface-builder"
    /// None of these: no layout hitlint knows.
    case unknown

    /// Files of another tool, read through an importer: captured hierarchies
    /// are evidence, and Interface Builder and Figma write their own files
    /// (a saved frame is IB's output, worked out from constraints), so nothing
    /// may edit them; their fixes are advice.
    public var isImported: Bool { self != .hitlint && self != .unknown }

    /// How the format is named in messages.
    public var title: String {
        switch self {
        case .hitlint: return "hitlint layout"
        case .sentry: return "Sentry view hierarchy"
        case .droidbot: return "DroidBot state"
        case .uiautomator: return "UI Automator dump"
        case .xcuitest: return "XCUITest page source"
        case .maestro: return "Maestro hierarchy"
        case .rico: return "RICO view hierarchy"
        case .figma: return "Figma file"
        case .interfaceBuilder: return "Interface Builder document"
        case .unknown: return "unknown file"
        }
    }

    /// Recognises a file by its top-level keys (or, for XML, its root
    /// element). A mapping with none of the known keys is `unknown`, unless all
    /// its keys are a hitlint layout's own (a layout being written: the layout
    /// builder says what it is missing; `{"name": …, "version": "1.0.0"}` is a
    /// package.json, not a layout). A document that is not a mapping (or an
    /// element) is `unknown`.
    public static func detect(_ document: Document) -> FileKind {
        guard !document.entries.isEmpty else { return .unknown }
        if document.format == .xml { return detectXML(document) }
        guard document.kind(0) == .object else { return .unknown }
        var hasRenderingSystem = false, hasViews = false, layoutKeys = 0
        var hasAttributes = false, hasChildren = false, hasActivityRoot = false, isFigma = false
        var members = 0
        var onlyValue = -1
        var child = 1
        let end = document.next(0)
        while child < end {
            let value = child + 1
            members += 1
            onlyValue = value
            if document.stringEquals(child, "root") { return .hitlint }
            if document.stringEquals(child, "rendering_system") { hasRenderingSystem = true }
            else if document.stringEquals(child, "views") { hasViews = document.kind(value) == .array }
            else if document.stringEquals(child, "attributes") { hasAttributes = document.kind(value) == .object }
            else if document.stringEquals(child, "children") { hasChildren = document.kind(value) == .array }
            else if document.stringEquals(child, "activity") { hasActivityRoot = member(value, "root", of: document) >= 0 }
            else if document.stringEquals(child, "document") || document.stringEquals(child, "nodes") {
                isFigma = isFigma || FigmaImporter.isResponseMember(key: child, value: value, document: document)
            } else {
                if isLayoutKey(child, of: document) { layoutKeys += 1 }
            }
            child = document.next(value)
        }
        if hasRenderingSystem { return .sentry }
        if hasViews { return .droidbot }
        if isFigma { return .figma }
        if hasActivityRoot { return .rico }
        if hasAttributes, hasChildren { return .maestro }
        if layoutKeys > 0, layoutKeys == members { return .hitlint }
        // A response wrapped in one member by the tool that saved it (`{"Result": {…}}`).
        if members == 1, document.kind(onlyValue) == .object, FigmaImporter.response(in: document) != nil { return .figma }
        return .unknown
    }

    /// One of a hitlint layout's top-level keys (`LayoutBuilder.documentKeys`, `root` aside).
    private static func isLayoutKey(_ key: Int, of document: Document) -> Bool {
        for name: StaticString in ["version", "platform", "input", "units", "scale", "device", "coordinates"]
            where document.stringEquals(key, name) {
            return true
        }
        return false
    }

    /// XML: the root element's name.
    private static func detectXML(_ document: Document) -> FileKind {
        guard document.kind(0) == .array, document.next(0) > 1, document.kind(1) == .string else { return .unknown }
        if document.stringEquals(1, "hierarchy") { return .uiautomator }
        if document.stringEquals(1, "AppiumAUT") {
            // Appium's UIAutomation driver wrote `<AppiumAUT><UIAApplication>`: no page source hitlint reads.
            return XCUITestImporter.legacyUIAutomationElement(document) == nil ? .xcuitest : .unknown
        }
        if let name = document.string(1), name.hasPrefix("XCUIElementType") { return .xcuitest }
        if InterfaceBuilderDocument.kind(of: document) == .uiKit { return .interfaceBuilder }
        return .unknown
    }

    /// The value of `key` in the mapping `object`, or -1.
    static func member(_ object: Int, _ key: StaticString, of document: Document) -> Int {
        guard object >= 0, object < document.entries.count, document.kind(object) == .object else { return -1 }
        var child = object + 1
        let end = document.next(object)
        while child < end {
            if document.stringEquals(child, key) { return child + 1 }
            child = document.next(child + 1)
        }
        return -1
    }
}

/// `--from`: a kind, or `auto` to recognise each file by its keys.
public enum FileKindChoice: String, Sendable, CaseIterable {
    case auto, hitlint, sentry, droidbot, uiautomator, xcuitest, maestro, rico, figma
    case interfaceBuilder = "interface-builder"

    /// The syntax a file named with another extension is read in when `--from`
    /// names its format (`maestro hierarchy > screen.txt`, `--from maestro`):
    /// the JSON formats' JSON, the page sources' XML; nil for `auto` and
    /// `hitlint`, whose syntax only the extension tells.
    public var impliedFormat: SourceFormat? {
        switch self {
        case .auto, .hitlint: return nil
        case .sentry, .droidbot, .maestro, .rico, .figma: return .json
        case .uiautomator, .xcuitest, .interfaceBuilder: return .xml
        }
    }

    public func kind(of document: Document) -> FileKind {
        switch self {
        case .auto: return FileKind.detect(document)
        case .hitlint: return .hitlint
        case .sentry: return .sentry
        case .droidbot: return .droidbot
        case .uiautomator: return .uiautomator
        case .xcuitest: return .xcuitest
        case .maestro: return .maestro
        case .rico: return .rico
        case .figma: return .figma
        case .interfaceBuilder: return .interfaceBuilder
        }
    }
}
