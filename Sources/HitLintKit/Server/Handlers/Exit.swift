/// `exit`: the status the process ends with, 0 only after `shutdown`, as
/// the protocol says.
enum Exit {
    static func status(in server: isolated ServerState) -> Int32 {
        server.shutdownRequested ? 0 : 1
    }
}
