import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A regular file mapped read-only into memory, for large inputs
/// (`InputFileReader.readSource`).
///
/// A mapped file's pages belong to the page cache, not to the process: once a
/// stage has read them, `dropResidentPages` lets them go, and a later read
/// (a fix's span, a line table) brings back only the pages it touches. A 10⁶-view
/// layout is 83 MB that the lint no longer holds after the layout is built.
///
/// The cost is a hazard every memory-mapping tool has (git, ripgrep): if
/// another process truncates the file while it is mapped, touching a page past
/// its new end raises SIGBUS. `init` installs a handler that turns that into a
/// clear message and exit code 2 ("the tool could not do its job") instead of a
/// crash. Files rewritten by renaming a new file into place, as editors and
/// `hitlint --fix` do, keep the old contents mapped and are not affected.
final class FileMapping: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let count: Int
    private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    /// Maps the first `count` bytes of an open regular file, or nil when the
    /// system refuses (the caller reads the file instead).
    init?(descriptor: Int32, count: Int) {
        guard count > 0 else { return nil }
        _ = Self.truncationHandler
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
              address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        self.count = count
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Gives the pages wholly inside `range` back to the system (the last page
    /// counts as whole: the mapping ends there). The bytes stay readable; a
    /// page touched again is read again from the page cache or the file.
    func dropResidentPages(_ range: Range<Int>) {
        let page = Self.pageSize
        let start = (max(range.lowerBound, 0) + page - 1) / page * page
        let end = range.upperBound >= count ? (count + page - 1) / page * page : range.upperBound / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, Int32(MADV_DONTNEED))
    }

    /// Reads scattered over the file (a node read again for a diagnostic)
    /// since the pages were last given back.
    private var scatteredReads = 0
    private let lock = NSLock()
    /// Each scattered read maps a 64 KB window of the page cache into the
    /// process (Linux maps the pages around a fault too), and a large file's
    /// diagnostics are dense enough to bring it all back: after this many
    /// reads the pages are given back, so at most about 16 MB come back.
    private static let scatteredReadsKept = 256

    /// Counts a read of a few bytes somewhere in the file, and gives the pages
    /// back every `scatteredReadsKept` reads. Safe from several threads (rules
    /// run concurrently); a page given back while another thread reads it is
    /// simply read again.
    func noteScatteredRead() {
        lock.lock()
        scatteredReads += 1
        let drop = scatteredReads >= Self.scatteredReadsKept
        if drop { scatteredReads = 0 }
        lock.unlock()
        if drop { dropResidentPages(0..<count) }
    }

    /// Installed once, before the first mapping.
    private static let truncationHandler: Void = {
        _ = signal(SIGBUS) { _ in
            // Only async-signal-safe calls here: write(2) and _exit(2).
            let message: StaticString = "hitlint: error: a layout file was cut short by another program while hitlint was reading it (SIGBUS on its memory map); lint it again\n"
            message.withUTF8Buffer { text in _ = write(2, text.baseAddress, text.count) }
            _exit(2)
        }
    }()
}
