// No check of its own: suppression reports it, after the rules ran. It still
// carries its description and examples, so `explain`, `rules` and the example
// tests treat it like every other rule.

public struct UnusedIgnoreRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.unusedIgnore,
        summary: "An `ignore` entry that suppresses nothing should be removed.",
        rationale: """
        Suppressions outlive the problems they hid; a stale one will hide the next real \
        problem. Like SwiftLint's `superfluous_disable_command` and ruff's `RUF100`.
        """,
        defaultSeverity: .info,
        reads: [.findingsBelow],
        examples: [
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: ok, type: button, frame: [0, 0, 44, 44], ignore: [target-size]}
            """, flags: ["ok"], messages: ["'ignore: target-size' suppresses nothing here; remove it"],
                fixed: """
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: ok, type: button, frame: [0, 0, 44, 44]}
            """),
            RuleExample("""
            root:
              frame: [0, 0, 390, 844]
              children:
                - {id: dot, type: button, frame: [0, 0, 20, 20], ignore: [target-size]}
            """),
        ],
        fix: .always
    )
}
