import XCTest
@testable import HitLintKit

/// DroidBot UI states: a flat `views` list linked by positions, absolute pixel
/// bounds, accessibility flags.
final class DroidBotImporterTests: XCTestCase {
    private let fixture = "droidbot-multiwindow.json"

    func testFieldMapping() throws {
        let (layout, _) = try Captures.importLayout(fixture)
        XCTAssertEqual(layout.platform, .android)
        XCTAssertEqual(layout.units, .px)
        // Names: resource ids without their package, else the content description.
        XCTAssertNotNil(layout.node(named: "pick"))
        XCTAssertNotNil(layout.node(named: "Share"))
        XCTAssertEqual(layout.type(of: try XCTUnwrap(layout.index(named: "Share"))), "android.widget.ImageButton")
        XCTAssertEqual(layout.node(named: "disabled_buy")?.isEnabled, false)
        // The synthetic multi-window root (bounds [[0, 0], [0, 0]]) is left out;
        // its app window hangs from the screen.
        let window = try XCTUnwrap(layout.index(named: "FrameLayout"))
        XCTAssertEqual(layout.nodes[window].parent, 0)
        // Not visible to the user, zero-size, off the screen, system UI, keyboard, bar backgrounds: left out.
        for gone in ["hidden_buy", "zero", "offscreen", "wifi", "navigationBarBackground", "Button"] {
            XCTAssertNil(layout.node(named: gone), gone)
        }
        XCTAssertEqual(layout.nodes.count, 10, layout.nodes.indices.map(layout.name(of:)).joined(separator: ", "))
    }

    func testBoundsAreAbsolutePixelsConvertedWithTheDensity() throws {
        // The state says density 560 (dpi): 3.5 px per dp.
        let (layout, notes) = try Captures.importLayout(fixture)
        XCTAssertEqual(layout.scale, 3.5)
        XCTAssertFalse(notes.contains { $0.message.contains("density") })
        layout.assertFrame("pick", Rect(x: 1240 / 3.5, y: 132 / 3.5, width: 120 / 3.5, height: 120 / 3.5))
        layout.assertFrame("screen", Rect(x: 0, y: 0, width: 1440 / 3.5, height: 3120 / 3.5))
        // --scale wins over the file.
        let (scaled, _) = try Captures.importLayout(fixture, options: ImportOptions(scale: 4))
        scaled.assertFrame("pick", Rect(x: 310, y: 33, width: 30, height: 30))
        // No density anywhere: the documented default, announced.
        let (defaulted, defaultNotes) = try Captures.importLayout("droidbot-noisy.json")
        XCTAssertEqual(defaulted.scale, ImportOptions.defaultAndroidScale)
        XCTAssertTrue(defaultNotes.contains { $0.rule == RuleID.importNote && $0.message.contains("assuming 2.625 px per dp") })
    }

    func testClickableLongClickableAndCheckableViewsAreTargets() throws {
        let (layout, _) = try Captures.importLayout(fixture)
        XCTAssertEqual(layout.node(named: "row")?.isTarget, true, "clickable")
        XCTAssertEqual(layout.node(named: "row[2]")?.isTarget, true, "long-clickable")
        XCTAssertEqual(layout.node(named: "pick")?.isTarget, true, "checkable, inside a clickable row: a target of its own")
        XCTAssertEqual(layout.node(named: "title")?.isTarget, false)
        XCTAssertEqual(layout.node(named: "thumb")?.isTarget, false)
        XCTAssertEqual(layout.node(named: "disabled_buy")?.isTarget, true, "disabled controls are still checked")
    }

    func testDiagnosticsPointAtTheCapturedView() throws {
        let result = try Captures.lint(fixture)
        XCTAssertEqual(result.fileKind, .droidbot)
        let pick = try XCTUnwrap(result.diagnostics.first { $0.rule == TargetSizeRule.id && $0.node == "pick" })
        XCTAssertEqual(result.location(pick).start.line, try Captures.line(of: "id/pick", in: fixture))
        XCTAssertTrue(pick.message.contains("34.29×34.29 dp (120×120 px)"), pick.message)
        let share = try XCTUnwrap(result.diagnostics.first { $0.node == "Share" })
        XCTAssertEqual(result.location(share).start.line, try Captures.line(of: #""Share""#, in: fixture))
        // The caret sits on the bounds value.
        let lineText = try Captures.text(fixture).components(separatedBy: "\n")[result.location(share).start.line - 1]
        XCTAssertTrue(String(lineText.unicodeScalars.dropFirst(result.location(share).start.column - 1)).hasPrefix("[[40, 1000]"))
        let system = try XCTUnwrap(result.diagnostics.first { $0.message.contains("system UI") })
        XCTAssertEqual(system.severity, .info)
        XCTAssertTrue(system.message.contains("'com.android.systemui'") && system.message.contains("inputmethod"), system.message)
        XCTAssertEqual(result.location(system).start.line, try Captures.line(of: "navigationBarBackground", in: fixture))
        let repeated = try XCTUnwrap(result.diagnostics.first { $0.message.contains("repeats an id") })
        XCTAssertTrue(repeated.message.contains("'row' ×2"), repeated.message)
    }

    func testNoisyStatesAreReadAsFarAsTheyGo() throws {
        let (layout, notes) = try Captures.importLayout("droidbot-noisy.json")
        // No bounds: left out with a note. A parent that does not exist: a root.
        XCTAssertNil(layout.node(named: "no_bounds"))
        XCTAssertNotNil(layout.node(named: "orphan"))
        // A view listed twice (2 is a child of 0 and of 3) is added once.
        XCTAssertEqual(layout.nodes.indices.filter { layout.name(of: $0).hasPrefix("ok") }.count, 1)
        XCTAssertTrue(notes.contains { $0.message.contains("1 view has no bounds") })
        XCTAssertTrue(notes.contains { $0.message.contains("2 parent or child links") })
        XCTAssertFalse(notes.contains { $0.severity == .error })
        // Without width and height, the screen is what the views cover.
        layout.assertFrame("screen", Rect(x: 0, y: 0, width: 1080 / 2.625, height: 1920 / 2.625))
    }

    /// Random damage to a real-looking state (keys dropped, values swapped for
    /// other kinds) never crashes an importer, and never fails a file that still parses.
    func testDamagedCapturesNeverCrash() throws {
        var random = SeededRandom(seed: 9)
        let sources = try ["droidbot-multiwindow.json", "sentry-uikit-settings.json", "sentry-android-login.json"].map(Captures.text)
        let replacements = ["null", "\"x\"", "-1", "[]", "{}", "true", "1e308", "[[1, 2]]"]
        var linted = 0
        for round in 0..<150 {
            var text = Array(sources[round % sources.count].utf8)
            for _ in 0..<3 {
                // Replace the value after a random colon, up to the next comma or bracket.
                let colons = text.indices.filter { text[$0] == UInt8(ascii: ":") }
                let colon = random.pick(colons)
                var end = colon + 1
                while end < text.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(text[end]) { end += 1 }
                text.replaceSubrange(colon + 1..<end, with: Array((" " + random.pick(replacements)).utf8))
            }
            guard let document = try? JSONParser.parse(SourceText(bytes: text)) else { continue }
            let result = Linter().lint(document: document, path: "damaged.json")
            // Only a capture whose view list itself is gone is unreadable.
            if result.diagnostics.contains(where: { $0.rule == RuleID.invalidLayout }), result.fileKind.isImported {
                let lists = document.members(0).filter { document.stringEquals($0.key, "windows") || document.stringEquals($0.key, "views") }
                XCTAssertTrue(lists.contains { document.kind($0.value) != .array }, "round \(round): \(result.diagnostics.map(\.message))")
            }
            linted += 1
        }
        XCTAssertGreaterThan(linted, 100)
    }
}
