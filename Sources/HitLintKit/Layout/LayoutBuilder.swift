/// Turns a parsed `Document` into a validated, flat `Layout` (SPEC §1–2):
/// every key read with its default, lengths converted to points, stacks laid
/// out, frames made absolute. Problems become `invalid-layout`, `unknown-key`
/// and `duplicate-id` diagnostics on the offending value.
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
        public var input: InputModality?

        public init(platform: Platform? = nil, input: InputModality? = nil) {
            self.platform = platform
            self.input = input
        }
    }

    public private(set) var layout: Layout
    public private(set) var diagnostics: [Diagnostic] = []
    /// Held apart from `layout` so reading it never copies the layout's storage.
    /// While a streamed read runs: the parser's entries so far, during one node's close.
    private var document: Document
    /// The static tables, read once per file rather than once per key.
    private let keyTable = LayoutBuilder.nodeKeyTable
    private let types = LayoutBuilder.typeTable
    private let interactiveTypeCount = LayoutBuilder.interactiveTypes.count
    private let passiveTypeCount = LayoutBuilder.passiveTypes.count
    private let stackType = LayoutBuilder.typeNames.count - 1
    /// Non-target text (`text`, `label`): the targets inside it are inline by default.
    private let textType = LayoutBuilder.typeNames.firstIndex(of: "text")!
    private let labelType = LayoutBuilder.typeNames.firstIndex(of: "label")!

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
    private mutating func finish(overrides: Overrides) -> (layout: Layout, diagnostics: [Diagnostic]) {
        readDocument(overrides: overrides)
        // Name the node of diagnostics raised before its id was read.
        for position in diagnostics.indices {
            if let node = diagnostics[position].nodeIndex, diagnostics[position].node == nil {
                diagnostics[position].node = layout.name(of: node)
            }
        }
        return (layout, diagnostics)
    }

    // MARK: - Diagnostics

    private mutating func invalid(_ entry: Int, _ message: String) {
        diagnostics.append(Diagnostic(rule: RuleID.invalidLayout, severity: .error, message: message,
                                      span: document.span(entry)))
    }

    private mutating func invalid(span: SourceSpan, _ message: String) {
        diagnostics.append(Diagnostic(rule: RuleID.invalidLayout, severity: .error, message: message, span: span))
    }

    private func describe(_ entry: Int) -> String {
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

    private func line(of entry: Int) -> Int {
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
                if let input: InputModality = readEnum(value, key: key) { layout.input = input }
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
        if let input = overrides.input { layout.input = input }
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
        if !streamed {
            readNodes(root: root)
        } else if root != streamedRoot {
            discardStreamedNodes()
        }
        reportRepeatedIDs()
        if layout.nodes.isEmpty { return }
        applyPlatformDefaults()
        computeSubtreeEnds()
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

    /// Drops nodes a streamed read took from a `root` that turned out not to
    /// be the layout's (an earlier `root` key wins), with what they reported.
    private mutating func discardStreamedNodes() {
        guard streamed, !layout.nodes.isEmpty else { return }
        let document = layout.document
        layout = Layout(document: document)
        diagnostics.removeSubrange(streamedDiagnostics)
        stacks = [:]
        ids = IDRecords()
        placements = []
    }

    /// Object members with known keys as Strings; unknown keys and duplicate keys
    /// are reported here, once.
    private mutating func members(of object: Int, known: [String]) -> [(key: String, value: Int)] {
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

    private var currentNode: Int?
    /// Set for a streamed read (`read(streaming:)`): the nodes are read as the parser closes them.
    private var streamed = false
    /// The entry of the `root` mapping the streamed nodes came from, and the diagnostics they raised.
    private var streamedRoot = -1
    private var streamedDiagnostics = 0..<0
    /// The streamed nodes whose mappings are open, innermost last.
    private var openNodes: [OpenNode] = []
    /// Of a mapped file read streamed: where the pages given back end.
    private var droppedUpTo = 0

    private struct OpenNode {
        var index: Int
        /// Its mapping's entry.
        var object: Int
        /// Its `children` list's entry, once open (-1 before).
        var list = -1
        /// Where in the list the next element not yet counted starts, and how
        /// many came before it (node mappings are dropped from the entries once
        /// read, other elements stay).
        var listScan = 0
        var elementCount = 0
    }
    /// How each stack arranges its children, by node: needed only to place frames.
    private var stacks: [Int: Stack] = [:]
    private var ids = IDRecords()
    /// Nodes without a frame, checked once their parents are known to be stacks or not.
    private var placements: [Placement] = []

    private struct Placement {
        var node: Int
        /// The `size` key, when the node gives one.
        var sizeKey: SourceSpan?
        /// Where to report a missing frame.
        var firstKey: SourceSpan
    }

    private struct Stack {
        var axis: StackAxis = .horizontal
        var spacing: Double = 0
        var alignment: StackAlignment = .fill
    }

    private mutating func readEnum<Value: RawRepresentable & CaseIterable>(_ entry: Int, key: String) -> Value?
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

    private mutating func readBool(_ entry: Int, key: String) -> Bool? {
        if let value = document.bool(entry) { return value }
        invalid(entry, "'\(key)' must be true or false, found \(describe(entry))")
        return nil
    }

    /// A finite length in file units (`convertLengths` makes it points).
    private mutating func readLength(_ entry: Int, key: String, allowNegative: Bool) -> Double? {
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

    // MARK: - Nodes

    /// The source bytes, their count, the document's numbers and entries while
    /// nodes are read (set by `readNodes`).
    private var base = UnsafePointer<UInt8>(bitPattern: 1)!
    private var sourceCount = 0
    private var numberBase = UnsafePointer<Double>(bitPattern: 8)!
    private var entryBase = UnsafePointer<Document.Entry>(bitPattern: MemoryLayout<Document.Entry>.alignment)!

    private mutating func readNodes(root: Int) {
        document.source.bytes.withUnsafeBufferPointer { buffer in
            document.entries.withUnsafeBufferPointer { entries in
                document.numbers.withUnsafeBufferPointer { numbers in
                    base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    entryBase = entries.baseAddress!
                    sourceCount = buffer.count
                    numberBase = numbers.baseAddress ?? UnsafePointer(bitPattern: 8)!
                    readNodes(from: root)
                }
            }
        }
        // The pointers are good only inside the closures above.
        base = UnsafePointer(bitPattern: 1)!
        entryBase = UnsafePointer(bitPattern: MemoryLayout<Document.Entry>.alignment)!
        numberBase = UnsafePointer(bitPattern: 8)!
        sourceCount = 0
    }

    @inline(__always) private func nextEntry(_ index: Int) -> Int {
        let entry = entryBase[index]
        return entry.kind == .array || entry.kind == .object ? Int(entry.aux) : index + 1
    }

    @inline(__always) private func entryKind(_ index: Int) -> Document.Kind { entryBase[index].kind }

    /// Index of a string entry's text in `table`, or nil: the hot path of reading
    /// a node (every key, every type), straight from the held pointers.
    /// Static, so a call from a mutating method does not copy the builder (a
    /// `self` method did: a memcpy of the whole struct per key).
    @inline(__always)
    private static func lookup(_ index: Int, in table: ByteTable, entries: UnsafePointer<Document.Entry>,
                               base: UnsafePointer<UInt8>, count: Int, document: Document) -> Int? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        if entry.flags & Document.Entry.decoded != 0 { return document.lookup(index, in: table) }
        let quoted = entry.flags & Document.Entry.quoted != 0 ? 1 : 0
        let start = Int(entry.start) + quoted
        return table.lookup(base + start, Int(entry.end) - quoted - start, readable: count - start)
    }

    private mutating func readNodes(from root: Int) {
        // Explicit stack of node objects still to read: (object entry, parent node, child index).
        var pending: [(object: Int, parent: Int, childIndex: Int)] = [(root, -1, 0)]
        var children: [Int] = []
        // Generous: capacity never touched is address space, not memory; a doubling
        // near the end would copy every node (a transient 2× of the largest array).
        layout.nodes.reserveLargeCapacity(document.entries.count / 5 + 1)
        while let (object, parent, childIndex) = pending.popLast() {
            let index = layout.nodes.count
            var node = LayoutNode()
            node.parent = Int32(parent)
            node.childIndex = Int32(childIndex)
            node.objectEntry = Int32(object)
            currentNode = index
            let childrenEntry = readNode(index, object: object, node: &node)
            layout.nodes.append(node)
            currentNode = nil
            guard let list = childrenEntry else { continue }
            children.removeAll(keepingCapacity: true)
            var element = list + 1
            let end = nextEntry(list)
            while element < end {
                children.append(element)
                element = nextEntry(element)
            }
            for (position, element) in children.enumerated().reversed() {
                if entryKind(element) == .object {
                    pending.append((element, index, position))
                } else {
                    invalid(element, "each child must be a node (a mapping), found \(describe(element))")
                }
            }
        }
    }

    private mutating func reportRepeatedIDs() {
        let layout = self.layout
        for repeated in ids.repeats(sameText: { layout.id(of: $0) == layout.id(of: $1) }) {
            let id = layout.id(of: repeated.node) ?? ""
            let span = layout.idSpan(of: repeated.node)!
            let first = layout.source.location(of: layout.idSpan(of: repeated.first)!.start).line
            diagnostics.append(Diagnostic(
                rule: RuleID.duplicateID, severity: .warning,
                message: "duplicate id '\(id)' (first used on line \(first)); diagnostics will not tell the two apart",
                span: span, node: id, nodeIndex: repeated.node))
        }
        ids = IDRecords()
    }

    /// Whether each node without a frame is arranged by a stack, and what is wrong
    /// when it is not: known only once its parent has been read, which in a
    /// streamed read comes after the node.
    private mutating func checkPlacements() {
        for placement in placements {
            let node = layout.nodes[placement.node]
            let parent = Int(node.parent)
            let arranged = parent >= 0 && layout.nodes[parent].isStack
            layout.nodes[placement.node].isArranged = arranged
            if let sizeKey = placement.sizeKey {
                if !arranged {
                    invalid(span: sizeKey, "'size' only applies to children of a stack; give 'frame' [x, y, width, height]")
                }
                continue
            }
            let name = layout.id(of: placement.node)
                ?? (parent < 0 ? "root" : layout.name(of: parent) + "/children[\(node.childIndex)]")
            let what = arranged ? "'size' [width, height] (or 'frame')" : "'frame' [x, y, width, height]"
            invalid(span: placement.firstKey, "'\(name)' has no frame: give it \(what)")
        }
        placements = []
    }

    /// Lengths are read as the file writes them; here they become points (a
    /// streamed read meets `units` and `scale` only after the nodes). Until
    /// then a node's frame holds x, y, width and height as written, in the
    /// rect's minX, minY, maxX and maxY (`rawFrame`): multiplying the width
    /// itself, not a difference of edges, keeps every length exactly what one
    /// multiplication gives.
    private mutating func convertLengths() {
        let scale = layout.pointsPerUnit
        for index in layout.nodes.indices {
            let raw = layout.nodes[index].frame
            layout.nodes[index].frame = Rect(x: raw.minX * scale, y: raw.minY * scale,
                                             width: raw.maxX * scale, height: raw.maxY * scale)
        }
        guard scale != 1 else { return }
        layout.scaleLengths(by: scale)
        for key in stacks.keys { stacks[key]!.spacing *= scale }
    }

    /// x, y, width and height as the file writes them (see `convertLengths`).
    @inline(__always)
    private static func rawFrame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(minX: x, minY: y, maxX: width, maxY: height)
    }

    /// Reads one node's keys into `layout.nodes[index]`; returns its `children` list entry.
    /// The hot path of the whole lint: keys are matched on bytes, nothing is allocated
    /// unless something is wrong.
    private mutating func readNode(_ index: Int, object: Int, node: inout LayoutNode) -> Int? {
        var children: Int?
        var interactive: Bool?
        var userInteraction: Bool?
        var interactiveType = false
        var passiveType = false
        // Optional: most nodes have neither, and an empty array is still released per node.
        var stackKeys: [Int]?
        var stack = Stack()
        // Keys that exclude each other, checked once all keys are read.
        var (frameValue, sizeValue, insetsValue, slopValue) = (-1, -1, -1, -1)
        var seen: UInt32 = 0
        var unknownKeys: [Int]?
        var member = object + 1
        let end = nextEntry(object)
        let (entries, bytes, byteCount, keys, types) = (entryBase, base, sourceCount, keyTable, self.types)
        let numbers = numberBase
        while member < end {
            let keyEntry = member
            let value = member + 1
            member = nextEntry(value)
            guard let position = Self.lookup(keyEntry, in: keys, entries: entries, base: bytes, count: byteCount, document: document), let key = NodeKey(rawValue: position) else {
                var seen = unknownKeys ?? []
                reportUnknownKey(keyEntry, among: &seen, known: Self.nodeKeys)
                unknownKeys = seen
                continue
            }
            let bit: UInt32 = 1 << UInt32(position)
            guard seen & bit == 0 else {
                reportDuplicateKey(keyEntry, in: object)
                continue
            }
            seen |= bit
            switch key {
            case .id:
                if entryKind(value) == .string {
                    node.idEntry = Int32(value)
                    ids.append(value, node: index, in: document, base: base)
                } else {
                    invalid(value, "'id' must be a string, found \(describe(value))")
                }
            case .type:
                if entryKind(value) == .string {
                    node.typeEntry = Int32(value)
                    if let type = Self.lookup(value, in: types, entries: entries, base: bytes, count: byteCount, document: document) {
                        interactiveType = type < interactiveTypeCount
                        passiveType = !interactiveType && type < interactiveTypeCount + passiveTypeCount
                        node.isStack = type == stackType
                        node.isText = type == textType || type == labelType
                    }
                } else {
                    invalid(value, "'type' must be a string, found \(describe(value))")
                }
            case .frame:
                frameValue = value
                if let frame = Self.plainFrame(value, entries: entries, numbers: numbers) {
                    node.frame = frame
                } else if let frame = readFrame(value) {
                    node.frame = frame
                }
            case .size:
                sizeValue = value
                if let size = readSize(value) { node.frame = Self.rawFrame(0, 0, size.width, size.height) }
            case .hitInsets:
                insetsValue = value
                if let insets = readInsets(value, key: "hitInsets") { layout.setExtras(of: &node, hitInsets: insets) }
            case .hitSlop:
                slopValue = value
                if let insets = readInsets(value, key: "hitSlop") { layout.setExtras(of: &node, hitInsets: insets.negated) }
            case .pointerInsets:
                if let insets = readInsets(value, key: "pointerInsets") {
                    node.hasPointerInsets = true
                    layout.pointerInsets[Int32(index)] = insets
                }
            case .interactive:
                interactive = readBool(value, key: "interactive")
            case .inline:
                if let inline = readBool(value, key: "inline") {
                    node.isInline = inline
                    node.inlineIsExplicit = true
                }
            case .hidden:
                node.isHidden = readBool(value, key: "hidden") ?? false
            case .alpha:
                if let alpha = document.number(value), alpha >= 0, alpha <= 1 {
                    layout.setExtras(of: &node, alpha: alpha)
                } else {
                    invalid(value, "'alpha' must be a number from 0 to 1, found \(describe(value))")
                }
            case .userInteractionEnabled:
                userInteraction = readBool(value, key: "userInteractionEnabled")
            case .clipsToBounds:
                node.clipsToBounds = readBool(value, key: "clipsToBounds") ?? false
            case .cornerRadius:
                if let radius = readLength(value, key: "cornerRadius", allowNegative: false) {
                    layout.setExtras(of: &node, cornerRadius: radius)
                }
            case .opaque:
                node.isOpaque = readBool(value, key: "opaque") ?? false
            case .scrollable:
                node.isScrollable = readBool(value, key: "scrollable") ?? false
            case .enabled:
                node.isEnabled = readBool(value, key: "enabled") ?? true
            case .axis:
                stackKeys = (stackKeys ?? []) + [keyEntry]
                if let axis: StackAxis = readEnum(value, key: "axis") { stack.axis = axis }
            case .spacing:
                stackKeys = (stackKeys ?? []) + [keyEntry]
                if let spacing = readLength(value, key: "spacing", allowNegative: true) { stack.spacing = spacing }
            case .alignment:
                stackKeys = (stackKeys ?? []) + [keyEntry]
                if let alignment: StackAlignment = readEnum(value, key: "alignment") { stack.alignment = alignment }
            case .ignore:
                readIgnore(value, node: index)
            case .children:
                if entryKind(value) == .array {
                    children = value
                } else {
                    invalid(value, "'children' must be a list of nodes, found \(describe(value))")
                }
            }
        }
        node.isTarget = interactive ?? interactiveType
        node.userInteractionEnabled = userInteraction ?? !passiveType
        node.passiveByDefault = userInteraction == nil && passiveType
        if node.isStack {
            stacks[index] = stack
        } else {
            for key in stackKeys ?? [] {
                let name = document.string(key) ?? ""
                invalid(key, "'\(name)' only applies to nodes with 'type: stack'")
            }
        }
        if insetsValue >= 0 { node.hitInsetsEntry = Int32(insetsValue) } else if slopValue >= 0 { node.hitSlopEntry = Int32(slopValue) }
        node.usesHitSlop = insetsValue < 0 && slopValue >= 0
        if frameValue >= 0 { node.frameEntry = Int32(frameValue) } else if sizeValue >= 0 { node.sizeEntry = Int32(sizeValue) }
        if insetsValue >= 0, slopValue >= 0 {
            invalid(slopValue - 1,
                    "a node may have 'hitInsets' or 'hitSlop', not both (hitInsets on line \(line(of: insetsValue)))")
        }
        if frameValue >= 0, sizeValue >= 0 {
            invalid(sizeValue - 1, "a node may have 'frame' or 'size', not both")
        } else if frameValue < 0 {
            // Arranged by its parent or not: decided once the parent is read.
            placements.append(Placement(node: index, sizeKey: sizeValue >= 0 ? document.span(sizeValue - 1) : nil,
                                        firstKey: document.firstKeySpan(object)))
        }
        return children
    }

    /// `unknown-key` with the closest known key; a repeated unknown key is a duplicate.
    private mutating func reportUnknownKey(_ keyEntry: Int, among seen: inout [Int], known: [String]) {
        let key = document.string(keyEntry) ?? ""
        if seen.contains(where: { document.string($0) == key }) {
            reportDuplicateKey(keyEntry, in: nil)
            return
        }
        seen.append(keyEntry)
        var message = "unknown key '\(key)'"
        if let suggestion = closestName(to: key, among: known) { message += "; did you mean '\(suggestion)'?" }
        diagnostics.append(Diagnostic(rule: RuleID.unknownKey, severity: .warning, message: message,
                                      span: document.span(keyEntry), nodeIndex: currentNode))
    }

    /// A key given twice in one mapping (valid JSON, invalid layout): names both lines.
    private mutating func reportDuplicateKey(_ keyEntry: Int, in object: Int?) {
        let key = document.string(keyEntry) ?? ""
        var first = keyEntry
        var member = keyEntry - 1
        // Walk back to the first member with the same key (rare path).
        while member > 0 {
            if document.kind(member) == .object, document.next(member) > keyEntry {
                first = document.members(member).first { document.string($0.key) == key }?.key ?? keyEntry
                break
            }
            member -= 1
        }
        invalid(keyEntry, "duplicate key '\(key)' (first on line \(line(of: first)), again on line \(line(of: keyEntry)))")
    }

    private mutating func readIgnore(_ entry: Int, node: Int) {
        if document.stringEquals(entry, "all") {
            layout.ignores.append(IgnoreEntry(node: node, rule: nil, span: document.span(entry)))
            return
        }
        guard document.kind(entry) == .array else {
            invalid(entry, "'ignore' must be a list of rule ids or 'all', found \(describe(entry))")
            return
        }
        for element in document.elements(entry) {
            if let rule = document.string(element) {
                layout.ignores.append(IgnoreEntry(node: node, rule: rule == "all" ? nil : rule, span: document.span(element)))
            } else {
                invalid(element, "'ignore' entries must be rule ids, found \(describe(element))")
            }
        }
    }

    private static let frameNames = ["frame x", "frame y", "frame width", "frame height"]

    /// The common frame, `[x, y, w, h]` of four finite numbers with a
    /// non-negative size, read straight from the held entries; nil for
    /// anything else (which `readFrame` reads or reports).
    @inline(__always)
    private static func plainFrame(_ index: Int, entries: UnsafePointer<Document.Entry>, numbers: UnsafePointer<Double>) -> Rect? {
        let list = entries[index]
        guard list.kind == .array, Int(list.aux) == index + 5 else { return nil }
        let x = entries[index + 1], y = entries[index + 2], width = entries[index + 3], height = entries[index + 4]
        guard x.kind == .number, y.kind == .number, width.kind == .number, height.kind == .number else { return nil }
        let values = (x.numberValue(numbers), y.numberValue(numbers), width.numberValue(numbers), height.numberValue(numbers))
        guard values.0.isFinite, values.1.isFinite, values.2.isFinite, values.3.isFinite,
              values.2 >= 0, values.3 >= 0 else { return nil }
        return rawFrame(values.0, values.1, values.2, values.3)
    }

    /// `[x, y, w, h]` or `{x, y, width, height}`.
    private mutating func readFrame(_ entry: Int) -> Rect? {
        let shape = "'frame' must be [x, y, width, height] or {x, y, width, height}"
        var values: (Int, Int, Int, Int)
        switch document.kind(entry) {
        case .array:
            guard document.count(entry) == 4 else {
                invalid(entry, "\(shape), found a list of \(document.count(entry))")
                return nil
            }
            let x = entry + 1
            let y = document.next(x)
            let width = document.next(y)
            values = (x, y, width, document.next(width))
        case .object:
            var byKey: [String: Int] = [:]
            for (key, value) in members(of: entry, known: ["x", "y", "width", "height"]) { byKey[key] = value }
            let keys = ["x", "y", "width", "height"]
            let missing = keys.filter { byKey[$0] == nil }
            guard missing.isEmpty else {
                invalid(entry, "\(shape); missing \(englishList(missing.map { "'\($0)'" }))")
                return nil
            }
            values = (byKey["x"]!, byKey["y"]!, byKey["width"]!, byKey["height"]!)
        default:
            invalid(entry, "\(shape), found \(describe(entry))")
            return nil
        }
        guard let x = readLength(values.0, key: Self.frameNames[0], allowNegative: true),
              let y = readLength(values.1, key: Self.frameNames[1], allowNegative: true),
              let width = readLength(values.2, key: Self.frameNames[2], allowNegative: false),
              let height = readLength(values.3, key: Self.frameNames[3], allowNegative: false) else { return nil }
        return Self.rawFrame(x, y, width, height)
    }

    private mutating func readSize(_ entry: Int) -> (width: Double, height: Double)? {
        guard document.kind(entry) == .array, document.count(entry) == 2 else {
            invalid(entry, "'size' must be [width, height], found \(describe(entry))")
            return nil
        }
        let values = document.elements(entry)
        guard let width = readLength(values[0], key: "size width", allowNegative: false),
              let height = readLength(values[1], key: "size height", allowNegative: false) else { return nil }
        return (width, height)
    }

    /// A number (all sides), `[top, left, bottom, right]` or `{top, left, bottom, right}`
    /// (missing sides are 0), converted to points.
    private mutating func readInsets(_ entry: Int, key: String) -> EdgeInsets? {
        // Built only when something is wrong: this runs for most targets.
        func shape() -> String { "'\(key)' must be a number, [top, left, bottom, right] or {top, left, bottom, right}" }
        switch document.kind(entry) {
        case .number:
            guard let value = readLength(entry, key: key, allowNegative: true) else { return nil }
            return EdgeInsets(all: value)
        case .array:
            guard document.count(entry) == 4 else {
                invalid(entry, "\(shape()), found a list of \(document.count(entry))")
                return nil
            }
            var element = entry + 1
            var sides = EdgeInsets.zero
            for side in Side.allCases {
                guard let length = readLength(element, key: key, allowNegative: true) else { return nil }
                sides[side] = length
                element = document.next(element)
            }
            return sides
        case .object:
            var insets = EdgeInsets.zero
            for (side, value) in members(of: entry, known: Side.allCases.map(\.name)) {
                guard let length = readLength(value, key: "\(key) \(side)", allowNegative: true) else { return nil }
                insets[Side.allCases.first { $0.name == side }!] = length
            }
            return insets
        default:
            invalid(entry, "\(shape()), found \(describe(entry))")
            return nil
        }
    }

    // MARK: - Streamed read (JSON)

    /// Reads a JSON layout file, building its nodes while the parser reads
    /// them: a node's values are dropped as soon as its mapping closes, so the
    /// document of a large file is never held whole (`LayoutNode.origin` keeps
    /// where each node is, for fixes and messages). Returns the builder and the
    /// document of what remains (the top-level keys, `root` emptied): a file
    /// that turns out not to be a layout (a capture) is that whole document,
    /// as it has no `root`. `finish(streamed:)` completes the layout.
    static func read(streaming source: SourceText, valueLimit: Int = Document.Entry.maximumEntries) throws(SyntaxError)
        -> (builder: LayoutBuilder, document: Document) {
        var builder = LayoutBuilder(document: Document(source: source))
        builder.streamed = true
        // A node takes 20 bytes of JSON at the least (`{"frame":[0,0,1,1]}`):
        // capacity never touched is address space, and growing by doubling near
        // the end would copy every node (a transient 2× of the largest arrays).
        builder.layout.nodes.reserveLargeCapacity(source.bytes.count / 20 + 16)
        let document = try source.bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> Document in
            builder.base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            builder.sourceCount = buffer.count
            defer {
                builder.base = UnsafePointer(bitPattern: 1)!
                builder.sourceCount = 0
            }
            return try JSONParser.parse(source, observer: &builder, valueLimit: valueLimit)
        }
        return (builder, document)
    }

    /// Builds a JSON layout while it is parsed (`read(streaming:)`), whatever its top-level keys.
    public static func build(streaming source: SourceText, overrides: Overrides = Overrides()) throws(SyntaxError)
        -> (layout: Layout, diagnostics: [Diagnostic]) {
        let (builder, document) = try read(streaming: source)
        return finish(builder, streamed: document, overrides: overrides)
    }

    /// Completes a streamed read (`read(streaming:)`) whose document is a layout.
    static func finish(_ builder: consuming LayoutBuilder, streamed document: Document,
                       overrides: Overrides = Overrides()) -> (layout: Layout, diagnostics: [Diagnostic]) {
        var builder = builder
        builder.document = document
        builder.layout.document = document
        return builder.finish(overrides: overrides)
    }

    private mutating func openNode(_ entry: Int, parent: Int, childIndex: Int) {
        var node = LayoutNode()
        node.parent = Int32(parent)
        node.childIndex = Int32(childIndex)
        layout.nodes.append(node)
        openNodes.append(OpenNode(index: layout.nodes.count - 1, object: entry))
    }

    /// A node's mapping has closed: its members (its children already read
    /// and dropped) are in `tape`, lent for the call.
    private mutating func closeNode(_ object: Int, tape: inout Document) {
        let open = openNodes.removeLast()
        let index = open.index
        swap(&document, &tape)
        defer { swap(&document, &tape) }
        document.entries.withUnsafeBufferPointer { entries in
            document.numbers.withUnsafeBufferPointer { numbers in
                entryBase = entries.baseAddress!
                numberBase = numbers.baseAddress ?? UnsafePointer(bitPattern: 8)!
                var node = layout.nodes[index]
                currentNode = index
                let children = readNode(index, object: object, node: &node)
                currentNode = nil
                var origin = NodeOrigin(objectStart: entries[object].start, objectEnd: entries[object].end)
                if open.list >= 0 {
                    (origin.childrenStart, origin.childrenEnd) = (entries[open.list].start, entries[open.list].end)
                }
                if node.idEntry >= 0 {
                    let id = entries[Int(node.idEntry)]
                    origin.idStart = id.start
                    if id.flags & Document.Entry.decoded != 0 { layout.decodedIDs[Int32(index)] = document.string(Int(node.idEntry)) }
                }
                // What is left in the list is not a node (node mappings were read and dropped).
                if let list = children {
                    var element = list + 1
                    while element < nextEntry(list) {
                        invalid(element, "each child must be a node (a mapping), found \(describe(element))")
                        element = nextEntry(element)
                    }
                }
                node.origin = origin  // in place of the entry indices, which end with this read
                layout.nodes[index] = node
            }
        }
        entryBase = UnsafePointer(bitPattern: MemoryLayout<Document.Entry>.alignment)!
        numberBase = UnsafePointer(bitPattern: 8)!
    }

    /// A mapped file's pages behind the parse are given back every 4 MiB: the
    /// build has read them, and the few it reads again (a key of an open
    /// mapping) come back from the page cache. Held until the layout was built,
    /// the whole file was resident beside the builder's tables, which was the
    /// peak of the lint's memory.
    private mutating func dropPagesBehind(_ offset: Int, of bytes: SourceBytes) {
        guard offset - droppedUpTo >= Self.dropBlock, bytes.isMapped else { return }
        bytes.dropResidentPages(droppedUpTo..<offset)
        droppedUpTo = offset
    }
    private static let dropBlock = 4 << 20

    /// Whether the member keys of open mapping `object` before entry `before` include `key`.
    private static func hasKey(_ key: StaticString, in object: Int, before: Int, _ tape: Document) -> Bool {
        var member = object + 1
        while member < before {
            if tape.stringEquals(member, key) { return true }
            member = tape.next(member + 1)
        }
        return false
    }

    private static func equals(_ text: UnsafeBufferPointer<UInt8>?, _ literal: StaticString) -> Bool {
        guard let text, text.count == literal.utf8CodeUnitCount else { return false }
        let bytes = literal.utf8Start
        for offset in 0..<text.count where text[offset] != bytes[offset] { return false }
        return true
    }
}

/// The streamed read's side of the parse. Tags: the top-level mapping, a node's
/// mapping, a node's `children` list.
extension LayoutBuilder: JSONParseObserver {
    private static let documentTag: UInt8 = 1
    private static let nodeTag: UInt8 = 2
    private static let listTag: UInt8 = 3

    static var isActive: Bool { true }

    mutating func opened(_ entry: Int, kind: Document.Kind, parentTag: UInt8?, key: UnsafeBufferPointer<UInt8>?,
                         tape: () -> Document) -> UInt8 {
        guard let parentTag else { return kind == .object ? Self.documentTag : 0 }
        switch parentTag {
        case Self.documentTag:
            // The first `root` key is the layout's (`members(of:known:)` reports the others).
            guard kind == .object, streamedRoot < 0, Self.equals(key, "root"),
                  !Self.hasKey("root", in: 0, before: entry - 1, tape()) else { return 0 }
            streamedRoot = entry
            streamedDiagnostics = diagnostics.count..<diagnostics.count
            openNode(entry, parent: -1, childIndex: 0)
            return Self.nodeTag
        case Self.nodeTag:
            // The node's first `children` key, when its value is a list.
            guard kind == .array, openNodes[openNodes.count - 1].list < 0, Self.equals(key, "children") else { return 0 }
            guard !Self.hasKey("children", in: openNodes[openNodes.count - 1].object, before: entry - 1, tape()) else { return 0 }
            openNodes[openNodes.count - 1].list = entry
            openNodes[openNodes.count - 1].listScan = entry + 1
            return Self.listTag
        case Self.listTag:
            guard kind == .object else { return 0 }
            var open = openNodes[openNodes.count - 1]
            if open.listScan < entry {
                // Elements kept since the last node (not mappings: reported when the list's node closes).
                let kept = tape()
                var element = open.listScan
                while element < entry {
                    open.elementCount += 1
                    element = kept.next(element)
                }
            }
            let position = open.elementCount
            open.elementCount += 1
            open.listScan = entry  // where the next element starts once this node is dropped
            openNodes[openNodes.count - 1] = open
            openNode(entry, parent: open.index, childIndex: position)
            return Self.nodeTag
        default:
            return 0
        }
    }

    mutating func closed(_ entry: Int, tag: UInt8, tape: inout Document) -> Int? {
        switch tag {
        case Self.nodeTag:
            let isRoot = openNodes.count == 1
            closeNode(entry, tape: &tape)
            dropPagesBehind(Int(tape.entries[entry].end), of: tape.source.bytes)
            if isRoot { streamedDiagnostics = streamedDiagnostics.lowerBound..<diagnostics.count }
            // The root's mapping stays, emptied, as the value of `root`.
            return isRoot ? 1 : 0
        default:
            return nil
        }
    }
}

extension LayoutBuilder {
    // MARK: - Structure and frames

    private mutating func computeSubtreeEnds() {
        let count = layout.nodes.count
        for index in 0..<count { layout.nodes[index].subtreeEnd = Int32(index + 1) }
        for index in stride(from: count - 1, through: 1, by: -1) {
            let parent = Int(layout.nodes[index].parent)
            layout.nodes[parent].subtreeEnd = max(layout.nodes[parent].subtreeEnd, layout.nodes[index].subtreeEnd)
        }
    }

    /// In pre-order (parents first): lay out each stack's arranged children, then
    /// convert every frame to screen coordinates.
    private mutating func placeFrames() {
        // In pre-order a node's frame is still the one read from the file (relative
        // to its parent, or arranged by its stack) until the loop reaches it, and
        // its parent is already absolute: one pass, in place.
        for index in layout.nodes.indices {
            let node = layout.nodes[index]
            if node.isStack, let stack = stacks[index] { arrangeChildren(of: index, stack: stack) }
            let parent = Int(node.parent)
            if parent >= 0, layout.coordinates == .relative || node.isArranged {
                let origin = layout.nodes[parent].frame
                layout.nodes[index].frame = node.frame.offsetBy(dx: origin.minX, dy: origin.minY)
            }
        }
    }

    /// UIStackView-like layout: along the axis from the leading edge, separated by
    /// `spacing`; hidden arranged children take no space (as in UIStackView).
    private mutating func arrangeChildren(of index: Int, stack: Stack) {
        let node = layout.nodes[index]
        let horizontal = stack.axis == .horizontal
        let crossLength = horizontal ? node.frame.height : node.frame.width
        var position = 0.0
        var first = true
        var child = index + 1
        let end = Int(node.subtreeEnd)
        while child < end {
            defer { child = Int(layout.nodes[child].subtreeEnd) }
            let childNode = layout.nodes[child]
            guard childNode.isArranged else { continue }
            let size = childNode.frame
            if childNode.isHidden {
                layout.nodes[child].frame = Rect(x: horizontal ? position : 0, y: horizontal ? 0 : position, width: 0, height: 0)
                continue
            }
            if !first { position += stack.spacing }
            first = false
            let along = horizontal ? size.width : size.height
            var cross = horizontal ? size.height : size.width
            var crossOffset = 0.0
            switch stack.alignment {
            case .fill: cross = crossLength
            case .leading: crossOffset = 0
            case .center: crossOffset = (crossLength - cross) / 2
            case .trailing: crossOffset = crossLength - cross
            }
            layout.nodes[child].frame = horizontal
                ? Rect(x: position, y: crossOffset, width: along, height: cross)
                : Rect(x: crossOffset, y: position, width: cross, height: along)
            position += along
        }
    }
}
