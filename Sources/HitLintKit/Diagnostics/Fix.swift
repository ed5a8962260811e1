#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to change to resolve a diagnostic: text edits, or (with no edits) advice.
///
/// Held whole in one allocation (`FixStore`): a first run holds a fix for
/// nearly every finding of the file until the report is written, and its
/// description, edits, their replacements and its hit-area changes, each an
/// allocation of its own, would cost a fix several allocations' headers and
/// roundings. A fix is never changed where it is held: changing one makes a
/// new store (fix checking's notes, `dropEdits`), which is rare.
public struct Fix: Hashable, @unchecked Sendable {
    private var store: FixStore

    public init(description: String, edits: [TextEdit]) {
        self.init(description: description, edits: edits, hitAreaChanges: [])
    }

    /// A fix that gives nodes new hit insets (`hitAreaChanges`) with these edits.
    public init(description: String, edits: [TextEdit], hitAreaChanges: [HitAreaChange]) {
        self.init(description: description, edits: edits, hitAreaChanges: hitAreaChanges, unwritten: false)
    }

    private init(store: FixStore) { self.store = store }

    /// A text report's fix is only whether it would change the file: the two
    /// such fixes are shared by every finding.
    private static let unwrittenChanging = Fix(store: FixStore.make(description: UnsafeBufferPointer(start: nil, count: 0),
                                                                     edits: [], changes: [], unwritten: true))
    private static let unwrittenKeeping = Fix(store: FixStore.make(description: UnsafeBufferPointer(start: nil, count: 0),
                                                                    edits: [], changes: [], unwritten: false))

    /// A fix of which only this is known: whether it would edit the file.
    public static func unwritten(changesFile: Bool) -> Fix {
        changesFile ? unwrittenChanging : unwrittenKeeping
    }

    public var description: String {
        get { store.withDescription { String(decoding: $0, as: UTF8.self) } }
        set { self = Fix(description: newValue, edits: edits, hitAreaChanges: hitAreaChanges, unwritten: hasUnwrittenEdits) }
    }

    public var edits: [TextEdit] {
        get {
            var edits: [TextEdit] = []
            edits.reserveCapacity(editCount)
            forEachEdit { span, replacement in edits.append(TextEdit(span: span, replacement: String(decoding: replacement, as: UTF8.self))) }
            return edits
        }
        set { self = Fix(description: description, edits: newValue, hitAreaChanges: hitAreaChanges, unwritten: hasUnwrittenEdits) }
    }

    /// What the edits change in the layout, when they only give nodes new hit
    /// insets (the rules' fixes): where checking the fix looks for what it
    /// changed (`FixReach`). Empty when not known: the fix is then checked
    /// against the whole file.
    public var hitAreaChanges: [HitAreaChange] {
        get { withHitAreaChanges { Array($0) } }
        set { self = Fix(description: description, edits: edits, hitAreaChanges: newValue, unwritten: hasUnwrittenEdits) }
    }

    private init(description: String, edits: [TextEdit], hitAreaChanges: [HitAreaChange], unwritten: Bool) {
        var description = description
        store = description.withUTF8 { FixStore.make(description: $0, edits: edits, changes: hitAreaChanges, unwritten: unwritten) }
    }

    /// Edits the rule found but did not write (`RunSettings.writesFixes` off):
    /// the fix is known to change the file, and that is all that is known of it.
    public var hasUnwrittenEdits: Bool { store.counts.hasUnwrittenEdits }

    /// Whether applying it changes the file (what `--fix` counts as fixable).
    public var changesFile: Bool { store.counts.editCount > 0 || hasUnwrittenEdits }

    /// Whether it has edits (`edits` is not empty), read without making them.
    public var hasEdits: Bool { store.counts.editCount > 0 }

    /// How many edits it has, read without making them.
    public var editCount: Int { Int(store.counts.editCount) }

    /// The description's bytes, lent for the call.
    public func withDescription<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try store.withDescription(body)
    }

    /// Each edit's span and replacement bytes, in order, read where they are held.
    public func forEachEdit(_ body: (SourceSpan, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try store.forEachEdit(body)
    }

    /// Each edit's span, in order.
    public func forEachEditSpan(_ body: (SourceSpan) throws -> Void) rethrows {
        try store.forEachEditSpan(body)
    }

    /// The hit-area changes, lent for the call.
    public func withHitAreaChanges<R>(_ body: (UnsafeBufferPointer<HitAreaChange>) throws -> R) rethrows -> R {
        try store.withChanges(body)
    }

    /// What fix checking adds to the description of a fix it had no budget
    /// left to check: its edits wait for the next `--fix` pass.
    public static let notCheckedNote = " (not checked in this pass: too many fixes in one file; run --fix again)"

    /// How fix checking's note on a fix that failed its check begins: its
    /// edits are dropped, and it says why.
    public static let byHandNote = " (to do by hand: "

    /// Whether fix checking left it for the next pass (`notCheckedNote`).
    public var isLeftForNextPass: Bool {
        guard !hasEdits else { return false }
        return withDescription { description in
            var note = Fix.notCheckedNote
            return note.withUTF8 { note in
                description.count >= note.count
                    && memcmp(description.baseAddress! + (description.count - note.count), note.baseAddress!, note.count) == 0
            }
        }
    }

    /// Keeps the advice only.
    public mutating func dropEdits() {
        guard hasEdits || hasUnwrittenEdits || store.counts.changeCount > 0 else { return }
        self = store.withDescription { Fix(store: FixStore.make(description: $0, edits: [], changes: [], unwritten: false)) }
    }

    /// How many bytes its words take (description, then replacements), when
    /// it holds them itself; 0 when it has none or holds them packed.
    var heldTextCount: Int { store.counts.isPacked ? 0 : store.textCount }

    /// Its words' bytes where it holds them (`heldTextCount` of them), lent for the call.
    func withHeldText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        precondition(!store.counts.isPacked, "a packed fix's words are read through withDescription and forEachEdit")
        return try store.withText { try body(UnsafeBufferPointer(start: $0, count: store.textCount)) }
    }

    /// The same fix with its words held in `packed`, from `offset` of its
    /// bytes (where `withHeldText`'s bytes were put). Every part of it reads
    /// as before; reading its words reads the packed text back whole.
    func packed(in packed: PackedText, at offset: Int) -> Fix {
        Fix(store: store.packed(in: packed, at: offset))
    }

    /// The same fix holding its words again, when they are packed in
    /// `packed`, read back as `bytes`; nil when they are not.
    func unpacked(from packed: PackedText, bytes: UnsafeBufferPointer<UInt8>) -> Fix? {
        guard let offset = store.offset(in: packed) else { return nil }
        return Fix(store: store.unpacked(text: bytes.baseAddress! + offset))
    }

    public static func == (lhs: Fix, rhs: Fix) -> Bool {
        lhs.store === rhs.store || lhs.store.isEqual(to: rhs.store)
    }

    public func hash(into hasher: inout Hasher) { store.hash(into: &hasher) }
}

/// A fix's parts in one allocation: its header, then (in the tail, in this
/// order) its hit-area changes, the read-back values of those that read
/// back other than their insets, its edits' spans with where their
/// replacements are, and the bytes of its description and replacements.
/// A packed store (fix checking holds a first run's fixes so) has no bytes:
/// its tail begins with the `PackedText` that holds them (a reference it
/// counts) and where in it they start.
/// Never changed once made, so any thread may read it (why `Fix` is
/// `Sendable`, which a `ManagedBuffer` cannot be).
private final class FixStore: ManagedBuffer<FixStore.Header, UInt64> {
    /// Counts of four bytes: the header and the parts after it are each read
    /// for every fix of a first run, and held for all of them.
    struct Header {
        var descriptionCount: UInt32
        var editCount: UInt32
        var changeCount: UInt32
        var hasUnwrittenEdits: Bool
        var isPacked = false
    }

    /// An edit as held: its replacement is `count` bytes from `start` in the bytes.
    struct Edit {
        var span: SourceSpan
        var start: UInt32
        var count: UInt32
    }

    /// A hit-area change as held. A fix writes numbers that read back as
    /// they are (whole points, or a decimal or two that the double holds as
    /// the parser reads it), so the read-back values are held apart, only
    /// for a change whose values differ from its insets (`readBack` 2).
    struct Change {
        var insets: EdgeInsets
        var node: Int32
        var readSides: UInt8
        /// 0: not known; 1: its insets' values, on `readSides`; 2: the next
        /// values held apart.
        var readBack: UInt8
    }

    private static let changeStride = MemoryLayout<Change>.stride
    private static let valuesStride = MemoryLayout<EdgeInsets>.stride
    private static let editStride = MemoryLayout<Edit>.stride

    /// Whether `values` are `insets` bit for bit (not only equal: 0 and -0 read apart).
    private static func sameBits(_ values: EdgeInsets, _ insets: EdgeInsets) -> Bool {
        values.top.bitPattern == insets.top.bitPattern && values.left.bitPattern == insets.left.bitPattern
            && values.bottom.bitPattern == insets.bottom.bitPattern && values.right.bitPattern == insets.right.bitPattern
    }

    static func make(description: UnsafeBufferPointer<UInt8>, edits: [TextEdit], changes: [HitAreaChange], unwritten: Bool) -> FixStore {
        precondition(MemoryLayout<Change>.alignment <= 8 && MemoryLayout<EdgeInsets>.alignment <= 8 && MemoryLayout<Edit>.alignment <= 8)
        let replacementBytes = edits.reduce(0) { $0 + $1.replacement.utf8.count }
        let valueCount = changes.reduce(0) { count, change in
            count + (change.readBack.map { sameBits($0.values, change.insets) ? 0 : 1 } ?? 0)
        }
        let valuesOffset = changes.count * changeStride
        let editsOffset = valuesOffset + valueCount * valuesStride
        let bytesOffset = editsOffset + edits.count * editStride
        let total = bytesOffset + description.count + replacementBytes
        let header = Header(descriptionCount: UInt32(description.count), editCount: UInt32(edits.count),
                            changeCount: UInt32(changes.count), hasUnwrittenEdits: unwritten)
        let store = unsafeDowncast(create(minimumCapacity: max(1, roundedUp(total) / 8)) { _ in header }, to: FixStore.self)
        store.withUnsafeMutablePointerToElements { elements in
            let tail = UnsafeMutableRawPointer(elements)
            let held = tail.bindMemory(to: Change.self, capacity: changes.count)
            var values = (tail + valuesOffset).bindMemory(to: EdgeInsets.self, capacity: valueCount)
            for (position, change) in changes.enumerated() {
                var kept = Change(insets: change.insets, node: change.node, readSides: 0, readBack: 0)
                if let readBack = change.readBack {
                    kept.readSides = readBack.sides
                    if sameBits(readBack.values, change.insets) {
                        kept.readBack = 1
                    } else {
                        kept.readBack = 2
                        values.initialize(to: readBack.values)
                        values += 1
                    }
                }
                (held + position).initialize(to: kept)
            }
            let bytes = (tail + bytesOffset).bindMemory(to: UInt8.self, capacity: total - bytesOffset)
            if let source = description.baseAddress { bytes.initialize(from: source, count: description.count) }
            var written = description.count
            let heldEdits = (tail + editsOffset).bindMemory(to: Edit.self, capacity: edits.count)
            for (position, edit) in edits.enumerated() {
                var replacement = edit.replacement
                let count = replacement.withUTF8 { source in
                    if let base = source.baseAddress { (bytes + written).initialize(from: base, count: source.count) }
                    return source.count
                }
                (heldEdits + position).initialize(to: Edit(span: edit.span, start: UInt32(written), count: UInt32(count)))
                written += count
            }
        }
        return store
    }

    private static func roundedUp(_ count: Int) -> Int { (count + 7) & ~7 }

    private var tail: UnsafeMutableRawPointer { withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) } }

    /// What a packed store's tail begins with: the `PackedText`, and where its bytes are in it.
    private static let packedPrefix = 16

    /// Where the changes begin: after a packed store's reference to its text.
    private var parts: UnsafeMutableRawPointer { counts.isPacked ? tail + Self.packedPrefix : tail }

    /// The bytes of the changes, their values and the edits, before the text.
    private var partsCount: Int { editsOffset + Int(counts.editCount) * Self.editStride }

    /// The bytes of the description and the replacements, which follow one another.
    var textCount: Int {
        let counts = counts
        guard counts.editCount > 0 else { return Int(counts.descriptionCount) }
        let last = UnsafePointer((parts + editsOffset).assumingMemoryBound(to: Edit.self))[Int(counts.editCount) - 1]
        return Int(last.start) + Int(last.count)
    }

    /// A packed store's text, as its tail holds it (a reference it counts).
    private var packedText: Unmanaged<PackedText> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: tail.load(as: UInt.self))!)
    }

    /// Where a packed store's bytes start in its text.
    private var packedOffset: Int { Int(tail.load(fromByteOffset: 8, as: UInt.self)) }

    deinit {
        if counts.isPacked { packedText.release() }
    }

    /// The same parts, the text held in `packed` from `offset`.
    func packed(in packed: PackedText, at offset: Int) -> FixStore {
        precondition(!counts.isPacked)
        var header = counts
        header.isPacked = true
        let count = partsCount
        let store = unsafeDowncast(Self.create(minimumCapacity: (Self.packedPrefix + Self.roundedUp(count)) / 8) { _ in header },
                                   to: FixStore.self)
        store.tail.storeBytes(of: UInt(bitPattern: Unmanaged.passRetained(packed).toOpaque()), as: UInt.self)
        store.tail.storeBytes(of: UInt(offset), toByteOffset: 8, as: UInt.self)
        (store.tail + Self.packedPrefix).copyMemory(from: parts, byteCount: count)
        return store
    }

    /// Where its text starts in `packed`, when it is held there; nil otherwise.
    func offset(in packed: PackedText) -> Int? {
        guard counts.isPacked, packedText.takeUnretainedValue() === packed else { return nil }
        return packedOffset
    }

    /// The same parts with the text held again, copied from `text`.
    func unpacked(text: UnsafePointer<UInt8>) -> FixStore {
        var header = counts
        header.isPacked = false
        let (count, textCount) = (partsCount, textCount)
        let store = unsafeDowncast(Self.create(minimumCapacity: max(1, Self.roundedUp(count + textCount) / 8)) { _ in header },
                                   to: FixStore.self)
        store.tail.copyMemory(from: parts, byteCount: count)
        (store.tail + count).copyMemory(from: text, byteCount: textCount)
        return store
    }

    /// The text (the description, then the replacements), lent for the
    /// call: a packed store's read back whole first.
    func withText<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) {
            guard counts.isPacked else { return try body(UnsafePointer((parts + partsCount).assumingMemoryBound(to: UInt8.self))) }
            let offset = packedOffset
            return try packedText.takeUnretainedValue().withBytes { try body($0.baseAddress! + offset) }
        }
    }

    /// The header read through its pointer: `header` is a class's stored
    /// property, and each use of it would be checked for exclusive access.
    var counts: Header { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// How many changes hold read-back values of their own.
    private var valueCount: Int {
        let held = UnsafePointer(parts.assumingMemoryBound(to: Change.self))
        var count = 0
        for position in 0..<Int(counts.changeCount) where held[position].readBack == 2 { count += 1 }
        return count
    }

    private var editsOffset: Int {
        let counts = counts
        return counts.changeCount == 0 ? 0 : Int(counts.changeCount) * Self.changeStride + valueCount * Self.valuesStride
    }

    func withDescription<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = Int(counts.descriptionCount)
        return try withText { try body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    func forEachEdit(_ body: (SourceSpan, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try withEdits { edits, bytes in
            for edit in edits { try body(edit.span, UnsafeBufferPointer(start: bytes + Int(edit.start), count: Int(edit.count))) }
        }
    }

    /// Each edit's span, read without its replacement (a packed store's text is not read back).
    func forEachEditSpan(_ body: (SourceSpan) throws -> Void) rethrows {
        try withExtendedLifetime(self) {
            let edits = UnsafePointer((parts + editsOffset).assumingMemoryBound(to: Edit.self))
            for edit in UnsafeBufferPointer(start: edits, count: Int(counts.editCount)) { try body(edit.span) }
        }
    }

    /// The edits as held and the bytes their replacements are in, lent for the call.
    private func withEdits<R>(_ body: (UnsafeBufferPointer<Edit>, UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try withText { bytes in
            let edits = UnsafePointer((parts + editsOffset).assumingMemoryBound(to: Edit.self))
            return try body(UnsafeBufferPointer(start: edits, count: Int(counts.editCount)), bytes)
        }
    }

    /// The changes as `HitAreaChange`s, made for the call on the stack.
    func withChanges<R>(_ body: (UnsafeBufferPointer<HitAreaChange>) throws -> R) rethrows -> R {
        let count = Int(counts.changeCount)
        guard count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try withExtendedLifetime(self) {
            let held = UnsafePointer(parts.assumingMemoryBound(to: Change.self))
            var values = UnsafePointer((parts + count * Self.changeStride).assumingMemoryBound(to: EdgeInsets.self))
            // One change (a target's fix, most fixes) is made in a variable:
            // every fix is read this way several times while it is checked.
            if count == 1 {
                let change = Self.change(held.pointee, values: &values)
                return try withUnsafePointer(to: change) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
            }
            return try withUnsafeTemporaryAllocation(of: HitAreaChange.self, capacity: count) { changes in
                let first = changes.baseAddress!
                for position in 0..<count {
                    (first + position).initialize(to: Self.change(held[position], values: &values))
                }
                defer { first.deinitialize(count: count) }
                return try body(UnsafeBufferPointer(changes))
            }
        }
    }

    /// A change as held, made whole; `values` moves past the read-back values it takes.
    @inline(__always)
    private static func change(_ held: Change, values: inout UnsafePointer<EdgeInsets>) -> HitAreaChange {
        var readBack: WrittenInsets?
        if held.readBack == 1 {
            readBack = WrittenInsets(sides: held.readSides, values: held.insets)
        } else if held.readBack == 2 {
            readBack = WrittenInsets(sides: held.readSides, values: values.pointee)
            values += 1
        }
        return HitAreaChange(node: Int(held.node), insets: held.insets, readBack: readBack)
    }

    func isEqual(to other: FixStore) -> Bool {
        let (mine, theirs) = (counts, other.counts)
        guard mine.descriptionCount == theirs.descriptionCount, mine.editCount == theirs.editCount,
              mine.changeCount == theirs.changeCount, mine.hasUnwrittenEdits == theirs.hasUnwrittenEdits else { return false }
        let sameText = withDescription { left in other.withDescription { right in Self.same(left, right) } }
        guard sameText, withChanges({ left in other.withChanges { right in left.elementsEqual(right) } }) else { return false }
        return withEdits { left, leftBytes in
            other.withEdits { right, rightBytes in
                zip(left, right).allSatisfy { left, right in
                    left.span == right.span && Self.same(UnsafeBufferPointer(start: leftBytes + Int(left.start), count: Int(left.count)),
                                                         UnsafeBufferPointer(start: rightBytes + Int(right.start), count: Int(right.count)))
                }
            }
        }
    }

    private static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.count == right.count && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
    }

    func hash(into hasher: inout Hasher) {
        withDescription { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(counts.hasUnwrittenEdits)
        forEachEdit { span, replacement in
            hasher.combine(span)
            hasher.combine(bytes: UnsafeRawBufferPointer(replacement))
        }
        withChanges { for change in $0 { hasher.combine(change) } }
    }
}
