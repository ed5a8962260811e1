/// `textDocument/didChange`: the edits, applied all or none, and a lint of
/// the new version (at once after a pause: `ServerState.scheduleLint`).
enum DidChange: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        let identifier = params["textDocument"]
        guard let uri = identifier["uri"].string else {
            server.report("textDocument/didChange needs textDocument.uri (a string); no document is changed")
            return
        }
        let refused = "textDocument/didChange for \(LanguageServer.shown(uri))"
        guard var document = server.store[uri]?.document else {
            server.report("\(refused): the document is not open; nothing is changed")
            return
        }
        let version = identifier["version"]
        guard !version.exists || version.int != nil else {
            server.report("\(refused): textDocument.version must be an integer; the document is unchanged")
            return
        }
        // Checked whole before any is applied: a malformed message leaves the document as it was.
        switch ContentChange.changes(params["contentChanges"]) {
        case .failure(let fault):
            server.report("\(refused): \(fault.message); the document is unchanged")
            return
        case .success(let changes):
            document.apply(changes)
        }
        document.version = version.int ?? document.version + 1
        server.store.replace(document)
        server.scheduleLint(uri, promptly: true)
    }
}
