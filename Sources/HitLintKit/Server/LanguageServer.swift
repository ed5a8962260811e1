import Dispatch
import Foundation

/// `hitlint server`: the Language Server Protocol over standard input and
/// output, so an editor shows hitlint's diagnostics as the file is typed,
/// offers its verified fixes as quick fixes and explains a node on hover.
///
/// Messages are read one after another on the caller's thread, and each is
/// handed to the server's state (`ServerState`, an actor) and handled there
/// before the next is read. Linting runs on a queue of its own, once per
/// version of a document (`DocumentStore`); a result is published only if the
/// document has not changed since: the last version wins and nothing stale
/// reaches the editor. Quick fixes and hovers answer from that lint, on a
/// queue of their own, so a `$/cancelRequest` read meanwhile is honoured.
/// Nothing a client sends ends the server but `exit`, the end of its input,
/// or a header that loses the framing (see `serve`): a malformed message is
/// answered with an error (or, without an id, logged), an unknown method
/// with `MethodNotFound`.
public final class LanguageServer: Sendable {
    public struct Settings: Sendable {
        /// How long a lint waits for more changes once one is waiting or under
        /// way for the document (a burst of keystrokes is linted once, after
        /// it); an edit after a pause is linted at once. Opens, saves and
        /// watched-file events always wait this long.
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

    let state: ServerState
    private let output: MessageOutput
    /// Places for requests under way: the reader waits for one before handing
    /// over a request that runs on the request queue, so a client that sends
    /// faster than the server answers is slowed down rather than queued
    /// without end.
    private let requestPlaces: DispatchSemaphore
    static let requestCapacity = 64
    /// The requests that take a place (`requestPlaces`) until answered.
    static let requestsWaitedFor: Set<String> = ["textDocument/hover", "textDocument/codeAction"]

    public init(settings: Settings = Settings(), send: @escaping @Sendable ([UInt8]) -> Void) {
        output = MessageOutput(send: send)
        requestPlaces = DispatchSemaphore(value: Self.requestCapacity)
        state = ServerState(settings: settings, output: output, requestPlaces: requestPlaces)
    }

    /// Where lints run (tests hold it to see what waits).
    var lintQueue: DispatchQueue { state.lintWork.queue }
    /// Where requests run (tests hold it to cancel a request before it starts).
    var requestQueue: DispatchQueue { state.requestWork.queue }

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
        var reader = MessageReader(read: read)
        while let item = reader.next() {
            switch item {
            case .refused(let why):
                report(why, log: log)
            case .malformed(let why):
                report("\(why); the server stops, as nothing tells where the next message starts", log: log)
                drain()
                return 2
            case .message(let bytes):
                if let status = handle(bytes, log: log) {
                    drain()
                    return status
                }
            }
        }
        drain()
        return Blocking.wait { [state] in await state.shutdownRequested } ? 0 : 1
    }

    /// A message the reader could not take (see `ServerState.report`).
    private func report(_ problem: String, log: (String) -> Void) {
        for line in Blocking.wait({ [state] in await state.reportFromReader(problem) }) { log(line) }
    }

    /// Documents linted so far (tests count them).
    var lintsRun: Int { Blocking.wait { [state] in await state.lintsRun } }

    /// What the server holds besides its documents and their lints: requests
    /// under way, cancellations kept, lints waiting. Each is bounded while it
    /// serves and back to zero once `drain` returns (the fuzz target checks).
    public var heldWork: (requests: Int, cancellations: Int, lints: Int) {
        Blocking.wait { [state] in await state.heldWork }
    }

    /// Waits for the lints and requests under way (tests and the benchmark read
    /// the output after).
    public func drain() {
        Blocking.wait { [state] in await state.untilIdle() }
    }

    // MARK: - Messages

    /// Handles one message (its JSON, unframed); returns the exit status when it was `exit`.
    @discardableResult
    public func handle(_ bytes: [UInt8]) -> Int32? {
        handle(bytes, log: { _ in })
    }

    private func handle(_ bytes: [UInt8], log: (String) -> Void) -> Int32? {
        guard let message = checked(bytes) else { return nil }
        if case .request(let method, _, _) = message, Self.requestsWaitedFor.contains(method) {
            requestPlaces.wait()
        }
        let (status, problems) = Blocking.wait { [state] in await state.receive(message) }
        for line in problems { log(line) }
        return status
    }

    /// The message as JSON-RPC has it, or nil when it is not one (answered
    /// here with the error, or dropped: a response to a request of ours).
    private func checked(_ bytes: [UInt8]) -> IncomingMessage? {
        var bytes = bytes
        LoneSurrogates.replace(in: &bytes)
        let message: JSONView
        do {
            message = try JSONView(parsing: bytes)
        } catch {
            output.respondError(id: .null, .parseError, "the message is not JSON: \(error.message)")
            return nil
        }
        guard message.kind == .object else {
            output.respondError(id: .null, .invalidRequest, "a message must be a JSON object")
            return nil
        }
        let id = message["id"]
        guard let method = message["method"].string else {
            // A response to a request of ours (we send none), or garbage with an id.
            if id.exists, !message["result"].exists, !message["error"].exists {
                output.respondError(id: id.id ?? .null, .invalidRequest, "a request needs a 'method'")
            }
            return nil
        }
        let params = message["params"]
        guard id.exists else { return .notification(method: method, params: params) }
        guard let requestID = id.id else {
            output.respondError(id: .null, .invalidRequest, "a request's id must be an integer or a string")
            return nil
        }
        return .request(method: method, id: requestID, params: params)
    }

    static let fixAllKind = "source.fixAll.hitlint"

    /// A URI as a message quotes it: at most 200 characters of it.
    static func shown(_ uri: String) -> String {
        "'" + (uri.count > 200 ? uri.prefix(200) + "…" : uri) + "'"
    }

    /// How a node named in a diagnostic takes part in it, as the rule's
    /// description says (`RuleDescription.relatedRole`).
    static func relatedRole(_ rule: String, name: String) -> String {
        guard let role = RuleRegistry.description(of: rule)?.relatedRole else { return "'\(name)'" }
        return "'\(name)' \(role)"
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
