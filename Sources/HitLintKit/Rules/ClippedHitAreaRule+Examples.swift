/// `ClippedHitAreaRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension ClippedHitAreaRule {
    static let examples: [RuleExample] = [
        // The seed: two buttons expanded by -20 in a stack that is not.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: toolbar
              type: stack
              axis: horizontal
              spacing: 40
              frame: [100, 400, 140, 30]
              children:
                - {id: prev, type: button, size: [50, 30], hitInsets: -20}
                - {id: next, type: button, size: [50, 30], hitInsets: -20}
        """, flags: ["prev", "next"], messages: [
            "'prev' hit area is clipped by 'toolbar': 20 pt lost on the left, top and bottom — extend 'toolbar' hitInsets by -20",
            "'next' hit area is clipped by 'toolbar': 20 pt lost on the top, right and bottom",
        ], fixed: """
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: toolbar
              type: stack
              axis: horizontal
              spacing: 40
              frame: [100, 400, 140, 30]
              hitInsets: -20
              children:
                - {id: prev, type: button, size: [50, 30], hitInsets: -20}
                - {id: next, type: button, size: [50, 30], hitInsets: -20}
        """),
        // Corrected: the stack's own hit area is extended too.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: toolbar
              type: stack
              axis: horizontal
              spacing: 40
              frame: [100, 400, 140, 30]
              hitInsets: -20
              children:
                - {id: prev, type: button, size: [50, 30], hitInsets: -20}
                - {id: next, type: button, size: [50, 30], hitInsets: -20}
        """),
        // On the web only an ancestor that clips cuts hit areas.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - id: card
              frame: [100, 100, 200, 100]
              children:
                - {id: more, type: button, frame: [0, 0, 44, 44], hitSlop: 10}
        """),
    ]
}
