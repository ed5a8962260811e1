/// `UnreachableTargetRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension UnreachableTargetRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: hero
              type: imageView
              frame: [0, 0, 390, 300]
              children:
                - {id: play, type: button, frame: [170, 125, 50, 50]}
        """, flags: ["play"], messages: ["'play' is inside 'hero' (imageView), which ignores touches (userInteractionEnabled is false by default for imageView): no touch reaches it"]),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: hero
              type: imageView
              userInteractionEnabled: true
              frame: [0, 0, 390, 300]
              children:
                - {id: play, type: button, frame: [170, 125, 50, 50]}
        """),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: bar
              frame: [0, 0, 390, 44]
              children:
                - {id: help, type: button, frame: [0, 50, 44, 44]}
        """, flags: ["help"], messages: ["'help' lies entirely outside the hit region of 'bar': no touch reaches it"]),
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: save, type: button, frame: [20, 20, 100, 44]}
            - {id: glass, frame: [0, 0, 390, 844]}
        """, flags: ["save"], messages: ["'save' is entirely covered by 'glass', which swallows every touch"]),
        // A layout file says what is in front: a button a little larger laid
        // over a link takes its every click (only a capture's clickable "touch
        // area" over the control it enlarges is that control's hit area).
        RuleExample("""
        platform: web
        units: px
        root:
          frame: [0, 0, 400, 300]
          children:
            - {id: more, type: link, frame: [20, 20, 60, 20]}
            - {id: card, type: button, frame: [10, 10, 80, 40]}
        """, flags: ["more"], messages: ["'more' is entirely covered by 'card', which takes every touch"]),
        // A list that listens for taps, covered by its rows: a group.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: list
              interactive: true
              frame: [0, 100, 390, 120]
              children:
                - {id: first, type: cell, frame: [0, 0, 390, 60]}
                - {id: second, type: cell, frame: [0, 60, 390, 60]}
        """),
    ]
}
