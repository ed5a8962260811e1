import XCTest
@testable import HitLintKit

/// The byte-level helpers the hot paths use, against their plain counterparts.
final class ByteLevelTests: XCTestCase {
    func testByteWriterWritesIntegersAsSwiftDoes() {
        var random = SystemRandomNumberGenerator()
        var values = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.min + 1, 1_000_000_007]
        for _ in 0..<2_000 { values.append(Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0..<63, using: &random)) }
        // Every count of digits, at its edges.
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power]
        }
        for value in values {
            var writer = ByteWriter()
            writer.append(decimal: value)
            XCTAssertEqual(writer.string, String(value))
        }
    }

    /// An integer literal handed to `append` is a byte, never a number's
    /// digits (which once made a run of 270 repeated bytes come out as "255").
    func testAnIntegerLiteralAppendedIsOneByte() {
        var writer = ByteWriter()
        writer.append(255)
        writer.append(0x0A)
        XCTAssertEqual(writer.bytes, [255, 0x0A])
    }

    func testByteWriterEscapesJSONStringsAsJSONSerializationReads() throws {
        let texts = ["", "plain", "quote \" and \\ backslash", "tab\tnew\nline\rreturn", "\u{0}\u{1}\u{1F}\u{7F}",
                     "naïve 👍🏽 日本", String(repeating: "x", count: 10_000)]
        for text in texts {
            var writer = ByteWriter()
            writer.appendJSONString(text)
            let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: [.fragmentsAllowed]) as? String
            XCTAssertEqual(decoded, text)
            XCTAssertFalse(writer.bytes.contains { $0 < 0x20 }, "control characters are escaped")
        }
    }

    /// Names looked up from a buffer with room for an 8-byte load and from one
    /// without (the byte-by-byte path) must agree, case-insensitively too.
    func testByteTableLookupAgreesOnBothPaths() {
        let names = ["id", "type", "frame", "hitInsets", "segmentedcontrol", "imageview", "x", "tabbaritem"]
        let sensitive = ByteTable(names)
        let insensitive = ByteTable(names, caseInsensitive: true)
        let probes = names + ["ID", "Type", "FRAME", "HitInsets", "SegmentedControl", "ImageView", "X", "TabBarItem",
                              "", "i", "idd", "fram", "frames", "hitinsets ", "segmentedcontrolx", "[mageview", "@d",
                              "imageviev", "imageVIEW", "z", "Ÿype", "type\u{0}"]
        for probe in probes {
            let bytes = Array(probe.utf8)
            let padded = bytes + Array(repeating: UInt8(ascii: "Q"), count: 16)
            let expectedSensitive = names.firstIndex(of: probe)
            // ASCII case folding only: a non-ASCII probe never matches.
            let expectedInsensitive = probe.utf8.allSatisfy { $0 < 0x80 }
                ? names.map { $0.lowercased() }.firstIndex(of: probe.lowercased()) : nil
            for table in [(sensitive, expectedSensitive), (insensitive, expectedInsensitive)] {
                let short = bytes.withUnsafeBufferPointer { buffer in
                    table.0.lookup(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, readable: buffer.count)
                }
                let long = padded.withUnsafeBufferPointer { table.0.lookup($0.baseAddress!, bytes.count, readable: $0.count) }
                XCTAssertEqual(short, table.1, "'\(probe)' without room for a word")
                XCTAssertEqual(long, table.1, "'\(probe)' with an 8-byte load")
            }
        }
    }

    /// Columns count characters eight bytes at a time; every range of mixed
    /// one- to four-byte characters must count as the plain byte loop does.
    func testScalarCountingAgreesWithTheByteLoop() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", " ", "é", "日", "👍", "\u{7F}", "\u{80}", "ß"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let source = SourceText(text)
            let bytes = Array(text.utf8)
            let from = Int.random(in: 0...bytes.count, using: &generator)
            let to = Int.random(in: from...bytes.count, using: &generator)
            let expected = bytes[from..<to].filter { $0 & 0xC0 != 0x80 }.count
            XCTAssertEqual(source.scalarStarts(from: from, to: to), expected, "\(text) \(from)..<\(to)")
        }
    }
}
