/// `$/cancelRequest`: a request not yet begun is answered RequestCancelled
/// when its turn comes; one not under way is forgotten.
enum CancelRequest: NotificationHandler {
    static func handle(_ params: JSONView, in server: isolated ServerState) {
        if let id = params["id"].id { server.requests.cancel(ServerState.key(id)) }
    }
}
