/// `DeadGapRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension DeadGapRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: controls
              type: stack
              axis: horizontal
              spacing: 8
              frame: [20, 700, 148, 44]
              children:
                - {id: back, type: button, size: [44, 44]}
                - {id: play, type: button, size: [44, 44]}
                - {id: forward, type: button, size: [44, 44]}
        """, flags: ["back", "play"], messages: [
            "'back' and 'play' are 8 pt apart and nothing answers between them: a tap there is lost — widen their facing hitInsets by -4 each",
            "'play' and 'forward' are 8 pt apart",
        ], fixed: """
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: controls
              type: stack
              axis: horizontal
              spacing: 8
              frame: [20, 700, 148, 44]
              children:
                - {id: back, type: button, size: [44, 44], hitInsets: [0, 0, 0, -4]}
                - {id: play, type: button, size: [44, 44], hitInsets: [0, -4, 0, -4]}
                - {id: forward, type: button, size: [44, 44], hitInsets: [0, -4, 0, 0]}
        """),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: controls
              type: stack
              axis: horizontal
              spacing: 8
              frame: [20, 700, 148, 44]
              hitInsets: [0, -4, 0, -4]
              children:
                - {id: back, type: button, size: [44, 44], hitInsets: [0, -4, 0, -4]}
                - {id: play, type: button, size: [44, 44], hitInsets: [0, -4, 0, -4]}
                - {id: forward, type: button, size: [44, 44], hitInsets: [0, -4, 0, -4]}
        """),
        // Buttons in two rows of a list belong to different containers: not a strip.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: row1
              frame: [0, 0, 390, 60]
              children:
                - {id: edit1, type: button, frame: [330, 8, 44, 44]}
            - id: row2
              frame: [0, 60, 390, 60]
              children:
                - {id: edit2, type: button, frame: [330, 8, 44, 44]}
        """),
        // Far apart on purpose.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: cancel, type: button, frame: [20, 20, 80, 44]}
            - {id: done, type: button, frame: [290, 20, 80, 44]}
        """),
        // A 1 pt divider between list rows: not a gap a finger finds.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: rows
              type: stack
              axis: vertical
              spacing: 1
              frame: [0, 100, 390, 121]
              children:
                - {id: first, type: cell, size: [390, 60]}
                - {id: second, type: cell, size: [390, 60]}
        """),
        // Two cards 8 pt apart, each large enough: deliberate separation.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: left, type: button, frame: [16, 100, 175, 120]}
            - {id: right, type: button, frame: [199, 100, 175, 120]}
        """),
        // Small icon buttons side by side: a tap aimed at either can land in the gap.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: bold, type: button, frame: [16, 100, 32, 44]}
            - {id: italic, type: button, frame: [56, 100, 32, 44]}
        """, flags: ["bold"], messages: ["'bold' and 'italic' are 8 pt apart"]),
        // With a pointer, the highlight drops between any two neighbours.
        RuleExample("""
        input: pointer
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: left, type: button, frame: [16, 100, 175, 120]}
            - {id: right, type: button, frame: [199, 100, 175, 120]}
        """, flags: ["left"], messages: ["'left' and 'right' are 8 pt apart and nothing answers between them: the pointer there hits nothing"]),
    ]
}
