import Foundation
import XCTest
@testable import HitLintKit

/// A bounded, seeded mutation run over the examples (the in-CI cousin of
/// `make fuzz`): byte flips, deletions, insertions of structural characters and
/// indentation, and splices between files. Every mutant, linted in process
/// through the command line, must end in exit 0 or 1 with a well-formed report,
/// in text and in JSON (parsed back with Foundation, not with our own parser);
/// `--fix` on a mutant must leave either the original bytes or a file that
/// parses. Same seed, same mutants: a failure names the mutant's number.
final class MutationTests: XCTestCase {
    /// The layouts and captures in Examples/, as (extension, bytes).
    static let seeds: [(format: SourceFormat, bytes: [UInt8])] = {
        let root = TestSupport.packageRoot.appendingPathComponent("Examples")
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
        return paths.compactMap { path in
            guard let format = SourceFormat(path: path),
                  let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { return nil }
            return (format, [UInt8](data))
        }
    }()

    static let structural = Array("{}[],:\"'-#\n".utf8)
    static let words = ["0", "-20", "44", "1e999", "-0.5", "400", "1e-9", "12345678901234567890", "true", "false",
                        "null", "button", "stack", "imageView", "horizontal", "center", "px", "mm", "web", "android",
                        "pointer", "absolute", "hitInsets", "hitSlop", "children", "frame", "size", "id", "root", "all"]
    static let indentation = ["  ", "    ", "\n  ", "\n    - ", "\n- ", "\t", "\r\n"].map { Array($0.utf8) }

    /// One to four edits of one seed, or a splice of two.
    static func mutant(_ random: inout SeededRandom) -> (format: SourceFormat, bytes: [UInt8]) {
        let seed = random.pick(seeds)
        var bytes = seed.bytes
        if random.chance(0.2) {
            // Splice: the head of one file and the tail of another (or a slice of it inserted).
            let other = random.pick(seeds).bytes
            let cut = random.int(0...bytes.count)
            let from = random.int(0...other.count)
            if random.chance(0.5) {
                bytes = Array(bytes[..<cut]) + Array(other[from...])
            } else {
                let to = min(other.count, from + random.int(1...200))
                bytes.insert(contentsOf: other[from..<to], at: cut)
            }
        }
        for _ in 0..<random.int(1...3) {
            let position = random.int(0...bytes.count)
            switch random.int(0...7) {
            case 0 where position < bytes.count:
                bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1 where position < bytes.count:
                bytes[position] ^= 1 << UInt8(random.int(0...7))
            case 2 where position < bytes.count:
                bytes.removeSubrange(position..<min(bytes.count, position + random.int(1...8)))
            case 3:
                bytes.insert(random.pick(structural), at: position)
            case 4:
                bytes.insert(contentsOf: random.pick(indentation), at: position)
            default:
                // A word or number swapped for another one: mostly still a valid file,
                // so the layout stage, the rules and the fixes see the mutant too.
                let isWord = { (byte: UInt8) in byte.isLetter || byte.isDigit || byte == UInt8(ascii: ".") }
                guard let start = bytes[min(position, bytes.count)...].firstIndex(where: isWord) else { break }
                let end = bytes[start...].firstIndex { !isWord($0) && $0 != UInt8(ascii: "-") } ?? bytes.count
                bytes.replaceSubrange(start..<end, with: random.pick(words).utf8)
            }
        }
        return (seed.format, bytes)
    }

    /// `path:line:col: severity: message [rule]` — one line per diagnostic.
    static let diagnosticLine = try! NSRegularExpression(
        pattern: #"^mutant\.(json|yaml|xml):[1-9][0-9]*:[1-9][0-9]*: (error|warning|note): .+ \[[a-z-]+\]$"#)
    static let summaryLine = try! NSRegularExpression(
        pattern: #"^[0-9]+ errors?, [0-9]+ warnings?(, [0-9]+ infos?)?(, [0-9]+ fixable)? in 1 file$"#)

    static func matches(_ expression: NSRegularExpression, _ line: String) -> Bool {
        expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    func testMutantsEndInExitZeroOrOneWithWellFormedReports() throws {
        XCTAssertGreaterThan(Self.seeds.count, 15, "the examples were not found")
        var random = SeededRandom(seed: 0x5EED_0007)
        var outcomes = [Int32: Int]()
        var invalid = 0
        for number in 0..<2000 {
            let (format, bytes) = Self.mutant(&random)
            let name = "mutant.\(format.rawValue)"
            let context = "mutant \(number) (\(format)): \(String(decoding: bytes.prefix(120), as: UTF8.self))"

            let text = runCommand(["--stdin-filename", name, "-"], bytes: bytes)
            XCTAssertTrue(text.status == 0 || text.status == 1, "exit \(text.status): \(text.error) — \(context)")
            XCTAssertEqual(text.error, "", context)
            let lines = text.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(lines.last, "", "the report ends with a line break — \(context)")
            XCTAssertTrue(lines.count >= 2 && Self.matches(Self.summaryLine, lines[lines.count - 2]),
                          "no summary line — \(context)\n\(text.output)")
            for line in lines.dropLast(2) {
                XCTAssertTrue(Self.matches(Self.diagnosticLine, line), "malformed line '\(line)' — \(context)")
            }
            outcomes[text.status, default: 0] += 1

            let json = runCommand(["--format", "json", "--stdin-filename", name, "-"], bytes: bytes)
            XCTAssertEqual(json.status, text.status, context)
            let report = try XCTUnwrap(try? JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any],
                                       "the JSON report does not parse — \(context)\n\(json.output)")
            XCTAssertEqual(report["version"] as? Int, 1, context)
            let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]], context)
            let summary = try XCTUnwrap(report["summary"] as? [String: Int], context)
            let errors = diagnostics.filter { $0["severity"] as? String == "error" }.count
            XCTAssertEqual(summary["errors"], errors, context)
            XCTAssertEqual(json.status, errors > 0 ? 1 : 0, "the exit code follows the errors — \(context)")
            XCTAssertEqual(diagnostics.count, lines.count - 2, "text and JSON list the same diagnostics — \(context)")
            for diagnostic in diagnostics {
                for key in ["line", "column", "endLine", "endColumn"] {
                    XCTAssertGreaterThanOrEqual(diagnostic[key] as? Int ?? 0, 1, "\(key) — \(context)")
                }
                XCTAssertNotNil(diagnostic["message"] as? String, context)
                XCTAssertNotNil(diagnostic["rule"] as? String, context)
            }
            if diagnostics.contains(where: { $0["rule"] as? String == RuleID.invalidLayout }) { invalid += 1 }
        }
        // The mutants reach past the parsers: some are clean, some fail the rules, some are broken.
        XCTAssertGreaterThan(outcomes[0, default: 0] + outcomes[1, default: 0], 0)
        XCTAssertGreaterThan(invalid, 200)
        XCTAssertGreaterThan(2000 - invalid, 200, "many mutants should be valid layouts, for the rules and fixes")
    }

    /// `--fix` on mutants: never a crash or a throw; the file ends as it was, or
    /// fixed into a file that parses and is still a valid layout.
    func testFixOnMutantsLeavesTheOriginalOrAParseableFile() throws {
        let folder = try TemporaryFolder()
        var random = SeededRandom(seed: 0xF1C5)
        var changed = 0
        for number in 0..<200 {
            var (format, bytes) = Self.mutant(&random)
            // Half of them start from a file with something to fix.
            if number % 2 == 0 { (format, bytes) = Self.fixableMutant(&random) }
            let name = "mutant-\(number).\(format.rawValue)"
            let path = folder.path + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let context = "mutant \(number) (\(format)): \(String(decoding: bytes.prefix(120), as: UTF8.self))"
            let run = runCommand(["--fix", path])
            XCTAssertTrue(run.status == 0 || run.status == 1, "exit \(run.status): \(run.error) — \(context)")
            let after = try XCTUnwrap(FileManager.default.contents(atPath: path).map { [UInt8]($0) }, context)
            if after != bytes {
                changed += 1
                XCTAssertNoThrow(try format.parse(SourceText(bytes: after)), "--fix wrote a file that does not parse — \(context)")
                let relint = Linter().lint(source: SourceText(bytes: after), format: format, path: name)
                XCTAssertFalse(relint.diagnostics.contains { $0.rule == RuleID.invalidLayout },
                               "--fix made the layout invalid — \(context)")
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".hitlint-") }
            XCTAssertEqual(leftovers, [], "no temporary file is left behind — \(context)")
        }
        XCTAssertGreaterThan(changed, 30, "the mutants should give --fix something to do")
    }

    /// A mutant that keeps the file valid: a number in the layout changed.
    static let fixableSeeds = seeds.filter { seed in
        var options = LintOptions()
        options.fixChecking = .checked
        let result = Linter(options: options).lint(source: SourceText(bytes: seed.bytes), format: seed.format, path: "seed")
        return result.fileKind == .hitlint && result.diagnostics.contains { !($0.fix?.edits.isEmpty ?? true) }
    }

    static func fixableMutant(_ random: inout SeededRandom) -> (format: SourceFormat, bytes: [UInt8]) {
        let seed = random.pick(fixableSeeds)
        var bytes = seed.bytes
        let digits = bytes.indices.filter { bytes[$0] >= UInt8(ascii: "1") && bytes[$0] <= UInt8(ascii: "9") }
        for _ in 0..<random.int(0...2) where !digits.isEmpty {
            bytes[random.pick(digits)] = UInt8(ascii: "1") + UInt8(random.int(0...8))
        }
        return (seed.format, bytes)
    }

    private func runCommand(_ arguments: [String], bytes: [UInt8]) -> (status: Int32, output: String, error: String) {
        let output = CapturedOutput()
        output.standardInput = bytes
        let status = HitLintCommand.run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }
}

private extension UInt8 {
    var isLetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
