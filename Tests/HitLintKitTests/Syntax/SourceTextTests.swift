import XCTest
@testable import HitLintKit

final class SourceTextTests: XCTestCase {
    func testLocationsCountScalarsAndHandleCRLF() {
        let text = SourceText("ab\r\né x\nlast")
        XCTAssertEqual(text.location(of: 0), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(text.location(of: 4), SourceLocation(line: 2, column: 1))
        // 'é' is two bytes but one column.
        XCTAssertEqual(text.location(of: 7), SourceLocation(line: 2, column: 3))
        XCTAssertEqual(text.location(of: 9), SourceLocation(line: 3, column: 1))
        XCTAssertEqual(text.location(of: 10), SourceLocation(line: 3, column: 2))
        XCTAssertEqual(text.lineText(1), "ab")
        XCTAssertEqual(text.lineText(2), "é x")
    }

    /// Edits write CR LF when the file's first line break is CR LF, decided
    /// without building the line table; the same answer the table gives.
    func testFirstLineBreakIsCRLF() {
        let cases: [(String, Bool)] = [
            ("", false), ("abc", false), ("a\nb\r\n", false), ("a\r\nb\n", true), ("\r\n", true),
            ("a\rb\r\n", false), ("abc\r", false), ("a\r", false), ("\r\r\n", false), ("{\"a\": 1}\r\n", true),
        ]
        for (text, expected) in cases {
            let source = SourceText(text)
            XCTAssertEqual(source.firstLineBreakIsCRLF, expected, text.debugDescription)
            let starts = source.lineStarts
            let fromTable = starts.count > 1 && starts[1] >= 2 && source.bytes[starts[1] - 2] == 0x0D
            XCTAssertEqual(source.firstLineBreakIsCRLF, fromTable, "as the line table says: \(text.debugDescription)")
        }
        // Issue 33: CR alone is a line break of its own, which edits write too.
        let breaks: [(String, String)] = [("", "\n"), ("abc", "\n"), ("a\nb\r\n", "\n"), ("a\r\nb", "\r\n"), ("a\rb\r\n", "\r"),
                                          ("abc\r", "\r"), ("\r\r\n", "\r"), ("a\rb\rc", "\r")]
        for (text, expected) in breaks {
            XCTAssertEqual(SourceText(text).firstLineBreak, expected, text.debugDescription)
        }
    }

    /// The line table (found eight bytes at a time) against a byte-by-byte
    /// reading: line feeds at every place in a word and at the ends, runs
    /// of them, bytes one away from LF (0x09, 0x0B, 0x8A) and UTF-8 that
    /// must not read as LF, with and without a CR somewhere (read byte by byte).
    func testLineTableMatchesAByteByByteReading() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x09, 0x0B, 0x8A, 0x20, 0x61, 0xC3, 0xA9, 0xFF, 0x00, 0x7F]
        var texts: [[UInt8]] = []
        for length in 0..<40 {
            for position in 0..<max(length, 1) {
                var bytes = [UInt8](repeating: 0x61, count: length)
                if position < length { bytes[position] = 0x0A }
                texts.append(bytes)
            }
        }
        for _ in 0..<300 {
            texts.append((0..<Int.random(in: 0..<100, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        // CRs (and the bytes next to them) after a run of words read eight
        // bytes at a time, in every place of a word.
        for _ in 0..<300 {
            let head = (0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            texts.append(head + (0..<Int.random(in: 0..<60, using: &random)).map { _ in
                [0x0D, 0x0D, 0x0A, 0x0C, 0x0E, 0x61].randomElement(using: &random)!
            })
        }
        texts.append([UInt8](repeating: 0x0A, count: 37))
        texts.append(Array("a\rb\nc\r\n\nd".utf8))
        for bytes in texts {
            XCTAssertEqual(SourceText(bytes: bytes).lineStarts, lineStartsCountedByteByByte(bytes), "\(bytes)")
        }
    }

    /// The line index built in parts on two threads gives the locations one
    /// scan's does, with a CR LF split across the parts' boundary (8 MiB
    /// into a 9 MiB text) and lone CRs beside it.
    func testLineIndexBuiltInPartsIsTheSame() {
        var bytes = [UInt8](repeating: 0x61, count: 9 << 20)
        for index in stride(from: 37, to: bytes.count, by: 41) { bytes[index] = 0x0A }
        let boundary = 8 << 20
        bytes[boundary - 1] = 0x0D
        bytes[boundary] = 0x0A
        bytes[boundary + 5] = 0x0D
        bytes[boundary - 9] = 0x0D
        let parts = SourceText(bytes: bytes)
        parts.buildLineIndex(jobs: 2)
        let whole = SourceText(bytes: bytes)
        whole.buildLineIndex(jobs: 1)
        var offsets = Array(boundary - 50...boundary + 50) + [0, 1, 4_095, 4_096, 4_097, bytes.count - 1, bytes.count]
        var random = SeededRandom(seed: 8)
        offsets += (0..<2_000).map { _ in random.int(0...bytes.count) }
        for offset in offsets {
            // Each asked alone, so neither counts on from a location asked before.
            XCTAssertEqual(parts.sharingLineIndex().location(of: offset), whole.sharingLineIndex().location(of: offset), "offset \(offset)")
        }
        // The CR LF across the boundary is one break, after its LF.
        let breaks = (0...boundary).filter { bytes[$0] == 0x0A || (bytes[$0] == 0x0D && bytes[$0 + 1] != 0x0A) }.count
        XCTAssertEqual(parts.location(of: boundary + 1), SourceLocation(line: breaks + 1, column: 1))
        XCTAssertEqual(parts.location(of: boundary), SourceLocation(line: breaks, column: 9))
        XCTAssertFalse(parts.hasLongLines)
        XCTAssertEqual(parts.lineText(2), String(repeating: "a", count: 40))
    }

    /// Lines, their texts and whether any is long, against the list of every
    /// line's start counted byte by byte: texts of several blocks with LF,
    /// CR LF and lone CR at and around the blocks' boundaries, a byte order
    /// mark, and lines just under, at and over the long-line length.
    func testLineIndexAgainstEveryLinesStart() {
        let block = LineIndex.blockSize
        var random = SeededRandom(seed: 34)
        var texts: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], Array("\u{FEFF}a\r\nb".utf8)]
        for long in [LineIndex.longLine - 1, LineIndex.longLine, LineIndex.longLine + 1, 3 * block, 3 * block + 7] {
            var bytes = Array("ab\n".utf8) + [UInt8](repeating: 0x61, count: long - 1) + [0x0A] + Array("cd".utf8)
            texts.append(bytes)
            bytes.removeLast(3)
            texts.append(bytes)
        }
        for _ in 0..<60 {
            var bytes: [UInt8] = random.chance(0.3) ? [0xEF, 0xBB, 0xBF] : []
            let length = random.int(block - 20...3 * block + 20)
            while bytes.count < length {
                if random.chance(0.003) { bytes += [UInt8](repeating: 0x62, count: random.int(1_000...9_000)) }
                bytes += random.pick([[0x61], [0x61], [0x61], [0xC3, 0xA9], [0x0A], [0x0D, 0x0A], [0x0D], [0x0B], [0x8A]])
            }
            // Breaks at and beside a block's boundary.
            for at in [block - 1, block, 2 * block - 1, 2 * block] where at + 1 < bytes.count {
                let pair: [UInt8] = random.pick([[0x0D, 0x0A], [0x0A, 0x0D], [0x0D, 0x0D], [0x0A, 0x0A]])
                (bytes[at], bytes[at + 1]) = (pair[0], pair[1])
            }
            texts.append(bytes)
        }
        for bytes in texts {
            let starts = lineStartsCountedByteByByte(bytes)
            let text = SourceText(bytes: bytes)
            XCTAssertEqual(text.lineStarts, starts, "\(bytes.count) bytes")
            let longest = zip(starts, starts.dropFirst() + [bytes.count]).map { $1 - $0 }.max() ?? 0
            XCTAssertEqual(text.hasLongLines, longest > LineIndex.longLine, "\(bytes.count) bytes")
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            for (number, start) in starts.enumerated() {
                var end = number + 1 < starts.count ? starts[number + 1] : bytes.count
                let from = number == 0 && bom ? 3 : start
                while end > from, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
                XCTAssertEqual(text.lineText(number + 1), String(decoding: bytes[from..<end], as: UTF8.self), "line \(number + 1)")
                for offset in Set([from, (from + end) / 2, end]) where offset <= bytes.count {
                    let fresh = SourceText(bytes: bytes)
                    XCTAssertEqual(fresh.lineBounds(at: offset), from..<end, "line \(number + 1), offset \(offset)")
                    XCTAssertEqual(fresh.location(of: offset).line, number + 1, "offset \(offset)")
                }
            }
            XCTAssertEqual(text.lineText(starts.count + 1), "")
        }
    }

    /// A minified file is one long line: columns asked in any order must be exact.
    func testColumnsOnAVeryLongLineInAnyOrder() {
        var bytes: [UInt8] = Array("{\n".utf8)
        var random = SeededRandom(seed: 5)
        for _ in 0..<30_000 { bytes += random.chance(0.1) ? Array("é".utf8) : [UInt8(ascii: "a")] }
        bytes += Array("\nend".utf8)
        let text = SourceText(bytes: bytes)
        for _ in 0..<300 {
            let offset = 2 + random.int(0...33_000)
            guard offset < bytes.count - 4, bytes[offset] & 0xC0 != 0x80 else { continue }
            let naive = bytes[2..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            XCTAssertEqual(text.location(of: offset), SourceLocation(line: 2, column: naive), "offset \(offset)")
        }
    }

    /// Many short lines (LF, CR LF, lone CR, empty lines, a BOM) and a few
    /// long ones (counted from their start below 4 KB, from checkpoints
    /// above), asked in order, in reverse, in runs and at random: every
    /// location equals one counted from the start of the text.
    func testLocationsAmongManyLinesInAnyOrder() {
        var random = SeededRandom(seed: 21)
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for _ in 0..<3_000 {
            for _ in 0..<(random.chance(0.01) ? random.int(200...6_000) : random.int(0...12)) { bytes += random.chance(0.1) ? Array("é".utf8) : [UInt8(ascii: "a")] }
            bytes += random.pick([[0x0A], [0x0D, 0x0A], [0x0D], [0x0A, 0x0A]])
        }
        // Every offset's location, counted in one pass from the start.
        var expected: [SourceLocation] = Array(repeating: SourceLocation(line: 1, column: 1), count: bytes.count + 1)
        var (line, column) = (1, 1)
        for index in 3..<bytes.count {
            expected[index] = SourceLocation(line: line, column: column)
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                (line, column) = (line + 1, 1)
            } else if byte != 0x0D, byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        func naive(_ offset: Int) -> SourceLocation { expected[offset] }
        let text = SourceText(bytes: bytes)
        let starts = (3..<bytes.count).filter { bytes[$0] & 0xC0 != 0x80 && (bytes[$0] != 0x0A || bytes[$0 - 1] != 0x0D) }
        var orders: [[Int]] = [starts, starts.reversed(), (0..<600).map { _ in random.pick(starts) }]
        orders.append(stride(from: 0, to: starts.count, by: 97).flatMap { Array(starts[$0..<min($0 + 5, starts.count)]) })
        for order in orders {
            for offset in order {
                XCTAssertEqual(text.location(of: offset), naive(offset), "offset \(offset)")
            }
        }
    }

    func testCaretExcerptOfALongLineIsAWindowAroundTheSpan() {
        let line = String(repeating: "x", count: 5_000) + "TARGET" + String(repeating: "y", count: 5_000)
        let source = SourceText(line)
        let offset = 5_000
        let diagnostic = Diagnostic(rule: "r", severity: .error, message: "m", span: SourceSpan(start: offset, end: offset + 6))
        let result = LintResult(path: "p", source: source, diagnostics: [diagnostic], nodeCount: 0)
        let out = TextReporter(showSource: true).report([result]).split(separator: "\n")
        XCTAssertLessThan(out[1].count, 200)
        let caret = out[2].firstIndex(of: "^")!
        let column = out[2].distance(from: out[2].startIndex, to: caret)
        let shown = Array(out[1])
        XCTAssertEqual(String(shown[column..<(column + 6)]), "TARGET")
        XCTAssertTrue(out[2].hasSuffix(" ^~~~~~"), String(out[2].suffix(12)))
    }

    /// A byte order mark is not counted in the first line's columns (editors skip
    /// it), whatever order the locations are asked in.
    func testByteOrderMarkIsNotAColumn() {
        let text = SourceText("\u{FEFF}ab: 1\ncd: 2")
        XCTAssertEqual(text.location(of: 0), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(text.location(of: 3), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(text.location(of: 5), SourceLocation(line: 1, column: 3))
        XCTAssertEqual(text.location(of: 9), SourceLocation(line: 2, column: 1))
        XCTAssertEqual(text.location(of: 11), SourceLocation(line: 2, column: 3))
        let fresh = SourceText("\u{FEFF}ab: 1\ncd: 2")
        XCTAssertEqual(fresh.location(of: 5), SourceLocation(line: 1, column: 3))
        XCTAssertEqual(fresh.location(of: 1), SourceLocation(line: 1, column: 2), "inside the mark")
        XCTAssertEqual(fresh.location(of: 6), SourceLocation(line: 1, column: 4))
        XCTAssertEqual(fresh.lineText(1), "ab: 1")
        XCTAssertEqual(fresh.lineText(2), "cd: 2")
    }
}

/// Where each line starts, read a byte at a time: after an LF, or after a CR no LF follows.
private func lineStartsCountedByteByByte(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (index, byte) in bytes.enumerated() {
        if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { starts.append(index + 1) }
    }
    return starts
}
