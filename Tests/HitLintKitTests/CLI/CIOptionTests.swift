import Foundation
import XCTest
@testable import HitLintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options for running in CI, in process: standard input, `--output`,
/// `--stats`, `--max-warnings`, `--jobs`, `--color`, and the inputs' edge cases.
final class CIOptionTests: XCTestCase {
    func testStandardInputWithNameAndFormat() throws {
        let folder = try TemporaryFolder()
        let named = runCommand(["-", "--stdin-filename", "Layouts/screen.yaml"], in: folder.path, standardInput: Layouts.small)
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.output.hasPrefix("Layouts/screen.yaml:1:88: error: 'play' is reachable on 30×30 pt"), named.output)
        XCTAssertTrue(named.output.hasSuffix("in 1 file\n"))

        let json = "{\"root\": {\"frame\": [0, 0, 390, 844], \"children\": [{\"id\": \"ok\", \"type\": \"button\", \"frame\": [0, 0, 44, 44]}]}}"
        let byFormat = runCommand(["-", "--stdin-format", "json"], in: folder.path, standardInput: json)
        XCTAssertEqual(byFormat.status, 0)
        XCTAssertEqual(byFormat.output, "0 errors, 0 warnings in 1 file\n")
        // The format option wins over the name's extension.
        XCTAssertEqual(runCommand(["-", "--stdin-filename", "a.yaml", "--stdin-format", "json"], in: folder.path, standardInput: "root: {}").status, 1)

        // Standard input sorts among the files by its name.
        let file = try folder.write("b.yaml", Layouts.small)
        let mixed = runCommand([file, "-", "--stdin-filename", folder.path + "/a.yaml"], in: folder.path, standardInput: Layouts.small)
        XCTAssertTrue(mixed.output.hasPrefix(folder.path + "/a.yaml:"), mixed.output)
        XCTAssertTrue(mixed.output.hasSuffix("in 2 files\n"))
    }

    func testStandardInputMistakesExitTwo() {
        let unnamed = runCommand(["-"], standardInput: Layouts.small)
        XCTAssertEqual(unnamed.status, 2)
        XCTAssertEqual(unnamed.error, "hitlint: standard input ('-') needs --stdin-format json|yaml|xml, or a --stdin-filename ending in .json, .yaml, .yml or .xml\n")
        XCTAssertEqual(runCommand(["-", "--stdin-format", "toml"], standardInput: "").status, 2)
        let unreadable = runCommand(["-", "--stdin-format", "yaml"], standardInput: nil)
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertEqual(unreadable.error, "hitlint: <stdin>: cannot read standard input (bad file descriptor)\n")
    }

    /// Runs the command with this process's standard input replaced by
    /// `descriptor` (or closed, for -1), as a shell's `<` or `<&-` would.
    private func runWithStandardInput(_ descriptor: Int32, _ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let saved = dup(STDIN_FILENO)
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        if descriptor >= 0 { dup2(descriptor, STDIN_FILENO) } else { close(STDIN_FILENO) }
        let output = CapturedOutput()
        output.readsProcessStandardInput = true
        let status = HitLintCommand.run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    /// Issue 33: `- < folder` and a closed standard input crashed (a `try!` in
    /// Foundation's FileHandle), and `- < /dev/zero` read until memory ran
    /// out. Each is now a message and exit 2; standard input has the cap files
    /// have (lowered here, so the test reads a megabyte, not 4 GiB).
    func testStandardInputThatIsAFolderClosedOrEndlessIsRefused() throws {
        let folder = try TemporaryFolder()
        let arguments = ["--stdin-format", "yaml", "-"]
        let directory = open(folder.path, O_RDONLY)
        defer { close(directory) }
        let fromFolder = runWithStandardInput(directory, arguments)
        XCTAssertEqual(fromFolder.status, 2)
        XCTAssertEqual(fromFolder.error, "hitlint: <stdin>: standard input is a folder, not a layout; not read\n")
        XCTAssertEqual(fromFolder.output, "0 errors, 0 warnings in 0 files\n")

        let closed = runWithStandardInput(-1, arguments)
        XCTAssertEqual(closed.status, 2)
        XCTAssertEqual(closed.error, "hitlint: <stdin>: cannot read standard input (bad file descriptor)\n")

        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        let limit = InputFileReader.standardInputLimit
        InputFileReader.standardInputLimit = 1 << 20
        defer { InputFileReader.standardInputLimit = limit }
        let endless = runWithStandardInput(zero, arguments)
        XCTAssertEqual(endless.status, 2)
        XCTAssertEqual(endless.error, "hitlint: <stdin>: standard input too large: more than 1048576 bytes (layouts must be under 4 GiB)\n")

        // Within the cap, a pipe and a file are read whole, whatever their size says.
        let layout = try folder.write("small.yaml", Layouts.small)
        let file = open(layout, O_RDONLY)
        defer { close(file) }
        let fromFile = runWithStandardInput(file, arguments)
        XCTAssertEqual(fromFile.status, 1, fromFile.error)
        XCTAssertTrue(fromFile.output.hasPrefix("<stdin>:1:88: error: 'play' is reachable on 30×30 pt"), fromFile.output)
        // (Less than a pipe's buffer, written before the run reads it: no thread to wait for.)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let text = Array(String(repeating: "# a comment line to fill the pipe\n", count: 1000).utf8) + Array(Layouts.small.utf8)
        XCTAssertEqual(text.withUnsafeBufferPointer { write(ends[1], $0.baseAddress!, $0.count) }, text.count)
        close(ends[1])
        let fromPipe = runWithStandardInput(ends[0], arguments)
        close(ends[0])
        XCTAssertEqual(fromPipe.status, 1, fromPipe.error)
        XCTAssertTrue(fromPipe.output.hasPrefix("<stdin>:1001:88: error: 'play'"), fromPipe.output)
        InputFileReader.standardInputLimit = text.count - 1
        let justOver = open(try folder.write("over.yaml", String(decoding: text, as: UTF8.self)), O_RDONLY)
        defer { close(justOver) }
        XCTAssertEqual(runWithStandardInput(justOver, arguments).status, 2, "a file one byte over the cap is refused")
    }

    func testOutputFileTakesTheReport() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("small.yaml", Layouts.small)
        let result = runCommand(["--output", "report.json", "--format", "json", layout], in: folder.path, terminal: true)
        XCTAssertEqual(result.status, 1, "the exit status still describes the run")
        XCTAssertEqual(result.output, "")
        XCTAssertEqual(result.error, "")
        XCTAssertEqual(try folder.read("report.json"), runCommand(["--format", "json", layout]).output)

        // Text to a file: no colour or source excerpt, even when standard output is a terminal.
        _ = runCommand(["--output", folder.path + "/report.txt", layout], in: folder.path, terminal: true)
        XCTAssertEqual(try folder.read("report.txt"), runCommand([layout]).output)

        let unwritable = runCommand(["--output", folder.path + "/missing/report.txt", layout], in: folder.path)
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertEqual(unwritable.error, "hitlint: \(folder.path)/missing/report.txt: cannot write the report (cannot create a temporary file next to it (no such file or directory))\n")
    }

    /// A report of many pieces (it is written as it is made) reaches a file
    /// whole, and the file appears only once it is: the old report stays
    /// until the rename.
    func testOutputFileTakesALargeReportWhole() throws {
        let folder = try TemporaryFolder()
        var layout = "{\"root\": {\"id\": \"root\", \"frame\": [0, 0, 400, 20000], \"children\": [\n"
        layout += (0..<600).map { "  {\"id\": \"b\($0)\", \"type\": \"button\", \"frame\": [10, \($0 * 30), 20, 20]}" }.joined(separator: ",\n")
        layout += "\n]}}\n"
        let path = try folder.write("many.json", layout)
        let expected = runCommand(["--format", "sarif", path], in: folder.path).output
        XCTAssertGreaterThan(expected.utf8.count, 4 * ByteWriter.pieceSize, "a report of several pieces")
        try folder.write("report.sarif", "old")
        var seenBeforeRename: String?
        AtomicFile.beforeRename = { _ in seenBeforeRename = try? folder.read("report.sarif") }
        defer { AtomicFile.beforeRename = nil }
        let result = runCommand(["--output", "report.sarif", "--format", "sarif", path], in: folder.path)
        XCTAssertEqual(result.status, 1, result.error)
        XCTAssertEqual(seenBeforeRename, "old", "the report's pieces go to a temporary file")
        XCTAssertEqual(try folder.read("report.sarif"), expected)
    }

    func testStatsGoToStandardError() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yaml", Layouts.small)
        try folder.write("b.yaml", Layouts.gap)
        try folder.write("c.yaml", Layouts.clean)
        let plain = runCommand([folder.path])
        let result = runCommand(["--stats", "--jobs", "3", folder.path])
        XCTAssertEqual(result.output, plain.output, "the report is unchanged")
        let lines = result.error.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, result.error)
        XCTAssertEqual(lines[0], "files: 3")
        XCTAssertEqual(lines[1], "nodes: 8")
        XCTAssertTrue(lines[2].hasPrefix("time: ") && lines[2].hasSuffix(" s (3 jobs)"), lines[2])
        XCTAssertEqual(Array(lines[3...]), ["diagnostics by rule:", "  dead-gap     1", "  target-size  1"])
        let quiet = runCommand(["--stats", "--rule", "target-size=off", "--rule", "dead-gap=off", folder.path + "/c.yaml"])
        XCTAssertTrue(quiet.error.hasSuffix("diagnostics by rule: none\n"), quiet.error)
    }

    func testMaxWarningsStrictAndQuietDecideTheExitTogether() throws {
        let folder = try TemporaryFolder()
        let gaps = try folder.write("gaps.yaml", Layouts.gap)
        XCTAssertEqual(runCommand(["--max-warnings", "1", gaps]).status, 0, "1 warning is not more than 1")
        let over = runCommand(["--max-warnings", "0", gaps])
        XCTAssertEqual(over.status, 1)
        XCTAssertEqual(over.error, "hitlint: 1 warning, more than --max-warnings 0 allows\n")
        XCTAssertEqual(runCommand(["--max-warnings", "0", "--exit-zero", gaps]).status, 0)
        XCTAssertEqual(runCommand(["--max-warnings", "-1", gaps]).status, 2)
        XCTAssertEqual(runCommand(["--max-warnings", "many", gaps]).status, 2)
        // --quiet hides warnings from the report, not from the exit status.
        let quietStrict = runCommand(["--quiet", "--strict", gaps])
        XCTAssertEqual(quietStrict.status, 1)
        XCTAssertEqual(quietStrict.output, "0 errors, 0 warnings in 1 file\n")
        XCTAssertEqual(runCommand(["--quiet", "--max-warnings", "0", gaps]).status, 1)
    }

    func testJobsMustBeAPositiveCountAndDoNotChangeTheOutput() throws {
        let folder = try TemporaryFolder()
        for index in 0..<12 { try folder.write("f\(index).yaml", index % 3 == 0 ? Layouts.small : Layouts.gap) }
        let one = runCommand(["--jobs", "1", "--format", "json", folder.path])
        for jobs in ["2", "5", "64"] {
            XCTAssertEqual(runCommand(["--jobs", jobs, "--format", "json", folder.path]).output, one.output, "--jobs \(jobs)")
        }
        XCTAssertEqual(runCommand(["--jobs", "0", folder.path]).status, 2)
        XCTAssertEqual(runCommand(["--jobs=x", folder.path]).error, "hitlint: --jobs takes a whole number of at least 1, found 'x'\nRun 'hitlint --help' for usage.\n")
    }

    func testColorChoices() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("small.yaml", Layouts.small)
        let escape = "\u{1B}["
        XCTAssertTrue(runCommand(["--color", "always", layout]).output.contains(escape))
        XCTAssertFalse(runCommand(["--color", "never", layout], terminal: true).output.contains(escape))
        XCTAssertTrue(runCommand([layout], terminal: true).output.contains(escape))
        XCTAssertFalse(runCommand([layout], terminal: true, environment: ["NO_COLOR": "1"]).output.contains(escape))
        XCTAssertTrue(runCommand([layout], terminal: true, environment: ["NO_COLOR": ""]).output.contains(escape), "an empty NO_COLOR does not count")
        XCTAssertFalse(runCommand([layout], terminal: false).output.contains(escape))
        XCTAssertEqual(runCommand(["--color", "sometimes", layout]).status, 2)
    }

    func testSymlinkLoopsEndAndEachFileIsLintedOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("a/one.yaml", Layouts.small)
        try folder.write("a/b/two.yaml", Layouts.clean)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.path + "/a/b/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder.path + "/a/self", withDestinationPath: folder.path + "/a")
        try manager.createSymbolicLink(atPath: folder.path + "/a/dangling.yaml", withDestinationPath: folder.path + "/nowhere.yaml")
        try manager.createSymbolicLink(atPath: folder.path + "/a/itself", withDestinationPath: folder.path + "/a/itself")
        let result = runCommand([folder.path + "/a"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output.split(separator: "\n").filter { $0.contains("error:") }.count, 1, result.output)
        XCTAssertTrue(result.output.hasSuffix("in 2 files\n"), result.output)
    }

    /// What the walker finds, from the folder listing's entry types: layout files
    /// in path order, through folders and links to folders, not hidden entries,
    /// not other extensions; a folder reached twice is walked once, under the
    /// first name in path order; a FIFO with a layout name is found (and then
    /// refused by the reader, not opened).
    func testTheWalkerListsLayoutFilesInPathOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.json", Layouts.clean)
        try folder.write("a/z.yml", Layouts.clean)
        try folder.write("a.yaml", Layouts.clean)
        try folder.write("notes.txt", "not a layout")
        try folder.write(".hidden/x.json", Layouts.clean)
        try folder.write(".dot.json", Layouts.clean)
        try folder.write("real/r.json", Layouts.clean)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: "real")
        XCTAssertEqual(mkfifo(folder.path + "/pipe.json", 0o600), 0)
        let (files, problems) = FileWalker().files(in: [folder.path])
        XCTAssertEqual(problems.count, 0)
        XCTAssertEqual(files.map { String($0.dropFirst(folder.path.count + 1)) },
                       ["a.yaml", "a/z.yml", "b.json", "linked/r.json", "pipe.json"])
        let result = runCommand([folder.path])
        XCTAssertEqual(result.status, 2, "the FIFO is a path that could not be linted")
        XCTAssertTrue(result.error.contains("pipe.json: not a regular file (a FIFO); not read"), result.error)
    }

    /// Issue 33: `hitlint a.yaml ./a.yaml /abs/a.yaml` reported one file three
    /// times (and SARIF repeated its fingerprints). Each real file is linted
    /// once, under the first name given: a path, a link to it, the folder it
    /// is in, a link among its neighbours.
    func testEachRealFileIsLintedOnceUnderTheFirstNameGiven() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("Layouts/a.yaml", Layouts.small)
        try folder.write("Layouts/b.yaml", Layouts.gap)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Layouts/link.yaml", withDestinationPath: "a.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/alias.yaml", withDestinationPath: "Layouts/b.yaml")
        let named = runCommand(["Layouts/a.yaml", "./Layouts/a.yaml", layout, "Layouts/link.yaml"], in: folder.path)
        XCTAssertEqual(named.output, """
        Layouts/a.yaml:1:88: error: 'play' is reachable on 30×30 pt; minimum is 44×44 pt (ios) [target-size]
        1 error, 0 warnings, 1 fixable in 1 file

        """)
        let walked = runCommand(["alias.yaml", "Layouts", "./Layouts/b.yaml"], in: folder.path)
        XCTAssertEqual(walked.output.split(separator: "\n").map { String($0.prefix(22)) },
                       ["Layouts/a.yaml:1:88: e", "alias.yaml:5:122: warn", "1 error, 1 warning, 2 "])
        let sarif = runCommand(["--format", "sarif", "Layouts", "./Layouts", "alias.yaml", layout], in: folder.path)
        let fingerprints = sarif.output.split(separator: "\n").filter { $0.contains("\"hitlint/v1\"") }
        XCTAssertEqual(fingerprints.count, 2, sarif.output)
        XCTAssertEqual(Set(fingerprints).count, 2)
        // Named under another name, a file found in a folder is still named:
        // a file that is no layout is an error, not a note.
        try folder.write("Layouts/notes.json", "{\"title\": \"not a layout\"}")
        let notes = runCommand(["Layouts", "./Layouts/notes.json"], in: folder.path)
        XCTAssertTrue(notes.output.contains("Layouts/notes.json:1:2: error:"), notes.output)
    }

    /// The walker sorts ASCII names as bytes and others as strings, lists
    /// layout extensions in any case, and a path named twice is linted once.
    func testTheWalkerSortsAnyNamesAndListsAPathOnce() throws {
        let folder = try TemporaryFolder()
        let names = ["b.JSON", "a.Yml", "é.json", "e.json", "Z.yaml", "y.yaml", "a-b.json", "a.txt", "ab.json"]
        for name in names { try folder.write(name, Layouts.clean) }
        let (files, _) = FileWalker().files(in: [folder.path])
        let expected = names.filter { $0 != "a.txt" }.map { folder.path + "/" + $0 }.sorted()
        XCTAssertEqual(files, expected)
        let single = folder.path + "/e.json"
        XCTAssertEqual(FileWalker().files(in: [single, folder.path, single]).files, expected, "each path once, in order")
        for path in ["a.JSON", "b.Yml", "c.YAML", "d.json.txt", "json", ".json", "é.json", "x.jsoN", "y.ym", "", "a.yml/", "K.JSON"] {
            let lower = path.lowercased()
            let reference: SourceFormat? = lower.hasSuffix(".json") ? .json
                : lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") ? .yaml : nil
            XCTAssertEqual(SourceFormat(path: path), reference, path)
        }
    }

    func testAllFormatsAreAcceptedAndAnUnknownOneSuggests() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("small.yaml", Layouts.small)
        for format in ReportArguments.OutputFormat.allCases {
            XCTAssertEqual(runCommand(["--format", format.rawValue, layout]).status, 1, format.rawValue)
        }
        let unknown = runCommand(["--format", "sarf", layout])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.error, "hitlint: unknown format 'sarf'; did you mean 'sarif'?\n")
        XCTAssertTrue(runCommand(["--stat", layout]).error.contains("did you mean '--stats'?"))
    }

    func testHelpListsEveryOption() {
        let help = runCommand(["--help"]).output
        for option in Arguments.options where option.name.hasPrefix("--") {
            XCTAssertTrue(help.contains("\n  \(option.label) "), option.name)
        }
        for format in ReportArguments.OutputFormat.allCases { XCTAssertTrue(help.contains(format.rawValue), format.rawValue) }
        XCTAssertTrue(help.contains("hitlint init"))
    }
}
