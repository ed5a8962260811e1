import Foundation

/// The requests under way (read, not yet answered) and which of them the
/// client has cancelled. A `$/cancelRequest` for a request not under way
/// (answered already, as often happens, or never sent) is dropped, and a
/// request's cancellation is forgotten when it is answered: what is held is
/// bounded by the requests under way, and those by `capacity` (the reader
/// waits for a free place, so a client that sends faster than the server
/// answers is slowed down rather than queued without end).
final class RequestTracker: @unchecked Sendable {
    let capacity: Int
    private let condition = NSCondition()
    /// Under way, by id (a client may use an id twice: each use counts).
    private var underWay: [String: Int] = [:]
    private var total = 0
    private var cancelled: Set<String> = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// A request read: waits while `capacity` are under way.
    func begin(_ id: String) {
        condition.lock()
        while total >= capacity { condition.wait() }
        underWay[id, default: 0] += 1
        total += 1
        condition.unlock()
    }

    /// A request answered (or refused).
    func end(_ id: String) {
        condition.lock()
        if let count = underWay[id] {
            if count > 1 {
                underWay[id] = count - 1
            } else {
                underWay[id] = nil
                cancelled.remove(id)
            }
            total -= 1
        }
        condition.signal()
        condition.unlock()
    }

    /// `$/cancelRequest`: kept only for a request under way.
    func cancel(_ id: String) {
        condition.lock()
        if underWay[id] != nil { cancelled.insert(id) }
        condition.unlock()
    }

    func isCancelled(_ id: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.contains(id)
    }

    /// Requests under way and cancellations held (tests and the fuzz target
    /// check they are bounded and come back to zero).
    var counts: (underWay: Int, cancelled: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (total, cancelled.count)
    }
}
