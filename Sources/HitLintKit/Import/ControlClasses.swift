/// What a captured view's class says about it: a target (a control), a view
/// that ignores touches by default (UIKit's labels and image views), a scroll
/// container whose scroll offset the capture does not record, or none of these.
/// Captures name classes, not behaviour, so this goes by class name: the
/// platform's own widgets by name, and custom subclasses by the suffix their
/// authors nearly always keep (`PrimaryButton`, `AvatarImageView`).
/// Sources for each list: Docs/importers.md.
enum ViewRole {
    case target, passive, scrollContainer, plain
}

enum ControlClasses {
    /// `com.google.android.material.button.MaterialButton` → `MaterialButton`,
    /// `TabLayout$TabView` → `TabView`, `DropdownButton<String>` → `DropdownButton`.
    static func simpleName(_ className: String) -> Substring {
        var name = Substring(className)
        if let generic = name.firstIndex(of: "<") { name = name[..<generic] }
        if let separator = name.lastIndex(where: { $0 == "." || $0 == "$" }) {
            name = name[name.index(after: separator)...]
        }
        return name
    }

    // MARK: UIKit (sentry-cocoa: `type` is the unqualified Swift/Objective-C class name)

    /// UIControl subclasses (UIButton, UISwitch, UISlider, UIStepper,
    /// UISegmentedControl, UIPageControl, UITextField), bar buttons
    /// (`UITabBarButton`, `_UIButtonBarButton`, `UINavigationButton`), text views
    /// and table / collection cells, by suffix.
    static let uikitTargetSuffixes = ["Button", "Control", "Switch", "Slider", "Stepper", "TextField", "TextView", "Cell"]
    /// UILabel and UIImageView have `isUserInteractionEnabled == false` by default.
    static let uikitPassiveSuffixes = ["Label", "ImageView"]
    static let uikitScrollSuffixes = ["ScrollView", "TableView", "CollectionView"]

    static func uikitRole(_ className: String) -> ViewRole {
        let name = simpleName(className)
        if uikitScrollSuffixes.contains(where: name.hasSuffix) { return .scrollContainer }
        if uikitTargetSuffixes.contains(where: name.hasSuffix) { return .target }
        if uikitPassiveSuffixes.contains(where: name.hasSuffix) { return .passive }
        return .plain
    }

    /// Windows UIKit puts in `UIApplication.windows` for the keyboard, text
    /// effects and the status bar: they lie over the app and pass touches through.
    static func isUIKitSystemWindow(_ className: String) -> Bool {
        let name = simpleName(className)
        guard name.hasSuffix("Window") else { return false }
        return name.contains("Keyboard") || name.contains("TextEffects") || name.contains("StatusBar")
            || name.hasPrefix("_UI")
    }

    /// Private UIKit parts of a control (`_UIModernBarButton` inside
    /// `_UIButtonBarButton`): part of the control around them, not targets of their own.
    static func isUIKitPrivatePart(_ className: String) -> Bool {
        simpleName(className).hasPrefix("_")
    }

    /// Views a user reads as "the screen behind is inactive" rather than as a
    /// transparent pane: the dimming view behind sheets and alerts.
    static func isUIKitDimmingView(_ className: String) -> Bool {
        simpleName(className) == "UIDimmingView"
    }

    // MARK: Android views (sentry-java: `type` is the canonical class name)

    /// android.widget and Material / AppCompat widgets that take taps: Button,
    /// ImageButton, RadioButton, ToggleButton, CompoundButton, MaterialButton,
    /// FloatingActionButton, CheckBox, Switch, SwitchCompat, SwitchMaterial,
    /// EditText (and TextInputEditText), AutoCompleteTextView, CheckedTextView,
    /// SeekBar, Slider, Spinner, Chip, RatingBar, toolbar `ActionMenuItemView`,
    /// bottom-navigation `…ItemView`, and tabs (`TabLayout.TabView`).
    static let androidTargetSuffixes = [
        "Button", "CheckBox", "Switch", "SwitchCompat", "SwitchMaterial", "EditText", "AutoCompleteTextView",
        "CheckedTextView", "SeekBar", "Slider", "Spinner", "Chip", "RatingBar", "ActionMenuItemView", "ItemView",
        "TabView",
    ]
    /// ScrollView, HorizontalScrollView, NestedScrollView move their content by
    /// scrollX / scrollY, which the capture does not record. (RecyclerView and
    /// ListView lay their children out where they are shown.)
    static let androidScrollSuffixes = ["ScrollView"]

    static func androidRole(_ className: String) -> ViewRole {
        let name = simpleName(className)
        if androidScrollSuffixes.contains(where: name.hasSuffix) { return .scrollContainer }
        if androidTargetSuffixes.contains(where: name.hasSuffix) { return .target }
        return .plain
    }

    /// The decor view's system-bar backgrounds, drawn over the app's edges.
    static func isAndroidSystemBar(_ identifier: Substring) -> Bool {
        identifier == "statusBarBackground" || identifier == "navigationBarBackground"
    }

    /// Packages whose windows are the system UI or an input method (DroidBot
    /// records every window on the screen, not only the app's).
    static func isAndroidSystemPackage(_ package: String) -> Bool {
        if package == "com.android.systemui" { return true }
        let lower = package.lowercased()
        return lower.contains("inputmethod") || lower.contains("keyboard") || lower.contains("honeyboard")
            || lower.contains("swiftkey")
    }

    // MARK: Flutter (sentry-dart: `type` is the widget's runtimeType)

    /// Material and Cupertino widgets that take taps, and the gesture widgets
    /// they are built from; anything named `…Button` too.
    static let flutterTargets: Set<Substring> = [
        "InkWell", "InkResponse", "GestureDetector", "Checkbox", "CheckboxListTile", "Switch", "SwitchListTile",
        "Radio", "RadioListTile", "Slider", "RangeSlider", "CupertinoSwitch", "CupertinoSlider", "TextField",
        "TextFormField", "CupertinoTextField", "DropdownButtonFormField", "ActionChip", "ChoiceChip", "FilterChip",
        "InputChip", "Tab", "NavigationDestination",
    ]

    static func flutterRole(_ className: String) -> ViewRole {
        let name = simpleName(className)
        if flutterTargets.contains(name) || name.hasSuffix("Button") { return .target }
        return .plain
    }
}
