/// `ClippedTargetRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension ClippedTargetRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: card
              frame: [20, 100, 200, 100]
              children:
                - {id: badge, type: button, frame: [180, -10, 44, 44]}
        """, flags: ["badge"], messages: ["'badge' is partly outside the hit region of 'card': 24 pt on the right and 10 pt at the top can be seen but not tapped"]),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: card
              frame: [20, 100, 200, 100]
              hitInsets: [-10, 0, 0, -24]
              children:
                - {id: badge, type: button, frame: [180, -10, 44, 44]}
        """),
        // When the ancestor clips drawing too, the hanging part is not visible.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: card
              frame: [20, 100, 200, 100]
              clipsToBounds: true
              children:
                - {id: badge, type: button, frame: [180, 10, 44, 44]}
        """),
        // A scroll view clips what it draws: a row straddling its edge is partly scrolled out of sight.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: list
              scrollable: true
              frame: [0, 100, 390, 400]
              children:
                - {id: row, type: cell, frame: [0, 380, 390, 60]}
        """),
    ]
}
