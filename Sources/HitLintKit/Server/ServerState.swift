import Dispatch
import Foundation

/// A message read from the client, checked as JSON-RPC.
enum IncomingMessage: Sendable {
    case request(method: String, id: JSONValue, params: JSONView)
    case notification(method: String, params: JSONView)
}

/// Everything the language server holds while it serves, isolated by the
/// actor: the open documents and their lints (`DocumentStore`), the
/// settings, the requests under way and the lints waiting. Messages are
/// handled one at a time in the order they were read (the reader waits for
/// each, `LanguageServer.handle`), each by its handler in `Handlers/`; long
/// work (linting, checking fixes) goes to a work queue, so the actor takes
/// the next message, a `$/cancelRequest` among them, while it runs.
actor ServerState {
    let output: MessageOutput
    /// Lints, one at a time (the server lints on one thread).
    let lintWork = WorkQueue(label: "hitlint.server.lint")
    /// What requests do besides linting (checking fixes, fixing all, finding
    /// a hover's node), one at a time.
    let requestWork = WorkQueue(label: "hitlint.server.requests")
    /// Signalled as each request taken from the reader is answered: the
    /// reader waits for a place before handing over another
    /// (`LanguageServer.handle`).
    let requestPlaces: DispatchSemaphore

    var settings: LanguageServer.Settings
    var initialized = false
    var shutdownRequested = false
    var store = DocumentStore()
    var requests = RequestTracker()
    /// Documents whose lint waits (for its debounce, then for the lint
    /// queue). One per document at most, however many changes, saves and
    /// watched-file events ask for it meanwhile.
    var waitingLints: [String: WaitingLint] = [:]
    private var lintsAskedFor = 0

    struct WaitingLint {
        /// When it may start: moved on by each change asking for it.
        var deadline: ContinuousClock.Instant
        /// Which asking made the task that waits (a document closed and opened
        /// again has another, and the first task then has nothing to do).
        var serial: Int
        var task: Task<Void, Never>?
    }

    /// Lints made of documents (tests count them: one per version).
    var lintsRun = 0
    /// Lints waiting or under way and requests not yet answered.
    private var workUnderWay = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Problems met while handling the message at hand, for the reader to
    /// write to standard error (`report`).
    private var problems: [String] = []

    init(settings: LanguageServer.Settings, output: MessageOutput, requestPlaces: DispatchSemaphore) {
        self.settings = settings
        self.output = output
        self.requestPlaces = requestPlaces
    }

    // MARK: - Messages

    /// Handles one message; returns the exit status when it was `exit`, and
    /// the problems to log.
    func receive(_ message: IncomingMessage) async -> (status: Int32?, problems: [String]) {
        var status: Int32?
        switch message {
        case .request(let method, let id, let params):
            await request(method, id: id, params: params)
        case .notification(let method, let params):
            status = notification(method, params: params)
        }
        defer { problems = [] }
        return (status, problems)
    }

    private func request(_ method: String, id: JSONValue, params: JSONView) async {
        let takesAPlace = LanguageServer.requestsWaitedFor.contains(method)
        if method == "initialize" {
            Initialize.respond(id: id, params: params, in: self)
            return
        }
        guard initialized else {
            if takesAPlace { requestPlaces.signal() }
            output.respondError(id: id, .serverNotInitialized, "the server has not been initialized")
            return
        }
        guard !shutdownRequested else {
            if takesAPlace { requestPlaces.signal() }
            output.respondError(id: id, .invalidRequest, "the server is shutting down")
            return
        }
        switch method {
        case "shutdown":
            await Shutdown.respond(id: id, in: self)
        case "textDocument/hover":
            start(Hover.self, id: id, params: params)
        case "textDocument/codeAction":
            start(CodeAction.self, id: id, params: params)
        default:
            output.respondError(id: id, .methodNotFound, "hitlint does not handle '\(method)'")
        }
    }

    /// Returns the exit status for `exit`.
    private func notification(_ method: String, params: JSONView) -> Int32? {
        switch method {
        case "exit":
            return Exit.status(in: self)
        case "$/cancelRequest":
            CancelRequest.handle(params, in: self)
            return nil
        default:
            break
        }
        guard initialized, !shutdownRequested else { return nil }
        switch method {
        case "textDocument/didOpen": DidOpen.handle(params, in: self)
        case "textDocument/didChange": DidChange.handle(params, in: self)
        case "textDocument/didClose": DidClose.handle(params, in: self)
        case "textDocument/didSave": DidSave.handle(params, in: self)
        case "workspace/didChangeWatchedFiles": DidChangeWatchedFiles.handle(params, in: self)
        case "workspace/didChangeConfiguration": DidChangeConfiguration.handle(params, in: self)
        default: break  // `initialized`, `$/setTrace` and other notifications need nothing
        }
        return nil
    }

    /// A message the server could not take, said where the client's user can
    /// see it (its log, once initialized: the protocol allows no notification
    /// before) and on standard error.
    func report(_ problem: String) {
        problems.append("hitlint server: \(problem.displayedOnOneLine)\n")
        if initialized {
            output.notify("window/logMessage", .object([("type", .int(1)), ("message", .string("hitlint: \(problem)"))]))
        }
    }

    /// `report` from the reader (a message it could not frame); returns what to log.
    func reportFromReader(_ problem: String) -> [String] {
        report(problem)
        defer { problems = [] }
        return problems
    }

    // MARK: - Requests

    /// Answers a request once the request queue comes to it, unless the
    /// client cancelled it meanwhile.
    private func start<Handler: RequestHandler>(_ handler: Handler.Type, id: JSONValue, params: JSONView) {
        let key = Self.key(id)
        requests.begin(key)
        beginWork()
        Task {
            await requestWork.turn()
            if requests.isCancelled(key) {
                output.respondError(id: id, .requestCancelled, "cancelled")
            } else {
                switch await Handler.answer(params, in: self) {
                case .success(let value): output.respond(id: id, value)
                case .failure(let error): output.respondError(id: id, .invalidParams, error.message)
                }
            }
            requests.end(key)
            requestPlaces.signal()
            endWork()
        }
    }

    static func key(_ id: JSONValue) -> String {
        switch id {
        case .int(let value): return "i\(value)"
        case .string(let value): return "s" + value
        default: return "null"
        }
    }

    // MARK: - Linting

    /// Lints the document and publishes its diagnostics, unless the
    /// document changed meanwhile (the newer version's lint publishes).
    ///
    /// When: a debounce from now, in place of a lint still waiting for it, so
    /// that a burst of changes, saves or watched-file events costs one lint,
    /// after it. But `promptly` (an edit), when no lint of the document waits
    /// or runs, at once: a keystroke after a pause (the usual one: people
    /// type far slower than a debounce) is not made to wait for keystrokes
    /// that are not coming, and the keystrokes of a burst come while its
    /// first one's lint runs, so they are still linted together after it.
    func scheduleLint(_ uri: String, promptly: Bool = false) {
        let idle = waitingLints[uri] == nil && store[uri]?.lintUnderWay == nil
        let delay = promptly && idle ? 0 : settings.debounce
        let deadline = ContinuousClock.now + .nanoseconds(Int64(delay * 1e9))
        if waitingLints[uri] != nil {
            waitingLints[uri]?.deadline = deadline
            return
        }
        lintsAskedFor += 1
        let serial = lintsAskedFor
        waitingLints[uri] = WaitingLint(deadline: deadline, serial: serial)
        beginWork()
        waitingLints[uri]?.task = Task {
            await lintWhenDue(uri, serial: serial)
            endWork()
        }
    }

    /// The document is closed: its waiting lint has nothing to do.
    func cancelWaitingLint(_ uri: String) {
        waitingLints.removeValue(forKey: uri)?.task?.cancel()
    }

    private func lintWhenDue(_ uri: String, serial: Int) async {
        while true {
            guard let waiting = waitingLints[uri], waiting.serial == serial else { return }  // closed meanwhile
            if waiting.deadline > .now {
                do {
                    try await Task.sleep(until: waiting.deadline, clock: .continuous)
                } catch {
                    return  // cancelled: closed
                }
                continue
            }
            // Waits while the queue lints something else; asked for again
            // meanwhile, it waits until the new time.
            await lintWork.turn()
            guard let latest = waitingLints[uri], latest.serial == serial else { return }
            if latest.deadline > .now { continue }
            break
        }
        waitingLints[uri] = nil
        guard let lint = await keptLint(uri), store[uri]?.document.version == lint.version else { return }
        output.publish(uri: uri, version: lint.version, diagnostics: lint.published)
    }

    /// A configuration may have changed: read them again, lint every open
    /// document again (a debounce from now: saves and file events come in bursts).
    func configurationMayHaveChanged() {
        store.forgetConfigurations()
        for uri in store.open.keys.sorted() { scheduleLint(uri) }
    }

    /// The lint of the document as it is now: the one kept, the one under
    /// way, or a new one (only ever one per version).
    func keptLint(_ uri: String) async -> KeptLint? {
        guard let entry = store[uri] else { return nil }
        if let lint = entry.currentLint { return lint }
        let document = entry.document, generation = entry.generation
        if let underWay = entry.lintUnderWay, underWay.version == document.version, underWay.generation == generation {
            return await underWay.task.value
        }
        let file = store.fileContext(uri)
        if let file, !file.isConfiguration { showConfigurationError(file) }
        let docs = settings.docs
        let task = Task { await lintWork.run { DocumentLinter.lint(document, file: file, docs: docs, generation: generation) } }
        store[uri]?.lintUnderWay = (document.version, generation, task)
        let lint = await task.value
        lintsRun += 1
        store.keep(lint, for: uri)
        return lint
    }

    /// What a hover or a code action reads: the document and its lint, made
    /// for them if the configuration excludes it (so none was made to publish).
    func lintForRequest(_ uri: String) async -> (document: TextDocument, file: FileContext, lint: KeptLint)? {
        guard let document = store[uri]?.document, let file = store.fileContext(uri), !file.isConfiguration,
              var lint = await keptLint(uri) else { return nil }
        if lint.result == nil, file.isExcluded {
            lint.result = await lintWork.run { DocumentLinter.lintOnRequest(document, file: file) }
            lintsRun += 1
            store.keep(lint, for: uri)
        }
        return (document, file, lint)
    }

    /// The lint with its fixes checked, once per version: from what the lint
    /// kept, without building the file again.
    func checkedLint(_ uri: String, _ lint: KeptLint, file: FileContext) async -> LintResult? {
        if let checked = lint.checked { return checked }
        guard let result = lint.result else { return nil }
        let checked = await requestWork.run { Linter(options: file.lintOptions(checkingFixes: true)).checkingFixes(of: result) }
        var kept = store[uri]?.currentLint ?? lint
        if kept.version == lint.version, kept.generation == lint.generation {
            kept.checked = checked
            store.keep(kept, for: uri)
        }
        return checked
    }

    /// A configuration that cannot be read is shown on the configuration file
    /// itself (files are then linted with the defaults), and cleared once fixed.
    private func showConfigurationError(_ file: FileContext) {
        guard let path = file.configurationPath else { return }
        let uri = LanguageServer.uri(ofPath: path)
        guard store[uri] == nil else { return }  // an open configuration is checked as it is typed
        if let error = file.configurationError {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
            let source = SourceText(bytes: bytes)
            let document = TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
            store.configurationErrorsShown.insert(uri)
            output.publish(uri: uri, version: nil, diagnostics: [
                DocumentLinter.diagnostic(DocumentLinter.configurationDiagnostic(error, source: source), in: document, context: nil,
                                          docs: settings.docs),
            ])
        } else if store.configurationErrorsShown.remove(uri) != nil {
            output.publish(uri: uri, version: nil, diagnostics: [])
        }
    }

    /// Settings changed while serving (tests: a debounce no edit waits for).
    func updateSettings(_ change: @Sendable (inout LanguageServer.Settings) -> Void) {
        change(&settings)
    }

    // MARK: - Work under way

    private func beginWork() {
        workUnderWay += 1
    }

    private func endWork() {
        workUnderWay -= 1
        guard workUnderWay == 0 else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no lint waits or runs and every request is answered.
    func untilIdle() async {
        guard workUnderWay > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Requests under way, cancellations kept, lints waiting.
    var heldWork: (requests: Int, cancellations: Int, lints: Int) {
        let counts = requests.counts
        return (counts.underWay, counts.cancelled, waitingLints.count)
    }
}

/// A request's answer, or why the request cannot be answered (sent as InvalidParams).
struct RequestError: Error {
    var message: String
}

/// One request's handling: it runs on the server's actor when the request
/// queue comes to it, and hands long work to a work queue.
protocol RequestHandler {
    static func answer(_ params: JSONView, in server: isolated ServerState) async -> Result<JSONValue, RequestError>
}

/// One notification's handling, on the server's actor, in the order the client sent them.
protocol NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState)
}
