/// `ExcessiveHitExpansionRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension ExcessiveHitExpansionRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: dot, type: button, frame: [100, 100, 10, 10], hitInsets: -30}
        """, flags: ["dot"], messages: ["'dot' hit area extends 30 pt beyond its frame on the left, top, right and bottom (at most 24 pt)"],
                    arguments: ["--rule", "excessive-hit-expansion=warning"]),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: dot, type: button, frame: [100, 100, 24, 24], hitInsets: -10}
        """, arguments: ["--rule", "excessive-hit-expansion=warning"]),
    ]
}
