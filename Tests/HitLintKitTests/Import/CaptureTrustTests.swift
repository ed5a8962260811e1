import XCTest
@testable import HitLintKit

/// What real captures tricked the rules into (issue 37): a stacking order read
/// from the accessibility order across layers and scroll positions, targets
/// flush with a scroll container's edge left unchecked, clickable texts folded
/// into a page, and views the capture calls clickable that are no controls.
/// Each case is a minimal capture written here, after what real captures do.
final class CaptureTrustTests: XCTestCase {
    /// A DroidBot state at 3 px per dp: `views` as (parent, class, bounds, extra fields), in pre-order.
    private func droidbot(_ views: [(parent: Int, cls: String, bounds: [Int], extra: String)]) -> String {
        var children = [[Int]](repeating: [], count: views.count)
        for (index, view) in views.enumerated() where view.parent >= 0 { children[view.parent].append(index) }
        let items = views.enumerated().map { index, view in
            let b = view.bounds
            let extra = view.extra.isEmpty ? "" : ", " + view.extra
            return #"{"temp_id": \#(index), "parent": \#(view.parent), "children": \#(children[index]), "class": "\#(view.cls)", "#
                + #""bounds": [[\#(b[0]), \#(b[1])], [\#(b[2]), \#(b[3])]], "visible": true, "package": "com.example"\#(extra)}"#
        }
        return "{\"width\": 1080, \"height\": 1920, \"views\": [\n" + items.joined(separator: ",\n") + "\n]}"
    }

    private func lint(_ text: String, format: SourceFormat = .json) throws -> LintResult {
        try TestSupport.lint(text, format: format, arguments: format == .json ? ["--scale", "3"] : [])
    }

    private func found(_ result: LintResult, _ rule: String, severity: Severity? = nil) -> [String] {
        result.diagnostics.filter { $0.rule == rule && (severity == nil ? $0.severity != .info : $0.severity == severity) }
            .compactMap(\.node)
    }

    private func notes(_ result: LintResult) -> [String] {
        result.diagnostics.filter { $0.rule == RuleID.importNote }.map(\.message)
    }

    // MARK: unreachable-target and the order of layers

    func testContentScrolledUnderAFloatingBarIsNotUnreachable() throws {
        let result = try lint(droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "androidx.recyclerview.widget.RecyclerView", [0, 0, 1080, 1920], #""scrollable": true"#),
            (1, "android.widget.LinearLayout", [0, 1500, 1080, 1650], #""clickable": true, "resource_id": "com.example:id/row""#),
            // A bottom bar floating over the list, with a button of its own.
            (0, "android.widget.LinearLayout", [0, 1440, 1080, 1920], #""clickable": true, "resource_id": "com.example:id/bar""#),
            (3, "android.widget.ImageButton", [900, 1700, 1044, 1844], #""clickable": true, "resource_id": "com.example:id/fab""#),
        ]))
        XCTAssertEqual(found(result, UnreachableTargetRule.id), [], "the row's place under the bar is the scroll position's")
    }

    func testAClickableTouchAreaAroundOneSmallControlIsItsHitAreaNotAThief() throws {
        let views: [(parent: Int, cls: String, bounds: [Int], extra: String)] = [
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.ImageView", [100, 300, 172, 372], #""clickable": true, "resource_id": "com.example:id/like""#),
            (0, "android.view.View", [64, 264, 208, 408], #""clickable": true, "resource_id": "com.example:id/like_touch_area""#),
        ]
        let result = try lint(droidbot(views))
        XCTAssertEqual(found(result, UnreachableTargetRule.id), [])
        // One much larger, or around a second control, still takes the touches of what it covers.
        var large = views
        large[2].bounds = [0, 200, 1080, 600]
        XCTAssertEqual(found(try lint(droidbot(large)), UnreachableTargetRule.id), ["like"])
        var two = views
        two.insert((0, "android.widget.ImageView", [120, 380, 150, 400], #""clickable": true, "resource_id": "com.example:id/count""#), at: 2)
        XCTAssertEqual(found(try lint(droidbot(two)), UnreachableTargetRule.id).sorted(), ["count", "like"])
        // A control of the very same frame drawn over it is another control, not a hit area.
        var same = views
        same[2].bounds = [100, 300, 172, 372]
        XCTAssertEqual(found(try lint(droidbot(same)), UnreachableTargetRule.id), ["like"])
    }

    func testCoveringInferredOnlyFromTheOrderOfWindowsOrFullSizeLayersIsANote() throws {
        // Two windows (DroidBot's synthetic root over them): a dialog listed
        // first, the app after it; which is in front the order does not say.
        let windows = try lint(droidbot([
            (-1, "", [0, 0, 0, 0], ""),
            (0, "android.widget.FrameLayout", [90, 700, 990, 1200], ""),
            (1, "android.widget.Button", [600, 1050, 960, 1194], #""clickable": true, "resource_id": "com.example:id/ok""#),
            (0, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (3, "android.widget.LinearLayout", [0, 1000, 1080, 1300], #""clickable": true, "resource_id": "com.example:id/row""#),
            (3, "android.widget.LinearLayout", [0, 1300, 1080, 1600], #""clickable": true, "resource_id": "com.example:id/row2""#),
        ]))
        XCTAssertEqual(found(windows, UnreachableTargetRule.id), [], "no warning or error")
        XCTAssertEqual(found(windows, UnreachableTargetRule.id, severity: .info), ["ok"])
        XCTAssertTrue(windows.diagnostics.contains { $0.rule == UnreachableTargetRule.id && $0.message.contains("does not say which is drawn on top") })
        // A player and a hidden layer of controls listed after it, both full-size in one view.
        let layers = try lint(droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.widget.FrameLayout", [0, 200, 1080, 800], #""resource_id": "com.example:id/player_frame""#),
            (1, "android.widget.FrameLayout", [0, 200, 1080, 800], #""resource_id": "com.example:id/player""#),
            (2, "android.widget.ImageButton", [480, 440, 624, 584], #""clickable": true, "resource_id": "com.example:id/play""#),
            (1, "android.widget.FrameLayout", [0, 200, 1080, 800], #""resource_id": "com.example:id/controls""#),
            (4, "android.view.View", [0, 200, 1080, 700], #""clickable": true, "resource_id": "com.example:id/seek_area""#),
            (4, "android.widget.ImageButton", [960, 700, 1080, 800], #""clickable": true, "resource_id": "com.example:id/full""#),
        ]))
        XCTAssertEqual(found(layers, UnreachableTargetRule.id), [])
        XCTAssertEqual(found(layers, UnreachableTargetRule.id, severity: .info), ["play"])
    }

    // MARK: Scroll edges

    func testATargetFlushWithAScrollersEdgeIsCheckedUnlessItMayBeScrolledOut() throws {
        let result = try lint(droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            // A horizontal scroller whose header row of buttons is flush with its top.
            (0, "android.widget.HorizontalScrollView", [0, 300, 1080, 900], #""scrollable": true"#),
            (1, "android.widget.LinearLayout", [0, 300, 1080, 900], ""),
            (2, "android.widget.LinearLayout", [0, 300, 1080, 420], ""),
            (3, "android.widget.Button", [30, 300, 510, 420], #""clickable": true, "resource_id": "com.example:id/sort_name""#),
            // Flush with the right edge, across which it scrolls: it may be cut.
            (3, "android.widget.Button", [960, 300, 1080, 420], #""clickable": true, "resource_id": "com.example:id/sort_date""#),
            (2, "android.widget.LinearLayout", [0, 420, 1080, 900], ""),
        ]))
        XCTAssertEqual(found(result, TargetSizeRule.id), ["sort_name"], "flush with the top of a sideways scroller: measured")
        let note = try XCTUnwrap(result.diagnostics.first { $0.rule == TargetSizeRule.id && $0.severity == .info })
        XCTAssertEqual(note.uncheckedTargets, 1)
        XCTAssertEqual(note.node, "sort_date")
        XCTAssertTrue(note.message.hasPrefix("1 target is too small as shown but not checked: partly scrolled out"), note.message)
        let stats = RunStatistics(results: [result], shown: [result], hiddenByBaseline: 0, jobs: 1, seconds: 0)
        XCTAssertTrue(stats.text.contains("targets not size-checked: 1 (partly scrolled out at a scrolling container's edge)"), stats.text)
    }

    func testTheDaysOfAMonthPagerFlushWithItsTopAndBottomAreChecked() throws {
        // A pager scrolls sideways, whatever its week rows span.
        let result = try lint(droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "androidx.viewpager.widget.ViewPager", [0, 300, 1080, 660], #""scrollable": true"#),
            (1, "android.widget.LinearLayout", [0, 300, 1080, 660], ""),
            (2, "android.widget.LinearLayout", [0, 300, 1080, 420], ""),
            (3, "android.widget.TextView", [480, 300, 600, 420], #""clickable": true, "resource_id": "com.example:id/day", "text": "1""#),
            (2, "android.widget.LinearLayout", [0, 420, 1080, 540], ""),
            (5, "android.widget.TextView", [480, 420, 600, 540], #""clickable": true, "resource_id": "com.example:id/day", "text": "8""#),
            (2, "android.widget.LinearLayout", [0, 540, 1080, 660], ""),
            (7, "android.widget.TextView", [480, 540, 600, 660], #""clickable": true, "resource_id": "com.example:id/day", "text": "15""#),
        ]))
        XCTAssertEqual(found(result, TargetSizeRule.id), ["day", "day[2]", "day[3]"])
    }

    func testXCUITestFramesAreWholeSoACellFlushWithItsTableIsChecked() throws {
        let xml = """
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" x="0" y="0" width="390" height="844">
          <XCUIElementTypeTable type="XCUIElementTypeTable" x="0" y="100" width="390" height="600" visible="true">
            <XCUIElementTypeCell type="XCUIElementTypeCell" name="first" x="0" y="100" width="390" height="30" visible="true"/>
            <XCUIElementTypeCell type="XCUIElementTypeCell" name="second" x="0" y="130" width="390" height="44" visible="true"/>
            <XCUIElementTypeCell type="XCUIElementTypeCell" name="cut" x="0" y="680" width="390" height="30" visible="true"/>
          </XCUIElementTypeTable>
        </XCUIElementTypeApplication>
        """
        let result = try lint(xml, format: .xml)
        XCTAssertEqual(found(result, TargetSizeRule.id), ["first"], "'cut' hangs below the table: partly scrolled out")
        XCTAssertEqual(found(result, ClippedTargetRule.id), [], "a table clips what it draws")
    }

    // MARK: Clickable texts merged into what is around them

    func testAClickableTextIsPartOnlyOfAClickableViewCloseByOfAboutItsSize() throws {
        let text = droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], #""clickable": true, "resource_id": "com.example:id/page""#),
            (0, "android.widget.LinearLayout", [0, 200, 1080, 1900], ""),
            (1, "android.widget.TextView", [800, 220, 1040, 280], #""clickable": true, "resource_id": "com.example:id/sort_by", "text": "Sort by""#),
            // A spinner's selected item: the spinner's.
            (1, "android.widget.Spinner", [40, 300, 480, 450], #""clickable": true, "resource_id": "com.example:id/spinner""#),
            (3, "android.widget.TextView", [60, 330, 420, 420], #""clickable": true, "resource_id": "com.example:id/item", "text": "Mute""#),
        ])
        let (layout, _) = Importers.importLayout(.droidbot, document: try JSONParser.parse(SourceText(text)), options: ImportOptions(scale: 3))
        XCTAssertEqual(layout.node(named: "sort_by")?.isTarget, true, "a small text in a clickable page is a control of its own")
        XCTAssertEqual(layout.node(named: "item")?.isTarget, false, "a spinner's item is the spinner's")
        XCTAssertEqual(found(try lint(text), TargetSizeRule.id), ["sort_by"])
    }

    // MARK: Views that are no controls

    func testStripsEmptyTextsSelectableTextsAndDisabledListItemsAreNoControls() throws {
        let result = try lint(droidbot([
            (-1, "android.widget.FrameLayout", [0, 0, 1080, 1920], ""),
            (0, "android.view.View", [0, 400, 1080, 406], #""clickable": true, "resource_id": "com.example:id/underline""#),
            (0, "android.widget.TextView", [100, 500, 130, 560], #""clickable": true, "resource_id": "com.example:id/dot", "text": "•""#),
            (0, "android.widget.TextView", [200, 500, 260, 560], #""clickable": true, "resource_id": "com.example:id/blank", "text": """#),
            (0, "android.widget.TextView", [40, 600, 1040, 660], #""clickable": true, "long_clickable": true, "resource_id": "com.example:id/body", "text": "Terms apply""#),
            (0, "android.widget.EditText", [40, 700, 1040, 790], #""clickable": true, "long_clickable": true, "resource_id": "com.example:id/field", "text": "Name""#),
            (0, "android.widget.TextView", [40, 800, 140, 860], #""clickable": true, "resource_id": "com.example:id/heart", "text": "♥""#),
            // Links are made clickable and long-clickable as selectable texts are.
            (0, "android.widget.TextView", [300, 800, 900, 880], #""clickable": true, "long_clickable": true, "resource_id": "com.example:id/site", "text": "https://example.com/app""#),
            // A page indicator's dots: disabled tabs of a scroller.
            (0, "android.widget.HorizontalScrollView", [0, 1000, 1080, 1140], #""scrollable": true"#),
            (8, "android.widget.LinearLayout", [0, 1000, 1080, 1140], ""),
            (9, "android.widget.LinearLayout", [480, 1000, 540, 1140], #""clickable": true, "enabled": false"#),
            (9, "android.widget.LinearLayout", [540, 1000, 600, 1140], #""clickable": true, "enabled": false"#),
        ]))
        XCTAssertEqual(found(result, TargetSizeRule.id).sorted(), ["field", "heart", "site"])
        XCTAssertTrue(notes(result).contains("6 views the capture marks as targets are taken for no control and not checked: "
            + "2 texts that show nothing or only punctuation, with no description, 1 selectable texts (clickable and long-clickable, not an editor), "
            + "2 disabled list items (a section header, a divider, a page indicator's dots) and 1 thinner than 4 pt (a strip or a line)"),
            "\(notes(result))")
    }

    func testAReadOnlyXCUITestTextViewIsNoControl() throws {
        let xml = """
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" x="0" y="0" width="390" height="844">
          <XCUIElementTypeTextView type="XCUIElementTypeTextView" value="Our privacy policy was updated." x="20" y="100" width="350" height="30" visible="true"/>
          <XCUIElementTypeTextView type="XCUIElementTypeTextView" name="notes" label="Notes" value="" x="20" y="200" width="350" height="30" visible="true"/>
        </XCUIElementTypeApplication>
        """
        XCTAssertEqual(found(try lint(xml, format: .xml), TargetSizeRule.id), ["notes"])
    }

    // MARK: dead-gap

    func testAGapFilledByASeparatorBetweenGroupsIsDesign() throws {
        let yaml = """
        root:
          frame: [0, 0, 390, 844]
          children:
            - id: settings
              type: stack
              axis: vertical
              frame: [0, 100, 390, 98]
              children:
                - {id: wifi, type: button, size: [390, 44]}
                - {id: band, size: [390, 10]}
                - {id: bluetooth, type: button, size: [390, 44]}
            - id: more
              type: stack
              axis: vertical
              spacing: 5
              frame: [0, 300, 390, 99]
              children:
                - {id: sounds, type: button, size: [390, 44]}
                - {id: hairline, size: [390, 1]}
                - {id: display, type: button, size: [390, 44]}
        """
        let result = try lint(yaml, format: .yaml)
        // A 1 pt line in an 11 pt gap fills none of it: the taps beside it are lost.
        XCTAssertEqual(found(result, DeadGapRule.id), ["sounds"], "\(result.diagnostics.map(\.message))")
    }
}
