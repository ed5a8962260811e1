/// UIKit controls whose size UIKit sets, in a dimension the developer cannot
/// change: `target-size` holds them to that size there, not to the
/// guideline's minimum (the rule's rationale says why).
///
/// The sizes are the least UIKit has given each control since iOS 7, as
/// Interface Builder saves them: a `UISwitch` is 51×31 pt whatever frame it is
/// given (UIKit ignores the size: `UISwitch.init(frame:)`); a `UIStepper` 94×29
/// (94×32 since iOS 13); a `UISlider` 30 or 31 pt tall, its thumb 28; a
/// `UISegmentedControl` 28 or 29 pt tall (32 since iOS 13); a text field with
/// the rounded-rect border 30 pt tall (34 since Xcode 8).
struct SystemControlSize {
    /// The fixed width and height (nil where the developer sets it).
    var width: Double?
    var height: Double?
    /// The UIKit class, for messages.
    var control: String

    /// The system size of a node of a UIKit layout, from its type (a hitlint
    /// `type`, or an Interface Builder element name: both are UIKit's names),
    /// or nil. A text field counts only with the rounded-rect border, which
    /// draws the field at its system height; another field draws what its
    /// developer gives it.
    static func of(_ node: Int, in layout: Layout) -> SystemControlSize? {
        guard layout.platform == .uikit, !layout.nodes[node].isWebContent else { return nil }
        switch layout.type(of: node).lowercased() {
        case "switch": return SystemControlSize(width: 51, height: 31, control: "UISwitch")
        case "stepper": return SystemControlSize(width: 94, height: 29, control: "UIStepper")
        case "slider": return SystemControlSize(width: nil, height: 30, control: "UISlider")
        case "segmentedcontrol": return SystemControlSize(width: nil, height: 28, control: "UISegmentedControl")
        case "textfield":
            let source = layout.nodeSource(of: node)
            guard let style = source.member("borderStyle"), source.document.stringEquals(style.value, "roundedRect") else { return nil }
            return SystemControlSize(width: nil, height: 30, control: "UITextField")
        default: return nil
        }
    }

    /// The required width and height lowered to this control's own size.
    func lowering(_ required: (width: Double, height: Double)) -> (width: Double, height: Double) {
        (min(required.width, width ?? .infinity), min(required.height, height ?? .infinity))
    }

    /// "UISwitch's own size", "UISegmentedControl's own height", for the minimum's words.
    var words: String {
        switch (width, height) {
        case (.some, .some): return "\(control)'s own size"
        case (.some, nil): return "\(control)'s own width"
        default: return "\(control)'s own height"
        }
    }
}
