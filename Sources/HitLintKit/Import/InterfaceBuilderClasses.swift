/// What Interface Builder's element names say about a view: which are UIKit
/// controls, which scroll, which hold cells, and the class each stands for.
/// An element name is the class IB instantiates (a `customClass` attribute
/// names a subclass of it), so a `<button>` is a `UIButton` whatever its
/// custom class: a control the file proves, not a guess from a name.
enum InterfaceBuilderClasses {
    /// UIKit controls: `UIControl` subclasses that track touches themselves
    /// (`UIButton`, `UISwitch`, …), and the search bar, whose text field is one.
    /// A text view is a control only when it is editable (`editable` is not NO).
    static let controls: Set<String> = [
        "button", "switch", "slider", "stepper", "segmentedControl", "textField", "pageControl", "datePicker",
        "searchBar", "colorWell",
    ]

    /// Views that scroll their content: a view cut by their edge is partly scrolled out.
    static let scrolling: Set<String> = ["scrollView", "tableView", "collectionView", "textView", "wkWebView", "webView"]

    /// Cells: what a table or collection view shows one of per row or item.
    static let cells: Set<String> = ["tableViewCell", "collectionViewCell"]

    /// Bars whose items (`<barButtonItem>`, `<tabBarItem>`) have no frame in the file.
    static let bars: Set<String> = ["navigationBar", "toolbar", "tabBar"]

    /// The items of bars: no frame is saved for them, so they are not checked.
    static let barItems: Set<String> = ["barButtonItem", "tabBarItem"]

    /// The keys under which a view holds a child view outside `<subviews>`.
    /// `selectedBackgroundView` and `multipleSelectionBackgroundView` show only
    /// while a cell is selected, so they are not read.
    static let childViewKeys: Set<String> = [
        "contentView", "backgroundView", "tableHeaderView", "tableFooterView", "sectionHeaderView", "sectionFooterView",
    ]

    /// Every element name that stands for a view (UIKit's and MapKit's,
    /// SceneKit's, SpriteKit's, WebKit's views IB can place). Anything else
    /// inside `<subviews>` is read as a plain view, with a note.
    static let views: Set<String> = controls.union(scrolling).union(cells).union(bars).union([
        "view", "label", "imageView", "stackView", "tableViewCellContentView", "collectionReusableView",
        "activityIndicatorView", "progressView", "pickerView", "visualEffectView", "mapView", "containerView",
        "glkView", "sceneKitView", "skView", "mtkView", "arscnView", "arskView", "arView", "datePicker",
        "tableViewHeaderFooterView",
    ])

    /// Elements whose `key="view"` child is the root view of a scene: a view
    /// controller of any kind (`viewController`, `tableViewController`, …).
    static func isController(_ name: String) -> Bool {
        name.hasSuffix("ViewController") || name == "viewController" || name.hasSuffix("Controller")
    }

    /// The class a developer sees in Xcode's document outline for an element
    /// name: `button` → `UIButton`; MapKit's, WebKit's and the rest keep their own prefix.
    static func className(_ element: String) -> String {
        switch element {
        case "tableViewCellContentView": return "Content View"
        case "wkWebView": return "WKWebView"
        case "mapView": return "MKMapView"
        case "sceneKitView": return "SCNView"
        case "skView": return "SKView"
        case "mtkView": return "MTKView"
        case "glkView": return "GLKView"
        case "arscnView": return "ARSCNView"
        case "arskView": return "ARSKView"
        case "arView": return "ARView"
        case "containerView": return "Container View"
        default:
            guard let first = element.first else { return "UIView" }
            return "UI" + first.uppercased() + element.dropFirst()
        }
    }
}
