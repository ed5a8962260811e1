/// The streamed read of a JSON layout: its nodes are built while the parser
/// reads them, and a node's values are dropped as soon as its mapping closes,
/// so the document of a large file is never held whole (`LayoutNode.origin`
/// keeps where each node is, for fixes and messages).
extension LayoutBuilder {
    /// What a streamed read leaves for the rest of the build: the entry of the
    /// `root` mapping its nodes came from (-1 when it met none), and the
    /// diagnostics they raised.
    struct StreamedNodes {
        var root = -1
        var diagnostics = 0..<0
    }

    /// Reads a JSON layout file, building its nodes while the parser reads
    /// them. Returns the builder and the document of what remains (the
    /// top-level keys, `root` emptied): a file that turns out not to be a
    /// layout (a capture) is that whole document, as it has no `root`.
    /// `finish(_:streamed:)` completes the layout. With `jobs` above 1 the
    /// nodes are built on a second thread while the parse goes on
    /// (`readSideBySide`); the result is the same.
    static func read(streaming source: SourceText, valueLimit: Int = Document.Entry.maximumEntries, jobs: Int = 1,
                     batchEntries: Int = NodeBatch.entriesPerBatch) throws(SyntaxError)
        -> (builder: LayoutBuilder, document: Document) {
        try source.bytes.withUnsafeBufferPointer { (bytes) throws(SyntaxError) in
            var builder = LayoutBuilder(document: Document(source: source))
            builder.streamed = StreamedNodes()
            builder.jobs = jobs
            // A node takes 20 bytes of JSON at the least (`{"frame":[0,0,1,1]}`):
            // capacity never touched is address space, and growing by doubling near
            // the end would copy every node (a transient 2× of the largest arrays).
            builder.layout.nodes.reserveLargeCapacity(source.bytes.count / 20 + 16)
            // The builder moves into the sink for the parse, and out of it after:
            // a second copy would share its storage, which the first node would copy.
            let building = NodeBuildingSink(builder: consume builder, bytes: bytes)
            guard jobs > 1 else {
                var reader = StreamedNodeReader(sink: consume building)
                let document = try JSONParser.parse(source, observer: &reader, valueLimit: valueLimit)
                return (reader.sink.builder, document)
            }
            return try readSideBySide(source, building: building, valueLimit: valueLimit, batchEntries: batchEntries)
        }
    }

    /// Builds a JSON layout while it is parsed (`read(streaming:)`), whatever its top-level keys.
    public static func build(streaming source: SourceText, overrides: Overrides = Overrides(), jobs: Int = 1) throws(SyntaxError)
        -> (layout: Layout, diagnostics: [Diagnostic]) {
        let (builder, document) = try read(streaming: source, jobs: jobs)
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

    /// Drops nodes a streamed read took from a `root` that turned out not to
    /// be the layout's (an earlier `root` key wins), with what they reported.
    mutating func discardStreamedNodes() {
        guard let streamed, !layout.nodes.isEmpty else { return }
        let document = layout.document
        layout = Layout(document: document)
        diagnostics.removeSubrange(streamed.diagnostics)
        stacks = [:]
        ids = IDRecords()
        placements = []
    }

    /// A node's mapping has closed: its members (its children already read
    /// and dropped) are in `parsed`, the parser's document so far, lent for the call.
    mutating func closeNode(_ object: Int, index: Int, list: Int, parsed: inout Document, bytes: UnsafeBufferPointer<UInt8>) {
        swap(&document, &parsed)
        defer { swap(&document, &parsed) }
        var node = layout.nodes[index]
        currentNode = index
        let children = readNode(index, object: object, node: &node, bytes: bytes)
        currentNode = nil
        let span = document.span(object)
        var origin = NodeOrigin(objectStart: UInt32(span.start), objectEnd: UInt32(span.end))
        if list >= 0 {
            let list = document.span(list)
            (origin.childrenStart, origin.childrenEnd) = (UInt32(list.start), UInt32(list.end))
        }
        // The entries that say where the node's values are end with this
        // read: where its diagnostics point is kept (`Layout.anchorSpan(of:)`).
        let frameEntry = node.frameEntry >= 0 ? node.frameEntry : node.sizeEntry
        let insetsEntry = node.hitInsetsEntry >= 0 ? node.hitInsetsEntry : node.hitSlopEntry
        let frame = frameEntry >= 0 ? document.span(Int(frameEntry)) : nil
        let insets = insetsEntry >= 0 ? document.span(Int(insetsEntry)) : nil
        while layout.streamedSpans.count <= index { layout.streamedSpans.append(StreamedSpans()) }
        layout.streamedSpans[index] = StreamedSpans(insets: insets, frame: frame)
        if node.idEntry >= 0 {
            let id = Int(node.idEntry)
            origin.idStart = UInt32(document.span(id).start)
            if document.entries[id].flags & Document.Entry.decoded != 0 { layout.decodedIDs[Int32(index)] = document.string(id) }
        }
        // What is left in the list is not a node (node mappings were read and dropped).
        if let list = children {
            var element = list + 1
            while element < document.next(list) {
                invalid(element, "each child must be a node (a mapping), found \(describe(element))")
                element = document.next(element)
            }
        }
        node.origin = origin  // in place of the entry indices, which end with this read
        // Every node opened since this one is inside it, and none opened after it is.
        node.subtreeEnd = Int32(layout.nodes.count)
        layout.nodes[index] = node
    }
}

/// What a streamed read's nodes are handed to, in the order the parser meets
/// them: the builder itself (`NodeBuildingSink`), or batches for a builder on
/// another thread (`NodeBatchingSink`).
protocol StreamedNodeSink {
    /// The layout's `root` mapping opened as entry `entry` (before its node opens).
    mutating func rootOpened(_ entry: Int)
    /// A node's mapping opened: it is the next node, in pre-order.
    mutating func nodeOpened(parent: Int, childIndex: Int)
    /// A node's mapping closed: its members (its children already read and
    /// dropped) are in `parsed`, lent for the call.
    /// `valuesFrom`: where the numbers and strings its entries hold start.
    mutating func nodeClosed(_ object: Int, index: Int, list: Int, isRoot: Bool, parsed: inout Document,
                             valuesFrom: (numbers: Int, strings: Int))
}

/// The streamed read's side of the parse, for the length of one parse: which
/// containers are nodes, the node mappings still open, and the sink their
/// nodes go to. Tags: the top-level mapping, a node's mapping, a node's
/// `children` list.
struct StreamedNodeReader<Sink: StreamedNodeSink>: JSONParseObserver {
    var sink: Sink
    /// The streamed nodes whose mappings are open, innermost last.
    private var openNodes: [OpenNode] = []
    /// Nodes opened so far (the next one's index).
    private var nodeCount = 0
    /// The `root` mapping's entry, once met.
    private var root = -1

    struct OpenNode {
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

    init(sink: consuming Sink) {
        self.sink = sink
    }

    private static var documentTag: UInt8 { 1 }
    private static var nodeTag: UInt8 { 2 }
    private static var listTag: UInt8 { 3 }

    static var isActive: Bool { true }

    mutating func opened(_ entry: Int, kind: Document.Kind, parentTag: UInt8?, key: UnsafeBufferPointer<UInt8>?,
                         parsed: ((borrowing Document) -> Int) -> Int) -> UInt8 {
        guard let parentTag else { return kind == .object ? Self.documentTag : 0 }
        switch parentTag {
        case Self.documentTag:
            // The first `root` key is the layout's (`members(of:known:)` reports the others).
            guard kind == .object, root < 0, Self.equals(key, "root"),
                  parsed({ Self.hasKey("root", in: 0, before: entry - 1, $0) ? 1 : 0 }) == 0 else { return 0 }
            root = entry
            sink.rootOpened(entry)
            openNode(entry, parent: -1, childIndex: 0)
            return Self.nodeTag
        case Self.nodeTag:
            // The node's first `children` key, when its value is a list.
            guard kind == .array, openNodes[openNodes.count - 1].list < 0, Self.equals(key, "children") else { return 0 }
            let object = openNodes[openNodes.count - 1].object
            guard parsed({ Self.hasKey("children", in: object, before: entry - 1, $0) ? 1 : 0 }) == 0 else { return 0 }
            openNodes[openNodes.count - 1].list = entry
            openNodes[openNodes.count - 1].listScan = entry + 1
            return Self.listTag
        case Self.listTag:
            guard kind == .object else { return 0 }
            var open = openNodes[openNodes.count - 1]
            if open.listScan < entry {
                // Elements kept since the last node (not mappings: reported when the list's node closes).
                let scan = open.listScan
                open.elementCount += parsed { kept in
                    var (element, count) = (scan, 0)
                    while element < entry {
                        count += 1
                        element = kept.next(element)
                    }
                    return count
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

    mutating func closed(_ entry: Int, tag: UInt8, parsed: inout Document, valuesFrom: (numbers: Int, strings: Int)) -> Int? {
        guard tag == Self.nodeTag else { return nil }
        let isRoot = openNodes.count == 1
        let open = openNodes.removeLast()
        sink.nodeClosed(entry, index: open.index, list: open.list, isRoot: isRoot, parsed: &parsed, valuesFrom: valuesFrom)
        // The root's mapping stays, emptied, as the value of `root`.
        return isRoot ? 1 : 0
    }

    private mutating func openNode(_ entry: Int, parent: Int, childIndex: Int) {
        sink.nodeOpened(parent: parent, childIndex: childIndex)
        openNodes.append(OpenNode(index: nodeCount, object: entry))
        nodeCount += 1
    }

    /// Whether the member keys of open mapping `object` before entry `before` include `key`.
    private static func hasKey(_ key: StaticString, in object: Int, before: Int, _ parsed: borrowing Document) -> Bool {
        var member = object + 1
        while member < before {
            if parsed.stringEquals(member, key) { return true }
            member = parsed.next(member + 1)
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

/// The builder as a streamed read's sink: each node is read as its mapping
/// closes, on the thread that hands it over, and the source bytes it has read
/// are given back behind it.
struct NodeBuildingSink: StreamedNodeSink {
    var builder: LayoutBuilder
    let bytes: UnsafeBufferPointer<UInt8>
    /// Of a mapped file: where the pages given back end.
    private var droppedUpTo = 0

    init(builder: consuming LayoutBuilder, bytes: UnsafeBufferPointer<UInt8>) {
        self.builder = builder
        self.bytes = bytes
    }

    mutating func rootOpened(_ entry: Int) {
        let diagnosticCount = builder.diagnostics.count
        builder.streamed = LayoutBuilder.StreamedNodes(root: entry, diagnostics: diagnosticCount..<diagnosticCount)
    }

    mutating func nodeOpened(parent: Int, childIndex: Int) {
        var node = LayoutNode()
        node.parent = Int32(parent)
        node.childIndex = Int32(childIndex)
        builder.layout.nodes.append(node)
    }

    mutating func nodeClosed(_ object: Int, index: Int, list: Int, isRoot: Bool, parsed: inout Document,
                             valuesFrom: (numbers: Int, strings: Int)) {
        build(object, index: index, list: list, isRoot: isRoot, parsed: &parsed)
    }

    /// Reads the node whose mapping is entry `object` of `parsed` (the parser's
    /// document, or a batch's copy of the node's entries).
    mutating func build(_ object: Int, index: Int, list: Int, isRoot: Bool, parsed: inout Document) {
        builder.closeNode(object, index: index, list: list, parsed: &parsed, bytes: bytes)
        dropPagesBehind(parsed.span(object).end, of: parsed.source.bytes)
        if isRoot, let first = builder.streamed?.diagnostics.lowerBound {
            builder.streamed?.diagnostics = first..<builder.diagnostics.count
        }
    }

    /// A mapped file's pages behind the build are given back every 4 MiB: the
    /// build has read them, and the few it reads again (a key of an open
    /// mapping) come back from the page cache. Held until the layout was built,
    /// the whole file was resident beside the builder's tables, which was the
    /// peak of the lint's memory.
    private mutating func dropPagesBehind(_ offset: Int, of bytes: SourceBytes) {
        guard offset - droppedUpTo >= Self.dropBlock, bytes.isMapped else { return }
        bytes.dropResidentPages(droppedUpTo..<offset)
        droppedUpTo = offset
    }
    private static var dropBlock: Int { 4 << 20 }
}
