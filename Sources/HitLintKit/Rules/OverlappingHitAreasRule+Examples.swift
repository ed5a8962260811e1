/// `OverlappingHitAreasRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension OverlappingHitAreasRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: prev, type: button, frame: [100, 100, 44, 44], hitInsets: -10}
            - {id: next, type: button, frame: [150, 100, 44, 44], hitInsets: -10}
        """, flags: ["prev"], messages: ["'prev' hit area overlaps 'next', which is in front and takes 14×64 pt of it (22% of 'prev' hit area)"],
            fixed: """
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: prev, type: button, frame: [100, 100, 44, 44], hitInsets: [-10, -10, -10, -3]}
            - {id: next, type: button, frame: [150, 100, 44, 44], hitInsets: [-10, -3, -10, -10]}
        """),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: prev, type: button, frame: [100, 100, 44, 44], hitInsets: [-10, -10, -10, -3]}
            - {id: next, type: button, frame: [150, 100, 44, 44], hitInsets: [-10, -3, -10, -10]}
        """),
        // Buttons 1 pt into each other: rounding, not a stolen touch.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: share, type: button, frame: [300, 40, 45, 44]}
            - {id: add, type: button, frame: [344, 40, 45, 44]}
        """),
        // A button laid on a card: nesting by design.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: card, type: button, frame: [16, 100, 358, 200]}
            - {id: share, type: button, frame: [314, 110, 50, 50]}
        """),
        // … unless it leaves the card too small to hit.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: chip, type: button, frame: [16, 100, 80, 44]}
            - {id: remove, type: button, frame: [76, 100, 20, 44], hitInsets: [0, -24, 0, 0]}
        """, flags: ["chip"], messages: ["'chip' hit area overlaps 'remove', which is in front and takes 44×44 pt of it (55% of 'chip' hit area)"]),
        // Overlapping frames: the one in front is drawn over the other, and takes what it covers.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: avatar, type: button, frame: [16, 100, 60, 60]}
            - {id: badge, type: button, frame: [56, 90, 30, 30]}
        """),
        // A row scrolled under a bar that floats over the list (its slop reaching up into the list).
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: list
              scrollable: true
              frame: [0, 0, 390, 844]
              children:
                - {id: row, type: cell, frame: [0, 760, 390, 60]}
            - {id: tab, type: button, frame: [0, 800, 390, 44], hitInsets: [-20, 0, 0, 0]}
        """),
        // A button inside a cell is nested by design.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: row
              type: cell
              frame: [0, 100, 390, 60]
              children:
                - {id: info, type: button, frame: [330, 8, 44, 44]}
        """),
    ]
}
