import XCTest
@testable import HitLintKit

/// Text held packed (`LZBlock`, `PackedText`, a fix's words in one) reads
/// back byte for byte, whatever it holds.
final class PackedTextTests: XCTestCase {
    private func roundTrip(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Int {
        var scratch = PackedText.Scratch()
        let packed = bytes.withUnsafeBufferPointer { PackedText($0, scratch: &scratch) }
        XCTAssertEqual(packed.count, bytes.count, file: file, line: line)
        XCTAssertEqual(packed.withBytesOnce { Array($0) }, bytes, file: file, line: line)
        // Read back, then found among the texts read last.
        XCTAssertEqual(packed.withBytes { Array($0) }, bytes, file: file, line: line)
        XCTAssertEqual(packed.withBytes { Array($0) }, bytes, file: file, line: line)
        return packed.packedCount
    }

    func testTextReadsBackAsPacked() {
        XCTAssertEqual(roundTrip([]), 1)
        XCTAssertEqual(roundTrip([7]), 2)
        _ = roundTrip(Array("abc".utf8))
        // Runs that copy what they are writing (distance 1 and 3), literal
        // and copy lengths at and past each extension's boundaries.
        for length in [4, 5, 18, 19, 20, 273, 274, 275, 529, 5_000] {
            _ = roundTrip([UInt8](repeating: 0x61, count: length))
            _ = roundTrip([UInt8](Array(repeating: Array("xyz".utf8), count: length).joined()))
        }
        var random = SeededRandom(seed: 36)
        for literals in [14, 15, 16, 269, 270, 271, 524, 525] {
            let noise = (0..<literals).map { _ in UInt8(random.int(0...255)) }
            _ = roundTrip(noise + noise + noise)
        }
        // Repeats beyond a copy's reach (65,535 bytes back), and text with
        // every byte value.
        let far = (0..<70_000).map { _ in UInt8(random.int(0...255)) }
        _ = roundTrip(far + far)
        _ = roundTrip((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 256) })
        // A run's messages: an eighth or less of their size.
        var messages: [UInt8] = []
        for index in 0..<2_000 {
            messages += Array("'home.feed.section\(index / 40).item\(index % 40).like' is reachable on 32×32 pt; minimum is 44×44 pt (ios)".utf8)
        }
        XCTAssertLessThan(roundTrip(messages) * 8, messages.count)
    }

    /// Random text made of pieces of itself: copies near and far, long and
    /// short, overlapping what they write, among random bytes.
    func testRandomTextReadsBackAsPacked() {
        var random = SeededRandom(seed: 2_036)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            let target = random.pick([0, 1, 7, 100, 2_000, 40_000, 120_000])
            while bytes.count < target {
                if !bytes.isEmpty, random.chance(0.6) {
                    let start = random.int(0...(bytes.count - 1))
                    let length = random.pick([1, 3, 4, 5, 18, 19, 300, 5_000])
                    for offset in 0..<length { bytes.append(bytes[start + offset % (bytes.count - start)]) }
                } else {
                    for _ in 0..<random.pick([1, 4, 15, 16, 300]) { bytes.append(UInt8(random.int(0...255))) }
                }
            }
            _ = roundTrip(bytes)
        }
    }

    func testBytesThatAreNotABlockAreRefused() {
        var written = ByteWriter()
        var table = LZBlock.Table()
        let text = Array("hit area hit area hit area, hit area".utf8)
        text.withUnsafeBufferPointer { LZBlock.compress($0, into: &written, table: &table) }
        let packed = written.bytes
        func reads(_ block: [UInt8], as count: Int) -> Bool {
            var output = [UInt8](repeating: 0, count: count)
            return block.withUnsafeBufferPointer { block in output.withUnsafeMutableBufferPointer { LZBlock.decompress(block, into: $0) } }
        }
        XCTAssertTrue(reads(packed, as: text.count))
        XCTAssertFalse(reads(packed, as: text.count - 1))
        XCTAssertFalse(reads(packed, as: text.count + 1))
        for cut in 1..<packed.count { XCTAssertFalse(reads(Array(packed[..<cut]), as: text.count), "cut at \(cut)") }
        // A copy from before the first byte.
        XCTAssertFalse(reads([0x10, 0x61, 0x05, 0x00, 0x00], as: 6))
        XCTAssertFalse(reads([0x10, 0x61, 0x00, 0x00, 0x00], as: 6))
        XCTAssertFalse(reads([], as: 0))
    }

    /// A packed fix keeps its changes and edit spans where it holds them and
    /// reads its words back from the packed text: equal to the fix it was,
    /// hashed alike, and unpacked it holds them again.
    func testAFixWithItsWordsPackedReadsAsBefore() {
        let edits = [TextEdit(span: SourceSpan(start: 40, end: 52), replacement: String(repeating: "é", count: 300)),
                     TextEdit(span: SourceSpan(start: 3, end: 3), replacement: ""),
                     TextEdit(span: SourceSpan(start: 9, end: 11), replacement: ",\n  \"hitInsets\": [-6, -4, -6, -8]")]
        let changes = [HitAreaChange(node: 7, insets: EdgeInsets(top: -6, left: -4, bottom: -6, right: -8),
                                     readBack: WrittenInsets(sides: 0b1010, values: EdgeInsets(top: -6, left: 0, bottom: -6, right: 0))),
                       HitAreaChange(node: 2, insets: .zero)]
        let fixes = [Fix(description: "grow 'prev' and 'next' → 44 pt", edits: edits, hitAreaChanges: changes),
                     Fix(description: "move it", edits: []),
                     Fix(description: "", edits: [edits[2]]),
                     Fix(description: "grow 'b' to 44×44 pt: hitInsets -6", edits: [edits[2]], hitAreaChanges: [changes[0]])]
        // The fixes' words one after another, behind some other text, as `PackedFindingText` writes them.
        var bytes = Array("a message first".utf8)
        var offsets: [Int] = []
        for fix in fixes {
            offsets.append(bytes.count)
            XCTAssertGreaterThan(fix.heldTextCount, 0)
            fix.withHeldText { bytes += Array($0) }
        }
        var scratch = PackedText.Scratch()
        let packed = bytes.withUnsafeBufferPointer { PackedText($0, scratch: &scratch) }
        let other = bytes.withUnsafeBufferPointer { PackedText($0, scratch: &scratch) }
        for (fix, offset) in zip(fixes, offsets) {
            let held = fix.packed(in: packed, at: offset)
            XCTAssertEqual(held.heldTextCount, 0)
            XCTAssertEqual(held.description, fix.description)
            XCTAssertEqual(held.edits, fix.edits)
            XCTAssertEqual(held.hitAreaChanges, fix.hitAreaChanges)
            XCTAssertEqual(held.editCount, fix.editCount)
            XCTAssertEqual(held.changesFile, fix.changesFile)
            var spans: [SourceSpan] = []
            held.forEachEditSpan { spans.append($0) }
            XCTAssertEqual(spans, fix.edits.map(\.span))
            XCTAssertEqual(held, fix)
            XCTAssertEqual(held.hashValue, fix.hashValue)
            XCTAssertNil(other.withBytes { held.unpacked(from: other, bytes: $0) })
            let again = packed.withBytes { held.unpacked(from: packed, bytes: $0) }
            XCTAssertEqual(again, fix)
            XCTAssertEqual(again?.heldTextCount, fix.heldTextCount)
            XCTAssertEqual(again?.description, fix.description)
            XCTAssertEqual(again?.edits, fix.edits)
            // A packed fix changed (checking's note) holds its words again.
            var noted = held
            noted.description += Fix.byHandNote
            XCTAssertEqual(noted.description, fix.description + Fix.byHandNote)
            XCTAssertEqual(noted.edits, fix.edits)
            XCTAssertNil(packed.withBytes { noted.unpacked(from: packed, bytes: $0) })
        }
    }
}
