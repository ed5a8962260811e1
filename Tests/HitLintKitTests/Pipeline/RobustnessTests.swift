import Foundation
import XCTest
@testable import HitLintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SPEC §10 through the whole command, in process: hostile files end in a
/// diagnostic at the right line and column, or a message, and the exit code of
/// §7.1. (The parsers' own limits are in JSONParserTests and YAMLParserTests;
/// the built binary, on worker threads, in EndToEndTests.)
final class RobustnessTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    /// The reader reads a file whole whatever its size says: exactly (one read
    /// fills the buffer), empty, across the 64 KB chunks of the slow path, and a
    /// file whose size says 0 (/proc).
    func testInputFilesAreReadWhole() throws {
        var random = SeededRandom(seed: 6)
        for size in [0, 1, 4_095, 65_536, 65_537, 200_003] {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let url = folder.url.appendingPathComponent("f\(size).json")
            try Data(bytes).write(to: url)
            guard case .success(let read) = InputFileReader.read(url.path) else { return XCTFail("\(size) bytes not read") }
            XCTAssertEqual(read, bytes, "\(size) bytes")
        }
        #if os(Linux)
        guard case .success(let status) = InputFileReader.read("/proc/self/status") else { return XCTFail("/proc/self/status") }
        XCTAssertTrue(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("VmRSS:"), "read past the size fstat gives (0)")
        #endif
    }

    /// Writes `bytes` as `name` in the test's folder and lints it; the path in the report is `name`.
    private func lint(_ name: String, _ bytes: [UInt8], _ arguments: [String] = []) throws -> (status: Int32, output: String, error: String) {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return runCommand(arguments + [name], in: folder.path)
    }

    private func lint(_ name: String, _ text: String, _ arguments: [String] = []) throws -> (status: Int32, output: String, error: String) {
        try lint(name, Array(text.utf8), arguments)
    }

    /// The one diagnostic line of a report with a single diagnostic, and the summary.
    private func assertReport(_ run: (status: Int32, output: String, error: String), status: Int32, _ lines: [String],
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, status, run.output + run.error, file: file, line: line)
        XCTAssertEqual(run.output.split(separator: "\n").map(String.init), lines, file: file, line: line)
        XCTAssertEqual(run.error, "", file: file, line: line)
    }

    // MARK: - Depth

    func testMillionDeepArraysAndObjectsEndInADiagnostic() throws {
        let million = 1_000_000
        let limit = "nesting deeper than \(maximumNestingDepth) levels is not supported [invalid-layout]"
        assertReport(try lint("arrays.json", String(repeating: "[", count: million) + String(repeating: "]", count: million)),
                     status: 1, ["arrays.json:1:\(maximumNestingDepth + 1): error: \(limit)", "1 error, 0 warnings in 1 file"])
        assertReport(try lint("objects.json", String(repeating: #"{"a":"#, count: million) + "1" + String(repeating: "}", count: million)),
                     status: 1, ["objects.json:1:\(5 * maximumNestingDepth + 1): error: \(limit)", "1 error, 0 warnings in 1 file"])
        assertReport(try lint("arrays.yaml", String(repeating: "[", count: million)),
                     status: 1, ["arrays.yaml:1:\(maximumNestingDepth + 1): error: \(limit)", "1 error, 0 warnings in 1 file"])
        assertReport(try lint("objects.yaml", String(repeating: "{a: ", count: million)),
                     status: 1, ["objects.yaml:1:\(4 * maximumNestingDepth + 1): error: \(limit)", "1 error, 0 warnings in 1 file"])
        assertReport(try lint("block.yaml", String(repeating: "- ", count: million) + "x\n"),
                     status: 1, ["block.yaml:1:\(2 * maximumNestingDepth + 1): error: \(limit)", "1 error, 0 warnings in 1 file"])
    }

    /// A chain of 20,000 nested nodes, each the only child of the one before:
    /// every stage (layout, geometry, rules, fixes, suppression) is iterative.
    static func chain(depth: Int, yaml: Bool) -> String {
        var text = yaml ? "root: " : #"{"root": "#
        let open = yaml ? "{frame: [0, 0, 10, 10], children: [" : #"{"frame": [0, 0, 10, 10], "children": ["#
        text.reserveCapacity(depth * open.count + 100)
        for _ in 0..<depth { text += open }
        text += yaml ? "{id: deepest, type: button, frame: [0, 0, 10, 10]}" : #"{"id": "deepest", "type": "button", "frame": [0, 0, 10, 10]}"#
        for _ in 0..<depth { text += "]}" }
        return text + (yaml ? "\n" : "}\n")
    }

    func testTwentyThousandDeepChainOfNodes() throws {
        for yaml in [false, true] {
            let name = yaml ? "chain.yaml" : "chain.json"
            let text = Self.chain(depth: 20_000, yaml: yaml)
            let run = try lint(name, text, ["--format", "json"])
            XCTAssertEqual(run.status, 1, run.error)
            let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
            XCTAssertEqual(diagnostics.map { $0["rule"] as? String }, [TargetSizeRule.id], name)
            XCTAssertEqual(diagnostics.first?["node"] as? String, "deepest", name)
            // The fix (grow the button's hit area) runs the whole chain through the
            // fixer and, since every ancestor is 10×10, is refused as advice.
            let fixed = try lint(name, text, ["--fix"])
            XCTAssertEqual(fixed.status, 1, fixed.error)
            XCTAssertTrue(fixed.output.contains("'deepest' is reachable on 10×10 pt"), fixed.output)
        }
    }

    /// Drawing names every node at once (`allNames`), in one pass; the names are
    /// those `name(of:)` gives one at a time, shortened paths through deep chains included.
    func testAllNamesAreTheNamesOfEachNode() throws {
        var random = SeededRandom(seed: 12)
        for _ in 0..<40 {
            // A random tree, some nodes named, some chains deeper than the eight shown levels.
            var text = "root: {frame: [0, 0, 10, 10], children: ["
            var open = 1
            for index in 0..<random.int(1...60) {
                let id = random.chance(0.2) ? "id: n\(index), " : ""
                if random.chance(0.6) {
                    text += "{\(id)frame: [0, 0, 1, 1], children: ["
                    open += 1
                } else {
                    text += "{\(id)frame: [0, 0, 1, 1]}, "
                }
                if open > 1, random.chance(0.2) {
                    text += "]}, "
                    open -= 1
                }
            }
            text += String(repeating: "]}", count: open) + "\n"
            text = text.replacingOccurrences(of: ", ]", with: "]")
            let (layout, diagnostics) = try TestSupport.layout(text)
            XCTAssertEqual(diagnostics.filter { $0.rule == RuleID.invalidLayout }.map(\.message), [], text)
            XCTAssertEqual(layout.allNames(), layout.nodes.indices.map { layout.name(of: $0) }, text)
        }
        let (chain, _) = try TestSupport.layout(Self.chain(depth: 30, yaml: true))
        XCTAssertEqual(chain.name(of: 30), "deepest")
        XCTAssertEqual(chain.name(of: 29), "root/…25 levels…/children[0]/children[0]/children[0]/children[0]")
        XCTAssertEqual(chain.allNames(), chain.nodes.indices.map { chain.name(of: $0) })
    }

    // MARK: - Text from files in the report

    /// The byte-level check that decides whether a path or message is escaped
    /// agrees with the scalar rule on every scalar of the first planes' interesting
    /// ranges, alone and between other text (so a sequence cut at the end is seen).
    func testTheByteCheckForEscapesAgreesWithTheScalarRule() {
        let ranges: [ClosedRange<UInt32>] = [0...0x3000, 0xFEF0...0xFFFF, 0x1_0000...0x1_0100, 0x10_FF00...0x10_FFFF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for text in [String(scalar), "a\(scalar)", "\(scalar)z", "é\(scalar)×"] {
                    XCTAssertEqual(text.needsEscapeOnOneLine, text.unicodeScalars.contains(where: \.needsEscapeOnOneLine),
                                   "U+\(String(value, radix: 16)) in \(text.debugDescription)")
                }
            }
        }
        XCTAssertEqual("plain path/a b.json".displayedOnOneLine, "plain path/a b.json")
        XCTAssertEqual("a\u{85}b\u{2029}".displayedOnOneLine, "a\\u{85}b\\u{2029}")
    }

    /// An id (or a file name) with line breaks or escape characters stays on its
    /// diagnostic's line: it cannot forge another diagnostic, a GitHub workflow
    /// command in the log, or drive the terminal.
    func testTextFromFilesCannotBreakTheReportsLines() throws {
        let id = #"a\n::error file=x::pwned\r\u2028\u001b[31mb"#
        let layout = #"{"root": {"id": "screen", "frame": [0, 0, 390, 844], "children": [{"id": "\#(id)", "type": "button", "frame": [10, 10, 30, 30]}]}}"#
        let shown = #"'a\n::error file=x::pwned\r\u{2028}\u{1B}[31mb'"#
        assertReport(try lint("forged.json", layout), status: 1, [
            "forged.json:1:148: error: \(shown) is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]",
            "1 error, 0 warnings, 1 fixable in 1 file",
        ])
        let github = try lint("forged.json", layout, ["--format", "github"])
        XCTAssertEqual(github.output.split(separator: "\n").count, 1, github.output)
        XCTAssertTrue(github.output.hasPrefix("::error file=forged.json,line=1,col=148,"), github.output)
        XCTAssertFalse(github.error.split(separator: "\n").contains { $0.hasPrefix("::") }, github.error)
        XCTAssertEqual(github.error.split(separator: "\n").count, 2, github.error)

        // A raw escape character where JSON forbids it: the excerpt shows it escaped, the caret under it.
        let raw = Array(#"{"root": {"id": "x"#.utf8) + [0x1B] + Array(#"]0;title"}}"#.utf8)
        try Data(raw).write(to: folder.url.appendingPathComponent("escape.json"))
        let terminal = runCommand(["--color", "never", "escape.json"], in: folder.path, terminal: true)
        XCTAssertFalse(terminal.output.unicodeScalars.contains("\u{1B}"), "no raw ESC reaches the terminal")
        XCTAssertEqual(terminal.output.split(separator: "\n").map(String.init), [
            "escape.json:1:19: error: control character 0x1B in string: write it as \\u001B [invalid-layout]",
            #" 1 | {"root": {"id": "x\u{1B}]0;title"}}"#,
            "   | " + String(repeating: " ", count: 18) + "^~~~~~",
            "1 error, 0 warnings in 1 file",
        ])

        #if !os(Windows)
        // A file name with a line break, found in a folder.
        try folder.write("names/bad\nname.json", #"{"root": [}"#)
        let named = runCommand(["names"], in: folder.path)
        XCTAssertEqual(named.output.split(separator: "\n").map(String.init), [
            #"names/bad\nname.json:1:11: error: expected a value or ']', found '}' [invalid-layout]"#,
            "1 error, 0 warnings in 1 file",
        ])
        #endif
    }

    // MARK: - Size

    /// 100 MB in one value: read, parsed and reported (the line table and the
    /// column of a diagnostic after it included).
    func testHundredMegabyteFiles() throws {
        let hundredMegabytes = 100 * 1024 * 1024
        var json = Array(#"{"root": {"id": "a", "frame": [0, 0, 390, 844], "note": ""#.utf8)
        json += Self.repeated(Array("x".utf8), times: hundredMegabytes)
        json += Array(#""}, "extra": 1}"#.utf8)
        assertReport(try lint("string.json", json), status: 0, [
            "string.json:1:49: warning: unknown key 'note' [unknown-key]",
            "string.json:1:\(hundredMegabytes + 62): warning: unknown key 'extra' [unknown-key]",
            "0 errors, 2 warnings in 1 file",
        ])
        json = []

        // 1.3 million comment lines, then a mistake on the last line.
        let comment = Array(("# " + String(repeating: "y", count: 77) + "\n").utf8)
        let lines = hundredMegabytes / comment.count
        var yaml = Array("root: {id: a, frame: [0, 0, 390, 844]}\n".utf8) + Self.repeated(comment, times: lines)
        yaml += Array("extra: [1, 2\n".utf8)
        assertReport(try lint("comments.yaml", yaml), status: 1, [
            "comments.yaml:\(lines + 2):8: error: unterminated flow sequence (missing ']') [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        yaml = []

        // A file of two million nodes is StressTests' (`make stress`): minutes in a debug build.
    }

    /// `unit` `times` times, copied by doubling (a debug build appends slowly).
    static func repeated(_ unit: [UInt8], times: Int) -> [UInt8] {
        var bytes = unit
        bytes.reserveCapacity(unit.count * times)
        while bytes.count * 2 <= unit.count * times { bytes.append(contentsOf: bytes) }
        bytes.append(contentsOf: bytes[0..<(unit.count * times - bytes.count)])
        return bytes
    }

    // MARK: - Bytes

    func testInvalidUTF8IsReportedWhereItIs() throws {
        // 'é' is two bytes and one column: the bad byte is at column 19, not 20.
        assertReport(try lint("bad.json", Array(#"{"root": {"id": "é"#.utf8) + [0xFF] + Array(#""}}"#.utf8)), status: 1, [
            "bad.json:1:19: error: invalid UTF-8 byte 0xFF [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("bad.yaml", Array("root:\n  id: é".utf8) + [0xC3, 0x28] + Array("\n".utf8)), status: 1, [
            "bad.yaml:2:9: error: incomplete UTF-8 sequence: expected a continuation byte after 0xC3, found '(' [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        // Outside a string, where no value can start.
        assertReport(try lint("outside.json", Array(#"{"root": "#.utf8) + [0xED, 0xA0, 0x80]), status: 1, [
            "outside.json:1:10: error: expected a value after ':', found byte 0xED [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        // A long run of lead bytes without continuations (found by fuzz-json: it used to recurse once per byte).
        let run = Array(#"{"root": {"id": ""#.utf8) + [UInt8](repeating: 0xD1, count: 200_000) + Array(#""}}"#.utf8)
        assertReport(try lint("leads.json", run), status: 1, [
            "leads.json:1:19: error: incomplete UTF-8 sequence: expected a continuation byte after 0xD1, found byte 0xD1 [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    func testByteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        assertReport(try lint("bom.json", bom + Array(Layouts.cleanJSON.utf8)), status: 1, [
            "bom.json:1:1: error: byte order mark (BOM) at start of file: JSON text must not begin with U+FEFF [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        // YAML allows one and ignores it; columns on the first line do not count it.
        let yaml = bom + Array("root: {id: screen, frame: [0, 0, 390, 844], children: [{id: play, type: button, frame: [10, 10, 30, 30]}]}\n".utf8)
        assertReport(try lint("bom.yaml", yaml), status: 1, [
            "bom.yaml:1:88: error: 'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]",
            "1 error, 0 warnings, 1 fixable in 1 file",
        ])
        // On a terminal, the excerpt shows the line without the mark and the caret under the value.
        let terminal = runCommand(["--color", "never", "bom.yaml"], in: folder.path, terminal: true)
        let excerpt = terminal.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(excerpt[1], " 1 | root: {id: screen, frame: [0, 0, 390, 844], children: [{id: play, type: button, frame: [10, 10, 30, 30]}]}")
        XCTAssertEqual(excerpt[2], "   | " + String(repeating: " ", count: 87) + "^~~~~~~~~~~~~~~~")
    }

    func testCRLFLineEndsGiveTheSameDiagnosticsAndFixesKeepThem() throws {
        let lf = "root:\n  id: screen\n  frame: [0, 0, 390, 844]\n  children:\n    - id: play\n      type: button\n      frame: [10, 10, 30, 30]\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = [
            "play.yaml:7:14: error: 'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]",
            "1 error, 0 warnings, 1 fixable in 1 file",
        ]
        assertReport(withoutFixLines(try lint("play.yaml", lf, ["--show-fixes"])), status: 1, expected)
        assertReport(withoutFixLines(try lint("play.yaml", crlf, ["--show-fixes"])), status: 1, expected)
        let json = #"{"root": {"id": "screen", "frame": [0, 0, 390, 844], "children": [{"id": "play", "type": "button", "frame": [10, 10, 30, 30]}]}}"#
            .replacingOccurrences(of: ", ", with: ",\r\n  ")
        XCTAssertEqual(try lint("play.json", json).status, 1)

        let fixed = try lint("play.yaml", crlf, ["--fix"])
        XCTAssertEqual(fixed.status, 0, fixed.output + fixed.error)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: folder.path + "/play.yaml")).map { $0 }
        XCTAssertNotEqual(bytes, Array(crlf.utf8), "the fix was written")
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            XCTAssertEqual(bytes[index - 1], 0x0D, "every line still ends in CRLF")
        }
    }

    func testNULBytes() throws {
        assertReport(try lint("nul.json", Array(#"{"root": "#.utf8) + [0] + Array("}".utf8)), status: 1, [
            "nul.json:1:10: error: NUL byte in file [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("nul.yaml", Array("root:\n  id: a".utf8) + [0] + Array("b\n".utf8)), status: 1, [
            "nul.yaml:2:8: error: NUL bytes are not allowed in YAML [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        // UTF-16 is NUL bytes everywhere: named for what it is.
        let utf16 = Array(#"{"root": 1}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        assertReport(try lint("utf16.json", utf16), status: 1, [
            "utf16.json:1:2: error: NUL byte in file: JSON text must be UTF-8 (this looks like UTF-16 or UTF-32) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    // MARK: - Numbers

    func testHugeAndMalformedNumbers() throws {
        let fourHundredDigits = "1" + String(repeating: "0", count: 399)
        assertReport(try lint("huge.json", #"{"root": {"frame": [0, 0, 1e999, 10]}}"#), status: 1, [
            "huge.json:1:27: error: 'frame width' must be a finite number, found 1e999 [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("digits.json", #"{"root": {"frame": [0, 0, 10, \#(fourHundredDigits)]}}"#), status: 1, [
            "digits.json:1:31: error: 'frame height' must be a finite number, found \(fourHundredDigits) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        // 400 digits that make a small number are just a number.
        let small = "0." + String(repeating: "0", count: 398) + "1"
        assertReport(try lint("small.json", #"{"root": {"frame": [\#(small), 0, 10, 10]}}"#), status: 0, ["0 errors, 0 warnings in 1 file"])
        let exact = String(repeating: "9", count: 400) + "e-399"
        assertReport(try lint("exact.yaml", "root: {frame: [0, 0, \(exact), 10]}\n"), status: 0, ["0 errors, 0 warnings in 1 file"])

        assertReport(try lint("huge.yaml", "root: {frame: [0, 0, 1e999, 10]}\n"), status: 1, [
            "huge.yaml:1:22: error: number '1e999' is out of range (too large for a 64-bit float) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("digits.yaml", "root: {frame: [0, 0, 10, \(fourHundredDigits)]}\n"), status: 1, [
            "digits.yaml:1:26: error: number '\(fourHundredDigits.prefix(40))…' is out of range (too large for a 64-bit float) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("minus.json", #"{"root": {"frame": [0, 0, -, 10]}}"#), status: 1, [
            "minus.json:1:28: error: expected digit after '-' in number, found ',' [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    /// Finite but enormous lengths (found by fuzz-lint: formatting one for a
    /// message or a picture converted its hundredths to Int64, and trapped).
    func testHugeFiniteLengthsAreReportedAndDrawn() throws {
        XCTAssertEqual(formatLength(1e30), "1e+30")
        XCTAssertEqual(formatLength(-1.7e308), "-1.7e+308")
        XCTAssertEqual(formatLength(123456789012.345), "123456789012.35")
        XCTAssertEqual(formatLength(44), "44")
        assertReport(try lint("wide.yaml", "root: {id: s, frame: [0, 0, 390, 844], children: [{id: b, type: button, frame: [0, 0, 1e30, 30]}]}\n"),
                     status: 1, [
            "wide.yaml:1:80: error: 'b' is partly outside the hit region of 's': 1e+30 pt on the right can be seen but not tapped [clipped-target]",
            "wide.yaml:1:80: error: 'b' is reachable on 390×30 pt (its hit area is cut by 's'); minimum is 44×44 pt (ios) [target-size]",
            "2 errors, 0 warnings, 1 fixable in 1 file",
        ])
        let layouts = [
            "root: {id: s, frame: [0, 0, 390, 844], children: [{id: b, type: button, frame: [0, 0, 1e30, 30]}]}\n",
            "root: {id: s, frame: [0, 0, 1e300, 1e300], children: [{id: a, type: button, frame: [0, 0, 1, 1]}]}\n",
            "coordinates: absolute\nroot: {id: s, frame: [-1e308, -1e308, 1.7e308, 1.7e308], children: [{id: a, type: button, frame: [1e308, 1e308, 10, 10]}]}\n",
        ]
        for (index, text) in layouts.enumerated() {
            try folder.write("huge-\(index).yaml", text)
            for picture in ["svg", "html"] {
                let run = runCommand(["render", "huge-\(index).yaml", "-o", "huge-\(index).\(picture)"], in: folder.path)
                XCTAssertEqual(run.status, 0, "\(index) \(picture): \(run.error)")
            }
            let lint = runCommand(["--render-dir", "pictures", "huge-\(index).yaml"], in: folder.path)
            XCTAssertEqual(lint.status, 1, lint.error)
        }
    }

    func testNaNAndInfinityInYAML() throws {
        for (value, column) in [(".nan", 28), (".NaN", 28), (".inf", 28), ("-.inf", 28), ("+.INF", 28)] {
            assertReport(try lint("special.yaml", "root: {frame: [0, 0, 10, 10], alpha: \(value)}\n"), status: 1, [
                "special.yaml:1:\(column + 10): error: infinite and NaN numbers (.inf, .nan) are not supported [invalid-layout]",
                "1 error, 0 warnings in 1 file",
            ])
        }
        // Quoted, it is a string: a wrong type, on the value.
        assertReport(try lint("quoted.yaml", "root: {frame: [0, 0, 10, 10], alpha: '.nan'}\n"), status: 1, [
            "quoted.yaml:1:38: error: 'alpha' must be a number from 0 to 1, found string '.nan' [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    // MARK: - Structure

    func testDuplicateKeys() throws {
        assertReport(try lint("twice.json", "{\"root\": {\"frame\": [0, 0, 10, 10],\n  \"frame\": [0, 0, 20, 20]}}"), status: 1, [
            "twice.json:2:3: error: duplicate key 'frame' (first on line 1, again on line 2) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("twice.yaml", "root:\n  frame: [0, 0, 10, 10]\n  frame: [0, 0, 20, 20]\n"), status: 1, [
            "twice.yaml:3:3: error: duplicate key 'frame' (first defined on line 2) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        // At the top level too.
        assertReport(try lint("root.json", #"{"root": {"frame": [0, 0, 10, 10]}, "root": {}}"#), status: 1, [
            "root.json:1:37: error: duplicate key 'root' (first on line 1, again on line 1) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    func testEmptyFiles() throws {
        assertReport(try lint("empty.json", ""), status: 1, [
            "empty.json:1:1: error: expected a value, found end of file [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("blank.json", "  \n\n"), status: 1, [
            "blank.json:3:1: error: expected a value, found end of file [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("empty.yaml", ""), status: 1, [
            "empty.yaml:1:1: error: the file holds no YAML document (it is empty or only comments) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("comment.yaml", "# nothing here\n"), status: 1, [
            "comment.yaml:2:1: error: the file holds no YAML document (it is empty or only comments) [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
        assertReport(try lint("marker.yaml", "---\n"), status: 1, [
            "marker.yaml:2:1: error: a layout must be a mapping with a 'root' node, found null [invalid-layout]",
            "1 error, 0 warnings in 1 file",
        ])
    }

    // MARK: - Paths

    func testAFolderNamedLikeALayoutFile() throws {
        try folder.write("x.json/inner.yaml", Layouts.small)
        try folder.write("walk/y.yaml/z.yaml", Layouts.clean)
        try folder.write("walk/ok.yaml", Layouts.clean)
        // Named: walked as the folder it is.
        assertReport(runCommand(["x.json"], in: folder.path), status: 1, [
            "x.json/inner.yaml:1:88: error: 'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]",
            "1 error, 0 warnings, 1 fixable in 1 file",
        ])
        // Found in a folder: walked, never read as a file.
        assertReport(runCommand(["walk"], in: folder.path), status: 0, ["0 errors, 0 warnings in 2 files"])
        // The commands that take one file say what it is.
        let parse = runCommand(["parse", "x.json"], in: folder.path)
        XCTAssertEqual(parse.status, 2)
        XCTAssertEqual(parse.error, "hitlint: x.json: not a regular file (a folder); not read\n")
        let render = runCommand(["render", "x.json", "-o", "x.svg"], in: folder.path)
        XCTAssertEqual(render.status, 2)
        XCTAssertEqual(render.error, "hitlint: x.json: not a regular file (a folder); not read\n")
    }

    /// A FIFO named like a layout would block a reader forever; it is refused at
    /// once, and the other files are still linted.
    func testAFIFOIsNotRead() throws {
        try folder.write("layouts/ok.yaml", Layouts.small)
        XCTAssertEqual(mkfifo(folder.path + "/layouts/pipe.json", 0o644), 0)
        let named = runCommand(["layouts/pipe.json"], in: folder.path)
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(named.error, "hitlint: layouts/pipe.json: not a regular file (a FIFO); not read\n")
        XCTAssertEqual(named.output, "0 errors, 0 warnings in 0 files\n")
        let walked = runCommand(["layouts"], in: folder.path)
        XCTAssertEqual(walked.status, 2)
        XCTAssertEqual(walked.error, "hitlint: layouts/pipe.json: not a regular file (a FIFO); not read\n")
        XCTAssertTrue(walked.output.hasPrefix("layouts/ok.yaml:1:88: error:"), walked.output)
        let parse = runCommand(["parse", "layouts/pipe.json"], in: folder.path)
        XCTAssertEqual(parse.status, 2)
        // A baseline, or a configuration found in the folder, that is a FIFO.
        XCTAssertEqual(mkfifo(folder.path + "/baseline.json", 0o644), 0)
        let baseline = runCommand(["--baseline", "baseline.json", "layouts/ok.yaml"], in: folder.path)
        XCTAssertEqual(baseline.status, 2)
        XCTAssertEqual(baseline.error, "hitlint: baseline.json: cannot read baseline file: not a regular file (a FIFO); not read\n")
        XCTAssertEqual(mkfifo(folder.path + "/layouts/.hitlint.yml", 0o644), 0)
        let configuration = runCommand(["ok.yaml"], in: folder.path + "/layouts")
        XCTAssertEqual(configuration.status, 2)
        XCTAssertEqual(configuration.error, "hitlint: .hitlint.yml: cannot read configuration file: not a regular file (a FIFO); not read\n")
    }

    #if os(Linux)
    /// Root reads every file whatever its mode, so an unreadable file is one the
    /// kernel will not read: /proc/self/mem at offset 0 (unmapped) fails with EIO.
    func testAnUnreadableFileGivesAMessageAndExitTwo() throws {
        try folder.write("ok.yaml", Layouts.clean)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/mem.json", withDestinationPath: "/proc/self/mem")
        let run = runCommand(["."], in: folder.path)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.error, "hitlint: mem.json: cannot read file (input/output error)\n")
        XCTAssertEqual(run.output, "0 errors, 0 warnings in 1 file\n", "the readable file is still linted")
    }
    #endif

    func testSymlinkLoopsAmongThePaths() throws {
        let manager = FileManager.default
        try folder.write("a/one.yaml", Layouts.clean)
        try folder.write("a/b/two.yaml", Layouts.clean)
        try manager.createSymbolicLink(atPath: folder.path + "/a/self", withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: folder.path + "/a/b/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder.path + "/a/b/top", withDestinationPath: "../../a")
        // Links to each other, and to themselves, named like layouts.
        try manager.createSymbolicLink(atPath: folder.path + "/a/ping.json", withDestinationPath: "pong.json")
        try manager.createSymbolicLink(atPath: folder.path + "/a/pong.json", withDestinationPath: "ping.json")
        try manager.createSymbolicLink(atPath: folder.path + "/a/itself.yaml", withDestinationPath: "itself.yaml")
        try manager.createSymbolicLink(atPath: folder.path + "/a/gone.yaml", withDestinationPath: "missing.yaml")
        // A walk lints each real file once and skips links that lead nowhere.
        assertReport(runCommand(["a"], in: folder.path), status: 0, ["0 errors, 0 warnings in 2 files"])
        // Named on the command line, they are reported for what they are.
        let named = runCommand(["a/ping.json", "a/itself.yaml", "a/gone.yaml", "a/one.yaml"], in: folder.path)
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(named.error, """
        hitlint: a/ping.json: symbolic link loop (too many levels of symbolic links)
        hitlint: a/itself.yaml: symbolic link loop (too many levels of symbolic links)
        hitlint: a/gone.yaml: broken symbolic link (what it points to does not exist)

        """)
        XCTAssertEqual(named.output, "0 errors, 0 warnings in 1 file\n")
    }

    /// Two links to the next folder at each of 30 levels: 2³⁰ routes to the last
    /// folder. Each real folder is walked once, so this ends, with one file per level.
    func testLinksThatReachAFolderByManyRoutesAreWalkedOnce() throws {
        let manager = FileManager.default
        let levels = 30
        for level in 0..<levels {
            try folder.write("d\(level)/layout.yaml", Layouts.clean)
            if level + 1 < levels {
                for link in ["left", "right"] {
                    try manager.createSymbolicLink(atPath: folder.path + "/d\(level)/\(link)",
                                                   withDestinationPath: "../d\(level + 1)")
                }
            }
        }
        let run = runCommand(["d0", "--format", "json"], in: folder.path)
        XCTAssertEqual(run.status, 0, run.error)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        XCTAssertEqual((report["summary"] as? [String: Int])?["files"], levels)
    }
}

private extension Layouts {
    static let cleanJSON = #"{"root": {"id": "screen", "frame": [0, 0, 390, 844]}}"#
}

/// Without the `fix:` lines and edits that `--show-fixes` adds.
private func withoutFixLines(_ run: (status: Int32, output: String, error: String)) -> (status: Int32, output: String, error: String) {
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("    ") }
    return (run.status, lines.joined(separator: "\n"), run.error)
}
