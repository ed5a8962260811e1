import XCTest
@testable import HitLintKit

/// Captures what a command writes.
final class CapturedOutput: CommandOutput {
    var isTerminal = false
    var environment: [String: String] = [:]
    var standardOutput = ""
    var standardError = ""

    func write(_ text: String) { standardOutput += text }
    func writeError(_ text: String) { standardError += text }
}

enum TestSupport {
    /// The package root, found from this file's path.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func lint(_ text: String, format: SourceFormat = .yaml, arguments: [String] = []) throws -> LintResult {
        let parsed = try Arguments(parsing: arguments + ["x"])
        let options = try HitLintCommand.lintOptions(parsed)
        return Linter(options: options).lint(source: SourceText(text), format: format, path: "example.\(format.rawValue)")
    }

    static func layout(_ text: String, format: SourceFormat = .yaml) throws -> (Layout, [Diagnostic]) {
        let document = try format.parse(SourceText(text))
        return LayoutBuilder.build(document)
    }
}

/// A small deterministic generator (SplitMix64), so every run sees the same layouts.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 1_000_000) / 1_000_000 < probability
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

