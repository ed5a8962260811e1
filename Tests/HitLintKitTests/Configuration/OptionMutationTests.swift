import Foundation
import XCTest
@testable import HitLintKit

/// Seeded random command lines and `.hitlint.yml` files (the in-CI cousin of
/// `make fuzz FUZZ_TARGET=options`, which checks the parsers alone): each
/// mutant is run through the whole command, in process, in a folder of its
/// own, and must end with exit 0, 1 or 2, never a crash or a hang, a refusal
/// saying why; each configuration is also parsed directly, and a mistake is
/// located inside the file. Same seed, same mutants: a failure names its number.
final class OptionMutationTests: XCTestCase {
    /// Values each option is given: mostly good ones, and the mistakes people make.
    static let values: [String: [String]] = [
        "--format": ["json", "sarif", "github", "junit", "text", "markdown"],
        "--profile": ["ios", "android", "wcag-aa", "tvos", "iso"],
        "--min-size": ["9mm", "44pt", "48DP", "0.5 px", "44", "0x1p3pt", "1e1pt", "-3pt"],
        "--platform": ["uikit", "android", "web", "ios"],
        "--input": ["touch", "pointer", "mouse"],
        "--rule": ["target-size=off", "dead-gap=error", "invalid-layout=warning", "x=y", "target-size"],
        "--color": ["auto", "always", "never", "sometimes"],
        "--from": ["auto", "hitlint", "sentry", "figma", "xml"],
        "--scale": ["2.625", "0", "-1", "many"],
        "--output": ["out.json", "/dev/null", "a.yaml", "Layouts/out.json"],
        "--config": [".hitlint.yml", "missing.yml", "a.yaml"],
        "--max-warnings": ["0", "3", "-1", "many"],
        "--baseline": ["baseline.json", "missing.json", "a.yaml"],
        "--write-baseline": ["baseline.json", "out.json", "b.json"],
        "--jobs": ["1", "2", "0"],
        "--stdin-filename": ["x.yaml", "x.txt"],
        "--stdin-format": ["yaml", "json", "toml"],
        "--render-dir": ["pages"],
        "--screenshot": ["shot.png"],
        "-o": ["out.svg", "out.html", "out.txt"],
    ]
    static let flags = Arguments.options.filter { !$0.takesValue }.map(\.name) + ["--unknown", "--"]
    static let paths = ["a.yaml", "./a.yaml", "b.json", "Layouts", "Layouts/c.yaml", "missing.yaml", ".", "-"]
    /// (Not `server`, which reads standard input until it closes.)
    static let subcommands = ["lint", "rules", "explain", "render", "init", "parse", "target-size", "--help", "--version"]

    /// Configurations to start from: every setting the template shows, and mistakes.
    static let configurations: [String] = [
        ConfigurationTemplate.text,
        """
        profile: ios
        platform: uikit
        input: touch
        include: ["**/*.yaml", "*.json"]
        exclude: ["**/Generated/**"]
        rules:
          dead-gap: { severity: warning, minGap: 2pt, maxGap: 22pt }
          target-size: { severity: error, minSize: 9mm, spacingException: true }
          overlapping-hit-areas: warning
          excessive-hit-expansion: { maxExpansion: 30pt }
        figmaTargets: ["Tile", "Card *"]
        """,
        "{\"rules\": {\"target-size\": {\"minSize\": \"48dp\"}, \"dead-gap\": \"off\"}, \"include\": \"*.json\"}",
        "rules:\n  dead-gap: {minGap: 1.5 mm, maxGap: 0.5mm}\n  target-size: {minSize: 44}\n",
    ]

    static let structural = Array("{}[],:\"'-#\n \t".utf8)

    /// A command line: a subcommand now and then, up to four options (most
    /// with a value of their own, some `--name=value`), one or two paths, and
    /// now and then a character changed.
    static func commandLine(_ random: inout SeededRandom) -> [String] {
        var line: [String] = []
        if random.chance(0.15) { line.append(random.pick(subcommands)) }
        for _ in 0..<random.int(0...4) {
            if random.chance(0.3) {
                line.append(random.pick(flags))
                continue
            }
            let option = random.pick(values.keys.sorted())
            let value = random.pick(values[option]!)
            line += random.chance(0.2) && option.hasPrefix("--") ? [option + "=" + value] : [option, value]
        }
        for _ in 0..<random.int(1...2) { line.append(random.pick(paths)) }
        let index = random.int(0...(line.count - 1))
        if random.chance(0.1), !line[index].isEmpty {
            var characters = Array(line[index])
            let position = random.int(0...(characters.count - 1))
            switch random.int(0...2) {
            case 0: characters.remove(at: position)
            case 1: characters.insert(Character(Unicode.Scalar(UInt8(random.int(32...126)))), at: position)
            default: characters[position] = characters[position] == "-" ? "_" : "-"
            }
            line[index] = String(characters)
        }
        return line
    }

    /// A configuration with up to three edits: bytes changed, deleted, or a structural character inserted.
    static func configuration(_ random: inout SeededRandom) -> [UInt8] {
        var bytes = Array(random.pick(configurations).utf8)
        for _ in 0..<(random.chance(0.5) ? 0 : random.int(1...3)) {
            let position = random.int(0...bytes.count)
            switch random.int(0...3) {
            case 0 where position < bytes.count: bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1 where position < bytes.count: bytes.removeSubrange(position..<min(bytes.count, position + random.int(1...6)))
            default: bytes.insert(random.pick(structural), at: position)
            }
        }
        return bytes
    }

    func testMutatedCommandLinesAndConfigurationsEndInAnExitCode() throws {
        var random = SeededRandom(seed: 33)
        let folder = try TemporaryFolder()
        var statuses: [Int32: Int] = [:]
        for number in 0..<400 {
            // The same files each time: `--fix`, `init` and outputs change them.
            try? FileManager.default.removeItem(atPath: folder.path)
            try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
            try folder.write("a.yaml", Layouts.small)
            try folder.write("b.json", "{\"root\": {\"frame\": [0, 0, 10, 10]}}")
            try folder.write("Layouts/c.yaml", Layouts.gap)
            let configuration = Self.configuration(&random)
            if random.chance(0.7) { try Data(configuration).write(to: folder.url.appendingPathComponent(".hitlint.yml")) }
            let line = Self.commandLine(&random)
            let context = "mutant \(number): \(line) with \(String(decoding: configuration, as: UTF8.self).debugDescription)"
            let run = runCommand(line, in: folder.path)
            XCTAssertTrue([0, 1, 2].contains(run.status), context)
            statuses[run.status, default: 0] += 1
            if run.status == 2 { XCTAssertTrue(run.error.contains("hitlint: "), "a refusal says why: \(context)\n\(run.error)") }

            for format in [SourceFormat.yaml, .json] {
                let source = SourceText(bytes: configuration)
                do {
                    _ = try Configuration.parse(source, format: format, path: ".hitlint.yml", folder: folder.path)
                } catch {
                    XCTAssertFalse(error.message.isEmpty, context)
                    if let location = error.location {
                        XCTAssertTrue(location >= SourceLocation(line: 1, column: 1) && location <= source.location(of: configuration.count),
                                      "\(format) error at \(location), outside the file: \(context)")
                    }
                }
            }
        }
        // Not all refused, nor all accepted: the mutants reach the lint and the checks both.
        XCTAssertGreaterThan(statuses[0, default: 0] + statuses[1, default: 0], 40, "\(statuses)")
        XCTAssertGreaterThan(statuses[2, default: 0], 40, "\(statuses)")
    }
}
