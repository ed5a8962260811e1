import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import HitLintKit

/// `hitlint render`: golden SVGs of a few examples, well-formed XML for all of
/// them, and what the picture claims about the geometry. After an intended
/// change, regenerate the goldens with `make generate` and look at them
/// (`make render-check` screenshots every example).
final class RenderTests: XCTestCase {
    static let goldenExamples = ["toolbar-stack.yaml", "overlap.yaml", "overlay.yaml", "dead-gap.yaml", "image-view-button.yaml"]
    private let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/render")

    /// Renders a file of `Examples/` under its repository-relative path, so the
    /// output does not depend on where the checkout is.
    private func input(example name: String, arguments: [String] = []) throws -> RenderInput {
        let url = TestSupport.packageRoot.appendingPathComponent("Examples").appendingPathComponent(name)
        let source = SourceText(bytes: [UInt8](try Data(contentsOf: url)))
        let options = try Arguments(parsing: arguments + ["x"]).lintOptions.resolved()
        return Linter(options: options).lintForRendering(source: source, format: SourceFormat(path: name)!, path: "Examples/" + name)
    }

    private func input(yaml: String) -> RenderInput {
        Linter().lintForRendering(source: SourceText(yaml), format: .yaml, path: "test.yaml")
    }

    private func examplePaths() -> [String] {
        let root = TestSupport.packageRoot.appendingPathComponent("Examples").path
        return FileWalker().files(in: [root]).files.map { String($0.dropFirst(root.count + 1)) }
    }

    // MARK: - Golden files

    func testSVGOfExamplesMatchesGoldenFiles() throws {
        let update = ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1"
        if update { try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true) }
        for name in Self.goldenExamples {
            let svg = SVGRenderer(try input(example: name)).svg()
            let file = fixtures.appendingPathComponent(name + ".svg")
            if update { try svg.write(to: file, atomically: true, encoding: .utf8) }
            let expected = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(svg, expected, "\(name): the SVG changed; if intended, regenerate with HITLINT_UPDATE_EXPECTED=1")
        }
    }

    func testRenderingIsDeterministic() throws {
        for name in examplePaths() {
            XCTAssertEqual(SVGRenderer(try input(example: name)).svg(), SVGRenderer(try input(example: name)).svg(), name)
            XCTAssertEqual(HTMLPage(try input(example: name)).html(), HTMLPage(try input(example: name)).html(), name)
        }
    }

    // MARK: - Well-formed

    func testEverySVGIsWellFormedXML() throws {
        let paths = examplePaths()
        XCTAssertGreaterThan(paths.count, 10)
        for name in paths {
            let rendered = try input(example: name)
            assertWellFormed(SVGRenderer(rendered).svg(), name)
            assertWellFormed(SVGRenderer(rendered).svg(mode: .embedded), name + " (embedded)")
        }
    }

    /// librsvg (`rsvg-convert`, and the image tools built on it) has no CSS
    /// custom properties: a colour given only as `var(--…)` is painted black.
    /// Each such declaration follows the same property with the light colour.
    func testEveryColourHasALiteralBeforeItsCustomProperty() throws {
        let svg = SVGRenderer(try input(example: "overlap.yaml")).svg()
        let style = try XCTUnwrap(svg.range(of: "<style>").flatMap { start in
            svg.range(of: "</style>", range: start.upperBound..<svg.endIndex).map { String(svg[start.upperBound..<$0.lowerBound]) }
        })
        var checked = 0
        for rule in style.split(whereSeparator: { $0 == "{" || $0 == "}" }) {
            let declarations = rule.split(separator: ";").map(String.init)
            for (index, declaration) in declarations.enumerated() where declaration.contains(":var(--") {
                let property = declaration.prefix { $0 != ":" }
                XCTAssertGreaterThan(index, 0, declaration)
                guard index > 0 else { continue }
                let before = declarations[index - 1]
                XCTAssertTrue(before.hasPrefix(property + ":") && !before.contains("var("), "\(before);\(declaration)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 40)
        // Dark mode still switches the custom properties, which browsers read last.
        XCTAssertTrue(style.contains("@media (prefers-color-scheme: dark)"))
        XCTAssertTrue(style.contains(".canvas{fill:#ffffff;fill:var(--background)}"), style)
        XCTAssertEqual(Palette.withLiteralColors(".s{opacity:var(--o,.6)}.t{fill:var(--unknown)}"),
                       ".s{opacity:.6;opacity:var(--o,.6)}.t{fill:var(--unknown)}")
    }

    func testTextFromTheFileIsEscaped() throws {
        let hostile = """
        root:
          id: "screen & <co>"
          frame: [0, 0, 390, 844]
          children:
            - {id: "<script>alert(1)</script>", type: button, frame: [10, 10, 20, 20]}
            - {id: "quote\\" ' ]]> \\u0001 bell", type: button, frame: [100, 10, 20, 20]}

        """
        let rendered = input(yaml: hostile)
        XCTAssertFalse(rendered.result.diagnostics.isEmpty)
        let svg = SVGRenderer(rendered).svg()
        assertWellFormed(svg, "hostile ids")
        let html = HTMLPage(rendered).html()
        for text in [svg, html] {
            XCTAssertFalse(text.contains("<script>alert"))
            XCTAssertTrue(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            XCTAssertFalse(text.contains("\u{0001}"))
            XCTAssertFalse(text.contains("screen & <co>"))
        }
        // The page's own script is the only one.
        XCTAssertEqual(html.components(separatedBy: "<script>").count, 2)
    }

    private func assertWellFormed(_ xml: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let parser = XMLParser(data: Data(xml.utf8))
        let delegate = ElementCounter()
        parser.delegate = delegate
        let parsed = parser.parse()
        XCTAssertTrue(parsed, "\(name): \(parser.parserError.map { "\($0)" } ?? "parse failed") at line \(parser.lineNumber)", file: file, line: line)
        XCTAssertEqual(delegate.root, "svg", name, file: file, line: line)
        XCTAssertGreaterThan(delegate.count, 10, name, file: file, line: line)
    }

    // MARK: - What the picture says

    /// toolbar-stack: each button's hit area reaches 20 pt past the stack, and all
    /// of that is dead; what is left is 70×30 per button.
    func testToolbarStackShowsTheDeadExpansion() throws {
        let rendered = try input(example: "toolbar-stack.yaml")
        let picture = LayoutPicture(rendered)
        XCTAssertEqual(picture.targets.map(\.name), ["prev", "next"])
        for target in picture.targets {
            let deadArea = target.dead.reduce(0) { $0 + $1.area }
            XCTAssertEqual(target.intendedHitRect.area, 90 * 70, accuracy: 1e-9)
            XCTAssertEqual(deadArea, 90 * 70 - 70 * 30, accuracy: 1e-9, target.name)
            XCTAssertEqual(target.deadSides.map(\.depth), [20, 20, 20], target.name)
            XCTAssertEqual(unionArea(target.reachable), 70 * 30, accuracy: 1e-9, target.name)
        }
        XCTAssertEqual(picture.boundaries.map(\.label), ["'toolbar' hit region"])
        XCTAssertEqual(picture.boundaries.first?.rect, Rect(x: 125, y: 760, width: 140, height: 30))
        XCTAssertEqual(picture.markers.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(picture.minimumSquares.count, 2)
        // The toolbar is small on the screen: a detail magnifies it.
        let canvas = Canvas(picture)
        XCTAssertEqual(canvas.panels.map(\.kind), [.overview, .detail])
        let detail = try XCTUnwrap(canvas.detail)
        XCTAssertTrue(detail.source.contains(Rect(x: 105, y: 740, width: 180, height: 70)))
        XCTAssertGreaterThan(detail.scale, canvas.panels[0].scale * 4)

        let svg = SVGRenderer(rendered).svg()
        for number in 1...4 { XCTAssertTrue(svg.contains("class=\"marker \(number % 2 == 1 ? "warning" : "error")\" data-d=\"\(number)\"")) }
        XCTAssertTrue(svg.contains(">20 pt</text>"))
        XCTAssertTrue(svg.contains("Examples/toolbar-stack.yaml:21:22"))
    }

    func testToolbarStackFixedHasNothingDead() throws {
        let picture = LayoutPicture(try input(example: "toolbar-stack-fixed.yaml"))
        XCTAssertEqual(picture.targets.count, 2)
        XCTAssertTrue(picture.targets.allSatisfy { $0.dead.isEmpty })
        XCTAssertTrue(picture.boundaries.isEmpty)
        XCTAssertTrue(picture.markers.isEmpty)
        XCTAssertNil(picture.focus)
        XCTAssertEqual(Canvas(picture).panels.count, 1)
    }

    /// The pieces drawn for each loss add up to the area the rules report.
    func testLossPiecesMatchTheRegions() throws {
        for name in ["overlap.yaml", "overlay.yaml", "screens/login.yaml"] {
            let rendered = try input(example: name)
            for region in try XCTUnwrap(rendered.context).regions {
                for loss in region.losses {
                    XCTAssertEqual(loss.pieces.reduce(0) { $0 + $1.area }, loss.area, accuracy: 1e-6, name)
                }
            }
        }
    }

    func testOverlapMarksTheWinner() throws {
        let rendered = try input(example: "overlap.yaml")
        let picture = LayoutPicture(rendered)
        XCTAssertEqual(picture.overlaps.count, 1)
        let overlap = try XCTUnwrap(picture.overlaps.first)
        XCTAssertEqual(overlap.takerName, "info")
        XCTAssertEqual(overlap.pieces.reduce(0) { $0 + $1.area }, 10 * 44, accuracy: 1e-9)
        let svg = SVGRenderer(rendered).svg()
        XCTAssertTrue(svg.contains(">info wins</text>"))
        XCTAssertTrue(svg.contains("class=\"winner\""))
    }

    func testOverlayShowsTheOccluder() throws {
        let rendered = try input(example: "overlay.yaml")
        let picture = LayoutPicture(rendered)
        XCTAssertEqual(picture.occlusions.map(\.takerName), ["fade"])
        XCTAssertEqual(picture.occlusions.first?.pieces.reduce(0) { $0 + $1.area } ?? 0, 350 * 30, accuracy: 1e-9)
        XCTAssertTrue(SVGRenderer(rendered).svg().contains("&#39;fade&#39; swallows touches"))
    }

    func testDeadGapsAreDrawnBetweenTheNeighbours() throws {
        let picture = LayoutPicture(try input(example: "dead-gap.yaml"))
        XCTAssertEqual(picture.gaps.map(\.rect), [Rect(x: 131, y: 40, width: 6, height: 44), Rect(x: 253, y: 40, width: 6, height: 44)])
        XCTAssertEqual(picture.gaps.map(\.label), ["6 pt", "6 pt"])
    }

    /// A button in an image view gets no touch: its whole hit area is dead.
    func testUnreachableTargetIsDeadThroughout() throws {
        let picture = LayoutPicture(try input(example: "image-view-button.yaml"))
        let play = try XCTUnwrap(picture.targets.first { $0.name == "play" })
        XCTAssertEqual(play.dead, [Rect(x: 165, y: 100, width: 60, height: 60)])
        XCTAssertTrue(play.reachable.isEmpty)
    }

    func testMarkersStayInsideTheirPanel() throws {
        // A target hanging off the right edge of the screen, with several diagnostics.
        let yaml = """
        root:
          id: screen
          frame: [0, 0, 390, 844]
          children:
            - id: card
              frame: [20, 120, 370, 80]
              children:
                - {id: badge, type: button, frame: [340, -14, 44, 44]}

        """
        let rendered = input(yaml: yaml)
        XCTAssertGreaterThanOrEqual(rendered.result.diagnostics.count, 2)
        let svg = SVGRenderer(rendered).svg(mode: .embedded)
        let canvas = Canvas(LayoutPicture(rendered))
        let circles = matches(of: "<circle cx=\"([-0-9.]+)\" cy=\"([-0-9.]+)\" r=\"11\"", in: svg)
        XCTAssertFalse(circles.isEmpty)
        var centres: Set<String> = []
        for circle in circles {
            let x = Double(circle[0])!, y = Double(circle[1])!
            XCTAssertTrue(canvas.panels.contains { $0.frame.contains(x: x, y: y) }, "marker at \(x), \(y) is outside every panel")
            XCTAssertTrue(centres.insert("\(circle[0]),\(circle[1])").inserted, "two markers on one spot")
        }
    }

    func testInvalidLayoutStillGivesAPageWithTheDiagnostics() throws {
        let rendered = try input(example: "broken.json")
        XCTAssertNil(rendered.context)
        let svg = SVGRenderer(rendered).svg()
        assertWellFormed(svg, "broken.json")
        XCTAssertTrue(svg.contains("Nothing to draw"))
        XCTAssertTrue(svg.contains("Examples/broken.json:7:7"))
        let html = HTMLPage(rendered).html()
        XCTAssertTrue(html.contains("invalid-layout"))
        XCTAssertFalse(html.contains("id=\"layers\""))
    }

    /// Many targets piled on one spot: the picture stays finite and well-formed.
    func testPileOfTargetsRenders() {
        var yaml = "root:\n  id: screen\n  frame: [0, 0, 390, 844]\n  children:\n"
        for index in 0..<300 { yaml += "    - {id: b\(index), type: button, frame: [\(index % 7), \(index % 5), 30, 30], hitInsets: -10}\n" }
        let svg = SVGRenderer(input(yaml: yaml)).svg()
        assertWellFormed(svg, "pile")
        XCTAssertFalse(svg.contains("NaN"))
        XCTAssertFalse(svg.contains("∞"))
        // The largest few takers of each target are drawn, not every pair.
        let picture = LayoutPicture(input(yaml: yaml))
        XCTAssertLessThanOrEqual(picture.overlaps.count, 300 * LayoutPicture.takersDrawn)
        XCTAssertLessThan(svg.utf8.count, 1_000_000)
    }

    // MARK: - HTML

    func testHTMLPageIsSelfContained() throws {
        let html = HTMLPage(try input(example: "toolbar-stack.yaml")).html()
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(html.contains("prefers-color-scheme: dark"))
        XCTAssertTrue(html.contains("data-hitlint-ready"))
        // Nothing to fetch: the only URL is the SVG namespace.
        XCTAssertEqual(html.components(separatedBy: "http").count - 1, 1)
        XCTAssertFalse(html.contains(" src="))
        XCTAssertFalse(html.contains("<link"))
        for layer in Layer.allCases {
            XCTAssertTrue(html.contains("value=\"\(layer.rawValue)\""), "no toggle for \(layer.rawValue)")
            XCTAssertTrue(html.contains(".hide-\(layer.rawValue) .layer-\(layer.rawValue){display:none}"))
        }
        XCTAssertTrue(html.contains("<li id=\"d4\" class=\"error\" data-d=\"4\""))
    }

    // MARK: - Small parts

    func testNumbersAndEscapes() {
        XCTAssertEqual(svgNumber(-0.001), "0")
        XCTAssertEqual(svgNumber(12.3456), "12.35")
        XCTAssertEqual(svgNumber(1e300), "1000000")
        XCTAssertEqual(svgNumber(.nan), "-1000000")
        XCTAssertEqual(escapeMarkup("a<b>&\"c'\u{7}"), "a&lt;b&gt;&amp;&quot;c&#39;\u{FFFD}")
        XCTAssertEqual(wrapWords("one two three four", width: 9), ["one two", "three", "four"])
    }

    /// `render -o` hands the picture to the file's sink a megabyte at a time
    /// (`SinkMarkupOutput`): what arrives is the markup written whole, the
    /// screenshot's data URI encoded in pieces included.
    func testMarkupHandedToASinkIsTheMarkupWrittenWhole() throws {
        // A PNG header (its size is all that is read), then 200 KB of bytes.
        var random = SeededRandom(seed: 33)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 2, 0, 8, 6, 0, 0, 0]
        png += (0..<200_000).map { _ in UInt8(random.int(0...255)) }
        let screenshot = try Screenshot(path: "screen.png", bytes: png)
        var whole = ""
        var collected: [UInt8] = []
        let collect: ByteSink = { collected.append(contentsOf: $0) }
        withoutActuallyEscaping(collect) { sink in
            var out = SinkMarkupOutput(sink)
            for index in 0..<30_000 {
                let text = "<p id=\"\(index)\">é\(String(repeating: "x", count: random.int(0...80)))</p>\n"
                out.write(text)
                whole.write(text)
                if index == 12_345 {
                    out.writeDataURI(of: screenshot)
                    whole.writeDataURI(of: screenshot)
                }
            }
            out.flush()
        }
        XCTAssertGreaterThan(collected.count, 3 << 19)  // handed over in more than one piece
        XCTAssertEqual(collected, Array(whole.utf8))
    }

    func testPageFileNamesAreFlatAndUnique() {
        XCTAssertEqual(RenderDirectory.fileNames(for: ["Examples/a.yaml", "Examples--a.yaml", "./x/../b c.json", "index"]),
                       ["Examples--a.yaml.html", "Examples--a.yaml-2.html", "x--up--b_c.json.html", "index-2.html"])
        XCTAssertEqual(RenderDirectory.fileNames(for: ["/abs/.hidden.yaml"]), ["abs--.hidden.yaml.html"])
        XCTAssertEqual(RenderDirectory.fileNames(for: [".hidden.yaml"]), ["_.hidden.yaml.html"])
    }

    /// A flattened path over 200 bytes keeps its first 120 and last 60
    /// characters around a hash of the path: readable, under 255 bytes with a
    /// counter, the same in every run, and apart from a path that flattens alike.
    func testLongPageFileNamesAreShortenedStably() {
        let folders = (0..<8).map { "folder\($0)-" + String(repeating: "a", count: 30) }.joined(separator: "/")
        let long = folders + "/checkout-screen.yaml", twin = folders.replacingOccurrences(of: "/", with: " ") + "/checkout-screen.yaml"
        let names = RenderDirectory.fileNames(for: [long, twin, long, "Examples/a.yaml"])
        XCTAssertEqual(names.count, 4)
        XCTAssertEqual(Set(names).count, 4)
        XCTAssertEqual(names[3], "Examples--a.yaml.html", "short paths are as before")
        let flat = long.replacingOccurrences(of: "/", with: "--")
        XCTAssertEqual(names[0], String(flat.prefix(120)) + "--" + StableHash.hex([long]) + "--" + String(flat.suffix(60)) + ".html")
        XCTAssertTrue(names[0].hasSuffix("--checkout-screen.yaml.html"))
        XCTAssertEqual(names[2], names[0].dropLast(".html".count) + "-2.html")
        XCTAssertNotEqual(names[1].dropLast(".html".count).suffix(80), names[0].dropLast(".html".count).suffix(80), "the hash tells them apart")
        for name in names { XCTAssertLessThanOrEqual(name.utf8.count, 255) }
        XCTAssertEqual(RenderDirectory.fileNames(for: [long]), [names[0]], "the same name in every run")
    }

    // MARK: - Helpers

    /// Area of a union of rects (the maximal pieces overlap), by a grid of their edges.
    private func unionArea(_ rects: [Rect]) -> Double {
        let xs = Array(Set(rects.flatMap { [$0.minX, $0.maxX] })).sorted()
        let ys = Array(Set(rects.flatMap { [$0.minY, $0.maxY] })).sorted()
        var area = 0.0
        for i in 0..<max(0, xs.count - 1) {
            for j in 0..<max(0, ys.count - 1) {
                let cell = Rect(minX: xs[i], minY: ys[j], maxX: xs[i + 1], maxY: ys[j + 1])
                if rects.contains(where: { $0.contains(cell) }) { area += cell.area }
            }
        }
        return area
    }

    private func matches(of pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }
}

/// Counts elements and remembers the root's name.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var count = 0
    var root: String?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = elementName }
        count += 1
    }
}
