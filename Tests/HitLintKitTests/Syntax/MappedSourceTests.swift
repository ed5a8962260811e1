import Foundation
import XCTest
@testable import HitLintKit

/// Large inputs are mapped, not read (`InputFileReader.readSource`), and their
/// pages are given back between stages (`SourceBytes.dropResidentPages`). A
/// mapped file must read, lint, locate and fix exactly as the same bytes in an
/// array, however often its pages were dropped.
final class MappedSourceTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.url.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func mapped(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> SourceBytes? {
        guard case .success(let bytes) = InputFileReader.readSource(path, mappingFrom: 0) else {
            XCTFail("\(path) not read", file: file, line: line)
            return nil
        }
        return bytes
    }

    func testMappedBytesReadAsWrittenAfterTheirPagesAreDropped() throws {
        var random = SeededRandom(seed: 11)
        for size in [1, 4_095, 4_096, 4_097, 200_003] {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            guard let source = mapped(try write("f\(size).bin", bytes)) else { return }
            XCTAssertTrue(source.isMapped, "\(size) bytes")
            XCTAssertEqual(source.array, bytes, "\(size) bytes")
            source.dropResidentPages(1..<size)
            source.dropResidentPages()
            XCTAssertEqual(Array(source), bytes, "\(size) bytes, after dropping")
            XCTAssertEqual(Array(source[(size / 3)..<size]), Array(bytes[(size / 3)...]))
            XCTAssertEqual(source.last, bytes.last)
        }
        // An empty file cannot be mapped and is read; a small one is read by default.
        guard case .success(let empty) = InputFileReader.readSource(try write("empty.json", []), mappingFrom: 0) else {
            return XCTFail("empty file not read")
        }
        XCTAssertFalse(empty.isMapped)
        XCTAssertEqual(empty.count, 0)
        guard case .success(let small) = InputFileReader.readSource(try write("small.json", Array("{}".utf8))) else {
            return XCTFail("small file not read")
        }
        XCTAssertFalse(small.isMapped, "below the threshold, a file is read")
        XCTAssertEqual(small.array, Array("{}".utf8))
    }

    /// A patched copy checked for a mapped file is mapped from a temporary file
    /// (`FileMapping.temporaryCopy`): it reads back as written, after its pages
    /// are dropped, and the file is gone from the temporary folder at once.
    func testATemporaryCopyReadsAsWrittenAndLeavesNoFile() throws {
        var random = SeededRandom(seed: 17)
        let temporary = FileManager.default.temporaryDirectory.path
        func leftovers() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.filter { $0.hasPrefix("hitlint-fix-check-") } ?? []
        }
        let before = leftovers()
        for size in [1, 4_096, 5 << 20] {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            guard let mapping = bytes.withUnsafeBufferPointer(FileMapping.temporaryCopy) else {
                return XCTFail("\(size) bytes not copied to \(temporary)")
            }
            XCTAssertEqual(leftovers(), before, "the temporary file is removed once mapped")
            let source = SourceBytes(mapping)
            XCTAssertTrue(source.isMapped)
            source.dropResidentPages()
            XCTAssertEqual(source.array, bytes, "\(size) bytes")
        }
        XCTAssertNil([UInt8]().withUnsafeBufferPointer(FileMapping.temporaryCopy), "nothing to map")
    }

    /// A mapped layout of more than 4 MiB read streamed gives its pages back
    /// while it is parsed, and its fixes are checked on patched copies that are
    /// mapped too (their pages given back as they are made and built): the
    /// same diagnostics, verdicts and locations as the bytes in an array.
    func testALargeMappedLayoutReadStreamedLintsAsAnArray() throws {
        var layout = #"{"root": {"id": "screen", "frame": [0, 0, 8000, 8000], "children": ["#
        let padding = String(repeating: "x", count: 420)
        for index in 0..<12_000 {
            let (x, y) = (index % 100 * 80, index / 100 * 60)
            layout += (index == 0 ? "" : ",\n") + #"{"id": "b\#(index)-\#(padding)", "type": "button", "frame": [\#(x), \#(y), \#(30 + index % 20), 40]}"#
        }
        layout += "]}}\n"
        let bytes = Array(layout.utf8)
        XCTAssertGreaterThan(bytes.count, 5 << 20)
        guard let source = mapped(try write("large.json", bytes)) else { return }
        func lint(_ source: SourceBytes) -> [Diagnostic] {
            var options = LintOptions()
            options.run.streamingFrom = 0
            options.fixChecking = .checked
            return Linter(options: options).lint(source: SourceText(bytes: source), format: .json, path: "f").diagnostics
        }
        let expected = lint(SourceBytes(bytes))
        XCTAssertEqual(lint(source), expected)
        XCTAssertGreaterThan(expected.filter { $0.fix?.edits.isEmpty == false }.count, 1_000, "fixes were checked and kept")
    }

    /// Through the command's reader: a file of 16 MiB or more is mapped, one
    /// byte less is read; the mapping is registered for the SIGBUS handler while
    /// it lives, and no longer once it is gone.
    func testLargeFilesAreMappedAndRegistered() throws {
        let threshold = InputFileReader.mappingThreshold
        XCTAssertEqual(threshold, 16 << 20)
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: threshold)
        let large = try write("large.json", bytes)
        let small = try write("small.json", Array(bytes.dropLast()))
        guard case .success(let below) = InputFileReader.readSource(small) else { return XCTFail("not read") }
        XCTAssertFalse(below.isMapped)
        var address: UInt = 0
        do {
            guard case .success(let mapped) = InputFileReader.readSource(large) else { return XCTFail("not read") }
            XCTAssertTrue(mapped.isMapped)
            XCTAssertTrue(TruncationHandler.isInstalled)
            address = mapped.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            XCTAssertTrue(LiveMappings.contains(address))
            XCTAssertTrue(LiveMappings.contains(address + UInt(threshold) - 1))
            XCTAssertFalse(LiveMappings.contains(address + UInt(threshold)))
            XCTAssertEqual(mapped.count, threshold)
        }
        XCTAssertFalse(LiveMappings.contains(address), "unmapped, and its slot freed")
    }

    #if os(Linux)
    /// The resident size of the mapping of `path` in this process, from /proc/self/smaps.
    private func residentKilobytes(of path: String) -> Int? {
        // Foundation reads a file by its size, and /proc says 0.
        guard case .success(let bytes) = InputFileReader.read("/proc/self/smaps") else { return nil }
        let smaps = String(decoding: bytes, as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            // A mapping's header: "7ff8bd000000-7ff8bd7cf000 r--s 00000000 fe:00 16220984   /path".
            if line.first?.isHexDigit == true, line.contains("-"), line.split(separator: " ").count >= 5 {
                inMapping = line.hasSuffix(path)
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1])
            }
        }
        return nil
    }

    /// Dropping really gives the pages back: read whole, the mapping is resident;
    /// dropped, it is not; read again, it is again.
    func testDroppedPagesLeaveTheProcess() throws {
        let bytes = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try write("resident.bin", bytes)
        guard let source = mapped(path) else { return }
        let sum = { source.withUnsafeBufferPointer { $0.reduce(0) { $0 &+ Int($1) } } }
        let expected = sum()
        let read = try XCTUnwrap(residentKilobytes(of: path))
        XCTAssertGreaterThan(read, 7 << 10, "read whole: about 8 MB resident")
        source.dropResidentPages()
        let dropped = try XCTUnwrap(residentKilobytes(of: path))
        XCTAssertLessThan(dropped, 1 << 10, "dropped: next to nothing resident")
        XCTAssertEqual(sum(), expected)
        XCTAssertGreaterThan(try XCTUnwrap(residentKilobytes(of: path)), 7 << 10)
        // Reads in the same window are counted once, and the pages stay
        // while no more windows than `windowsKept` have been read.
        for offset in stride(from: 0, to: 1 << 16, by: 64) { source.noteScatteredRead(at: offset) }
        let kept = FileMapping.windowsKept
        for window in 1..<kept { source.noteScatteredRead(at: window << 16) }
        XCTAssertGreaterThan(try XCTUnwrap(residentKilobytes(of: path)), 7 << 10)
        // One window more gives the pages back.
        source.noteScatteredRead(at: kept << 16)
        XCTAssertLessThan(try XCTUnwrap(residentKilobytes(of: path)), 1 << 10)
    }

    /// Naming each finding's node reads its id out of the file again, and a
    /// report reads each finding's line to count its column: both are
    /// scattered reads, so a large mapped file's pages go back every so
    /// often (about 1 MB of windows comes back) instead of the whole file
    /// coming back into memory beside the findings. 3,000 small buttons
    /// 12 KB apart: 36 MB, each a finding whose window of pages comes back.
    func testNamingAndLocatingFindingsKeepsLittleOfTheFileResident() throws {
        var layout = #"{"root": {"id": "screen", "frame": [0, 0, 6000, 6000], "children": ["#
        let gap = String(repeating: String(repeating: " ", count: 63) + "\n", count: 192)
        for index in 0..<3_000 {
            let (x, y) = (index % 60 * 100, index / 60 * 100)
            layout += (index == 0 ? "" : ",") + gap + #"{"id": "b\#(index)", "type": "button", "frame": [\#(x), \#(y), 20, 20]}"#
        }
        layout += "]}}\n"
        let path = try write("spread.json", Array(layout.utf8))
        guard let source = mapped(path) else { return }
        // As the text report lints: fixes neither written nor checked, so
        // nothing but naming reads the nodes again.
        var options = LintOptions()
        options.run.streamingFrom = 0
        options.run.writesFixes = false
        options.fixChecking = .unchecked
        let result = Linter(options: options).lint(source: SourceText(bytes: source), format: .json, path: "f")
        XCTAssertEqual(result.diagnostics.filter { $0.rule == TargetSizeRule.id }.count, 3_000)
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.rule != TargetSizeRule.id || $0.message.contains("'b") }, "named by their ids")
        let limit = 8 << 10
        XCTAssertLessThan(try XCTUnwrap(residentKilobytes(of: path)), limit, "after the rules named 3,000 nodes")
        let lines = result.diagnostics.map { result.location($0).start.line }
        XCTAssertEqual(lines.count, result.diagnostics.count)
        XCTAssertLessThan(try XCTUnwrap(residentKilobytes(of: path)), limit, "after locating every finding")
    }
    #endif

    /// The line table of a mapped file is built a block (4 MiB) at a time,
    /// giving each block back: line ends on either side of a block's edge, a
    /// CR LF split across it, and lone CRs, must give the table of the array.
    func testLineTableAcrossScanBlocks() throws {
        var random = SeededRandom(seed: 12)
        var bytes: [UInt8] = []
        let block = 4 << 20
        while bytes.count < 2 * block + 5_000 {
            let length = Int(random.next() % 300)
            bytes += (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
            switch random.next() % 10 {
            case 0: bytes += [0x0D]
            case 1, 2: bytes += [0x0D, 0x0A]
            default: bytes += [0x0A]
            }
        }
        // CR LF split by the first block's edge; a lone CR ending the second block.
        bytes[block - 1] = 0x0D
        bytes[block] = 0x0A
        bytes[2 * block - 1] = 0x0D
        bytes[2 * block] = UInt8(ascii: "x")
        guard let source = mapped(try write("lines.txt", bytes)) else { return }
        let mappedText = SourceText(bytes: source)
        let arrayText = SourceText(bytes: bytes)
        let (mappedStarts, arrayStarts) = (mappedText.lineStarts, arrayText.lineStarts)
        let difference = zip(mappedStarts, arrayStarts).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        XCTAssertTrue(mappedStarts == arrayStarts, "lines \(mappedStarts.count) and \(arrayStarts.count); "
            + "first different start: line \(difference.map { String($0 + 1) } ?? "-")")
        XCTAssertTrue(mappedText.lineStarts.contains(block + 1) && !mappedText.lineStarts.contains(block))
        XCTAssertTrue(mappedText.lineStarts.contains(2 * block))
        for offset in [0, 17, block - 1, block, block + 1, 2 * block - 1, 2 * block, bytes.count] {
            XCTAssertEqual(mappedText.location(of: offset), arrayText.location(of: offset), "offset \(offset)")
        }
    }

    /// One long (minified) line: its column checkpoints are counted a block at a time too.
    func testColumnsOnALongLine() throws {
        var random = SeededRandom(seed: 13)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(9 << 20)
        while bytes.count < 9 << 20 {
            if random.next() % 7 == 0 { bytes += [0xC3, 0xA9] } else { bytes.append(UInt8(ascii: "a")) }  // é or a
        }
        guard let source = mapped(try write("long.txt", bytes)) else { return }
        let mappedText = SourceText(bytes: source)
        let arrayText = SourceText(bytes: bytes)
        for offset in [bytes.count - 1, 5, 4 << 20, (4 << 20) + 3, 8 << 20, bytes.count / 2] {
            XCTAssertEqual(mappedText.location(of: offset), arrayText.location(of: offset), "offset \(offset)")
        }
    }

    private func lint(_ source: SourceBytes, format: SourceFormat, verify: Bool) -> (diagnostics: [Diagnostic], locations: [String]) {
        var options = LintOptions()
        options.fixChecking = verify ? .checked : .unchecked
        let result = Linter(options: options).lint(source: SourceText(bytes: source), format: format, path: "f")
        let locations = result.diagnostics.map { diagnostic in
            let (start, end) = result.location(diagnostic)
            let edits = (diagnostic.fix?.edits ?? []).map { edit in
                "\(result.source.location(of: edit.span.start))-\(result.source.location(of: edit.span.end))"
            }
            return "\(start)-\(end) \(edits)"
        }
        return (result.diagnostics, locations)
    }

    /// Every example and fixture layout, and a layout with hundreds of
    /// diagnostics (each reads its node again; the pages are dropped every 256
    /// such reads, on whichever thread): mapped or in an array, the same
    /// diagnostics, fixes, verdicts on fixes and locations.
    func testMappedLayoutsLintAsArrays() throws {
        var files: [URL] = []
        for folderName in ["Examples", "Tests/HitLintKitTests/Fixtures"] {
            let root = TestSupport.packageRoot.appendingPathComponent(folderName)
            let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            files += found.filter { ["json", "yaml", "yml"].contains($0.pathExtension) }
        }
        XCTAssertGreaterThan(files.count, 20)
        var grid = #"{"root": {"id": "screen", "frame": [0, 0, 4000, 4000], "children": ["#
        for index in 0..<900 {
            let (x, y) = (index % 30 * 100, index / 30 * 100)
            grid += (index == 0 ? "" : ",\n") + #"{"id": "b\#(index)", "type": "button", "frame": [\#(x), \#(y), \#(30 + index % 20), 40]}"#
        }
        grid += "]}}\n"
        var inputs = try files.map { ($0.lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
        inputs.append(("grid.json", Array(grid.utf8)))
        // Enough nodes for the rules to run on several threads (RuleContext.concurrentMinimumNodes),
        // each reading nodes again for its diagnostics.
        var large = #"{"root": {"id": "screen", "frame": [0, 0, 20000, 20000], "children": ["#
        for index in 0..<(RuleContext.concurrentMinimumNodes + 100) {
            let (x, y) = (index % 150 * 120, index / 150 * 120)
            large += (index == 0 ? "" : ",\n")
                + #"{"id": "b\#(index)", "type": "button", "frame": [\#(x), \#(y), \#(30 + index % 20), \#(40 + index % 7)], "hitInsets": -\#(index % 50)}"#
        }
        large += "]}}\n"
        inputs.append(("large.json", Array(large.utf8)))
        var checked = 0
        for (name, bytes) in inputs {
            guard let format = SourceFormat(path: name), !bytes.isEmpty else { continue }
            guard let source = mapped(try write(name, bytes)) else { return }
            // Checking the fixes of 20,000 nodes is slow in a debug build, and grid.json checks it.
            for verify in name == "large.json" ? [false] : [false, true] {
                let expected = lint(SourceBytes(bytes), format: format, verify: verify)
                let actual = lint(source, format: format, verify: verify)
                XCTAssertEqual(actual.diagnostics, expected.diagnostics, "\(name), verifying fixes: \(verify)")
                XCTAssertEqual(actual.locations, expected.locations, "\(name), verifying fixes: \(verify)")
                if name == "grid.json" { XCTAssertGreaterThan(expected.diagnostics.count, 600) }
                if name == "large.json" { XCTAssertGreaterThan(expected.diagnostics.count, 5_000) }
            }
            checked += 1
        }
        XCTAssertEqual(checked, inputs.count)
    }
}
