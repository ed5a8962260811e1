import Foundation

/// `DispatchQueue.concurrentPerform` with at most `jobs` iterations running at
/// once: `jobs` workers take the next index from a shared counter until none
/// is left. With one job everything runs on the calling thread, in order.
private func performConcurrently(iterations: Int, jobs: Int, _ body: @Sendable (Int) -> Void) {
    guard jobs > 1, iterations > 1 else {
        for index in 0..<iterations { body(index) }
        return
    }
    let counter = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: min(jobs, iterations)) { _ in
        while let index = counter.next(below: iterations) { body(index) }
    }
}

/// `transform` of every index in `0..<count`, in index order, with at most
/// `jobs` of them worked out at once: the result is the same whatever the number of jobs.
///
/// Each call initializes its own slot of the result's storage, so the threads
/// share nothing but the counter that hands out the indices, and the results
/// are never copied. The one place that writes from several threads into one
/// buffer; callers keep no slots of their own.
func concurrentMap<Element>(count: Int, jobs: Int, _ transform: @Sendable (Int) -> Element) -> [Element] {
    concurrentMap(count: count, jobs: jobs, batch: 1, scratch: {}) { index, _ in transform(index) }
}

/// `concurrentMap` for work that needs scratch space (a table reused from one
/// element to the next): the indices are handed out in batches of `batch`
/// consecutive ones, and each batch is worked out on one thread with one
/// `scratch`, made for it.
func concurrentMap<Element, Scratch>(count: Int, jobs: Int, batch: Int, scratch makeScratch: @Sendable () -> Scratch,
                                     _ transform: @Sendable (Int, inout Scratch) -> Element) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        nonisolated(unsafe) let slots = buffer
        let batch = max(batch, 1)
        let batches = (count + batch - 1) / batch
        performConcurrently(iterations: batches, jobs: jobs) { batchIndex in
            var scratch = makeScratch()
            for index in batchIndex * batch ..< min(count, (batchIndex + 1) * batch) {
                (slots.baseAddress! + index).initialize(to: transform(index, &scratch))
            }
        }
        initialized = count
    }
}

/// `side` run on another thread while `main` runs on this one (with one
/// job, on this one, after `main`); returns once both are done. For two
/// parts of a step that read nothing the other writes.
func alongside(jobs: Int, _ side: @escaping @Sendable () -> Void, while main: () -> Void) {
    guard jobs > 1 else {
        main()
        side()
        return
    }
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group, execute: side)
    main()
    group.wait()
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

/// An amount shared by concurrent jobs, each taking a part while any is left
/// (`--render-dir`'s kept contexts: `LintCommand.LintPlan.keptContexts`).
final class SharedAllowance: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    init(_ amount: Int) { left = amount }

    /// Takes `amount` if that much is left; false (taking nothing) if not.
    func take(_ amount: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard amount <= left else { return false }
        left -= amount
        return true
    }
}
