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
            options.importing.fileKind = choice
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
            options.fixChecking = .checked
            // Every JSON file read streamed (hitlint streams from 16 MiB), to
            // compare with the whole document's lint below.
            options.run.streamingFrom = 0
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
                require(!result.fileKind.isImported, "\(format): a captured hierarchy was rewritten")
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
                    forced.importing.fileKind = choice
                    forced.fixChecking = .unchecked
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

    // MARK: Options and configuration

    /// The command line's and `.hitlint.yml`'s parsers, with nothing run: the
    /// input's lines up to a line `%%` are an argument vector (every line, when
    /// there is none), the rest a configuration, read as YAML and as JSON.
    /// Each parser accepts or refuses with a message (a configuration's located
    /// inside the file); what it accepts holds what the rules rely on: lengths
    /// positive and finite with a unit, flags `true` or `false`, option bounds
    /// (`minGap` ≤ `maxGap`) kept, invalid-layout an error. Nothing is linted
    /// or written: an argument vector may name any file.
    public static func checkOptions(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let separator = lines.firstIndex(of: "%%")
        let words = Array(lines[..<(separator ?? lines.count)])
        let configuration = separator.map { Array(lines[($0 + 1)...].joined(separator: "\n").utf8) } ?? bytes
        checkArguments(words)
        for format in [SourceFormat.yaml, .json] { checkConfiguration(configuration, format: format) }
        for word in words { checkLength(word) }
    }

    static func checkArguments(_ words: [String]) {
        let arguments: Arguments
        do {
            arguments = try Arguments(parsing: words)
        } catch {
            require(!error.message.isEmpty, "a command line refused without a message")
            return
        }
        require(arguments == (try? Arguments(parsing: words)), "the command line reads differently twice")
        do {
            let options = try arguments.lintOptions.resolved()
            if let size = options.rules.minimumSize {
                require(Length(arguments.lintOptions.minimumSize ?? "") == size, "--min-size reads as another length")
                checkLength(size)
            }
            require(options.severity(of: "invalid-layout") == .error, "invalid-layout is not an error")
            for rule in options.rules.severities.keys { require(RuleRegistry.description(of: rule) != nil, "a severity for an unknown rule '\(rule)'") }
        } catch {
            require(!error.message.isEmpty, "options refused without a message")
        }
    }

    static func checkConfiguration(_ bytes: [UInt8], format: SourceFormat) {
        let source = SourceText(bytes: bytes)
        let configuration: Configuration
        do {
            configuration = try Configuration.parse(source, format: format, path: ".hitlint.yml", folder: "/fuzz")
        } catch {
            require(!error.message.isEmpty, "\(format) configuration refused without a message")
            if let location = error.location {
                let end = source.location(of: bytes.count)
                require(location.line >= 1 && location.column >= 1 && location <= end,
                        "\(format) configuration error outside the file: \(location)")
            }
            return
        }
        require(configuration.severities["invalid-layout"] ?? .error == .error, "\(format): invalid-layout is not an error")
        for (rule, options) in configuration.ruleOptions {
            guard let description = RuleRegistry.description(of: rule) else { fail("\(format): options for an unknown rule '\(rule)'") }
            for (name, value) in options {
                guard let option = description.options.first(where: { $0.name == name }) else { fail("\(format): unknown option \(name) kept") }
                switch option.valueKind {
                case .bool: require(value == "true" || value == "false", "\(format): \(name) is '\(value)'")
                case .length:
                    guard let length = Length(value) else { fail("\(format): \(name) '\(value)' is no length") }
                    checkLength(length)
                }
                if let bound = option.atMost, let limit = options[bound].flatMap(Length.init), let length = Length(value),
                   (length.unit == .dp ? .pt : length.unit) == (limit.unit == .dp ? .pt : limit.unit) {
                    require(length.value <= limit.value, "\(format): \(name) \(length) above \(bound) \(limit) accepted")
                }
            }
        }
        // What the configuration gives a lint, and its patterns on a few paths.
        _ = LintOptions(configuration: configuration)
        for path in ["Layouts/a.yaml", "/abs/b.json", "a", ""] {
            _ = configuration.includes(path, currentDirectory: "/fuzz")
        }
    }

    static func checkLength(_ text: String) {
        guard let length = Length(text) else { return }
        checkLength(length)
        // Digits, at most one point, and a unit: no sign, exponent or hexadecimal.
        let number = text.lowercased().filter { !"ptxdm \t".contains($0) }
        require(number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }, "'\(text)' accepted as a length")
    }

    static func checkLength(_ length: Length) {
        require(length.value.isFinite && length.value > 0, "a length of \(length.value)")
    }

    // MARK: Failing

    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("fuzz property broken: \(message)")
    }
}
