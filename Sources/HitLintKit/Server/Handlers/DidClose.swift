/// `textDocument/didClose`: forgotten, and its diagnostics cleared.
enum DidClose: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        guard let uri = params["textDocument"]["uri"].string else { return }
        server.store.close(uri)
        server.cancelWaitingLint(uri)
        server.output.publish(uri: uri, version: nil, diagnostics: [])
    }
}
