import Foundation
import XCTest
@testable import HitLintKit

/// A JSON layout is built while the parser reads it, without keeping its
/// document (`LayoutBuilder.read(streaming:)`); YAML, captures and `render`
/// build from the whole document. The two must agree on everything later
/// stages can see: nodes, names, spans, a node's members read again, ignores
/// and the layout's diagnostics.
final class StreamedLayoutTests: XCTestCase {
    /// Everything later stages can read of a layout, as comparable text.
    private func describe(_ layout: Layout, _ diagnostics: [Diagnostic]) -> [String] {
        // A fix's edits to each node: a streamed node without insets keys is
        // given one from its bytes walked (`JSONMemberScan`), others from
        // their members read again; both must edit as the document does.
        let editor = LayoutEditor(layout: layout)
        var lines = ["platform \(layout.platform) input \(layout.modality) units \(layout.units) scale \(layout.scale)"
            + " device \(layout.device) coordinates \(layout.coordinates) pointsPerUnit \(layout.pointsPerUnit)"]
        for index in layout.nodes.indices {
            let node = layout.nodes[index]
            let flags = [node.isTarget, node.isHidden, node.userInteractionEnabled, node.clipsToBounds, node.isOpaque,
                         node.isEnabled, node.isStack, node.isArranged, node.usesHitSlop, node.hasPointerInsets,
                         node.isTransparent].map { $0 ? "1" : "0" }.joined()
            lines.append("node \(index) parent \(node.parent) end \(node.subtreeEnd) child \(node.childIndex) "
                + "frame \(node.frame) flags \(flags) insets \(layout.hitInsets(of: index)) alpha \(layout.alpha(of: index)) "
                + "pointer \(String(describing: layout.pointerInsets(of: index)))")
            lines.append("  name \(layout.name(of: index)) id \(String(describing: layout.id(of: index))) "
                + "idSpan \(String(describing: layout.idSpan(of: index))) type \(layout.type(of: index)) "
                + "anchor \(layout.anchorSpan(of: index)) frameSpan \(layout.frameSpan(of: index)) "
                + "firstKey \(layout.firstKeySpan(of: index)) hasInsets \(String(describing: layout.hasInsetsKey(index)))")
            let source = layout.nodeSource(of: index)
            let document = source.document
            var members: [String] = []
            if source.object >= 0 {
                for (key, value) in document.members(source.object) {
                    // A streamed node's children are not read again: its list reads as empty.
                    let text = document.stringEquals(key, "children") ? "[…]" : String(describing: document.string(value))
                    members.append("\(document.string(key) ?? "?")@\(document.span(key)) = \(document.span(value)) \(text)")
                }
            }
            lines.append("  members " + members.joined(separator: "; "))
            for insets in [EdgeInsets(all: -7), EdgeInsets(top: 0, left: -2.5, bottom: -1, right: 0)] {
                let written = editor.setHitInsetsReadingBack(of: index, to: insets)
                lines.append("  edits \(written.edits.map { "\($0.span) '\($0.replacement)'" }) reads \(written.reads) "
                    + "back \(String(describing: written.readBack))")
            }
        }
        for entry in layout.ignores {
            lines.append("ignore node \(entry.node) rule \(String(describing: entry.rule)) span \(entry.span) "
                + "fix \(Suppression.removal(of: entry, layout: layout).edits.map { "\($0.span) '\($0.replacement)'" })")
        }
        lines += allNames(layout).map { "all-names \($0)" }
        lines += diagnostics.map { "\($0.rule) \($0.severity) \($0.span) \($0.node ?? "-") \($0.nodeIndex ?? -1) \($0.message)" }.sorted()
        return lines
    }

    private func allNames(_ layout: Layout) -> [String] {
        layout.nodes.count > 2_000 ? [] : layout.allNames()
    }

    /// The ways a streamed read runs: on the parser's thread, and side by side
    /// (`readSideBySide`) with each node handed over alone, and a few dozen at a time.
    private static let streamedReads: [(jobs: Int, batchEntries: Int)] = [(1, NodeBatch.entriesPerBatch), (2, 1), (2, 40)]

    /// Compares the builds of `text`, whole and streamed each way; false when it is not JSON or not a layout.
    @discardableResult
    private func assertSameBuild(_ text: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let source = SourceText(bytes: text)
        let document: Document
        do {
            document = try JSONParser.parse(source)
        } catch {
            // The streamed read refuses the same bytes, at the same place, with the same words.
            for (jobs, batchEntries) in Self.streamedReads {
                do {
                    _ = try LayoutBuilder.read(streaming: source, jobs: jobs, batchEntries: batchEntries)
                    XCTFail("\(label): the streamed read (\(jobs) jobs) accepted what the parser refuses: \(error.message)",
                            file: file, line: line)
                } catch let streamedError {
                    XCTAssertEqual(streamedError.offset, error.offset, label, file: file, line: line)
                    XCTAssertEqual(streamedError.message, error.message, label, file: file, line: line)
                }
            }
            return false
        }
        // Captures are imported, not built; a named file that is no known kind is read as a layout.
        guard !FileKind.detect(document).isImported else { return false }
        let whole = LayoutBuilder.build(document)
        XCTAssertTrue(whole.layout.nodes.allSatisfy { $0.origin == nil }, label, file: file, line: line)
        let expected = describe(whole.layout, whole.diagnostics)
        for (jobs, batchEntries) in Self.streamedReads {
            let how = "\(label), \(jobs) jobs, batches of \(batchEntries) entries"
            guard let read = try? LayoutBuilder.read(streaming: source, jobs: jobs, batchEntries: batchEntries) else {
                XCTFail("\(how): the streamed read refused JSON the parser accepts", file: file, line: line)
                return false
            }
            let streamed = LayoutBuilder.finish(read.builder, streamed: read.document)
            // Every streamed node knows where it came from, and no node built from a whole document claims to.
            XCTAssertTrue(streamed.layout.nodes.allSatisfy { $0.origin != nil }, how, file: file, line: line)
            let actual = describe(streamed.layout, streamed.diagnostics)
            if expected != actual {
                let difference = zip(expected, actual).first { $0 != $1 }
                XCTFail("\(how): streamed build differs\n  whole:    \(difference?.0 ?? "(\(expected.count) lines)")\n"
                        + "  streamed: \(difference?.1 ?? "(\(actual.count) lines)")", file: file, line: line)
            }
        }
        return true
    }

    /// The JSON layouts of Examples/ and the fixtures, with the YAML ones as
    /// the JSON `hitlint parse` writes for them.
    static let seeds: [(label: String, bytes: [UInt8])] = {
        var seeds: [(label: String, bytes: [UInt8])] = []
        for folder in ["Examples", "Tests/HitLintKitTests/Fixtures"] {
            let root = TestSupport.packageRoot.appendingPathComponent(folder)
            let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
            for path in paths {
                // XML is never a hitlint layout: only captures are written in it.
                guard let format = SourceFormat(path: path), format != .xml,
                      let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { continue }
                var bytes = [UInt8](data)
                if format == .yaml {
                    guard let document = try? YAMLParser.parse(SourceText(bytes: bytes)) else { continue }
                    bytes = document.jsonBytes()
                }
                seeds.append(("\(folder)/\(path)", bytes))
            }
        }
        return seeds
    }()

    func testExamplesAndFixturesBuildTheSameStreamed() {
        let compared = Self.seeds.filter { assertSameBuild($0.bytes, $0.label) }.count
        XCTAssertGreaterThan(compared, 20)
    }

    /// The linter reads large JSON files streamed and smaller ones whole
    /// (`RunSettings.streamingFrom`): every seed, captures and broken files
    /// among them, and a few thousand mutants, lint the same either way, with
    /// fixes checked and without.
    func testTheLinterGivesTheSameResultsStreamedOrWhole() {
        func lint(_ bytes: [UInt8], streamed: Bool, verify: Bool) -> (LintResult, [String]) {
            var options = LintOptions()
            options.run.streamingFrom = streamed ? 0 : .max
            options.fixChecking = verify ? .checked : .unchecked
            let result = Linter(options: options).lint(source: SourceText(bytes: bytes), format: .json, path: "f.json")
            let fixes = result.diagnostics.map { diagnostic in
                "\(diagnostic.fix?.description ?? "-") \((diagnostic.fix?.edits ?? []).map { "\($0.span) \($0.replacement)" })"
            }
            return (result, fixes)
        }
        var random = SeededRandom(seed: 0x11_7E5)
        var inputs = Self.seeds
        for number in 0..<1_500 {
            var bytes = random.pick(Self.seeds).bytes
            let at = random.int(0...(bytes.count - 1))
            bytes.removeSubrange(at..<min(bytes.count, at + random.int(1...12)))
            inputs.append(("mutant \(number)", bytes))
        }
        var captures = 0
        var fixable = 0
        for (label, bytes) in inputs {
            for verify in label.hasPrefix("mutant") ? [false] : [false, true] {
                let (whole, wholeFixes) = lint(bytes, streamed: false, verify: verify)
                let (streamed, streamedFixes) = lint(bytes, streamed: true, verify: verify)
                XCTAssertEqual(streamed.diagnostics, whole.diagnostics, "\(label), verifying fixes: \(verify)")
                XCTAssertEqual(streamedFixes, wholeFixes, label)
                XCTAssertEqual(streamed.nodeCount, whole.nodeCount, label)
                XCTAssertEqual(streamed.fileKind, whole.fileKind, label)
                if whole.fileKind.isImported { captures += 1 }
                fixable += whole.diagnostics.filter { $0.fix?.edits.isEmpty == false }.count
            }
        }
        XCTAssertGreaterThan(captures, 4)
        XCTAssertGreaterThan(fixable, 50)
    }

    func testEdgeCasesBuildTheSameStreamed() {
        let cases = [
            // Escapes in ids, types and keys; an id after the children.
            #"{"root": {"frame": [0, 0, 100, 100], "children": [{"id": "a\"b", "type": "butto\u006e", "frame": [0, 0, 10, 10]}], "id": "r\u00e9"}}"#,
            #"{"root": {"id": "r", "frame": [0, 0, 100, 100], "child\u0072en": [{"id": "x", "frame": [0, 0, 10, 10]}]}}"#,
            // Units and scale after the root; a stack with sized and framed children.
            #"{"root": {"id": "s", "type": "stack", "axis": "vertical", "spacing": 1.5, "frame": [0.5, 0.25, 30, 90], "hitInsets": [-1, -2, -3, -4], "children": [{"id": "a", "type": "button", "size": [10.1, 20.3]}, {"id": "b", "type": "button", "frame": [1, 2, 3, 4], "hitSlop": {"top": 2}}, {"id": "c", "hidden": true, "size": [5, 5]}, {"type": "button"}]}, "units": "px", "scale": 3}"#,
            #"{"units": "mm", "device": "ipad", "root": {"id": "r", "frame": [0, 0, 100, 100], "pointerInsets": 2, "alpha": 0.005, "children": [{"id": "t", "type": "button", "frame": [1, 1, 5, 5], "ignore": ["target-size", "dead-gap"]}]}}"#,
            // Children that are not nodes, between nodes: child positions count them.
            #"{"root": {"id": "r", "frame": [0, 0, 100, 100], "children": [1, {"frame": [0, 0, 1, 1]}, [2, 3], {"type": "button", "frame": [0, 0, 50, 50], "children": ["x", {"frame": [0, 0, 1, 1]}]}, null]}}"#,
            // Two children lists, two roots, a scalar root first.
            #"{"root": {"id": "r", "frame": [0, 0, 100, 100], "children": [{"id": "a", "frame": [0, 0, 1, 1]}], "children": [{"id": "b", "frame": [0, 0, 1, 1]}]}}"#,
            #"{"root": {"id": "r", "frame": [0, 0, 100, 100], "children": 3, "children": [{"id": "b", "frame": [0, 0, 1, 1]}]}}"#,
            #"{"root": {"id": "one", "frame": [0, 0, 100, 100]}, "root": {"id": "two", "frame": [0, 0, 1, 1]}}"#,
            #"{"root": 5, "root": {"id": "two", "frame": [0, 0, 1, 1]}}"#,
            // Repeated ids, the parent's after its children; unknown and repeated keys.
            #"{"root": {"frame": [0, 0, 100, 100], "children": [{"id": "x", "frame": [0, 0, 1, 1], "children": [{"id": "x", "frame": [0, 0, 1, 1]}]}, {"id": "x", "frame": [0, 0, 1, 1]}], "id": "x", "colour": "red", "frame": [0, 0, 1, 1]}}"#,
            // Broken shapes.
            #"{"root": []}"#, #"{"version": 1}"#, #"[1, 2]"#, #"{"root": {}}"#, #"{"root": {"children": {"a": 1}}}"#,
            #"{"root": {"frame": {"x": 1, "y": 2, "width": 3, "height": 4}, "children": [{"frame": [0, 0, -1, 1]}, {"frame": "wide"}]}}"#,
            #"{"root": {"id": "r", "frame": [0, 0, 9, 9], "children": [{"id": "u", "userInteractionEnabled": false, "type": "imageView", "frame": [0, 0, 9, 9], "children": [{"id": "b", "type": "button", "frame": [0, 0, 9, 9]}]}]}}"#,
            // Where a fix puts a new `hitInsets` key, in every style of mapping:
            // minified, spaced around colons, broken over lines (LF, CR LF,
            // tabs), `children` first, last or in the middle, a key spelt with
            // an escape, strings holding brackets, quotes and commas, nested
            // values, a mapping with only `children`, and one with insets.
            #"{"root":{"id":"r","frame":[0,0,90,90],"children":[{"id":"a","type":"button","frame":[0,0,9,9]},{"type":"button","frame":[10,0,9,9],"children":[]}]}}"#,
            #"{"root" : {"id" : "r" , "frame" : [0, 0, 90, 90] , "children" : [ {"id" :"a", "type": "button" ,"frame":[0,0,9,9] } ] }}"#,
            "{\r\n  \"root\": {\r\n    \"children\": [\r\n      {\r\n        \"id\": \"a\",\r\n        \"type\": \"button\",\r\n        \"frame\": [0, 0, 9, 9]\r\n      }\r\n    ],\r\n    \"frame\": [0, 0, 90, 90]\r\n  }\r\n}\r\n",
            "{\n\t\"root\": {\n\t\t\"id\": \"r\",\n\t\t\"frame\": [0, 0, 90, 90],\n\t\t\"children\": [{\n\t\t\t\"type\": \"button\",\n\t\t\t\"frame\": [0, 0, 9, 9]\n\t\t}]\n\t}\n}",
            #"{"root": {"id": "r", "frame": [0, 0, 90, 90], "children": [{"id": "a", "children": [], "type": "button", "frame": [0, 0, 9, 9], "note": {"x": [1, {"y": "}]\""}], "z": null}}]}}"#,
            #"{"root": {"id": "r", "frame": [0, 0, 90, 90], "child\u0072en": [{"id": "a", "type": "button", "frame": [0, 0, 9, 9]}], "hit\u0053lop": 2}}"#,
            #"{"root": {"id": "r", "frame": [0, 0, 90, 90], "children": [{"id": "a,\"{[", "type": "button", "enabled": true, "alpha": 1e0, "frame": [0, 0, 9, 9]}, {"children": [{"type": "button", "frame": [0, 0, 9, 9]}]}]}}"#,
            #"{"root": {"id": "r", "frame": [0, 0, 90, 90], "children": [{"id": "a", "type": "button", "frame": [0, 0, 9, 9], "hitInsets": {"top": -1}}, {"type": "button", "frame": [20, 0, 9, 9], "hitSlop": [1, 2, 3, 4]}]}}"#,
        ]
        for (number, text) in cases.enumerated() {
            assertSameBuild(Array(text.utf8), "case \(number)")
        }
        // An escaped quote or backslash at every place of the words an id's
        // end is looked for in (`Layout.idSpan`), and ids that end in one.
        for position in 0..<20 {
            let head = String(repeating: "a", count: position)
            let text = #"{"root": {"id": "r", "frame": [0, 0, 100, 100], "children": [{"id": ""# + head + #""x\y", "frame": [0, 0, 10, 10]}, "#
                + #"{"id": ""# + head + #"\", "frame": [0, 0, 10, 10]}, {"id": "é"# + head + #""", "frame": [0, 0, 10, 10]}]}}"#
            assertSameBuild(Array(text.utf8), "escape at \(position)")
        }
    }

    /// A layout with more ids than one of `IDRecords`' groups holds, many of
    /// them repeated (some empty, some escaped): the repeats found on two
    /// threads, group by group, are those found on one, with the same first
    /// nodes, and each node's subtree ends where the whole build puts it.
    func testRepeatedIDsOfALargeLayoutAreFoundTheSameOnTwoThreads() throws {
        var children: [String] = []
        for index in 0..<20_000 {
            let id = index % 5 == 0 ? "" : index % 11 == 0 ? #"re\#(index % 700)"# : "r\(index % 7_000)"
            let grandchild = index % 3 == 0 ? #", "children": [{"id": "g\#(index % 900)", "frame": [0, 0, 1, 1]}]"# : ""
            children.append(#"{"id": "\#(id)", "frame": [0, 0, 4, 4]\#(grandchild)}"#)
        }
        let source = SourceText(#"{"root": {"id": "root", "frame": [0, 0, 9, 9], "children": [\#(children.joined(separator: ", "))]}}"#)
        let whole = LayoutBuilder.build(try JSONParser.parse(source))
        let read = try LayoutBuilder.read(streaming: source, jobs: 2)
        let streamed = LayoutBuilder.finish(read.builder, streamed: read.document)
        let duplicates = { (diagnostics: [Diagnostic]) in
            diagnostics.filter { $0.rule == RuleID.duplicateID }.map { "\($0.nodeIndex ?? -1) \($0.span) \($0.message)" }
        }
        let (expected, found) = (duplicates(whole.diagnostics), duplicates(streamed.diagnostics))
        XCTAssertGreaterThan(expected.count, 10_000)
        XCTAssertEqual(found.count, expected.count)
        let difference = zip(expected, found).first { $0 != $1 }
        XCTAssertNil(difference, "whole: \(difference?.0 ?? ""), two threads: \(difference?.1 ?? "")")
        XCTAssertTrue(streamed.layout.nodes.map(\.subtreeEnd) == whole.layout.nodes.map(\.subtreeEnd))
    }

    /// The streamed read holds few values at once, so its limit is on those:
    /// a node holding more is refused with the limit's message wherever it
    /// is (and the read stops: with indices cut short it could loop), while
    /// many small nodes, more values in all than the limit, are read.
    func testValueLimitIsOnValuesHeldAtOnce() throws {
        let pad = "[" + Array(repeating: "0", count: 50).joined(separator: ", ") + "]"
        let refused = [
            #"{"root": {"children": [{"pad": \#(pad)}, {}]}}"#,
            #"{"root": {"children": [\#(pad), {}]}}"#,
            #"{"root": {"children": [{"pad": \#(pad)}]}}"#,
            #"{"root": {"pad": \#(pad)}}"#,
        ]
        for (jobs, batchEntries) in Self.streamedReads {
            for text in refused {
                XCTAssertThrowsError(try LayoutBuilder.read(streaming: SourceText(text), valueLimit: 40, jobs: jobs,
                                                            batchEntries: batchEntries), text) { error in
                    XCTAssertEqual((error as? SyntaxError)?.message, "more than 40 values in one file are not supported", text)
                }
            }
            let nodes = Array(repeating: #"{"frame": [0, 0, 1, 1]}"#, count: 30).joined(separator: ", ")
            let read = try LayoutBuilder.read(streaming: SourceText(#"{"root": {"frame": [0, 0, 9, 9], "children": [\#(nodes)]}}"#),
                                              valueLimit: 40, jobs: jobs, batchEntries: batchEntries)
            XCTAssertEqual(LayoutBuilder.finish(read.builder, streamed: read.document).layout.nodes.count, 31)
        }
    }

    /// Seeded mutants of those layouts (bytes replaced, deleted, inserted,
    /// slices repeated): every one that is a JSON layout builds the same both ways.
    func testMutantsBuildTheSameStreamed() {
        var random = SeededRandom(seed: 0x5EED_0F57)
        var compared = 0
        for number in 0..<8_000 {
            var bytes = random.pick(Self.seeds).bytes
            for _ in 0..<random.int(1...4) where !bytes.isEmpty {
                let at = random.int(0...(bytes.count - 1))
                switch random.int(0...3) {
                case 0: bytes[at] = random.pick(MutationTests.structural)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + random.int(1...12)))
                case 2: bytes.insert(contentsOf: Array("\"\(random.pick(MutationTests.words))\"".utf8.dropFirst(random.int(0...1))), at: at)
                default:
                    let end = min(bytes.count, at + random.int(1...200))
                    bytes.insert(contentsOf: Array(bytes[at..<end]), at: random.int(0...bytes.count))
                }
            }
            if assertSameBuild(bytes, "mutant \(number)") { compared += 1 }
        }
        XCTAssertGreaterThan(compared, 200)
    }
}
