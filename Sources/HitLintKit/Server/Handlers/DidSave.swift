/// `textDocument/didSave`: a file saved (a configuration among them, perhaps). A configuration may
/// have changed: they are read again, and every open document linted again.
enum DidSave: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        server.configurationMayHaveChanged()
    }
}
