/// `textDocument/codeAction`: the checked fixes of the problems on the lines
/// asked about, and fix-all, from the version's lint (its fixes checked once
/// per version, and fix-all starting from that).
enum CodeAction: RequestHandler {
    static let fixAllTitle = "Fix all hitlint problems in this file"

    static func answer(_ params: JSONView, in server: isolated ServerState) async -> Result<JSONValue, RequestError> {
        guard let uri = params["textDocument"]["uri"].string else {
            return .failure(RequestError(message: "codeAction needs textDocument.uri (a string)"))
        }
        let range: TextDocument.Range
        switch ContentChange.range(params["range"], path: "range") {
        case .success(let checked): range = checked
        case .failure(let fault): return .failure(RequestError(message: fault.message))
        }
        guard let (document, file, lint) = await server.lintForRequest(uri), lint.result?.fileKind != .unknown,
              let result = await server.checkedLint(uri, lint, file: file) else {
            return .success(.array([]))
        }
        let wanted = params["context"]["only"].array.compactMap(\.string)
        let docs = server.settings.docs
        return .success(await server.requestWork.run {
            actions(for: result, in: document, file: file, lines: range, wanted: wanted, docs: docs)
        })
    }

    private static func actions(for result: LintResult, in document: TextDocument, file: FileContext,
                                lines range: TextDocument.Range, wanted: [String], docs: String) -> JSONValue {
        func wants(_ kind: String) -> Bool { wanted.isEmpty || wanted.contains { kind == $0 || kind.hasPrefix($0 + ".") } }
        // The lines the range covers: editors ask with the cursor's position,
        // and a fix for the problem on the cursor's line is what is wanted.
        let lines = min(range.start.line, range.end.line)...max(range.start.line, range.end.line)
        let uri = document.uri
        var actions: [JSONValue] = []
        if wants("quickfix") {
            for diagnostic in result.diagnostics {
                guard let fix = diagnostic.fix, fix.hasEdits else { continue }
                let span = document.range(of: diagnostic.span)
                guard span.start.line <= lines.upperBound, span.end.line >= lines.lowerBound else { continue }
                actions.append(.object([
                    ("title", .string(fix.description)),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([DocumentLinter.diagnostic(diagnostic, in: document, context: nil, docs: docs)])),
                    ("isPreferred", .bool(true)),
                    ("edit", workspaceEdit(uri: uri, edits: fix.edits.map { (document.range(of: $0.span), $0.replacement) })),
                ]))
            }
        }
        if wants(LanguageServer.fixAllKind), result.diagnostics.contains(where: { $0.fix?.hasEdits == true }) {
            let linter = Linter(options: file.lintOptions(checkingFixes: true))
            let fixed = Fixer.fixUntilStable(document.bytes, format: file.format, path: file.path, linter: linter, linted: result)
            if fixed.fixesApplied > 0, fixed.bytes != document.bytes {
                let whole = TextDocument.Range(start: TextDocument.Position(line: 0, character: 0),
                                               end: document.position(of: document.bytes.count))
                actions.append(.object([
                    ("title", .string(fixAllTitle)),
                    ("kind", .string(LanguageServer.fixAllKind)),
                    ("edit", workspaceEdit(uri: uri, edits: [(whole, String(decoding: fixed.bytes, as: UTF8.self))])),
                ]))
            }
        }
        return .array(actions)
    }

    private static func workspaceEdit(uri: String, edits: [(TextDocument.Range, String)]) -> JSONValue {
        .object([("changes", .object([(uri, .array(edits.map { edit in
            .object([("range", edit.0.json), ("newText", .string(edit.1))])
        }))]))])
    }
}
