import XCTest
@testable import HitLintKit

/// UI Automator dumps, Appium UiAutomator2 page sources and WebDriverAgent
/// (Appium XCUITest) page sources: XML captures, one fixture per trap.
final class XMLCaptureImporterTests: XCTestCase {
    private func lint(_ name: String, arguments: [String] = []) throws -> LintResult {
        try TestSupport.lint(try Captures.text(name), format: .xml, arguments: arguments)
    }

    private func importLayout(_ name: String) throws -> (layout: Layout, diagnostics: [Diagnostic]) {
        let document = try XMLReader.parse(SourceText(try Captures.text(name)))
        return Importers.importLayout(FileKind.detect(document), document: document, options: ImportOptions())
    }

    func testFormatsAreRecognisedByTheirRootElement() throws {
        for (name, kind) in [("uiautomator-compose.xml", FileKind.uiautomator), ("appium-uiautomator2.xml", .uiautomator),
                             ("uiautomator-empty.xml", .uiautomator), ("xcuitest-login.xml", .xcuitest)] {
            XCTAssertEqual(FileKind.detect(try XMLReader.parse(SourceText(try Captures.text(name)))), kind, name)
        }
        XCTAssertEqual(FileKind.detect(try XMLReader.parse(SourceText(#"<XCUIElementTypeApplication x="0"/>"#))), .xcuitest)
        XCTAssertEqual(FileKind.detect(try XMLReader.parse(SourceText(#"<LinearLayout xmlns:android="urn:a"/>"#))), .unknown)
        XCTAssertEqual(try lint("xcuitest-login.xml").fileKind, .xcuitest)
    }

    // MARK: UI Automator

    func testComposeControlsAreTheirClickableNodesNotTheirClassNames() throws {
        let (layout, _) = try importLayout("uiautomator-compose.xml")
        XCTAssertEqual(layout.platform, .android)
        XCTAssertEqual(layout.units, .px)
        XCTAssertEqual(layout.scale, 2.625, "inferred from the 63 px status bar")
        // The clickable android.view.View is the control; the android.widget.Button inside says clickable="false".
        let favourite = try XCTUnwrap(layout.index(named: "Favourite"))
        XCTAssertTrue(layout.nodes[favourite].isTarget)
        XCTAssertEqual(layout.type(of: favourite), "android.view.View")
        let buttons = layout.nodes.indices.filter { layout.type(of: $0) == "android.widget.Button" }
        XCTAssertEqual(buttons.count, 2)
        XCTAssertTrue(buttons.allSatisfy { !layout.nodes[$0].isTarget })
        layout.assertFrame("Favourite", Rect(x: 900 / 2.625, y: 500 / 2.625, width: 96 / 2.625, height: 96 / 2.625))
        // The system UI's window and the keyboard's are not the app's.
        XCTAssertNil(layout.node(named: "Battery"))
        XCTAssertNil(layout.node(named: "q"))
    }

    func testDiagnosticsPointAtTheElement() throws {
        let result = try lint("uiautomator-compose.xml")
        XCTAssertEqual(result.fileKind, .uiautomator)
        let small = try XCTUnwrap(result.diagnostics.first { $0.rule == TargetSizeRule.id })
        XCTAssertEqual(small.node, "Favourite")
        XCTAssertTrue(small.message.contains("36.57×36.57 dp (96×96 px)"), small.message)
        let location = result.location(small).start
        XCTAssertEqual(location.line, try Captures.line(of: #"content-desc="Favourite""#, in: "uiautomator-compose.xml"))
        XCTAssertEqual(location.column, 8, "on the element's name, after '<'")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 1, "the 48 dp button is fine")
        let system = try XCTUnwrap(result.diagnostics.first { $0.message.contains("system UI") })
        XCTAssertTrue(system.message.contains("'com.android.systemui'") && system.message.contains("inputmethod"), system.message)
        // Fixes on a capture are words only.
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.fix?.edits.isEmpty ?? true })
    }

    func testAnEmptyDumpIsANoteNotAnError() throws {
        let result = try lint("uiautomator-empty.xml")
        XCTAssertEqual(result.diagnostics.map(\.rule), [RuleID.importNote])
        XCTAssertTrue(result.diagnostics[0].message.contains("the dump has no views"), result.diagnostics[0].message)
    }

    func testWholePixelRowsNeitherGapNorOverlap() throws {
        // Rows 1 px apart and 1 px over each other: the platform rounds bounds, nothing is lost.
        let result = try lint("uiautomator-rows.xml")
        XCTAssertEqual(result.diagnostics.filter { $0.severity != .info }.map(\.message), [])
        let (layout, _) = try importLayout("uiautomator-rows.xml")
        XCTAssertEqual(layout.scale, 3, "status bar 72 px and app bar 168 px")
        XCTAssertEqual(layout.nodes.filter(\.isTarget).count, 4)
    }

    func testAppiumPageSourcesNameElementsAfterTheirClass() throws {
        let (layout, notes) = try importLayout("appium-uiautomator2.xml")
        // `hierarchy` records the display: a window spans it, so nothing was set aside.
        XCTAssertFalse(notes.contains { $0.message.contains("records a screen") })
        layout.assertFrame("screen", Rect(x: 0, y: 0, width: 1080 / 2.625, height: 2280 / 2.625))
        XCTAssertEqual(layout.node(named: "undo")?.isTarget, true)
        XCTAssertEqual(layout.type(of: try XCTUnwrap(layout.index(named: "undo"))), "android.widget.ImageButton")
        XCTAssertEqual(layout.node(named: "title")?.isTarget, true, "entities in text decoded, the field a target")
        XCTAssertNil(layout.node(named: "share"), "displayed=\"false\"")
        XCTAssertTrue(notes.contains { $0.message.contains("1 not visible to the user") })
        let result = try lint("appium-uiautomator2.xml")
        XCTAssertEqual(result.diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.node), ["undo"])
    }

    func testEitherVisibilityAttributeHidesAView() throws {
        // Appium's `displayed` and UI Automator's `visible-to-user`: false in either is hidden,
        // whatever the other says or in whichever order they come.
        let dump = """
        <hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][1080,1920]">
        <node class="android.widget.Button" resource-id="a:id/one" clickable="true" displayed="false" visible-to-user="maybe" bounds="[0,0][90,90]"/>
        <node class="android.widget.Button" resource-id="a:id/two" clickable="true" visible-to-user="false" displayed="true" bounds="[0,200][90,290]"/>
        <node class="android.widget.Button" resource-id="a:id/three" clickable="true" visible-to-user="true" displayed="true" bounds="[0,400][90,490]"/>
        </node></hierarchy>
        """
        let result = try TestSupport.lint(dump, format: .xml)
        XCTAssertEqual(result.diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.node), ["three"])
    }

    // MARK: XCUITest

    func testWebDriverAgentSourcesAreHitTestedAsAnAccessibilityTreeWithApplesSizes() throws {
        let (layout, notes) = try importLayout("xcuitest-login.xml")
        XCTAssertEqual(layout.platform, .android, "only targets take touches")
        XCTAssertEqual(layout.guideline, .uikit)
        XCTAssertEqual(layout.units, .pt)
        XCTAssertTrue(layout.zOrderIsInferred)
        layout.assertFrame("screen", Rect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(LintOptions().threshold(for: layout).minimum, 44)
        // By element type, and by the Button trait on an Other.
        // "Sign in" is the navigation bar's name: the button is the second.
        XCTAssertEqual(layout.node(named: "Sign in")?.isTarget, false, "a navigation bar")
        for name in ["Back", "help", "email", "Sign in[2]", "forgot", "close"] {
            XCTAssertEqual(layout.node(named: name)?.isTarget, true, name)
        }
        XCTAssertEqual(layout.node(named: "Sign in[3]")?.isTarget, false, "the same label nested in the button: one control")
        // Covered (visible="false"), the keyboard, and the 9.2e18 placeholder (its child kept).
        XCTAssertNil(layout.node(named: "terms"))
        XCTAssertNil(layout.node(named: "q"))
        XCTAssertTrue(notes.contains { $0.message.contains("'XCUIElementTypeKeyboard'") })
        XCTAssertTrue(notes.contains { $0.message.contains("1 element has no usable x, y, width and height") })
        XCTAssertEqual(layout.nodes[Int(try XCTUnwrap(layout.node(named: "close")).parent)].frame.width, 390, "placed in the element around the placeholder")
    }

    func testWebDriverAgentFindings() throws {
        let result = try lint("xcuitest-login.xml")
        let sizes = result.diagnostics.filter { $0.rule == TargetSizeRule.id }
        XCTAssertEqual(sizes.map(\.node), ["help", "email", "forgot"])
        XCTAssertTrue(sizes[0].message.contains("30×30 pt; minimum is 44×44 pt (ios)"), sizes[0].message)
        XCTAssertEqual(result.location(sizes[0]).start,
                       SourceLocation(line: try Captures.line(of: #"name="help""#, in: "xcuitest-login.xml"), column: 12))
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 3)
        // --profile still wins.
        let android = try lint("xcuitest-login.xml", arguments: ["--profile", "android"])
        XCTAssertTrue(android.diagnostics.contains { $0.message.contains("minimum is 48×48 dp (android)") })
    }

    /// A WebDriverAgent page source of one screen holding `elements`.
    private func wdaSource(_ elements: String) -> String {
        #"""
        <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" x="0" y="0" width="390" height="844">
        <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="390" height="844">
        <XCUIElementTypeTable type="XCUIElementTypeTable" x="0" y="0" width="390" height="844">
        \#(elements)
        </XCUIElementTypeTable></XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>
        """#
    }

    private func switchFindings(_ elements: String) throws -> [String?] {
        try TestSupport.lint(wdaSource(elements), format: .xml).diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.node)
    }

    /// A SwiftUI `Toggle` is a row-wide switch that holds the switch itself (iOS 17 and later), whose label may be empty.
    func testASwiftUIToggleAndItsInnerSwitchAreOneTarget() throws {
        let toggle = #"""
        <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="1" name="notifications" label="Notifications" x="16" y="100" width="358" height="44">
          <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="1" label="" x="307" y="106" width="51" height="31"/>
        </XCUIElementTypeSwitch>
        """#
        XCTAssertEqual(try switchFindings(toggle), [])
    }

    /// UIKit's settings row: a cell that shows "Wi-Fi" and holds a switch labelled "Wi-Fi" is one control.
    func testASwitchThatSaysWhatItsCellSaysIsPartOfTheCell() throws {
        func row(_ text: String, _ switchLabel: String) -> String {
            #"""
            <XCUIElementTypeCell type="XCUIElementTypeCell" value="0" x="0" y="359" width="390" height="46">
              <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="404" width="390" height="1"/>
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="\#(text)" name="\#(text)" label="\#(text)" x="20" y="359" width="300" height="46"/>
              <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="0" name="\#(switchLabel)" label="\#(switchLabel)" x="323" y="366" width="51" height="31"/>
            </XCUIElementTypeCell>
            """#
        }
        XCTAssertEqual(try switchFindings(row("Wi-Fi", "Wi-Fi")), [])
        // A switch that says something else is a control of its own.
        XCTAssertEqual(try switchFindings(row("Wi-Fi", "Ask to Join")), ["Ask to Join"])
    }

    /// Appium's UIAutomation driver (iOS 9 and earlier) wrote `<AppiumAUT><UIAApplication>`:
    /// refused with words that say what it is, never read as a page source with no elements.
    func testALegacyUIAutomationSourceIsRefusedByName() throws {
        let legacy = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <UIAApplication name="Shop" label="Shop" value="" dom="" enabled="true" valid="true" visible="true" hint="" path="/0" x="0" y="0" width="375" height="667">
            <UIAWindow name="" label="" enabled="true" valid="true" visible="true" path="/0/0" x="0" y="0" width="375" height="667">
              <UIAButton name="close" label="Close" enabled="true" valid="true" visible="true" path="/0/0/0" x="10" y="20" width="20" height="20"/>
            </UIAWindow>
          </UIAApplication>
        </AppiumAUT>
        """#
        let named = try TestSupport.lint(legacy, format: .xml)
        XCTAssertEqual(named.diagnostics.map(\.rule), [RuleID.invalidLayout])
        XCTAssertTrue(named.diagnostics[0].message.contains("a legacy Appium UIAutomation page source"), named.diagnostics[0].message)
        XCTAssertEqual(named.location(named.diagnostics[0]).start.line, 3, "on the <UIAApplication> element")
        let found = Linter().lint(source: SourceText(legacy), format: .xml, path: "sources/shop.xml", foundInFolder: true)
        XCTAssertEqual(found.diagnostics.map(\.severity), [.info])
        XCTAssertTrue(found.diagnostics[0].message.contains("legacy Appium UIAutomation"), found.diagnostics[0].message)
        let forced = try TestSupport.lint(legacy, format: .xml, arguments: ["--from", "xcuitest"])
        XCTAssertEqual(forced.diagnostics.map(\.rule), [RuleID.invalidLayout])
        XCTAssertTrue(forced.diagnostics[0].message.contains("legacy Appium UIAutomation"), forced.diagnostics[0].message)
        // The root element alone, without AppiumAUT, too.
        let bare = try TestSupport.lint(#"<UIAApplication name="Shop" x="0" y="0" width="375" height="667"/>"#, format: .xml)
        XCTAssertTrue(bare.diagnostics[0].message.contains("legacy Appium UIAutomation"), bare.diagnostics[0].message)
    }

    func testAnXMLFileThatIsNoCaptureIsAnErrorWhenNamedAndSkippedInAFolder() throws {
        let layout = #"<?xml version="1.0" encoding="utf-8"?><LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"/>"#
        let named = try TestSupport.lint(layout, format: .xml)
        XCTAssertEqual(named.diagnostics.map(\.rule), [RuleID.invalidLayout])
        XCTAssertTrue(named.diagnostics[0].message.hasPrefix("not a layout hitlint knows (an XML document whose root element is <LinearLayout>)"),
                      named.diagnostics[0].message)
        let found = Linter().lint(source: SourceText(layout), format: .xml, path: "res/layout/main.xml", foundInFolder: true)
        XCTAssertEqual(found.diagnostics.map(\.severity), [.info])
        XCTAssertTrue(found.diagnostics[0].message.hasPrefix("skipped: not a layout hitlint knows"), found.diagnostics[0].message)
        XCTAssertEqual(found.fileKind, .unknown)
    }

    func testMalformedCapturesAreInvalidLayoutAtTheFirstBadByte() throws {
        let result = try TestSupport.lint("<hierarchy><node bounds=\"[0,0][1,1]\"></hierarchy>", format: .xml)
        XCTAssertEqual(result.diagnostics.map(\.rule), [RuleID.invalidLayout])
        XCTAssertEqual(result.location(result.diagnostics[0]).start, SourceLocation(line: 1, column: 40), "the end tag's name")
        // Forced through every importer, whatever the file is, nothing breaks.
        for choice in [FileKindChoice.uiautomator, .xcuitest, .droidbot, .sentry, .maestro, .rico, .figma] {
            for name in ["uiautomator-compose.xml", "xcuitest-login.xml"] {
                var options = LintOptions()
                options.importing.fileKind = choice
                let forced = Linter(options: options).lint(source: SourceText(try Captures.text(name)), format: .xml, path: name)
                XCTAssertFalse(forced.diagnostics.isEmpty, "\(choice) \(name)")
            }
        }
    }
}
