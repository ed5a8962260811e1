import Foundation
import XCTest
@testable import HitLintKit

/// A command finds relative paths in its own current folder
/// (`CommandOutput.currentDirectory`), never the process's: tests run it in
/// a folder of their own without changing the process's, which every other
/// test shares.
final class CurrentDirectoryTests: XCTestCase {
    func testRelativePathsAreTheCommandsCurrentFoldersNotTheProcesss() throws {
        let folder = try TemporaryFolder()
        XCTAssertNotEqual(FileManager.default.currentDirectoryPath, folder.path)
        try folder.write("Layouts/play.yaml", Layouts.small)
        try Data(TinyImages.png(width: 390, height: 844)).write(to: folder.url.appendingPathComponent("shot.png"))

        let lint = runCommand(["Layouts"], in: folder.path)
        XCTAssertEqual(lint.status, 1, lint.error)
        XCTAssertTrue(lint.output.hasPrefix("Layouts/play.yaml:1:"), lint.output)

        let parse = runCommand(["parse", "Layouts/play.yaml"], in: folder.path)
        XCTAssertEqual(parse.status, 0, parse.error)
        XCTAssertTrue(parse.output.hasPrefix("{\"root\":"), parse.output)

        let render = runCommand(["render", "Layouts/play.yaml", "--screenshot", "shot.png", "-o", "play.html"], in: folder.path)
        XCTAssertEqual(render.status, 0, render.error)
        XCTAssertEqual(render.error, "", "the screenshot is found, and drawn")
        XCTAssertTrue(try folder.read("play.html").contains("data:image/png;base64,"))

        let pages = runCommand(["--render-dir", "pages", "Layouts"], in: folder.path)
        XCTAssertEqual(pages.status, 1, pages.error)
        XCTAssertTrue(try folder.read("pages/index.html").contains("Layouts/play.yaml"))

        let fix = runCommand(["--fix", "Layouts/play.yaml"], in: folder.path)
        XCTAssertEqual(fix.status, 0, fix.error)
        XCTAssertEqual(fix.error, "hitlint: fixed 1 problem in 1 file\n")
        XCTAssertNotEqual(try folder.read("Layouts/play.yaml"), Layouts.small)
    }
}
