import XCTest
@testable import HitLintKit

/// Sentry view-hierarchy attachments from the three SDK families: UIKit
/// (points, relative to the superview), Android views and Compose (pixels,
/// relative to the parent), Flutter (global logical pixels).
final class SentryImporterTests: XCTestCase {
    func testFormatsAreRecognisedByTheirTopLevelKeys() throws {
        for name in ["sentry-uikit-settings.json", "sentry-android-login.json", "sentry-flutter-home.json"] {
            XCTAssertEqual(FileKind.detect(try Captures.document(name)), .sentry, name)
        }
        XCTAssertEqual(FileKind.detect(try Captures.document("droidbot-multiwindow.json")), .droidbot)
        XCTAssertEqual(FileKind.detect(try JSONParser.parse(SourceText(#"{"windows": [], "root": {}}"#))), .hitlint)
        XCTAssertEqual(FileKind.detect(try JSONParser.parse(SourceText(#"{"windows": []}"#))), .unknown,
                       "windows alone is not a Sentry hierarchy")
        XCTAssertEqual(try Captures.lint("sentry-uikit-settings.json").fileKind, .sentry)
    }

    // MARK: UIKit

    func testUIKitFieldMapping() throws {
        let (layout, _) = try Captures.importLayout("sentry-uikit-settings.json")
        XCTAssertEqual(layout.platform, .uikit)
        XCTAssertEqual(layout.units, .pt)
        XCTAssertEqual(layout.type(of: try XCTUnwrap(layout.index(named: "wifi"))), "UISwitch")
        // view_controller marks a root view that paints its background.
        XCTAssertEqual(layout.node(named: "settings")?.isOpaque, true)
        XCTAssertEqual(layout.node(named: "table")?.isOpaque, false)
        XCTAssertEqual(layout.node(named: "hidden-edit")?.isHidden, true, "visible: false is isHidden")
        XCTAssertEqual(layout.index(named: "faded").map { layout.alpha(of: $0) }, 0)
        XCTAssertEqual(layout.node(named: "banner")?.userInteractionEnabled, false, "UIImageView ignores touches by default")
        XCTAssertEqual(layout.node(named: "UILabel")?.userInteractionEnabled, false)
        // Repeated identifiers get told apart in file order.
        XCTAssertNotNil(layout.node(named: "row"))
        XCTAssertNotNil(layout.node(named: "row[2]"))
        // Left out: zero-size leaves, views off the screen (below the fold of the
        // table, or right of the screen), the keyboard and text-effects windows.
        for gone in ["spacer", "offscreen", "below-fold", "UITextEffectsWindow", "UIRemoteKeyboardWindow", "UIInputSetContainerView"] {
            XCTAssertNil(layout.node(named: gone), gone)
        }
        // A zero-size view with children stays: its children cannot be touched in the app either.
        XCTAssertNotNil(layout.node(named: "zero-holder"))
        // A view without a size is left out and its child goes to its parent.
        XCTAssertNil(layout.node(named: "no-size"))
        let pay = try XCTUnwrap(layout.index(named: "pay"))
        XCTAssertEqual(layout.name(of: Int(layout.nodes[pay].parent)), "settings")
        // Pre-order with consistent subtree ends.
        for (index, node) in layout.nodes.enumerated() where node.parent >= 0 {
            XCTAssertTrue(layout.isAncestor(Int(node.parent), of: index))
        }
    }

    func testUIKitFramesAreRelativeToTheSuperviewInPoints() throws {
        let (layout, _) = try Captures.importLayout("sentry-uikit-settings.json")
        // window (0,0) → container (0,0) → settings (0,0) → table (0,91) → cell (0,0) → content (0,0) → switch (325,6)
        layout.assertFrame("wifi", Rect(x: 325, y: 97, width: 51, height: 31))
        layout.assertFrame("row[2]", Rect(x: 0, y: 135, width: 390, height: 44))
        // The bar button sits in the navigation bar at y 47.
        layout.assertFrame("_UIButtonBarButton", Rect(x: 8, y: 47, width: 44, height: 44))
        // A child of a view without a size is placed from that view's x and y.
        layout.assertFrame("pay", Rect(x: 10, y: 760, width: 120, height: 30))
        layout.assertFrame("screen", Rect(x: 0, y: 0, width: 390, height: 844))
    }

    func testUIKitTargetsAreControlsBarButtonsAndCells() throws {
        let (layout, _) = try Captures.importLayout("sentry-uikit-settings.json")
        let targets = Set(layout.nodes.indices.filter { layout.nodes[$0].isTarget }.map(layout.name(of:)))
        XCTAssertEqual(targets, ["row", "row[2]", "row[3]", "wifi", "dismiss-banner", "help", "hidden-edit", "faded", "pay",
                                 "_UIButtonBarButton", "_UIButtonBarButton[2]"])
        // The private part of a bar button is part of it, not a target of its own.
        XCTAssertEqual(layout.node(named: "_UIModernBarButton")?.isTarget, false)
        XCTAssertEqual(ControlClasses.uikitRole("PrimaryButton"), .target)
        XCTAssertEqual(ControlClasses.uikitRole("UISegmentedControl"), .target)
        XCTAssertEqual(ControlClasses.uikitRole("UITabBarButton"), .target)
        XCTAssertEqual(ControlClasses.uikitRole("UISlider"), .target)
        XCTAssertEqual(ControlClasses.uikitRole("UICollectionViewCell"), .target)
        XCTAssertEqual(ControlClasses.uikitRole("UITableViewCellContentView"), .plain)
        XCTAssertEqual(ControlClasses.uikitRole("AvatarImageView"), .passive)
        XCTAssertEqual(ControlClasses.uikitRole("UIButtonLabel"), .passive)
        XCTAssertEqual(ControlClasses.uikitRole("UICollectionView"), .scrollContainer)
        XCTAssertTrue(ControlClasses.isUIKitSystemWindow("UIRemoteKeyboardWindow"))
        XCTAssertFalse(ControlClasses.isUIKitSystemWindow("UIWindow"))
    }

    func testUIKitTargetsPartlyScrolledOutAreNotChecked() throws {
        let (layout, diagnostics) = try Captures.importLayout("sentry-uikit-settings.json")
        // row[3] is at y 580 in a 600 pt table: 24 of its 44 pt are scrolled out.
        XCTAssertEqual(layout.node(named: "row[3]")?.isHidden, true)
        XCTAssertEqual(layout.node(named: "table")?.clipsToBounds, true)
        XCTAssertTrue(diagnostics.contains { $0.message.contains("partly outside the scroll view") })
        let result = try Captures.lint("sentry-uikit-settings.json")
        XCTAssertFalse(result.diagnostics.contains { $0.node == "row[3]" })
    }

    func testUIKitDiagnosticsPointAtTheCapturedView() throws {
        let name = "sentry-uikit-settings.json"
        let result = try Captures.lint(name)
        let wifi = try XCTUnwrap(result.diagnostics.first { $0.rule == TargetSizeRule.id && $0.node == "wifi" })
        let location = result.location(wifi).start
        XCTAssertEqual(location.line, try Captures.line(of: #""identifier": "wifi""#, in: name))
        // On the class name: `"type": "UISwitch"`.
        let lineText = try Captures.text(name).components(separatedBy: "\n")[location.line - 1]
        XCTAssertTrue(String(lineText.unicodeScalars.dropFirst(location.column - 1)).hasPrefix(#""UISwitch""#))
        let help = try XCTUnwrap(result.diagnostics.first { $0.rule == UnreachableTargetRule.id && $0.node == "help" })
        XCTAssertEqual(result.location(help).start.line, try Captures.line(of: #""identifier": "help""#, in: name))
        XCTAssertTrue(help.message.contains("outside the hit region of 'zero-holder'"), help.message)
        let banner = try XCTUnwrap(result.diagnostics.first { $0.node == "dismiss-banner" })
        XCTAssertEqual(banner.rule, UnreachableTargetRule.id)
        let keyboard = try XCTUnwrap(result.diagnostics.first { $0.message.contains("UIRemoteKeyboardWindow") })
        XCTAssertEqual(keyboard.severity, .info)
        XCTAssertEqual(result.location(keyboard).start.line, try Captures.line(of: "UIRemoteKeyboardWindow", in: name))
        // Hidden and transparent buttons are not reported.
        XCTAssertFalse(result.diagnostics.contains { $0.node == "hidden-edit" || $0.node == "faded" })
    }

    // MARK: Android views and Compose

    func testAndroidPixelsAreConvertedWithTheScale() throws {
        let name = "sentry-android-login.json"
        let (layout, notes) = try Captures.importLayout(name)
        XCTAssertEqual(layout.platform, .android)
        XCTAssertEqual(layout.units, .px)
        XCTAssertEqual(layout.scale, 2.625)
        // Its navigation bar, 125 px = 47.62 dp, says 420 dpi.
        XCTAssertTrue(notes.contains { $0.message.contains("inferred 2.625 px per dp (420 dpi) from status bar 75 px = 28.57 dp and navigation bar 125 px = 47.62 dp") },
                      "\(notes.map(\.message))")
        // DecorView (0,0) → LinearLayout (0,0) → content (0,75) → login_root (30,60) → sign_in (30,620), in px.
        layout.assertFrame("sign_in", Rect(x: 60 / 2.625, y: 755 / 2.625, width: 960 / 2.625, height: 144 / 2.625))
        let (scaled, scaledNotes) = try Captures.importLayout(name, options: ImportOptions(scale: 3))
        scaled.assertFrame("sign_in", Rect(x: 20, y: 755.0 / 3, width: 320, height: 48))
        XCTAssertFalse(scaledNotes.contains { $0.message.contains("density") })
        // Compose nodes are placed relative to their parent node too.
        scaled.assertFrame("social_google", Rect(x: 30, y: (75 + 60 + 1100 + 30) / 3, width: 35, height: 35))
    }

    func testAndroidVisibilityAndTargets() throws {
        let (layout, notes) = try Captures.importLayout("sentry-android-login.json")
        XCTAssertNil(layout.node(named: "gone_button"), "gone views take no space and are not drawn")
        XCTAssertEqual(layout.node(named: "invisible_button")?.isHidden, true)
        XCTAssertNil(layout.node(named: "statusBarBackground"))
        XCTAssertNil(layout.node(named: "navigationBarBackground"))
        for target in ["email", "remember", "sign_in", "invisible_button"] {
            XCTAssertEqual(layout.node(named: target)?.isTarget, true, target)
        }
        for plain in ["forgot", "content", "login_root", "social_google"] {
            XCTAssertEqual(layout.node(named: plain)?.isTarget, false, plain)
        }
        XCTAssertTrue(notes.contains { $0.message.contains("2 Jetpack Compose nodes") })
        XCTAssertEqual(ControlClasses.androidRole("com.google.android.material.tabs.TabLayout.TabView"), .target)
        XCTAssertEqual(ControlClasses.androidRole("androidx.appcompat.view.menu.ActionMenuItemView"), .target)
        XCTAssertEqual(ControlClasses.androidRole("androidx.core.widget.NestedScrollView"), .scrollContainer)
        XCTAssertEqual(ControlClasses.androidRole("android.widget.ImageView"), .plain)
    }

    func testAndroidDiagnosticsPointAtTheCapturedView() throws {
        let name = "sentry-android-login.json"
        let result = try Captures.lint(name, arguments: ["--scale", "3"])
        let remember = try XCTUnwrap(result.diagnostics.first { $0.rule == TargetSizeRule.id && $0.node == "remember" })
        XCTAssertEqual(result.location(remember).start.line, try Captures.line(of: #""identifier": "remember""#, in: name))
        XCTAssertTrue(remember.message.contains("30×30 dp (90×90 px)"), remember.message)
        XCTAssertTrue(remember.message.contains("minimum is 48×48 dp (android)"), remember.message)
    }

    // MARK: Flutter

    func testFlutterPositionsAreGlobal() throws {
        let (layout, notes) = try Captures.importLayout("sentry-flutter-home.json")
        XCTAssertEqual(layout.platform, .android, "Flutter: views that are not targets do not swallow taps")
        XCTAssertEqual(layout.units, .pt)
        // Global: not added to the AppBar's position.
        layout.assertFrame("menu", Rect(x: 4, y: 28, width: 48, height: 48))
        // x ≤ 0 is left out of the capture: missing means 0.
        layout.assertFrame("AppBar", Rect(x: 0, y: 24, width: 411.4, height: 56))
        // IconButton → InkResponse → GestureDetector with one frame: one target.
        XCTAssertEqual(layout.node(named: "menu")?.isTarget, true)
        XCTAssertEqual(layout.node(named: "InkResponse")?.isTarget, false)
        XCTAssertEqual(layout.node(named: "GestureDetector")?.isTarget, false)
        // Builder has no size: left out, its child kept under Scaffold.
        XCTAssertNil(layout.node(named: "Builder"))
        let details = try XCTUnwrap(layout.index(named: "details"))
        XCTAssertEqual(layout.name(of: Int(layout.nodes[details].parent)), "Scaffold")
        XCTAssertTrue(notes.contains { $0.message.contains("'Builder'") })
        XCTAssertEqual(layout.index(named: "Opacity").map { layout.alpha(of: $0) }, 0)
        XCTAssertEqual(layout.node(named: "Visibility")?.isHidden, true)
        let result = try Captures.lint("sentry-flutter-home.json")
        XCTAssertFalse(result.diagnostics.contains { $0.node == "ghost" || $0.node == "secret" })
        let small = try XCTUnwrap(result.diagnostics.first { $0.rule == TargetSizeRule.id })
        XCTAssertEqual(small.node, "details")
        XCTAssertEqual(result.location(small).start.line, try Captures.line(of: #""identifier": "details""#, in: "sentry-flutter-home.json"))
    }

    // MARK: Noise

    func testAnUnknownRenderingSystemIsANoteNotAFailure() throws {
        let result = try TestSupport.lint(#"{"rendering_system": "unity", "windows": [{"type": "Canvas", "width": 100, "height": 100}]}"#, format: .json)
        XCTAssertEqual(result.fileKind, .sentry)
        XCTAssertEqual(result.diagnostics.map(\.rule), [RuleID.importNote])
        XCTAssertTrue(result.diagnostics[0].message.contains("rendering system 'unity'"))
        XCTAssertEqual(result.nodeCount, 0)
    }

    func testAnUnreadableCaptureIsInvalidLayout() throws {
        let result = try TestSupport.lint(#"{"rendering_system": "UIKIT", "windows": 3}"#, format: .json, arguments: ["--from", "sentry"])
        XCTAssertEqual(result.diagnostics.map(\.rule), [RuleID.invalidLayout])
        XCTAssertTrue(result.diagnostics[0].message.contains("needs 'windows', a list of views"))
        let layoutFile = try TestSupport.lint("root: {frame: [0, 0, 10, 10]}", arguments: ["--from", "sentry"])
        XCTAssertEqual(layoutFile.diagnostics.map(\.rule), [RuleID.invalidLayout])
    }

    func testMissingAndWrongFieldsNeverFail() throws {
        let text = #"""
        {"rendering_system": "UIKIT", "windows": [
          {"type": "UIWindow", "width": 390, "height": 844, "children": [
            {"type": 7, "x": "left", "width": 44, "height": 44},
            "not a view",
            {"type": "UIButton", "x": 10, "y": 10, "width": -5, "height": 44},
            {"type": "UIButton", "identifier": "ok", "x": 10, "y": 100, "width": 44, "height": 44, "alpha": 7, "visible": "yes", "children": 3}
          ]}
        ]}
        """#
        let result = try TestSupport.lint(text, format: .json)
        XCTAssertFalse(result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("must be a mapping, found a string") })
        let (layout, _) = Importers.importLayout(.sentry, document: try JSONParser.parse(SourceText(text)), options: ImportOptions())
        XCTAssertEqual(layout.index(named: "ok").map { layout.alpha(of: $0) }, 1, "alpha is clamped to 0…1")
    }
}
