import Dispatch

/// The messages the server sends, each framed and written whole: answers,
/// published diagnostics and log messages come from the actor and from work
/// queues alike, and the serial queue keeps one from cutting into another.
final class MessageOutput: Sendable {
    private let send: @Sendable ([UInt8]) -> Void
    private let queue = DispatchQueue(label: "hitlint.server.output")

    init(send: @escaping @Sendable ([UInt8]) -> Void) {
        self.send = send
    }

    func respond(id: JSONValue, _ result: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func respondError(id: JSONValue, _ code: LanguageServer.ErrorCode, _ message: String) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id),
                       ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))]))]))
    }

    func notify(_ method: String, _ params: JSONValue) {
        write(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    func publish(uri: String, version: Int?, diagnostics: [JSONValue]) {
        var params: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .int(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        notify("textDocument/publishDiagnostics", .object(params))
    }

    private func write(_ value: JSONValue) {
        let framed = MessageReader.frame(value.rendered())
        queue.sync { send(framed) }
    }
}
