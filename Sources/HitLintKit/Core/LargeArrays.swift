#if canImport(Glibc)
import Glibc
#endif

/// Large arrays backed by 2 MB pages where the kernel allows it.
///
/// A lint of a big file touches a few hundred MB of fresh memory once; with 4 KB
/// pages that is tens of thousands of page faults, and in a virtual machine each
/// costs microseconds. With transparent huge pages in `madvise` mode (the common
/// Linux default) a region must ask for them, and the parse and the geometry
/// of a large layout are then much faster (Docs/performance.md). Advice only:
/// where huge pages are off, or on macOS, nothing changes.
enum LargeArrays {
    /// Below this, a region is not worth a system call.
    static let threshold = 4 << 20
    private static let hugePage = 2 << 20

    /// Advises the kernel to back the 2 MB-aligned interior of a region with huge pages.
    static func adviseHugePages(_ start: UnsafeRawPointer, bytes: Int) {
        #if os(Linux)
        guard bytes >= threshold else { return }
        let address = Int(bitPattern: start)
        let from = (address + hugePage - 1) & ~(hugePage - 1)
        let to = (address + bytes) & ~(hugePage - 1)
        guard to > from, let pointer = UnsafeMutableRawPointer(bitPattern: from) else { return }
        _ = madvise(pointer, to - from, Int32(MADV_HUGEPAGE))
        #endif
    }
}

/// Memory freed in the middle of the allocator's heap, given back to the
/// system. glibc keeps what a program frees there for its later small
/// allocations, resident; a table large enough to be mapped on its own
/// never reuses it, and the next lint's small pieces land elsewhere. Called
/// where a large file's lint has just freed many megabytes of small pieces
/// (fix checking's packed text, the end of its checking, a `--fix` pass);
/// elsewhere the allocator's own trimming of its heap's top suffices.
public enum FreedMemory {
    /// Below this many bytes of file, what a lint of it frees is not worth a walk of the heap.
    static let worthGivingBackFrom = 4 << 20

    public static func giveBack() {
        #if canImport(Glibc)
        _ = mallocTrim(0)
        #endif
    }
}

#if canImport(Glibc)
/// glibc's malloc_trim, which the Glibc module does not export.
@_silgen_name("malloc_trim") private func mallocTrim(_ padding: Int) -> Int32
#endif

extension Array {
    /// `reserveCapacity`, with the reserved storage advised onto huge pages
    /// before anything is written to it (advice after the first touch is too late).
    mutating func reserveLargeCapacity(_ minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
        let bytes = capacity * MemoryLayout<Element>.stride
        guard bytes >= LargeArrays.threshold else { return }
        withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { LargeArrays.adviseHugePages(base, bytes: bytes) }
        }
    }

    /// An empty array with room for `capacity` elements, on huge pages when large.
    static func empty(reservingLarge capacity: Int) -> [Element] {
        var array: [Element] = []
        array.reserveLargeCapacity(capacity)
        return array
    }

    /// `Array(repeating:count:)` on huge pages when it is large.
    static func large(repeating value: Element, count: Int) -> [Element] {
        guard count * MemoryLayout<Element>.stride >= LargeArrays.threshold else {
            return Array(repeating: value, count: count)
        }
        var array: [Element] = []
        array.reserveLargeCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }

    /// `map` into a large array on huge pages.
    func largeMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        guard count * MemoryLayout<Result>.stride >= LargeArrays.threshold else { return map(transform) }
        var result: [Result] = []
        result.reserveLargeCapacity(count)
        for element in self { result.append(transform(element)) }
        return result
    }
}
