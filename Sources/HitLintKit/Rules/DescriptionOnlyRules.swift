// Rules whose diagnostics come from an earlier stage (Syntax, Layout) or from
// suppression. Each still carries its description and examples, so `explain`,
// `rules` and the example tests treat them like every other rule.

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
        ]
    )
}

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
