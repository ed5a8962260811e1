/// `initialize`: the client's options, and what the server can do.
enum Initialize {
    static func respond(id: JSONValue, params: JSONView, in server: isolated ServerState) {
        let options = params["initializationOptions"]
        server.initialized = true
        if let docs = options["docsURL"].string, !docs.isEmpty { server.settings.docs = docs }
        if let milliseconds = options["debounceMilliseconds"].int, milliseconds >= 0, milliseconds <= 5_000 {
            server.settings.debounce = Double(milliseconds) / 1_000
        }
        server.output.respond(id: id, .object([
            ("capabilities", .object([
                ("positionEncoding", .string("utf-16")),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .int(2)),  // incremental
                    ("save", .object([("includeText", .bool(false))])),
                ])),
                ("codeActionProvider", .object([
                    ("codeActionKinds", .array([.string("quickfix"), .string(LanguageServer.fixAllKind)])),
                ])),
                ("hoverProvider", .bool(true)),
            ])),
            ("serverInfo", .object([("name", .string("hitlint")), ("version", .string(HitLint.version))])),
        ]))
    }
}
