/// `TargetSizeRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension TargetSizeRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: play, type: button, frame: [20, 20, 30, 30]}
        """, flags: ["play"], messages: ["'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios)"],
            fixed: """
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: play, type: button, frame: [20, 20, 30, 30], hitInsets: -7}
        """),
        // A 20×20 icon with a 12 pt slop on every side reaches 44×44.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: close, type: button, frame: [20, 20, 20, 20], hitSlop: 12}
        """),
        // 44 pt fails a 7 mm minimum (44.92 pt at 163 ppi).
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: ok, type: button, frame: [20, 20, 44, 44]}
        """, flags: ["ok"], messages: ["minimum is 44.92×44.92 pt (7 mm)"], arguments: ["--min-size", "7mm"]),
        // A transparent 44×44 button around a 20×20 image is fine.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: like
              type: button
              frame: [100, 100, 44, 44]
              children:
                - {id: heart, type: imageView, frame: [12, 12, 20, 20]}
        """),
        // Android: 48 dp.
        RuleExample("""
        platform: android
        root:
          frame: [0, 0, 360, 640]
          children:
            - {id: menu, type: button, frame: [16, 16, 44, 44]}
        """, flags: ["menu"], messages: ["minimum is 48×48 dp (android)"]),
        // WCAG 2.2 AA spacing exception: a lone 16×16 link passes.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: help, type: link, frame: [100, 100, 16, 16]}
        """),
        // … but not 2 px from a button: the 24 px circle around it reaches the button.
        RuleExample("""
        platform: web
        units: px
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: help, type: link, frame: [100, 100, 16, 16]}
            - {id: save, type: button, frame: [118, 96, 80, 24]}
        """, flags: ["help"], messages: ["'help' is reachable on 16×16 px; minimum is 24×24 px (wcag-aa)"]),
        // A button that no pointer reaches (all under a view in front) is no target to keep clear of.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: help, type: link, frame: [100, 100, 16, 16]}
            - {id: save, type: button, frame: [118, 96, 80, 24]}
            - {id: glass, frame: [118, 90, 90, 40]}
        """),
        // Nor is one clipped away by its container (`overflow: hidden`).
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: help, type: link, frame: [100, 100, 16, 16]}
            - id: drawer
              clipsToBounds: true
              frame: [300, 0, 200, 600]
              children:
                - {id: close, type: button, frame: [-182, 96, 40, 24]}
        """),
        // Nor, on the web, a disabled control: it accepts no pointer action (and is not checked).
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: help, type: link, frame: [100, 100, 16, 16]}
            - {id: submit, type: button, enabled: false, frame: [118, 96, 80, 24]}
            - {id: clear, type: button, enabled: false, frame: [100, 130, 16, 16]}
        """),
        // The circle must miss the neighbour's reachable region, not its frame: the
        // part of 'banner' next to 'help' is under 'toast', which takes the pointer there.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: help, type: link, frame: [96, 100, 16, 16]}
            - {id: banner, type: button, frame: [112, 96, 200, 24]}
            - {id: toast, frame: [112, 80, 40, 60]}
        """),
        // A link that fills its button leaves the button no region: nothing to keep clear of.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - id: tag
              type: button
              frame: [100, 100, 20, 20]
              children:
                - {id: tag-link, type: link, frame: [0, 0, 20, 20]}
        """),
        // The circle is centred on what the pointer reaches of 'more' (15 px of it
        // shows in 'strip'), not on its frame: 11.5 px from 'back'.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: back, type: button, frame: [60, 100, 40, 40]}
            - id: strip
              clipsToBounds: true
              frame: [104, 100, 15, 40]
              children:
                - {id: more, type: link, frame: [0, 12, 30, 16]}
        """, flags: ["more"], messages: ["'more' is reachable on 15×16 px (its hit area is cut by 'strip'); minimum is 24×24 px (wcag-aa)"]),
        // So is a neighbour's: 'badge' covers most of 'next', whose circle, centred on
        // the 12 px left of it, is 18 px from the centre of 'prev'.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: prev, type: link, frame: [100, 100, 16, 16]}
            - {id: next, type: link, frame: [120, 100, 40, 16]}
            - {id: badge, frame: [132, 96, 40, 24]}
        """, flags: ["prev", "next"]),
        // 23.9 px touching a button: 11.95 px from the centre to the button is not 12.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: tag, type: link, frame: [100, 100, 23.9, 23.9]}
            - {id: buy, type: button, frame: [123.9, 100, 80, 40]}
        """, flags: ["tag"], messages: ["'tag' is reachable on 23.9×23.9 px; minimum is 24×24 px (wcag-aa)"]),
        // 23.96 px is not 24 px.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: tag, type: link, frame: [100, 100, 23.96, 23.96]}
            - {id: buy, type: button, frame: [123.96, 100, 80, 40]}
        """, flags: ["tag"], messages: ["'tag' is reachable on 23.96×23.96 px; minimum is 24×24 px (wcag-aa)"]),
        // Floating-point noise is not a shortfall: 9 mm converted to points is 9 mm.
        RuleExample("""
        units: mm
        root:
          frame: [0, 0, 60, 130]
          children:
            - {id: ok, type: button, frame: [10, 10, 9, 9]}
        """, arguments: ["--min-size", "9mm"]),
        // Footnote links in a sentence: WCAG's inline exception (a target in a `text`
        // node is inline, or one that says `inline: true`).
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - id: paragraph
              type: text
              frame: [20, 100, 360, 40]
              children:
                - {id: note1, type: link, frame: [120, 0, 16, 18]}
                - {id: note2, type: link, frame: [140, 0, 16, 18]}
            - {id: source, type: link, frame: [20, 200, 16, 18], inline: true}
            - {id: share, type: button, frame: [38, 190, 80, 40]}
        """),
        // `inline: false`: a link in a caption that is a control of its own; the inline
        // link beside it is still an undersized target whose circle it must miss.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - id: caption
              type: text
              frame: [20, 100, 360, 40]
              children:
                - {id: edit, type: link, frame: [0, 0, 16, 18], inline: false}
                - {id: more, type: link, frame: [20, 0, 16, 18]}
        """, flags: ["edit"]),
        // On the web a rounded button is hit only inside its curve: two round 24 px
        // buttons hold no 24×24 square, and 22 px apart their circles meet.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: mute, type: button, frame: [100, 100, 24, 24], cornerRadius: 12}
            - {id: camera, type: button, frame: [122, 100, 24, 24], cornerRadius: 12}
        """, flags: ["mute", "camera"]),
        // 24 px apart they pass (the circles only touch).
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - {id: mute, type: button, frame: [100, 100, 24, 24], cornerRadius: 12}
            - {id: camera, type: button, frame: [124, 100, 24, 24], cornerRadius: 12}
        """),
        // UIKit hit-tests the whole rectangle of a rounded view.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: record, type: button, frame: [100, 700, 44, 44], cornerRadius: 22}
        """),
        // Android: the ⋮ overflow button at the screen's edge needs 32 dp across (ATF).
        RuleExample("""
        platform: android
        root:
          frame: [0, 0, 360, 640]
          children:
            - {id: more, type: button, frame: [320, 24, 40, 48]}
        """),
        // … but 48 dp in the other dimension.
        RuleExample("""
        platform: android
        root:
          frame: [0, 0, 360, 640]
          children:
            - {id: more, type: button, frame: [320, 24, 40, 40]}
        """, flags: ["more"], messages: ["'more' is reachable on 40×40 dp; minimum is 32×48 dp (android, at the screen's edge)"]),
        // A row partly scrolled out at the bottom of a list: its size is the scroll position's,
        // so it is not checked, and a note (info) says how many were not.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: list
              scrollable: true
              frame: [0, 100, 390, 400]
              children:
                - {id: row, type: cell, frame: [0, 380, 390, 60]}
        """, flags: ["row"], messages: ["1 target is too small as shown but not checked: partly scrolled out at the edge of a scrolling container ('list')"]),
        // A toolbar that listens for taps around its two buttons is a group, not a 390×2 target.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: toolbar
              interactive: true
              frame: [0, 780, 390, 50]
              children:
                - {id: left, type: button, frame: [0, 0, 195, 48]}
                - {id: right, type: button, frame: [195, 0, 195, 48]}
        """),
        // A small button in a settings row: the row may take the touch, so a warning that says so.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: wifi-row
              type: cell
              frame: [0, 100, 390, 60]
              children:
                - {id: wifi-info, type: button, frame: [330, 18, 24, 24]}
        """, flags: ["wifi-info"], messages: ["'wifi-info' is reachable on 24×24 pt; minimum is 44×44 pt (ios); 'wifi-row' around it may take the touch"]),
        // UIKit sizes a switch itself (51×31 pt, whatever frame it is given): held to that size.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: wifi, type: switch, frame: [320, 114, 51, 31]}
            - {id: quality, type: segmentedControl, frame: [20, 200, 350, 32]}
        """),
        // A segmented control squeezed below its own height by its layout: that the developer can change.
        RuleExample("""
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: speed, type: segmentedControl, frame: [20, 200, 350, 24]}
        """, flags: ["speed"], messages: ["'speed' is reachable on 350×24 pt; minimum is 44×28 pt (ios, UISegmentedControl's own height)"]),
        // WCAG (the web's default profile) applies SC 2.5.8 as its text reads:
        // the card is a target where its link leaves it, a 200×10 px strip whose
        // circle reaches the link.
        RuleExample("""
        platform: web
        root:
          frame: [0, 0, 800, 600]
          children:
            - id: card
              type: button
              frame: [100, 100, 200, 34]
              children:
                - {id: title, type: link, frame: [0, 0, 200, 24]}
        """, flags: ["card"], messages: ["'card' is reachable on 200×10 px (part of it goes to 'title'); minimum is 24×24 px (wcag-aa)"]),
    ]
}
