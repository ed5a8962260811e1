import Dispatch
import Foundation

/// `hitlint server`: the Language Server Protocol over standard input and
/// output, so an editor shows hitlint's diagnostics as the file is typed,
/// offers its verified fixes as quick fixes and explains a node on hover.
///
/// Messages are read one after another on the caller's thread. Linting runs
/// on a queue of its own, a short debounce after the last change, and a
/// result is published only if the document has not changed since: the last
/// version wins and nothing stale reaches the editor. Quick fixes and hovers
/// run on a queue of their own too, so a `$/cancelRequest` read meanwhile is
/// honoured. Nothing a client sends ends the server but `exit`, the end of
/// its input, or a header that loses the framing (see `serve`): a malformed
/// message is answered with an error (or, without an id, logged), an unknown
/// method with `MethodNotFound`.
public final class LanguageServer: @unchecked Sendable {
    public struct Settings: Sendable {
        /// How long after a change the lint starts (a burst of keystrokes is linted once).
        public var debounce: Double = 0.02
        /// Where each rule's documentation is: `docs` + `#` + rule id. A client
        /// may set it (`initializationOptions.docsURL`), e.g. to its fork's copy.
        public var docs = "https://github.com/OWNER/hitlint/blob/main/Docs/rules.md"

        public init() {}
    }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case serverNotInitialized = -32002, requestCancelled = -32800
    }

    private var settings: Settings
    private let send: @Sendable ([UInt8]) -> Void
    private let lock = NSLock()
    private let writeLock = NSLock()
    /// One lint waiting per document at most: a change, save or watched-file
    /// event replaces the lint still waiting rather than queueing another.
    private let lintScheduler = CoalescingScheduler<String>(queue: DispatchQueue(label: "hitlint.server.lint"))
    var lintQueue: DispatchQueue { lintScheduler.queue }
    let requestQueue = DispatchQueue(label: "hitlint.server.requests")
    /// The requests on `requestQueue` and their cancellations.
    let requests = RequestTracker(capacity: 64)

    // State, under `lock`.
    private var documents: [String: TextDocument] = [:]
    private var initialized = false
    private var shutdownRequested = false
    private var configurations: [String: CachedConfiguration] = [:]
    /// The last lint of each document, by version: what hovers and quick fixes read.
    private var lints: [String: Lint] = [:]
    /// Configuration files whose errors were last published, so fixing them clears them.
    private var configurationErrorsShown: Set<String> = []
    /// Documents linted so far.
    private var lintCount = 0
    private var lintRequests: [String: LintRequests] = [:]
    /// Standard error, while serving.
    private var log: (String) -> Void = { _ in }

    private struct CachedConfiguration {
        var modified: Date?
        var configuration: Configuration?
        var error: ConfigurationError?
    }

    /// One lint of one version of a document.
    private struct Lint {
        var version: Int
        var input: RenderInput?
        /// With every fix checked (made on demand, for quick fixes).
        var verified: LintResult?
    }

    public init(settings: Settings = Settings(), send: @escaping @Sendable ([UInt8]) -> Void) {
        self.settings = settings
        self.send = send
    }

    /// Serves until `exit` or the end of the input; returns the exit status
    /// (0 after `shutdown` then `exit`, 1 otherwise, as the protocol says;
    /// 2 when the input's framing is lost, `Broken framing` below).
    ///
    /// Broken framing (a header block too long, without a usable
    /// `Content-Length`, or cut short): nothing says where the next message
    /// starts, and guessing (the next `Content-Length` in the bytes) could
    /// take part of a document's text for a message. No id can be known, so
    /// there is no response to send: the client is told with
    /// `window/logMessage`, standard error says why, and the server ends, as
    /// the base protocol leaves it free to; editors start it again.
    public func serve(read: @escaping (UnsafeMutableRawBufferPointer) -> Int,
                      log: @escaping (String) -> Void = { _ in }) -> Int32 {
        withLock { self.log = log }
        var reader = MessageReader(read: read)
        while let item = reader.next() {
            switch item {
            case .refused(let why):
                report(why)
            case .malformed(let why):
                report("\(why); the server stops, as nothing tells where the next message starts")
                drain()
                return 2
            case .message(let bytes):
                if let status = handle(bytes) {
                    drain()
                    return status
                }
            }
        }
        drain()
        return withLock { shutdownRequested } ? 0 : 1
    }

    /// A message the server could not take, said where the client's user can
    /// see it (its log, once initialized: the protocol allows no notification
    /// before) and on standard error.
    func report(_ problem: String) {
        lock.lock()
        let log = self.log
        let initialized = self.initialized
        lock.unlock()
        log("hitlint server: \(problem.displayedOnOneLine)\n")
        if initialized {
            notify("window/logMessage", .object([("type", .int(1)), ("message", .string("hitlint: \(problem)"))]))
        }
    }

    /// Documents linted so far (tests count them).
    var lintsRun: Int { withLock { lintCount } }

    /// What the server holds besides its documents and their lints: requests
    /// under way, cancellations kept, lints waiting. Each is bounded while it
    /// serves and back to zero once `drain` returns (the fuzz target checks).
    public var heldWork: (requests: Int, cancellations: Int, lints: Int) {
        let counts = requests.counts
        return (counts.underWay, counts.cancelled, lintScheduler.waitingCount)
    }

    /// Waits for the lints and requests under way (tests and the benchmark read
    /// the output after).
    public func drain() {
        requestQueue.sync {}
        lintScheduler.wait()
    }

    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - Messages

    /// Handles one message (its JSON, unframed); returns the exit status when it was `exit`.
    @discardableResult
    public func handle(_ bytes: [UInt8]) -> Int32? {
        var bytes = bytes
        LoneSurrogates.replace(in: &bytes)
        let message: JSONView
        do {
            message = try JSONView(parsing: bytes)
        } catch {
            respondError(id: .null, .parseError, "the message is not JSON: \(error.message)")
            return nil
        }
        guard message.kind == .object else {
            respondError(id: .null, .invalidRequest, "a message must be a JSON object")
            return nil
        }
        let id = message["id"]
        guard let method = message["method"].string else {
            // A response to a request of ours (we send none), or garbage with an id.
            if id.exists, !message["result"].exists, !message["error"].exists {
                respondError(id: id.id ?? .null, .invalidRequest, "a request needs a 'method'")
            }
            return nil
        }
        let params = message["params"]
        if id.exists {
            guard let requestID = id.id else {
                respondError(id: .null, .invalidRequest, "a request's id must be an integer or a string")
                return nil
            }
            request(method, id: requestID, params: params)
            return nil
        }
        return notification(method, params: params)
    }

    private func request(_ method: String, id: JSONValue, params: JSONView) {
        let state = withLock { (initialized, shutdownRequested) }
        if method == "initialize" {
            initialize(id: id, params: params)
            return
        }
        guard state.0 else {
            respondError(id: id, .serverNotInitialized, "the server has not been initialized")
            return
        }
        guard !state.1 else {
            respondError(id: id, .invalidRequest, "the server is shutting down")
            return
        }
        switch method {
        case "shutdown":
            withLock { shutdownRequested = true }
            drain()
            respond(id: id, .null)
        case "textDocument/codeAction", "textDocument/hover":
            // On the request queue, so a cancellation read meanwhile is seen.
            let key = Self.key(id)
            requests.begin(key)
            requestQueue.async { [self] in
                defer { requests.end(key) }
                if requests.isCancelled(key) {
                    respondError(id: id, .requestCancelled, "cancelled")
                    return
                }
                let result = method == "textDocument/hover" ? hover(params) : codeActions(params)
                switch result {
                case .success(let value): respond(id: id, value)
                case .failure(let error): respondError(id: id, .invalidParams, error.message)
                }
            }
        default:
            respondError(id: id, .methodNotFound, "hitlint does not handle '\(method)'")
        }
    }

    /// Returns the exit status for `exit`.
    private func notification(_ method: String, params: JSONView) -> Int32? {
        switch method {
        case "exit":
            return withLock { shutdownRequested } ? 0 : 1
        case "$/cancelRequest":
            if let id = params["id"].id { requests.cancel(Self.key(id)) }
            return nil
        default:
            break
        }
        guard withLock({ initialized && !shutdownRequested }) else { return nil }
        switch method {
        case "textDocument/didOpen":
            let item = params["textDocument"]
            guard let uri = item["uri"].string, let text = item["text"].string, let version = item["version"].int else {
                report("textDocument/didOpen needs textDocument.uri and .text (strings) and .version (an integer); the document is not opened")
                return nil
            }
            scheduleLint(uri, storing: TextDocument(uri: uri, version: version, text: text))
        case "textDocument/didChange":
            let identifier = params["textDocument"]
            guard let uri = identifier["uri"].string else {
                report("textDocument/didChange needs textDocument.uri (a string); no document is changed")
                return nil
            }
            let refused = "textDocument/didChange for \(Self.shown(uri))"
            guard var document = withLock({ documents[uri] }) else {
                report("\(refused): the document is not open; nothing is changed")
                return nil
            }
            let version = identifier["version"]
            guard !version.exists || version.int != nil else {
                report("\(refused): textDocument.version must be an integer; the document is unchanged")
                return nil
            }
            // Checked whole before any is applied: a malformed message leaves the document as it was.
            switch ContentChange.changes(params["contentChanges"]) {
            case .failure(let fault):
                report("\(refused): \(fault.message); the document is unchanged")
                return nil
            case .success(let changes):
                document.apply(changes)
            }
            document.version = version.int ?? document.version + 1
            // Only this thread changes documents: none has changed since it was read.
            scheduleLint(uri, storing: document)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]["uri"].string else { return nil }
            withLock {
                documents[uri] = nil
                lints[uri] = nil
                lintRequests[uri] = nil
            }
            publish(uri: uri, version: nil, diagnostics: [])
        case "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration", "textDocument/didSave":
            // A configuration may have changed: read again, lint every open document again.
            let uris: [String] = withLock {
                configurations = [:]
                return Array(documents.keys)
            }
            for uri in uris.sorted() { scheduleLint(uri) }
        default:
            break  // `initialized`, `$/setTrace` and other notifications need nothing
        }
        return nil
    }

    private func initialize(id: JSONValue, params: JSONView) {
        let options = params["initializationOptions"]
        withLock {
            initialized = true
            if let docs = options["docsURL"].string, !docs.isEmpty { settings.docs = docs }
            if let milliseconds = options["debounceMilliseconds"].int, milliseconds >= 0, milliseconds <= 5_000 {
                settings.debounce = Double(milliseconds) / 1_000
            }
        }
        respond(id: id, .object([
            ("capabilities", .object([
                ("positionEncoding", .string("utf-16")),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .int(2)),  // incremental
                    ("save", .object([("includeText", .bool(false))])),
                ])),
                ("codeActionProvider", .object([
                    ("codeActionKinds", .array([.string("quickfix"), .string(Self.fixAllKind)])),
                ])),
                ("hoverProvider", .bool(true)),
            ])),
            ("serverInfo", .object([("name", .string("hitlint")), ("version", .string(HitLint.version))])),
        ]))
    }

    static let fixAllKind = "source.fixAll.hitlint"

    /// A URI as a message quotes it: at most 200 characters of it.
    private static func shown(_ uri: String) -> String {
        "'" + (uri.count > 200 ? uri.prefix(200) + "…" : uri) + "'"
    }

    private static func key(_ id: JSONValue) -> String {
        switch id {
        case .int(let value): return "i\(value)"
        case .string(let value): return "s" + value
        default: return "null"
        }
    }

    // MARK: - Output

    func respond(id: JSONValue, _ result: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func respondError(id: JSONValue, _ code: ErrorCode, _ message: String) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id),
                       ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))]))]))
    }

    private func notify(_ method: String, _ params: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    private func write(_ value: JSONValue) {
        let framed = MessageReader.frame(value.rendered())
        writeLock.lock()
        send(framed)
        writeLock.unlock()
    }

    // MARK: - Linting

    /// Lints the document a debounce from now (`storing` it first, when
    /// given), in place of a lint still waiting for it; publishes unless it
    /// changed while being linted (the newer version's lint publishes).
    private func scheduleLint(_ uri: String, storing document: TextDocument? = nil) {
        let delay: Double = withLock {
            // Stored and asked for at once: a lint that reads this document has done what is asked.
            if let document { documents[uri] = document }
            lintRequests[uri, default: LintRequests()].asked += 1
            return settings.debounce
        }
        lintScheduler.schedule(uri, after: delay) { [self] in
            // What was asked for up to now is linted from here: a lint asked
            // for after this one started, but before it read the document,
            // has nothing left to do.
            let taken: TextDocument? = withLock {
                guard let document = documents[uri], let requests = lintRequests[uri], requests.done < requests.asked else { return nil }
                lintRequests[uri]?.done = requests.asked
                return document
            }
            guard let document = taken else { return }
            let lint = lintDocument(document)
            let current: Bool = withLock {
                lintCount += 1
                guard documents[uri]?.version == document.version else { return false }
                lints[uri] = Lint(version: document.version, input: lint.input)
                return true
            }
            guard current else { return }
            publish(uri: uri, version: document.version,
                    diagnostics: lint.diagnostics.map { self.lspDiagnostic($0, in: document, input: lint.input) })
        }
    }

    /// Lints of one document asked for (a change, save or watched-file event
    /// each) and how many of them a lint has read the document after.
    private struct LintRequests {
        var asked = 0
        var done = 0
    }

    private struct DocumentLint {
        var diagnostics: [Diagnostic]
        var input: RenderInput?
    }

    /// What a file is and how to lint it, from its URI and the configuration nearest to it.
    private struct FileContext {
        var path: String
        var format: SourceFormat
        var isConfiguration: Bool
        var configuration: Configuration?
        var configurationError: ConfigurationError?
        var configurationPath: String?
    }

    private func fileContext(_ uri: String) -> FileContext? {
        guard let path = Self.path(ofURI: uri) else { return nil }
        let name = (path as NSString).lastPathComponent
        let isConfiguration = name == Configuration.fileName
        guard let format = isConfiguration ? .yaml : SourceFormat(path: path) else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        var context = FileContext(path: path, format: format, isConfiguration: isConfiguration)
        guard !isConfiguration, let configurationPath = Configuration.find(from: folder.isEmpty ? "/" : folder) else { return context }
        context.configurationPath = configurationPath
        let modified = (try? FileManager.default.attributesOfItem(atPath: configurationPath))?[.modificationDate] as? Date
        var cached = withLock { configurations[configurationPath] }
        if cached == nil || cached?.modified != modified {
            do {
                cached = CachedConfiguration(modified: modified,
                                             configuration: try Configuration.load(path: configurationPath, currentDirectory: folder))
            } catch {
                cached = CachedConfiguration(modified: modified, error: error)
            }
            withLock { configurations[configurationPath] = cached }
        }
        context.configuration = cached?.configuration
        context.configurationError = cached?.error
        return context
    }

    private func lintDocument(_ document: TextDocument) -> DocumentLint {
        guard let file = fileContext(document.uri) else { return DocumentLint(diagnostics: []) }
        let source = SourceText(bytes: document.bytes)
        if file.isConfiguration {
            // The configuration being edited: its own mistakes, where they are.
            let folder = (file.path as NSString).deletingLastPathComponent
            do {
                _ = try Configuration.parse(source, path: Configuration.fileName, folder: folder)
                return DocumentLint(diagnostics: [])
            } catch {
                return DocumentLint(diagnostics: [configurationDiagnostic(error, source: source)])
            }
        }
        showConfigurationError(file)
        if let configuration = file.configuration,
           !configuration.includes(file.path, currentDirectory: configuration.folder) {
            return DocumentLint(diagnostics: [])  // excluded: the project lints it not
        }
        let linter = Linter(options: options(for: file))
        // Opened in an editor is not named on a command line: a file that is
        // no layout hitlint knows (package.json, an Android resource) is left alone.
        let input = linter.lintForRendering(source: source, format: file.format, path: file.path, foundInFolder: true)
        if input.result.fileKind == .unknown { return DocumentLint(diagnostics: []) }
        return DocumentLint(diagnostics: input.result.diagnostics, input: input)
    }

    private func options(for file: FileContext, verifyingFixes: Bool = false) -> LintOptions {
        var options = LintOptions(configuration: file.configuration)
        options.run.jobs = 1
        options.fixChecking = verifyingFixes ? .checked : .unchecked
        return options
    }

    /// A configuration that cannot be read is shown on the configuration file
    /// itself (files are then linted with the defaults), and cleared once fixed.
    private func showConfigurationError(_ file: FileContext) {
        guard let path = file.configurationPath else { return }
        let uri = Self.uri(ofPath: path)
        let open = withLock { documents[uri] != nil }
        guard !open else { return }  // an open configuration is checked as it is typed
        if let error = file.configurationError {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
            let source = SourceText(bytes: bytes)
            let document = TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
            withLock { _ = configurationErrorsShown.insert(uri) }
            publish(uri: uri, version: nil, diagnostics: [lspDiagnostic(configurationDiagnostic(error, source: source), in: document, input: nil)])
        } else if withLock({ configurationErrorsShown.remove(uri) != nil }) {
            publish(uri: uri, version: nil, diagnostics: [])
        }
    }

    private func configurationDiagnostic(_ error: ConfigurationError, source: SourceText) -> Diagnostic {
        var span = SourceSpan(start: 0, end: 0)
        if let location = error.location {
            let start = source.offset(ofLine: location.line, column: location.column)
            span = SourceSpan(start: start, end: source.endOfToken(at: start))
        }
        return Diagnostic(rule: "configuration", severity: .error, message: error.message, span: span)
    }

    // MARK: - Diagnostics

    private func publish(uri: String, version: Int?, diagnostics: [JSONValue]) {
        var params: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .int(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        notify("textDocument/publishDiagnostics", .object(params))
    }

    private func lspDiagnostic(_ diagnostic: Diagnostic, in document: TextDocument, input: RenderInput?) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("range", document.range(of: diagnostic.span).json),
            ("severity", .int(Self.severity(diagnostic.severity))),
            ("code", .string(diagnostic.rule)),
        ]
        if RuleRegistry.ids.contains(diagnostic.rule) {
            fields.append(("codeDescription", .object([("href", .string(withLock { settings.docs } + "#" + diagnostic.rule))])))
        }
        fields.append(("source", .string("hitlint")))
        fields.append(("message", .string(diagnostic.message)))
        if let layout = input?.context?.layout, !diagnostic.relatedNodes.isEmpty {
            let related: [JSONValue] = diagnostic.relatedNodes.compactMap { node in
                guard node >= 0, node < layout.nodes.count else { return nil }
                let location: JSONValue = .object([("uri", .string(document.uri)),
                                                   ("range", document.range(of: layout.anchorSpan(of: node)).json)])
                return .object([("location", location),
                                ("message", .string(Self.relatedRole(diagnostic.rule, name: layout.name(of: node))))])
            }
            if !related.isEmpty { fields.append(("relatedInformation", .array(related))) }
        }
        return .object(fields)
    }

    /// How a node named in a diagnostic takes part in it, as the rule's
    /// description says (`RuleDescription.relatedRole`).
    static func relatedRole(_ rule: String, name: String) -> String {
        guard let role = RuleRegistry.description(of: rule)?.relatedRole else { return "'\(name)'" }
        return "'\(name)' \(role)"
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        case .off: return 4
        }
    }

    // MARK: - Quick fixes

    struct RequestError: Error { var message: String }

    private func codeActions(_ params: JSONView) -> Result<JSONValue, RequestError> {
        guard let uri = params["textDocument"]["uri"].string else {
            return .failure(RequestError(message: "codeAction needs textDocument.uri (a string)"))
        }
        let range: TextDocument.Range
        switch ContentChange.range(params["range"], path: "range") {
        case .success(let checked): range = checked
        case .failure(let fault): return .failure(RequestError(message: fault.message))
        }
        guard let document = withLock({ documents[uri] }) else { return .success(.array([])) }
        guard let file = fileContext(uri), !file.isConfiguration else { return .success(.array([])) }
        let result = verifiedLint(document, file: file)
        let wanted = params["context"]["only"].array.compactMap(\.string)
        func wants(_ kind: String) -> Bool { wanted.isEmpty || wanted.contains { kind == $0 || kind.hasPrefix($0 + ".") } }
        // The lines the range covers: editors ask with the cursor's position,
        // and a fix for the problem on the cursor's line is what is wanted.
        let lines = min(range.start.line, range.end.line)...max(range.start.line, range.end.line)
        var actions: [JSONValue] = []
        if wants("quickfix") {
            for diagnostic in result.diagnostics {
                guard let fix = diagnostic.fix, !fix.edits.isEmpty else { continue }
                let span = document.range(of: diagnostic.span)
                guard span.start.line <= lines.upperBound, span.end.line >= lines.lowerBound else { continue }
                actions.append(.object([
                    ("title", .string(fix.description)),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([lspDiagnostic(diagnostic, in: document, input: nil)])),
                    ("isPreferred", .bool(true)),
                    ("edit", workspaceEdit(uri: uri, edits: fix.edits.map { (document.range(of: $0.span), $0.replacement) })),
                ]))
            }
        }
        if wants(Self.fixAllKind), result.diagnostics.contains(where: { !($0.fix?.edits.isEmpty ?? true) }) {
            let linter = Linter(options: options(for: file, verifyingFixes: true))
            let fixed = Fixer.fixUntilStable(document.bytes, format: file.format, path: file.path, linter: linter)
            if fixed.fixesApplied > 0, fixed.bytes != document.bytes {
                let whole = TextDocument.Range(start: TextDocument.Position(line: 0, character: 0),
                                               end: document.position(of: document.bytes.count))
                actions.append(.object([
                    ("title", .string("Fix all hitlint problems in this file")),
                    ("kind", .string(Self.fixAllKind)),
                    ("edit", workspaceEdit(uri: uri, edits: [(whole, String(decoding: fixed.bytes, as: UTF8.self))])),
                ]))
            }
        }
        return .success(.array(actions))
    }

    private func workspaceEdit(uri: String, edits: [(TextDocument.Range, String)]) -> JSONValue {
        .object([("changes", .object([(uri, .array(edits.map { edit in
            .object([("range", edit.0.json), ("newText", .string(edit.1))])
        }))]))])
    }

    /// The document's lint with every fix checked, made once per version.
    private func verifiedLint(_ document: TextDocument, file: FileContext) -> LintResult {
        if let lint = withLock({ lints[document.uri] }), lint.version == document.version, let verified = lint.verified {
            return verified
        }
        let linter = Linter(options: options(for: file, verifyingFixes: true))
        let result = linter.lint(source: SourceText(bytes: document.bytes), format: file.format, path: file.path)
        withLock {
            if var lint = lints[document.uri], lint.version == document.version {
                lint.verified = result
                lints[document.uri] = lint
            } else {
                lints[document.uri] = Lint(version: document.version, input: nil, verified: result)
            }
        }
        return result
    }

    // MARK: - Hover

    private func hover(_ params: JSONView) -> Result<JSONValue, RequestError> {
        guard let uri = params["textDocument"]["uri"].string else {
            return .failure(RequestError(message: "hover needs textDocument.uri (a string)"))
        }
        let position: TextDocument.Position
        switch ContentChange.position(params["position"], path: "position") {
        case .success(let checked): position = checked
        case .failure(let fault): return .failure(RequestError(message: fault.message))
        }
        guard let document = withLock({ documents[uri] }), let file = fileContext(uri), !file.isConfiguration else {
            return .success(.null)
        }
        var input = withLock { lints[uri] }.flatMap { $0.version == document.version ? $0.input : nil }
        if input == nil {
            input = Linter(options: options(for: file)).lintForRendering(source: SourceText(bytes: document.bytes),
                                                                          format: file.format, path: file.path)
        }
        guard let context = input?.context else { return .success(.null) }
        let offset = document.offset(of: position)
        guard let node = NodeSummary.node(at: offset, in: context.layout) else { return .success(.null) }
        let summary = NodeSummary(node: node, context: context)
        return .success(.object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(summary.markdown))])),
            ("range", document.range(of: summary.span).json),
        ]))
    }

    // MARK: - URIs

    /// The file path of a `file:` URI (percent-decoded), or nil for other schemes.
    static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: only the local host.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        return String(rest).removingPercentEncoding ?? String(rest)
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
