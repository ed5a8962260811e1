// No check of its own: the layout stage reports it, as it reads the file. It
// still carries its description and examples, so `explain`, `rules` and the
// example tests treat it like every other rule.

public struct DuplicateIDRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.duplicateID,
        summary: "Node ids must be unique in a file.",
        rationale: "Diagnostics, baselines and fixes name nodes by id; two nodes with one id cannot be told apart.",
        defaultSeverity: .warning,
        examples: [
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: icon, frame: [0, 0, 10, 10]}
                - {id: icon, frame: [20, 0, 10, 10]}
            """, flags: ["icon"], messages: ["duplicate id 'icon' (first used on line 4)"]),
        ]
    )
}
