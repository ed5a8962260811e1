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
        let run = inDirectory(folder.path) { runCommand(["--fix", "play.yaml"]) }
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
        XCTAssertEqual(inDirectory(folder.path) { runCommand(["--fix", "play.yaml"]) }.status, 0)
        XCTAssertEqual(info(path).st_mode & 0o7777, 0o2775)
    }

    /// Root may write any file, so a file without write permission is recognised
    /// by its mode: it gets a message and exit 2, and keeps every byte.
    func testAReadOnlyFileGetsAMessageNotAWrite() throws {
        let path = try folder.write("play.yaml", Self.fixable)
        try folder.write("other.yaml", Self.fixable)
        XCTAssertEqual(chmod(path, 0o444), 0)
        let run = inDirectory(folder.path) { runCommand(["--fix", "."]) }
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
        let run = inDirectory(folder.path) { runCommand(["--fix", "links/play.yaml"]) }
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
        let run = inDirectory(folder.path) { runCommand(["--fix", "play.yaml", "alias.yaml"]) }
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "hitlint: fixed 1 problem in 1 file\n")
        XCTAssertEqual(try folder.read("play.yaml"), Self.fixed)
        XCTAssertEqual(info(folder.path + "/alias.yaml").st_mode & S_IFMT, S_IFLNK)
    }

    /// `--diff` and the report of `--fix` on standard input write nothing anywhere.
    func testStandardInputIsNeverWritten() throws {
        let run = inDirectory(folder.path) {
            runCommand(["--fix", "--stdin-filename", "play.yaml", "-"], standardInput: Self.fixable)
        }
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.error.contains("standard input is not written back"), run.error)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
