import Foundation
import XCTest
@testable import HitLintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--fix` never loses data: it replaces a file by renaming a complete copy over
/// it (mode and owner kept), leaves read-only files alone with a message, writes
/// through symlinks to the file itself, and writes a file reached under two
/// names once. (AtomicFileTests has the writer's own refusals; EndToEndTests
/// interrupts and starves a real run.)
final class FixSafetyTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder = nil
    }

    /// One 30×30 button whose fix is `hitInsets: -7`.
    static let fixable = Layouts.small
    static let fixed = "root: {id: screen, frame: [0, 0, 390, 844], children: [{id: play, type: button, frame: [10, 10, 30, 30], hitInsets: -7}]}\n"

    private func info(_ path: String) -> stat {
        var result = stat()
        XCTAssertEqual(lstat(path, &result), 0, path)
        return result
    }

    private func temporaryFiles(_ path: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path ?? folder.path).filter { $0.contains(".hitlint-") }
    }

    func testTheFileIsReplacedByARenameKeepingModeAndOwner() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        XCTAssertEqual(chmod(path, 0o640), 0)
        let isRoot = geteuid() == 0
        if isRoot { XCTAssertEqual(chown(path, 4321, 4322), 0) }
        let before = info(path)
        let run = runCommand(["--fix", "play.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "hitlint: fixed 1 problem in 1 file\n")
        XCTAssertEqual(try folder.read("play.yaml"), Self.fixed)
        let after = info(path)
        XCTAssertNotEqual(after.st_ino, before.st_ino, "a new file was renamed over the old one, not written in place")
        XCTAssertEqual(after.st_mode & 0o7777, 0o640)
        if isRoot {
            XCTAssertEqual(after.st_uid, 4321, "the owner is kept")
            XCTAssertEqual(after.st_gid, 4322)
        }
        XCTAssertEqual(try temporaryFiles(), [])
    }

    func testExecutableAndGroupBitsAreKept() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        XCTAssertEqual(chmod(path, 0o2775), 0)
        XCTAssertEqual(runCommand(["--fix", "play.yaml"], in: folder.path).status, 0)
        XCTAssertEqual(info(path).st_mode & 0o7777, 0o2775)
    }

    /// Root may write any file, so a file without write permission is recognised
    /// by its mode: it gets a message and exit 2, and keeps every byte.
    func testAReadOnlyFileGetsAMessageNotAWrite() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        try folder.write("other.yaml", Self.fixable)
        XCTAssertEqual(chmod(path, 0o444), 0)
        let run = runCommand(["--fix", "."], in: folder.path)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.error, """
        hitlint: play.yaml: the file is read-only; not fixing it (make it writable and run hitlint --fix again)
        hitlint: fixed 1 problem in 1 file

        """)
        XCTAssertEqual(try folder.read("play.yaml"), Self.fixable)
        XCTAssertEqual(try folder.read("other.yaml"), Self.fixed, "the writable file is still fixed")
        XCTAssertEqual(info(path).st_mode & 0o7777, 0o444)
        XCTAssertEqual(try temporaryFiles(), [])
    }

    /// A symlink is written through: the file it points to gets the fix (its
    /// temporary file made beside it), and the link stays a link.
    func testASymlinkIsWrittenThroughAndKept() throws {
        let target = try folder.write("real/play.yaml", Self.fixable)
        try FileManager.default.createDirectory(atPath: folder.path + "/links", withIntermediateDirectories: true)
        let link = folder.path + "/links/play.yaml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/play.yaml")
        let run = runCommand(["--fix", "links/play.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(try folder.read("real/play.yaml"), Self.fixed)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../real/play.yaml")
        XCTAssertEqual(info(link).st_mode & S_IFMT, S_IFLNK, "still a symlink")
        XCTAssertEqual(info(target).st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(try temporaryFiles(folder.path + "/real"), [])
        XCTAssertEqual(try temporaryFiles(folder.path + "/links"), [])
    }

    /// The same file named twice (itself and a link to it) is fixed once, without
    /// the second write finding it "changed on disk".
    func testAFileReachedUnderTwoNamesIsWrittenOnce() throws {
        try folder.write("play.yaml", Self.fixable)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/alias.yaml", withDestinationPath: "play.yaml")
        let run = runCommand(["--fix", "play.yaml", "alias.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "hitlint: fixed 1 problem in 1 file\n")
        XCTAssertEqual(try folder.read("play.yaml"), Self.fixed)
        XCTAssertEqual(info(folder.path + "/alias.yaml").st_mode & S_IFMT, S_IFLNK)
    }

    /// Issue 33: an edit saved while the fixed copy was being written (after
    /// the first check, before the rename) was overwritten, and the run
    /// exited 0. The file is checked again just before the rename; the edit
    /// is injected there, through the writer's test hook, rather than raced.
    func testAnEditMadeWhileTheFixIsWrittenIsKept() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        let edited = "# edited meanwhile\n" + Self.fixable
        var temporary: String?
        AtomicFile.beforeRename = { written in
            temporary = written
            try? Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        }
        defer { AtomicFile.beforeRename = nil }
        let run = runCommand(["--fix", "--format", "json", "play.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.error, """
        hitlint: play.yaml: the file changed on disk since it was read; not overwriting it (run hitlint --fix again)
        hitlint: fixed 0 problems in 0 files

        """)
        XCTAssertEqual(try folder.read("play.yaml"), edited, "the edit made meanwhile is kept")
        XCTAssertNotNil(temporary, "the hook ran: the temporary file was complete")
        XCTAssertEqual(try temporaryFiles(), [])
        // The report says what is in the file as it was read, not the fix that was not written.
        XCTAssertTrue(run.output.contains("\"rule\": \"target-size\""), run.output)
    }

    /// Issue 33: when `--fix` cannot write a file, the report and the baseline
    /// described the fixed file (no diagnostics). They describe the file as it
    /// is, with the message saying why it was not written.
    func testWhatCouldNotBeWrittenIsReportedAndRecordedAsItIs() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        try folder.write("other.yaml", Self.fixable)
        XCTAssertEqual(chmod(path, 0o444), 0)
        let run = runCommand(["--fix", "--format", "json", "--write-baseline", "baseline.json", "play.yaml", "other.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.error.hasPrefix("hitlint: play.yaml: the file is read-only; not fixing it"), run.error)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.map { $0["file"] as? String }, ["play.yaml"], "the unwritten file's problem remains; the fixed one's is gone")
        XCTAssertEqual(diagnostics.first?["rule"] as? String, "target-size")
        XCTAssertEqual(try folder.read("baseline.json"), """
        {
          "version": 1,
          "tool": "hitlint",
          "entries": [
            {"file": "play.yaml", "rule": "target-size", "node": "play", "count": 1}
          ]
        }

        """)
        XCTAssertEqual(try folder.read("play.yaml"), Self.fixable)
        XCTAssertEqual(try folder.read("other.yaml"), Self.fixed)
    }

    /// Issue 33: a file named with about 240 bytes could not be fixed: the
    /// temporary name `.NAME.hitlint-XXXXXX` went past NAME_MAX (255). A long
    /// name's temporary file takes its first bytes and a hash instead.
    func testAFileWithALongNameIsFixed() throws {
        for name in [String(repeating: "x", count: 245) + ".yaml", String(repeating: "é", count: 120) + ".yaml"] {
            XCTAssertLessThanOrEqual(name.utf8.count, 255)
            try folder.write(name, Self.fixable)
            let run = runCommand(["--fix", name], in: folder.path)
            XCTAssertEqual(run.status, 0, run.error)
            XCTAssertEqual(run.error, "hitlint: fixed 1 problem in 1 file\n")
            XCTAssertEqual(try folder.read(name), Self.fixed)
            XCTAssertEqual(try temporaryFiles(), [])
        }
        XCTAssertEqual(AtomicFile.temporaryPrefix(for: "a.yaml"), ".a.yaml.hitlint-")
        let cut = AtomicFile.temporaryPrefix(for: String(repeating: "é", count: 120) + ".yaml")
        XCTAssertTrue(cut.hasPrefix("." + String(repeating: "é", count: 50) + "-"), cut)
        XCTAssertLessThanOrEqual(cut.utf8.count + 6, 255)
    }

    /// Issue 33: the fixed file keeps its extended attributes (here a user
    /// attribute; ACLs and security labels are attributes too) besides its mode.
    func testExtendedAttributesAreKept() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        XCTAssertEqual(chmod(path, 0o600), 0)
        XCTAssertEqual(TestAttributes.set(path, "user.hitlint-test", "kept"), 0, "the temporary folder takes user attributes")
        let run = runCommand(["--fix", "play.yaml"], in: folder.path)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(try folder.read("play.yaml"), Self.fixed)
        XCTAssertEqual(TestAttributes.get(path, "user.hitlint-test"), "kept")
        XCTAssertEqual(info(path).st_mode & 0o7777, 0o600)
    }

    /// `--diff` and the report of `--fix` on standard input write nothing
    /// anywhere; the report describes standard input as it was read, since
    /// its fixes went nowhere.
    func testStandardInputIsNeverWritten() throws {
        let run = runCommand(["--fix", "--stdin-filename", "play.yaml", "-"], in: folder.path, standardInput: Self.fixable)
        XCTAssertEqual(run.status, 1, "the error remains: nothing was fixed")
        XCTAssertTrue(run.output.contains("[target-size]"), run.output)
        XCTAssertTrue(run.error.contains("standard input is not written back"), run.error)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
