/// A rule's documentation and tests in one value (SwiftLint's `RuleDescription`
/// shape, ruff's "what it does / why" prose). `hitlint explain`, `hitlint rules`
/// and the generic example test all read it.
public struct RuleDescription: Sendable {
    public var id: String
    public var summary: String
    /// Why it matters: what the user experiences.
    public var rationale: String
    public var defaultSeverity: Severity
    public var options: [RuleOptionDescription]
    /// Layouts that must trigger (with the nodes flagged) and must not.
    public var examples: [RuleExample]
    /// Whether `--fix` can fix what it reports: every time, in some cases
    /// (others get advice only: a capture, a gap its containers do not
    /// cover), or never (ruff's "always / sometimes / never").
    public var fix: FixAvailability
    /// What it reads to decide what it reports on a node (`RuleRead`): what
    /// fix checking knows of it. Empty for a rule an earlier stage reports
    /// (syntax, layout, import), whose findings no change of hit insets moves.
    public var reads: [RuleRead]
    /// How a node a finding names besides its own (`relatedNodes`) takes part
    /// in it, said after the node's name ("is in front and takes the
    /// touches"): the language server's related information. Nil for a rule
    /// whose findings name no other node.
    public var relatedRole: String?
    /// What the picture (`hitlint render`) draws for a finding, besides the
    /// marker every finding gets.
    public var drawing: FindingDrawing
    /// Whether its findings are errors whatever a configuration or `--rule`
    /// says (neither may set another severity, and `hitlint init` leaves it
    /// out): for a rule whose findings mean the file could not be linted.
    public var isAlwaysAnError: Bool

    public var isFixable: Bool { fix != .never }

    public init(id: String, summary: String, rationale: String, defaultSeverity: Severity,
                options: [RuleOptionDescription] = [], reads: [RuleRead] = [], examples: [RuleExample] = [],
                fix: FixAvailability = .never, relatedRole: String? = nil, drawing: FindingDrawing = .nothing,
                isAlwaysAnError: Bool = false) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.options = options
        self.examples = examples
        self.fix = fix
        self.reads = reads
        self.relatedRole = relatedRole
        self.drawing = drawing
        self.isAlwaysAnError = isAlwaysAnError
    }
}
