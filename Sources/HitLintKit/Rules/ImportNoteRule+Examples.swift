/// `ImportNoteRule`'s examples: layouts that must trigger it (with the nodes and
/// messages), layouts that must not, and before/after fixes. The generic
/// example test, `hitlint explain` and the docs read them.
extension ImportNoteRule {
    static let examples: [RuleExample] = [
        RuleExample("""
        rendering_system: android_view_system
        windows:
          - {type: com.android.internal.policy.DecorView, x: 0, y: 0, width: 1080, height: 2400}
        """, flags: ["<file>"], messages: ["assuming 2.625 px per dp (420 dpi); pass --scale to set it"]),
        RuleExample("""
        rendering_system: UIKIT
        windows:
          - type: UIWindow
            x: 0
            y: 0
            width: 390
            height: 844
            children:
              - {type: UIButton, identifier: done, x: 16, y: 60, width: 80, height: 44}
        """),
        RuleExample("""
        rendering_system: UIKIT
        windows:
          - type: UIWindow
            width: 390
            height: 844
            children:
              - {type: UIView, x: 0, y: 0}
          - {type: UITextEffectsWindow, x: 0, y: 0, width: 390, height: 844}
        """, flags: ["<file>", "UITextEffectsWindow"], messages: [
            "view has no usable x, y, width and height", "skipped the system window 'UITextEffectsWindow'",
        ], arguments: ["--from", "sentry"]),
        RuleExample("""
        views:
          - {temp_id: 0, parent: -1, children: [1, 2], class: android.widget.FrameLayout, bounds: [[0, 0], [1080, 2400]]}
          - {temp_id: 1, parent: 0, children: [], class: android.widget.Button, resource_id: "app:id/ok", bounds: [[0, 0], [300, 150]], clickable: true}
          - {temp_id: 2, parent: 0, children: [], class: android.widget.Button, resource_id: "app:id/ok", bounds: [[300, 0], [600, 150]], clickable: true}
        width: 1080
        height: 2400
        density: 420
        """, flags: ["<file>"], messages: ["1 view repeats an id already used ('ok' ×2)"]),
    ]
}
