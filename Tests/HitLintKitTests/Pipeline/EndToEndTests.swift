import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import HitLintKit

/// The built `hitlint` executable, spawned as CI would run it: every exit code,
/// every CI option, and the same output whatever `--jobs` is.
final class EndToEndTests: XCTestCase {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// `swift test` builds the executable next to the test bundle; HITLINT_BINARY overrides.
    static let binary: URL? = {
        let manager = FileManager.default
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["HITLINT_BINARY"] { candidates.append(URL(fileURLWithPath: path)) }
        for bundle in Bundle.allBundles + [Bundle(for: EndToEndTests.self)] {
            candidates.append(bundle.bundleURL.appendingPathComponent("hitlint"))
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("hitlint"))
        }
        if let first = ProcessInfo.processInfo.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("hitlint"))
        }
        return candidates.first { manager.isExecutableFile(atPath: $0.path) }
    }()

    /// `executable`: another program that runs hitlint (a shell), else hitlint itself.
    private func hitlint(_ arguments: [String], in folder: String, standardInput: String? = nil,
                         environment: [String: String] = [:], executable: URL? = nil) throws -> Run {
        let binary = try executable ?? XCTUnwrap(Self.binary, "the hitlint executable was not found next to the tests; build it or set HITLINT_BINARY")
        let scratch = try TemporaryFolder()
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
        // Files, not pipes: a large report cannot fill a pipe and stall the child.
        let outputPath = try scratch.write("stdout", "")
        let errorPath = try scratch.write("stderr", "")
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = standardInput == nil
            ? FileHandle.nullDevice
            : try FileHandle(forReadingFrom: URL(fileURLWithPath: try scratch.write("stdin", standardInput!)))
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: try scratch.read("stdout"), error: try scratch.read("stderr"))
    }

    // MARK: - Exit codes

    func testExitZeroOnACleanFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("clean.yaml", Layouts.clean)
        let run = try hitlint(["clean.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.output, "0 errors, 0 warnings in 1 file\n")
        XCTAssertEqual(run.error, "")
    }

    func testExitOneOnErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", Layouts.small)
        try folder.write("broken.json", "{\"root\": [}")
        let run = try hitlint(["."], in: folder.path)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output.split(separator: "\n").map { String($0.prefix(20)) },
                       ["broken.json:1:11: er", "small.yaml:1:88: err", "2 errors, 0 warnings"])
    }

    func testExitTwoWhenTheToolCannotDoItsJob() throws {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", Layouts.small)
        let missing = try hitlint(["small.yaml", "missing.yaml"], in: folder.path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.error, "hitlint: missing.yaml: no such file or folder\n")
        XCTAssertTrue(missing.output.contains("small.yaml:1:88: error:"), "the other files are still linted")

        let option = try hitlint(["--formt", "sarif", "small.yaml"], in: folder.path)
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.error.contains("unknown option '--formt'; did you mean '--format'?"), option.error)

        try folder.write(".hitlint.yml", "rules:\n  target-size: {minsize: 9mm}\n")
        let configuration = try hitlint(["small.yaml"], in: folder.path)
        XCTAssertEqual(configuration.status, 2)
        XCTAssertEqual(configuration.error, "hitlint: .hitlint.yml:2:17: unknown option 'minsize' for target-size; did you mean 'minSize'?\n")
        XCTAssertEqual(configuration.output, "")
    }

    // MARK: - Formats and where they go

    func testSARIFToAnOutputFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("Layouts/small.yaml", Layouts.small)
        let run = try hitlint(["--format", "sarif", "--output", "hitlint.sarif", "Layouts"], in: folder.path)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output, "")
        let sarif = try folder.read("hitlint.sarif")
        XCTAssertEqual(try SARIFValidator.validate(sarif), [])
        XCTAssertTrue(sarif.contains("\"uri\": \"Layouts/small.yaml\""))
    }

    func testGitHubAnnotationsAndTheLogOnStandardError() throws {
        let folder = try TemporaryFolder()
        try folder.write("gaps.yaml", Layouts.gap)
        let run = try hitlint(["--format", "github", "gaps.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.output, "::warning file=gaps.yaml,line=5,col=122,endLine=5,endColumn=130,title=dead-gap::'a' and 'b' are 6 pt apart and nothing answers between them: a tap there is lost — widen their facing hitInsets by -3 each\n")
        XCTAssertEqual(run.error, "gaps.yaml:5:122: warning: 'a' and 'b' are 6 pt apart and nothing answers between them: a tap there is lost — widen their facing hitInsets by -3 each [dead-gap]\n0 errors, 1 warning, 1 fixable in 1 file\n")
    }

    func testJUnitAndJSON() throws {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", Layouts.small)
        try folder.write("clean.yaml", Layouts.clean)
        let junit = try hitlint(["--format", "junit", "."], in: folder.path)
        XCTAssertEqual(junit.status, 1)
        XCTAssertTrue(junit.output.contains("<testcase classname=\"hitlint\" name=\"clean.yaml\" file=\"clean.yaml\"/>"))
        XCTAssertTrue(junit.output.contains("<failure type=\"target-size\""))
        let json = try hitlint(["--format", "json", "."], in: folder.path)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        XCTAssertEqual((object["summary"] as? [String: Int])?["files"], 2)
    }

    // MARK: - Options

    func testRuleProfileSizePlatformAndInputOptions() throws {
        let folder = try TemporaryFolder()
        try folder.write("clean.yaml", Layouts.clean)
        try folder.write("small.yaml", Layouts.small)
        try folder.write("gaps.yaml", Layouts.gap)
        XCTAssertEqual(try hitlint(["--profile", "tvos", "clean.yaml"], in: folder.path).status, 1)
        XCTAssertEqual(try hitlint(["--min-size", "9mm", "clean.yaml"], in: folder.path).status, 1)
        XCTAssertTrue(try hitlint(["--platform", "android", "clean.yaml"], in: folder.path).output.contains("48×48 dp (android)"))
        XCTAssertEqual(try hitlint(["--input", "pointer", "small.yaml"], in: folder.path).status, 0)
        XCTAssertEqual(try hitlint(["--rule", "target-size=warning", "small.yaml"], in: folder.path).status, 0)
        XCTAssertEqual(try hitlint(["--rule", "dead-gap=error", "gaps.yaml"], in: folder.path).status, 1)
        XCTAssertEqual(try hitlint(["--strict", "gaps.yaml"], in: folder.path).status, 1)
        XCTAssertEqual(try hitlint(["--max-warnings", "0", "gaps.yaml"], in: folder.path).status, 1)
        XCTAssertEqual(try hitlint(["--max-warnings", "1", "gaps.yaml"], in: folder.path).status, 0)
        XCTAssertEqual(try hitlint(["--exit-zero", "small.yaml"], in: folder.path).status, 0)
        let quiet = try hitlint(["--quiet", "gaps.yaml", "small.yaml"], in: folder.path)
        XCTAssertEqual(quiet.status, 1)
        XCTAssertFalse(quiet.output.contains("warning:"))
        XCTAssertEqual(try hitlint(["--show-fixes", "small.yaml"], in: folder.path).status, 1)
    }

    func testColorFollowsTheChoiceAndNoColor() throws {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", Layouts.small)
        let escape = "\u{1B}["
        XCTAssertTrue(try hitlint(["--color", "always", "small.yaml"], in: folder.path).output.contains(escape))
        XCTAssertTrue(try hitlint(["--color", "always", "small.yaml"], in: folder.path, environment: ["NO_COLOR": "1"]).output.contains(escape),
                      "an explicit choice wins over NO_COLOR")
        XCTAssertFalse(try hitlint(["--color", "never", "small.yaml"], in: folder.path).output.contains(escape))
        XCTAssertFalse(try hitlint(["--color", "auto", "small.yaml"], in: folder.path).output.contains(escape), "not a terminal")
    }

    func testStatsAndJobs() throws {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", Layouts.small)
        try folder.write("gaps.yaml", Layouts.gap)
        let run = try hitlint(["--stats", "--jobs", "2", "."], in: folder.path)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.error.hasPrefix("files: 2\nnodes: 6\ntime: "), run.error)
        XCTAssertTrue(run.error.contains(" s (2 jobs)\ndiagnostics by rule:\n  dead-gap     1\n  target-size  1\n"), run.error)
        XCTAssertEqual(try hitlint(["--jobs", "0", "."], in: folder.path).status, 2)
    }

    func testStandardInput() throws {
        let folder = try TemporaryFolder()
        let named = try hitlint(["-", "--stdin-filename", "Layouts/piped.yaml"], in: folder.path, standardInput: Layouts.small)
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.output.hasPrefix("Layouts/piped.yaml:1:88: error:"), named.output)
        let json = try hitlint(["-", "--stdin-format", "json", "--format", "json"], in: folder.path,
                               standardInput: "{\"root\": {\"frame\": [0, 0, 10, 10]}}")
        XCTAssertEqual(json.status, 0)
        XCTAssertTrue(json.output.contains("\"files\": 1"))
        XCTAssertEqual(try hitlint(["-"], in: folder.path, standardInput: Layouts.small).status, 2)
    }

    /// Issue 33: the executable given a folder or a closed descriptor as
    /// standard input ended with SIGILL (a `try!` inside Foundation); now a
    /// message and exit 2. Run through the shell, which does the redirecting.
    func testStandardInputThatIsAFolderOrClosedEndsWithAMessage() throws {
        let binary = try XCTUnwrap(Self.binary)
        let folder = try TemporaryFolder()
        for (redirection, message) in [("< .", "standard input is a folder, not a layout; not read"),
                                       ("<&-", "cannot read standard input (bad file descriptor)")] {
            let run = try hitlint(["-c", "exec \"$0\" --stdin-format yaml - \(redirection)", binary.path], in: folder.path,
                                  executable: URL(fileURLWithPath: "/bin/sh"))
            XCTAssertEqual(run.status, 2, redirection)
            XCTAssertEqual(run.error, "hitlint: <stdin>: \(message)\n", redirection)
        }
    }

    /// Issue 33: `--output /dev/stdout` is the process's standard output as the
    /// shell opened it: appended to a log (`>>`), it keeps the log's lines;
    /// /dev/stdout itself stays what it was.
    func testOutputToStandardOutputAppendsWhereTheShellSaid() throws {
        let binary = try XCTUnwrap(Self.binary)
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", Layouts.small)
        try folder.write("log.txt", "earlier line\n")
        var before = stat()
        XCTAssertEqual(lstat("/dev/stdout", &before), 0)
        let run = try hitlint(["-c", "exec \"$0\" --output /dev/stdout small.yaml >> log.txt", binary.path], in: folder.path,
                              executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(run.status, 1, run.error)
        XCTAssertEqual(try folder.read("log.txt"), """
        earlier line
        small.yaml:1:88: error: 'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]
        1 error, 0 warnings, 1 fixable in 1 file

        """)
        var after = stat()
        XCTAssertEqual(lstat("/dev/stdout", &after), 0)
        XCTAssertEqual(after.st_mode, before.st_mode)
        XCTAssertEqual(after.st_ino, before.st_ino)
    }

    func testConfigurationInitAndDiscovery() throws {
        let folder = try TemporaryFolder()
        try folder.write("Layouts/small.yaml", Layouts.small)
        try folder.write("Layouts/Generated/small.yaml", Layouts.small)
        let created = try hitlint(["init"], in: folder.path)
        XCTAssertEqual(created.status, 0)
        XCTAssertEqual(try folder.read(".hitlint.yml"), ConfigurationTemplate.text)
        XCTAssertEqual(try hitlint(["init"], in: folder.path).status, 2, "never overwrites")
        XCTAssertEqual(try hitlint(["."], in: folder.path).status, 1, "the template changes nothing")

        try folder.write(".hitlint.yml", "exclude: [\"**/Generated/**\"]\nrules:\n  target-size: {severity: warning}\n")
        let fromBelow = try hitlint(["."], in: folder.path + "/Layouts")
        XCTAssertEqual(fromBelow.status, 0, "the nearest configuration up the tree applies")
        XCTAssertEqual(fromBelow.output.split(separator: "\n").last, "0 errors, 1 warning, 1 fixable in 1 file")
        try folder.write("strict.yml", "rules:\n  target-size: error\n")
        XCTAssertEqual(try hitlint(["--config", "../strict.yml", "."], in: folder.path + "/Layouts").status, 1)
        XCTAssertEqual(try hitlint(["--rule", "target-size=error", "."], in: folder.path + "/Layouts").status, 1)
    }

    func testBaselineRoundTrip() throws {
        let folder = try TemporaryFolder()
        try folder.write("screen.yaml", Layouts.small)
        // The baseline lies in the folder being linted: it is never taken for a layout.
        let recorded = try hitlint(["--write-baseline", "hitlint-baseline.json", "."], in: folder.path)
        XCTAssertEqual(recorded.status, 1)
        XCTAssertEqual(recorded.error, "hitlint: recorded 1 diagnostic in hitlint-baseline.json\n")
        XCTAssertEqual(try hitlint(["--baseline", "hitlint-baseline.json", "."], in: folder.path).status, 0)
        try folder.write("screen.yaml", "# moved down\n" + Layouts.small.replacingOccurrences(of: "}]}", with: "}, {id: new, type: button, frame: [100, 10, 20, 20]}]}"))
        let grown = try hitlint(["--baseline", "hitlint-baseline.json", "."], in: folder.path)
        XCTAssertEqual(grown.status, 1)
        XCTAssertEqual(grown.output.split(separator: "\n").count, 2)
        XCTAssertTrue(grown.output.contains("'new' is reachable on 20×20 pt"))
    }

    func testSymlinkLoop() throws {
        let folder = try TemporaryFolder()
        try folder.write("a/one.yaml", Layouts.clean)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/a/loop", withDestinationPath: ".")
        let run = try hitlint(["a"], in: folder.path)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.output, "0 errors, 0 warnings in 1 file\n")
    }

    // MARK: - Parallel runs

    /// 500 generated files of every kind (clean, errors, warnings, broken, JSON and
    /// YAML, nested folders): one job and eight give the same bytes.
    func testJobsOneAndEightGiveByteIdenticalOutput() throws {
        let folder = try TemporaryFolder()
        var random = SeededRandom(seed: 500)
        for index in 0..<500 {
            let folderName = "group\(index % 7)/part\(index % 3)"
            let children = (0..<random.int(1...6)).map { child -> String in
                let x = random.int(0...340), y = random.int(0...800)
                let side = random.pick([20, 30, 44, 48, 60])
                return "{\"id\": \"b\(child)\", \"type\": \"button\", \"frame\": [\(x), \(y), \(side), \(side)]}"
            }
            let body = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 390, 844], \"children\": [\(children.joined(separator: ", "))]}}"
            switch index % 50 {
            case 0: try folder.write("\(folderName)/broken-\(index).json", "{\"root\": [}")
            case 1...24: try folder.write("\(folderName)/screen-\(index).json", body)
            default:
                let yaml = try YAMLSource.from(json: body)
                try folder.write("\(folderName)/screen-\(index).yaml", yaml)
            }
        }
        for format in ["text", "json", "sarif"] {
            let one = try hitlint(["--jobs", "1", "--format", format, "."], in: folder.path)
            let eight = try hitlint(["--jobs", "8", "--format", format, "."], in: folder.path)
            XCTAssertEqual(one.status, 1)
            XCTAssertEqual(eight.status, 1)
            XCTAssertEqual(one.error, "")
            XCTAssertTrue(one.output == eight.output, "--jobs 1 and --jobs 8 differ in \(format)")
            if format == "text" {
                XCTAssertTrue(one.output.hasSuffix("in 500 files\n"), String(one.output.suffix(80)))
                // Sorted by path, then line and column.
                let locations = one.output.split(separator: "\n").dropLast().map { line -> (String, Int, Int) in
                    let parts = line.split(separator: ":", maxSplits: 3)
                    return (String(parts[0]), Int(parts[1]) ?? 0, Int(parts[2]) ?? 0)
                }
                XCTAssertGreaterThan(locations.count, 200)
                XCTAssertTrue(zip(locations, locations.dropFirst()).allSatisfy { $0 <= $1 }, "not in path, line, column order")
                XCTAssertEqual(one.output.components(separatedBy: "[invalid-layout]").count - 1, 10, "only the broken files are invalid")
                XCTAssertTrue(one.output.contains("error: "))
                XCTAssertTrue(one.output.contains("warning: "))
            }
        }
    }
}

// MARK: - Robustness (issue 7): the real process, its worker threads and signals

extension EndToEndTests {
    /// The deepest files, linted by two workers at once: the stages that run on
    /// Dispatch's worker threads have those threads' stacks, not the main one's.
    func testDeepFilesOnWorkerThreads() throws {
        let folder = try TemporaryFolder()
        // A chain of 10⁵ nodes: 200,001 levels, just inside the nesting limit.
        XCTAssertGreaterThan(maximumNestingDepth, 200_001)
        try folder.write("chain.json", RobustnessTests.chain(depth: 100_000, yaml: false))
        try folder.write("chain.yaml", RobustnessTests.chain(depth: 100_000, yaml: true))
        try folder.write("arrays.json", String(repeating: "[", count: 1_000_000))
        try folder.write("objects.yaml", String(repeating: "{a: ", count: 1_000_000))
        for arguments in [["--format", "json"], ["--fix"], ["--render-dir", "pictures"]] {
            let run = try hitlint(["--jobs", "2"] + arguments + ["."], in: folder.path)
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.error)")
            XCTAssertEqual(run.output.components(separatedBy: "nesting deeper than \(maximumNestingDepth) levels").count - 1, 2, "\(arguments)")
            XCTAssertEqual(run.output.components(separatedBy: "'deepest' is reachable on 10×10 pt").count - 1, 2, "\(arguments)")
        }
        let render = try hitlint(["render", "chain.yaml", "-o", "chain.svg"], in: folder.path)
        XCTAssertEqual(render.status, 0, render.error)
    }

    /// A write that fails half-way (here: no file may grow past 0 bytes, and
    /// SIGXFSZ is ignored, so write(2) fails with EFBIG) leaves the file as it
    /// was and no temporary file behind.
    func testAWriteThatFailsLeavesTheFileAndNoTemporaryFile() throws {
        // ThreadSanitizer's runtime itself dies of SIGBUS under a file size limit
        // (the ASan and plain builds do not): under `make sanitize` this test runs in the ASan pass.
        #if os(Linux)
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        try XCTSkipIf(dlsym(everywhere, "__tsan_init") != nil, "ThreadSanitizer cannot run under `ulimit -f`")
        let binary = try XCTUnwrap(Self.binary)
        let folder = try TemporaryFolder()
        try folder.write("play.yaml", FixSafetyTests.fixable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\" --fix play.yaml 2>&1", binary.path]
        process.currentDirectoryURL = folder.url
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, output)
        XCTAssertTrue(output.contains("hitlint: play.yaml: cannot write the fixed file (file too large); it is unchanged"), output)
        XCTAssertEqual(try folder.read("play.yaml"), FixSafetyTests.fixable)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["play.yaml"])
    }

    /// Stopped while it writes fixes (the moment the first file changes), a run
    /// leaves every file either as it was or completely fixed. SIGTERM also
    /// removes the temporary file being written; SIGKILL cannot be caught, and may
    /// leave one: hidden, named `.NAME.hitlint-XXXXXX`, never linted.
    func testAnInterruptedFixNeverLeavesAPartialFile() throws {
        for signal in [SIGTERM, SIGKILL] {
            let folder = try TemporaryFolder()
            // A fixable layout padded with comments, so each write takes a while.
            let padding = String(repeating: "# " + String(repeating: "-", count: 76) + "\n", count: 2_000)
            let original = padding + FixSafetyTests.fixable
            let fixed = padding + FixSafetyTests.fixed
            let names = (0..<300).map { String(format: "screen-%03d.yaml", $0) }
            for name in names { try folder.write(name, original) }

            let process = Process()
            process.executableURL = try XCTUnwrap(Self.binary)
            process.arguments = ["--fix", "--jobs", "2", "."]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Files are written in path order: wait for the first to change (or the run to end).
            let first = folder.path + "/" + names[0]
            while process.isRunning, FileManager.default.contents(atPath: first) == Data(original.utf8) {
                usleep(200)
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()

            var changed = 0
            for name in names {
                let text = try folder.read(name)
                XCTAssertTrue(text == original || text == fixed, "\(name) is neither the original nor the fixed file (signal \(signal))")
                if text == fixed { changed += 1 }
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !names.contains($0) }
            if signal == SIGTERM {
                XCTAssertEqual(leftovers, [], "SIGTERM removes the temporary file")
            } else {
                XCTAssertLessThanOrEqual(leftovers.count, 1)
                for name in leftovers {
                    XCTAssertTrue(name.hasPrefix(".screen-") && name.contains(".yaml.hitlint-"), name)
                }
            }
            // The next run lints the layouts and nothing else, and finishes the job.
            let again = try hitlint(["--fix", "."], in: folder.path)
            XCTAssertEqual(again.status, 0, again.error)
            XCTAssertTrue(again.output.hasSuffix("in 300 files\n"), again.output)
            for name in names { XCTAssertEqual(try folder.read(name), fixed) }
            _ = changed
        }
    }
}

/// The same value tree written as block YAML, so the generated folder has both front ends.
enum YAMLSource {
    static func from(json: String) throws -> String {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var out = ""
        write(value, indent: "", into: &out)
        return out
    }

    private static func write(_ value: Any, indent: String, into out: inout String) {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                let child = object[key]!
                if let array = child as? [Any], array.allSatisfy({ $0 is NSNumber }) {
                    out += "\(indent)\(key): [\(array.map { "\($0)" }.joined(separator: ", "))]\n"
                } else if child is [String: Any] || child is [Any] {
                    out += "\(indent)\(key):\n"
                    write(child, indent: indent + "  ", into: &out)
                } else {
                    out += "\(indent)\(key): \(child)\n"
                }
            }
        } else if let array = value as? [Any] {
            for item in array {
                var nested = ""
                write(item, indent: indent + "  ", into: &nested)
                out += indent + "- " + nested.dropFirst(indent.count + 2)
            }
        }
    }
}
