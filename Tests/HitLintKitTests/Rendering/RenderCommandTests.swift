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
        runCommand(arguments, in: TestSupport.packageRoot.path)
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

    /// Files deep in folders whose flattened path is longer than a file name
    /// may be: every page is written, under a shortened name that is the same
    /// in every run, and the index links it.
    func testRenderDirectoryWritesPagesOfLongPaths() throws {
        let layouts = folder.appendingPathComponent("layouts")
        let deep = (0..<6).map { "folder-\($0)-" + String(repeating: "x", count: 40) }.joined(separator: "/")
        var written: [String] = []
        for name in ["screen-one.yaml", "screen-two.yaml"] {
            let file = layouts.appendingPathComponent(deep).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Layouts.small.write(to: file, atomically: true, encoding: .utf8)
            written.append(file.path)
        }
        try Layouts.small.write(to: layouts.appendingPathComponent("short.yaml"), atomically: true, encoding: .utf8)
        var listings: [[String]] = []
        for round in 0..<2 {
            let pages = folder.appendingPathComponent("pages-\(round)")
            let result = run(["--render-dir", pages.path, layouts.path])
            XCTAssertEqual(result.status, 1, result.error)
            XCTAssertEqual(result.error, "")
            let names = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
            XCTAssertEqual(names.count, 4, "\(names)")
            for name in names {
                XCTAssertLessThanOrEqual(name.utf8.count, 255, name)
                XCTAssertFalse(name.hasPrefix(".hitlint-"), "a temporary file left behind: \(name)")
            }
            let long = names.filter { $0.contains("screen-") }
            XCTAssertEqual(long.count, 2)
            for name in long {
                XCTAssertTrue(name.contains("folder-0-xxxx"), "starts readable: \(name)")
                XCTAssertTrue(name.hasSuffix(".yaml.html"), name)
            }
            let index = try XCTUnwrap(contents(pages.appendingPathComponent("index.html")))
            for path in written {
                let name = try XCTUnwrap(long.first { $0.hasSuffix("--" + URL(fileURLWithPath: path).lastPathComponent + ".html") })
                XCTAssertTrue(index.contains("<a href=\"\(name)\">\(path)</a>"), "\(name) in \(index)")
            }
            listings.append(names)
        }
        XCTAssertEqual(listings[0], listings[1], "the same names in every run")
    }

    /// Each page is on disk before the next is drawn (one job): the folder
    /// never waits on every page held in memory.
    func testRenderDirectoryWritesEachPageAsItIsDrawn() throws {
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        let results = (0..<4).map { index in
            Linter().lint(source: SourceText(Layouts.small), format: .yaml, path: "screen\(index).yaml")
        }
        let entries = RenderDirectory.pages(for: results)
        let folderPath = pages.path
        let report = RenderDirectory.write(entries.map(\.page), fileCount: 4, into: folderPath, jobs: 1) { index in
            let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
            let earlier = entries.prefix(index).map(\.page.fileName)
            let note = Set(earlier).isSubset(of: onDisk) ? nil : "page \(index) drawn with \(onDisk.sorted()) on disk"
            return (Linter().renderInput(for: entries[index].result), note)
        }
        XCTAssertEqual(report.notes, [])
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folderPath).sorted(),
                       ["index.html", "screen0.yaml.html", "screen1.yaml.html", "screen2.yaml.html", "screen3.yaml.html"])
    }

    /// A page that cannot be written (a folder is in its place) is named, and
    /// the other pages and the index are written all the same.
    func testRenderDirectoryWritesTheOtherPagesWhenOneFails() throws {
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages.appendingPathComponent("Examples--overlap.yaml.html"), withIntermediateDirectories: true)
        let result = runInPackage(["--render-dir", pages.path, "Examples/overlap.yaml", "Examples/overlay.yaml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("Examples--overlap.yaml.html: cannot write"), result.error)
        XCTAssertNotNil(contents(pages.appendingPathComponent("Examples--overlay.yaml.html")))
        XCTAssertNotNil(contents(pages.appendingPathComponent("index.html")))
        let left = try FileManager.default.contentsOfDirectory(atPath: pages.path).filter { $0.hasPrefix(".hitlint-") }
        XCTAssertEqual(left, [], "no temporary file left behind")
    }
}
