/// `workspace/didChangeWatchedFiles`: files changed on disk (a configuration among them, perhaps). A configuration may
/// have changed: they are read again, and every open document linted again.
enum DidChangeWatchedFiles: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        server.configurationMayHaveChanged()
    }
}
