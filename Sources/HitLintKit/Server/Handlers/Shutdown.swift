/// `shutdown`: no more requests are taken; answered once the lints and
/// requests under way are done, so nothing is sent after the answer.
enum Shutdown {
    static func respond(id: JSONValue, in server: isolated ServerState) async {
        server.shutdownRequested = true
        await server.untilIdle()
        server.output.respond(id: id, .null)
    }
}
