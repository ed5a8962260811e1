/// `textDocument/hover`: the node under the cursor, from the version's lint.
enum Hover: RequestHandler {
    static func answer(_ params: JSONView, in server: isolated ServerState) async -> Result<JSONValue, RequestError> {
        guard let uri = params["textDocument"]["uri"].string else {
            return .failure(RequestError(message: "hover needs textDocument.uri (a string)"))
        }
        let position: TextDocument.Position
        switch ContentChange.position(params["position"], path: "position") {
        case .success(let checked): position = checked
        case .failure(let fault): return .failure(RequestError(message: fault.message))
        }
        guard let (document, _, lint) = await server.lintForRequest(uri), let context = lint.result?.context else {
            return .success(.null)
        }
        return .success(await server.requestWork.run {
            let offset = document.offset(of: position)
            guard let node = NodeSummary.node(at: offset, in: context.layout) else { return .null }
            let summary = NodeSummary(node: node, context: context)
            return .object([
                ("contents", .object([("kind", .string("markdown")), ("value", .string(summary.markdown))])),
                ("range", document.range(of: summary.span).json),
            ])
        })
    }
}
