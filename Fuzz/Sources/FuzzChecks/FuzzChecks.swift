import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HitLintKit

/// What must hold for every input, whatever its bytes. A broken property is a
/// `fatalError`, which libFuzzer reports as a crash and saves the input.
public enum FuzzChecks {
    // MARK: Parsers

    /// JSON: the parser returns a well-formed flat tree or an error inside the
    /// file; an accepted document written back as JSON parses to the same tree.
    public static func checkJson(_ bytes: [UInt8]) {
        checkParser(bytes, format: .json)
    }

    /// YAML: as JSON, and what it accepts, written as JSON, is YAML meaning the same.
    public static func checkYaml(_ bytes: [UInt8]) {
        checkParser(bytes, format: .yaml)
    }

    /// XML: as JSON (the document is JsonML: written as JSON it parses to
    /// the same tree), and linted by each XML importer (captures and
    /// Interface Builder documents), whatever
    /// its root element says: diagnostics inside the file, reports that
    /// parse, no fix with edits.
    public static func checkXml(_ bytes: [UInt8]) {
        checkParser(bytes, format: .xml)
        for choice in [FileKindChoice.auto, .uiautomator, .xcuitest, .interfaceBuilder] {
            var options = LintOptions()
            options.fileKind = choice
            let result = Linter(options: options).lint(source: SourceText(bytes: bytes), format: .xml, path: "fuzz.xml")
            checkResult(result, bytes: bytes)
            checkReports(result)
            require(result.diagnostics.allSatisfy { $0.fix?.edits.isEmpty ?? true }, "xml: a fix with edits on an imported file")
        }
    }

    static func checkParser(_ bytes: [UInt8], format: SourceFormat) {
        let source = SourceText(bytes: bytes)
        let document: Document
        do {
            document = try format.parse(source)
        } catch {
            require(error.offset >= 0 && error.offset <= bytes.count, "\(format) error offset \(error.offset) outside the file")
            require(!error.message.isEmpty, "\(format) error without a message")
            _ = source.location(of: error.offset)
            return
        }
        checkTree(document, format: format)
        let written = document.jsonBytes()
        let reparsed: Document
        do {
            reparsed = try JSONParser.parse(SourceText(bytes: written))
        } catch {
            fail("\(format) document written as JSON does not parse: \(error.message) at \(error.offset)")
        }
        checkTree(reparsed, format: .json)
        require(sameTree(document, reparsed), "\(format) document written as JSON parses to another tree")
        require(reparsed.jsonBytes() == written, "writing JSON is not stable")
        if format == .yaml {
            // JSON is a YAML flow node: the subset reads what it wrote the same way.
            if let again = try? YAMLParser.parse(SourceText(bytes: written)) {
                require(sameTree(document, again), "YAML document written as JSON means something else as YAML")
            }
        }
    }

    /// Spans inside the file, containers closing inside their parent, object
    /// members as key-value pairs, indices into the side tables in range.
    static func checkTree(_ document: Document, format: SourceFormat) {
        let entries = document.entries
        let count = document.source.bytes.count
        require(!entries.isEmpty, "\(format) document without a root value")
        require(document.next(0) == entries.count, "\(format) root does not span the whole document")
        var ends: [Int] = []
        for index in entries.indices {
            while let top = ends.last, index >= top {
                require(index == top, "\(format) container \(index) overlaps its parent's end")
                ends.removeLast()
            }
            let entry = entries[index]
            require(entry.start <= entry.end && Int(entry.end) <= count, "\(format) entry \(index) span outside the file")
            switch entry.kind {
            case .array, .object:
                require(Int(entry.payload) > index && Int(entry.payload) <= entries.count, "\(format) container \(index) end out of range")
                if let top = ends.last { require(Int(entry.payload) <= top, "\(format) container \(index) ends after its parent") }
                ends.append(Int(entry.payload))
            case .number:
                if entry.flags & Document.Entry.integer != 0 {
                    // An integer kept in its entry: the value must read back as one, and the span must say it.
                    let value = document.number(index)!
                    require(value == value.rounded() && abs(value) <= 33_554_432, "\(format) inline number \(index) out of range")
                    if format == .json,
                       let written = Double(String(decoding: document.source.bytes[Int(entry.start)..<Int(entry.end)], as: UTF8.self)) {
                        require(written == value, "\(format) inline number \(index) reads \(value), the file says \(written)")
                    }
                } else {
                    require(Int(entry.payload) < document.numbers.count, "\(format) number \(index) index out of range")
                }
            case .string:
                if entry.flags & Document.Entry.decoded != 0 {
                    require(Int(entry.payload) < document.strings.count, "\(format) string \(index) index out of range")
                } else if entry.flags & Document.Entry.quoted != 0 {
                    require(entry.end - entry.start >= 2, "\(format) quoted string \(index) shorter than its quotes")
                }
                _ = document.string(index)
            case .bool:
                require(entry.payload <= 1, "\(format) bool \(index) is neither true nor false")
            case .null:
                break
            }
        }
        // Objects: members alternate a string key and a value.
        for index in entries.indices where entries[index].kind == .object {
            var child = index + 1
            let end = document.next(index)
            while child < end {
                require(entries[child].kind == .string, "\(format) object \(index) has a key that is not a string")
                require(child + 1 < end, "\(format) object \(index) has a key without a value")
                child = document.next(child + 1)
            }
            require(child == end, "\(format) object \(index) members overrun it")
        }
    }

    /// Same kinds, strings and numbers in the same order (a number JSON cannot
    /// spell, NaN or infinity, is written as null).
    static func sameTree(_ a: Document, _ b: Document) -> Bool {
        guard a.entries.count == b.entries.count else { return false }
        for index in a.entries.indices {
            let x = a.entries[index]
            let y = b.entries[index]
            switch (x.kind, y.kind) {
            case (.number, .null):
                if a.number(index)!.isFinite { return false }
            case (.number, .number):
                let u = a.number(index)!
                let v = b.number(index)!
                if u != v && !(u.isNaN && v.isNaN) { return false }
            case (.string, .string):
                if a.string(index) != b.string(index) { return false }
            case (.bool, .bool):
                if x.payload != y.payload { return false }
            case (.array, .array), (.object, .object):
                if x.payload != y.payload { return false }
            case (.null, .null):
                break
            default:
                return false
            }
        }
        return true
    }

    // MARK: The whole lint

    /// The input as a JSON file and as a YAML file: lint (layout or capture,
    /// recognised by its keys, fixes verified), report as text, JSON and SARIF
    /// (the JSON ones must parse back), then `--fix` until stable: the fixed
    /// bytes must still parse and be a valid layout when the original was.
    public static func checkLint(_ bytes: [UInt8]) {
        for format in [SourceFormat.json, .yaml] {
            var options = LintOptions()
            options.verifyFixes = true
            // Every JSON file read streamed (hitlint streams from 16 MiB), to
            // compare with the whole document's lint below.
            options.streamingFrom = 0
            let linter = Linter(options: options)
            let path = "fuzz." + format.rawValue
            let result = linter.lint(source: SourceText(bytes: bytes), format: format, path: path)
            checkResult(result, bytes: bytes)
            checkReports(result)
            checkPictures(result, linter: linter)
            // Built while it is parsed, a JSON layout lints as built from its whole document.
            if format == .json, let document = try? format.parse(SourceText(bytes: bytes)) {
                let whole = linter.lint(document: document, path: path)
                // (As sets: diagnostics that tie on position, rule and message may come in either order.)
                require(Set(whole.diagnostics) == Set(result.diagnostics)
                        && whole.diagnostics.count == result.diagnostics.count && whole.nodeCount == result.nodeCount,
                        "json: the streamed read and the whole document lint differently")
            }
            let broken = result.diagnostics.contains { $0.rule == "invalid-layout" }
            let outcome = Fixer.fixUntilStable(bytes, format: format, path: path, linter: linter)
            checkResult(outcome.result, bytes: outcome.bytes)
            if outcome.bytes != bytes {
                require(!broken, "\(format): fixes were applied to a file with invalid-layout")
                require(!result.fileKind.isCapture, "\(format): a captured hierarchy was rewritten")
                do {
                    _ = try format.parse(SourceText(bytes: outcome.bytes))
                } catch {
                    fail("\(format): --fix wrote a file that does not parse: \(error.message)")
                }
                require(!outcome.result.diagnostics.contains { $0.rule == "invalid-layout" },
                        "\(format): --fix made the layout invalid")
            }
            // The importers, whatever the keys say.
            if !broken || result.fileKind != .hitlint, let document = try? format.parse(SourceText(bytes: bytes)) {
                for choice in [FileKindChoice.sentry, .droidbot] where choice.kind(of: document) != result.fileKind {
                    var forced = options
                    forced.fileKind = choice
                    forced.verifyFixes = false
                    let imported = Linter(options: forced).lint(document: document, path: path)
                    checkResult(imported, bytes: bytes)
                    require(imported.diagnostics.allSatisfy { $0.fix?.edits.isEmpty ?? true },
                            "\(format): a fix with edits on a captured hierarchy")
                }
            }
        }
    }

    static let ruleIDs = Set(RuleRegistry.descriptions.map(\.id))

    static func checkResult(_ result: LintResult, bytes: [UInt8]) {
        require(result.source.bytes.array == bytes, "result for other bytes")
        for diagnostic in result.diagnostics {
            let span = diagnostic.span
            require(span.start >= 0 && span.start <= span.end && span.end <= bytes.count,
                    "\(diagnostic.rule) span \(span) outside the file of \(bytes.count) bytes")
            require(diagnostic.severity != .off, "\(diagnostic.rule) reported with severity off")
            require(ruleIDs.contains(diagnostic.rule), "unknown rule '\(diagnostic.rule)'")
            require(!diagnostic.message.isEmpty, "\(diagnostic.rule) without a message")
            for edit in diagnostic.fix?.edits ?? [] {
                require(edit.span.start >= 0 && edit.span.start <= edit.span.end && edit.span.end <= bytes.count,
                        "\(diagnostic.rule) fix edit outside the file")
            }
            let (start, end) = result.location(diagnostic)
            require(start.line >= 1 && start.column >= 1 && start <= end, "\(diagnostic.rule) location out of order")
        }
    }

    static func checkReports(_ result: LintResult) {
        _ = TextReporter(showSource: true, color: true, showFixes: true).report([result])
        // One line per diagnostic and the summary, whatever ids the file holds, and
        // nothing that drives a terminal.
        let plain = TextReporter().report([result])
        require(plain.split(separator: "\n", omittingEmptySubsequences: false).count == result.diagnostics.count + 2,
                "a diagnostic's text report spans more than one line")
        let excerpts = TextReporter(showSource: true).report([result])
        require(!(plain + excerpts).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F },
                "a control character reaches the text report")
        _ = GitHubReporter(currentDirectory: "/fuzz").report([result])
        _ = JUnitReporter().report([result])
        for (name, text) in [("json", JSONReporter().report([result])),
                             ("sarif", SARIFReporter(currentDirectory: "/fuzz").report([result]))] {
            let report: Document
            do {
                report = try JSONParser.parse(SourceText(text))
            } catch {
                fail("the \(name) report does not parse: \(error.message) at \(error.offset)")
            }
            require(report.kind(0) == .object, "the \(name) report is not an object")
            if name == "json" {
                let diagnostics = report.members(0).first { report.stringEquals($0.key, "diagnostics") }
                require(diagnostics.map { report.count($0.value) } == result.diagnostics.count,
                        "the json report lists another number of diagnostics")
            }
        }
    }

    /// `--render-dir` / `render`: the HTML page and the SVG of the result. Text
    /// from the file must never become markup: the page has its one script, the
    /// SVG none, and the SVG is well-formed XML.
    static func checkPictures(_ result: LintResult, linter: Linter) {
        let input = linter.renderInput(for: result)
        let html = HTMLPage(input).html()
        require(html.components(separatedBy: "<script").count == 2, "the HTML page has another script element")
        let svg = SVGRenderer(input).svg()
        require(!svg.contains("<script"), "the SVG has a script element")
        let parser = XMLParser(data: Data(svg.utf8))
        require(parser.parse(), "the SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
    }

    // MARK: Failing

    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("fuzz property broken: \(message)")
    }
}
