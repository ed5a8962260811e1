import XCTest
@testable import HitLintKit

final class LayoutTests: XCTestCase {
    private func node(_ layout: Layout, _ id: String) -> LayoutNode {
        let index = (0..<layout.nodes.count).first { layout.name(of: $0) == id }!
        return layout.nodes[index]
    }

    /// Many ids, many repeated: checked in several groups (ids are split by
    /// hash into groups of about 4,096) and every repeat is found, pointing at
    /// the line of the first use, in file order.
    func testDuplicateIDsAmongThousands() throws {
        var text = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 100, 100], \"children\": [\n"
        for index in 0..<10_000 {
            text += (index == 0 ? "" : ",\n") + "{\"id\": \"v\(index % 3_000)\", \"frame\": [0, 0, 1, 1]}"
        }
        text += "\n]}}\n"
        let document = try JSONParser.parse(SourceText(text))
        let (_, diagnostics) = LayoutBuilder.build(document)
        let duplicates = diagnostics.filter { $0.rule == RuleID.duplicateID }
        XCTAssertEqual(duplicates.count, 7_000)
        // v7 is first on line 9 (the root is line 1), again on lines 3009, 6009 and 9009.
        let v7 = duplicates.filter { $0.node == "v7" }
        XCTAssertEqual(v7.count, 3)
        XCTAssertTrue(v7.allSatisfy { $0.message.contains("(first used on line 9)") }, "\(v7.map(\.message))")
        XCTAssertEqual(v7.map(\.nodeIndex), [3_008, 6_008, 9_008])
        XCTAssertEqual(Set(duplicates.compactMap(\.node)).count, 3_000)
        XCTAssertEqual(duplicates.map(\.span.start), duplicates.map(\.span.start).sorted(), "in file order")
    }

    func testDefaultsByType() throws {
        let (layout, diagnostics) = try TestSupport.layout("""
        root:
          frame: [0, 0, 100, 100]
          children:
            - {id: b, type: Button, frame: [0, 0, 10, 10]}
            - {id: l, type: label, frame: [0, 0, 10, 10]}
            - {id: i, type: imageView, frame: [0, 0, 10, 10], userInteractionEnabled: true}
            - {id: v, type: view, frame: [0, 0, 10, 10], interactive: true}
            - {id: s, type: segmentedControl, frame: [0, 0, 10, 10], interactive: false}
        """)
        XCTAssertEqual(diagnostics, [])
        XCTAssertTrue(node(layout, "b").isTarget)
        XCTAssertTrue(node(layout, "b").userInteractionEnabled)
        XCTAssertFalse(node(layout, "l").userInteractionEnabled)
        XCTAssertTrue(node(layout, "i").userInteractionEnabled)
        XCTAssertTrue(node(layout, "v").isTarget)
        XCTAssertFalse(node(layout, "s").isTarget)
    }

    func testUnitsConvertToPoints() throws {
        let (mm, _) = try TestSupport.layout("units: mm\nroot: {id: r, frame: [0, 0, 9, 5]}")
        XCTAssertEqual(mm.nodes[0].frame.width, 57.76, accuracy: 0.005)
        XCTAssertEqual(mm.nodes[0].frame.height, 32.09, accuracy: 0.005)
        let (ipad, _) = try TestSupport.layout("units: mm\ndevice: ipad\nroot: {id: r, frame: [0, 0, 25.4, 1]}")
        XCTAssertEqual(ipad.nodes[0].frame.width, 132, accuracy: 1e-9)
        let (px, _) = try TestSupport.layout("units: px\nscale: 3\nroot: {id: r, frame: [0, 0, 132, 150], hitInsets: -30}")
        XCTAssertEqual(px.nodes[0].frame.width, 44, accuracy: 1e-9)
        XCTAssertEqual(px.hitInsets(of: 0), EdgeInsets(all: -10))
    }

    func testHitSlopIsNegatedIntoHitInsets() throws {
        let (layout, _) = try TestSupport.layout("root: {frame: [0, 0, 20, 20], hitSlop: {top: 10, left: 4}}")
        XCTAssertEqual(layout.hitInsets(of: 0), EdgeInsets(top: -10, left: -4, bottom: 0, right: 0))
    }

    /// Hit insets and alpha live in a side table (`Layout.extras`); nodes
    /// without them read as zero insets and alpha 1, and UIKit's alpha < 0.01
    /// cut is decided on the value as written.
    func testInsetsAndAlphaOnlyWhereGiven() throws {
        let (layout, _) = try TestSupport.layout("""
        root:
          frame: [0, 0, 100, 100]
          children:
            - {id: plain, type: button, frame: [0, 0, 44, 44]}
            - {id: faint, type: button, frame: [0, 50, 44, 44], alpha: 0.01, hitInsets: -2}
            - {id: gone, type: button, frame: [50, 0, 44, 44], alpha: 0.0099}
            - {id: both, type: button, frame: [50, 50, 44, 44], hitSlop: 3, alpha: 0.5}
        """)
        let index = { (id: String) in layout.nodes.indices.first { layout.name(of: $0) == id }! }
        XCTAssertEqual(layout.hitInsets(of: index("plain")), .zero)
        XCTAssertEqual(layout.alpha(of: index("plain")), 1)
        XCTAssertEqual(layout.nodes[index("plain")].extrasIndex, -1, "nothing stored for a plain node")
        XCTAssertEqual(layout.hitInsets(of: index("faint")), EdgeInsets(all: -2))
        XCTAssertEqual(layout.alpha(of: index("faint")), 0.01)
        XCTAssertFalse(layout.nodes[index("faint")].isTransparent)
        XCTAssertTrue(layout.nodes[index("gone")].isTransparent)
        XCTAssertEqual(layout.hitInsets(of: index("gone")), .zero)
        XCTAssertEqual(layout.hitInsets(of: index("both")), EdgeInsets(all: -3))
        XCTAssertEqual(layout.alpha(of: index("both")), 0.5)
        let geometry = Geometry(layout: layout)
        XCTAssertFalse(geometry.isInvisible[index("faint")])
        XCTAssertTrue(geometry.isInvisible[index("gone")])
        XCTAssertEqual(geometry.hitRect(index("faint")), Rect(minX: -2, minY: 48, maxX: 46, maxY: 96))
    }

    func testRelativeAndAbsoluteCoordinates() throws {
        let relative = """
        root:
          frame: [10, 20, 300, 300]
          children:
            - id: card
              frame: [5, 5, 100, 100]
              children:
                - {id: b, frame: [1, 2, 10, 10]}
        """
        let (layout, _) = try TestSupport.layout(relative)
        XCTAssertEqual(node(layout, "b").frame, Rect(x: 16, y: 27, width: 10, height: 10))
        let (absolute, _) = try TestSupport.layout("coordinates: absolute\n" + relative)
        XCTAssertEqual(node(absolute, "b").frame, Rect(x: 1, y: 2, width: 10, height: 10))
    }

    func testStackLayoutAlongAxisWithAlignment() throws {
        let (layout, diagnostics) = try TestSupport.layout("""
        root:
          frame: [0, 0, 400, 400]
          children:
            - id: row
              type: stack
              axis: horizontal
              spacing: 10
              alignment: center
              frame: [100, 50, 200, 40]
              children:
                - {id: a, size: [30, 20]}
                - {id: gone, size: [30, 20], hidden: true}
                - {id: b, size: [40, 40]}
            - id: column
              type: stack
              axis: vertical
              frame: [0, 200, 100, 200]
              children:
                - {id: c, size: [10, 30]}
                - {id: d, size: [10, 30]}
        """)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(node(layout, "a").frame, Rect(x: 100, y: 60, width: 30, height: 20))
        // A hidden arranged view takes no space, as in UIStackView.
        XCTAssertEqual(node(layout, "b").frame, Rect(x: 140, y: 50, width: 40, height: 40))
        // fill (the default) stretches across the axis.
        XCTAssertEqual(node(layout, "c").frame, Rect(x: 0, y: 200, width: 100, height: 30))
        XCTAssertEqual(node(layout, "d").frame, Rect(x: 0, y: 230, width: 100, height: 30))
    }

    func testSubtreeIntervalsAndNames() throws {
        let (layout, _) = try TestSupport.layout("""
        root:
          frame: [0, 0, 10, 10]
          children:
            - id: a
              frame: [0, 0, 1, 1]
              children:
                - {frame: [0, 0, 1, 1]}
            - {frame: [0, 0, 1, 1]}
        """)
        XCTAssertEqual(layout.nodes.map(\.subtreeEnd), [4, 3, 3, 4])
        XCTAssertEqual((0..<4).map { layout.name(of: $0) }, ["root", "a", "a/children[0]", "root/children[1]"])
        XCTAssertTrue(layout.isAncestor(1, of: 2))
        XCTAssertFalse(layout.isAncestor(1, of: 3))
    }

    /// `id: ""` names nothing: such a node is named by its path, as one with
    /// no id is, so two of them are two names in diagnostics and baselines
    /// (they were both `''`), and they are no duplicate ids.
    func testAnEmptyIDNamesTheNodeByItsPath() throws {
        let yaml = """
        root:
          id: screen
          frame: [0, 0, 390, 844]
          children:
            - {id: "", type: button, frame: [10, 10, 30, 30]}
            - {id: "", type: button, frame: [100, 10, 30, 30], children: [{id: '', frame: [0, 0, 1, 1]}]}

        """
        let (layout, _) = try TestSupport.layout(yaml)
        let expected = ["screen", "screen/children[0]", "screen/children[1]", "screen/children[1]/children[0]"]
        XCTAssertEqual((0..<4).map { layout.name(of: $0) }, expected)
        XCTAssertEqual(layout.allNames(), expected)
        XCTAssertEqual(layout.id(of: 1), "", "the id as written is kept")
        let result = try TestSupport.lint(yaml)
        XCTAssertEqual(result.diagnostics.map(\.rule), [TargetSizeRule.id, TargetSizeRule.id], "\(result.diagnostics.map(\.message))")
        XCTAssertEqual(result.diagnostics.map(\.node), ["screen/children[0]", "screen/children[1]"])
        XCTAssertEqual(Baseline(results: [result], currentDirectory: "/").entryCount, 2)
        let json = try TestSupport.lint(String(decoding: try YAMLParser.parse(SourceText(yaml)).jsonBytes(), as: UTF8.self), format: .json)
        XCTAssertEqual(json.diagnostics.map(\.node), ["screen/children[0]", "screen/children[1]"])
    }

    func testInvalidValuesAreReportedOnTheValue() throws {
        let text = """
        root:
          frame: [0, 0, 100, 100]
          alpha: 3
          children:
            - {id: a, frame: [0, 0, -5, 10], hidden: yes}
            - {id: b, size: [10, 10]}
            - {id: c}
        """
        let result = try TestSupport.lint(text)
        let found = result.diagnostics.map { diagnostic -> String in
            let location = result.source.location(of: diagnostic.span.start)
            return "\(location.line):\(location.column) \(diagnostic.rule) \(diagnostic.message)"
        }
        XCTAssertEqual(found, [
            "3:10 invalid-layout 'alpha' must be a number from 0 to 1, found 3",
            "5:29 invalid-layout 'frame width' must not be negative, found -5",
            "5:46 invalid-layout 'hidden' must be true or false, found string 'yes'",
            "6:15 invalid-layout 'size' only applies to children of a stack; give 'frame' [x, y, width, height]",
            "7:8 invalid-layout 'c' has no frame: give it 'frame' [x, y, width, height]",
        ])
    }

    func testDocumentLevelProblems() throws {
        XCTAssertEqual(try TestSupport.lint("platform: uikit").diagnostics.map(\.message), ["a layout needs a 'root' node"])
        XCTAssertEqual(try TestSupport.lint("[1, 2]").diagnostics.map(\.message), ["a layout must be a mapping with a 'root' node, found a list"])
        XCTAssertEqual(try TestSupport.lint("platform: ios\nroot: {frame: [0, 0, 1, 1]}").diagnostics.map(\.message),
                       ["'platform' must be one of uikit, android, web, found 'ios'"])
        XCTAssertEqual(try TestSupport.lint("units: px\nroot: {frame: [0, 0, 1, 1]}").diagnostics.map(\.message),
                       ["'units: px' needs 'scale' (px per pt, e.g. 3 for an iPhone at @3x)"])
        XCTAssertEqual(try TestSupport.lint("{\"root\": {\"frame\": [0, 0, 1e999, 1]}}", format: .json).diagnostics.map(\.message),
                       ["'frame width' must be a finite number, found 1e999"])
    }

    func testDuplicateJSONKeysNameBothLines() throws {
        let result = try TestSupport.lint("{\"root\": {\"frame\": [0, 0, 1, 1],\n \"frame\": [0, 0, 2, 2]}}", format: .json)
        XCTAssertEqual(result.diagnostics.map(\.message), ["duplicate key 'frame' (first on line 1, again on line 2)"])
        XCTAssertEqual(result.diagnostics.first?.rule, RuleID.invalidLayout)
    }

    func testUnknownKeySuggestsClosest() throws {
        let result = try TestSupport.lint("root: {frame: [0, 0, 1, 1], hitInset: -4, clipToBounds: true, zzzzzz: 1}")
        XCTAssertEqual(result.diagnostics.map(\.message), [
            "unknown key 'hitInset'; did you mean 'hitInsets'?",
            "unknown key 'clipToBounds'; did you mean 'clipsToBounds'?",
            "unknown key 'zzzzzz'",
        ])
    }

    func testDeepChainOfNodesBuildsWithoutRecursion() throws {
        var text = ""
        let depth = 20_000
        for _ in 0..<depth { text += "{\"frame\": [0, 0, 10, 10], \"children\": [" }
        text += "{\"type\": \"button\", \"frame\": [0, 0, 10, 10]}"
        for _ in 0..<depth { text += "]}" }
        let result = try TestSupport.lint("{\"root\": " + text + "}", format: .json)
        XCTAssertEqual(result.nodeCount, depth + 1)
        XCTAssertEqual(result.diagnostics.map(\.rule), [TargetSizeRule.id])
    }
}
