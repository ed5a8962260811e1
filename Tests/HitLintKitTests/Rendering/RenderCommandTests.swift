import Foundation
import XCTest
@testable import HitLintKit

/// `hitlint render` and `--render-dir` end to end, in process.
final class RenderCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let output = CapturedOutput()
        let status = HitLintCommand.run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    /// Runs with the package root as the current folder, as `swift run hitlint Examples` does.
    private func runInPackage(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(TestSupport.packageRoot.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return run(arguments)
    }

    private func contents(_ url: URL) -> String? {
        try? String(contentsOf: url, encoding: .utf8)
    }

    func testRenderWritesSVGAndHTML() {
        let svg = folder.appendingPathComponent("out.svg")
        let html = folder.appendingPathComponent("out.html")
        let first = runInPackage(["render", "Examples/toolbar-stack.yaml", "-o", svg.path])
        XCTAssertEqual(first.status, 0, first.error)
        XCTAssertEqual(first.output, "")
        XCTAssertTrue(contents(svg)?.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg") ?? false)
        XCTAssertEqual(runInPackage(["render", "Examples/toolbar-stack.yaml", "-o", html.path]).status, 0)
        XCTAssertTrue(contents(html)?.hasPrefix("<!DOCTYPE html>") ?? false)
        XCTAssertTrue(contents(html)?.contains("Examples/toolbar-stack.yaml:21:22") ?? false)
    }

    func testRenderTakesLintOptions() {
        let svg = folder.appendingPathComponent("out.svg")
        XCTAssertEqual(runInPackage(["render", "--min-size", "9mm", "Examples/millimetres.yaml", "-o", svg.path]).status, 0)
        XCTAssertTrue(contents(svg)?.contains("target-size") ?? false, "the 9 mm minimum makes 'cancel' too small")
        XCTAssertEqual(runInPackage(["render", "Examples/millimetres.yaml", "-o", svg.path]).status, 0)
        XCTAssertFalse(contents(svg)?.contains("target-size") ?? true)
    }

    func testRenderUsageErrors() {
        let out = folder.appendingPathComponent("out.svg").path
        XCTAssertEqual(runInPackage(["render", "Examples/overlap.yaml"]).status, 2, "no -o")
        XCTAssertEqual(runInPackage(["render", "Examples/overlap.yaml", "-o", folder.appendingPathComponent("out.png").path]).status, 2)
        XCTAssertEqual(runInPackage(["render", "Examples/overlap.yaml", "Examples/overlay.yaml", "-o", out]).status, 2)
        XCTAssertEqual(runInPackage(["render", "Examples/no-such-file.yaml", "-o", out]).status, 2)
        XCTAssertEqual(runInPackage(["render", "Examples", "-o", out]).status, 2)
        XCTAssertEqual(runInPackage(["render", "Examples/overlap.yaml", "-o", "/no/such/folder/out.svg"]).status, 2)
        let misplaced = runInPackage(["Examples/overlap.yaml", "-o", out])
        XCTAssertEqual(misplaced.status, 2)
        XCTAssertTrue(misplaced.error.contains("render"))
        XCTAssertEqual(runInPackage(["render", "--render-dir", folder.path, "Examples/overlap.yaml", "-o", out]).status, 2)
        XCTAssertTrue(runInPackage(["--render-dirs", folder.path, "Examples"]).error.contains("did you mean '--render-dir'"))
    }

    /// The CI artifact: pages for the files with diagnostics and an index; the
    /// report and the exit code are those of a plain run.
    func testRenderDirectoryWritesPagesAndIndex() throws {
        let pages = folder.appendingPathComponent("pages")
        let plain = runInPackage(["Examples"])
        let rendered = runInPackage(["--render-dir", pages.path, "Examples"])
        XCTAssertEqual(rendered.status, plain.status)
        XCTAssertEqual(rendered.status, 1)
        XCTAssertEqual(rendered.output, plain.output)
        XCTAssertEqual(rendered.error, "")

        let written = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
        // One page per file the plain report names, and the index.
        let lines = plain.output.split(separator: "\n").dropLast()
        let reported = Set(lines.compactMap { line in line.split(separator: ":").first.map(String.init) })
        XCTAssertGreaterThanOrEqual(reported.count, 9)
        XCTAssertEqual(written, (reported.map { $0.replacingOccurrences(of: "/", with: "--") + ".html" } + ["index.html"]).sorted())
        let total = Int(plain.output.split(separator: " ").dropLast().last ?? "") ?? -1
        let index = try XCTUnwrap(contents(pages.appendingPathComponent("index.html")))
        XCTAssertTrue(index.contains("\(reported.count) files with diagnostics, \(total - reported.count) clean"), index)
        XCTAssertTrue(index.contains("<a href=\"Examples--toolbar-stack.yaml.html\">Examples/toolbar-stack.yaml</a></td><td class=\"n error\">2</td><td class=\"n warning\">2</td>"))
        let page = try XCTUnwrap(contents(pages.appendingPathComponent("Examples--overlay.yaml.html")))
        XCTAssertTrue(page.contains("occluded-target"))
    }

    func testRenderDirectoryFollowsQuiet() throws {
        let pages = folder.appendingPathComponent("pages")
        XCTAssertEqual(runInPackage(["--quiet", "--render-dir", pages.path, "Examples/dead-gap.yaml", "Examples/overlay.yaml"]).status, 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
        XCTAssertEqual(written, ["Examples--overlay.yaml.html", "index.html"], "dead-gap has warnings only")
    }

    func testUnwritableRenderDirectoryFails() throws {
        let blocker = folder.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let result = runInPackage(["--render-dir", blocker.appendingPathComponent("pages").path, "Examples/overlap.yaml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("--render-dir"))
    }
}
