/// Every rule, in the order `hitlint rules` lists them.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        TargetSizeRule(),
        ClippedHitAreaRule(),
        ClippedTargetRule(),
        OverlappingHitAreasRule(),
        OccludedTargetRule(),
        UnreachableTargetRule(),
        DeadGapRule(),
        ExcessiveHitExpansionRule(),
        DuplicateIDRule(),
        UnknownKeyRule(),
        UnusedIgnoreRule(),
        InvalidLayoutRule(),
        ImportNoteRule(),
    ]

    /// The rules the geometry stage runs, in registry order (the rest report
    /// from earlier stages), and their ids beside them.
    public static let geometryRules: [any GeometryRule] = all.compactMap { $0 as? any GeometryRule }
    public static let geometryRuleIDs: [String] = geometryRules.map { type(of: $0).description.id }

    public static let descriptions: [RuleDescription] = all.map { type(of: $0).description }

    /// Each rule's id, in registry order: what a lint asks of every rule per file.
    /// Reading `description.id` copied the whole description, and each copy
    /// counted references on arrays every thread shares, so two cores took
    /// turns at the same cache line eight times a file.
    public static let ids: [String] = descriptions.map(\.id)

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// Each rule's default severity, in registry order (beside `ids`): what
    /// every diagnostic looks up (`LintOptions.severity(of:)`), without copying
    /// a whole description.
    private static let defaultSeverities: [Severity] = descriptions.map(\.defaultSeverity)

    public static func defaultSeverity(of id: String) -> Severity? {
        RuleID.position(of: id, in: ids).map { defaultSeverities[$0] }
    }

    /// What the picture draws for each rule's findings, in registry order
    /// (beside `ids`): asked once per finding drawn.
    private static let drawings: [FindingDrawing] = descriptions.map(\.drawing)

    public static func drawing(of id: String) -> FindingDrawing {
        RuleID.position(of: id, in: ids).map { drawings[$0] } ?? .nothing
    }
}
