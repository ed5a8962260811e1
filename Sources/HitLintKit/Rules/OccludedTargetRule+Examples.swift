/// `OccludedTargetRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension OccludedTargetRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: buy, type: button, frame: [20, 700, 350, 50]}
            - {id: fade, type: view, frame: [0, 720, 390, 124]}
        """, flags: ["buy"], messages: ["'buy' is covered by 'fade', which swallows touches: 60% of its hit area is dead; 350×20 pt remains reachable"]),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: buy, type: button, frame: [20, 700, 350, 50]}
            - {id: fade, type: view, frame: [0, 720, 390, 124], userInteractionEnabled: false}
        """),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: buy, type: button, frame: [20, 700, 350, 50]}
            - {id: sheet, type: view, frame: [0, 720, 390, 124], opaque: true}
        """),
    ]
}
