/// Reading nodes: each node mapping's keys into a `LayoutNode`, with the
/// problems found in them. Used both on a whole document (`readNodes(root:)`)
/// and on each node of a streamed read as its mapping closes.
extension LayoutBuilder {
    /// Reads every node of a whole document, from the `root` mapping down.
    mutating func readNodes(root: Int) {
        // The source bytes are held for the whole pass: keys, types and ids
        // are matched on them, and a node has about ten of those.
        let bytes = document.source.bytes
        bytes.withUnsafeBufferPointer { buffer in
            readNodes(from: root, bytes: buffer)
        }
    }

    private mutating func readNodes(from root: Int, bytes: UnsafeBufferPointer<UInt8>) {
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
            let childrenEntry = readNode(index, object: object, node: &node, bytes: bytes)
            layout.nodes.append(node)
            currentNode = nil
            guard let list = childrenEntry else { continue }
            children.removeAll(keepingCapacity: true)
            var element = list + 1
            let end = document.next(list)
            while element < end {
                children.append(element)
                element = document.next(element)
            }
            for (position, element) in children.enumerated().reversed() {
                if document.kind(element) == .object {
                    pending.append((element, index, position))
                } else {
                    invalid(element, "each child must be a node (a mapping), found \(describe(element))")
                }
            }
        }
    }

    /// What one node's keys said that is settled only once all are read
    /// (defaults that depend on the type, keys that exclude each other): a
    /// value on the stack, so reading a node still allocates nothing.
    struct NodeKeysRead {
        /// The `children` list's entry.
        var children: Int?
        var interactive: Bool?
        var userInteraction: Bool?
        var interactiveType = false
        var passiveType = false
        // Optional: most nodes have neither, and an empty array is still released per node.
        var stackKeys: [Int]?
        var stack = Stack()
        /// The value entries of keys that exclude each other; -1 when absent.
        var frameValue = -1, sizeValue = -1, insetsValue = -1, slopValue = -1
    }

    /// Reads one node's keys into `layout.nodes[index]`; returns its `children` list entry.
    /// The hot path of the whole lint: keys are matched on bytes (`bytes`, the
    /// source's, held by the caller), nothing is allocated unless something is
    /// wrong. One switch over the keys, grouped by family; the keys every node
    /// has (id, type, frame, children) are read in it, the rest by a function
    /// per family below, and what depends on all keys is settled after them.
    mutating func readNode(_ index: Int, object: Int, node: inout LayoutNode, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var read = NodeKeysRead()
        var seen: UInt32 = 0
        var unknownKeys: [Int]?
        var member = object + 1
        let end = document.next(object)
        let (keys, types) = (keyTable, self.types)
        while member < end {
            let keyEntry = member
            let value = member + 1
            member = document.next(value)
            guard let position = document.lookup(keyEntry, in: keys, bytes: bytes), let key = NodeKey(rawValue: position) else {
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
            // Identity: its name, and what its type makes it by default.
            case .id:
                guard document.kind(value) == .string else {
                    invalid(value, "'id' must be a string, found \(describe(value))")
                    continue
                }
                node.idEntry = Int32(value)
                ids.append(value, node: index, in: document, bytes: bytes)
            case .type:
                guard document.kind(value) == .string else {
                    invalid(value, "'type' must be a string, found \(describe(value))")
                    continue
                }
                node.typeEntry = Int32(value)
                if let type = document.lookup(value, in: types, bytes: bytes) { readTypeDefaults(type, index: index, node: &node, read: &read) }
            // Geometry: where it is, and where it answers touches.
            case .frame:
                read.frameValue = value
                if let frame = Self.plainFrame(value, in: document) {
                    node.frame = frame
                } else if let frame = readFrame(value) {
                    node.frame = frame
                }
            case .size, .hitInsets, .hitSlop, .pointerInsets, .cornerRadius:
                readGeometryKey(key, value, index: index, node: &node, read: &read)
            // Behaviour: how it takes touches and is drawn.
            case .interactive, .inline, .hidden, .alpha, .userInteractionEnabled, .clipsToBounds, .opaque, .scrollable, .enabled:
                readBehaviourKey(key, value, node: &node, read: &read)
            // A stack's arrangement, kept until its type is known.
            case .axis, .spacing, .alignment:
                readStackKey(key, keyEntry, value, read: &read)
            // What it suppresses, and what is inside it.
            case .ignore:
                readIgnore(value, node: index)
            case .children:
                if document.kind(value) == .array {
                    read.children = value
                } else {
                    invalid(value, "'children' must be a list of nodes, found \(describe(value))")
                }
            }
        }
        settleBehaviour(index, node: &node, read: read)
        settleExclusiveKeys(index, object: object, node: &node, read: read)
        return read.children
    }

    /// What a known type makes a node by default: a target, passive, a
    /// stack, text, a control UIKit sizes itself.
    @inline(__always)
    private mutating func readTypeDefaults(_ type: Int, index: Int, node: inout LayoutNode, read: inout NodeKeysRead) {
        read.interactiveType = type < interactiveTypeCount
        read.passiveType = !read.interactiveType && type < interactiveTypeCount + passiveTypeCount
        node.isStack = type == stackType
        node.isText = type == textType || type == labelType
        if let system = systemControlByType[type] { layout.systemControls[Int32(index)] = system }
    }

    /// The rest of where a node is and what answers touches around it:
    /// `size` (instead of a frame), `hitInsets` or `hitSlop`,
    /// `pointerInsets`, `cornerRadius`.
    private mutating func readGeometryKey(_ key: NodeKey, _ value: Int, index: Int, node: inout LayoutNode, read: inout NodeKeysRead) {
        switch key {
        case .size:
            read.sizeValue = value
            if let size = readSize(value) { node.frame = Self.rawFrame(0, 0, size.width, size.height) }
        case .hitInsets:
            read.insetsValue = value
            if let insets = readInsets(value, key: "hitInsets") { layout.setExtras(of: &node, hitInsets: insets) }
        case .hitSlop:
            read.slopValue = value
            if let insets = readInsets(value, key: "hitSlop") { layout.setExtras(of: &node, hitInsets: insets.negated) }
        case .pointerInsets:
            if let insets = readInsets(value, key: "pointerInsets") {
                node.hasPointerInsets = true
                layout.pointerInsets[Int32(index)] = insets
            }
        case .cornerRadius:
            if let radius = readLength(value, key: "cornerRadius", allowNegative: false) {
                layout.setExtras(of: &node, cornerRadius: radius)
            }
        default:
            break
        }
    }

    /// How the node takes part in hit-testing and drawing: the flags
    /// (`interactive`, `hidden`, `enabled`, ...) and `alpha`.
    private mutating func readBehaviourKey(_ key: NodeKey, _ value: Int, node: inout LayoutNode, read: inout NodeKeysRead) {
        switch key {
        case .interactive:
            read.interactive = readBool(value, key: "interactive")
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
            read.userInteraction = readBool(value, key: "userInteractionEnabled")
        case .clipsToBounds:
            node.clipsToBounds = readBool(value, key: "clipsToBounds") ?? false
        case .opaque:
            node.isOpaque = readBool(value, key: "opaque") ?? false
        case .scrollable:
            node.isScrollable = readBool(value, key: "scrollable") ?? false
        case .enabled:
            node.isEnabled = readBool(value, key: "enabled") ?? true
        default:
            break
        }
    }

    /// A stack's `axis`, `spacing` and `alignment`: kept until the node's type
    /// is known, since they apply only to `type: stack` (`settleBehaviour`).
    private mutating func readStackKey(_ key: NodeKey, _ keyEntry: Int, _ value: Int, read: inout NodeKeysRead) {
        read.stackKeys = (read.stackKeys ?? []) + [keyEntry]
        switch key {
        case .axis:
            if let axis: StackAxis = readEnum(value, key: "axis") { read.stack.axis = axis }
        case .spacing:
            if let spacing = readLength(value, key: "spacing", allowNegative: true) { read.stack.spacing = spacing }
        case .alignment:
            if let alignment: StackAlignment = readEnum(value, key: "alignment") { read.stack.alignment = alignment }
        default:
            break
        }
    }

    /// Once all keys are read: whether the node is a target and takes
    /// touches (its flags over its type's defaults), and its stack, or the
    /// stack keys it should not have.
    @inline(__always)
    private mutating func settleBehaviour(_ index: Int, node: inout LayoutNode, read: NodeKeysRead) {
        node.isTarget = read.interactive ?? read.interactiveType
        node.userInteractionEnabled = read.userInteraction ?? !read.passiveType
        node.passiveByDefault = read.userInteraction == nil && read.passiveType
        if node.isStack {
            stacks[index] = read.stack
        } else {
            for key in read.stackKeys ?? [] {
                let name = document.string(key) ?? ""
                invalid(key, "'\(name)' only applies to nodes with 'type: stack'")
            }
        }
    }

    /// Once all keys are read: which of `hitInsets` / `hitSlop` and `frame` /
    /// `size` the node has (fixes edit that one), a problem where it has both,
    /// and a placement to settle when it has no frame.
    @inline(__always)
    private mutating func settleExclusiveKeys(_ index: Int, object: Int, node: inout LayoutNode, read: NodeKeysRead) {
        let (frameValue, sizeValue, insetsValue, slopValue) = (read.frameValue, read.sizeValue, read.insetsValue, read.slopValue)
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
    /// non-negative size; nil for anything else (which `readFrame` reads or reports).
    /// Static, so the call from the node loop passes the document, not the builder.
    @inline(__always)
    private static func plainFrame(_ index: Int, in document: Document) -> Rect? {
        guard document.kind(index) == .array, document.next(index) == index + 5,
              let x = document.number(index + 1), let y = document.number(index + 2),
              let width = document.number(index + 3), let height = document.number(index + 4),
              x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        return rawFrame(x, y, width, height)
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
}
