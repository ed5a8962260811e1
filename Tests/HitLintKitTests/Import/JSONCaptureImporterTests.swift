import XCTest
@testable import HitLintKit

/// `maestro hierarchy` output, RICO view hierarchies and Figma REST API
/// responses: JSON captures and designs other than Sentry's and DroidBot's,
/// one fixture per trap.
final class JSONCaptureImporterTests: XCTestCase {
    /// A Figma layer as the REST API writes it: name, type, box and children.
    private func layer(_ name: String, _ type: String, _ box: [Int], extra: String = "", _ children: String = "") -> String {
        #"{"name": "\#(name)", "type": "\#(type)", "absoluteBoundingBox": {"x": \#(box[0]), "y": \#(box[1]), "width": \#(box[2]), "height": \#(box[3])}\#(extra), "children": [\#(children)]}"#
    }

    /// A Figma file of one page holding these top-level layers.
    private func figmaFile(_ screens: [String]) -> String {
        #"{"document": {"name": "Document", "type": "DOCUMENT", "children": [{"name": "Page", "type": "CANVAS", "children": [\#(screens.joined(separator: ", "))]}]}}"#
    }

    private func findings(_ result: LintResult, _ rule: String = TargetSizeRule.id) -> [String] {
        result.diagnostics.filter { $0.rule == rule }.compactMap(\.node)
    }

    func testFormatsAreRecognisedByTheirKeys() throws {
        for (name, kind) in [("maestro-android.json", FileKind.maestro), ("maestro-ios.json", .maestro),
                             ("rico-dialog.json", .rico), ("figma-names.json", .figma), ("figma-prototype.json", .figma)] {
            XCTAssertEqual(FileKind.detect(try Captures.document(name)), kind, name)
        }
        func kind(_ json: String) throws -> FileKind { FileKind.detect(try JSONParser.parse(SourceText(json))) }
        // Other people's JSON is no layout; only a layout's own keys make one being written.
        XCTAssertEqual(try kind(#"{"name": "app", "version": "1.0.0", "dependencies": {}}"#), .unknown)
        XCTAssertEqual(try kind(#"{"version": 1, "platform": "web"}"#), .hitlint)
        XCTAssertEqual(try kind(#"{"name": "x", "root": {}}"#), .hitlint)
        XCTAssertEqual(try kind(#"[1, 2]"#), .unknown)
    }

    // MARK: Maestro

    func testMaestroAndroidIsReadAsUIAutomatorAttributesWithTheDensityTheBarsShow() throws {
        let result = try Captures.lint("maestro-android.json")
        XCTAssertEqual(result.fileKind, .maestro)
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("inferred 3 px per dp") }, "\(result.diagnostics.map(\.message))")
        XCTAssertEqual(findings(result), ["More options", "compose"])
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("'More options' is reachable on 32×32 dp (96×96 px)") })
        // The 48 dp "Navigate up" button passes; the status bar is the system's.
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("Navigate up") })
    }

    func testMaestroIOSChecksOnlyWhatAFieldProvesIsAControlAndSaysSo() throws {
        let result = try Captures.lint("maestro-ios.json")
        XCTAssertEqual(findings(result), ["search"], "a text field by its placeholder; 'Edit' (44×20) cannot be told from a label")
        XCTAssertTrue(result.diagnostics.contains { $0.rule == RuleID.importNote && $0.message.contains("no element type and no clickable flag") })
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("minimum is 44×44 pt (ios)") })
    }

    /// `maestro hierarchy > screen.json` keeps the tool's banner above the JSON.
    func testMaestroOutputSavedWithItsBannerIsRead() throws {
        let hierarchy = try Captures.text("maestro-android.json")
        let saved = "Running on emulator-5554\n" + hierarchy
        let result = try TestSupport.lint(saved, format: .json)
        XCTAssertEqual(result.fileKind, .maestro)
        XCTAssertEqual(findings(result), ["More options", "compose"])
        let note = try XCTUnwrap(result.diagnostics.first)
        XCTAssertEqual(note.rule, RuleID.importNote)
        XCTAssertTrue(note.message.contains("'Running on emulator-5554'"), note.message)
        // Diagnostics land on the lines of the file as saved: one below the hierarchy's own.
        let plain = try TestSupport.lint(hierarchy, format: .json)
        let line = { (result: LintResult) in result.diagnostics.first { $0.node == "compose" }.map { result.location($0).start.line } }
        XCTAssertEqual(line(result), try XCTUnwrap(line(plain)) + 1)
        // Only a Maestro hierarchy, and only after a few lines of text: anything else is the syntax error it is.
        for text in ["Running on emulator-5554\n{\"root\": {\"frame\": [0, 0, 10, 10]}}",
                     "Running on emulator-5554\n" + String(repeating: "more output\n", count: 20) + hierarchy,
                     "x" + hierarchy] {
            let other = try TestSupport.lint(text, format: .json)
            XCTAssertEqual(other.diagnostics.map(\.rule), [RuleID.invalidLayout], String(text.prefix(60)))
        }
    }

    func testAKeyboardWithoutAPackageIsKnownByItsResourceIDs() throws {
        // Maestro writes no `package`: Gboard's keys are known by their ids.
        let key = #"{"attributes": {"resource-id": "com.google.android.inputmethod.latin:id/key_pos_0_0", "clickable": "true", "bounds": "[0,1800][100,1900]", "class": "android.widget.FrameLayout"}, "children": []}"#
        let app = #"{"attributes": {"resource-id": "com.example:id/go", "clickable": "TRUE", "bounds": "[0,1000][90,1090]", "class": "android.widget.Button"}, "children": []}"#
        let capture = #"{"attributes": {}, "children": [{"attributes": {"class": "android.widget.FrameLayout", "bounds": "[0,0][1080,1920]"}, "children": [\#(app), \#(key)]}]}"#
        let result = try TestSupport.lint(capture, format: .json)
        XCTAssertEqual(findings(result), ["go"], "a flag in capitals is still a flag; the keyboard's key is not the app's")
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("'com.google.android.inputmethod.latin'") },
                      "\(result.diagnostics.map(\.message))")
    }

    // MARK: RICO

    func testRICODialogsAreWindowsOnTheDatasetsScreen() throws {
        let result = try Captures.lint("rico-dialog.json")
        XCTAssertEqual(result.fileKind, .rico)
        XCTAssertEqual(findings(result), ["ok"])
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("'ok' is reachable on 342.86×40 dp (1200×140 px)") })
        // The gone button and the invisible text are left out, and counted.
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("1 gone and 1 not visible to the user") })
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("the screen is taken as 1440×2560 px") })
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("assuming 3.5 px per dp") })
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("keyboard was open") })
        // With the keyboard up, what it covers is not known: a note says so.
        let typing = try Captures.text("rico-dialog.json").replacingOccurrences(of: #""is_keyboard_deployed": false"#,
                                                                                  with: #""is_keyboard_deployed": true"#)
        let withKeyboard = try TestSupport.lint(typing, format: .json)
        XCTAssertTrue(withKeyboard.diagnostics.contains { $0.rule == RuleID.importNote && $0.message.contains("keyboard was open") })
    }

    // MARK: Figma

    func testFigmaTargetsAreWherePrototypeClicksStart() throws {
        let result = try Captures.lint("figma-prototype.json")
        XCTAssertEqual(result.fileKind, .figma)
        // 'Help' is hidden and 'Faded' transparent; 'Hover card' reacts to hover, not to a click.
        XCTAssertEqual(findings(result), ["Remember", "Forgot?"])
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("'Forgot?' is reachable on 60×17 pt") })
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("the layers where a prototype interaction starts") })
        // A design for another platform: the profile says so.
        let android = try Captures.lint("figma-prototype.json", arguments: ["--profile", "android"])
        XCTAssertTrue(android.diagnostics.contains { $0.message.contains("minimum is 48×48 dp (android)") })
    }

    func testFigmaWithoutPrototypeFindsControlsByNameAndComponentOneScreenPerFrame() throws {
        let result = try Captures.lint("figma-names.json")
        XCTAssertEqual(findings(result), ["Item", "Close button"])
        // A wrapper group and the instance inside it are one 343×48 target, which passes.
        XCTAssertFalse(result.diagnostics.contains { ($0.node ?? "").hasPrefix("Button") && $0.rule == TargetSizeRule.id })
        // Text on the canvas is no screen.
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("1 top-level layer is no frame") })
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("entirely off the screen") })
    }

    func testAFigmaLayerNamedAfterAControlThatHoldsControlsIsTheirContainer() throws {
        let tabs = ["Home", "Search", "Profile"].enumerated().map { layer("Tab \($0.element)", "INSTANCE", [100 + $0.offset * 40, 800, 30, 30]) }
        let bar = layer("Tab bar", "FRAME", [0, 790, 375, 50], tabs.joined(separator: ", "))
        let wrapper = layer("Button", "GROUP", [16, 700, 30, 30], layer("Button", "INSTANCE", [16, 700, 30, 30]))
        let screen = layer("Home", "FRAME", [0, 0, 375, 844], [bar, wrapper].joined(separator: ", "))
        let file = figmaFile([screen])
        let result = try TestSupport.lint(file, format: .json)
        // The tabs are the targets, not the bar; the group around one button is that button.
        XCTAssertEqual(findings(result), ["Tab Home", "Tab Search", "Tab Profile", "Button"])
    }

    func testFigmaScreensWithoutPrototypeLinksFindControlsByName() throws {
        // Screen A is prototyped: its target is where the link starts. Screen B
        // has no link: its "Button" is found by its name.
        let linked = layer("Next", "FRAME", [20, 100, 30, 30], extra: #", "transitionNodeID": "9:9""#)
        let plain = layer("Arrow", "FRAME", [60, 100, 30, 30])
        let a = layer("A", "FRAME", [0, 0, 375, 844], [linked, plain].joined(separator: ", "))
        let b = layer("B", "FRAME", [500, 0, 375, 844], layer("Button", "INSTANCE", [520, 100, 30, 30]))
        let file = figmaFile([a, b])
        let result = try TestSupport.lint(file, format: .json)
        XCTAssertEqual(findings(result), ["Next", "Button"])
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("on the 1 of 2 screens with prototype interactions") },
                      "\(result.diagnostics.map(\.message))")
    }

    func testCapturesAreNeverEdited() throws {
        for name in ["maestro-android.json", "maestro-ios.json", "rico-dialog.json", "figma-names.json", "figma-prototype.json"] {
            let result = try Captures.lint(name)
            XCTAssertTrue(result.diagnostics.allSatisfy { $0.fix?.edits.isEmpty ?? true }, name)
        }
    }

    // MARK: Files that are no layout

    func testOtherFilesInAFolderAreSkippedWithANote() throws {
        let package = #"{"name": "app", "version": "1.0.0", "dependencies": {}}"#
        let found = Linter().lint(source: SourceText(package), format: .json, path: "package.json", foundInFolder: true)
        XCTAssertEqual(found.diagnostics.map(\.severity), [.info])
        XCTAssertTrue(found.diagnostics[0].message.hasPrefix("skipped: not a layout hitlint knows (a mapping with 'name', 'version' and 'dependencies')"),
                      found.diagnostics[0].message)
        // Named, it is read as a layout, which says what it lacks.
        let named = Linter().lint(source: SourceText(package), format: .json, path: "package.json")
        XCTAssertTrue(named.diagnostics.contains { $0.rule == RuleID.invalidLayout && $0.message.contains("'root'") })
        // XML no capture tool writes (a DTD): skipped in a folder, an error when named.
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE beans SYSTEM \"beans.dtd\">\n<beans/>"
        let foundXML = Linter().lint(source: SourceText(doctype), format: .xml, path: "beans.xml", foundInFolder: true)
        XCTAssertEqual(foundXML.diagnostics.map(\.severity), [.info])
        XCTAssertEqual(foundXML.fileKind, .unknown)
        let namedXML = Linter().lint(source: SourceText(doctype), format: .xml, path: "beans.xml")
        XCTAssertEqual(namedXML.diagnostics.map(\.rule), [RuleID.invalidLayout])
        // Broken XML found in a folder is still an error: it may be a capture.
        let broken = Linter().lint(source: SourceText("<hierarchy><node>"), format: .xml, path: "window_dump.xml", foundInFolder: true)
        XCTAssertEqual(broken.diagnostics.map(\.rule), [RuleID.invalidLayout])
    }
}
