import Foundation
import XCTest
@testable import HitLintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--output` and `--write-baseline` write (issue 33): through to what
/// is not a regular file, a regular file replaced whole keeping its mode and
/// attributes, and never over a file the run reads.
final class OutputFileTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    private func info(_ path: String) -> stat {
        var result = stat()
        XCTAssertEqual(lstat(path, &result), 0, path)
        return result
    }

    private func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        runCommand(arguments, in: folder.path)
    }

    /// A FIFO given as `--output` or `--write-baseline` was replaced by a
    /// regular file; it is written through, as `tee` writes. (Its reader is
    /// opened first, without waiting, so the run's open finds one; what the
    /// run writes fits the FIFO's buffer.)
    func testAFIFOIsWrittenThroughNotReplaced() throws {
        try folder.write("small.yaml", Layouts.small)
        for option in ["--output", "--write-baseline"] {
            let fifo = folder.path + "/out-\(option.dropFirst(2)).json"
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            XCTAssertGreaterThanOrEqual(reader, 0)
            defer { close(reader) }
            let result = run([option, fifo, "--format", "json", "small.yaml"])
            XCTAssertEqual(result.status, 1, result.error)
            XCTAssertEqual(info(fifo).st_mode & S_IFMT, S_IFIFO, "\(option): still a FIFO")
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(reader, &buffer, buffer.count)
            XCTAssertGreaterThan(count, 0, option)
            let text = String(decoding: buffer[..<max(count, 0)], as: UTF8.self)
            XCTAssertTrue(text.contains(option == "--output" ? "\"diagnostics\"" : "\"entries\""), text)
        }
    }

    /// `/dev/null` stays the device it is; `/dev/stdout` and `/dev/fd/1` are the
    /// command's own standard output (a shell's `>> log` keeps its earlier lines:
    /// EndToEndTests), `/dev/stderr` its standard error.
    func testDevicesAndStandardStreamsAreWrittenThrough() throws {
        try folder.write("small.yaml", Layouts.small)
        let before = info("/dev/null")
        let discarded = run(["--output", "/dev/null", "--write-baseline", "/dev/null", "small.yaml"])
        XCTAssertEqual(discarded.status, 1, discarded.error)
        XCTAssertEqual(discarded.output, "")
        let after = info("/dev/null")
        XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR, "still a device")
        XCTAssertEqual(after.st_ino, before.st_ino)
        XCTAssertEqual(after.st_rdev, before.st_rdev)

        let plain = run(["--format", "json", "small.yaml"])
        for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let toStandardOutput = run(["--format", "json", "--output", name, "small.yaml"])
            XCTAssertEqual(toStandardOutput.output, plain.output, name)
        }
        let toStandardError = run(["--format", "json", "--output", "/dev/stderr", "small.yaml"])
        XCTAssertEqual(toStandardError.output, "")
        XCTAssertEqual(toStandardError.error, plain.output)
    }

    /// A regular file is replaced whole (a new inode), keeping its mode (0600
    /// became 0644), owner and extended attributes; through a symlink, the
    /// file it points to is replaced and the link kept. A new file gets the
    /// mode any new file gets: 0666 less the umask.
    func testAReplacedFileKeepsModeAndAttributesAndANewOneFollowsTheUmask() throws {
        try folder.write("small.yaml", Layouts.small)
        let report = try folder.write("report.json", "{}\n")
        XCTAssertEqual(chmod(report, 0o600), 0)
        XCTAssertEqual(TestAttributes.set(report, "user.hitlint-test", "kept"), 0)
        let before = info(report)
        XCTAssertEqual(run(["--format", "json", "--output", "report.json", "small.yaml"]).status, 1)
        let after = info(report)
        XCTAssertNotEqual(after.st_ino, before.st_ino, "replaced by a rename, never half written")
        XCTAssertEqual(after.st_mode & 0o7777, 0o600)
        XCTAssertEqual(TestAttributes.get(report, "user.hitlint-test"), "kept")
        XCTAssertTrue(try folder.read("report.json").contains("\"target-size\""))

        try FileManager.default.createSymbolicLink(atPath: folder.path + "/latest.json", withDestinationPath: "report.json")
        XCTAssertEqual(run(["--format", "sarif", "--output", "latest.json", "small.yaml"]).status, 1)
        XCTAssertEqual(info(folder.path + "/latest.json").st_mode & S_IFMT, S_IFLNK, "the link is kept")
        XCTAssertTrue(try folder.read("report.json").contains("\"$schema\""), "its file has the report")
        XCTAssertEqual(info(report).st_mode & 0o7777, 0o600)

        let mask = umask(0o022)
        umask(mask)
        XCTAssertEqual(run(["--write-baseline", "new.json", "small.yaml"]).status, 1)
        XCTAssertEqual(info(folder.path + "/new.json").st_mode & 0o7777, 0o666 & ~mask)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".hitlint-") }, [])

        let missing = run(["--output", "missing/report.txt", "small.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.error, "hitlint: missing/report.txt: cannot write the report (cannot create a temporary file next to it (no such file or directory))\n")
        let broken = folder.path + "/broken.json"
        try FileManager.default.createSymbolicLink(atPath: broken, withDestinationPath: "nowhere/x.json")
        XCTAssertEqual(run(["--output", "broken.json", "small.yaml"]).error,
                       "hitlint: broken.json: cannot write the report (broken symbolic link (what it points to does not exist))\n")
    }

    /// `hitlint --output a.yaml a.yaml` wrote the report over the layout and
    /// exited 0. A file the run reads is refused as an output, exit 2, before
    /// anything is read or written, whatever name it is given by.
    func testAnOutputThatIsAlsoAnInputIsRefused() throws {
        let layout = try folder.write("a.yaml", Layouts.small)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/alias.yaml", withDestinationPath: "a.yaml")
        XCTAssertEqual(link(layout, folder.path + "/hard.yaml"), 0)
        for (output, input) in [("a.yaml", "a.yaml"), ("./a.yaml", layout), (layout, "a.yaml"), ("alias.yaml", "a.yaml"),
                                ("a.yaml", "alias.yaml"), ("hard.yaml", "a.yaml")] {
            for option in ["--output", "--write-baseline"] {
                let result = run([option, output, input])
                XCTAssertEqual(result.status, 2, "\(option) \(output) \(input)")
                let what = option == "--output" ? "the report" : "the baseline"
                XCTAssertEqual(result.error, "hitlint: \(option) \(output) is also a file this run lints (\(input)): writing \(what) there would destroy it; name another file\n")
                XCTAssertEqual(result.output, "", "nothing is linted")
                XCTAssertEqual(try folder.read("a.yaml"), Layouts.small)
            }
        }
        XCTAssertEqual(info(folder.path + "/alias.yaml").st_mode & S_IFMT, S_IFLNK)
    }

    /// A layout found in a linted folder is an input too; an earlier run's
    /// report or baseline found there is not (hitlint would skip it), so it
    /// may be written over, and it is never linted; nor is a file the
    /// configuration excludes.
    func testAFileInALintedFolderIsAnInputWhenItWouldBeLinted() throws {
        try folder.write("Layouts/screen.json", #"{"root": {"frame": [0, 0, 10, 10]}}"#)
        try folder.write("Layouts/small.yaml", Layouts.small)
        let refused = run(["--format", "json", "--output", "Layouts/screen.json", "Layouts"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.error, "hitlint: --output Layouts/screen.json is also a file this run lints (Layouts/screen.json): writing the report there would destroy it; name another file\n")
        XCTAssertEqual(try folder.read("Layouts/screen.json"), #"{"root": {"frame": [0, 0, 10, 10]}}"#)

        // An earlier report and baseline in the folder: written over, not linted.
        for _ in 0..<2 {
            let again = run(["--format", "json", "--output", "Layouts/report.json", "--write-baseline", "Layouts/baseline.json", "Layouts"])
            XCTAssertEqual(again.status, 1, again.error)
            XCTAssertEqual(again.error, "hitlint: recorded 1 diagnostic in Layouts/baseline.json\n")
            XCTAssertTrue(try folder.read("Layouts/report.json").contains("\"files\": 2"), "screen.json and small.yaml only")
        }
        // Excluded by the configuration: not linted, so not an input.
        try folder.write(".hitlint.yml", "exclude: [\"**/screen.json\"]\n")
        XCTAssertEqual(run(["--output", "Layouts/screen.json", "Layouts"]).status, 1)
        XCTAssertTrue(try folder.read("Layouts/screen.json").contains("Layouts/small.yaml:1:88: error:"))
    }

    /// The configuration and the baseline a run reads are inputs; the two
    /// outputs on one file overwrite each other. A baseline may be written
    /// over the one read: that is how it is brought up to date.
    func testRunFilesAndTwoOutputsOnOneFileAreRefused() throws {
        try folder.write("small.yaml", Layouts.small)
        try folder.write("strict.yml", "rules:\n  target-size: error\n")
        XCTAssertEqual(run(["--write-baseline", "baseline.json", "small.yaml"]).status, 1)
        let baseline = try folder.read("baseline.json")

        let cases: [([String], String)] = [
            (["--output", "strict.yml", "--config", "strict.yml"],
             "--output strict.yml is the configuration this run reads (strict.yml): writing the report there would destroy it; name another file"),
            (["--write-baseline", "./strict.yml", "--config", "strict.yml"],
             "--write-baseline ./strict.yml is the configuration this run reads (strict.yml): writing the baseline there would destroy it; name another file"),
            (["--output", "baseline.json", "--baseline", "baseline.json"],
             "--output baseline.json is the baseline this run reads (baseline.json): writing the report there would destroy it; name another file"),
            (["--output", "new.json", "--write-baseline", "./new.json"],
             "--output and --write-baseline name the same file (new.json, ./new.json): one would overwrite the other; name two files"),
            (["--output", "baseline.json", "--write-baseline", folder.path + "/baseline.json"],
             "--output and --write-baseline name the same file (baseline.json, \(folder.path)/baseline.json): one would overwrite the other; name two files"),
        ]
        for (options, message) in cases {
            let result = run(options + ["small.yaml"])
            XCTAssertEqual(result.status, 2, options.joined(separator: " "))
            XCTAssertEqual(result.error, "hitlint: \(message)\n")
            XCTAssertEqual(result.output, "")
        }
        XCTAssertEqual(try folder.read("strict.yml"), "rules:\n  target-size: error\n")
        XCTAssertEqual(try folder.read("baseline.json"), baseline)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/new.json"))
        let updated = run(["--baseline", "baseline.json", "--write-baseline", "baseline.json", "small.yaml"])
        XCTAssertEqual(updated.status, 0, updated.error)
        XCTAssertEqual(try folder.read("baseline.json"), baseline)
    }
}
