/// A UIKit control whose size UIKit sets, in a dimension the developer cannot
/// change: `target-size` holds it to that size there, not to the guideline's
/// minimum, and `dead-gap` does not count it small (the rule's rationale says why).
///
/// The sizes are the least UIKit has given each control since iOS 7, as
/// Interface Builder saves them: a `UISwitch` is 51×31 pt whatever frame it is
/// given (UIKit ignores the size: `UISwitch.init(frame:)`); a `UIStepper` 94×29
/// (94×32 since iOS 13); a `UISlider` 30 or 31 pt tall, its thumb 28; a
/// `UISegmentedControl` 28 or 29 pt tall (32 since iOS 13); a text field with
/// the rounded-rect border 30 pt tall (34 since Xcode 8).
public struct SystemControlSize: Sendable, Equatable {
    /// The fixed width and height (nil where the developer sets it).
    public var width: Double?
    public var height: Double?
    /// The UIKit class, for messages.
    public var control: String

    /// By UIKit's name of the control (a hitlint `type`, or an Interface
    /// Builder element name), any case. A text field is one only with the
    /// rounded-rect border, which draws it at its system height; the importer
    /// that can tell says so (`textField`).
    static func named(_ type: String) -> SystemControlSize? {
        switch type.lowercased() {
        case "switch": return SystemControlSize(width: 51, height: 31, control: "UISwitch")
        case "stepper": return SystemControlSize(width: 94, height: 29, control: "UIStepper")
        case "slider": return SystemControlSize(width: nil, height: 30, control: "UISlider")
        case "segmentedcontrol": return SystemControlSize(width: nil, height: 28, control: "UISegmentedControl")
        default: return nil
        }
    }

    /// A text field with the rounded-rect border.
    static let textField = SystemControlSize(width: nil, height: 30, control: "UITextField")

    /// The required width and height lowered to this control's own size.
    func lowering(_ required: (width: Double, height: Double)) -> (width: Double, height: Double) {
        (min(required.width, width ?? .infinity), min(required.height, height ?? .infinity))
    }

    /// "UISwitch's own size", "UISegmentedControl's own height": why the
    /// minimum is lowered, as the message says it.
    var reason: String {
        switch (width, height) {
        case (.some, .some): return "\(control)'s own size"
        case (.some, nil): return "\(control)'s own width"
        default: return "\(control)'s own height"
        }
    }
}

extension Layout {
    /// The node's system size: a UIKit control UIKit sizes itself, in a
    /// layout hit-tested as UIKit does (nil elsewhere, and for web content).
    func systemControl(of node: Int) -> SystemControlSize? {
        guard platform == .uikit, !systemControls.isEmpty, !nodes[node].isWebContent else { return nil }
        return systemControls[Int32(node)]
    }
}
