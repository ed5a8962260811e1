import Foundation
import XCTest
@testable import HitLintKit

/// Format-preserving edits: the text around an edit is untouched, new keys
/// look like their neighbours.
final class LayoutEditTests: XCTestCase {
    private func layout(_ text: String, _ format: SourceFormat = .yaml) throws -> Layout {
        LayoutBuilder.build(try format.parse(SourceText(text))).layout
    }

    private func node(_ layout: Layout, _ id: String) -> Int {
        (0..<layout.nodes.count).first { layout.name(of: $0) == id }!
    }

    private func applying(_ edits: [TextEdit], to text: String) -> String {
        String(decoding: Fixer.applying(edits, to: Array(text.utf8)), as: UTF8.self)
    }

    private func setInsets(_ text: String, _ id: String, _ insets: EdgeInsets, _ format: SourceFormat = .yaml) throws -> String {
        let model = try layout(text, format)
        return applying(LayoutEditor(layout: model).setHitInsets(of: node(model, id), to: insets), to: text)
    }

    func testInsertsIntoABlockMappingBeforeChildrenKeepingComments() throws {
        let text = """
        root:
          id: bar   # the toolbar
          frame: [0, 0, 100, 44]
          # its buttons
          children:
            - {id: b, frame: [0, 0, 44, 44]}

        """
        XCTAssertEqual(try setInsets(text, "bar", EdgeInsets(all: -8)), """
        root:
          id: bar   # the toolbar
          frame: [0, 0, 100, 44]
          hitInsets: -8
          # its buttons
          children:
            - {id: b, frame: [0, 0, 44, 44]}

        """)
    }

    func testInsertKeepsCRLFLineEnds() throws {
        let text = "root:\r\n  id: r\r\n  frame: [0, 0, 10, 10]\r\n"
        XCTAssertEqual(try setInsets(text, "r", EdgeInsets(all: -2)), "root:\r\n  id: r\r\n  frame: [0, 0, 10, 10]\r\n  hitInsets: -2\r\n")
    }

    /// Issue 33: a key inserted into a JSON file indented with tabs was
    /// indented with spaces, and a file whose lines end with CR alone got an
    /// LF. The new line follows the file's own indentation and line ends.
    func testInsertFollowsTabIndentationAndCROnlyLineEnds() throws {
        let tabs = "{\n\t\"root\": {\n\t\t\"id\": \"r\",\n\t\t\"frame\": [0, 0, 10, 10]\n\t}\n}\n"
        XCTAssertEqual(try setInsets(tabs, "r", EdgeInsets(all: -7), .json),
                       "{\n\t\"root\": {\n\t\t\"id\": \"r\",\n\t\t\"frame\": [0, 0, 10, 10],\n\t\t\"hitInsets\": -7\n\t}\n}\n")
        let mixed = "{\n\t  \"root\": {\"id\": \"r\",\n\t    \"frame\": [0, 0, 10, 10]}}"
        XCTAssertEqual(try setInsets(mixed, "r", EdgeInsets(all: -7), .json),
                       "{\n\t  \"root\": {\"id\": \"r\",\n\t    \"frame\": [0, 0, 10, 10],\n\t    \"hitInsets\": -7}}")
        let yaml = "root:\r  id: r\r  frame: [0, 0, 10, 10]\r"
        XCTAssertEqual(try setInsets(yaml, "r", EdgeInsets(all: -2)), "root:\r  id: r\r  frame: [0, 0, 10, 10]\r  hitInsets: -2\r")
        let json = "{\r  \"root\": {\r    \"id\": \"r\",\r    \"frame\": [0, 0, 10, 10]\r  }\r}\r"
        XCTAssertEqual(try setInsets(json, "r", EdgeInsets(all: -2), .json),
                       "{\r  \"root\": {\r    \"id\": \"r\",\r    \"frame\": [0, 0, 10, 10],\r    \"hitInsets\": -2\r  }\r}\r")
        // Through the command: `--fix` writes what the editor would.
        let folder = try TemporaryFolder()
        try folder.write("tabs.json", tabs.replacingOccurrences(of: "\"id\": \"r\",", with: "\"id\": \"r\", \"type\": \"button\","))
        try folder.write("mac.yaml", "root:\r  id: r\r  type: button\r  frame: [0, 0, 10, 10]\r")
        XCTAssertEqual(runCommand(["--fix", "."], in: folder.path).status, 0)
        XCTAssertEqual(try folder.read("tabs.json"),
                       "{\n\t\"root\": {\n\t\t\"id\": \"r\", \"type\": \"button\",\n\t\t\"frame\": [0, 0, 10, 10],\n\t\t\"hitInsets\": -17\n\t}\n}\n")
        XCTAssertEqual(try folder.read("mac.yaml"), "root:\r  id: r\r  type: button\r  frame: [0, 0, 10, 10]\r  hitInsets: -17\r")
    }

    func testInsertIntoSequenceEntryUsesTheKeysColumn() throws {
        let text = """
        root:
          frame: [0, 0, 100, 100]
          children:
          - id: a
            type: button
            frame: [0, 0, 10, 10]
          - id: b
            frame: [0, 0, 10, 10]

        """
        XCTAssertEqual(try setInsets(text, "a", EdgeInsets(top: -1, left: -2, bottom: -3, right: -4)), """
        root:
          frame: [0, 0, 100, 100]
          children:
          - id: a
            type: button
            frame: [0, 0, 10, 10]
            hitInsets: [-1, -2, -3, -4]
          - id: b
            frame: [0, 0, 10, 10]

        """)
    }

    func testInsertIntoJSONObjectsMatchesTheirLayout() throws {
        let multiLine = """
        {
          "root": {
            "id": "r",
            "frame": [0, 0, 10, 10],
            "children": []
          }
        }
        """
        XCTAssertEqual(try setInsets(multiLine, "r", EdgeInsets(all: -7), .json), """
        {
          "root": {
            "id": "r",
            "frame": [0, 0, 10, 10],
            "hitInsets": -7,
            "children": []
          }
        }
        """)
        let oneLine = #"{"root": {"id": "r", "frame": [0, 0, 10, 10]}}"#
        XCTAssertEqual(try setInsets(oneLine, "r", EdgeInsets(all: -7), .json),
                       #"{"root": {"id": "r", "frame": [0, 0, 10, 10], "hitInsets": -7}}"#)
        let compact = #"{"root":{"id":"r","frame":[0,0,10,10]}}"#
        XCTAssertEqual(try setInsets(compact, "r", EdgeInsets(all: -7), .json),
                       #"{"root":{"id":"r","frame":[0,0,10,10],"hitInsets":-7}}"#)
    }

    func testExistingValuesKeepTheirShapeAndConvention() throws {
        // A number stays a number when even.
        XCTAssertEqual(try setInsets("root: {id: r, frame: [0, 0, 10, 10], hitInsets: -4}", "r", EdgeInsets(all: -7)),
                       "root: {id: r, frame: [0, 0, 10, 10], hitInsets: -7}")
        // A list changes only the numbers that differ.
        XCTAssertEqual(try setInsets("root: {id: r, frame: [0, 0, 10, 10], hitInsets: [-4, -4.0, -4, -4]}", "r",
                                     EdgeInsets(top: -4, left: -4, bottom: -4, right: -9)),
                       "root: {id: r, frame: [0, 0, 10, 10], hitInsets: [-4, -4.0, -4, -9]}")
        // A mapping keeps its keys; a missing side is added in its style.
        XCTAssertEqual(try setInsets("root: {id: r, frame: [0, 0, 10, 10], hitInsets: {top: -4, bottom: -4}}", "r",
                                     EdgeInsets(top: -4, left: 0, bottom: -6, right: -2)),
                       "root: {id: r, frame: [0, 0, 10, 10], hitInsets: {top: -4, bottom: -6, right: -2}}")
        // hitSlop stays hitSlop, positive for expansion.
        XCTAssertEqual(try setInsets("root: {id: r, frame: [0, 0, 10, 10], hitSlop: 10}", "r", EdgeInsets(all: -12)),
                       "root: {id: r, frame: [0, 0, 10, 10], hitSlop: 12}")
        // Lengths are written in the file's units.
        XCTAssertEqual(try setInsets("units: px\nscale: 3\nroot: {id: r, frame: [0, 0, 30, 30]}", "r", EdgeInsets(all: -7)),
                       "units: px\nscale: 3\nroot: {id: r, frame: [0, 0, 30, 30], hitInsets: -21}")
    }

    func testRemovingIgnoreEntriesAndKeys() throws {
        func remove(_ text: String, _ rule: String?) throws -> String {
            let model = try layout(text)
            let entry = model.ignores.first { $0.rule == rule }!
            return applying(Suppression.removal(of: entry, layout: model).edits, to: text)
        }
        XCTAssertEqual(try remove("root: {frame: [0, 0, 1, 1], ignore: [dead-gap, target-size]}", "target-size"),
                       "root: {frame: [0, 0, 1, 1], ignore: [dead-gap]}")
        XCTAssertEqual(try remove("root: {frame: [0, 0, 1, 1], ignore: [dead-gap, target-size]}", "dead-gap"),
                       "root: {frame: [0, 0, 1, 1], ignore: [target-size]}")
        XCTAssertEqual(try remove("root: {frame: [0, 0, 1, 1], ignore: all}", nil), "root: {frame: [0, 0, 1, 1]}")
        XCTAssertEqual(try remove("root:\n  frame: [0, 0, 1, 1]\n  ignore:\n    - dead-gap\n    - target-size\n  id: x\n", "dead-gap"),
                       "root:\n  frame: [0, 0, 1, 1]\n  ignore:\n    - target-size\n  id: x\n")
        XCTAssertEqual(try remove("root:\n  frame: [0, 0, 1, 1]\n  ignore: [dead-gap]  # old\n  id: x\n", "dead-gap"),
                       "root:\n  frame: [0, 0, 1, 1]\n  id: x\n")
        // The first key of a `- key: value` entry: the dash stays with the next key.
        XCTAssertEqual(try remove("root:\n  frame: [0, 0, 1, 1]\n  children:\n    - ignore: all\n      frame: [0, 0, 1, 1]\n", nil),
                       "root:\n  frame: [0, 0, 1, 1]\n  children:\n    - frame: [0, 0, 1, 1]\n")
        XCTAssertEqual(try remove(#"{"root": {"ignore": ["dead-gap"], "frame": [0, 0, 1, 1]}}"#.replacingOccurrences(of: "\"root\"", with: "\"root\""), "dead-gap"),
                       #"{"root": {"frame": [0, 0, 1, 1]}}"#)
    }

    func testOverlappingEditsWaitForTheNextPass() {
        let bytes = Array("abcdef".utf8)
        func fix(_ start: Int, _ end: Int, _ text: String) -> Diagnostic {
            Diagnostic(rule: "r", severity: .error, message: "", span: SourceSpan(start: 0, end: 0),
                       fix: Fix(description: "", edits: [TextEdit(span: SourceSpan(start: start, end: end), replacement: text)]))
        }
        let application = Fixer.apply([fix(1, 3, "X"), fix(2, 4, "Y"), fix(4, 4, "Z"), fix(5, 6, "W")], to: bytes)
        // The second overlaps the first and waits; the others touch no accepted edit.
        XCTAssertEqual(application.applied, [0, 2, 3])
        XCTAssertEqual(String(decoding: application.bytes, as: UTF8.self), "aXdZeW")
        // An insertion at the edge of an accepted replacement waits too: their order would be ambiguous.
        XCTAssertEqual(Fixer.apply([fix(1, 3, "X"), fix(3, 3, "Y")], to: bytes).applied, [0])
    }

    /// The accepted set is kept in sorted runs for fast conflict checks; it must
    /// accept exactly what checking every accepted edit one by one accepts, for
    /// fixes in any order, with one or two edits each (which may touch).
    func testAcceptedFixesMatchACheckAgainstEveryAcceptedEdit() {
        var random = SeededRandom(seed: 11)
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 3_000)
        for round in 0..<20 {
            var diagnostics: [Diagnostic] = []
            for _ in 0..<(round < 10 ? 300 : 1_500) {
                let start = random.int(0...2_990)
                var edits = [TextEdit(span: SourceSpan(start: start, end: start + random.int(0...4)), replacement: "y")]
                if random.chance(0.4) {
                    // A second edit: an insertion touching the first's end, or somewhere else.
                    let other = random.chance(0.5) ? edits[0].span.end : random.int(0...2_995)
                    edits.append(TextEdit(span: SourceSpan(start: other, end: other + (random.chance(0.5) ? 0 : 2)), replacement: "z"))
                }
                diagnostics.append(Diagnostic(rule: "r", severity: .error, message: "", span: SourceSpan(start: start, end: start),
                                              fix: Fix(description: "", edits: edits)))
            }
            var accepted: [TextEdit] = []
            var expected: [Int] = []
            for (index, diagnostic) in diagnostics.enumerated() {
                let edits = diagnostic.fix!.edits
                let selfOverlap = edits.count == 2 && edits[0].span.start < edits[1].span.end && edits[1].span.start < edits[0].span.end
                guard !selfOverlap, !edits.contains(where: { edit in accepted.contains { Fixer.conflict($0, edit) } }) else { continue }
                accepted += edits
                expected.append(index)
            }
            XCTAssertEqual(Fixer.apply(diagnostics, to: bytes).applied, expected, "round \(round)")
        }
    }

    /// Expected texts are what GNU `diff -u` prints for the same files.
    func testUnifiedDiff() {
        let old = Array("a\nb\nc\nd\ne\nf\ng\nh\ni\n".utf8)
        let new = Array("a\nb\nc\nD\ne\nf\ng\nh\ni\nj".utf8)
        XCTAssertEqual(UnifiedDiff.make(old: old, new: new, path: "x.yaml"), """
        --- a/x.yaml
        +++ b/x.yaml
        @@ -1,9 +1,10 @@
         a
         b
         c
        -d
        +D
         e
         f
         g
         h
         i
        +j
        \\ No newline at end of file

        """)
        let far = UnifiedDiff.make(old: Array("a\nb\nc\nd\ne\nf\ng\nh\ni\nk\nl\nm\n".utf8),
                                   new: Array("a\nb\nc\nD\ne\nf\ng\nh\ni\nk\nl\nM\n".utf8), path: "/abs/y.json")
        XCTAssertEqual(far, """
        --- /abs/y.json
        +++ /abs/y.json
        @@ -1,7 +1,7 @@
         a
         b
         c
        -d
        +D
         e
         f
         g
        @@ -9,4 +9,4 @@
         i
         k
         l
        -m
        +M

        """)
        XCTAssertEqual(UnifiedDiff.make(old: old, new: old, path: "x"), "")
    }

    /// A fix's numbers are read back from their digits (`readsAs`): the very
    /// double a parser reads from their text, for numbers at every scale, at
    /// the boundaries of rounding, of exactness (15 and 16 digits) and of
    /// the form (an exponent, ∞, a bare point).
    func testNumbersReadBackAsTheirTextParses() {
        var random = SeededRandom(seed: 23)
        var values: [Double] = [0, -0.0, 0.004, 0.005, 0.015, 0.1, 0.125, 1.005, -7, -7.5, 2.675, 1e13 + 0.07,
                                99_999_999_999_999, 999_999_999_999.99, 1e15, 1e16, -1e30, .infinity, -.infinity, .nan]
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1_000, 1e6, 1e9, 1e12, 1e14][Int(random.next() % 7)]
            let value = (Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            values.append(value)
        }
        var compared = 0
        for value in values {
            let text = formatNumber(value)
            let expected = Double(text)
            XCTAssertEqual(readsAs(text)?.bitPattern, expected?.bitPattern, "\(value) written \(text)")
            if expected != nil { compared += 1 }
        }
        XCTAssertGreaterThan(compared, 20_000)
        for text in ["1e5", "5.", ".5", "-", "1.234", "1234567890123456.5", "12345678901234567", "+5", "∞", "0x10"] {
            XCTAssertEqual(readsAs(text)?.bitPattern, Double(text)?.bitPattern, text)
        }
    }
}

/// `--fix` writes atomically, keeps the file's mode and never overwrites a file
/// that changed since it was read.
final class AtomicFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try? FileManager.default.removeItem(at: folder)
    }

    func testReplacesContentAndKeepsMode() throws {
        let path = folder.appendingPathComponent("a.yaml").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try AtomicFile.replace(path, with: Array("new".utf8), expecting: Array("old".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.yaml"], "no temporary file left")
    }

    func testRefusesAFileChangedOnDisk() throws {
        let path = folder.appendingPathComponent("a.yaml").path
        try Data("changed".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try AtomicFile.replace(path, with: Array("new".utf8), expecting: Array("old".utf8))) { error in
            XCTAssertTrue((error as? AtomicFile.Failure)?.message.contains("changed on disk") ?? false)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "changed")
    }

    /// The file on disk is compared with what was read a piece at a time:
    /// a change past the first piece, a file grown or cut short by one byte
    /// are each "changed", and the same large file is not.
    func testAFileIsComparedWithWhatWasReadToItsLastByte() throws {
        let path = folder.appendingPathComponent("big.yaml").path
        let read = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        var later = read
        later[150_000] ^= 1
        for (onDisk, label) in [(later, "changed past the first piece"), (read + [7], "grown by a byte"),
                                (Array(read.dropLast()), "cut short by a byte"), ([], "emptied")] {
            try Data(onDisk).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try AtomicFile.replace(path, with: Array("new".utf8), expecting: read), label) { error in
                XCTAssertTrue((error as? AtomicFile.Failure)?.message.contains("changed on disk") ?? false, "\(label): \(error)")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(onDisk), label)
        }
        try Data(read).write(to: URL(fileURLWithPath: path))
        try AtomicFile.replace(path, with: Array("new".utf8), expecting: read)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    }

    #if os(Linux)
    /// A folder nobody can create files in, root included: /proc. (The file is
    /// writable, 0644, so it is the temporary file that fails, not the read-only check.)
    func testUnwritableFolderGivesAMessageAndLeavesTheFile() throws {
        let path = "/proc/self/comm"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertThrowsError(try AtomicFile.replace(path, with: Array("new".utf8), expecting: [UInt8](original))) { error in
            XCTAssertTrue((error as? AtomicFile.Failure)?.message.contains("cannot create a temporary file") ?? false, "\(error)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), original)
    }
    #endif
}
