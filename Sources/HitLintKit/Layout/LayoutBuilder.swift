/// Turns a parsed `Document` into a validated, flat `Layout` (SPEC §1–2):
/// every key read with its default, lengths converted to points, stacks laid
/// out, frames made absolute. Problems become `invalid-layout`, `unknown-key`
/// and `duplicate-id` diagnostics on the offending value.
///
/// This file runs the build and reads the document's own keys; the nodes are
/// read from a whole document (`LayoutNodeReader.swift`) or while the JSON
/// parser reads them (`StreamedLayoutRead.swift`; on a thread beside the
/// parser's, `SideBySideLayoutRead.swift`), and frames are placed once every
/// node is in (`FramePlacement.swift`).
///
/// Iterative throughout, so a 20,000-level chain of nodes cannot overflow the stack.
public struct LayoutBuilder {
    public static let documentKeys = ["version", "platform", "input", "units", "scale", "device", "coordinates", "root"]
    /// The keys of a node, in the order `nodeKeys` lists them.
    enum NodeKey: Int, CaseIterable {
        case id, type, frame, size, hitInsets, hitSlop, pointerInsets, interactive, inline, hidden, alpha
        case userInteractionEnabled, clipsToBounds, cornerRadius, opaque, scrollable, enabled, axis, spacing, alignment, ignore, children
    }
    public static let nodeKeys = NodeKey.allCases.map { "\($0)" }
    private static let nodeKeyTable = ByteTable(nodeKeys)
    /// Every type with a default, in one table: interactive types, then passive ones, then `stack`.
    private static let typeNames = interactiveTypes.sorted() + passiveTypes.sorted() + ["stack"]
    private static let typeTable = ByteTable(typeNames, caseInsensitive: true)
    /// Types that are targets by default (compared case-insensitively).
    public static let interactiveTypes: Set<String> = [
        "button", "control", "link", "switch", "toggle", "slider", "stepper", "segmentedcontrol",
        "textfield", "textview", "searchfield", "tab", "tabbaritem", "checkbox", "radio", "menu", "cell",
    ]
    /// Types whose `userInteractionEnabled` is false by default, as in UIKit.
    public static let passiveTypes: Set<String> = ["label", "imageview", "image", "text"]

    /// Overrides from the command line or configuration (they win over the file).
    public struct Overrides: Sendable {
        public var platform: Platform?
        public var modality: InputModality?

        public init(platform: Platform? = nil, modality: InputModality? = nil) {
            self.platform = platform
            self.modality = modality
        }
    }

    public internal(set) var layout: Layout
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Held apart from `layout` so reading it never copies the layout's storage.
    /// While a streamed read runs: the parser's entries so far, during one node's close.
    var document: Document
    /// The static tables, read once per file rather than once per key.
    let keyTable = LayoutBuilder.nodeKeyTable
    let types = LayoutBuilder.typeTable
    let interactiveTypeCount = LayoutBuilder.interactiveTypes.count
    let passiveTypeCount = LayoutBuilder.passiveTypes.count
    let stackType = LayoutBuilder.typeNames.count - 1
    /// Non-target text (`text`, `label`): the targets inside it are inline by default.
    let textType = LayoutBuilder.typeNames.firstIndex(of: "text")!
    let labelType = LayoutBuilder.typeNames.firstIndex(of: "label")!
    /// Per type, the controls UIKit sizes itself (`SystemControlSize`).
    static let systemControlByType = typeNames.map(SystemControlSize.named)
    let systemControlByType = LayoutBuilder.systemControlByType

    /// The node whose keys are being read: named by the `unknown-key` diagnostics raised meanwhile.
    var currentNode: Int?
    /// Of a streamed read (`read(streaming:)`), which reads the nodes as the
    /// parser closes them; nil when they are read from the whole document.
    var streamed: StreamedNodes?
    /// How each stack arranges its children, by node: needed only to place frames.
    var stacks: [Int: Stack] = [:]
    var ids = IDRecords()
    /// Nodes without a frame, checked once their parents are known to be stacks or not.
    var placements: [Placement] = []
    /// Threads the build may use once every node is read (a streamed read's `jobs`).
    var jobs = 1

    public init(document: Document) {
        self.document = document
        layout = Layout(document: document)
    }

    /// Builds the layout. `hasErrors` in the result tells whether geometry can be trusted.
    public static func build(_ document: Document, overrides: Overrides = Overrides()) -> (layout: Layout, diagnostics: [Diagnostic]) {
        var builder = LayoutBuilder(document: document)
        return builder.finish(overrides: overrides)
    }

    /// Reads the document's keys and (unless a streamed read did already) its
    /// nodes, then lays them out.
    mutating func finish(overrides: Overrides) -> (layout: Layout, diagnostics: [Diagnostic]) {
        readDocument(overrides: overrides)
        // Name the node of diagnostics raised before its id was read.
        for position in diagnostics.indices {
            if let node = diagnostics[position].nodeIndex, !diagnostics[position].names.hasNode {
                diagnostics[position].node = layout.name(of: node)
            }
        }
        return (layout, diagnostics)
    }

    // MARK: - Diagnostics

    mutating func invalid(_ entry: Int, _ message: String) {
        diagnostics.append(Diagnostic(rule: RuleID.invalidLayout, severity: .error, message: message,
                                      span: document.span(entry)))
    }

    mutating func invalid(span: SourceSpan, _ message: String) {
        diagnostics.append(Diagnostic(rule: RuleID.invalidLayout, severity: .error, message: message, span: span))
    }

    func describe(_ entry: Int) -> String {
        switch document.kind(entry) {
        case .null: return "null"
        case .bool: return document.bool(entry)! ? "true" : "false"
        case .number: return document.source.string(document.span(entry))
        case .string:
            let text = document.string(entry) ?? ""
            return "string '\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        case .array: return "a list"
        case .object: return "a mapping"
        }
    }

    func line(of entry: Int) -> Int {
        document.source.location(of: document.span(entry).start).line
    }

    // MARK: - Document

    private mutating func readDocument(overrides: Overrides) {
        guard !document.entries.isEmpty, document.kind(0) == .object else {
            let found = document.entries.isEmpty ? "nothing" : describe(0)
            invalid(span: document.entries.isEmpty ? SourceSpan(start: 0, end: 0) : document.span(0),
                    "a layout must be a mapping with a 'root' node, found \(found)")
            return
        }
        var rootEntry: Int?
        var unitsEntry: Int?
        var scaleEntry: Int?
        for (key, value) in members(of: 0, known: Self.documentKeys) {
            switch key {
            case "version":
                if document.number(value) != 1 { invalid(value, "'version' must be 1, found \(describe(value))") }
            case "platform":
                if let platform: Platform = readEnum(value, key: key) { layout.platform = platform }
            case "input":
                if let modality: InputModality = readEnum(value, key: key) { layout.modality = modality }
            case "units":
                unitsEntry = value
                if let units: LengthUnit = readEnum(value, key: key) { layout.units = units }
            case "scale":
                scaleEntry = value
                if let scale = document.number(value), scale.isFinite, scale > 0 {
                    layout.scale = scale
                } else {
                    invalid(value, "'scale' must be a positive number (px per pt), found \(describe(value))")
                }
            case "device":
                if let device: Device = readEnum(value, key: key) { layout.device = device }
            case "coordinates":
                if let space: CoordinateSpace = readEnum(value, key: key) { layout.coordinates = space }
            case "root":
                rootEntry = value
            default:
                break
            }
        }
        if let platform = overrides.platform { layout.platform = platform }
        if let modality = overrides.modality { layout.modality = modality }
        // On the web a px is a CSS px, the unit the page is laid out in.
        if layout.units == .px, scaleEntry == nil, layout.platform != .web {
            invalid(unitsEntry!, "'units: px' needs 'scale' (px per pt, e.g. 3 for an iPhone at @3x)")
        }
        switch layout.units {
        case .pt, .dp: layout.pointsPerUnit = 1
        case .px: layout.pointsPerUnit = 1 / layout.scale
        case .mm: layout.pointsPerUnit = layout.device.pointsPerInch / 25.4
        }
        guard let root = rootEntry else {
            invalid(span: document.span(0).start == document.span(0).end ? document.span(0) : document.firstKeySpan(0),
                    "a layout needs a 'root' node")
            return
        }
        guard document.kind(root) == .object else {
            discardStreamedNodes()
            invalid(root, "'root' must be a node (a mapping), found \(describe(root))")
            return
        }
        if let streamed {
            if root != streamed.root { discardStreamedNodes() }
        } else {
            readNodes(root: root)
        }
        reportRepeatedIDs()
        if layout.nodes.isEmpty { return }
        applyPlatformDefaults()
        // A streamed read knows each node's subtree end as the node closes.
        if streamed == nil { computeSubtreeEnds() }
        checkPlacements()
        convertLengths()
        placeFrames()
    }

    /// Defaults that depend on the platform or on the parent, known only once
    /// every node and the document's keys are read (a streamed read meets
    /// `platform` after the nodes): on the web every element takes the pointer,
    /// whatever its type; a target inside non-target text is inline unless it says.
    private mutating func applyPlatformDefaults() {
        let web = layout.platform == .web
        for index in layout.nodes.indices {
            let node = layout.nodes[index]
            if web, node.passiveByDefault { layout.nodes[index].userInteractionEnabled = true }
            if !node.inlineIsExplicit, node.parent >= 0, layout.nodes[Int(node.parent)].isText {
                layout.nodes[index].isInline = true
            }
        }
    }

    private mutating func reportRepeatedIDs() {
        let layout = self.layout
        // Empty ids name no node (`Layout.namingID`): two of them are no duplicates.
        for repeated in ids.repeats(jobs: jobs, sameText: { layout.id(of: $0) == layout.id(of: $1) }) {
            guard let id = layout.namingID(of: repeated.node) else { continue }
            let span = layout.idSpan(of: repeated.node)!
            let first = layout.source.location(of: layout.idSpan(of: repeated.first)!.start).line
            diagnostics.append(Diagnostic(
                rule: RuleID.duplicateID, severity: .warning,
                message: "duplicate id '\(id)' (first used on line \(first)); diagnostics will not tell the two apart",
                span: span, node: id, nodeIndex: repeated.node))
        }
        ids = IDRecords()
    }

    // MARK: - Values

    /// Object members with known keys as Strings; unknown keys and duplicate keys
    /// are reported here, once.
    mutating func members(of object: Int, known: [String]) -> [(key: String, value: Int)] {
        var result: [(key: String, value: Int)] = []
        var seen: [String: Int] = [:]
        for (keyEntry, valueEntry) in document.members(object) {
            let key = document.string(keyEntry) ?? ""
            if let first = seen[key] {
                invalid(keyEntry, "duplicate key '\(key)' (first on line \(line(of: first)), again on line \(line(of: keyEntry)))")
                continue
            }
            seen[key] = keyEntry
            if known.contains(key) {
                result.append((key, valueEntry))
            } else {
                var message = "unknown key '\(key)'"
                if let suggestion = closestName(to: key, among: known) {
                    message += "; did you mean '\(suggestion)'?"
                }
                diagnostics.append(Diagnostic(rule: RuleID.unknownKey, severity: .warning, message: message,
                                              span: document.span(keyEntry), nodeIndex: currentNode))
            }
        }
        return result
    }

    mutating func readEnum<Value: RawRepresentable & CaseIterable>(_ entry: Int, key: String) -> Value?
    where Value.RawValue == String {
        let allowed = Value.allCases.map(\.rawValue)
        if let text = document.string(entry) {
            if let value = Value(rawValue: text) { return value }
            if let value = Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return value }
            var message = "'\(key)' must be one of \(allowed.joined(separator: ", ")), found '\(text)'"
            if let suggestion = closestName(to: text, among: allowed) { message += "; did you mean '\(suggestion)'?" }
            invalid(entry, message)
        } else {
            invalid(entry, "'\(key)' must be one of \(allowed.joined(separator: ", ")), found \(describe(entry))")
        }
        return nil
    }

    mutating func readBool(_ entry: Int, key: String) -> Bool? {
        if let value = document.bool(entry) { return value }
        invalid(entry, "'\(key)' must be true or false, found \(describe(entry))")
        return nil
    }

    /// A finite length in file units (`convertLengths` makes it points).
    mutating func readLength(_ entry: Int, key: String, allowNegative: Bool) -> Double? {
        guard let value = document.number(entry) else {
            invalid(entry, "'\(key)' must be a number, found \(describe(entry))")
            return nil
        }
        guard value.isFinite else {
            invalid(entry, "'\(key)' must be a finite number, found \(describe(entry))")
            return nil
        }
        if !allowNegative, value < 0 {
            invalid(entry, "'\(key)' must not be negative, found \(describe(entry))")
            return nil
        }
        return value
    }
}
