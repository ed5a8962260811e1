import XCTest
@testable import HitLintKit

final class JSONParserTests: XCTestCase {
    // MARK: Values and spans

    func testScalarsHaveValuesAndSpans() throws {
        let text = #"[null, true, false, -12.5e2, "ab", 0]"#
        let document = try parse(text)
        let elements = document.elements(document.root)
        XCTAssertEqual(elements, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(document.kind(1), .null)
        XCTAssertEqual(document.bool(2), true)
        XCTAssertEqual(document.bool(3), false)
        XCTAssertEqual(document.number(4), -1250)
        XCTAssertEqual(document.string(5), "ab")
        XCTAssertEqual(document.number(6), 0)
        XCTAssertEqual(spanTexts(document, text), ["[null, true, false, -12.5e2, \"ab\", 0]", "null", "true", "false", "-12.5e2", "\"ab\"", "0"])
        XCTAssertEqual(document.entries[5].flags, Document.Entry.quoted)
        XCTAssertEqual(document.contentSpan(5), SourceSpan(start: 30, end: 32))
        // Integers that fit an Int32 live in their entries; other numbers in `numbers`.
        XCTAssertEqual(document.entries[4].flags, Document.Entry.integer)
        XCTAssertEqual(document.numbers, [])
        let fractions = try parse("[0.5, -0, 3, 33554431, -33554432, 33554432, -33554433, 1e2, -7]")
        XCTAssertEqual((1...9).map { fractions.number($0)! },
                       [0.5, -0.0, 3, 33_554_431, -33_554_432, 33_554_432, -33_554_433, 100, -7])
        // 26 bits in an entry: ±2²⁵ and beyond go to `numbers`.
        XCTAssertEqual(fractions.numbers.map(\.bitPattern), [0.5, -0.0, 33_554_432, -33_554_433].map(\.bitPattern))
        XCTAssertEqual(fractions.number(2)?.sign, .minus, "-0 keeps its sign")
        // Whole numbers are read from their digits, the others through a
        // Double: a whole value gets the same entry either way.
        let wholes = try parse("[0, 10, -1, 8.0, 2E1, 100e-2, 33554430, -33554431]")
        XCTAssertEqual((1...8).map { wholes.number($0)! }, [0, 10, -1, 8, 20, 1, 33_554_430, -33_554_431])
        XCTAssertEqual(wholes.numbers, [])
        XCTAssertEqual((1...8).map { wholes.entries[$0].flags }, Array(repeating: Document.Entry.integer, count: 8))
        XCTAssertEqual(MemoryLayout<Document.Entry>.stride, 12)
        XCTAssertTrue(document.strings.isEmpty)
    }

    func testTopLevelScalarsWithSurroundingWhitespace() throws {
        let number = try parse(" \t\r\n42\n")
        XCTAssertEqual(number.entries.count, 1)
        XCTAssertEqual(number.number(0), 42)
        XCTAssertEqual(number.span(0), SourceSpan(start: 4, end: 6))
        XCTAssertEqual(try parse("\"x\"").string(0), "x")
        XCTAssertEqual(try parse("null").kind(0), .null)
        XCTAssertEqual(try parse("false").bool(0), false)
    }

    /// A document may hold 2²⁶ − 1 values (an entry's `payload` has 26 bits); past
    /// that the parse fails at the first value too many. Checked with a small
    /// limit: the real one needs a file of hundreds of MB.
    func testTooManyValuesAreRefusedWhereTheLimitIsPassed() throws {
        XCTAssertEqual(Document.Entry.maximumEntries, 67_108_863)
        let document = try parse("[10, 20, 30]")
        XCTAssertNoThrow(try Document.checkSize(document.entries, limit: 4))
        do {
            try Document.checkSize(document.entries, limit: 3)
            XCTFail("four values under a limit of three")
        } catch {
            XCTAssertEqual(error.offset, 9)
            XCTAssertEqual(error.message, "more than 3 values in one file are not supported")
        }
    }

    func testContainersRecordWhereTheirContentsEnd() throws {
        let text = #"{"a": [1, {"b": []}], "c": {}}"#
        let document = try parse(text)
        // 0 {  1 "a"  2 [  3 1  4 {  5 "b"  6 []  7 "c"  8 {}
        XCTAssertEqual(document.entries.map(\.kind), [.object, .string, .array, .number, .object, .string, .array, .string, .object])
        XCTAssertEqual(document.entries.map(\.payload), [9, 0, 7, 1, 7, 0, 7, 0, 9])  // the number 1 is in its entry
        XCTAssertEqual(spanTexts(document, text)[2], #"[1, {"b": []}]"#)
        XCTAssertEqual(spanTexts(document, text)[6], "[]")
        XCTAssertEqual(spanTexts(document, text)[8], "{}")
        XCTAssertEqual(document.members(0).map { document.string($0.key)! }, ["a", "c"])
        XCTAssertEqual(document.elements(2), [3, 4])
        XCTAssertEqual(document.count(0), 2)
        XCTAssertEqual(document.count(4), 1)
        XCTAssertEqual(document.next(2), 7)
    }

    func testKeyOrderAndDuplicateKeysAreKept() throws {
        let document = try parse(#"{"b": 1, "a": 2, "b": 3}"#)
        let members = document.members(0)
        XCTAssertEqual(members.map { document.string($0.key)! }, ["b", "a", "b"])
        XCTAssertEqual(members.map { document.number($0.value)! }, [1, 2, 3])
        XCTAssertTrue(document.stringEquals(members[2].key, "b"))
    }

    func testEmptyContainersAndWhitespaceInside() throws {
        let document = try parse("[ [ ] , { } ,[],{}\t]")
        XCTAssertEqual(document.entries.map(\.kind), [.array, .array, .object, .array, .object])
        XCTAssertEqual(document.entries.map(\.payload), [5, 2, 3, 4, 5])
        XCTAssertEqual(document.span(1), SourceSpan(start: 2, end: 5))
    }

    // MARK: Strings

    func testStringsWithoutEscapesAreSlicesOfTheSource() throws {
        let text = #"["plain", "ünïcødé 😀", ""]"#
        let document = try parse(text)
        XCTAssertTrue(document.strings.isEmpty)
        XCTAssertEqual(document.string(1), "plain")
        XCTAssertEqual(document.string(2), "ünïcødé 😀")
        XCTAssertEqual(document.string(3), "")
        XCTAssertEqual(document.contentSpan(3), SourceSpan(start: text.utf8.count - 2, end: text.utf8.count - 2))
        for index in 1...3 { XCTAssertEqual(document.entries[index].flags, Document.Entry.quoted) }
    }

    func testEscapesAreDecoded() throws {
        let text = #"["a\"b\\c\/d\be\ff\ng\rh\ti", "caf\u00e9 \u00FC", "\uD83D\uDE00!", "\u0000", "x\u20ACy€"]"#
        let document = try parse(text)
        XCTAssertEqual(document.string(1), "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti")
        XCTAssertEqual(document.string(2), "café ü")
        XCTAssertEqual(document.string(3), "😀!")
        XCTAssertEqual(document.string(4), "\u{0}")
        XCTAssertEqual(document.string(5), "x€y€")
        XCTAssertEqual(document.strings.count, 5)
        XCTAssertEqual(document.entries[3].flags, Document.Entry.decoded)
        XCTAssertEqual(document.entries[3].payload, 2)
        XCTAssertNil(document.contentSpan(3))
        XCTAssertEqual(spanTexts(document, text)[3], #""\uD83D\uDE00!""#)
    }

    func testKeysWithEscapesAreDecoded() throws {
        let document = try parse(#"{"i\u0064": 1, "type": 2}"#)
        let members = document.members(0)
        XCTAssertEqual(document.string(members[0].key), "id")
        XCTAssertTrue(document.stringEquals(members[0].key, "id"))
        XCTAssertTrue(document.stringEquals(members[1].key, "type"))
        XCTAssertFalse(document.stringEquals(members[1].key, "typo"))
    }

    func testLongStringsCrossTheEightByteScanner() throws {
        // Special bytes at every position relative to the 8-byte word boundaries.
        for length in 0..<24 {
            let prefix = String(repeating: "a", count: length)
            let document = try parse("[\"\(prefix)\\n\(prefix)é\(prefix)\"]")
            XCTAssertEqual(document.string(1), prefix + "\n" + prefix + "é" + prefix)
            let plain = try parse("[\"\(prefix)é\(prefix)\"]")
            XCTAssertEqual(plain.string(1), prefix + "é" + prefix)
            expectError("[\"\(prefix)\u{1}\"]", "control character 0x01 in string: write it as \\u0001", 1, 3 + length)
        }
    }

    // MARK: Numbers

    func testNumbers() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-1", -1), ("1E3", 1000), ("1e-3", 0.001), ("123.456e+2", 12345.6), ("0.1", 0.1),
            ("-1.5", -1.5), ("9007199254740993", 9007199254740992), ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("5e-324", .leastNonzeroMagnitude), ("1e22", 1e22), ("1e23", 1e23), ("0.000001", 0.000001),
            ("12345678901234567890", 12345678901234567168), ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ]
        for (text, expected) in cases {
            let document = try parse(text)
            XCTAssertEqual(document.number(0), expected, text)
            XCTAssertEqual(document.span(0), SourceSpan(start: 0, end: text.utf8.count))
        }
        let negativeZero = try parse("-0").number(0)!
        XCTAssertEqual(negativeZero, 0)
        XCTAssertEqual(negativeZero.sign, .minus)
    }

    func testOutOfRangeNumbersAreValidAndKept() throws {
        XCTAssertEqual(try parse("1e999").number(0), .infinity)
        XCTAssertEqual(try parse("-1e999").number(0), -.infinity)
        XCTAssertEqual(try parse("1e-999").number(0), 0)
        XCTAssertEqual(try parse("[123e-10000000]").number(1), 0)
        let fourHundredDigits = "1" + String(repeating: "0", count: 399)
        XCTAssertEqual(try parse(fourHundredDigits).number(0), .infinity)
        let longFraction = "0." + String(repeating: "1234567890", count: 40)
        XCTAssertEqual(try parse(longFraction).number(0), 0.12345678901234568)
        let longMantissa = String(repeating: "9", count: 300) + "e-290"
        XCTAssertEqual(try parse(longMantissa).number(0), 1e10)
    }

    func testNumbersAreCorrectlyRounded() throws {
        // Seeded: many spellings through the fast path and the slow path, against strtod.
        var random = SeededRandom(seed: 42)
        var texts: [String] = []
        for _ in 0..<3000 {
            var text = random.next() % 4 == 0 ? "-" : ""
            let integerDigits = Int(random.next() % 21)
            if integerDigits == 0 {
                text += "0"
            } else {
                text += String(1 + random.next() % 9)
                for _ in 1..<integerDigits { text += String(random.next() % 10) }
            }
            if random.next() % 2 == 0 {
                text += "."
                for _ in 0...(random.next() % 20) { text += String(random.next() % 10) }
            }
            if random.next() % 3 == 0 {
                text += ["e", "E", "e+", "e-", "E-"][Int(random.next() % 5)] + String(random.next() % 40)
            }
            texts.append(text)
        }
        let document = try parse("[" + texts.joined(separator: ",") + "]")
        XCTAssertEqual(document.count(0), texts.count)
        for (index, text) in texts.enumerated() {
            let expected = Double(text)!
            XCTAssertEqual(document.number(index + 1)?.bitPattern, expected.bitPattern, text)
        }
    }

    // MARK: Errors

    func testStructureErrorMessages() {
        expectError("[1 }", "expected ',' or ']' after array element, found '}'", 1, 4)
        expectError("", "expected a value, found end of file", 1, 1)
        expectError("  \n ", "expected a value, found end of file", 2, 2)
        expectError(#"{"a" "b"}"#, "expected ':' after object key, found '\"'", 1, 6)
        expectError("[1,]", "trailing comma before ']'", 1, 4)
        expectError(#"{"a": 1 , }"#, "trailing comma before '}'", 1, 11)
        expectError("{} x", "unexpected 'x' after the document's value", 1, 4)
        expectError("[] ]", "unexpected ']' after the document's value", 1, 4)
        expectError("[", "expected a value or ']', found end of file", 1, 2)
        expectError("[1,,2]", "expected a value, found ','", 1, 4)
        expectError(#"{"a":}"#, "expected a value after ':', found '}'", 1, 6)
        expectError("{1: 2}", "expected a string key or '}' after '{', found '1'", 1, 2)
        expectError("{'a': 2}", "expected a string key or '}' after '{', found \"'\" (JSON strings use double quotes)", 1, 2)
        expectError(#"{"a": 1, 2}"#, "expected a string key after ',', found '2'", 1, 10)
        expectError(#"{"a": 1 "b": 2}"#, "expected ',' or '}' after object member, found '\"'", 1, 9)
        expectError(#"{"a": 1"#, "expected ',' or '}' after object member, found end of file", 1, 8)
        expectError("[tru]", "invalid literal: expected 'true', found ']'", 1, 5)
        expectError("[nul", "invalid literal: expected 'null', found end of file", 1, 5)
        expectError("[True]", "expected a value or ']', found 'T'", 1, 2)
        expectError("[1]\n// comment", "unexpected '/' after the document's value", 2, 1)
    }

    func testNumberErrorMessages() {
        expectError("[01]", "leading zeros are not allowed in numbers", 1, 3)
        expectError("[-007]", "leading zeros are not allowed in numbers", 1, 4)
        expectError("[1.]", "expected digit after '.' in number, found ']'", 1, 4)
        expectError("[1.e5]", "expected digit after '.' in number, found 'e'", 1, 4)
        expectError("[1e]", "expected digit in number's exponent, found ']'", 1, 4)
        expectError("[1e+]", "expected digit in number's exponent, found ']'", 1, 5)
        expectError("[-]", "expected digit after '-' in number, found ']'", 1, 3)
        expectError("[- 1]", "expected digit after '-' in number, found ' '", 1, 3)
        expectError("[.5]", "expected a value or ']', found '.'", 1, 2)
        expectError("[+1]", "expected a value or ']', found '+'", 1, 2)
        expectError("[0x1]", "expected ',' or ']' after array element, found 'x'", 1, 3)
        expectError("[NaN]", "expected a value or ']', found 'N'", 1, 2)
        expectError("1.0.0", "unexpected '.' after the document's value", 1, 4)
    }

    func testStringErrorMessages() {
        expectError(#"["abc"#, "unterminated string", 1, 6)
        expectError(#"["abc\"#, "unterminated string", 1, 7)
        expectError(#"["a\xb"]"#, "invalid escape '\\x' in string", 1, 5)
        expectError(#"["a\U0041"]"#, "invalid escape '\\U' in string", 1, 5)
        expectError("[\"a\\\tb\"]", "invalid escape '\\' followed by tab in string", 1, 5)
        expectError(#"["\u12G4"]"#, "invalid escape in string: '\\u' must be followed by 4 hex digits, found 'G'", 1, 7)
        expectError(#"["\u12"]"#, "invalid escape in string: '\\u' must be followed by 4 hex digits, found '\"'", 1, 7)
        expectError(#"["\uD800"]"#, "lone UTF-16 surrogate \\uD800 in string", 1, 3)
        expectError(#"["ab\uDC00\uD800"]"#, "lone UTF-16 surrogate \\uDC00 in string", 1, 5)
        expectError(#"["\uD83D\u0041"]"#, "lone UTF-16 surrogate \\uD83D in string", 1, 3)
        expectError(#"["\uD83D\uD83D"]"#, "lone UTF-16 surrogate \\uD83D in string", 1, 3)
        expectError(#"["\uD83Dx"]"#, "lone UTF-16 surrogate \\uD83D in string", 1, 3)
        expectError("[\"a\tb\"]", "tab character in string: write it as \\t", 1, 4)
        expectError("[\"a\nb\"]", "unterminated string: line break before the closing '\"' (write \\n for a line break)", 1, 4)
        expectError("[\"a\u{1F}b\"]", "control character 0x1F in string: write it as \\u001F", 1, 4)
        expectError("[\"é\", x]", "expected a value, found 'x'", 1, 7)
    }

    func testNULBytes() {
        expectError(Array("[1,".utf8) + [0] + Array("]".utf8), "NUL byte in file", 1, 4)
        expectError(Array("[\"a".utf8) + [0] + Array("\"]".utf8), "NUL byte in file", 1, 4)
        expectError(Array("[1]".utf8) + [0], "NUL byte in file", 1, 4)
        expectError(Array("[1".utf8) + [0, 0x5D], "NUL byte in file", 1, 3)
        expectError(Array("{\"a\"".utf8) + [0], "NUL byte in file", 1, 5)
        expectError(Array("[tr".utf8) + [0], "NUL byte in file", 1, 4)
        expectError(Array("[-".utf8) + [0], "NUL byte in file", 1, 3)
        expectError([0], "NUL byte in file", 1, 1)
    }

    func testInvalidUTF8InStrings() {
        let quoteOpen = Array("[\"".utf8), quoteClose = Array("\"]".utf8)
        expectError(quoteOpen + [0xFF] + quoteClose, "invalid UTF-8 byte 0xFF", 1, 3)
        expectError(quoteOpen + [0x61, 0x80] + quoteClose, "invalid UTF-8 byte 0x80 (continuation byte without a lead byte)", 1, 4)
        expectError(quoteOpen + [0xC0, 0xAF] + quoteClose, "invalid UTF-8 byte 0xC0 (overlong encoding)", 1, 3)
        expectError(quoteOpen + [0xE0, 0x80, 0xAF] + quoteClose, "invalid UTF-8: overlong encoding 0xE0 0x80", 1, 3)
        expectError(quoteOpen + [0xF0, 0x8F, 0xBF, 0xBF] + quoteClose, "invalid UTF-8: overlong encoding 0xF0 0x8F", 1, 3)
        expectError(quoteOpen + [0xED, 0xA0, 0x80] + quoteClose, "invalid UTF-8: UTF-16 surrogate encoded as 0xED 0xA0", 1, 3)
        expectError(quoteOpen + [0xF4, 0x90, 0x80, 0x80] + quoteClose, "invalid UTF-8: code point above U+10FFFF (0xF4 0x90)", 1, 3)
        expectError(quoteOpen + [0xC3] + quoteClose,
                    "incomplete UTF-8 sequence: expected a continuation byte after 0xC3, found '\"'", 1, 4)
        expectError(quoteOpen + [0xE2, 0x82],
                    "incomplete UTF-8 sequence: expected a continuation byte after 0xE2, found end of file", 1, 4)
        // In a string with escapes too, and long enough for the 8-byte scanner.
        expectError(Array(#"["\n abcdefghij"#.utf8) + [0xFE] + quoteClose, "invalid UTF-8 byte 0xFE", 1, 16)
        // Outside strings a non-ASCII byte is simply not a value.
        expectError([0x5B, 0xFF, 0x5D], "expected a value or ']', found byte 0xFF", 1, 2)
        expectError("[\u{A0}1]", "expected a value or ']', found U+00A0", 1, 2)
        expectError("[é]", "expected a value or ']', found 'é' (U+00E9)", 1, 2)
        // The valid extremes are accepted.
        XCTAssertNoThrow(try JSONParser.parse(SourceText(bytes: quoteOpen + [0xF4, 0x8F, 0xBF, 0xBF, 0xEF, 0xBF, 0xBF, 0xED, 0x9F, 0xBF] + quoteClose)))
    }

    func testByteOrderMarksAndUTF16AreRejected() {
        expectError([0xEF, 0xBB, 0xBF] + Array("{}".utf8),
                    "byte order mark (BOM) at start of file: JSON text must not begin with U+FEFF", 1, 1)
        expectError([0xEF, 0xBB, 0xBF], "byte order mark (BOM) at start of file: JSON text must not begin with U+FEFF", 1, 1)
        expectError([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "UTF-16 byte order mark at start of file: JSON text must be UTF-8", 1, 1)
        expectError([0x00, 0x5B, 0x00, 0x5D], "NUL byte in file: JSON text must be UTF-8 (this looks like UTF-16 or UTF-32)", 1, 1)
        expectError([0x5B, 0x00, 0x5D, 0x00], "NUL byte in file: JSON text must be UTF-8 (this looks like UTF-16 or UTF-32)", 1, 2)
    }

    func testOnlyRFCWhitespaceIsAccepted() throws {
        XCTAssertEqual(try parse(" \t\r\n[ \t1\r\n]\n").number(1), 1)
        expectError("[\u{0C}1]", "expected a value or ']', found byte 0x0C", 1, 2)
        expectError("[1\u{0B}]", "expected ',' or ']' after array element, found byte 0x0B", 1, 3)
        expectError("\u{2028}1", "expected a value, found U+2028", 1, 1)
    }

    func testErrorLocationsWithCRLF() throws {
        expectError("{\r\n  \"a\": 1,\r\n  \"b\" 2\r\n}", "expected ':' after object key, found '2'", 3, 7)
        expectError("[\r\n1,\r\n\r\n", "expected a value, found end of file", 4, 1)
        let text = "{\r\n\"a\": [1,\r\n  2]\r\n}\r\n"
        let document = try parse(text)
        let two = document.elements(2)[1]
        XCTAssertEqual(document.number(two), 2)
        XCTAssertEqual(document.source.location(of: document.span(two).start), SourceLocation(line: 3, column: 3))
        XCTAssertEqual(document.source.location(of: document.span(0).end), SourceLocation(line: 4, column: 2))
    }

    // MARK: Depth

    func testMillionOpeningBracketsEndInADiagnostic() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        expectError(bytes, "nesting deeper than \(maximumNestingDepth) levels is not supported", 1, maximumNestingDepth + 1)
    }

    func testNestingUpToTheLimitParses() throws {
        let depth = 50_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try parse(text)
        XCTAssertEqual(document.entries.count, depth)
        XCTAssertEqual(document.entries[0].payload, UInt32(depth))
        XCTAssertEqual(document.entries[depth - 1].payload, UInt32(depth))
        XCTAssertEqual(document.span(depth - 1), SourceSpan(start: depth - 1, end: depth + 1))
        XCTAssertEqual(document.jsonBytes(), Array(text.utf8))

        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let nested = try parse(objects)
        XCTAssertEqual(nested.entries.count, 2 * depth + 1)
        XCTAssertEqual(nested.number(2 * depth), 1)

        let limit = String(repeating: "[", count: maximumNestingDepth) + String(repeating: "]", count: maximumNestingDepth)
        XCTAssertEqual(try parse(limit).entries.count, maximumNestingDepth)
        expectError("[" + limit + "]", "nesting deeper than \(maximumNestingDepth) levels is not supported", 1, maximumNestingDepth + 1)
    }

    // MARK: Round trip

    func testJSONBytesRoundTrip() throws {
        let text = "{\r\n  \"id\": \"a\\u0041\\n\",\n\t\"frame\": [0, -0, 1.50, 1E400, -2e-3],\n  \"id\": null,"
            + " \"on\": [true, false], \"nested\": {\"x\": {}, \"y\": []}, \"s\": \"caf\u{E9}\\/\"\n}"
        let document = try parse(text)
        let expected = #"{"id":"aA\n","frame":[0,-0,1.50,1E400,-2e-3],"id":null,"on":[true,false],"nested":{"x":{},"y":[]},"s":"café/"}"#
        XCTAssertEqual(String(decoding: document.jsonBytes(), as: UTF8.self), expected)
        let again = try JSONParser.parse(SourceText(bytes: document.jsonBytes()))
        XCTAssertEqual(again.jsonBytes(), document.jsonBytes())
    }

    func testRandomDocumentsReadBackAsWritten() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let value = Value.random(&random, depth: 5)
            var text = ""
            value.write(into: &text, random: &random)
            let document = try parse(text)
            var index = 0
            XCTAssertTrue(value.matches(document, &index), text)
            XCTAssertEqual(index, document.entries.count)
        }
    }

    func testMutatedDocumentsNeverCrash() {
        // Robustness: random byte edits must end in a value or a SyntaxError.
        var random = SeededRandom(seed: 99)
        let seed = Array(#"{"id": "root", "frame": [0, 1.5, -2e3, 44], "children": [{"t": "\u00e9\n"}, true, null, false]}"#.utf8)
        let interesting: [UInt8] = Array(#"[]{}",:\u0-.eE+019 tfn"#.utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF4, 0xFF, 0x0A]
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0...(random.next() % 4) {
                let position = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: position)
                }
            }
            let source = SourceText(bytes: bytes)
            do throws(SyntaxError) {
                let document = try JSONParser.parse(source)
                XCTAssertEqual(document.next(0), document.entries.count)
            } catch {
                XCTAssertTrue(error.offset >= 0 && error.offset <= bytes.count)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    // MARK: Helpers

    private func parse(_ text: String) throws -> Document {
        try JSONParser.parse(SourceText(text))
    }

    private func spanTexts(_ document: Document, _ text: String) -> [String] {
        document.entries.indices.map { document.source.string(document.span($0)) }
    }

    private func expectError(_ text: String, _ message: String, _ line: Int, _ column: Int,
                             file: StaticString = #filePath, line testLine: UInt = #line) {
        expectError(Array(text.utf8), message, line, column, file: file, line: testLine)
    }

    private func expectError(_ bytes: [UInt8], _ message: String, _ line: Int, _ column: Int,
                             file: StaticString = #filePath, line testLine: UInt = #line) {
        let source = SourceText(bytes: bytes)
        do throws(SyntaxError) {
            let document = try JSONParser.parse(source)
            XCTFail("accepted (\(document.entries.count) entries), expected: \(message)", file: file, line: testLine)
        } catch {
            XCTAssertEqual(error.message, message, file: file, line: testLine)
            XCTAssertEqual(source.location(of: error.offset), SourceLocation(line: line, column: column),
                           "location of: \(error.message)", file: file, line: testLine)
        }
    }
}

/// A JSON value written with random spelling (whitespace, escapes), to check the
/// parser reads back exactly what was written.
private indirect enum Value {
    case null, bool(Bool), number(Double, String), string(String)
    case array([Value]), object([(String, Value)])

    static func random(_ random: inout SeededRandom, depth: Int) -> Value {
        switch random.next() % (depth > 0 ? 8 : 5) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            let spellings: [(Double, String)] = [(0, "0"), (-3, "-3"), (12.5, "12.5"), (-0.25, "-2.5e-1"),
                                                 (1e21, "1E21"), (390, "390"), (44.0, "44.000")]
            let (value, text) = spellings[Int(random.next() % UInt64(spellings.count))]
            return .number(value, text)
        case 3, 4: return .string(randomString(&random))
        case 5, 6:
            return .object((0..<Int(random.next() % 5)).map { _ in (randomString(&random), Value.random(&random, depth: depth - 1)) })
        default:
            return .array((0..<Int(random.next() % 5)).map { _ in Value.random(&random, depth: depth - 1) })
        }
    }

    static func randomString(_ random: inout SeededRandom) -> String {
        let pieces = ["id", "frame", "é", "😀", "\"", "\\", "\n", "\t", "/", "\u{1}", "a long plain run of text", "€", " "]
        return (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    func write(into text: inout String, random: inout SeededRandom) {
        let spaces = [" ", "", "\n  ", "\r\n", "\t", ""]
        func space() -> String { spaces[Int(random.next() % UInt64(spaces.count))] }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(_, let spelling): text += spelling
        case .string(let value): Value.writeString(value, into: &text, random: &random)
        case .array(let elements):
            text += "[" + space()
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += space() + "," + space() }
                element.write(into: &text, random: &random)
            }
            text += space() + "]"
        case .object(let members):
            text += "{" + space()
            for (offset, (key, value)) in members.enumerated() {
                if offset > 0 { text += space() + "," + space() }
                Value.writeString(key, into: &text, random: &random)
                text += space() + ":" + space()
                value.write(into: &text, random: &random)
            }
            text += space() + "}"
        }
    }

    static func writeString(_ value: String, into text: inout String, random: inout SeededRandom) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += random.next() % 2 == 0 ? "\\n" : "\\u000A"
            case "\t": text += "\\t"
            case "/": text += random.next() % 2 == 0 ? "/" : "\\/"
            case "\u{1}": text += "\\u0001"
            case "😀": text += random.next() % 2 == 0 ? "😀" : "\\uD83D\\ude00"
            case "é": text += random.next() % 2 == 0 ? "é" : "\\u00E9"
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Compares with the document from entry `index` on, advancing past this value.
    func matches(_ document: Document, _ index: inout Int) -> Bool {
        let entry = index
        index += 1
        switch self {
        case .null: return document.kind(entry) == .null
        case .bool(let value): return document.bool(entry) == value
        case .number(let value, _): return document.number(entry) == value
        case .string(let value): return document.string(entry) == value
        case .array(let elements):
            guard document.kind(entry) == .array else { return false }
            for element in elements where !element.matches(document, &index) { return false }
            return document.next(entry) == index
        case .object(let members):
            guard document.kind(entry) == .object else { return false }
            for (key, value) in members {
                guard document.string(index) == key else { return false }
                index += 1
                guard value.matches(document, &index) else { return false }
            }
            return document.next(entry) == index
        }
    }
}
