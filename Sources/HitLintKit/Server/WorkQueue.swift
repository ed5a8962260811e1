import Dispatch

/// A serial queue the server's actor hands long work to (a lint, a fix
/// check, a hover's search): the actor stays free to take the next message
/// meanwhile, and work of one kind runs one piece at a time, in the order it
/// was asked for, on a thread of its own rather than one of the few the
/// concurrency runtime shares out.
struct WorkQueue: Sendable {
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` on the queue, after what was asked of it before, and gives its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Returns once the queue has come to it: work waiting for its turn can
    /// still be replaced or cancelled, work under way cannot.
    func turn() async {
        await run {}
    }
}
