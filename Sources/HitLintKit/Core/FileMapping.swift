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
/// (a fix's span, the line index) brings back only the pages it touches: a large
/// file is memory the lint no longer holds once the layout is built.
///
/// The cost is a hazard every memory-mapping tool has (git, ripgrep): if
/// another program truncates the file while it is mapped, touching a page past
/// its new end raises SIGBUS. A handler turns a SIGBUS at an address inside a
/// live mapping into a clear message and exit code 2 ("the tool could not do
/// its job") instead of a crash; any other SIGBUS goes to the handler that was
/// there before (the Swift runtime's backtracer, or a host program's). Files
/// rewritten by renaming a new file into place, as editors and `hitlint --fix`
/// do, keep the old contents mapped and are not affected.
final class FileMapping: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let count: Int
    private let slot: Int
    private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    /// Maps the first `count` bytes of an open regular file, or nil when the
    /// system refuses, or when `LiveMappings` is full (the caller reads the file
    /// instead).
    init?(descriptor: Int32, count: Int) {
        guard count > 0, TruncationHandler.isInstalled else { return nil }
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
              address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        guard let slot = LiveMappings.add(UInt(bitPattern: address), count: count) else {
            munmap(address, count)
            return nil
        }
        base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        self.count = count
        self.slot = slot
        windowsRead = Array(repeating: 0, count: ((count - 1) >> Self.windowShift) / 64 + 1)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), count)
        LiveMappings.remove(slot)
    }

    /// `bytes` written to a new file in the temporary folder, which is removed
    /// at once (the mapping keeps its contents; nothing else can see or truncate
    /// it), and mapped. For a copy of a large file that is linted once more
    /// (fix verification reads a patched copy whole once, then here and there):
    /// mapped, its pages can go back to the page cache once it is built, as the
    /// input's do, instead of staying in the process for the whole lint. nil when
    /// the folder cannot take it, or nothing can be mapped: the caller keeps the array.
    static func temporaryCopy(of bytes: UnsafeBufferPointer<UInt8>) -> FileMapping? {
        guard !bytes.isEmpty, TruncationHandler.isInstalled, let base = bytes.baseAddress else { return nil }
        var folder = FileManager.default.temporaryDirectory.path
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        var template = Array("\(folder)/hitlint-fix-check-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        var written = 0
        while written < bytes.count {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, base + written, bytes.count - written)
            #elseif canImport(Darwin)
            let count = Darwin.write(descriptor, base + written, bytes.count - written)
            #else
            let count = Musl.write(descriptor, base + written, bytes.count - written)
            #endif
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }  // a full disk, a quota: the array is kept
            written += count
        }
        return FileMapping(descriptor: descriptor, count: bytes.count)
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

    /// The windows of 64 KB (`windowShift`) read since the pages were last given
    /// back: a bit for each, and how many are set.
    private var windowsRead: [UInt64]
    private var windowsReadCount = 0
    private let lock = NSLock()
    /// A read maps the window of the page cache around it into the process
    /// (Linux maps up to 64 KB around a fault), so reads are counted by the
    /// windows they bring back, not one by one: a report asks for every
    /// finding's column in order, hundreds of reads a window, and giving the
    /// whole file back every few hundred reads would make each thread fault
    /// its window in again and every other core flush its mappings.
    static let windowShift = 16
    /// Windows brought back before the pages are given back: at most about
    /// 1 MB of the file comes back beside the findings.
    static let windowsKept = 16

    /// Counts a read of a few bytes at `offset`, and gives the pages back once
    /// `windowsKept` windows have come back. Safe from several threads (rules
    /// run concurrently); a page given back while another thread reads it is
    /// simply read again.
    func noteScatteredRead(at offset: Int) {
        let window = max(0, min(offset, count - 1)) >> Self.windowShift
        lock.lock()
        let bit = UInt64(1) << UInt64(window % 64)
        var drop = false
        if windowsRead[window / 64] & bit == 0 {
            windowsRead[window / 64] |= bit
            windowsReadCount += 1
            if windowsReadCount > Self.windowsKept {
                drop = true
                for index in windowsRead.indices { windowsRead[index] = 0 }
                // The window being read comes back at once: the first of the next count.
                windowsRead[window / 64] = bit
                windowsReadCount = 1
            }
        }
        lock.unlock()
        if drop { dropResidentPages(0..<count) }
    }
}

/// The address ranges of the live mappings, where the SIGBUS handler can read
/// them: fixed storage, written under a lock, read by the handler without one
/// (a slot is filled before its mapping is used and emptied after it is gone).
/// 256 at once: a run keeps each file's text until it reports, and a run over
/// more large files than that reads the rest into memory.
enum LiveMappings {
    static let capacity = 256
    /// Start and end of each slot's range; 0, 0 when free.
    nonisolated(unsafe) static let ranges: UnsafeMutablePointer<UInt> = {
        let ranges = UnsafeMutablePointer<UInt>.allocate(capacity: 2 * capacity)
        ranges.initialize(repeating: 0, count: 2 * capacity)
        return ranges
    }()
    private static let lock = NSLock()

    static func add(_ start: UInt, count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where ranges[2 * slot + 1] == 0 {
            ranges[2 * slot] = start
            ranges[2 * slot + 1] = start + UInt(count)
            return slot
        }
        return nil
    }

    static func remove(_ slot: Int) {
        lock.lock()
        ranges[2 * slot + 1] = 0
        ranges[2 * slot] = 0
        lock.unlock()
    }

    /// Whether `address` lies in a live mapping. Async-signal-safe: reads memory only.
    static func contains(_ address: UInt) -> Bool {
        for slot in 0..<capacity {
            let end = ranges[2 * slot + 1]
            if end != 0, address >= ranges[2 * slot], address < end { return true }
        }
        return false
    }
}

/// The SIGBUS handler of `FileMapping`, installed once, before the first
/// mapping. Where it cannot be installed, files are read, not mapped.
enum TruncationHandler {
    #if canImport(Glibc) || canImport(Darwin)
    /// What SIGBUS did before: a fault outside the mappings is handed back to
    /// it. Behind a pointer: the handler reads it without Swift's access checks.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        previous.initialize(to: sigaction())
        return previous
    }()

    static let isInstalled: Bool = {
        _ = LiveMappings.ranges  // both initialised before the handler can read them
        let previous = Self.previous
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = handle
        #else
        action.__sigaction_u.__sa_sigaction = handle
        #endif
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, previous) == 0
    }()

    private static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        _, info, _ in
        // Only async-signal-safe calls here: reads of memory, write(2), _exit(2), sigaction(2), raise(3).
        #if canImport(Glibc)
        // A signal sent by a program (si_code ≤ 0) carries no fault address.
        let address = info.map { $0.pointee.si_code > 0 ? UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) : 0 } ?? 0
        #else
        let address = info.map { UInt(bitPattern: $0.pointee.si_addr) } ?? 0
        #endif
        if address != 0, LiveMappings.contains(address) {
            let message: StaticString = "hitlint: error: a layout file was cut short by another program while hitlint was reading it (SIGBUS on its memory map); lint it again\n"
            message.withUTF8Buffer { text in _ = write(2, text.baseAddress, text.count) }
            _exit(2)
        }
        // Not ours: the previous handler gets it (a fault happens again on return; a sent signal is raised again).
        _ = sigaction(SIGBUS, previous, nil)
        _ = raise(SIGBUS)
    }
    #else
    static let isInstalled = false
    #endif
}
