/// How much a diagnostic matters. `off` only appears in configuration.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case off, info, warning, error

    private var rank: Int {
        switch self {
        case .off: return 0
        case .info: return 1
        case .warning: return 2
        case .error: return 3
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One replacement of a byte range of the original file.
public struct TextEdit: Hashable, Sendable {
    public var span: SourceSpan
    public var replacement: String

    public init(span: SourceSpan, replacement: String) {
        self.span = span
        self.replacement = replacement
    }
}

/// A node given new hit insets (points, UIKit convention) by a fix.
public struct HitAreaChange: Hashable, Sendable {
    public var insets: EdgeInsets
    /// The insets as the edited file will read (its numbers are rounded as
    /// written): what checking the fix gives the built layout instead of
    /// parsing the edited file. Nil when not known; the fix is then checked
    /// on the edited file.
    public var readBack: WrittenInsets?
    /// After the others: a first run holds a change for every fix, and
    /// here the index fills what would be padding.
    public var node: Int32

    public init(node: Int, insets: EdgeInsets, readBack: WrittenInsets? = nil) {
        self.node = Int32(node)
        self.insets = insets
        self.readBack = readBack
    }
}

/// One finding, located by byte span in its file. Line and column are computed
/// only when it is reported.
///
/// A first run holds one for every finding of the file, and the rules' lists
/// are joined and sorted by moving them: what is rare or only some reports
/// read (a fix, a capture's control, a count of unchecked targets) is held
/// by reference, and the node's index in four bytes, so the common finding
/// is a few words; its message and its nodes' names are bytes in a block
/// shared with other findings' (`MessageText`, `FindingNames`).
public struct Diagnostic: Hashable, Sendable {
    public var rule: String
    /// `message`, as held.
    public var messageText: MessageText
    public var span: SourceSpan
    /// `node` and `related`, as held.
    public var names: FindingNames
    /// The node it is about (its id or path), if any.
    public var node: String? {
        get { names.node }
        set { names = FindingNames(node: newValue, related: related) }
    }
    /// Other nodes involved (the winner of an overlap, the occluder, the neighbour).
    public var related: [String] {
        get { names.related }
        set { names = FindingNames(node: node, related: newValue) }
    }
    /// Indices of the `related` nodes, in the same order (for `render`, which draws them).
    public var relatedNodes: [Int] = []
    public var fix: Fix?
    private var rare: RareParts?
    /// `nodeIndex`, -1 for none: a layout's nodes are counted in `Int32` (files are under 4 GiB).
    private var node32: Int32 = -1
    public var severity: Severity

    public var message: String {
        get { messageText.string }
        set { messageText = MessageText(newValue) }
    }

    /// Index of that node in the layout, for suppression and baselines.
    public var nodeIndex: Int? {
        get { node32 < 0 ? nil : Int(node32) }
        set { node32 = newValue.map { Int32($0) } ?? -1 }
    }

    /// For a note that some targets were not checked (`target-size` at a
    /// scrolling container's edge): how many, which `--stats` adds up.
    public var uncheckedTargets: Int {
        get { rare?.uncheckedTargets ?? 0 }
        set { rare = RareParts.holding(control: control, uncheckedTargets: newValue) }
    }

    /// In a capture, the control it is about, the same in every capture that
    /// shows it (`ControlIdentity`: app, window, view id or path, size); nil
    /// for a layout file and for notes about the capture.
    public var control: String? {
        get { rare?.control }
        set { rare = RareParts.holding(control: newValue, uncheckedTargets: uncheckedTargets) }
    }

    public init(rule: String, severity: Severity, message: String, span: SourceSpan,
                node: String? = nil, nodeIndex: Int? = nil, related: [String] = [], fix: Fix? = nil,
                relatedNodes: [Int] = []) {
        self.init(rule: rule, severity: severity, text: MessageText(message), span: span, node: node, nodeIndex: nodeIndex,
                  related: related, fix: fix, relatedNodes: relatedNodes)
    }

    public init(rule: String, severity: Severity, text: MessageText, span: SourceSpan,
                node: String? = nil, nodeIndex: Int? = nil, related: [String] = [], fix: Fix? = nil,
                relatedNodes: [Int] = []) {
        self.init(rule: rule, severity: severity, text: text, span: span, names: FindingNames(node: node, related: related),
                  nodeIndex: nodeIndex, fix: fix, relatedNodes: relatedNodes)
    }

    /// A finding whose names are held already (written into a rule's `MessageArena`).
    public init(rule: String, severity: Severity, text: MessageText, span: SourceSpan, names: FindingNames,
                nodeIndex: Int?, fix: Fix?, relatedNodes: [Int]) {
        self.rule = rule
        self.severity = severity
        messageText = text
        self.span = span
        self.names = names
        self.relatedNodes = relatedNodes
        self.nodeIndex = nodeIndex
        self.fix = fix
    }
}

/// What few diagnostics carry: a capture's control, a count of unchecked targets.
private final class RareParts: Hashable, Sendable {
    let control: String?
    let uncheckedTargets: Int

    private init(control: String?, uncheckedTargets: Int) {
        self.control = control
        self.uncheckedTargets = uncheckedTargets
    }

    /// Nil when there is nothing to hold, so a diagnostic without them compares
    /// equal however it got there.
    static func holding(control: String?, uncheckedTargets: Int) -> RareParts? {
        control == nil && uncheckedTargets == 0 ? nil : RareParts(control: control, uncheckedTargets: uncheckedTargets)
    }

    static func == (lhs: RareParts, rhs: RareParts) -> Bool {
        lhs === rhs || (lhs.control == rhs.control && lhs.uncheckedTargets == rhs.uncheckedTargets)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(control)
        hasher.combine(uncheckedTargets)
    }
}

/// A finding's node name (or none) and related nodes' names, as one
/// `MessageText`: a byte that says whether there is a node name, then each
/// name as its length (LEB128) and its UTF-8 bytes. A first run holds names
/// for every finding of the file until the report is written, and a string
/// of its own for each (and a list for the related ones) costs each an
/// allocation; written into the rule's `MessageArena`, they share its blocks.
/// Equal and hashed by those bytes: by the names.
public struct FindingNames: Hashable, Sendable {
    private let text: MessageText

    /// No node name, no related names.
    public static let none = FindingNames(text: .empty)

    private init(text: MessageText) { self.text = text }

    /// The names in a block of their own (written first into a buffer of
    /// their exact size: a finding of a rule without an arena).
    public init(node: String?, related: [String]) {
        guard node != nil || !related.isEmpty else { self = .none; return }
        var count = 1 + (node.map(Self.encodedCount) ?? 0)
        for name in related { count += Self.encodedCount(name) }
        var bytes = ByteWriter(capacity: count)
        Self.write(node: node, related: related, into: &bytes)
        self.init(text: bytes.withBytes { MessageText(bytes: $0) })
    }

    /// The bytes `writeName` writes for `name`.
    private static func encodedCount(_ name: String) -> Int {
        var length = name.utf8.count
        var count = 1 + length
        while length >= 0x80 { count += 1; length >>= 7 }
        return count
    }

    /// The names written into `arena`, with the others of its rule.
    public init(node: String?, related: [String], into arena: inout MessageArena) {
        guard node != nil || !related.isEmpty else { self = .none; return }
        self.init(text: arena.writeNames { Self.write(node: node, related: related, into: &$0) })
    }

    private static func write(node: String?, related: [String], into bytes: inout ByteWriter) {
        bytes.append(UInt8(node == nil ? 0 : 1))
        if let node { writeName(node, into: &bytes) }
        for name in related { writeName(name, into: &bytes) }
    }

    private static func writeName(_ name: String, into bytes: inout ByteWriter) {
        var length = UInt(name.utf8.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        bytes += name
    }

    /// Each name's bytes in order, the node's first (when there is one), and whether it is the node's.
    private func forEachName(_ body: (UnsafeBufferPointer<UInt8>, _ isNode: Bool) throws -> Void) rethrows {
        try text.withBytes { bytes in
            guard !bytes.isEmpty else { return }
            var position = 1
            var isNode = bytes[0] == 1
            while position < bytes.count {
                try body(Self.name(in: bytes, at: &position), isNode)
                isNode = false
            }
        }
    }

    /// The name whose length is read at `position`, which is moved past it.
    private static func name(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UnsafeBufferPointer<UInt8> {
        var length = 0
        var shift = 0
        while true {
            let byte = bytes[position]
            position += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        defer { position += length }
        return UnsafeBufferPointer(rebasing: bytes[position ..< position + length])
    }

    /// The node's name, if any.
    public var node: String? { withNode { String(decoding: $0, as: UTF8.self) } }

    /// Whether there is a node name.
    public var hasNode: Bool { text.withBytes { $0.first == 1 } }

    /// The node's name where it is held (no copy), if any.
    var nodeText: MessageText? {
        text.withBytes { bytes -> MessageText? in
            guard bytes.first == 1 else { return nil }
            var position = 1
            let name = Self.name(in: bytes, at: &position)
            return text.slice(position - name.count ..< position)
        }
    }

    /// The node name's bytes, lent for the call; nil when there is none.
    public func withNode<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try text.withBytes { bytes in
            guard bytes.first == 1 else { return nil }
            var position = 1
            return try body(Self.name(in: bytes, at: &position))
        }
    }

    /// The related nodes' names.
    public var related: [String] {
        var names: [String] = []
        forEachRelated { names.append(String(decoding: $0, as: UTF8.self)) }
        return names
    }

    /// Each related node name's bytes, in order.
    public func forEachRelated(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try forEachName { name, isNode in if !isNode { try body(name) } }
    }

    /// Whether there are related names.
    public var hasRelated: Bool {
        var any = false
        forEachRelated { _ in any = true }
        return any
    }
}
