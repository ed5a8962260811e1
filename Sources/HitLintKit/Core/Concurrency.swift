import Foundation

/// `DispatchQueue.concurrentPerform` with at most `jobs` iterations running at
/// once: `jobs` workers take the next index from a shared counter until none
/// is left. With one job everything runs on the calling thread, in order.
func performConcurrently(iterations: Int, jobs: Int, _ body: @Sendable (Int) -> Void) {
    guard jobs > 1, iterations > 1 else {
        for index in 0..<iterations { body(index) }
        return
    }
    let counter = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: min(jobs, iterations)) { _ in
        while let index = counter.next(below: iterations) { body(index) }
    }
}

private final class SharedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
