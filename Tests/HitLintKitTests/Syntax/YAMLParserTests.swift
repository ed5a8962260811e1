import XCTest
@testable import HitLintKit

final class YAMLParserTests: XCTestCase {
    // MARK: Helpers

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Document {
        do {
            return try YAMLParser.parse(SourceText(text))
        } catch {
            let location = SourceText(text).location(of: error.offset)
            XCTFail("rejected at \(location.line):\(location.column): \(error.message)", file: file, line: line)
            throw error
        }
    }

    /// The document as JSON text (the `hitlint parse` output).
    private func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        String(decoding: try parse(text, file: file, line: line).jsonBytes(), as: UTF8.self)
    }

    private func assertJSON(_ yaml: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try json(yaml, file: file, line: line), expected, file: file, line: line)
    }

    /// Asserts the text is rejected with a message containing `message` at `line`:`column`.
    private func assertRejects(_ text: String, _ message: String, line expectedLine: Int, column expectedColumn: Int,
                               file: StaticString = #filePath, line: UInt = #line) {
        let source = SourceText(text)
        do {
            let document = try YAMLParser.parse(source)
            XCTFail("accepted: \(String(decoding: document.jsonBytes(), as: UTF8.self))", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(message), "message: \(error.message)", file: file, line: line)
            let location = source.location(of: error.offset)
            XCTAssertEqual(location.line, expectedLine, "line, message: \(error.message)", file: file, line: line)
            XCTAssertEqual(location.column, expectedColumn, "column, message: \(error.message)", file: file, line: line)
        }
    }

    private func offset(of needle: String, in text: String, occurrence: Int = 1) -> Int {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        var seen = 0
        var index = 0
        while index + pattern.count <= bytes.count {
            if Array(bytes[index..<index + pattern.count]) == pattern {
                seen += 1
                if seen == occurrence { return index }
            }
            index += 1
        }
        XCTFail("'\(needle)' not found")
        return -1
    }

    // MARK: Block collections

    func testBlockMappingValuesAndSpans() throws {
        let text = "name: play  # the button\nsize: 44\nlist: [1, 2]\n"
        let document = try parse(text)
        XCTAssertEqual(document.kind(0), .object)
        XCTAssertEqual(document.count(0), 3)
        XCTAssertEqual(document.span(0), SourceSpan(start: 0, end: offset(of: "]", in: text) + 1))
        let members = document.members(0)
        XCTAssertEqual(document.string(members[0].key), "name")
        XCTAssertEqual(document.span(members[0].key), SourceSpan(start: 0, end: 4))
        XCTAssertEqual(document.entries[members[0].key].flags, 0)  // a verbatim slice
        XCTAssertEqual(document.string(members[0].value), "play")
        XCTAssertEqual(document.span(members[0].value), SourceSpan(start: 6, end: 10))
        XCTAssertEqual(document.number(members[1].value), 44)
        XCTAssertEqual(document.span(members[1].value), SourceSpan(start: offset(of: "44", in: text), end: offset(of: "44", in: text) + 2))
        XCTAssertEqual(document.kind(members[2].value), .array)
        XCTAssertEqual(document.span(members[2].value), SourceSpan(start: offset(of: "[", in: text), end: offset(of: "]", in: text) + 1))
        XCTAssertTrue(document.stringEquals(members[1].key, "size"))
    }

    func testNestedMappingSpanEndsAtLastValue() throws {
        let text = "root:\n  id: a\n  frame:\n    x: 1\n    y: 2   \n# done\n"
        let document = try parse(text)
        let root = document.members(0)[0].value
        XCTAssertEqual(document.span(root), SourceSpan(start: offset(of: "id", in: text), end: offset(of: "2", in: text) + 1))
        let frame = document.members(root)[1].value
        XCTAssertEqual(document.span(frame), SourceSpan(start: offset(of: "x:", in: text), end: offset(of: "2", in: text) + 1))
        XCTAssertEqual(document.span(0).end, offset(of: "2", in: text) + 1)
    }

    func testBlockSequenceSpansAndEmptyEntries() throws {
        let text = "- a\n-\n- - b\n  - c\n-   # nothing\n"
        let document = try parse(text)
        XCTAssertEqual(String(decoding: document.jsonBytes(), as: UTF8.self), #"["a",null,["b","c"],null]"#)
        XCTAssertEqual(document.span(0).start, 0)
        let elements = document.elements(0)
        // An empty entry's null sits just after its '-'.
        XCTAssertEqual(document.span(elements[1]), SourceSpan(start: 5, end: 5))
        XCTAssertEqual(document.span(elements[2]), SourceSpan(start: offset(of: "- b", in: text), end: offset(of: "c", in: text) + 1))
        XCTAssertEqual(document.span(0).end, offset(of: "-   #", in: text) + 1)
    }

    func testEmptyValueIsNullAtColon() throws {
        let text = "a:\nb: 1\nc:"
        let document = try parse(text)
        XCTAssertEqual(String(decoding: document.jsonBytes(), as: UTF8.self), #"{"a":null,"b":1,"c":null}"#)
        XCTAssertEqual(document.span(document.members(0)[0].value), SourceSpan(start: 2, end: 2))
        XCTAssertEqual(document.span(0).end, text.utf8.count)
    }

    func testSequenceAtSameIndentationAsParentKeyIndent2() throws {
        // PyYAML safe_dump(indent=2) layout.
        let text = """
        version: 1
        root:
          id: a
          children:
          - id: b
            frame: [1, 2, 3, 4]
            children:
            - id: c
              hidden: null
          - id: d
            type: 'yes'
          tail: true

        """
        try assertJSON(text, #"{"version":1,"root":{"id":"a","children":[{"id":"b","frame":[1,2,3,4],"children":[{"id":"c","hidden":null}]},{"id":"d","type":"yes"}],"tail":true}}"#)
        let document = try parse(text)
        let root = document.members(0)[1].value
        let children = document.members(root)[1].value
        XCTAssertEqual(document.span(children).start, offset(of: "- id: b", in: text))
        XCTAssertEqual(document.span(children).end, offset(of: "'yes'", in: text) + 5)
        let first = document.elements(children)[0]
        XCTAssertEqual(document.span(first).start, offset(of: "id: b", in: text))
    }

    func testPyYAMLIndent4Layout() throws {
        // PyYAML safe_dump(indent=4): nested sequences at the key's column, '-   ' then keys aligned.
        let text = """
        root:
            id: a
            frame:
            - 1.5
            - -2.0
            hitInsets:
                top: -4
                left: 0
            children:
            -   id: b
                type: 'label: x'
                children:
                -   id: c
                    type: '#hash'
            -   id: d
                type: it's
                children: []

        """
        try assertJSON(text, ##"{"root":{"id":"a","frame":[1.5,-2.0],"hitInsets":{"top":-4,"left":0},"children":[{"id":"b","type":"label: x","children":[{"id":"c","type":"#hash"}]},{"id":"d","type":"it's","children":[]}]}}"##)
    }

    func testCompactNestedForms() throws {
        try assertJSON("- - a\n  - b\n- - - c\n- key: v\n  other: w\n-   spaced: 1\n    next: 2\n",
                       #"[["a","b"],[["c"]],{"key":"v","other":"w"},{"spaced":1,"next":2}]"#)
        try assertJSON("- a:\n  - x\n  b: 1\n", #"[{"a":["x"],"b":1}]"#)
        try assertJSON("- a:\n  b: 1\n", #"[{"a":null,"b":1}]"#)
        try assertJSON("-\n  k: v\n-\n  - z\n", #"[{"k":"v"},["z"]]"#)
    }

    func testIndentedRootAndValuesOnNextLine() throws {
        try assertJSON("  a: 1\n  b:\n     c\n", #"{"a":1,"b":"c"}"#)
        try assertJSON("a:\n    deep:\n          x: 1\nb: 2\n", #"{"a":{"deep":{"x":1}},"b":2}"#)
    }

    // MARK: Flow collections

    func testFlowCollections() throws {
        try assertJSON("a: [1, [2, 3], {b: c, 'd': \"e\"}, []]\nf: {}\ng: {x, y: }\nh: [a, b, ]\n",
                       #"{"a":[1,[2,3],{"b":"c","d":"e"},[]],"f":{},"g":{"x":null,"y":null},"h":["a","b"]}"#)
        try assertJSON("[a b, c:d, http://x.org/a#b]", #"["a b","c:d","http://x.org/a#b"]"#)
        try assertJSON(#"{"json": 1, "like":[true]}"#, #"{"json":1,"like":[true]}"#)
        try assertJSON("{\"adjacent\":value}", #"{"adjacent":"value"}"#)
    }

    func testFlowCollectionsAcrossLines() throws {
        // PyYAML wraps long flow collections at about 80 columns.
        let text = """
        b: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
          22, 23]
        c: {k0: 0, k1: 1,
          k2: 2,   # a comment
        # a comment line at any indentation
          k3: [a,
            b]}
        d: [long plain
          scalar, x]

        """
        try assertJSON(text, #"{"b":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23],"c":{"k0":0,"k1":1,"k2":2,"k3":["a","b"]},"d":["long plain scalar","x"]}"#)
        let document = try parse(text)
        let c = document.members(0)[1].value
        XCTAssertEqual(document.span(c), SourceSpan(start: offset(of: "{", in: text), end: offset(of: "b]}", in: text) + 3))
    }

    func testDeepFlowNestingAtTheLimit() throws {
        let depth = maximumNestingDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try parse(text)
        XCTAssertEqual(document.entries.count, depth)
        XCTAssertEqual(document.next(0), depth)
    }

    // MARK: Scalars

    func testPlainMultiLineFolding() throws {
        let text = "a: this is a long\n  string, wrapped\n\n  with a break\nb: x\n"
        try assertJSON(text, #"{"a":"this is a long string, wrapped\nwith a break","b":"x"}"#)
        let document = try parse(text)
        let value = document.members(0)[0].value
        XCTAssertEqual(document.entries[value].flags, Document.Entry.decoded)
        XCTAssertEqual(document.span(value), SourceSpan(start: 3, end: offset(of: "break", in: text) + 5))
        // PyYAML wraps long strings wherever there is a space: '- ' or '? ' may start a line.
        try assertJSON("- a long\n  - b\n  ? c\n- [x\n  - y]\n", #"["a long - b ? c",["x - y"]]"#)
        // A root scalar may continue at any indentation.
        try assertJSON("first\nsecond\n  third", #""first second third""#)
    }

    func testPlainScalarCharacters() throws {
        try assertJSON("a: b#c\nd: e # comment\nf: g:h\ni: -j\nk: ?l\nm: :n\no: 'p' #x\n",
                       #"{"a":"b#c","d":"e","f":"g:h","i":"-j","k":"?l","m":":n","o":"p"}"#)
        try assertJSON("a b: c d  \n", #"{"a b":"c d"}"#)
        try assertJSON("é: ü ö\n", #"{"é":"ü ö"}"#)
    }

    func testSingleQuoted() throws {
        let text = "a: 'it''s'\nb: 'plain'\nc: 'folded\n  line\n\n  para  '\n"
        try assertJSON(text, #"{"a":"it's","b":"plain","c":"folded line\npara  "}"#)
        let document = try parse(text)
        let members = document.members(0)
        XCTAssertEqual(document.entries[members[0].value].flags, Document.Entry.decoded)
        XCTAssertEqual(document.entries[members[1].value].flags, Document.Entry.quoted)
        XCTAssertEqual(document.span(members[1].value), SourceSpan(start: offset(of: "'plain'", in: text), end: offset(of: "'plain'", in: text) + 7))
        XCTAssertEqual(document.contentSpan(members[1].value), SourceSpan(start: offset(of: "plain'", in: text), end: offset(of: "plain'", in: text) + 5))
        XCTAssertEqual(document.string(members[0].value), "it's")
    }

    func testDoubleQuotedEscapes() throws {
        let text = #"""
        a: "tab\there\nnl \"q\" \\ \/ \x41\u00e9\U0001F600 \0\a\b\v\f\r\e\ \N\_\L\P"
        b: "folded
          line\t
        
          para"
        c: "escaped \
             break"
        d: "keep  \
          x"
        e: "plain"

        """#
        let document = try parse(text)
        let members = document.members(0)
        XCTAssertEqual(document.string(members[0].value),
                       "tab\there\nnl \"q\" \\ / Aé😀 \u{0}\u{7}\u{8}\u{B}\u{C}\r\u{1B} \u{85}\u{A0}\u{2028}\u{2029}")
        XCTAssertEqual(document.string(members[1].value), "folded line\t\npara")
        XCTAssertEqual(document.string(members[2].value), "escaped break")
        XCTAssertEqual(document.string(members[3].value), "keep  x")
        XCTAssertEqual(document.entries[members[4].value].flags, Document.Entry.quoted)
        XCTAssertEqual(document.string(members[4].value), "plain")
    }

    func testPyYAMLWrappedQuotedStrings() throws {
        // As PyYAML writes long strings (width 80): quoted, folded onto indented lines.
        let long = String(repeating: "x ", count: 42)
        let text = """
        a: '\(String(repeating: "x ", count: 39))x
          x x '
        e: 'it''s a "q" it''s
          a "q" '
        f: "tab\\there\\nnl"

        """
        let document = try parse(text)
        let members = document.members(0)
        XCTAssertEqual(document.string(members[0].value), long)
        XCTAssertEqual(document.string(members[1].value), "it's a \"q\" it's a \"q\" ")
        XCTAssertEqual(document.string(members[2].value), "tab\there\nnl")
    }

    func testCoreSchemaTyping() throws {
        let text = """
        nulls: [null, Null, NULL, ~, ]
        empty:
        bools: [true, True, TRUE, false, False, FALSE]
        ints: [0, -0, +1, 007, 0o17, 0x1F, 0xff, 12345678901234567890]
        floats: [1.5, -2.0, .5, +.5, 1., 1e3, -1.5E-2, 6.02e+23, 0.1]
        strings: [yes, no, on, off, 1_000, 0b11, 1.2.3, 0o8, 0x, +0x1, nan, inf, TrUe, nULL, '1', "true", 1e, .]

        """
        try assertJSON(text, #"{"nulls":[null,null,null,null],"empty":null,"bools":[true,true,true,false,false,false],"ints":[0,-0,1,7,15,31,255,12345678901234567890],"floats":[1.5,-2.0,0.5,0.5,1,1e3,-1.5E-2,6.02e+23,0.1],"strings":["yes","no","on","off","1_000","0b11","1.2.3","0o8","0x","+0x1","nan","inf","TrUe","nULL","1","true","1e","."]}"#)
        let document = try parse(text)
        let ints = document.members(0)[3].value
        XCTAssertEqual(document.elements(ints).map { document.number($0) }, [0, 0, 1, 7, 15, 31, 255, 1.2345678901234567e19])
        XCTAssertEqual(document.number(document.elements(ints)[1])?.sign, .minus)
        let floats = document.members(0)[4].value
        XCTAssertEqual(document.elements(floats).map { document.number($0)! }, [1.5, -2.0, 0.5, 0.5, 1, 1000, -0.015, 6.02e23, 0.1])
        XCTAssertEqual(try json("x: -.0"), #"{"x":-0}"#)
        XCTAssertEqual(try json("x: +123456789.123456789e-300"), #"{"x":1.234567891234568e-292}"#)
    }

    func testKeysThatYAMLReadsAsStrings() throws {
        try assertJSON("yes: 1\non: 2\n'1': 3\n\"true\": 4\n1_000: 5\n", #"{"yes":1,"on":2,"1":3,"true":4,"1_000":5}"#)
    }

    // MARK: Documents, comments, line ends

    func testDocumentMarkersAndComments() throws {
        try assertJSON("# header\n---\na: 1\n...\n# trailer\n", #"{"a":1}"#)
        try assertJSON("--- # the root\n- 1\n", "[1]")
        try assertJSON("--- plain root\n", #""plain root""#)
        try assertJSON("--- [1, 2]\n", "[1,2]")
        try assertJSON("---\n", "null")
        try assertJSON("---\n...\n", "null")
        try assertJSON("a: 1 # c\n   # indented comment\n\n\n# column 0\nb: 2", #"{"a":1,"b":2}"#)
        try assertJSON("---word\n", #""---word""#)
    }

    func testCRLFAndByteOrderMark() throws {
        let text = "\u{FEFF}root:\r\n  id: 'a'\r\n  list:\r\n  - 1\r\n  - \"two\r\n    lines\"\r\n  text: wrapped\r\n    plain\r\n"
        try assertJSON(text, #"{"root":{"id":"a","list":[1,"two lines"],"text":"wrapped plain"}}"#)
        let source = SourceText(text)
        let document = try YAMLParser.parse(source)
        let root = document.members(0)[0].value
        let id = document.members(root)[0]
        XCTAssertEqual(source.location(of: document.span(id.key).start), SourceLocation(line: 2, column: 3))
        // Errors after CRLF lines point at the right line and column.
        assertRejects("a: 1\r\nb: &x 2\r\n", "anchors (&name) are not supported", line: 2, column: 4)
        assertRejects("\u{FEFF}a: [1]\r\n  b: 2\r\n", "bad indentation: expected 0 spaces, found 2", line: 2, column: 3)
        try assertJSON("a: 1\rb: 2\r", #"{"a":1,"b":2}"#)
    }

    func testTrailingSpacesAndNoFinalNewline() throws {
        try assertJSON("a: 1   \nb:   \n  - x   \nc: 'q'   ", #"{"a":1,"b":["x"],"c":"q"}"#)
        try assertJSON("a: b\t\t\n", #"{"a":"b"}"#)
    }

    // MARK: Rejected constructs

    func testRejectsUnsupportedConstructs() {
        assertRejects("a: &anchor 1\n", "anchors (&name) are not supported", line: 1, column: 4)
        assertRejects("a: 1\nb: *alias\n", "aliases (*name) are not supported", line: 2, column: 4)
        assertRejects("a: !!str 1\n", "tags (!tag) are not supported", line: 1, column: 4)
        assertRejects("- !local x\n", "tags (!tag) are not supported", line: 1, column: 3)
        assertRejects("a: |\n  text\n", "multi-line block scalars (| and >) are not supported", line: 1, column: 4)
        assertRejects("a: >-\n  text\n", "multi-line block scalars (| and >) are not supported", line: 1, column: 4)
        assertRejects("a: 1\n---\nb: 2\n", "multiple documents are not supported", line: 2, column: 1)
        assertRejects("---\na: 1\n---\n", "multiple documents are not supported", line: 3, column: 1)
        assertRejects("a: 1\n...\nb: 2\n", "multiple documents are not supported", line: 3, column: 1)
        assertRejects("%YAML 1.2\n---\na: 1\n", "directives (%) are not supported", line: 1, column: 1)
        assertRejects("? a\n: b\n", "complex keys ('? ') are not supported", line: 1, column: 1)
        assertRejects("[a]: b\n", "flow collections as mapping keys are not supported", line: 1, column: 4)
        assertRejects("{a: 1, {b: 2}: 3}\n", "flow collections as mapping keys are not supported", line: 1, column: 8)
        assertRejects(": a\n", "empty mapping keys are not supported", line: 1, column: 1)
        assertRejects("[a: 1]\n", "single-pair mappings inside flow sequences", line: 1, column: 3)
        assertRejects("{a:1}\n", "':' inside a plain key of a flow mapping is ambiguous", line: 1, column: 3)
        assertRejects("", "no YAML document", line: 1, column: 1)
        assertRejects("# only a comment\n\n", "no YAML document", line: 3, column: 1)
    }

    func testRejectsNonStringKeys() {
        assertRejects("a: 1\n1: x\n", "non-string keys are not supported: YAML reads the key '1' as a number", line: 2, column: 1)
        assertRejects("true: x\n", "as a boolean", line: 1, column: 1)
        assertRejects("null: y\n", "as null", line: 1, column: 1)
        assertRejects("~: y\n", "as null", line: 1, column: 1)
        assertRejects("{0x1F: y}\n", "as a number", line: 1, column: 2)
    }

    func testRejectsInfinityAndNaN() {
        assertRejects("a: .inf\n", "infinite and NaN numbers (.inf, .nan) are not supported", line: 1, column: 4)
        assertRejects("a: [1, -.INF]\n", "infinite and NaN numbers", line: 1, column: 8)
        assertRejects("a: .NaN\n", "infinite and NaN numbers", line: 1, column: 4)
        assertRejects("a: 1e400\n", "out of range", line: 1, column: 4)
    }

    func testRejectsTabsForIndentation() {
        assertRejects("a:\n\tb: 1\n", "tabs cannot indent", line: 2, column: 1)
        assertRejects("a:\n  \tb: 1\n", "tabs cannot indent", line: 2, column: 3)
        assertRejects("-\t- a\n", "tabs cannot indent", line: 1, column: 3)
        assertRejects("a: [1,\n\t2]\n", "tabs cannot indent", line: 2, column: 1)
        // Tabs as separation inside a line are fine, and so are tab-only blank lines.
        XCTAssertNoThrow(try YAMLParser.parse(SourceText("a:\tb\t# c\n\t\nc: [1,\t2]\n")))
    }

    func testDuplicateKeys() {
        assertRejects("a: 1\nb: 2\na: 3\n", "duplicate key 'a' (first defined on line 1)", line: 3, column: 1)
        assertRejects("x:\n  id: 1\n  \"id\": 2\n", "duplicate key 'id' (first defined on line 2)", line: 3, column: 3)
        assertRejects("{k: 1, 'k': 2}", "duplicate key 'k' (first defined on line 1)", line: 1, column: 8)
        assertRejects("a: 1\n\"\\x61\": 2\n", "duplicate key 'a' (first defined on line 1)", line: 2, column: 1)
        assertRejects("'it''s': 1\n\"it's\": 2\n", "duplicate key 'it's'", line: 2, column: 1)
        // Many keys go through the hashed path.
        var many = (0..<100).map { "key\($0): \($0)" }.joined(separator: "\n")
        many += "\nkey42: again\n"
        assertRejects(many, "duplicate key 'key42' (first defined on line 43)", line: 101, column: 1)
        // The same key in different mappings is fine.
        XCTAssertNoThrow(try YAMLParser.parse(SourceText("a: {id: 1}\nb:\n  id: 2\nc: [{id: 3}, {id: 4}]\n")))
    }

    func testRejectsMalformedYAML() {
        assertRejects("a: 1\nb\n", "expected ':' after mapping key 'b'", line: 2, column: 2)
        assertRejects("a: \"open\n", "unterminated double-quoted string", line: 1, column: 4)
        assertRejects("a: 'open\n", "unterminated single-quoted string", line: 1, column: 4)
        assertRejects("a:\n  b:\n    c: 1\n   d: 2\n", "bad indentation: expected 2 spaces, found 3", line: 4, column: 4)
        // A more indented line continues a plain value: YAML reads "1 c" and then fails on ':'.
        assertRejects("a:\n  b: 1\n   c: 2\n", "this line continues the plain scalar above it", line: 3, column: 5)
        assertRejects("a: ]\n", "unexpected ']'", line: 1, column: 4)
        assertRejects("a: [1, 2\n", "unterminated flow sequence", line: 1, column: 4)
        assertRejects("a: {b: 1\n", "unterminated flow mapping", line: 1, column: 4)
        assertRejects("a: [1, }\n", "unexpected '}'", line: 1, column: 8)
        assertRejects("a: [1, 2] x\n", "expected end of line", line: 1, column: 11)
        assertRejects("a: b: c\n", "unexpected ':'", line: 1, column: 5)
        assertRejects("a: \"\\q\"\n", "invalid escape sequence", line: 1, column: 5)
        assertRejects("a: \"\\ud800\"\n", "not a Unicode scalar value", line: 1, column: 5)
        assertRejects("a: \"x\"# c\n", "expected whitespace before '#'", line: 1, column: 7)
        assertRejects("a: - b\n", "a block sequence cannot start on this line", line: 1, column: 4)
        assertRejects("- a\nb: 1\n", "expected '- '", line: 2, column: 1)
        assertRejects("a: 1\n- b\n", "expected a mapping key", line: 2, column: 1)
        assertRejects("key: [a,\nb]\n", "bad indentation", line: 2, column: 1)
        assertRejects("a: 'x\n---\n'\n", "document marker inside a quoted string", line: 2, column: 1)
        assertRejects("a: @x\n", "reserved", line: 1, column: 4)
        assertRejects("\"a\": 1\n\"b\"\n", "expected ':' after mapping key", line: 2, column: 4)
        assertRejects("one\n  two: x\n", "a mapping key must be on one line", line: 2, column: 6)
        assertRejects("'x'\ny\n", "unexpected content after the document's root value", line: 2, column: 1)
    }

    /// The input check reads eight clean bytes at a time: a byte that needs a
    /// look is found wherever it falls in a word (each offset from 0 to 40,
    /// after ASCII, after a line break or a two-byte character), and
    /// characters that are allowed are allowed anywhere.
    func testBadBytesAreFoundAtAnyOffsetOfAWord() throws {
        // The bytes, what the error says, and where it is from them (a sequence cut short: at the byte that cuts it).
        let refused: [([UInt8], String, Int)] = [
            ([0x00], "NUL bytes", 0), ([0x01], "U+0001", 0), ([0x1F], "U+001F", 0), ([0x7F], "U+007F", 0),
            ([0xC2, 0x80], "U+0080", 0), ([0xEF, 0xBF, 0xBE], "U+FFFE", 0), ([0xEF, 0xBB, 0xBF], "byte order mark", 0),
            ([0xC3], "expected a continuation byte", 1),
        ]
        let allowed: [[UInt8]] = [[0x09], [0x0D, 0x0A], [0xC2, 0x85], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0x7E], [0x20]]
        for lead in [Array("# ".utf8), Array("#\n# é".utf8)] {
            for offset in 0...40 {
                let before = lead + Array(repeating: UInt8(ascii: "x"), count: offset)
                let after = Array(" # tail of the comment, long enough for a few words\nkey: value\n".utf8)
                for (bytes, message, shift) in refused {
                    XCTAssertThrowsError(try YAMLParser.parse(SourceText(bytes: before + bytes + after)), "\(bytes) at \(before.count)") { error in
                        let error = error as! SyntaxError
                        XCTAssertEqual(error.offset, before.count + shift, "\(bytes) at \(before.count)")
                        XCTAssertTrue(error.message.contains(message), error.message)
                    }
                }
                for bytes in allowed {
                    XCTAssertNoThrow(try YAMLParser.parse(SourceText(bytes: before + bytes + after)), "\(bytes) at \(before.count)")
                }
            }
        }
    }

    func testRejectsBadBytes() {
        assertRejects("a: b\u{0}c\n", "NUL bytes are not allowed", line: 1, column: 5)
        assertRejects("a: b\u{1}\n", "control character U+0001", line: 1, column: 5)
        assertRejects("a: x\u{FEFF}\n", "byte order mark", line: 1, column: 5)
        let invalid = SourceText(bytes: Array("a: ".utf8) + [0xC3, 0x28] + Array("\n".utf8))
        XCTAssertThrowsError(try YAMLParser.parse(invalid)) { error in
            let error = error as! SyntaxError
            // At the first bad byte, as the JSON parser says it.
            XCTAssertEqual(error.offset, 4)
            XCTAssertEqual(error.message, "incomplete UTF-8 sequence: expected a continuation byte after 0xC3, found '('")
        }
        let truncated = SourceText(bytes: Array("a: ".utf8) + [0xE2, 0x82])
        XCTAssertThrowsError(try YAMLParser.parse(truncated))
        let overlong = SourceText(bytes: Array("a: ".utf8) + [0xC0, 0xAF])
        XCTAssertThrowsError(try YAMLParser.parse(overlong))
    }

    func testRejectsNestingBeyondTheLimit() {
        let depth = maximumNestingDepth + 1
        let flow = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        assertRejects(flow, "nesting deeper than \(maximumNestingDepth) levels is not supported", line: 1, column: maximumNestingDepth + 1)
        let block = String(repeating: "- ", count: depth) + "x\n"
        assertRejects(block, "nesting deeper than \(maximumNestingDepth) levels is not supported", line: 1, column: 2 * maximumNestingDepth + 1)
        // A million levels end in the same diagnostic, not a crash.
        let huge = String(repeating: "{a: ", count: 1_000_000)
        XCTAssertThrowsError(try YAMLParser.parse(SourceText(huge)))
    }

    // MARK: JSON and YAML agree

    /// The same content written as YAML gives the `jsonBytes()` that the JSON form would.
    func testYAMLGivesTheSameJSONAsTheJSONSpelling() throws {
        let yaml = """
        version: 1
        platform: uikit
        root:
          id: toolbar
          type: stack
          frame: [0, 0, 390, 44]
          hitInsets: {top: -4, left: 0, bottom: -4, right: 0}
          children:
          - id: play
            type: button
            frame: [10, 7, 30, 30]
            hitInsets: -7.5
            hidden: false
            alpha: 1.0
          - id: "pause \\u2016"
            type: 'button'
            size: [30, 30]
            ignore: [target-size]
            note: null

        """
        let expected = #"{"version":1,"platform":"uikit","root":{"id":"toolbar","type":"stack","frame":[0,0,390,44],"hitInsets":{"top":-4,"left":0,"bottom":-4,"right":0},"children":[{"id":"play","type":"button","frame":[10,7,30,30],"hitInsets":-7.5,"hidden":false,"alpha":1.0},{"id":"pause ‖","type":"button","size":[30,30],"ignore":["target-size"],"note":null}]}}"#
        XCTAssertEqual(try json(yaml), expected)
        // The flow spelling of the same YAML (a JSON document is YAML too) gives the same bytes.
        XCTAssertEqual(try json(expected), expected)
        // And the JSON parser reads the JSON spelling into the same value tree.
        let fromYAML = try YAMLParser.parse(SourceText(yaml))
        let fromJSON = try JSONParser.parse(SourceText(expected))
        XCTAssertEqual(Self.valueTree(fromYAML), Self.valueTree(fromJSON))
    }

    /// Every YAML example reads to the same value tree as its JSON spelling.
    func testExamplesReadTheSameAsJSON() throws {
        let (files, _) = FileWalker().files(in: [TestSupport.packageRoot.appendingPathComponent("Examples").path])
        var compared = 0
        for path in files where path.hasSuffix(".yaml") {
            let yaml = try YAMLParser.parse(SourceText(try String(contentsOfFile: path, encoding: .utf8)))
            let json = try JSONParser.parse(SourceText(bytes: yaml.jsonBytes()))
            XCTAssertEqual(Self.valueTree(yaml), Self.valueTree(json), path)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 5)
    }

    /// The value tree as a flat list: kind and value of every entry, in order.
    static func valueTree(_ document: Document) -> [String] {
        document.entries.indices.map { index in
            switch document.kind(index) {
            case .null: return "null"
            case .bool: return "bool \(document.bool(index)!)"
            case .number: return "number \(document.number(index)!)"
            case .string: return "string \(document.string(index)!)"
            case .array: return "array \(document.count(index))"
            case .object: return "object \(document.count(index))"
            }
        }
    }
}
