import Foundation
import XCTest
@testable import HitLintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Captures what a command writes.
final class CapturedOutput: CommandOutput {
    var isTerminal = false
    var environment: [String: String] = [:]
    var currentDirectory = FileManager.default.currentDirectoryPath
    /// What `-` reads; nil: standard input cannot be read.
    var standardInput: [UInt8]?
    /// `-` reads this process's own standard input, as the executable does.
    var readsProcessStandardInput = false
    var standardOutput = ""
    var standardError = ""

    func write(_ text: String) { standardOutput += text }
    func writeError(_ text: String) { standardError += text }
    func readStandardInput() -> Result<[UInt8], InputFileReader.Failure> {
        if readsProcessStandardInput { return InputFileReader.readStandardInput() }
        return standardInput.map { .success($0) } ?? .failure(InputFileReader.Failure(message: "cannot read standard input (bad file descriptor)"))
    }
}

enum TestSupport {
    /// The package root, found from this file's path.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func lint(_ text: String, format: SourceFormat = .yaml, arguments: [String] = []) throws -> LintResult {
        let parsed = try Arguments(parsing: arguments + ["x"])
        let options = try parsed.lintOptions.resolved()
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


/// A temporary folder for one test, removed afterwards.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes a file (making folders) and returns its absolute path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }
}

/// Small layouts the command tests share.
enum Layouts {
    /// One 30×30 button: a target-size error.
    static let small = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: play, type: button, frame: [10, 10, 30, 30]}]}\n"
    /// One 44×44 button: clean.
    static let clean = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: ok, type: button, frame: [10, 10, 44, 44]}]}\n"
    /// Two buttons of a stack 6 pt apart: one dead-gap warning.
    static let gap = """
    root:
      id: screen
      frame: [0, 0, 390, 844]
      children:
        - {id: bar, type: stack, axis: horizontal, spacing: 6, frame: [0, 0, 94, 44], children: [{id: a, type: button, size: [44, 44]}, {id: b, type: button, size: [44, 44]}]}

    """
    /// `row1`'s fix (extend its hit area over `t`'s) would make `row1` take
    /// touches from `below`: checking strips its edits. `small`'s fix passes.
    static let fixTakenAway = """
    root:
      frame: [0, 0, 390, 844]
      children:
        - id: row2
          frame: [0, 60, 390, 60]
          children:
            - {id: below, type: button, frame: [10, 0, 60, 44]}
        - id: row1
          frame: [0, 0, 390, 60]
          children:
            - {id: t, type: button, frame: [10, 8, 60, 48], hitInsets: [-8, -8, -8, -8]}
        - {id: small, type: button, frame: [200, 300, 30, 30]}
    """
}

extension XCTestCase {
    /// Runs the command in process, in `folder` when given.
    func runCommand(_ arguments: [String], in folder: String? = nil, standardInput: String? = nil,
                    terminal: Bool = false, environment: [String: String] = [:]) -> (status: Int32, output: String, error: String) {
        let output = CapturedOutput()
        if let folder { output.currentDirectory = folder }
        output.standardInput = standardInput.map { Array($0.utf8) }
        output.isTerminal = terminal
        output.environment = environment
        let status = HitLintCommand.run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    /// Compares with a checked-in file under Fixtures/, or rewrites it when
    /// HITLINT_UPDATE_EXPECTED=1 (then review the diff).
    func assertMatchesGoldenFile(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/\(name)")
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(text, expected, "differs from Fixtures/\(name)", file: file, line: line)
    }

    /// Compares the part of a checked-in file between two markers (the line
    /// that starts `<!-- name` and `<!-- end of name -->`) with `text`, or
    /// rewrites that part when HITLINT_UPDATE_EXPECTED=1 (`make generate`).
    func assertGeneratedSection(_ name: String, of path: String, is text: String,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let url = TestSupport.packageRoot.appendingPathComponent(path)
        let whole = try String(contentsOf: url, encoding: .utf8)
        let opening = try XCTUnwrap(whole.range(of: "<!-- \(name)"), "\(path) has no '<!-- \(name)' marker", file: file, line: line)
        let start = try XCTUnwrap(whole.range(of: "-->\n", range: opening.upperBound..<whole.endIndex), file: file, line: line)
        let end = try XCTUnwrap(whole.range(of: "<!-- end of \(name) -->"), "\(path) has no end of \(name)", file: file, line: line)
        if ProcessInfo.processInfo.environment["HITLINT_UPDATE_EXPECTED"] == "1" {
            try Data((whole[..<start.upperBound] + text + whole[end.lowerBound...]).utf8).write(to: url)
            return
        }
        XCTAssertEqual(String(whole[start.upperBound..<end.lowerBound]), text,
                       "\(path)'s \(name) is out of date: make generate", file: file, line: line)
    }
}

/// Extended attributes set and read by tests, with the system's own calls
/// (Glibc's module does not export <sys/xattr.h>: found by name there).
enum TestAttributes {
    #if canImport(Darwin)
    static func set(_ path: String, _ name: String, _ value: String) -> Int32 {
        Array(value.utf8).withUnsafeBufferPointer { setxattr(path, name, $0.baseAddress, $0.count, 0, 0) }
    }
    static func get(_ path: String, _ name: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { getxattr(path, name, $0.baseAddress, $0.count, 0, 0) }
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }
    #else
    private typealias SetFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias GetFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private static func function<T>(_ name: String, _ type: T.Type) -> T {
        unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), name)!, to: type)
    }
    static func set(_ path: String, _ name: String, _ value: String) -> Int32 {
        let call = function("setxattr", SetFunction.self)
        return Array(value.utf8).withUnsafeBufferPointer { call(path, name, $0.baseAddress, $0.count, 0) }
    }
    static func get(_ path: String, _ name: String) -> String? {
        let call = function("getxattr", GetFunction.self)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { call(path, name, $0.baseAddress, $0.count) }
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }
    #endif
}
