import Foundation

/// A streamed read on two threads: the calling thread parses, and hands each
/// node's opening and its closed mapping's entries, in batches, to a second
/// thread that builds the nodes from them in the same order. On one thread
/// the build waits for the parse and the parse for the build; side by side,
/// the read takes about as long as the longer of the two.
extension LayoutBuilder {
    static func readSideBySide(_ source: SourceText, building: consuming NodeBuildingSink, valueLimit: Int,
                               batchEntries: Int) throws(SyntaxError) -> (builder: LayoutBuilder, document: Document) {
        let channel = NodeBatchChannel(source: source)
        let builderSide = BuilderSide(building)
        let thread = Thread {
            while var batch = channel.receive() {
                builderSide.replay(&batch)
                channel.recycle(batch)
            }
            channel.builderFinished()
        }
        thread.start()
        var reader = StreamedNodeReader(sink: NodeBatchingSink(channel: channel, entriesPerBatch: batchEntries))
        let parsed: Result<Document, SyntaxError>
        do throws(SyntaxError) {
            parsed = .success(try JSONParser.parse(source, observer: &reader, valueLimit: valueLimit))
        } catch {
            parsed = .failure(error)
        }
        // What the build is given up to a syntax error is built and dropped:
        // the thread ends either way before the bytes it reads are let go.
        reader.sink.sendLast()
        channel.waitForBuilder()
        let document = try parsed.get()
        return (builderSide.takeBuilder(), document)
    }
}

/// The nodes' side of a read side by side: the builder, owned by the
/// building thread until that thread has finished.
private final class BuilderSide: @unchecked Sendable {
    private var building: NodeBuildingSink?

    init(_ building: consuming NodeBuildingSink) {
        self.building = building
    }

    /// The batch's events as the parser met them, each closed node read from
    /// the batch's own entries.
    func replay(_ batch: inout NodeBatch) {
        for event in batch.events {
            switch event {
            case .root(let entry):
                building!.rootOpened(Int(entry))
            case .open(let parent, let childIndex):
                building!.nodeOpened(parent: Int(parent), childIndex: Int(childIndex))
            case .close(let closed):
                batch.renumber(closed)
                building!.build(Int(closed.object), index: Int(closed.index), list: Int(closed.list), isRoot: closed.isRoot,
                                parsed: &batch.document)
            }
        }
        batch.clear()
    }

    /// The builder, moved out (a copy left here would share its storage,
    /// and the build's next change would copy every node).
    func takeBuilder() -> LayoutBuilder {
        var taken: NodeBuildingSink?
        swap(&taken, &building)
        return taken!.builder
    }
}

/// What the parser met between two hand-overs: nodes opened and closed, and
/// the entries of each closed node's mapping (its children already dropped),
/// copied into a document of the batch's own. Each node's entries are
/// renumbered to the batch's indices (containers' ends, numbers, decoded
/// strings) just before the node is read. Entry 0 stands for nothing, so no
/// node's mapping is entry 0 (a walk back from a key stops before 0, as in
/// the parser's document, where 0 is the top-level mapping).
struct NodeBatch {
    enum Event {
        case root(entry: Int32)
        case open(parent: Int32, childIndex: Int32)
        case close(ClosedNode)
    }

    /// A node's mapping closed; its entries were copied to the batch as they
    /// were, indices and all, and are renumbered on the building thread
    /// (`renumber`), which has time to spare while the parser does not.
    struct ClosedNode {
        var index: Int32
        /// Its mapping's and `children` list's entries in the batch (-1: no list).
        var object: Int32
        var list: Int32
        var isRoot: Bool
        /// What to add to the copied entries' indices of entries, numbers and strings.
        var entryShift: Int32
        var numberShift: Int32
        var stringShift: Int32
    }

    /// About 1,000 nodes of a typical layout: few hand-overs, little memory in flight.
    static let entriesPerBatch = 16_384

    var events: [Event] = []
    var document: Document

    init(source: SourceText) {
        document = Document(source: source, entries: [Self.placeholder])
    }

    private static let placeholder = Document.Entry(kind: .null, start: 0, end: 0)

    /// Emptied for the next batch, keeping the arrays' storage.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        document.entries.removeSubrange(1...)
        document.numbers.removeAll(keepingCapacity: true)
        document.strings.removeAll(keepingCapacity: true)
    }

    /// Copies the closed mapping `object` of `parsed` (it is the last value
    /// there, and the numbers and strings from `valuesFrom` on are its) and
    /// notes its close.
    mutating func appendClosed(_ object: Int, index: Int, list: Int, isRoot: Bool, from parsed: inout Document,
                               valuesFrom: (numbers: Int, strings: Int)) {
        let entryShift = document.entries.count - object
        let numberShift = document.numbers.count - valuesFrom.numbers
        let stringShift = document.strings.count - valuesFrom.strings
        parsed.entries.withUnsafeBufferPointer { entries in
            document.entries.append(contentsOf: UnsafeBufferPointer(rebasing: entries[object...]))
        }
        if parsed.numbers.count > valuesFrom.numbers {
            parsed.numbers.withUnsafeBufferPointer { numbers in
                document.numbers.append(contentsOf: UnsafeBufferPointer(rebasing: numbers[valuesFrom.numbers...]))
            }
        }
        if parsed.strings.count > valuesFrom.strings {
            document.strings.append(contentsOf: parsed.strings[valuesFrom.strings...])
        }
        events.append(.close(ClosedNode(index: Int32(index), object: Int32(object + entryShift),
                                        list: Int32(list >= 0 ? list + entryShift : -1), isRoot: isRoot,
                                        entryShift: Int32(entryShift), numberShift: Int32(numberShift),
                                        stringShift: Int32(stringShift))))
    }

    /// Renumbers a closed node's copied entries to the batch's indices: the
    /// ends of containers, and which number or decoded string an entry holds.
    mutating func renumber(_ closed: ClosedNode) {
        let (entryShift, numberShift, stringShift) = (Int(closed.entryShift), Int(closed.numberShift), Int(closed.stringShift))
        document.entries.withUnsafeMutableBufferPointer { entries in
            let first = Int(closed.object)
            // The mapping's end, not yet renumbered, is where its entries end in the parser's document.
            let end = Int(entries[first].payload) + entryShift
            for position in first..<end {
                let entry = entries[position]
                switch entry.kind {
                case .array, .object:
                    entries[position].payload = UInt32(Int(entry.payload) + entryShift)
                case .number where entry.flags & Document.Entry.integer == 0:
                    entries[position].payload = UInt32(Int(entry.payload) + numberShift)
                case .string where entry.flags & Document.Entry.decoded != 0:
                    entries[position].payload = UInt32(Int(entry.payload) + stringShift)
                default:
                    break
                }
            }
        }
    }
}

/// The parser's side of a read side by side: batches filled and handed over.
struct NodeBatchingSink: StreamedNodeSink {
    let channel: NodeBatchChannel
    let entriesPerBatch: Int
    private var batch: NodeBatch

    init(channel: NodeBatchChannel, entriesPerBatch: Int) {
        self.channel = channel
        self.entriesPerBatch = entriesPerBatch
        batch = channel.emptyBatch()
    }

    mutating func rootOpened(_ entry: Int) {
        batch.events.append(.root(entry: Int32(entry)))
    }

    mutating func nodeOpened(parent: Int, childIndex: Int) {
        batch.events.append(.open(parent: Int32(parent), childIndex: Int32(childIndex)))
    }

    mutating func nodeClosed(_ object: Int, index: Int, list: Int, isRoot: Bool, parsed: inout Document,
                             valuesFrom: (numbers: Int, strings: Int)) {
        batch.appendClosed(object, index: index, list: list, isRoot: isRoot, from: &parsed, valuesFrom: valuesFrom)
        if batch.document.entries.count >= entriesPerBatch {
            batch = channel.send(batch)
        }
    }

    /// Hands over what is left and tells the building thread nothing follows.
    mutating func sendLast() {
        if !batch.events.isEmpty { batch = channel.send(batch) }
        channel.close()
    }
}

/// Batches between the two threads: at most `inFlight` waiting to be built
/// (the parser waits beyond that, so a slow build holds little memory), and
/// the built ones kept for reuse.
final class NodeBatchChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private let source: SourceText
    private var waiting: [NodeBatch] = []
    private var spare: [NodeBatch] = []
    private var closed = false
    private var finished = false
    private let inFlight = 4

    init(source: SourceText) {
        self.source = source
    }

    func emptyBatch() -> NodeBatch {
        condition.lock()
        defer { condition.unlock() }
        return spare.popLast() ?? NodeBatch(source: source)
    }

    /// Hands `batch` over (waiting while too many are); returns an empty one to fill next.
    func send(_ batch: NodeBatch) -> NodeBatch {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= inFlight { condition.wait() }
        waiting.append(batch)
        condition.broadcast()
        return spare.popLast() ?? NodeBatch(source: source)
    }

    /// The next batch, in the order sent; nil once the parser is done and all were taken.
    func receive() -> NodeBatch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty, !closed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let batch = waiting.removeFirst()
        condition.broadcast()
        return batch
    }

    func recycle(_ batch: NodeBatch) {
        condition.lock()
        defer { condition.unlock() }
        spare.append(batch)
    }

    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    func builderFinished() {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        condition.broadcast()
    }

    func waitForBuilder() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }
}
