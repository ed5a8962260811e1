// No check of its own: the layout stage reports it, as it reads the file. It
// still carries its description and examples, so `explain`, `rules` and the
// example tests treat it like every other rule.

public struct UnknownKeyRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.unknownKey,
        summary: "Keys must be ones hitlint knows; a typo silently changes nothing.",
        rationale: """
        A misspelt key (`hitInset`, `clipToBounds`) is ignored by whatever reads the layout, so \
        the expansion or flag you meant is not there. The message names the closest known key.
        """,
        defaultSeverity: .warning,
        examples: [
            RuleExample("root: {id: screen, frame: [0, 0, 390, 844], hitInset: -10}", flags: ["screen"], messages: ["unknown key 'hitInset'; did you mean 'hitInsets'?"]),
            RuleExample("root: {id: screen, frame: [0, 0, 390, 844], hitInsets: -10}"),
        ]
    )
}
