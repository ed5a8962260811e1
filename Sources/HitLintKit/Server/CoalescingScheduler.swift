import Dispatch
import Foundation

/// Work per key (a document), run on a serial queue a delay after it was
/// last asked for. Asking again while the key's work waits replaces that
/// work and moves its time: a burst of changes, saves or watched-file events
/// for one document runs once, after the burst (a debounce), and the queue
/// never holds more than one item per key, however fast the client sends.
///
/// Work already running is not replaced: asked for meanwhile, the key's work
/// runs again after it (it may read what changed meanwhile).
final class CoalescingScheduler<Key: Hashable & Sendable>: @unchecked Sendable {
    let queue: DispatchQueue
    private let lock = NSLock()
    /// Keys whose work waits on the queue: when it may start, and what it is.
    private var waiting: [Key: (deadline: DispatchTime, work: @Sendable () -> Void)] = [:]
    /// Entered for each waiting key, left when its work has run.
    private let group = DispatchGroup()

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Runs `work` for `key` `delay` seconds from now, in place of any work
    /// still waiting for `key`.
    func schedule(_ key: Key, after delay: Double, _ work: @escaping @Sendable () -> Void) {
        let deadline = DispatchTime.now() + delay
        lock.lock()
        let alreadyPosted = waiting[key] != nil
        waiting[key] = (deadline, work)
        lock.unlock()
        if !alreadyPosted {
            group.enter()
            post(key, at: deadline)
        }
    }

    private func post(_ key: Key, at deadline: DispatchTime) {
        queue.asyncAfter(deadline: deadline) { [self] in
            lock.lock()
            guard let entry = waiting[key] else {
                lock.unlock()
                group.leave()
                return
            }
            // Asked for again since it was posted: wait until the new time.
            if entry.deadline > deadline, entry.deadline > .now() {
                lock.unlock()
                post(key, at: entry.deadline)
                return
            }
            waiting[key] = nil
            lock.unlock()
            entry.work()
            group.leave()
        }
    }

    /// How many keys have work waiting (tests and the fuzz target check it is bounded).
    var waitingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count
    }

    /// Waits until all work asked for so far, and any it asked for, has run.
    func wait() {
        group.wait()
        queue.sync {}
    }
}
