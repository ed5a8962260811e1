import XCTest
@testable import HitLintKit

/// The reports written straight into bytes (SARIF, GitHub, JUnit, the
/// fingerprints) against their plain definitions: the reporters as they were
/// first written, a SARIF log as a `JSONValue` tree, lines as joined strings,
/// fingerprints as `StableHash` of their parts. Random results, with what
/// the fast paths set apart: text that needs escaping in every format, ids
/// that repeat, findings without a node, in captures, with fixes of several
/// edits out of order, with advice only, rules the registry does not know,
/// paths inside and outside the project.
final class ReportWritersTests: XCTestCase {
    func testReportsEqualTheirPlainDefinitions() {
        var random = SeededRandom(seed: 36)
        for round in 0..<60 {
            let results = Self.randomResults(&random, files: round % 7 == 0 ? 0 : random.int(1...4))
            for directory in ["/p", "/p/sub", "/"] {
                XCTAssertEqual(String(decoding: SARIFReporter(currentDirectory: directory).reportBytes(results), as: UTF8.self),
                               PlainReports.sarif(results, currentDirectory: directory), "round \(round), \(directory)")
                XCTAssertEqual(String(decoding: GitHubReporter(currentDirectory: directory).reportBytes(results), as: UTF8.self),
                               PlainReports.github(results, currentDirectory: directory), "round \(round), \(directory)")
            }
            XCTAssertEqual(String(decoding: JUnitReporter().reportBytes(results), as: UTF8.self), PlainReports.junit(results),
                           "round \(round)")
            for result in results {
                XCTAssertEqual(Fingerprints.of(result, file: result.path), PlainReports.fingerprints(result, file: result.path))
                XCTAssertEqual(Fingerprints.values(of: result, file: "x"), Fingerprints.counted(result, file: "x"))
            }
        }
    }

    /// A large report is handed on in pieces as it is made, never whole:
    /// each piece ends between two diagnostics (so it is whole UTF-8 text,
    /// whatever the messages hold) and is about `ByteWriter.pieceSize`, and
    /// the pieces joined are the report.
    func testLargeReportsAreHandedOnInPiecesBetweenDiagnostics() {
        var random = SeededRandom(seed: 61)
        var results: [LintResult] = []
        while results.reduce(0, { $0 + $1.diagnostics.count }) < 3_500 {
            results += Self.randomResults(&random, files: 4).filter { !$0.diagnostics.isEmpty }
        }
        // One file with all the findings too: JUnit writes a file's findings as one case.
        let one = LintResult(path: "/p/one.yaml", source: results[0].source,
                             diagnostics: results.flatMap { result in result.diagnostics.map { diagnostic in
                                 var diagnostic = diagnostic
                                 diagnostic.span = SourceSpan(start: 0, end: 0)
                                 diagnostic.fix?.edits = []
                                 return diagnostic
                             } }, nodeCount: 1)
        let reporters: [(String, Reporter)] = [
            ("text", TextReporter()), ("text with fixes", TextReporter(showFixes: true)), ("json", JSONReporter()),
            ("sarif", SARIFReporter(currentDirectory: "/p")), ("github", GitHubReporter(currentDirectory: "/p")),
            ("junit", JUnitReporter()),
        ]
        for (name, reporter) in reporters {
            for results in [results, [one]] {
                var pieces: [[UInt8]] = []
                reporter.write(results) { pieces.append(Array($0)) }
                XCTAssertGreaterThan(pieces.count, 3, name)
                for piece in pieces.dropLast() {
                    XCTAssertGreaterThanOrEqual(piece.count, ByteWriter.pieceSize, name)
                    XCTAssertLessThan(piece.count, 2 * ByteWriter.pieceSize, name)
                }
                for piece in pieces {
                    XCTAssertNotNil(String(validating: piece, as: UTF8.self), "\(name): a piece cut inside a character")
                }
                XCTAssertEqual(String(decoding: pieces.joined(), as: UTF8.self), reporter.report(results), name)
            }
        }
    }

    /// A file's diagnostics formatted a chunk at a time on several threads
    /// (`ReportChunks`) read as on one: the same bytes cut into the same
    /// pieces, for a file of many findings in spans all over it, with
    /// edits, captures' controls and a source excerpt (text on a terminal);
    /// and a file with a line too long to be shared (checkpoints) the same.
    func testReportsFormattedOnSeveralThreadsAreTheSameAsOnOne() {
        var random = SeededRandom(seed: 17)
        var lines = ""
        for line in 0..<3_000 { lines += "line \(line) " + String(repeating: "é", count: line % 7) + "\n" }
        let long = "{" + String(repeating: "x", count: 5_000) + "}\n" + lines
        var results: [LintResult] = []
        for text in [lines, long] {
            let source = SourceText(text)
            let count = source.bytes.count
            let diagnostics = Self.randomResults(&random, files: 300).flatMap(\.diagnostics).map { diagnostic in
                var diagnostic = diagnostic
                let start = random.int(0...count)
                diagnostic.span = SourceSpan(start: start, end: random.int(start...min(count, start + 40)))
                if diagnostic.fix != nil {
                    diagnostic.fix!.edits = diagnostic.fix!.edits.map { edit in
                        let from = random.int(0...count)
                        return TextEdit(span: SourceSpan(start: from, end: min(count, from + 3)), replacement: edit.replacement)
                    }
                }
                return diagnostic
            }
            XCTAssertGreaterThan(diagnostics.count, 2 * ReportChunks.chunkSize)
            results.append(LintResult(path: "/p/many.json", source: source, diagnostics: diagnostics, nodeCount: 1))
        }
        func reporters(jobs: Int) -> [(String, Reporter)] {
            [("text", TextReporter(jobs: jobs)), ("text on a terminal", TextReporter(showSource: true, color: true, showFixes: true, jobs: jobs)),
             ("json", JSONReporter(jobs: jobs)), ("sarif", SARIFReporter(currentDirectory: "/p", jobs: jobs)),
             ("github", GitHubReporter(currentDirectory: "/p", jobs: jobs))]
        }
        for (one, several) in zip(reporters(jobs: 1), reporters(jobs: 3)) {
            for result in results {
                var (onePieces, severalPieces): ([[UInt8]], [[UInt8]]) = ([], [])
                // A fresh reader of the file each time: one whose table is built reads the same.
                var fresh = result
                fresh.source = SourceText(bytes: result.source.bytes)
                one.1.write([fresh]) { onePieces.append(Array($0)) }
                several.1.write([result]) { severalPieces.append(Array($0)) }
                XCTAssertEqual(onePieces.count, severalPieces.count, one.0)
                XCTAssertTrue(onePieces == severalPieces, one.0)
            }
        }
    }

    /// The escapes written into bytes are the `OutputEscaping` functions'.
    func testByteEscapesEqualOutputEscaping() {
        var random = SeededRandom(seed: 8)
        for _ in 0..<3_000 {
            let text = Self.randomText(&random, length: random.int(0...40))
            func written(_ write: (inout ByteWriter) -> Void) -> String {
                var out = ByteWriter()
                write(&out)
                return out.string
            }
            XCTAssertEqual(written { $0.appendOneLine(text) }, OutputEscaping.oneLine(text))
            XCTAssertEqual(written { $0.appendWorkflowMessage(text) }, OutputEscaping.workflowMessage(text))
            XCTAssertEqual(written { $0.appendWorkflowProperty(text) }, OutputEscaping.workflowProperty(text))
            XCTAssertEqual(written { $0.appendMarkup(text) }, OutputEscaping.markup(text))
            XCTAssertEqual(written { $0.appendMarkup(text, lineBreaksAsReferences: true) },
                           OutputEscaping.markup(text, lineBreaksAsReferences: true))
        }
        var out = ByteWriter()
        for value: UInt64 in [0, 1, 0xF, 0xCBF2_9CE4_8422_2325, .max] { out.appendHex16(value); out.append(" ") }
        XCTAssertEqual(out.string, "0000000000000000 0000000000000001 000000000000000f cbf29ce484222325 ffffffffffffffff ")
    }

    /// A `JSONValue` written at an indent is the same text as rendered whole
    /// with that many spaces before each of its lines but the first.
    func testValueWrittenAtAnIndentIsTheValueIndented() {
        let value = JSONValue.object([("a", .array([.int(1), .string("x\n")])), ("b", .object([("c", .array([.object([("d", .null)])]))])),
                                      ("e", .array([])), ("f", .object([])), ("g", .bool(true))])
        var out = ByteWriter()
        value.write(into: &out, indent: 4)
        let whole = value.rendered().dropLast()
        XCTAssertEqual(out.string, whole.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    "))
    }

    // MARK: - Random results

    static let pieces = ["a", "play", " ", "'", "\"", "\\", "%", ":", ",", "&", "<", ">", "×", "—", "é", "😀", "\t", "\n", "\r",
                         "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{2066}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}",
                         "\u{EF}", "\u{0}", "%0A", "::error::", "minimum is 44×44 pt (ios)"]

    static func randomText(_ random: inout SeededRandom, length: Int) -> String {
        // Mostly plain words, as real messages are; sometimes anything.
        let plain = random.chance(0.5)
        return (0..<length).map { _ in plain ? random.pick(["a", "b", "play", " ", "×", "44", "'", "."]) : random.pick(pieces) }
            .joined()
    }

    static func randomResults(_ random: inout SeededRandom, files: Int) -> [LintResult] {
        let rules = RuleRegistry.descriptions.map(\.id) + ["custom-rule", "unknown-key"]
        let paths = ["/p/a.yaml", "/p/sub/b c.json", "/elsewhere/x%.yaml", "/p/:odd,name\n.yaml", "rel/d.yaml", "/p/é.json"]
        return (0..<files).map { _ in
            var text = ""
            for line in 0..<random.int(1...30) {
                text += "line \(line) " + randomText(&random, length: random.int(0...12)).replacingOccurrences(of: "\n", with: " ") + "\n"
            }
            let source = SourceText(text)
            let count = source.bytes.count
            func span() -> SourceSpan {
                let start = random.int(0...count)
                return SourceSpan(start: start, end: random.int(start...min(count, start + 20)))
            }
            let nodes = ["play", "pause", "é", "a\"b", "x\ny"]
            let diagnostics: [Diagnostic] = (0..<random.int(0...25)).map { _ in
                var diagnostic = Diagnostic(rule: random.pick(rules), severity: random.pick([.error, .warning, .info, .off]),
                                            message: randomText(&random, length: random.int(0...30)), span: span(),
                                            node: random.chance(0.8) ? random.pick(nodes) : nil,
                                            related: (0..<random.int(0...3)).map { _ in random.pick(nodes) })
                if random.chance(0.6) {
                    let edits = (0..<random.int(0...3)).map { _ in
                        TextEdit(span: span(), replacement: randomText(&random, length: random.int(0...8)))
                    }
                    diagnostic.fix = Fix(description: randomText(&random, length: random.int(0...10)), edits: edits)
                }
                if random.chance(0.15) { diagnostic.control = random.pick(["c1", "c2", "é\n"]) }
                return diagnostic
            }
            return LintResult(path: random.pick(paths), source: source, diagnostics: diagnostics, nodeCount: 1)
        }
    }
}

/// The reporters as they were first written (joined strings, a value tree).
enum PlainReports {
    static func fingerprints(_ result: LintResult, file: String) -> [String] {
        var occurrences: [String: Int] = [:]
        return result.diagnostics.map { diagnostic in
            if let control = diagnostic.control { return StableHash.hex(["control", diagnostic.rule, control]) }
            let node = diagnostic.node ?? ""
            let key = "\(diagnostic.rule)\u{0}\(node)"
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            return StableHash.hex([file, diagnostic.rule, node, String(occurrence)])
        }
    }

    static func sarif(_ results: [LintResult], currentDirectory: String) -> String {
        let descriptions = RuleRegistry.descriptions
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in descriptions.enumerated() { ruleIndex[rule.id] = index }
        func artifactLocation(_ file: String) -> JSONValue {
            if file.hasPrefix("/") { return .object([("uri", .string(ProjectPath.uri(file)))]) }
            return .object([("uri", .string(ProjectPath.uri(file))), ("uriBaseId", .string(SARIFReporter.sourceRoot))])
        }
        func region(_ start: SourceLocation, _ end: SourceLocation) -> JSONValue {
            .object([("startLine", .int(start.line)), ("startColumn", .int(start.column)),
                     ("endLine", .int(end.line)), ("endColumn", .int(end.column))])
        }
        var sarifResults: [JSONValue] = []
        for result in results {
            let file = ProjectPath.relative(result.path, to: currentDirectory)
            let artifact = artifactLocation(file)
            let fingerprints = fingerprints(result, file: file)
            for (position, diagnostic) in result.diagnostics.enumerated() {
                let (start, end) = result.location(diagnostic)
                var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.rule))]
                if let index = ruleIndex[diagnostic.rule] { members.append(("ruleIndex", .int(index))) }
                members += [
                    ("level", .string(SARIFReporter.level(diagnostic.severity))),
                    ("message", .object([("text", .string(diagnostic.message))])),
                    ("locations", .array([.object([("physicalLocation", .object([
                        ("artifactLocation", artifact), ("region", region(start, end)),
                    ]))])])),
                    ("partialFingerprints", .object([(SARIFReporter.fingerprintKey, .string(fingerprints[position]))])),
                ]
                if let fix = diagnostic.fix, !fix.edits.isEmpty {
                    let replacements = fix.edits.sorted { $0.span < $1.span }.map { edit -> JSONValue in
                        .object([
                            ("deletedRegion", region(result.source.location(of: edit.span.start), result.source.location(of: edit.span.end))),
                            ("insertedContent", .object([("text", .string(edit.replacement))])),
                        ])
                    }
                    members.append(("fixes", .array([.object([
                        ("description", .object([("text", .string(fix.description))])),
                        ("artifactChanges", .array([.object([("artifactLocation", artifact), ("replacements", .array(replacements))])])),
                    ])])))
                }
                if !diagnostic.related.isEmpty {
                    members.append(("properties", .object([("related", .array(diagnostic.related.map(JSONValue.string)))])))
                }
                sarifResults.append(.object(members))
            }
        }
        return JSONValue.object([
            ("$schema", .string(SARIFReporter.schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("hitlint")),
                    ("semanticVersion", .string(HitLint.version)),
                    ("informationUri", .string(SARIFReporter.informationURI)),
                    ("rules", .array(descriptions.map(SARIFReporter.rule))),
                ]))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(sarifResults)),
            ])])),
        ]).rendered()
    }

    static func github(_ results: [LintResult], currentDirectory: String) -> String {
        var out = ""
        for result in results {
            let file = ProjectPath.relative(result.path, to: currentDirectory)
            for diagnostic in result.diagnostics {
                let (start, end) = result.location(diagnostic)
                let command: String
                switch diagnostic.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .info, .off: command = "notice"
                }
                let properties = [
                    ("file", file), ("line", String(start.line)), ("col", String(start.column)),
                    ("endLine", String(end.line)), ("endColumn", String(end.column)), ("title", diagnostic.rule),
                ]
                out += "::\(command) "
                out += properties.map { "\($0.0)=\(OutputEscaping.workflowProperty($0.1))" }.joined(separator: ",")
                out += "::\(OutputEscaping.workflowMessage(diagnostic.message))\n"
            }
        }
        return out
    }

    static func junit(_ results: [LintResult]) -> String {
        func escape(_ text: String) -> String { OutputEscaping.markup(text, lineBreaksAsReferences: true) }
        func line(_ result: LintResult, _ diagnostic: Diagnostic) -> String {
            let start = result.location(diagnostic).start
            let severity = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            return "\(OutputEscaping.lineStart(result.path)):\(start.line):\(start.column): \(severity): "
                + "\(OutputEscaping.oneLine(diagnostic.message)) [\(diagnostic.rule)]"
        }
        let failures = results.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count }
        let suite = "name=\"hitlint\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites \(suite)>\n"
        out += "  <testsuite \(suite)>\n"
        for result in results {
            let path = escape(result.path)
            let errors = result.diagnostics.filter { $0.severity == .error }
            let others = result.diagnostics.filter { $0.severity != .error }
            out += "    <testcase classname=\"hitlint\" name=\"\(path)\" file=\"\(path)\""
            if errors.isEmpty, others.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            for diagnostic in errors {
                out += "      <failure type=\"\(escape(diagnostic.rule))\" message=\"\(escape(diagnostic.message))\">"
                out += escape(line(result, diagnostic)) + "</failure>\n"
            }
            if !others.isEmpty {
                out += "      <system-out>" + others.map { escape(line(result, $0)) }.joined(separator: "\n") + "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
