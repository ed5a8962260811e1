import Foundation
import XCTest
@testable import HitLintKit

/// 100 MB layouts with a couple of million nodes, linted whole (about two
/// minutes together in a debug build, seconds in release: `make stress`).
/// RobustnessTests reads 100 MB files; these give the later stages (layout,
/// geometry, rules, reports) that much to do. They assert what the run ends
/// in, never how long it took.
final class StressTests: XCTestCase {
    static let hundredMegabytes = 100 * 1024 * 1024

    /// A screen of `count` views in rows, every 1000th a 30×30 button (a
    /// target-size error each), as JSON: one node per line.
    static func jsonNodes(upTo size: Int) -> (bytes: [UInt8], nodes: Int) {
        var bytes = Array(#"{"root": {"id": "screen", "frame": [0, 0, 100000, 100000], "children": ["#.utf8) + [0x0A]
        bytes.reserveCapacity(size + 200)
        var count = 0
        while bytes.count < size {
            let type = count % 1000 == 0 ? "button" : "view"
            let x = (count % 2000) * 50, y = (count / 2000) * 50
            bytes += Array(#"  {"id": "n\#(count)", "type": "\#(type)", "frame": [\#(x), \#(y), 30, 30]},"#.utf8) + [0x0A]
            count += 1
        }
        bytes.removeLast(2)  // the last ",\n"
        bytes += Array("\n]}}\n".utf8)
        return (bytes, count)
    }

    func testHundredMegabytesOfJSONNodes() throws {
        let folder = try TemporaryFolder()
        let (bytes, nodes) = Self.jsonNodes(upTo: Self.hundredMegabytes)
        XCTAssertGreaterThan(bytes.count, Self.hundredMegabytes)
        try Data(bytes).write(to: folder.url.appendingPathComponent("nodes.json"))
        let run = runCommand(["--format", "json", "nodes.json"], in: folder.path)
        XCTAssertEqual(run.status, 1, run.error)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(report["summary"] as? [String: Int])
        XCTAssertEqual(summary["errors"], (nodes + 999) / 1000, "one target-size error per button")

        // Cut off before the end: one diagnostic, at the end.
        let truncated = bytes.dropLast(5)  // "\n]}}\n"
        try Data(truncated).write(to: folder.url.appendingPathComponent("nodes.json"))
        let lastLine = truncated.count - (truncated.lastIndex(of: 0x0A)! + 1)
        let cut = runCommand(["nodes.json"], in: folder.path)
        XCTAssertEqual(cut.status, 1)
        XCTAssertEqual(cut.output.split(separator: "\n").map(String.init), [
            "nodes.json:\(nodes + 1):\(lastLine + 1): error: expected ',' or ']' after array element, found end of file [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    func testHundredMegabytesOfYAMLNodes() throws {
        let folder = try TemporaryFolder()
        var text = "root:\n  id: screen\n  frame: [0, 0, 100000, 100000]\n  children:\n"
        var count = 0
        var bytes = Array(text.utf8)
        bytes.reserveCapacity(Self.hundredMegabytes + 200)
        while bytes.count < Self.hundredMegabytes {
            let type = count % 1000 == 0 ? "button" : "view"
            text = "    - id: n\(count)\n      type: \(type)\n      frame: [\((count % 2000) * 50), \((count / 2000) * 50), 30, 30]\n"
            bytes += Array(text.utf8)
            count += 1
        }
        try Data(bytes).write(to: folder.url.appendingPathComponent("nodes.yaml"))
        let run = runCommand(["--quiet", "nodes.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 1, run.error)
        XCTAssertEqual(run.output.split(separator: "\n").last.map(String.init),
                       "\((count + 999) / 1000) errors, 0 warnings, \((count + 999) / 1000) fixable in 1 file")
    }
}
