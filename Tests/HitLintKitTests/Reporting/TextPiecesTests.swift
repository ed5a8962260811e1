import XCTest
@testable import HitLintKit

/// The pieces every report line is made of, written fast, against their
/// plain definitions.
final class TextPiecesTests: XCTestCase {
    /// `formatLength` as it was first written: two decimals, trailing zeros dropped.
    private func plainLength(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() {
            let integer = Int64(rounded)
            return integer == 0 ? "0" : String(integer)
        }
        let hundredths = Int64((abs(rounded) * 100).rounded())
        var text = (rounded < 0 ? "-" : "") + String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    func testLengthsReadAsTheirPlainDefinition() {
        var random = SeededRandom(seed: 11)
        var values: [Double] = [0, -0.0, 0.004, -0.004, 0.005, 0.01, -0.01, 0.1, 0.5, 1, -1, 9.995, 10, 44, 57.76, 57.755,
                                100.5, -12.25, 1234567.89, 999_999_999_999.99, -999_999_999_999.99]
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 100, 1000, 1e6, 1e12][random.int(0...5)]
            values.append((Double(random.int(0...2_000_000)) / 1_000_000 - 1) * magnitude)
            values.append(Double(random.int(-100_000...100_000)) / 100)
        }
        // Whole lengths around those written once (-1024...1024), and their neighbours.
        for whole in -1_100...1_100 {
            for value in [Double(whole), Double(whole) - 0.004, Double(whole) + 0.004, Double(whole) + 0.5] { values.append(value) }
        }
        values += [-0.0, 0.001, -0.001, 1024.996, -1024.996]
        for value in values { XCTAssertEqual(formatLength(value), plainLength(value), "\(value)") }
        XCTAssertEqual(formatLength(.infinity), "∞")
        XCTAssertEqual(formatLength(1e20), "1e+20")
    }

    func testEscapeCheckAgreesWithTheScalars() {
        var random = SeededRandom(seed: 5)
        let pieces = ["a", "'b1'", " ", "×", "—", "é", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}",
                      "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2065}", "\u{2066}",
                      "\u{2069}", "\u{206A}", "\u{C2}", "\u{E2}", "😀", "minimum is 44×44 pt (ios)"]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<random.int(0...40) {
                // Mostly plain text, so the eight-byte stride runs before it meets something.
                text += random.chance(0.8) ? "abcdefgh" : random.pick(pieces)
            }
            XCTAssertEqual(text.needsEscapeOnOneLine, text.unicodeScalars.contains(where: \.needsEscapeOnOneLine), text.debugDescription)
        }
    }

    /// JSON strings are escaped eight bytes at a time past words with nothing
    /// to escape: held to RFC 8259's escapes written byte by byte.
    func testJSONEscapesAgreeWithThePlainDefinition() {
        func plain(_ text: String) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for byte in text.utf8 {
                switch byte {
                case 0x22: out += Array("\\\"".utf8)
                case 0x5C: out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0..<0x20: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
                default: out.append(byte)
                }
            }
            return out + [0x22]
        }
        var random = SeededRandom(seed: 23)
        let pieces = ["a", "\"", "\\", "'", " ", "×", "é", "\t", "\n", "\r", "\u{1}", "\u{1F}", "\u{7F}", " ", "!", "#",
                      "😀", "\"hitInsets\": [-7, 0, 0, 0]"]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<random.int(0...40) {
                text += random.chance(0.7) ? String("abcdefghijklmnop".prefix(random.int(1...16))) : random.pick(pieces)
            }
            XCTAssertEqual(Array(jsonString(text).utf8), plain(text), text.debugDescription)
        }
    }

    /// A fix's words name its nodes as `englishList` does ("a", "a and b",
    /// "a, b and c"), written into one string.
    func testFixWordsListTheNodesAsEnglishListDoes() throws {
        let yaml = "root:\n  frame: [0, 0, 400, 400]\n  children:\n"
            + (1...4).map { "    - {id: n\($0), type: button, frame: [\($0 * 60), 0, 40, 40]}\n" }.joined()
        let (layout, _) = LayoutBuilder.build(try SourceFormat.yaml.parse(SourceText(yaml)))
        let context = RuleContext(layout: layout, geometry: Geometry(layout: layout), options: LintOptions())
        for count in 1...4 {
            let changes = (1...count).map { (node: $0, insets: EdgeInsets.zero) }
            let reads = (1...count).map { "hitInsets -\($0)" }
            let expected = "widen: " + englishList(zip(changes, reads).map { "'" + context.name($0.node) + "' " + $1 })
            XCTAssertEqual(context.describe(changes, reading: reads, after: "widen: "), expected)
        }
        XCTAssertEqual(context.describe([(node: 2, insets: .zero), (node: 3, insets: .zero), (node: 4, insets: .zero)],
                                        reading: ["a", "b", "c"]), "'n2' a, 'n3' b and 'n4' c")
    }
}
