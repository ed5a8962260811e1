import Foundation
import XCTest
@testable import HitLintKit

/// The XML reader: JsonML values with spans, what XML 1.0 and namespaces
/// allow, what it refuses on purpose, and the parsers' limits.
final class XMLReaderTests: XCTestCase {
    private func parse(_ text: String) throws(SyntaxError) -> Document {
        try XMLReader.parse(SourceText(text))
    }

    /// The document as JSON (`hitlint parse` prints the same).
    private func json(_ text: String) throws -> String {
        String(decoding: try parse(text).jsonBytes(), as: UTF8.self)
    }

    private func error(_ text: String) -> SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    private func errorMessage(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let error = error(text) else {
            XCTFail("accepted: \(text)", file: file, line: line)
            return ""
        }
        return error.message
    }

    func testElementsAreJsonMLArrays() throws {
        XCTAssertEqual(try json("<a/>"), #"["a",{}]"#)
        XCTAssertEqual(try json(#"<node class="x" bounds='[0,0][1,1]'>hi<b/>there</node>"#),
                       #"["node",{"class":"x","bounds":"[0,0][1,1]"},"hi",["b",{}],"there"]"#)
        let document = try parse("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<hierarchy rotation=\"0\"><node/></hierarchy>")
        XCTAssertEqual(document.format, .xml)
        XCTAssertEqual(document.kind(0), .array)
        XCTAssertEqual(document.string(1), "hierarchy")
        XCTAssertEqual(document.kind(2), .object)
        XCTAssertEqual(document.childElements(0), [5])
        XCTAssertTrue(document.isXMLElement(5))
    }

    func testSpansPointAtTheElementItsNameAndItsValues() throws {
        let text = "<r>\n  <node index=\"0\"\n        bounds=\"[1,2][3,4]\"/>\n</r>\n"
        let document = try parse(text)
        let node = document.childElements(0)[0]
        let source = document.source
        XCTAssertEqual(source.location(of: document.span(node).start), SourceLocation(line: 2, column: 3))
        XCTAssertEqual(source.string(document.span(node + 1)), "node")
        XCTAssertEqual(source.string(document.span(node + 2)), "<node index=\"0\"\n        bounds=\"[1,2][3,4]\"/>")
        let bounds = document.members(node + 2)[1]
        XCTAssertEqual(source.location(of: document.span(bounds.value).start), SourceLocation(line: 3, column: 16))
        XCTAssertEqual(document.string(bounds.value), "[1,2][3,4]")
        XCTAssertEqual(source.string(document.span(node)), "<node index=\"0\"\n        bounds=\"[1,2][3,4]\"/>")
        XCTAssertEqual(source.string(document.span(0)), String(text.dropLast()))
    }

    func testReferencesCDATACommentsAndLineEndsAreTextAsXMLSaysTheyAre() throws {
        XCTAssertEqual(try json("<a>&lt;&gt;&amp;&apos;&quot;&#65;&#x42;&#x1F600;&#233;</a>"), #"["a",{},"<>&'\"AB😀é"]"#)
        // Text around a comment or a processing instruction is one string; CDATA is text as it is.
        XCTAssertEqual(try json("<a>x<!-- c -->y<?pi data?>z<![CDATA[<b> & ]]>w</a>"), #"["a",{},"xyz<b> & w"]"#)
        XCTAssertEqual(try json("<a>one\r\ntwo\rthree\nfour</a>"), #"["a",{},"one\ntwo\nthree\nfour"]"#)
        // Attribute values: each tab, line end or CR LF is a space; references to them stay.
        XCTAssertEqual(try json("<a b=\"x\ty\r\nz&#9;&#10;&#13;\" c='\"'/>"), #"["a",{"b":"x y z\t\n\r","c":"\""}]"#)
        XCTAssertEqual(try json("\u{FEFF}<a/>"), #"["a",{}]"#, "a byte order mark")
        XCTAssertEqual(try json("<?xml version='1.0' encoding='utf-8' standalone='yes' ?><!-- c --><a/><?pi?>\n"), #"["a",{}]"#)
        XCTAssertEqual(try json("<a>]] > ]</a>"), #"["a",{},"]] > ]"]"#)
        // Verbatim text is a slice of the file (no copy); decoded text has its own string.
        let document = try parse("<a>plain<b>&amp;</b></a>")
        XCTAssertNotNil(document.contentSpan(3))
        XCTAssertNil(document.contentSpan(7))
        XCTAssertEqual(document.string(7), "&")
    }

    func testNamespacesAreCheckedAsExpatChecksThem() throws {
        XCTAssertEqual(try json(#"<p:a xmlns:p="urn:p" p:x="1" x="2"><p:b/></p:a>"#),
                       #"["p:a",{"xmlns:p":"urn:p","p:x":"1","x":"2"},["p:b",{}]]"#)
        XCTAssertNoThrow(try parse(#"<a xml:lang="en"/>"#))
        XCTAssertNoThrow(try parse(#"<a xmlns:q="urn:q"><q:b xmlns:q="urn:other"/><q:c/></a>"#))
        XCTAssertTrue(errorMessage("<p:a/>").contains("undeclared namespace prefix 'p'"))
        XCTAssertTrue(errorMessage(#"<a xmlns:p="urn:p"/><!-- --><p:b/>"#).contains("expected end of file"))
        XCTAssertTrue(errorMessage(#"<a xmlns:p=""/>"#).contains("may not be undeclared"))
        XCTAssertTrue(errorMessage(#"<a xmlns:xmlns="u"/>"#).contains("'xmlns' is reserved"))
        XCTAssertTrue(errorMessage(#"<a xmlns:xml="u"/>"#).contains("'xml' is reserved"))
        XCTAssertTrue(errorMessage(#"<a xmlns:x="u" xmlns:y="u" x:k="1" y:k="2"/>"#).contains("same name in the namespace 'u'"))
        XCTAssertTrue(errorMessage("<a:b:c/>").contains("one ':'"))
        XCTAssertTrue(errorMessage("<a><?p:i x?></a>").contains("may not hold ':'"))
    }

    func testWhatIsNotWellFormedIsAnErrorAtTheFirstBadByte() {
        let cases: [(String, String, Int)] = [
            ("", "expected an XML element, found end of file", 0),
            ("<a>", "expected '</a>', found end of file", 3),
            ("<a></b>", "the end tag '</b>' does not match the open tag '<a>'", 5),
            ("<a x=\"1\" x=\"2\"/>", "duplicate attribute 'x' in one tag", 9),
            ("<a x=1/>", "expected a quoted value for the attribute 'x', found '1' (XML attribute values are always quoted)", 5),
            ("<a b=\"<\"/>", "'<' is not allowed in an attribute value (write &lt;)", 6),
            ("<a>&foo;</a>", "undefined entity '&foo;'", 3),
            ("<a>&#0;</a>", "the character reference '&#0;' is not a character XML allows", 3),
            ("<a>&#xD800;</a>", "the character reference '&#xD800;' is not a character XML allows", 3),
            ("<a>]]></a>", "']]>' is not allowed in text (write ]]&gt;)", 3),
            ("<a><!-- a -- b --></a>", "'--' is not allowed inside a comment", 10),
            ("<a>\u{0C}</a>", "control character 0x0C is not allowed in XML", 3),
            ("<a/>x", "expected end of file after the root element, found 'x' (a document has one root element)", 4),
            ("<a/><b/>", "expected end of file after the root element, found '<' (a document has one root element)", 4),
            (" <?xml version=\"1.0\"?><a/>", "the XML declaration (<?xml …?>) may only come at the very start of the file", 1),
            ("<a><?XmL x?></a>", "the processing instruction target 'XmL' is reserved", 3),
            ("< a/>", "expected a tag name after '<', found ' '", 1),
            ("<a=/>", "expected white space, '>' or '/>' after the tag name, found '='", 2),
            ("<-a/>", "expected a tag name after '<', found '-' (a name starts with a letter, '_' or ':')", 1),
        ]
        for (text, message, offset) in cases {
            guard let error = error(text) else {
                XCTFail("accepted: \(text)")
                continue
            }
            XCTAssertTrue(error.message.hasPrefix(message), "\(text): \(error.message)")
            XCTAssertEqual(error.offset, offset, text)
        }
        XCTAssertEqual(error("<a>\u{FFFE}</a>")?.offset, 3)
        XCTAssertTrue(errorMessage("<a\u{37E}/>").hasSuffix("(U+037E) is not allowed in a name"))
        XCTAssertNoThrow(try parse("<n\u{E9}\u{2070}/>"), "names of the fifth edition")
        XCTAssertThrowsError(try XMLReader.parse(SourceText(bytes: [0x3C, 0x61, 0x3E, 0xC3, 0x3C, 0x2F, 0x61, 0x3E]))) { error in
            XCTAssertEqual((error as? SyntaxError)?.offset, 4, "invalid UTF-8, at the byte that breaks the sequence")
        }
    }

    func testDoctypeOtherEncodingsAndVersionsAreRefusedWithTheirOwnMessage() {
        XCTAssertTrue(errorMessage("<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>").hasPrefix("a DOCTYPE is not supported: hitlint reads no DTD and expands no entity"))
        XCTAssertTrue(errorMessage("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>").hasPrefix("encoding 'ISO-8859-1' is not supported"))
        XCTAssertTrue(errorMessage("<?xml version=\"2.0\"?><a/>").hasPrefix("XML version '2.0' is not supported"))
        XCTAssertEqual(try? XMLReader.parse(SourceText(bytes: [0xFE, 0xFF, 0x00, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E])).entries.count, nil)
        XCTAssertEqual((try? XMLReader.parse(SourceText(bytes: [0xFF, 0xFE, 0x3C, 0x00])))?.entries.count, nil)
        do {
            _ = try XMLReader.parse(SourceText(bytes: [0xFF, 0xFE, 0x3C, 0x00]))
        } catch {
            XCTAssertEqual(error.message, "UTF-16 is not supported: save the file as UTF-8")
        }
        XCTAssertNoThrow(try parse("<?xml version=\"1.1\"?><a/>"))
        XCTAssertNoThrow(try parse("<?xml version=\"1.0\" encoding=\"UTF8\"?><a/>"))
    }

    func testDeepNestingIsReadWithoutRecursionUpToTheLimit() throws {
        let depth = 100_000
        let deep = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let document = try parse(deep)
        XCTAssertEqual(document.entries.count, depth * 3)
        XCTAssertEqual(document.next(0), document.entries.count)
        let tooDeep = String(repeating: "<a>", count: maximumNestingDepth + 1)
        XCTAssertEqual(error(tooDeep)?.message, "nesting deeper than \(maximumNestingDepth) levels is not supported")
        XCTAssertEqual(error(tooDeep)?.offset, maximumNestingDepth * 3)
    }

    func testValuesPastTheLimitAreRefused() {
        let text = "<r>" + String(repeating: "<n a=\"1\"/>", count: 20) + "</r>"
        XCTAssertNoThrow(try XMLReader.parse(SourceText(text), valueLimit: 200))
        XCTAssertThrowsError(try XMLReader.parse(SourceText(text), valueLimit: 40)) { error in
            XCTAssertEqual((error as? SyntaxError)?.message, "more than 40 values in one file are not supported")
        }
    }

    func testManyAttributesOnOneTagAreCheckedForDuplicatesQuickly() throws {
        let attributes = (0..<20_000).map { " a\($0)=\"\($0)\"" }.joined()
        XCTAssertEqual(try parse("<n\(attributes)/>").count(2), 20_000)
        XCTAssertEqual(error("<n\(attributes) a19999=\"x\"/>")?.message, "duplicate attribute 'a19999' in one tag")
    }

    func testWrittenBackAsXMLItReadsTheSame() throws {
        for text in ["<a b=\"&lt;&#9;x\" c='y'>t&amp;<b/>\r\nu<![CDATA[]]>v</a>", "<p:a xmlns:p=\"u\"><p:b p:c=\"1\"/></p:a>"] {
            let document = try parse(text)
            let again = try XMLReader.parse(SourceText(bytes: document.xmlBytes()))
            XCTAssertEqual(String(decoding: again.jsonBytes(), as: UTF8.self), String(decoding: document.jsonBytes(), as: UTF8.self))
        }
    }

    /// `Scripts/xml-differential` against Python's xml.etree, on a few hundred
    /// of its documents (CI and `make xml-differential` run 10,000): no misread,
    /// no crash. Skipped where Python 3 or the built executable is missing.
    func testDifferentialCheckAgainstPythonsElementTree() throws {
        guard let binary = EndToEndTests.binary else { throw XCTSkip("the hitlint executable was not found next to the tests") }
        let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python else { throw XCTSkip("python3 is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestSupport.packageRoot.appendingPathComponent("Scripts/xml-differential").path,
                             "--count", "300", "--seed", "7", "--samples", "--hitlint", binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("misreads: 0, crashes: 0, other disagreements: 0"), output)
        XCTAssertTrue(output.contains("agree: the same tree"), output)
    }
}
