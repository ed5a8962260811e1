import Dispatch

/// The bridge from the server's synchronous callers (the loop that reads
/// standard input, tests, the benchmark, the fuzz target) to its actor: the
/// work runs as a task, and the calling thread waits for its result. Only
/// threads outside the concurrency runtime's pool call it (waiting on one of
/// the pool's few threads could starve the actor it waits for).
enum Blocking {
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let slot = Slot<T>()
        Task { slot.fill(await work()) }
        return slot.take()
    }

    /// One value handed from the task to the waiting thread. Written once,
    /// before the semaphore is signalled, and read only after the wait
    /// returns: the semaphore orders the two, so no lock is needed (hence
    /// unchecked: the compiler cannot see that ordering).
    private final class Slot<T: Sendable>: @unchecked Sendable {
        private let filled = DispatchSemaphore(value: 0)
        private var value: T?

        func fill(_ value: T) {
            self.value = value
            filled.signal()
        }

        func take() -> T {
            filled.wait()
            return value!
        }
    }
}
