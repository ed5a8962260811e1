import Foundation

/// The work of linting one version of a document, done on the lint queue,
/// off the server's actor: the lint itself (keeping what the rules saw, for
/// hovers and code actions), and its diagnostics as the protocol has them.
enum DocumentLinter {
    static func lint(_ document: TextDocument, file: FileContext?, docs: String, generation: Int) -> KeptLint {
        var kept = KeptLint(version: document.version, generation: generation, published: [], result: nil, checked: nil)
        guard let file else { return kept }
        let source = SourceText(bytes: document.bytes)
        if file.isConfiguration {
            // The configuration being edited: its own mistakes, where they are.
            let folder = (file.path as NSString).deletingLastPathComponent
            do {
                _ = try Configuration.parse(source, path: Configuration.fileName, folder: folder)
            } catch {
                kept.published = [diagnostic(configurationDiagnostic(error, source: source), in: document, context: nil, docs: docs)]
            }
            return kept
        }
        if file.isExcluded { return kept }  // the project lints it not
        // Opened in an editor is not named on a command line: a file that is
        // no layout hitlint knows (package.json, an Android resource) is left alone.
        let result = Linter(options: file.lintOptions()).lint(source: source, format: file.format, path: file.path,
                                                              foundInFolder: true, keepingContext: true)
        kept.result = result
        if result.fileKind == .unknown { return kept }
        kept.published = result.diagnostics.map { diagnostic($0, in: document, context: result.context, docs: docs) }
        return kept
    }

    /// A file the configuration excludes is linted only when a hover or a
    /// code action asks about it, as a file named on a command line is.
    static func lintOnRequest(_ document: TextDocument, file: FileContext) -> LintResult {
        Linter(options: file.lintOptions()).lint(source: SourceText(bytes: document.bytes), format: file.format,
                                                 path: file.path, keepingContext: true)
    }

    static func configurationDiagnostic(_ error: ConfigurationError, source: SourceText) -> Diagnostic {
        var span = SourceSpan(start: 0, end: 0)
        if let location = error.location {
            let start = source.offset(ofLine: location.line, column: location.column)
            span = SourceSpan(start: start, end: source.endOfToken(at: start))
        }
        return Diagnostic(rule: "configuration", severity: .error, message: error.message, span: span)
    }

    /// A diagnostic as the protocol has it; with the rule context, the nodes
    /// it names besides its own are related information.
    static func diagnostic(_ diagnostic: Diagnostic, in document: TextDocument, context: RuleContext?, docs: String) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("range", document.range(of: diagnostic.span).json),
            ("severity", .int(severity(diagnostic.severity))),
            ("code", .string(diagnostic.rule)),
        ]
        if RuleRegistry.ids.contains(diagnostic.rule) {
            fields.append(("codeDescription", .object([("href", .string(docs + "#" + diagnostic.rule))])))
        }
        fields.append(("source", .string("hitlint")))
        fields.append(("message", .string(diagnostic.message)))
        if let layout = context?.layout, !diagnostic.relatedNodes.isEmpty {
            let related: [JSONValue] = diagnostic.relatedNodes.compactMap { node in
                guard node >= 0, node < layout.nodes.count else { return nil }
                let location: JSONValue = .object([("uri", .string(document.uri)),
                                                   ("range", document.range(of: layout.anchorSpan(of: node)).json)])
                return .object([("location", location),
                                ("message", .string(LanguageServer.relatedRole(diagnostic.rule, name: layout.name(of: node))))])
            }
            if !related.isEmpty { fields.append(("relatedInformation", .array(related))) }
        }
        return .object(fields)
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        case .off: return 4
        }
    }
}
