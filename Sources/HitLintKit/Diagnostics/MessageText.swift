#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A finding's message as UTF-8 bytes, in a block it shares with the messages
/// written before and after it (`MessageArena`): a first run holds a message
/// for every finding of the file until the report is written, and a `String`
/// of its own costs each one an allocation, its header and its rounding, and
/// a check of bytes made valid already.
///
/// Equal and hashed by its bytes; `string` is the text.
public struct MessageText: Hashable, @unchecked Sendable {
    /// Nil for the empty message, which fix checking's lints give every
    /// finding on every thread: no count of references for them to share.
    private let block: MessageBlock?
    private let start: UInt32
    /// `UInt32.max` for a message of 4 GiB or more (names quoted from a
    /// hostile file), which is then the whole of a block of its own.
    private let count: UInt32

    fileprivate init(block: MessageBlock?, start: Int, count: Int) {
        self.block = block
        if count >= Int(UInt32.max) {
            precondition(start == 0, "a message of 4 GiB or more has a block of its own")
            (self.start, self.count) = (0, .max)
        } else {
            (self.start, self.count) = (UInt32(start), UInt32(count))
        }
    }

    private var length: Int { count == .max ? block!.used : Int(count) }

    /// A message in a block of its own (one made as a `String`).
    public init(_ text: String) {
        guard !text.isEmpty else { self = .empty; return }
        var text = text
        self = text.withUTF8 { bytes in
            MessageBlock.make(capacity: bytes.count).adding(bytes)
        }
    }

    /// Bytes in a block of their own.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { self = .empty; return }
        self = MessageBlock.make(capacity: bytes.count).adding(bytes)
    }

    /// The same bytes in a block of their own: kept without keeping the
    /// block these are in (a lint's, of which nothing else is kept).
    func copied() -> MessageText {
        withBytes { MessageText(bytes: $0) }
    }

    /// The bytes `range` of these, where they are held (no copy).
    func slice(_ range: Range<Int>) -> MessageText {
        guard !range.isEmpty else { return .empty }
        precondition(range.lowerBound >= 0 && range.upperBound <= length)
        return MessageText(block: block, start: Int(start) + range.lowerBound, count: range.count)
    }

    /// The message of a finding that is not described (`RunSettings.describesDiagnostics`).
    public static let empty = MessageText(block: nil, start: 0, count: 0)

    public var isEmpty: Bool { count == 0 }

    public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// The bytes, lent for the call.
    @inline(__always) public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: block.map { $0.base + Int(start) }, count: length))
    }

    public static func == (lhs: MessageText, rhs: MessageText) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.count == 0 || (lhs.block === rhs.block && lhs.start == rhs.start) { return true }
        return lhs.withBytes { left in
            rhs.withBytes { right in left.count == right.count && memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }

    public func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Memory that messages are written into one after another and never
/// change once written: a message made from it reads bytes no later write
/// touches, so findings made on one thread are read on any (why
/// `MessageText` is `Sendable`, which a `ManagedBuffer` cannot be). The
/// bytes are in the object's own allocation (one allocation for a message
/// made as a string, as the string was).
private final class MessageBlock: ManagedBuffer<MessageBlock.Header, UInt8> {
    struct Header {
        var capacity: Int
        var used = 0
    }

    static func make(capacity: Int) -> MessageBlock {
        let block = create(minimumCapacity: max(capacity, 1)) { _ in Header(capacity: capacity) }
        return unsafeDowncast(block, to: MessageBlock.self)
    }

    /// The bytes, where the object keeps them for as long as it lives.
    var base: UnsafeMutablePointer<UInt8> { withUnsafeMutablePointerToElements { $0 } }

    /// The header through its pointer: `header` is a class's stored
    /// property, and each use of it would be checked for exclusive access
    /// as the program runs.
    var room: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity - $0.pointee.used } }

    var used: Int { withUnsafeMutablePointerToHeader { $0.pointee.used } }

    /// The bytes copied in after the others: the caller made sure they fit.
    func adding(_ bytes: UnsafeBufferPointer<UInt8>) -> MessageText {
        let used = withUnsafeMutablePointerToHeader { header in
            let used = header.pointee.used
            header.pointee.used = used + bytes.count
            return used
        }
        if let source = bytes.baseAddress, bytes.count > 0 { (base + used).update(from: source, count: bytes.count) }
        return MessageText(block: self, start: used, count: bytes.count)
    }
}

/// Where one run of a rule writes its findings' messages and names: each
/// written piece by piece into one reused scratch buffer, then copied into
/// blocks filled in turn, each held for as long as a text in it is. One rule
/// on one thread writes into it; the texts it hands out can go anywhere.
///
/// Names and messages fill blocks of their own: fix checking reads the
/// names of a first run's findings and sets their messages aside packed
/// (`PackedFindingText`), and a block of messages alone is then let go of.
public struct MessageArena: ~Copyable {
    private var block: MessageBlock?
    private var nameBlock: MessageBlock?
    private var scratch = ByteWriter(capacity: 512)

    /// Large enough that a block's own cost is nothing beside its messages,
    /// small enough that what a run leaves unused of its last one is nothing either.
    private static let blockSize = 1 << 16

    public init() {}

    /// The message `body` writes.
    public mutating func write(_ body: (inout ByteWriter) -> Void) -> MessageText {
        Self.write(body, scratch: &scratch, block: &block)
    }

    /// The names `body` writes (`FindingNames`), in the blocks of names.
    mutating func writeNames(_ body: (inout ByteWriter) -> Void) -> MessageText {
        Self.write(body, scratch: &scratch, block: &nameBlock)
    }

    /// These bytes, as a message (copied straight in: no scratch).
    mutating func write(bytes: UnsafeBufferPointer<UInt8>) -> MessageText {
        Self.add(bytes, to: &block)
    }

    private static func write(_ body: (inout ByteWriter) -> Void, scratch: inout ByteWriter,
                              block: inout MessageBlock?) -> MessageText {
        scratch.removeAll()
        body(&scratch)
        return scratch.withBytes { add($0, to: &block) }
    }

    private static func add(_ bytes: UnsafeBufferPointer<UInt8>, to block: inout MessageBlock?) -> MessageText {
        let count = bytes.count
        guard count > 0 else { return .empty }
        if count > blockSize / 4 { return MessageBlock.make(capacity: count).adding(bytes) }
        if block == nil || block!.room < count { block = MessageBlock.make(capacity: blockSize) }
        return block!.adding(bytes)
    }
}

extension ByteWriter {
    /// A message's bytes as they are.
    @inline(__always) public mutating func append(_ message: MessageText) {
        message.withBytes { append(bytes: $0) }
    }
}
