/// What an Interface Builder document says about itself: which framework it
/// is for (its root `<document type=…>`) and the device it is laid out for
/// (`<device id=… orientation=…>`).
enum InterfaceBuilderDocument {
    /// The frameworks an IB document can be written for.
    enum Family: Equatable {
        /// UIKit: iOS and iPadOS (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`,
        /// `….CocoaTouch.Storyboard.XIB`), and tvOS (`com.apple.InterfaceBuilder.AppleTV.XIB`,
        /// `….AppleTV.Storyboard`), which is UIKit too.
        case uiKit(tvOS: Bool)
        /// AppKit (`com.apple.InterfaceBuilder3.Cocoa.XIB`, `….Cocoa.Storyboard.XIB`)
        /// or WatchKit (`com.apple.InterfaceBuilder.WatchKit.Storyboard`):
        /// not hit-tested the UIKit way, and not read.
        case other(String)
    }

    /// `.uiKit` or `.other` for an IB document; nil for any other XML.
    static func family(of document: Document) -> Family? {
        guard document.isXMLElement(0), document.stringEquals(1, "document"),
              let type = attribute(0, "type", in: document).flatMap({ document.string($0) }),
              type.hasPrefix("com.apple.InterfaceBuilder") else { return nil }
        if type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch.") { return .uiKit(tvOS: false) }
        if type.hasPrefix("com.apple.InterfaceBuilder.AppleTV.") { return .uiKit(tvOS: true) }
        if type.hasPrefix("com.apple.InterfaceBuilder3.Cocoa.") { return .other("AppKit (macOS)") }
        if type.hasPrefix("com.apple.InterfaceBuilder.WatchKit.") { return .other("WatchKit (watchOS)") }
        return .other("'\(type.count > 60 ? String(type.prefix(60)) + "…" : type)'")
    }

    static func kind(of document: Document) -> Kind {
        switch family(of: document) {
        case .uiKit: return .uiKit
        case .other: return .other
        case nil: return .none
        }
    }

    enum Kind { case uiKit, other, none }

    /// The value entry of an element's attribute, or nil.
    static func attribute(_ element: Int, _ name: StaticString, in document: Document) -> Int? {
        guard document.isXMLElement(element) else { return nil }
        var member = element + 3
        let end = document.next(element + 2)
        while member < end {
            if document.stringEquals(member, name) { return member + 1 }
            member = document.next(member + 1)
        }
        return nil
    }

    /// A device Interface Builder lays a document out for: its screen in
    /// points, portrait, and the ppi class it belongs to (`Device`).
    struct Screen: Equatable {
        var name: String
        var width: Double
        var height: Double
        var isPad: Bool
    }

    /// Interface Builder's device ids (`<device id="retina6_12">`) and the
    /// screens they stand for, in points, portrait. Used only for a scene
    /// whose root view has no saved frame, and to say in a note what the file
    /// was laid out for: a root view's saved frame is what IB worked out for
    /// the device, orientation, freeform size and simulated bars. Each id is
    /// matched with the root view frames Xcode saves beside it in real
    /// storyboards where one was found, else with Apple's published screen
    /// size for the device Xcode names (Docs/importers.md lists which is which).
    static let screens: [String: Screen] = [
        "retina3_5": Screen(name: "iPhone 4s", width: 320, height: 480, isPad: false),
        "retina4_0": Screen(name: "iPhone SE (1st generation)", width: 320, height: 568, isPad: false),
        "retina4_7": Screen(name: "iPhone SE (3rd generation)", width: 375, height: 667, isPad: false),
        "retina5_5": Screen(name: "iPhone 8 Plus", width: 414, height: 736, isPad: false),
        "retina5_9": Screen(name: "iPhone 11 Pro", width: 375, height: 812, isPad: false),
        "retina5_4": Screen(name: "iPhone 13 mini", width: 375, height: 812, isPad: false),
        "retina6_1": Screen(name: "iPhone 11", width: 414, height: 896, isPad: false),
        "retina6_5": Screen(name: "iPhone 11 Pro Max", width: 414, height: 896, isPad: false),
        "retina6_0": Screen(name: "iPhone 13", width: 390, height: 844, isPad: false),
        "retina6_7": Screen(name: "iPhone 13 Pro Max", width: 428, height: 926, isPad: false),
        "retina6_12": Screen(name: "iPhone 15", width: 393, height: 852, isPad: false),
        "retina6_72": Screen(name: "iPhone 15 Pro Max", width: 430, height: 932, isPad: false),
        "retina6_3": Screen(name: "iPhone 16 Pro", width: 402, height: 874, isPad: false),
        "retina6_9": Screen(name: "iPhone 16 Pro Max", width: 440, height: 956, isPad: false),
        "ipad9_7": Screen(name: "iPad (9.7-inch)", width: 768, height: 1024, isPad: true),
        "ipad7_9": Screen(name: "iPad mini (7.9-inch)", width: 768, height: 1024, isPad: true),
        "ipad8_3": Screen(name: "iPad mini (8.3-inch)", width: 744, height: 1133, isPad: true),
        "ipad10_2": Screen(name: "iPad (10.2-inch)", width: 810, height: 1080, isPad: true),
        "ipad10_5": Screen(name: "iPad Pro (10.5-inch)", width: 834, height: 1112, isPad: true),
        "ipad10_9rounded": Screen(name: "iPad Air (10.9-inch)", width: 820, height: 1180, isPad: true),
        "ipad11_0rounded": Screen(name: "iPad Pro (11-inch)", width: 834, height: 1194, isPad: true),
        "ipad12_9": Screen(name: "iPad Pro (12.9-inch)", width: 1024, height: 1366, isPad: true),
        "ipad12_9rounded": Screen(name: "iPad Pro (12.9-inch)", width: 1024, height: 1366, isPad: true),
    ]
}
