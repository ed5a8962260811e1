import Foundation
import XCTest
@testable import HitLintKit

/// Drawing over a screenshot: the picture's size read from its header, where
/// it lies on the layout, how a capture's picture is found, and what the page
/// and the command do with it. Every picture is made here.
final class RenderScreenshotTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-screenshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Image headers

    func testPNGSize() throws {
        let png = TinyImages.png(width: 432, height: 936)
        let header = try Screenshot.header(of: png)
        XCTAssertEqual(header.format, .png)
        XCTAssertEqual(header.width, 432)
        XCTAssertEqual(header.height, 936)
    }

    func testJPEGSizeFromEachFrameKindBrowsersDraw() throws {
        for (marker, name) in [(UInt8(0xC0), "baseline"), (0xC1, "extended"), (0xC2, "progressive")] {
            let header = try Screenshot.header(of: TinyImages.jpeg(width: 1080, height: 1920, frameMarker: marker))
            XCTAssertEqual(header.format, .jpeg, name)
            XCTAssertEqual(header.width, 1080, name)
            XCTAssertEqual(header.height, 1920, name)
        }
        // Fill bytes before a marker are allowed.
        var padded = TinyImages.jpeg(width: 16, height: 8)
        padded.insert(contentsOf: [0xFF, 0xFF, 0xFF], at: 2)
        XCTAssertEqual(try Screenshot.header(of: padded).width, 16)
    }

    func testJPEGsBrowsersDoNotDrawAreRefused() {
        assertProblem(TinyImages.jpeg(width: 10, height: 10, frameMarker: 0xC3), contains: "SOF3")
        assertProblem(TinyImages.jpeg(width: 10, height: 10, frameMarker: 0xCA), contains: "SOF10")
        assertProblem(TinyImages.jpeg(width: 10, height: 0), contains: "10×0")
    }

    func testGarbageAndTruncatedPicturesAreProblemsNotCrashes() {
        assertProblem([], contains: "empty")
        assertProblem(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), contains: "not a PNG or JPEG")
        assertProblem(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), contains: "not a PNG or JPEG")
        assertProblem([0xFF, 0xD8], contains: "cut short")
        assertProblem([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1000), contains: "cut short")
        assertProblem([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01], contains: "segment length 1")
        assertProblem([0xFF, 0xD8, 0x12, 0x34], contains: "no marker")
        assertProblem([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0], contains: "image data comes before")
        assertProblem([0xFF, 0xD8, 0xFF, 0xD9], contains: "ends before")
        // A segment whose length runs past the end of the file.
        assertProblem([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0, 1, 2, 3], contains: "cut short")
        var noHeader = TinyImages.png(width: 2, height: 2)
        noHeader.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        assertProblem(noHeader, contains: "no IHDR")
        var huge = TinyImages.png(width: 2, height: 2)
        huge.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0xFF])
        assertProblem(huge, contains: "PNG of")

        // Every prefix of a good picture is read right or refused.
        for image in [TinyImages.png(width: 7, height: 5), TinyImages.jpeg(width: 7, height: 5)] {
            for count in 0..<image.count {
                if let header = try? Screenshot.header(of: Array(image[..<count])) {
                    XCTAssertEqual([header.width, header.height], [7, 5])
                }
            }
        }
        // Random bytes behind both signatures: bounded, never a trap.
        var random = SeededRandom(seed: 7)
        for round in 0..<2000 {
            let start: [UInt8] = round % 2 == 0 ? [0xFF, 0xD8] : Screenshot.pngSignature
            var bytes = start
            for _ in 0..<random.int(0...64) {
                bytes.append(random.chance(0.3) ? 0xFF : UInt8(truncatingIfNeeded: random.next()))
            }
            if let header = try? Screenshot.header(of: bytes) {
                XCTAssertGreaterThan(header.width, 0)
                XCTAssertGreaterThan(header.height, 0)
            }
        }
    }

    // MARK: - Placement

    /// A DroidBot screen of 1080×1920 px at 3 px per dp is 360×640 dp; a
    /// picture of 432×936 px is 360 dp wide, so 780 dp tall: its last 168 px
    /// (the band below the app) are cut off at the screen's bottom.
    func testDroidBotCaptureLiesOnItsScreen() throws {
        var input = try droidBotInput()
        XCTAssertTrue(input.isCapture)
        try input.attach(try Screenshot(path: "screen.png", bytes: TinyImages.png(width: 432, height: 936)))
        let placement = try XCTUnwrap(LayoutPicture(input).screenshot)
        XCTAssertEqual(placement.screen, Rect(x: 0, y: 0, width: 360, height: 640))
        XCTAssertEqual(placement.picture.minX, 0)
        XCTAssertEqual(placement.picture.minY, 0)
        XCTAssertEqual(placement.picture.width, 360, accuracy: 1e-9)
        XCTAssertEqual(placement.picture.height, 780, accuracy: 1e-9)
        XCTAssertEqual(placement.scale, 360.0 / 432, accuracy: 1e-12)
        XCTAssertEqual(placement.shownPixels, Rect(x: 0, y: 0, width: 432, height: 768))

        // In the drawing: a viewport on the screen's rect in each panel, whose
        // viewBox is the part of the picture the screen shows.
        let canvas = Canvas(LayoutPicture(input))
        let svg = SVGRenderer(input).svg()
        for panel in canvas.panels {
            let box = panel.map(placement.screen)
            XCTAssertTrue(svg.contains("<svg class=\"screenshot\" x=\"\(svgNumber(box.minX))\" y=\"\(svgNumber(box.minY))\" width=\"\(svgNumber(box.width))\" height=\"\(svgNumber(box.height))\" viewBox=\"0 0 432 768\" preserveAspectRatio=\"none\" overflow=\"hidden\">"), "\(panel.kind)")
        }
        XCTAssertTrue(svg.contains("<image id=\"hitlint-screenshot\" width=\"432\" height=\"936\" preserveAspectRatio=\"none\" href=\"data:image/png;base64,"))
        XCTAssertEqual(svg.components(separatedBy: "data:image/").count, 2, "the picture's bytes once, however many panels")
        XCTAssertTrue(svg.contains("class=\"hitlint with-screenshot\""))
    }

    /// A landscape screen (1920×1080 px at 3 px per dp) and a landscape picture of
    /// the whole device (2340×1080 px, the navigation bar beside the app): drawn
    /// pixel for pixel on the screen's pixels, its short side on the screen's,
    /// never shrunk to fit its long side in the screen's width.
    func testAPictureIsDrawnAtOneScaleItsShortSideOnTheScreens() throws {
        let yaml = "platform: android\nunits: px\nscale: 3\nroot:\n  frame: [0, 0, 1920, 1080]\n"
        var input = Linter().lintForRendering(source: SourceText(yaml), format: .yaml, path: "land.yaml")
        try input.attach(try Screenshot(path: "s.png", bytes: TinyImages.png(width: 2340, height: 1080)))
        let placement = try XCTUnwrap(LayoutPicture(input).screenshot)
        XCTAssertEqual(placement.screen, Rect(x: 0, y: 0, width: 640, height: 360))
        XCTAssertEqual(placement.scale, 1.0 / 3, accuracy: 1e-12, "one picture pixel is one of the screen's pixels")
        XCTAssertEqual(placement.picture.width, 780, accuracy: 1e-9)
        XCTAssertEqual(placement.picture.height, 360, accuracy: 1e-9)
        XCTAssertEqual(placement.shownPixels.width, 1920, accuracy: 1e-9)
        XCTAssertEqual(placement.shownPixels.height, 1080, accuracy: 1e-9)
    }

    /// A portrait picture of a landscape tree: the app turned between the two.
    func testAPictureTurnedTheOtherWayIsNotDrawn() throws {
        let yaml = "platform: android\nunits: px\nscale: 3\nroot:\n  frame: [0, 0, 1920, 1080]\n"
        var input = Linter().lintForRendering(source: SourceText(yaml), format: .yaml, path: "land.yaml")
        XCTAssertThrowsError(try input.attach(try Screenshot(path: "s.png", bytes: TinyImages.png(width: 432, height: 936)))) { error in
            XCTAssertEqual((error as? Screenshot.Problem)?.message,
                           "the picture is portrait and the capture's screen landscape: they were taken at different moments")
        }
        XCTAssertNil(input.screenshot)
    }

    /// DroidBot read the foreground activity of another app than the tree's:
    /// the tree is of another moment than the screenshot, which is not drawn,
    /// and the findings on it are warnings.
    func testATreeOfAnotherMomentIsNotDrawnOverTheScreenshotAndWarns() throws {
        let stale = droidBotState.replacingOccurrences(of: "\"tag\": \"2024-01-02_030405\"",
                                                       with: "\"tag\": \"2024-01-02_030405\", \"foreground_activity\": \"com.android.launcher3/.Launcher\"")
        let options = try Arguments(parsing: ["--scale", "3", "x"]).lintOptions.resolved()
        var input = Linter(options: options).lintForRendering(source: SourceText(stale), format: .json, path: "state_1.json")
        let diagnostics = input.result.diagnostics
        XCTAssertEqual(diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.severity), [.warning], "'pin' (30×30 dp) is an error in its own moment")
        XCTAssertTrue(diagnostics.contains { $0.rule == RuleID.importNote && $0.message.hasPrefix(
            "the state's foreground activity is 'com.android.launcher3/.Launcher', but its views are of 'com.example.app': "
                + "the view tree was taken at another moment than the screen and its screenshot, so findings on it are warnings") },
                      "\(diagnostics.map(\.message))")
        XCTAssertThrowsError(try input.attach(try Screenshot(path: "s.png", bytes: TinyImages.png(width: 432, height: 936))))
        XCTAssertNil(input.screenshot)
        // The app in the foreground, or only the system UI's views (the notification shade over it): the same moment.
        for foreground in ["com.example.app/.Main", "com.android.systemui/.Shade"] {
            let same = droidBotState.replacingOccurrences(of: "\"tag\": \"2024-01-02_030405\"",
                                                          with: "\"tag\": \"2024-01-02_030405\", \"foreground_activity\": \"\(foreground)\"")
            let result = Linter(options: options).lint(source: SourceText(same), format: .json, path: "state_1.json")
            XCTAssertEqual(result.diagnostics.filter { $0.rule == TargetSizeRule.id }.map(\.severity), [.error], foreground)
        }
    }

    /// A layout file given a picture: its root's frame is the screen, wherever it is.
    func testLayoutFileRootIsTheScreen() throws {
        let yaml = """
        root:
          id: screen
          frame: [10, 20, 390, 844]
          children:
            - {id: ok, type: button, frame: [10, 10, 60, 60]}

        """
        var input = Linter().lintForRendering(source: SourceText(yaml), format: .yaml, path: "test.yaml")
        XCTAssertFalse(input.isCapture)
        try input.attach(try Screenshot(path: "s.png", bytes: TinyImages.png(width: 780, height: 1688)))
        let placement = try XCTUnwrap(LayoutPicture(input).screenshot)
        XCTAssertEqual(placement.picture, Rect(x: 10, y: 20, width: 390, height: 844))
        XCTAssertEqual(placement.shownPixels, Rect(x: 0, y: 0, width: 780, height: 1688))
    }

    func testNothingToLayItOn() throws {
        let broken = Linter().lintForRendering(source: SourceText("root: ["), format: .yaml, path: "broken.yaml")
        var copy = broken
        XCTAssertThrowsError(try copy.attach(try Screenshot(path: "s.png", bytes: TinyImages.png(width: 2, height: 2))))
        XCTAssertNil(copy.screenshot)
        XCTAssertThrowsError(try ScreenshotPlacement(screen: .empty, pixelWidth: 2, pixelHeight: 2))
        XCTAssertThrowsError(try ScreenshotPlacement(screen: Rect(x: 0, y: 0, width: .infinity, height: 10), pixelWidth: 2, pixelHeight: 2))
    }

    // MARK: - The page

    func testPageEmbedsThePictureAndCanFadeIt() throws {
        var input = try droidBotInput()
        let png = TinyImages.png(width: 432, height: 936)
        try input.attach(try Screenshot(path: "shots/screen_1.png", bytes: png))
        let html = HTMLPage(input).html()
        XCTAssertTrue(html.contains("href=\"data:image/png;base64,\(Data(png).base64EncodedString())\""))
        XCTAssertEqual(html.components(separatedBy: "data:image/").count, 2)
        // A layer box and an opacity slider, and the other layers still toggle.
        XCTAssertTrue(html.contains("<input type=\"checkbox\" value=\"screenshot\" checked>"))
        XCTAssertTrue(html.contains("<input type=\"range\" id=\"screenshot-opacity\" min=\"0\" max=\"100\" step=\"5\" value=\"\(SVGRenderer.screenshotOpacity)\""))
        XCTAssertTrue(html.contains(".hide-screenshot .layer-screenshot{display:none}"))
        XCTAssertTrue(html.contains("--screenshot-opacity"))
        XCTAssertTrue(html.contains("shots/screen_1.png, 432×936 px"))
        for layer in Layer.allCases { XCTAssertTrue(html.contains("value=\"\(layer.rawValue)\"")) }
        XCTAssertEqual(html.components(separatedBy: "<script>").count, 2, "the page's one fixed script")
        XCTAssertFalse(html.contains(" src="))
        // The same inputs, the same bytes.
        var again = try droidBotInput()
        try again.attach(try Screenshot(path: "shots/screen_1.png", bytes: png))
        XCTAssertEqual(HTMLPage(again).html(), html)
        XCTAssertEqual(SVGRenderer(again).svg(), SVGRenderer(input).svg())
    }

    func testPageWithoutAPictureHasNoFadeControl() throws {
        let html = HTMLPage(try droidBotInput()).html()
        XCTAssertFalse(html.contains("data:image/"))
        XCTAssertFalse(html.contains("id=\"screenshot-opacity\""))
        XCTAssertFalse(html.contains("with-screenshot"))
    }

    // MARK: - Found beside a capture

    func testCandidateNames() {
        let droidBot = Screenshot.candidatePaths(besideCapture: "out/states/state_2023-10-19_004000.json")
        XCTAssertEqual(Array(droidBot.prefix(3)), ["out/states/screen_2023-10-19_004000.jpg", "out/states/screen_2023-10-19_004000.jpeg",
                                                   "out/states/screen_2023-10-19_004000.png"])
        XCTAssertTrue(droidBot.contains("out/states/state_2023-10-19_004000.png"))
        XCTAssertTrue(droidBot.contains("out/states/screen_2023-10-19_004000.JPG"))
        XCTAssertEqual(Screenshot.candidatePaths(besideCapture: "view-hierarchy.json").first, "screenshot.jpg")
        XCTAssertEqual(Screenshot.candidatePaths(besideCapture: "a/checkout.json").first, "a/checkout.jpg")
        XCTAssertEqual(Screenshot.candidatePaths(besideCapture: "a/noextension"), [])
        XCTAssertEqual(Screenshot.candidatePaths(besideCapture: ".json"), [])
    }

    func testRenderFindsTheScreenshotBesideACapture() throws {
        try droidBotState.write(to: folder.appendingPathComponent("state_2024-01-02_030405.json"), atomically: true, encoding: .utf8)
        let png = TinyImages.png(width: 432, height: 936)
        try Data(png).write(to: folder.appendingPathComponent("screen_2024-01-02_030405.png"))
        // Another time's picture is not this state's.
        try Data(TinyImages.png(width: 5, height: 5)).write(to: folder.appendingPathComponent("screen_2024-01-02_030406.jpg"))
        let result = runInFolder(["render", "--scale", "3", "state_2024-01-02_030405.json", "-o", "out.html"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.error, "")
        let html = try String(contentsOf: folder.appendingPathComponent("out.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("data:image/png;base64,\(Data(png).base64EncodedString())\""))
        XCTAssertTrue(html.contains("screen_2024-01-02_030405.png, 432×936 px"))
        XCTAssertTrue(html.contains("viewBox=\"0 0 432 768\""))
        XCTAssertTrue(html.contains("id=\"screenshot-opacity\""))

        // The SVG too, and the same bytes every time.
        XCTAssertEqual(runInFolder(["render", "--scale", "3", "state_2024-01-02_030405.json", "-o", "a.svg"]).status, 0)
        XCTAssertEqual(runInFolder(["render", "--scale", "3", "state_2024-01-02_030405.json", "-o", "b.svg"]).status, 0)
        let svg = try Data(contentsOf: folder.appendingPathComponent("a.svg"))
        XCTAssertEqual(svg, try Data(contentsOf: folder.appendingPathComponent("b.svg")))
        XCTAssertTrue(String(decoding: svg, as: UTF8.self).contains("href=\"data:image/png;base64,"))
    }

    func testABadPictureIsSaidAndLeftOut() throws {
        try droidBotState.write(to: folder.appendingPathComponent("state_1.json"), atomically: true, encoding: .utf8)
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("screen_1.jpg"))
        let result = runInFolder(["render", "state_1.json", "-o", "out.html"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.error, "hitlint: screen_1.jpg: screenshot not drawn (not a PNG or JPEG file)\n")
        let html = try String(contentsOf: folder.appendingPathComponent("out.html"), encoding: .utf8)
        XCTAssertFalse(html.contains("data:image/"))
        XCTAssertTrue(html.contains("data-node"), "the layout is drawn all the same")

        let missing = runInFolder(["render", "state_1.json", "--screenshot", "nowhere.png", "-o", "out.svg"])
        XCTAssertEqual(missing.status, 0)
        XCTAssertTrue(missing.error.hasPrefix("hitlint: nowhere.png: screenshot not drawn (cannot read file ("), missing.error)

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        let notAFile = runInFolder(["render", "state_1.json", "--screenshot", "folder.png", "-o", "out.svg"])
        XCTAssertEqual(notAFile.status, 0)
        XCTAssertTrue(notAFile.error.contains("screenshot not drawn (not a regular file"), notAFile.error)
    }

    func testAPictureTooLargeIsNotRead() throws {
        let path = folder.appendingPathComponent("big.png").path
        try Data(TinyImages.png(width: 2, height: 2) + [UInt8](repeating: 0, count: 100)).write(to: URL(fileURLWithPath: path))
        guard case .failure(let failure) = InputFileReader.read(path, limit: 50) else { return XCTFail("read past its limit") }
        XCTAssertTrue(failure.message.contains("too large"))
        XCTAssertNoThrow(try InputFileReader.read(path, limit: 1000).get())
    }

    func testOnlyCapturesGetAPictureLookedUp() throws {
        let yaml = "root:\n  id: screen\n  frame: [0, 0, 100, 100]\n  children:\n    - {id: b, type: button, frame: [0, 0, 10, 10]}\n"
        try yaml.write(to: folder.appendingPathComponent("layout.yaml"), atomically: true, encoding: .utf8)
        let png = TinyImages.png(width: 50, height: 50)
        try Data(png).write(to: folder.appendingPathComponent("layout.png"))
        XCTAssertEqual(runInFolder(["render", "layout.yaml", "-o", "plain.html"]).status, 0)
        XCTAssertFalse(try String(contentsOf: folder.appendingPathComponent("plain.html"), encoding: .utf8).contains("data:image/"))
        // Given, it is drawn: the root's frame is the screen.
        let given = runInFolder(["render", "layout.yaml", "--screenshot", "layout.png", "-o", "given.html"])
        XCTAssertEqual(given.status, 0, given.error)
        XCTAssertEqual(given.error, "")
        let html = try String(contentsOf: folder.appendingPathComponent("given.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("data:image/png;base64,\(Data(png).base64EncodedString())"))
    }

    func testScreenshotOptionGoesWithRender() {
        let lint = runInFolder(["--screenshot", "a.png", "x.json"])
        XCTAssertEqual(lint.status, 2)
        XCTAssertTrue(lint.error.contains("lint does not take --screenshot: it is an option of 'hitlint render'"), lint.error)
        XCTAssertTrue(runInFolder(["render", "x.json", "--screenshots", "a.png"]).error.contains("did you mean '--screenshot'"))
        XCTAssertTrue(Help.summary.contains("--screenshot FILE"))
    }

    func testRenderDirectoryDrawsCapturesOverTheirScreenshots() throws {
        try droidBotState.write(to: folder.appendingPathComponent("state_9.json"), atomically: true, encoding: .utf8)
        try Data(TinyImages.jpeg(width: 432, height: 936)).write(to: folder.appendingPathComponent("screen_9.jpeg"))
        try droidBotState.write(to: folder.appendingPathComponent("state_8.json"), atomically: true, encoding: .utf8)
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("screen_8.jpg"))
        let result = runInFolder(["--render-dir", "pages", "--scale", "3", "state_8.json", "state_9.json"])
        XCTAssertEqual(result.status, 1, "the capture's small button")
        XCTAssertEqual(result.error, "hitlint: screen_8.jpg: screenshot not drawn (a JPEG cut short before its frame header)\n")
        let page = try String(contentsOf: folder.appendingPathComponent("pages/state_9.json.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("data:image/jpeg;base64,"))
        XCTAssertTrue(page.contains("id=\"screenshot-opacity\""))
        let other = try String(contentsOf: folder.appendingPathComponent("pages/state_8.json.html"), encoding: .utf8)
        XCTAssertFalse(other.contains("data:image/"))
    }

    // MARK: - Helpers

    /// A DroidBot state: a 1080×1920 px screen (360×640 dp at 3 px per dp)
    /// with a frame layout and one small button.
    private let droidBotState = """
    {"views": [
      {"temp_id": 0, "parent": -1, "children": [1], "class": "android.widget.FrameLayout", "package": "com.example.app",
       "bounds": [[0, 0], [1080, 1920]], "resource_id": null, "visible": true, "enabled": true,
       "clickable": false, "long_clickable": false, "checkable": false},
      {"temp_id": 1, "parent": 0, "children": [], "class": "android.widget.ImageButton", "package": "com.example.app",
       "bounds": [[60, 300], [150, 390]], "resource_id": "com.example.app:id/pin", "visible": true, "enabled": true,
       "clickable": true, "long_clickable": false, "checkable": false}
    ], "width": 1080, "height": 1920, "tag": "2024-01-02_030405"}

    """

    private func droidBotInput() throws -> RenderInput {
        let options = try Arguments(parsing: ["--scale", "3", "x"]).lintOptions.resolved()
        return Linter(options: options).lintForRendering(source: SourceText(droidBotState), format: .json, path: "state_1.json")
    }

    private func runInFolder(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        runCommand(arguments, in: folder.path)
    }

    private func assertProblem(_ bytes: [UInt8], contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let header = try Screenshot.header(of: bytes)
            XCTFail("read \(header) from \(bytes.prefix(16))", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(text), "\(error.message) does not say '\(text)'", file: file, line: line)
        }
    }
}

/// Small pictures made by the tests.
enum TinyImages {
    /// A real RGB PNG (grey), its pixels in stored (uncompressed) deflate blocks.
    static func png(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 0xB0, count: width * 3) }
        var deflate: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            deflate += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            deflate += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        deflate += bigEndian(adler32(raw), count: 4)
        let header = bigEndian(width, count: 4) + bigEndian(height, count: 4) + [8, 2, 0, 0, 0]
        return Screenshot.pngSignature + chunk("IHDR", header) + chunk("IDAT", deflate) + chunk("IEND", [])
    }

    /// The segments of a JPEG up to its first scan (application data, a
    /// quantisation table, the frame header, a Huffman table), a few bytes of
    /// scan, and the end: what a header reader walks.
    static func jpeg(width: Int, height: Int, frameMarker: UInt8 = 0xC0) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + bigEndian(body.count + 2, count: 2) + body }
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        // Application data holding marker-like bytes, which the length skips.
        bytes += segment(0xE1, Array("Exif".utf8) + [0, 0, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01])
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC4, [0x00] + [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + Array(0...11))
        bytes += segment(frameMarker, [8] + bigEndian(height, count: 2) + bigEndian(width, count: 2) + [1, 1, 0x11, 0])
        bytes += segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0x00]
        return bytes + [0xFF, 0xD9]
    }

    private static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(kind.utf8) + body
        return bigEndian(body.count, count: 4) + typed + bigEndian(Int(crc32(typed)), count: 4)
    }

    private static func bigEndian(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8((value >> (8 * (count - 1 - $0))) & 0xFF) }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> Int {
        var a = 1, b = 0
        for byte in bytes {
            a = (a + Int(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
