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
/// is a few words; its message is bytes in a block shared with other
/// findings' (`MessageText`).
public struct Diagnostic: Hashable, Sendable {
    public var rule: String
    /// `message`, as held.
    public var messageText: MessageText
    public var span: SourceSpan
    /// The node it is about (its id or path), if any.
    public var node: String?
    /// Other nodes involved (the winner of an overlap, the occluder, the neighbour).
    public var related: [String]
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
        self.rule = rule
        self.severity = severity
        messageText = text
        self.span = span
        self.node = node
        self.related = related
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
