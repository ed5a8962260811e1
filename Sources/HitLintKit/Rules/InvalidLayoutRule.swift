// No check of its own: reading the file reports it (a file that cannot be
// parsed, or read as no layout). It still carries its description and
// examples, so `explain`, `rules` and the example tests treat it like every
// other rule.

public struct InvalidLayoutRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.invalidLayout,
        summary: "The file must be valid JSON or YAML-subset syntax and a valid layout.",
        rationale: """
        hitlint cannot check what it cannot read. Invalid syntax is reported at the first bad \
        byte with what was expected; unsupported YAML names the construct; a wrong type, a \
        negative size, a non-finite number, a missing `root` or `units: px` without `scale` \
        is reported on the value. While a file has this error, no geometric rule runs on it.
        """,
        defaultSeverity: .error,
        examples: [
            RuleExample("root: {frame: [0, 0, 390, 844], alpha: 2}", flags: ["<file>"], messages: ["'alpha' must be a number from 0 to 1, found 2"]),
            RuleExample("root: {frame: [0, 0, -1, 844]}", flags: ["<file>"], messages: ["'frame width' must not be negative, found -1"]),
            RuleExample("units: px\nroot: {frame: [0, 0, 390, 844]}", flags: ["<file>"], messages: ["'units: px' needs 'scale'"]),
            RuleExample("root: {frame: [0, 0, 390, 844]}"),
        ],
        // A file that could not be read was not linted: that must fail the
        // run whatever else is configured.
        isAlwaysAnError: true
    )
}
