/// The requests under way (read, not yet answered) and which of them the
/// client has cancelled. A `$/cancelRequest` for a request not under way
/// (answered already, as often happens, or never sent) is dropped, and a
/// request's cancellation is forgotten when it is answered: what is held is
/// bounded by the requests under way, and those by the places the reader
/// waits for (`LanguageServer.requestCapacity`).
struct RequestTracker {
    /// Under way, by id (a client may use an id twice: each use counts).
    private var underWay: [String: Int] = [:]
    private var total = 0
    private var cancelled: Set<String> = []

    /// A request read.
    mutating func begin(_ id: String) {
        underWay[id, default: 0] += 1
        total += 1
    }

    /// A request answered (or refused).
    mutating func end(_ id: String) {
        guard let count = underWay[id] else { return }
        if count > 1 {
            underWay[id] = count - 1
        } else {
            underWay[id] = nil
            cancelled.remove(id)
        }
        total -= 1
    }

    /// `$/cancelRequest`: kept only for a request under way.
    mutating func cancel(_ id: String) {
        if underWay[id] != nil { cancelled.insert(id) }
    }

    func isCancelled(_ id: String) -> Bool {
        cancelled.contains(id)
    }

    /// Requests under way and cancellations held (tests and the fuzz target
    /// check they are bounded and come back to zero).
    var counts: (underWay: Int, cancelled: Int) {
        (total, cancelled.count)
    }
}
