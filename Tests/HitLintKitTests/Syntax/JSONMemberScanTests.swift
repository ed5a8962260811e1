import XCTest
@testable import HitLintKit

/// A mapping's members found again by walking its bytes (`JSONMemberScan`)
/// are where the parser put them.
final class JSONMemberScanTests: XCTestCase {
    private func scan(_ text: String, skipping: Range<Int>? = nil) -> [String]? {
        let bytes = Array(text.utf8)
        var members: [String] = []
        let read = bytes.withUnsafeBufferPointer { buffer in
            JSONMemberScan.forEachMember(in: buffer, object: 0..<buffer.count, skipping: skipping) { key, value in
                members.append("\(key.start)-\(key.end):\(value.start)-\(value.end)")
            }
        }
        return read ? members : nil
    }

    func testMembersAreWhereTheParserPutsThem() throws {
        let mappings = [
            #"{}"#, #"{ }"#, #"{"a":1}"#, #"{"a": 1, "b": "x", "c": [1, 2], "d": {"e": null}}"#,
            #"{ "a" : -1.5e+3 , "b":true,"c":false ,"d" :null }"#,
            "{\r\n\t\"a\": \"q\\\"}]\",\r\n\t\"b\\u0062\": [\"]\", {\"}\": [[]]}],\n  \"c\": {}\n}",
            #"{"é": "ü", "\\": "\\\\", "k": ["a,b", {"x": "{"}]}"#,
            #"{"children": [{"a": 1}, {"b": [2]}], "id": "r"}"#,
        ]
        for text in mappings {
            let document = try JSONParser.parse(SourceText(bytes: Array(text.utf8)))
            let parsed = document.members(0).map { key, value in
                "\(document.span(key).start)-\(document.span(key).end):\(document.span(value).start)-\(document.span(value).end)"
            }
            XCTAssertEqual(scan(text), parsed, text)
        }
    }

    func testASkippedValueIsNotRead() {
        // The skipped range is taken as the value whatever it holds (a node's
        // children, read already): here bytes that are no JSON at all, whose
        // lone quote derails a walk that reads them.
        let text = #"{"children": [## " not read ##], "id": "r"}"#
        let list = text.utf8.firstIndex(of: UInt8(ascii: "["))!.utf16Offset(in: text)
        let end = text.utf8.firstIndex(of: UInt8(ascii: "]"))!.utf16Offset(in: text) + 1
        XCTAssertEqual(scan(text, skipping: list..<end), ["1-11:13-\(end)", "\(end + 2)-\(end + 6):\(end + 8)-\(end + 11)"])
        XCTAssertNil(scan(text))
    }

    func testWhatIsNoMappingIsRefused() {
        for text in [#"[1]"#, #"{"a" 1}"#, #"{"a": 1,}"#, #"{,"a": 1}"#, #"{"a": 1 "b": 2}"#, #"{"a": }"#, #"{"a": 1"#, #"{a: 1}"#, ""] {
            XCTAssertNil(scan(text), text)
        }
    }
}
