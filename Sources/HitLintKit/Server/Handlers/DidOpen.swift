/// `textDocument/didOpen`: the document is held, and linted a debounce from now.
enum DidOpen: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        let item = params["textDocument"]
        guard let uri = item["uri"].string, let text = item["text"].string, let version = item["version"].int else {
            server.report("textDocument/didOpen needs textDocument.uri and .text (strings) and .version (an integer); the document is not opened")
            return
        }
        server.store.open(TextDocument(uri: uri, version: version, text: text))
        server.scheduleLint(uri)
    }
}
