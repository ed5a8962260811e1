/// What a captured view's class says about it: a target (a control), a view
/// that ignores touches by default (UIKit's labels and image views), a scroll
/// container whose scroll offset the capture does not record, or none of these.
/// Captures name classes, not behaviour, so this goes by class name: the
/// platform's own widgets by name, and custom subclasses by the suffix their
/// authors nearly always keep (`PrimaryButton`, `AvatarImageView`).
/// Sources for each list: Docs/importers.md.
enum ViewRole {
    case target, passive, scrollContainer, plain
    /// Clips what is inside it to its bounds (Flutter's `ClipRect` family).
    case clip
    /// Takes every touch over what is behind it when it covers the screen
    /// (Flutter's `ModalBarrier`, UIKit's `UIDimmingView`).
    case barrier
}

enum ControlClasses {
    /// `com.google.android.material.button.MaterialButton` → `MaterialButton`,
    /// `TabLayout$TabView` → `TabView`, `DropdownButton<String>` → `DropdownButton`.
    static func simpleName(_ className: String) -> Substring {
        // On UTF-8 code units: class names are ASCII, and Character-wise
        // scanning costs more than the rest of the import.
        let utf8 = className.utf8
        var end = utf8.endIndex
        if let generic = utf8.firstIndex(of: UInt8(ascii: "<")) { end = generic }
        var start = utf8.startIndex
        if let separator = utf8[..<end].lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "$") }) {
            start = utf8.index(after: separator)
        }
        return className[start..<end]
    }

    /// A resource id's entry name: `title` of `com.example:id/title` (the id as
    /// it is when it has no `:id/`). On UTF-8 code units, as `simpleName`.
    static func entryName(_ id: String) -> Substring {
        let utf8 = id.utf8
        let marker: [UInt8] = Array(":id/".utf8)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == marker[0], utf8[index...].starts(with: marker) {
                return id[utf8.index(index, offsetBy: marker.count)...]
            }
            index = utf8.index(after: index)
        }
        return Substring(id)
    }

    /// Everything the importers ask about one class, worked out once per class
    /// name in a file (captures repeat a few dozen classes thousands of times).
    struct ClassInfo {
        var role: ViewRole
        var simpleName: String
        /// UIKit: a private part of the control around it (`_UIModernBarButton`
        /// inside `_UIButtonBarButton`), not a target of its own.
        var isPrivatePart: Bool
        /// Flutter: a gesture widget (`InkWell`, `InkResponse`,
        /// `GestureDetector`), which inside a control is the part of it that
        /// hears the tap, not a target of its own.
        var isGestureWidget: Bool
        /// Scrolls its content (`ControlClasses.scrollingSuffixes`).
        var isScrolling: Bool
    }

    struct Cache {
        private var infos: [String: ClassInfo] = [:]
        let role: (String) -> ViewRole

        init(role: @escaping (String) -> ViewRole) {
            self.role = role
        }

        mutating func info(_ className: String) -> ClassInfo {
            if let known = infos[className] { return known }
            let simple = ControlClasses.simpleName(className)
            let info = ClassInfo(role: role(className), simpleName: String(simple),
                                 isPrivatePart: simple.utf8.first == UInt8(ascii: "_"),
                                 isGestureWidget: ControlClasses.flutterGestureWidgets.contains(simple),
                                 isScrolling: ControlClasses.scrollingSuffixes.contains { simple.hasSuffix($0.description) })
            infos[className] = info
            return info
        }
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

    /// UIKit's private controls that take no tap unless the app sets them up:
    /// the navigation bar's title control (iOS 16) answers only when the
    /// navigation item has a title menu, which the capture does not say.
    static let uikitInertControls: Set<Substring> = ["_UINavigationBarTitleControl"]

    static func uikitRole(_ className: String) -> ViewRole {
        let name = simpleName(className)
        if name == "UIDimmingView" { return .barrier }
        if uikitInertControls.contains(name) { return .plain }
        if uikitScrollSuffixes.contains(where: name.hasSuffix) { return .scrollContainer }
        if uikitTargetSuffixes.contains(where: name.hasSuffix) { return .target }
        if uikitPassiveSuffixes.contains(where: name.hasSuffix) { return .passive }
        return .plain
    }

    static func role(_ className: String, system: SentryImporter.System) -> ViewRole {
        switch system {
        case .uikit: return uikitRole(className)
        case .androidView: return androidRole(className)
        case .flutter: return flutterRole(className)
        }
    }

    /// Windows UIKit puts in `UIApplication.windows` for the keyboard, text
    /// effects and the status bar: they lie over the app and pass touches through.
    static func isUIKitSystemWindow(_ className: String) -> Bool {
        let name = simpleName(className)
        guard name.hasSuffix("Window") else { return false }
        return name.contains("Keyboard") || name.contains("TextEffects") || name.contains("StatusBar")
            || name.hasPrefix("_UI")
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

    /// Android's WebView (and subclasses that keep the name) and Firefox's
    /// GeckoView: what is inside them is a web page's DOM.
    static func isWebView(_ className: String) -> Bool {
        let name = simpleName(className)
        return name.hasSuffix("WebView") || name.hasSuffix("GeckoView")
    }

    /// `androidx.drawerlayout.widget.DrawerLayout` and the like: its first
    /// child is the content, later ones are drawers.
    static func isDrawerLayout(_ className: String) -> Bool {
        simpleName(className).hasSuffix("DrawerLayout")
    }

    /// Views that scroll their content, by the end of their class name: every
    /// UIKit and Android scroll container, RecyclerView, ListView, GridView and
    /// ViewPager, Flutter's `Scrollable` and the widgets built on it.
    static let scrollingSuffixes: [StaticString] = ["ScrollView", "TableView", "CollectionView", "RecyclerView", "ListView",
                                                    "GridView", "ViewPager", "ViewPager2", "Scrollable", "PageView"]

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

    static let flutterGestureWidgets: Set<Substring> = ["InkWell", "InkResponse", "GestureDetector"]

    /// Widgets that clip what they paint to their bounds.
    static let flutterClips: Set<Substring> = ["ClipRect", "ClipRRect", "ClipOval", "ClipPath"]

    static func flutterRole(_ className: String) -> ViewRole {
        let name = simpleName(className)
        if flutterTargets.contains(name) || name.hasSuffix("Button") { return .target }
        if flutterClips.contains(name) { return .clip }
        if name == "ModalBarrier" { return .barrier }
        return .plain
    }
}
