import XCTest
@testable import HitLintKit

/// Captures read as the device saw them: the screen, the density, web content,
/// modal layers, the screen's far edges and Flutter's controls. Each case is a
/// minimal capture written here, after what real DroidBot and Sentry captures do.
final class CaptureReadingTests: XCTestCase {
    /// A DroidBot state: `views` as (parent, class, bounds, extra fields), in pre-order.
    private func droidbot(width: Int = 2340, height: Int = 1080, _ views: [(parent: Int, cls: String, bounds: [Int], extra: String)]) -> String {
        var children = [[Int]](repeating: [], count: views.count)
        for (index, view) in views.enumerated() where view.parent >= 0 { children[view.parent].append(index) }
        let items = views.enumerated().map { index, view in
            let b = view.bounds
            let extra = view.extra.isEmpty ? "" : ", " + view.extra
            return #"{"temp_id": \#(index), "parent": \#(view.parent), "children": \#(children[index]), "class": "\#(view.cls)", "#
                + #""bounds": [[\#(b[0]), \#(b[1])], [\#(b[2]), \#(b[3])]], "visible": true, "package": "com.example"\#(extra)}"#
        }
        return "{\"width\": \(width), \"height\": \(height), \"views\": [\n" + items.joined(separator: ",\n") + "\n]}"
    }

    private func lint(_ text: String, _ arguments: [String] = []) throws -> LintResult {
        try TestSupport.lint(text, format: .json, arguments: arguments)
    }

    private func messages(_ result: LintResult, _ rule: String) -> [String] {
        result.diagnostics.filter { $0.rule == rule }.map(\.message)
    }

    // MARK: Screen

    /// The real states record 2340×1080 while the tree is a 1080×1920 portrait screen.
    func testTheScreenIsTheViewTreesWhenTheRecordedSizeDisagrees() throws {
        let text = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.Button", [60, 1500, 1020, 1644], #""clickable": true, "resource_id": "com.example:id/low""#),
            (0, "android.widget.ImageButton", [60, 1700, 150, 1790], #""clickable": true, "resource_id": "com.example:id/small""#),
        ])
        let result = try lint(text, ["--scale", "3"])
        XCTAssertEqual(result.nodeCount, 4, "no view inside the root's bounds is left out")
        XCTAssertEqual(messages(result, TargetSizeRule.id), ["'small' is reachable on 30×30 dp (90×90 px); minimum is 48×48 dp (android)"])
        XCTAssertTrue(messages(result, RuleID.importNote).contains(
            "the state records a screen of 2340×1080 px, but its view tree's root is 1080×1920 px: the screen is taken from the tree"))
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("'screen'") })
        // A recorded size that a window spans is the screen, with nothing to say.
        let agreeing = try lint(droidbot(width: 1080, height: 1920, [(-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], "")]), ["--scale", "3"])
        XCTAssertEqual(messages(agreeing, RuleID.importNote), [])
    }

    func testADialogCapturedAloneSitsOnTheRecordedScreen() throws {
        let text = droidbot([
            (-1, "android.widget.FrameLayout", [27, 496, 1053, 1351], ""),
            (0, "android.widget.Button", [700, 1200, 1000, 1344], #""clickable": true, "resource_id": "android:id/button1""#),
        ])
        let (layout, notes) = Importers.importLayout(.droidbot, document: try JSONParser.parse(SourceText(text)), options: ImportOptions())
        // Portrait, the orientation of the recorded size that holds the dialog.
        XCTAssertEqual(layout.nodes[0].frame, Rect(x: 0, y: 0, width: 360, height: 780))
        XCTAssertTrue(notes.contains { $0.message.hasPrefix("the view tree is a window of 1026×855 px at (27, 496), not the whole screen (a dialog, a popup, or a window below the status bar)") })
        // Its framework button (48 dp high) gives the density.
        XCTAssertEqual(layout.scale, 3)
    }

    // MARK: Density

    func testTheDensityIsInferredFromConsistentEvidence() throws {
        let bars = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.view.ViewGroup", [0, 72, 1080, 240], #""resource_id": "com.example:id/action_bar""#),
            (0, "android.view.View", [0, 0, 1080, 72], #""resource_id": "android:id/statusBarBackground""#),
            (0, "android.view.View", [0, 1776, 1080, 1920], #""resource_id": "android:id/navigationBarBackground""#),
            (0, "android.widget.ImageButton", [100, 1000, 230, 1130], #""clickable": true, "resource_id": "com.example:id/icon""#),
        ])
        let result = try lint(bars)
        XCTAssertTrue(messages(result, RuleID.importNote).contains(
            "the capture does not record the screen density: inferred 3 px per dp (480 dpi) from app bar 168 px = 56 dp, "
                + "status bar 72 px = 24 dp and navigation bar 144 px = 48 dp; pass --scale to set it"), "\(messages(result, RuleID.importNote))")
        // 130 px is 43.33 dp at 3 px per dp: too small (at the old default of 2.625 it passed as 49.52).
        XCTAssertEqual(messages(result, TargetSizeRule.id), ["'icon' is reachable on 43.33×43.33 dp (130×130 px); minimum is 48×48 dp (android)"])

        // Evidence that no one density explains: the default, and why.
        // (A status bar of 50 px is 25 dp at 2, where a navigation bar of 120 px is 60 dp; that is 48 dp at 2.5, where the status bar is 20 dp.)
        let conflicting = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.view.View", [0, 0, 1080, 50], #""resource_id": "android:id/statusBarBackground""#),
            (0, "android.view.View", [0, 1800, 1080, 1920], #""resource_id": "android:id/navigationBarBackground""#),
        ])
        let unsettled = try lint(conflicting)
        XCTAssertTrue(messages(unsettled, RuleID.importNote).contains(
            "the capture does not record the screen density, and what it shows does not settle it (status bar 50 px and navigation bar 120 px): "
                + "assuming 2.625 px per dp (420 dpi); pass --scale to set it"), "\(messages(unsettled, RuleID.importNote))")
        // Nothing of a size the platform fixes: the default, said so.
        let bare = try lint(droidbot([(-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], "")]))
        XCTAssertTrue(messages(bare, RuleID.importNote).contains { $0.contains("nothing in it has a size the platform fixes: assuming 2.625 px per dp") })
        // --scale wins, and needs no note.
        let given = try lint(bars, ["--scale", "2"])
        XCTAssertFalse(messages(given, RuleID.importNote).contains { $0.contains("density") })
    }

    /// Real screens the first rules got wrong: an app's own title bar, an old
    /// phone's 25 dp status bar, and a density that would make a phone narrower
    /// than any Android screen.
    func testTheDensityOfScreensWithOwnTitleBarsOldStatusBarsAndNarrowCandidates() throws {
        // System bars that fit 3 px per dp and a title bar of the app's own height (50 dp there).
        let titleBar = try lint(droidbot(width: 1080, height: 1920, [
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.view.View", [0, 0, 1080, 72], #""resource_id": "android:id/statusBarBackground""#),
            (0, "androidx.appcompat.widget.Toolbar", [0, 72, 1080, 222], #""resource_id": "com.example:id/toolbar""#),
            (0, "android.view.View", [0, 1776, 1080, 1920], #""resource_id": "android:id/navigationBarBackground""#),
        ]))
        XCTAssertTrue(messages(titleBar, RuleID.importNote).contains { $0.hasPrefix("the capture does not record the screen density: inferred 3 px per dp") },
                      "\(messages(titleBar, RuleID.importNote))")
        // A 720 px phone of Android 5 (a 25 dp status bar of 50 px): 2 px per dp, 360 dp wide.
        let old = try lint(droidbot(width: 720, height: 1280, [
            (-1, "android.widget.FrameLayout", [0, 0, 720, 1280], ""),
            (0, "android.view.View", [0, 0, 720, 50], #""resource_id": "android:id/statusBarBackground""#),
        ]))
        XCTAssertTrue(messages(old, RuleID.importNote).contains { $0.hasPrefix("the capture does not record the screen density: inferred 2 px per dp (320 dpi) from status bar 50 px = 25 dp") },
                      "\(messages(old, RuleID.importNote))")
        // 84 px is 24 dp at 3.5 px per dp, which would make a 1080 px screen 308.57 dp wide: not a phone's density.
        let narrow = try lint(droidbot(width: 1080, height: 1920, [
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.view.View", [0, 0, 1080, 84], #""resource_id": "android:id/statusBarBackground""#),
        ]))
        XCTAssertFalse(messages(narrow, RuleID.importNote).contains { $0.contains("3.5 px per dp") }, "\(messages(narrow, RuleID.importNote))")
        XCTAssertTrue(messages(narrow, RuleID.importNote).contains { $0.contains("does not settle it (status bar 84 px): assuming 2.625 px per dp") },
                      "\(messages(narrow, RuleID.importNote))")
        // Nothing settles a 720 px screen: not the default 2.625 (274 dp), the largest standard density that keeps it 320 dp wide.
        let bare = try lint(droidbot(width: 720, height: 1280, [(-1, "android.widget.FrameLayout", [0, 0, 720, 1280], "")]))
        XCTAssertTrue(messages(bare, RuleID.importNote).contains { $0.contains("assuming 2 px per dp (320 dpi), the largest standard density that keeps its 720 px screen 320 dp wide") },
                      "\(messages(bare, RuleID.importNote))")
    }

    /// One DroidBot run: the states of one folder share the density that those
    /// with system bars settle, and a state with none (a full-screen page) takes it.
    func testCapturesOfOneFolderShareTheirDensity() throws {
        let folder = try TemporaryFolder()
        let bars = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.view.View", [0, 0, 1080, 72], #""resource_id": "android:id/statusBarBackground""#),
            (0, "android.view.View", [0, 1776, 1080, 1920], #""resource_id": "android:id/navigationBarBackground""#),
        ])
        let fullScreen = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.ImageButton", [900, 100, 1032, 232], #""clickable": true, "resource_id": "com.example:id/close""#),
        ])
        try folder.write("run/state_1.json", bars)
        try folder.write("run/state_2.json", bars)
        let shared = try folder.write("run/state_3.json", fullScreen)
        let alone = try folder.write("other/state_1.json", fullScreen)
        let run = runCommand(["--format", "json", folder.path])
        let report = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let diagnostics = try XCTUnwrap(report?["diagnostics"] as? [[String: Any]])
        func messages(_ path: String, _ rule: String) -> [String] {
            diagnostics.filter { ($0["file"] as? String) == path && ($0["rule"] as? String) == rule }.compactMap { $0["message"] as? String }
        }
        XCTAssertTrue(messages(shared, RuleID.importNote).contains {
            $0.hasPrefix("the capture does not record the screen density: 3 px per dp (480 dpi), inferred from the captures of a 1080 px wide screen in its folder")
        }, "\(messages(shared, RuleID.importNote))")
        // 132 px is 44 dp there (50.29 dp at the default 2.625, which passed).
        XCTAssertEqual(messages(shared, TargetSizeRule.id), ["'close' is reachable on 44×44 dp (132×132 px); minimum is 48×48 dp (android)"])
        // Another folder is another run: nothing settles it.
        XCTAssertTrue(messages(alone, RuleID.importNote).contains { $0.contains("assuming 2.625 px per dp") }, "\(messages(alone, RuleID.importNote))")
        XCTAssertEqual(messages(alone, TargetSizeRule.id), [])
        // Its page is drawn at that density too: the screen is 640 dp tall, not 731.43.
        let pages = folder.path + "/pages"
        _ = runCommand(["--render-dir", pages, folder.path + "/run"])
        let page = try String(contentsOfFile: pages + "/" + (try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: pages)
            .first { $0.hasSuffix("state_3.json.html") })), encoding: .utf8)
        XCTAssertTrue(page.contains("height=\"640\""), "the page's screen")
        XCTAssertFalse(page.contains("731.43"))
        // --scale still wins.
        let given = runCommand(["--scale", "2.625", "--format", "json", folder.path])
        XCTAssertFalse(given.output.contains("inferred from the captures"), given.output)
    }

    func testASentryAndroidCaptureGetsItsDensityFromTheAppBar() throws {
        // A phone with a display cutout (95 px status bar) and gesture navigation (44 px).
        let text = #"""
        {"rendering_system": "android_view_system", "windows": [
          {"type": "com.android.internal.policy.DecorView", "x": 0, "y": 0, "width": 1080, "height": 2400, "children": [
            {"type": "androidx.appcompat.widget.Toolbar", "identifier": "action_bar", "x": 0, "y": 95, "width": 1080, "height": 154},
            {"type": "android.widget.ImageButton", "identifier": "share", "x": 900, "y": 600, "width": 121, "height": 121},
            {"type": "android.view.View", "identifier": "navigationBarBackground", "x": 0, "y": 2356, "width": 1080, "height": 44},
            {"type": "android.view.View", "identifier": "statusBarBackground", "x": 0, "y": 0, "width": 1080, "height": 95}
          ]}
        ]}
        """#
        let result = try lint(text)
        XCTAssertTrue(messages(result, RuleID.importNote).contains { $0.contains("inferred 2.75 px per dp (440 dpi) from app bar 154 px = 56 dp") },
                      "\(messages(result, RuleID.importNote))")
        XCTAssertEqual(messages(result, TargetSizeRule.id), ["'share' is reachable on 44×44 dp (121×121 px); minimum is 48×48 dp (android)"])
    }

    // MARK: Web content

    /// A Firefox page: GeckoView's document node is as large as the page, and
    /// DOM boxes hang out of their parents (a menu below the header box).
    private var webPage: String {
        droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.FrameLayout", [0, 72, 1080, 1776], #""resource_id": "org.mozilla.firefox:id/engineView""#),
            (1, "android.webkit.WebView", [0, 72, 4320, 6216], #""clickable": true"#),
            (2, "android.view.View", [12, 83, 273, 227], ""),
            (3, "android.view.View", [0, 285, 1080, 477], #""clickable": true, "content_description": "Phones""#),
            (3, "android.widget.Button", [12, 480, 60, 528], #""clickable": true, "content_description": "Tiny""#),
            (2, "android.view.View", [600, 700, 660, 760], #""clickable": true, "content_description": "Alone""#),
        ])
    }

    func testWebContentIsHitTestedTheWebWayAndMeasuredAgainstWCAG() throws {
        // Web content is checked for size (as warnings) unless asked not to.
        let folder = try TemporaryFolder()
        let state = try folder.write("state.json", webPage)
        let config = try folder.write("web.yml", "rules:\n  target-size: {webContent: false}\n")
        let off = runCommand(["--config", config, "--scale", "3", state])
        XCTAssertTrue(off.output.contains("in 1 file"), off.output)
        XCTAssertFalse(off.output.contains("web content"), off.output)
        let run = runCommand(["--scale", "3", "--format", "json", state])
        XCTAssertTrue(run.output.contains(#""severity": "warning""#), run.output)
        XCTAssertTrue(run.output.contains("web content 'Tiny' is reachable on 16×16 px; minimum is 24×24 px (wcag-aa, web content)"), run.output)
        XCTAssertEqual(run.output.components(separatedBy: "\"rule\": \"target-size\"").count - 1, 1, run.output)

        let result = try lint(webPage, ["--scale", "3"])
        // The menu entry outside its parent box is reachable: no box gates it.
        XCTAssertEqual(messages(result, UnreachableTargetRule.id), [])
        XCTAssertEqual(messages(result, ClippedTargetRule.id), [])
        XCTAssertEqual(messages(result, OverlappingHitAreasRule.id), [])
        // Above: 'Tiny' (16×16 CSS px, 9 px below 'Phones') is under WCAG 2.2 AA's 24, a warning;
        // 'Alone' (20×20) has no neighbour within 12 px: the spacing exception lets it pass. The
        // page (the WebView node) is no control of its own.
        let (layout, _) = Importers.importLayout(.droidbot, document: try JSONParser.parse(SourceText(webPage)), options: ImportOptions(scale: 3))
        XCTAssertEqual(layout.nodes.filter(\.isWebContent).count, 5)
        let geometry = Geometry(layout: layout)
        let phones = try XCTUnwrap(layout.index(named: "Phones"))
        XCTAssertEqual(geometry.hitTest(x: 100, y: 120), .target(phones))
    }

    /// A page's controls are focusable; a clickable element that is not is one
    /// a script listens on (a notice's box, an image): no target, as in axe-core.
    func testOnlyFocusableWebElementsAreTargets() throws {
        let page = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.webkit.WebView", [0, 72, 1080, 1776], #""clickable": true, "focusable": true"#),
            // A notice whose box listens for clicks, with a 20 px close button in its corner.
            (1, "android.view.View", [60, 100, 1020, 700], #""clickable": true, "focusable": false, "content_description": "notice""#),
            (2, "android.widget.Button", [930, 130, 990, 190], #""clickable": true, "focusable": true, "content_description": "Close""#),
            // An empty image a script listens on, and two links 19 px tall, 21 px apart.
            (1, "android.widget.Image", [48, 1302, 144, 1350], #""clickable": true, "focusable": false"#),
            (1, "android.view.View", [150, 1000, 450, 1057], #""clickable": true, "focusable": true, "content_description": "1. About""#),
            (1, "android.view.View", [150, 1063, 450, 1120], #""clickable": true, "focusable": true, "content_description": "2. Install""#),
        ])
        let result = try lint(page, ["--scale", "3"])
        XCTAssertEqual(result.diagnostics.filter { $0.rule == TargetSizeRule.id }.compactMap(\.node), ["1. About", "2. Install"],
                       "the close button alone passes the spacing exception; the image is no target")
        XCTAssertTrue(messages(result, TargetSizeRule.id).allSatisfy { $0.hasPrefix("web content '") })
    }

    // MARK: Modal layers

    func testAnOpenDrawerPutsTheContentBehindItOutOfPlay() throws {
        let text = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "androidx.drawerlayout.widget.DrawerLayout", [0, 72, 1080, 1920], ""),
            (1, "android.view.ViewGroup", [0, 72, 1080, 1920], ""),
            (2, "android.widget.ImageButton", [20, 100, 80, 160], #""clickable": true, "resource_id": "com.example:id/behind""#),
            (2, "android.widget.Button", [900, 1000, 960, 1060], #""clickable": true, "resource_id": "com.example:id/beside""#),
            (1, "android.widget.LinearLayout", [0, 72, 840, 1920], #""resource_id": "com.example:id/drawer""#),
            (5, "android.widget.Button", [0, 300, 840, 444], #""clickable": true, "resource_id": "com.example:id/entry""#),
        ])
        let result = try lint(text, ["--scale", "3"])
        XCTAssertEqual(messages(result, TargetSizeRule.id), [], "behind the drawer: inactive")
        XCTAssertTrue(messages(result, RuleID.importNote).contains(
            "'drawer' is an open navigation drawer, and its scrim takes every touch beside it: a modal layer; the 2 targets behind it are inactive while it shows and not checked"))
        // Closed (no drawer child shown): the content is checked.
        let closed = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "androidx.drawerlayout.widget.DrawerLayout", [0, 72, 1080, 1920], ""),
            (1, "android.view.ViewGroup", [0, 72, 1080, 1920], ""),
            (2, "android.widget.ImageButton", [20, 100, 80, 160], #""clickable": true, "resource_id": "com.example:id/behind""#),
        ])
        XCTAssertEqual(try lint(closed, ["--scale", "3"]).diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.node), ["behind"])
    }

    func testAFullScreenLayerThatTakesTouchesIsAModal() throws {
        let text = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.ImageButton", [20, 100, 80, 160], #""clickable": true, "resource_id": "com.example:id/behind""#),
            (0, "android.view.View", [0, 0, 1080, 1920], #""clickable": true, "resource_id": "com.example:id/scrim""#),
            (0, "android.widget.Button", [100, 800, 980, 944], #""clickable": true, "resource_id": "com.example:id/ok""#),
        ])
        let result = try lint(text, ["--scale", "3"])
        XCTAssertEqual(result.diagnostics.filter { $0.severity != .info }.map(\.message), [])
        XCTAssertTrue(messages(result, RuleID.importNote).contains {
            $0.hasPrefix("'scrim' covers the screen and takes every touch: a modal layer") && $0.hasSuffix("the 1 target behind it is inactive while it shows and not checked")
        }, "\(messages(result, RuleID.importNote))")
        // A smaller layer is no modal: the button under it is reported as covered.
        let partial = text.replacingOccurrences(of: "[[0, 0], [1080, 1920]], \"visible\": true, \"package\": \"com.example\", \"clickable\": true, \"resource_id\": \"com.example:id/scrim\"",
                                                with: "[[0, 0], [1080, 600]], \"visible\": true, \"package\": \"com.example\", \"clickable\": true, \"resource_id\": \"com.example:id/scrim\"")
        XCTAssertNotEqual(partial, text)
        XCTAssertEqual(try lint(partial, ["--scale", "3"]).diagnostics.filter { $0.rule == UnreachableTargetRule.id }.map(\.node), ["behind"])
    }

    // MARK: Parts of controls

    func testPartsOfAClickableViewAreItsAndDisabledListRowsAreNoControls() throws {
        let text = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            // A preference row: its switch is only checkable, its title a clickable text.
            (0, "android.widget.LinearLayout", [0, 300, 1080, 468], #""clickable": true, "resource_id": "com.example:id/row""#),
            (1, "android.widget.TextView", [60, 340, 700, 400], #""clickable": true, "resource_id": "com.example:id/title""#),
            (1, "android.widget.Switch", [900, 350, 1020, 420], #""checkable": true, "resource_id": "com.example:id/toggle""#),
            // A ListView's section header, which it marks clickable and disabled; a disabled button.
            (0, "android.widget.ListView", [0, 600, 1080, 1400], #""scrollable": true"#),
            (4, "android.widget.TextView", [0, 700, 1080, 790], #""clickable": true, "enabled": false, "resource_id": "android:id/title""#),
            (0, "android.widget.Button", [100, 1500, 400, 1590], #""clickable": true, "enabled": false, "resource_id": "com.example:id/later""#),
        ])
        let (layout, _) = Importers.importLayout(.droidbot, document: try JSONParser.parse(SourceText(text)), options: ImportOptions(scale: 3))
        XCTAssertEqual(layout.node(named: "row")?.isTarget, true)
        XCTAssertEqual(layout.node(named: "title")?.isTarget, false, "a clickable text in a clickable row is the row's")
        XCTAssertEqual(layout.node(named: "toggle")?.isTarget, false, "a checkable-only switch in a clickable row is the row's")
        XCTAssertEqual(layout.node(named: "title[2]")?.isTarget, false, "a disabled ListView row is no control")
        XCTAssertEqual(layout.node(named: "later")?.isTarget, true, "a disabled button is still checked, as ATF does")
        XCTAssertEqual(layout.node(named: "ListView")?.isScrollable, true)
        XCTAssertEqual(try lint(text, ["--scale", "3"]).diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.node), ["later"])
    }

    // MARK: Edges

    func testAViewStartingAtTheScreensFarEdgeIsOffTheScreen() throws {
        // At 2.625 px per dp, 1080 px converted on one side only left a sliver of rounding error.
        let text = droidbot(width: 1080, height: 1080, [
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1080], ""),
            (0, "android.view.View", [0, 1080, 1080, 1300], #""clickable": true, "resource_id": "com.example:id/below""#),
        ])
        let result = try lint(text, ["--scale", "2.625"])
        XCTAssertEqual(result.diagnostics.filter { $0.severity != .info }.map(\.message), [])
        XCTAssertTrue(messages(result, RuleID.importNote).contains("left out 1 view that cannot be touched: 1 entirely off the screen"))
    }

    func testNoMessageNamesAnEmptyList() {
        XCTAssertEqual(namedFew([]), "")
        // The unreachable rule says nothing about a target no view covers and no touch reaches.
        var layout = Layout(document: Document(source: SourceText("")))
        var root = LayoutNode()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.subtreeEnd = 2
        var sliver = LayoutNode()
        sliver.parent = 0
        sliver.subtreeEnd = 2
        sliver.isTarget = true
        sliver.frame = Rect(minX: 0, minY: 100 - 1e-13, maxX: 100, maxY: 100)
        layout.nodes = [root, sliver]
        layout.importedNames = ["screen", "sliver"]
        let context = RuleContext(layout: layout, geometry: Geometry(layout: layout), options: LintOptions())
        XCTAssertEqual(UnreachableTargetRule().check(context).map(\.message), [])
    }

    // MARK: Flutter

    private func flutter(_ body: String) -> String {
        #"""
        {"rendering_system": "flutter", "windows": [
          {"type": "RootWidget", "depth": 1, "children": [
            {"type": "MediaQuery", "width": 411.4, "height": 914.3, "children": [
        \#(body)
            ]}
          ]}
        ]}
        """#
    }

    func testAnIconButtonAndItsInkWellAreOneTargetOfTheButtonsSize() throws {
        let text = flutter(#"""
              {"type": "DrawerButton", "x": 359.4, "y": 33.1, "width": 48, "height": 48, "children": [
                {"type": "IconButton", "x": 359.4, "y": 33.1, "width": 48, "height": 48, "children": [
                  {"type": "InkWell", "x": 363.4, "y": 37.1, "width": 40, "height": 40, "children": [
                    {"type": "GestureDetector", "x": 363.4, "y": 37.1, "width": 40, "height": 40}
                  ]}
                ]}
              ]}
        """#)
        let result = try lint(text)
        XCTAssertEqual(result.diagnostics.filter { $0.severity != .info }.map(\.message), [])
        let (layout, _) = Importers.importLayout(.sentry, document: try JSONParser.parse(SourceText(text)), options: ImportOptions())
        XCTAssertEqual(layout.nodes.filter(\.isTarget).count, 1)
        XCTAssertEqual(layout.nodes.first(where: \.isTarget)?.frame.width, 48)
        // An InkWell alone (a ListTile's) is a target of its own size.
        let alone = try lint(flutter(#"{"type": "InkWell", "x": 10, "y": 100, "width": 40, "height": 40}"#))
        XCTAssertEqual(messages(alone, TargetSizeRule.id), ["'InkWell' is reachable on 40×40 dp; minimum is 48×48 dp (android)"])
    }

    func testClipWidgetsClipAndTheScreenIsTheRootViewNotItsOverflow() throws {
        // A bottom bar: the Stack is 60 high, its ClipRect cuts what the Row's buttons draw above it,
        // and the buttons reach 2.5 below the screen.
        let text = flutter(#"""
              {"type": "ClipRect", "y": 854.3, "width": 411.4, "height": 60, "children": [
                {"type": "Stack", "y": 854.3, "width": 411.4, "height": 60, "children": [
                  {"type": "Row", "y": 829.3, "width": 411.4, "height": 100, "children": [
                    {"type": "NavButton", "x": 0, "y": 841.8, "width": 82.3, "height": 75, "children": [
                      {"type": "GestureDetector", "y": 841.8, "width": 82.3, "height": 75}
                    ]},
                    {"type": "NavButton", "x": 82.3, "y": 841.8, "width": 82.3, "height": 75, "children": [
                      {"type": "GestureDetector", "x": 82.3, "y": 841.8, "width": 82.3, "height": 75}
                    ]}
                  ]}
                ]}
              ]},
              {"type": "Positioned", "x": 164.6, "y": 923.3, "width": 82.3, "height": 46}
        """#)
        let result = try lint(text)
        XCTAssertEqual(messages(result, ClippedTargetRule.id), [], "the part above the Stack is clipped: not seen")
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("2.5") })
        let (layout, _) = Importers.importLayout(.sentry, document: try JSONParser.parse(SourceText(text)), options: ImportOptions())
        XCTAssertEqual(layout.nodes[0].frame, Rect(x: 0, y: 0, width: 411.4, height: 914.3))
        XCTAssertEqual(layout.node(named: "ClipRect")?.clipsToBounds, true)
    }

    func testAnOpenDrawersGestureDetectorIsAModal() throws {
        let text = flutter(#"""
              {"type": "IconButton", "x": 8, "y": 30, "width": 30, "height": 30},
              {"type": "DrawerController", "width": 411.4, "height": 914.3, "children": [
                {"type": "GestureDetector", "identifier": "[GlobalKey#299b4]", "width": 411.4, "height": 914.3, "children": [
                  {"type": "Drawer", "x": 107.4, "width": 304, "height": 914.3, "children": [
                    {"type": "InkWell", "x": 107.4, "y": 222, "width": 304, "height": 64}
                  ]}
                ]}
              ]}
        """#)
        let result = try lint(text)
        XCTAssertEqual(result.diagnostics.filter { $0.severity != .info }.map(\.message), [])
        XCTAssertTrue(messages(result, RuleID.importNote).contains {
            $0.hasPrefix("'[GlobalKey#299b4]' covers the screen and takes every touch") && $0.hasSuffix("the 1 target behind it is inactive while it shows and not checked")
        }, "\(messages(result, RuleID.importNote))")
    }

    func testACaptureWithoutWindowsIsEmptyNotInvalid() throws {
        let text = #"{"rendering_system": "flutter"}"#
        let result = try lint(text)
        XCTAssertEqual(result.fileKind, .sentry)
        XCTAssertEqual(result.diagnostics.map(\.rule), [RuleID.importNote])
        XCTAssertTrue(result.diagnostics[0].message.hasPrefix("the capture has no windows"))
        XCTAssertEqual(try lint(text, ["--from", "sentry"]).diagnostics.map(\.rule), [RuleID.importNote])
    }
}
