import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import HitLintKit

/// SPEC §10: strings from files (ids, file names) are escaped for the format
/// they land in, so no input forges a diagnostic line, a GitHub workflow
/// command, a terminal escape or a diff header. Each format is run on layouts
/// whose ids and file names hold line breaks, ESC, BEL, C1 controls, bidi
/// overrides, `::stop-commands::` and `%`; `Scripts/escaping-check` checks the
/// same with Python and git.
final class ForgedOutputTests: XCTestCase {
    /// Ids that try every trick; each is a 30×30 button, so each gets a
    /// target-size error with a fix that names it.
    static let hostileIds = [
        "a\nforged.json:1:1: error: forged line [target-size]",
        "b\u{1B}]0;title\u{07}\u{1B}[2J",
        "c\n::stop-commands::pwned",
        "d\r\n::error file=x.json,line=1::forged annotation",
        "100% \r%0A done",
        "e\u{85}f\u{9B}31m\u{7F}",
        "g\u{202E}nosj.exe\u{2066}\u{2028}h",
        "\t ::warning::tab-led",
    ]

    /// A JSON layout (JSON strings spell every control character) with a
    /// button per id, 60 pt apart, each too small.
    static func layout(ids: [String]) -> String {
        var children: [String] = []
        for (index, id) in ids.enumerated() {
            children.append("{\"id\": \(jsonString(id)), \"type\": \"button\", \"frame\": [10, \(10 + 60 * index), 30, 30]}")
        }
        return "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 390, 844], \"children\": [\n"
            + children.joined(separator: ",\n") + "\n]}}\n"
    }

    /// File names that try to be read as something else.
    static let hostileNames = [
        "na\nme.json",
        "::stop-commands::tok.json",
        " ::error::lead.json",
        "ta\tb.json",
        "q\"uote.json",
        "esc\u{1B}[1m.json",
    ]

    private func folderWithHostileFiles() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("ids.json", Self.layout(ids: Self.hostileIds))
        for name in Self.hostileNames { try folder.write(name, Self.layout(ids: ["play"])) }
        return folder
    }

    /// The command run in `folder` on the files named relative to it, as CI runs `hitlint .`.
    private func run(_ arguments: [String], in folder: TemporaryFolder) -> (status: Int32, output: String, error: String) {
        runCommand(arguments + ["ids.json"] + Self.hostileNames, in: folder.path)
    }

    /// No byte that a terminal acts on: C0 controls but tab and LF, DEL, C1.
    private func assertNoTerminalControls(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (scalar.value >= 0x7F && scalar.value <= 0x9F)
                || (scalar.value >= 0x2028 && scalar.value <= 0x202E) || (scalar.value >= 0x2066 && scalar.value <= 0x2069)
        }
        XCTAssertTrue(found.isEmpty, "\(what) holds \(found.map { String($0.value, radix: 16) })", file: file, line: line)
    }

    /// The Actions runner's test (`ActionCommand.TryParseV2`): a line that,
    /// after leading white space (.NET's `TrimStart`), starts with `::`.
    static func startsWorkflowCommand(_ line: Substring) -> Bool {
        line.drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }.hasPrefix("::")
    }

    // MARK: - text

    func testTextReportAndShownFixesForgeNoLine() throws {
        let folder = try folderWithHostileFiles()
        let result = run(["--show-fixes"], in: folder)
        XCTAssertEqual(result.status, 1)
        assertNoTerminalControls(result.output, "the text report")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertGreaterThan(lines.count, 20)
        let shownNames = ["ids.json"] + Self.hostileNames.map { name in
            let shown = name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
            return shown.first == ":" || shown.first == " " ? "./" + shown : shown
        }
        for line in lines.dropLast() {
            // A diagnostic of one of the files, or an indented line under one.
            let ok = line.hasPrefix("    ") || shownNames.contains { line.hasPrefix($0 + ":") && line.contains(": error: ") }
            XCTAssertTrue(ok, "a line no file wrote: \(line.debugDescription)")
            XCTAssertFalse(Self.startsWorkflowCommand(line), "starts a workflow command: \(line.debugDescription)")
        }
        XCTAssertEqual(lines.last, "14 errors, 0 warnings, 14 fixable in 7 files")
        XCTAssertTrue(result.output.contains("'a\\nforged.json:1:1: error: forged line [target-size]'"), result.output)
        XCTAssertTrue(result.output.contains("'b\\u{1B}]0;title\\u{7}\\u{1B}[2J'"), result.output)
        XCTAssertTrue(result.output.contains("'g\\u{202E}nosj.exe\\u{2066}\\u{2028}h'"), result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("./::stop-commands::tok.json:2:43: error: ") }, result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("./ ::error::lead.json:2:43: error: ") }, result.output)
    }

    /// A fix's replacement is shown quoted on one line.
    func testShownEditsAreQuotedOnOneLine() {
        let source = SourceText("root: {id: s}\n")
        let fix = Fix(description: "grow 'x\u{1B}[2J'\n::error::y", edits: [TextEdit(span: SourceSpan(start: 6, end: 6), replacement: "a\n\u{7}b")])
        var diagnostic = Diagnostic(rule: "target-size", severity: .error, message: "m", span: SourceSpan(start: 0, end: 4))
        diagnostic.fix = fix
        let result = LintResult(path: "p.yaml", source: source, diagnostics: [diagnostic], nodeCount: 1)
        let text = TextReporter(showFixes: true).report([result])
        XCTAssertEqual(text, """
        p.yaml:1:1: error: m [target-size]
            fix: grow 'x\\u{1B}[2J'\\n::error::y
              1:7: insert "a\\n\\u{7}b"
        1 error, 0 warnings, 1 fixable in 1 file

        """)
    }

    // MARK: - github

    func testGitHubCommandsAreWellFormedAndTheLogStartsNone() throws {
        let folder = try folderWithHostileFiles()
        let result = run(["--format", "github", "--show-fixes"], in: folder)
        XCTAssertEqual(result.status, 1)
        assertNoTerminalControls(result.output, "the workflow commands")
        assertNoTerminalControls(result.error, "the text report on standard error")
        let commands = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(commands.count, 14)
        let property = "[^,:%\\r\\n]*(%(25|0D|0A|3A|2C)[^,:%\\r\\n]*)*"
        let pattern = try NSRegularExpression(pattern: "^::error file=\(property),line=[0-9]+,col=[0-9]+,endLine=[0-9]+,endColumn=[0-9]+,title=\(property)::([^%\\r\\n]|%25|%0D|%0A)*$")
        for command in commands {
            let text = String(command)
            XCTAssertNotNil(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "not a well-formed command: \(text.debugDescription)")
        }
        XCTAssertTrue(result.output.contains("::error file=%3A%3Astop-commands%3A%3Atok.json,"), result.output)
        XCTAssertTrue(result.output.contains("::'c%0A::stop-commands::pwned' is reachable"), result.output)
        XCTAssertTrue(result.output.contains("::'100%25 %0D%250A done' is reachable"), result.output)
        XCTAssertTrue(result.output.contains("::'b\\u{1B}]0;title\\u{7}\\u{1B}[2J' is reachable"), result.output)
        for line in result.error.split(separator: "\n") {
            XCTAssertFalse(Self.startsWorkflowCommand(line), "the log would run: \(line.debugDescription)")
        }
    }

    // MARK: - json, sarif, junit: their grammar carries every character

    /// Every C0 control, DEL, C1 and the separators in an id: JSON and SARIF
    /// parse, and give the id back exactly.
    func testJSONAndSARIFCarryEveryControlCharacterExactly() throws {
        var ids = (0..<0x20).map { "c\(String(format: "%02x", $0))-\(String(UnicodeScalar(UInt8($0))))-" }
        ids += ["del-\u{7F}-", "nel-\u{85}-csi-\u{9B}-", "ls-\u{2028}-ps-\u{2029}-rlo-\u{202E}-", "quote-\"-backslash-\\-"]
        let folder = try TemporaryFolder()
        try folder.write("ids.json", Self.layout(ids: ids))
        let json = runCommand(["--format", "json", "ids.json"], in: folder.path)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let nodes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? String }
        XCTAssertEqual(Set(nodes), Set(ids))
        let sarif = runCommand(["--format", "sarif", "ids.json"], in: folder.path)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let messages = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        XCTAssertEqual(messages.count, ids.count)
        for id in ids { XCTAssertTrue(messages.contains { $0.contains("'\(id)'") }, id.debugDescription) }
        // Raw, the output holds no C0 control but the line ends JSON writes itself.
        for text in [json.output, sarif.output] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character")
        }
    }

    /// JUnit: well-formed XML whatever the ids and names; what XML 1.0 cannot
    /// carry (U+0001 …) is replaced, the rest is carried.
    func testJUnitIsWellFormedWhateverTheIds() throws {
        var ids = (0..<0x20).map { "c\(String(format: "%02x", $0))-\(String(UnicodeScalar(UInt8($0))))-" }
        ids += ["del-\u{7F}-", "nel-\u{85}-", "lt-<-amp-&-quote-\"-apos-'-", "\u{FFFE}\u{FFFF}"]
        let folder = try TemporaryFolder()
        try folder.write("ids.json", Self.layout(ids: ids))
        try folder.write("na\u{1}me&<.json", Self.layout(ids: ["play"]))
        let result = runCommand(["--format", "junit", "ids.json", "na\u{1}me&<.json"], in: folder.path)
        let parser = XMLParser(data: Data(result.output.utf8))
        let collector = FailureCollector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(collector.messages.count, ids.count + 1)
        XCTAssertTrue(collector.cases.contains("na\u{FFFD}me&<.json"), "\(collector.cases)")
        XCTAssertTrue(collector.messages.contains { $0.contains("'lt-<-amp-&-quote-\"-apos-'-'") })
        XCTAssertTrue(collector.messages.contains { $0.contains("'c0a-\n-'") }, "a line break is carried (as a reference)")
        XCTAssertTrue(collector.messages.contains { $0.contains("'c01-\u{FFFD}-'") }, "U+0001 is replaced")
        // The text of each failure and of system-out is the text report's line, on one line.
        XCTAssertEqual(collector.texts.count, ids.count + 1)
        for text in collector.texts {
            for line in text.split(separator: "\n") {
                XCTAssertTrue(line.hasPrefix("ids.json:") || line.hasPrefix("na\\u{1}me&<.json:"), "a line no file wrote: \(line.debugDescription)")
            }
        }
        XCTAssertTrue(collector.texts.contains { $0.contains("'c0a-\\n-'") })
    }

    // MARK: - unified diff headers

    func testDiffHeadersQuoteFileNamesAsGitDoes() {
        let old = Array("a\n".utf8), new = Array("b\n".utf8)
        func headers(_ path: String) -> [String] {
            Array(UnifiedDiff.make(old: old, new: new, path: path).split(separator: "\n", omittingEmptySubsequences: false).prefix(2).map(String.init))
        }
        XCTAssertEqual(headers("Layouts/a.yaml"), ["--- a/Layouts/a.yaml", "+++ b/Layouts/a.yaml"])
        XCTAssertEqual(headers("é/ü.yaml"), ["--- a/é/ü.yaml", "+++ b/é/ü.yaml"], "UTF-8 as it is, as git with core.quotePath off")
        XCTAssertEqual(headers("na\nme.yaml"), ["--- \"a/na\\nme.yaml\"", "+++ \"b/na\\nme.yaml\""])
        XCTAssertEqual(headers("ta\tb \"q\" \\.yaml"), ["--- \"a/ta\\tb \\\"q\\\" \\\\.yaml\"", "+++ \"b/ta\\tb \\\"q\\\" \\\\.yaml\""])
        XCTAssertEqual(headers("/abs/e\u{1B}\u{7F}\u{85}.yaml"), ["--- \"/abs/e\\033\\177\\302\\205.yaml\"", "+++ \"/abs/e\\033\\177\\302\\205.yaml\""])
        XCTAssertEqual(headers("my file.yaml"), ["--- a/my file.yaml\t", "+++ b/my file.yaml\t"], "a space: the name ends at a tab")
        XCTAssertEqual(headers("x.yaml\n+++ b/victim.yaml"), ["--- \"a/x.yaml\\n+++ b/victim.yaml\"", "+++ \"b/x.yaml\\n+++ b/victim.yaml\""])
    }

    /// `git apply` takes the diff for the files it was made for, and only them.
    func testGitAppliesTheDiffToTheRightFiles() throws {
        let git = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let git else { throw XCTSkip("git is not installed") }
        let folder = try TemporaryFolder()
        let names = ["na\nme.json", "ta\tb.json", "q\"uote.json", "sp ace.json", "back\\slash.json", "esc\u{1B}[1m.json", "na", "me.json", "victim.json"]
        for name in names { try folder.write(name, Self.layout(ids: ["play"])) }
        func runGit(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: git)
            process.arguments = arguments
            process.currentDirectoryURL = folder.url
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            let inputPipe = Pipe()
            process.standardInput = inputPipe
            try process.run()
            inputPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
            try inputPipe.fileHandleForWriting.close()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
        XCTAssertEqual(try runGit(["init", "-q", "."]).status, 0)
        let hostile = Array(names.prefix(6))
        let diff = runCommand(["--diff"] + hostile, in: folder.path)
        XCTAssertEqual(diff.status, 0)
        assertNoTerminalControls(diff.output, "the diff")
        let check = try runGit(["apply", "--check", "-v", "-"], input: diff.output)
        XCTAssertEqual(check.status, 0, check.output + "\n" + diff.output)
        XCTAssertEqual(try runGit(["apply", "-"], input: diff.output).status, 0)
        // What --fix writes, in another folder.
        let fixed = try TemporaryFolder()
        for name in hostile { try fixed.write(name, Self.layout(ids: ["play"])) }
        _ = runCommand(["--fix"] + hostile, in: fixed.path)
        for name in names {
            let expected = hostile.contains(name) ? try fixed.read(name) : Self.layout(ids: ["play"])
            XCTAssertEqual(try folder.read(name), expected, "\(name.debugDescription) after git apply")
        }
    }

    /// `Scripts/escaping-check`: the built executable on hostile ids and file
    /// names, its output read back by Python (the Actions runner's parsing of
    /// workflow commands, json, ElementTree) and its diff applied by git.
    /// Skipped where Python 3, git or the built executable is missing.
    func testEscapingCheckWithPythonAndGit() throws {
        guard let binary = EndToEndTests.binary else { throw XCTSkip("the hitlint executable was not found next to the tests") }
        let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python else { throw XCTSkip("python3 is not installed") }
        guard ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].contains(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("git is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestSupport.packageRoot.appendingPathComponent("Scripts/escaping-check").path, "--hitlint", binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("all escaped"), output)
    }
}

private final class FailureCollector: NSObject, XMLParserDelegate {
    var cases: [String] = []
    var messages: [String] = []
    /// The text of each `failure` and `system-out`, references resolved.
    var texts: [String] = []
    private var text: String?
    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if element == "testcase", let name = attributes["name"] { cases.append(name) }
        if element == "failure", let message = attributes["message"] { messages.append(message) }
        if element == "failure" || element == "system-out" { text = "" }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }
    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if let text, element == "failure" || element == "system-out" { texts.append(text) }
        text = nil
    }
}
