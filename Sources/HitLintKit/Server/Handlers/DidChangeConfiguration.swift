/// `workspace/didChangeConfiguration`: the client's settings changed. A configuration may
/// have changed: they are read again, and every open document linted again.
enum DidChangeConfiguration: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        server.configurationMayHaveChanged()
    }
}
