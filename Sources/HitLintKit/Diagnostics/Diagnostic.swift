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

/// What to change to resolve a diagnostic: text edits, or (with no edits) advice.
public struct Fix: Hashable, Sendable {
    public var description: String
    public var edits: [TextEdit]
    /// Edits the rule found but did not write (`RunSettings.writesFixes` off):
    /// the fix is known to change the file, and that is all that is known of it.
    public private(set) var hasUnwrittenEdits = false
    /// What the edits change in the layout, when they only give nodes new hit
    /// insets (the rules' fixes): where checking the fix looks for what it
    /// changed (`FixReach`). Empty when not known: the fix is then checked
    /// against the whole file.
    public var hitAreaChanges: [HitAreaChange] = []

    public init(description: String, edits: [TextEdit]) {
        self.description = description
        self.edits = edits
    }

    /// A fix of which only this is known: whether it would edit the file.
    public static func unwritten(changesFile: Bool) -> Fix {
        var fix = Fix(description: "", edits: [])
        fix.hasUnwrittenEdits = changesFile
        return fix
    }

    /// Whether applying it changes the file (what `--fix` counts as fixable).
    public var changesFile: Bool { !edits.isEmpty || hasUnwrittenEdits }

    /// What fix checking adds to the description of a fix it had no budget
    /// left to check: its edits wait for the next `--fix` pass.
    public static let notCheckedNote = " (not checked in this pass: too many fixes in one file; run --fix again)"

    /// How fix checking's note on a fix that failed its check begins: its
    /// edits are dropped, and it says why.
    public static let byHandNote = " (to do by hand: "

    /// Whether fix checking left it for the next pass (`notCheckedNote`).
    public var isLeftForNextPass: Bool { edits.isEmpty && description.hasSuffix(Fix.notCheckedNote) }

    /// Keeps the advice only.
    public mutating func dropEdits() {
        edits = []
        hasUnwrittenEdits = false
        hitAreaChanges = []
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
    private var fixBox: FixBox?
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

    public var fix: Fix? {
        get { fixBox?.fix }
        set { fixBox = newValue.map(FixBox.holding) }
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

/// A diagnostic's fix, held by reference: compared and hashed by value, never
/// changed (a changed fix is a new box).
private final class FixBox: Hashable, Sendable {
    let fix: Fix

    private init(_ fix: Fix) { self.fix = fix }

    /// A text report's fix is only whether it would change the file
    /// (`Fix.unwritten(changesFile:)`): the two such fixes are shared.
    private static let unwrittenChanging = FixBox(.unwritten(changesFile: true))
    private static let unwrittenKeeping = FixBox(.unwritten(changesFile: false))

    static func holding(_ fix: Fix) -> FixBox {
        if fix.edits.isEmpty, fix.hitAreaChanges.isEmpty, fix.description.isEmpty {
            return fix.hasUnwrittenEdits ? unwrittenChanging : unwrittenKeeping
        }
        return FixBox(fix)
    }

    static func == (lhs: FixBox, rhs: FixBox) -> Bool { lhs === rhs || lhs.fix == rhs.fix }
    func hash(into hasher: inout Hasher) { hasher.combine(fix) }
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
