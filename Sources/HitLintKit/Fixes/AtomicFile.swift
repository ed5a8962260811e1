import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// How hitlint writes the files it was asked to change or make: fixed layouts
/// (`replace`), and reports, baselines and `render -o` pictures (`write`).
///
/// A regular file is written so that it is either the old file or the new one,
/// never half of each: a temporary file in the same folder, flushed, given the
/// old file's permissions, owner (when allowed) and extended attributes (ACLs,
/// labels, tags: as far as the system lets us), then renamed over it.
///
/// - A symlink is written through: the file it points to is replaced (its
///   temporary file made beside it, so the rename stays on one file system)
///   and the link is kept, as other fixers that write through a link do.
/// - Anything that is not a regular file (`/dev/null`, a terminal, a FIFO, a
///   descriptor named `/dev/stdout` or `/dev/fd/N`) is written through, as
///   `tee` writes: a rename would put a regular file in its place.
/// - A file to fix without write permission (for us, or for anyone: root may
///   write anything, so the mode is checked too) is refused with a message.
/// - A file to fix that no longer holds what was read is refused: checked
///   before the temporary file is written, and again after it is flushed,
///   just before the rename. POSIX has no rename that compares first, so an
///   edit saved in the instant between that last check and the rename is
///   still lost; everything before it is seen.
/// - SIGINT, SIGTERM and SIGHUP during a write remove the temporary file before
///   the process ends. After SIGKILL or a power cut one may remain, complete or
///   not, named `.NAME.hitlint-XXXXXX` beside the file (for a long NAME, its
///   first bytes and a hash of the rest, so the name still fits NAME_MAX):
///   hidden, so it is never linted, and never renamed over the file. It is
///   safe to delete.
public enum AtomicFile {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// For tests: called with the temporary file's path once it is written
    /// and flushed, before the last check and the rename (where an edit made
    /// by another program meanwhile must still be seen).
    nonisolated(unsafe) static var beforeRename: ((String) -> Void)?

    /// Replaces `path` with `bytes`, unless the file no longer holds `expected`
    /// (it changed on disk since it was read).
    public static func replace(_ path: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(Failure) {
        // The file itself, through any symlink: that is what was read and what changes.
        let target = ProjectPath.real(path)
        // Checked first too: a file known to have changed is not worth a temporary copy.
        try checkUnchanged(target, expected)
        var info = stat()
        guard stat(target, &info) == 0 else { throw Failure(message: "cannot read the file's permissions") }
        guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 || errno == EROFS else {
            throw Failure(message: "the file is read-only; not fixing it (make it writable and run hitlint --fix again)")
        }
        try replaceRegularFile(target, with: { bytes.withUnsafeBufferPointer($0) }, keeping: info,
                               failed: { Failure(message: "cannot write the fixed file (\($0)); it is unchanged") },
                               check: { () throws(Failure) in try checkUnchanged(target, expected) })
    }

    /// Writes a report or a baseline to `path`: through to what is not a
    /// regular file, else a whole new file renamed over the old one (keeping
    /// its mode, owner and extended attributes) or created (mode 0666 less the
    /// umask, as any program's new file).
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        try write(to: path) { bytes.withUnsafeBufferPointer($0) }
    }

    /// Writes what `produce` hands its sink, piece by piece as it is made (a
    /// report, never held whole), as `write(_:to:)` writes bytes: the file
    /// renamed into place only once every piece is written and flushed.
    public static func write(to path: String, producing produce: (ByteSink) -> Void) throws(Failure) {
        if let descriptor = descriptor(named: path) {
            try writeAll(produce, to: descriptor)
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                try writeThrough(produce, to: path)
                return
            }
            try replaceRegularFile(ProjectPath.real(path), with: produce, keeping: info)
            return
        }
        let reason = errno
        if let why = InputFileReader.whyMissing(path) { throw Failure(message: why) }
        guard reason == ENOENT else { throw Failure(message: errorText(reason)) }
        try replaceRegularFile(path, with: produce, keeping: nil)
    }

    /// The descriptor a path names rather than a file (`/dev/stdout`,
    /// `/dev/fd/3`, `/proc/self/fd/3`), else nil. Opening such a name again
    /// would truncate a file the shell opened for appending (`>> log`), and a
    /// rename would replace the file behind it: it is written as it is.
    public static func descriptor(named path: String) -> Int32? {
        let name = ProjectPath.normalized(path)
        switch name {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where name.hasPrefix(prefix) {
            if let number = Int32(name.dropFirst(prefix.count)), number >= 0 { return number }
        }
        return nil
    }

    // MARK: - Writing

    private static func checkUnchanged(_ target: String, _ expected: [UInt8]) throws(Failure) {
        let unreadable = Failure(message: "cannot read the file again before writing it")
        // Compared a piece at a time: read whole (and copied into an array),
        // a large file would be held twice more beside its fixed bytes.
        let descriptor = open(target, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable }
        defer { close(descriptor) }
        let pieceSize = 1 << 16
        let piece = UnsafeMutableRawPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { piece.deallocate() }
        var compared = 0
        var same = true
        while same {
            let count = read(descriptor, piece, pieceSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable
            }
            guard count > 0 else { break }
            same = compared + count <= expected.count
                && expected.withUnsafeBytes { memcmp($0.baseAddress! + compared, piece, count) == 0 }
            compared += count
        }
        guard same, compared == expected.count else {
            throw Failure(message: "the file changed on disk since it was read; not overwriting it (run hitlint --fix again)")
        }
    }

    /// A device, FIFO or terminal: opened for writing (waiting for a FIFO's
    /// reader, as `tee` does) and written in place.
    private static func writeThrough(_ produce: (ByteSink) -> Void, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(message: errorText(errno)) }
        defer { close(descriptor) }
        try writeAll(produce, to: descriptor)
    }

    /// Every piece `produce` hands on, written in full. After a failed write
    /// the rest is not tried (the producer still runs to its end); the first
    /// failure is what is thrown.
    private static func writeAll(_ produce: (ByteSink) -> Void, to descriptor: Int32) throws(Failure) {
        var failure: Int32 = 0
        produce { buffer in
            guard failure == 0 else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        guard failure == 0 else { throw Failure(message: errorText(failure)) }
    }

    /// `target` replaced by (or, with no `existing` file, created as) a
    /// temporary file holding what `produce` hands on, renamed over it once
    /// `check` passes.
    /// `failed` says what went wrong while writing (from the system's reason).
    private static func replaceRegularFile(_ target: String, with produce: (ByteSink) -> Void, keeping existing: stat?,
                                           failed: (String) -> Failure = { Failure(message: $0) },
                                           check: (() throws(Failure) -> Void)? = nil) throws(Failure) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        InterruptCleanup.installOnce()
        // A new file gets what any new file gets (0666 less the umask, applied by
        // open); a replacement starts private and takes the old file's mode below.
        let created = InterruptCleanup.creating(in: folder, prefix: temporaryPrefix(for: url.lastPathComponent),
                                                mode: existing == nil ? 0o666 : 0o600)
        guard let (descriptor, temporary) = created.file else {
            throw Failure(message: "cannot create a temporary file next to it (\(errorText(created.error)))")
        }
        var failure: Failure?
        do { try writeAll(produce, to: descriptor) } catch { failure = failed(error.message) }
        if failure == nil, let existing {
            // The owner first: changing it may clear set-user-ID bits and
            // capabilities; then the attributes (an ACL sets the group bits);
            // then the mode, which restores the bits the others changed.
            // Only root may give a file away; for anyone else this is the file's
            // owner already or fails harmlessly.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            ExtendedAttributes.copy(from: target, to: descriptor)
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { failure = failed(errorText(errno)) }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = failed(errorText(errno)) }
        close(descriptor)
        if failure == nil {
            beforeRename?(temporary)
            do { try check?() } catch { failure = error }
        }
        if failure == nil, rename(temporary, target) != 0 { failure = failed(errorText(errno)) }
        if let failure {
            unlink(temporary)
            InterruptCleanup.finished()
            throw failure
        }
        InterruptCleanup.finished()
    }

    /// The temporary file's name before its random part: `.NAME.hitlint-`,
    /// hidden so that no run lints it. A name too long to take the eight
    /// bytes around it and the random part (NAME_MAX is 255 bytes) is cut to
    /// its first bytes, at a character's start, and a hash of the whole name.
    static func temporaryPrefix(for name: String) -> String {
        let room = Int(NAME_MAX) - ".".utf8.count - ".hitlint-".utf8.count - InterruptCleanup.randomLength
        guard name.utf8.count > room else { return "." + name + ".hitlint-" }
        let bytes = Array(name.utf8)
        // Cut before the character the 100th byte ends inside (a continuation byte follows the cut).
        var end = 100
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return "." + String(decoding: bytes[..<end], as: UTF8.self) + "-" + StableHash.hex([name]) + ".hitlint-"
    }

    static func errorText(_ code: Int32) -> String {
        InputFileReader.describe(code)
    }
}

/// Extended attributes copied from a file to its replacement, as far as the
/// system allows (an attribute only root may set, or one the file system
/// refuses, is left out: the file's bytes matter more than its labels).
enum ExtendedAttributes {
    static func copy(from source: String, to descriptor: Int32) {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard input >= 0 else { return }
        defer { close(input) }
        let size = list(input, nil, 0)
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = names.withUnsafeMutableBufferPointer { list(input, $0.baseAddress, size) }
        guard listed > 0 else { return }
        // NUL-separated names.
        var start = 0
        for index in 0..<min(listed, names.count) where names[index] == 0 {
            names.withUnsafeBufferPointer { buffer in
                let name = buffer.baseAddress! + start
                let length = get(input, name, nil, 0)
                guard length >= 0 else { return }
                var value = [UInt8](repeating: 0, count: max(length, 1))
                let got = value.withUnsafeMutableBufferPointer { get(input, name, $0.baseAddress, length) }
                guard got >= 0 else { return }
                _ = value.withUnsafeBufferPointer { set(descriptor, name, $0.baseAddress, got) }
            }
            start = index + 1
        }
    }

    #if canImport(Darwin)
    private static func list(_ descriptor: Int32, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        flistxattr(descriptor, names, size, 0)
    }
    private static func get(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        fgetxattr(descriptor, name, value, size, 0, 0)
    }
    private static func set(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fsetxattr(descriptor, name, value, size, 0, 0)
    }
    #else
    // Glibc's module does not export <sys/xattr.h>: the functions are looked up
    // in the C library by name, and called with the C convention.
    private typealias ListFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private static let functions: (list: ListFunction, get: GetFunction, set: SetFunction)? = {
        guard let library = dlopen(nil, RTLD_NOW),
              let list = dlsym(library, "flistxattr"), let get = dlsym(library, "fgetxattr"),
              let set = dlsym(library, "fsetxattr") else { return nil }
        return (unsafeBitCast(list, to: ListFunction.self), unsafeBitCast(get, to: GetFunction.self),
                unsafeBitCast(set, to: SetFunction.self))
    }()
    private static func list(_ descriptor: Int32, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        functions?.list(descriptor, names, size) ?? -1
    }
    private static func get(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        functions?.get(descriptor, name, value, size) ?? -1
    }
    private static func set(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        functions?.set(descriptor, name, value, size, 0) ?? -1
    }
    #endif
}

/// The temporary file being written, removed if the process is told to stop
/// (SIGINT, SIGTERM, SIGHUP) before it is renamed. Files are written one at a
/// time, by one thread, so there is at most one.
enum InterruptCleanup {
    /// The temporary file's name, NUL-terminated; `pending` says whether it is live.
    /// Plain C memory: the signal handler may only read it and call unlink(2).
    nonisolated(unsafe) private static let name = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    nonisolated(unsafe) private static var pending: sig_atomic_t = 0
    private static let installation: Void = {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            // Only where the signal would end the process anyway: a signal the parent
            // told us to ignore stays ignored (nohup, `trap '' INT`), and a program
            // that embeds HitLintKit keeps its own handlers.
            guard previousHandlerIsDefault(previous) else { continue }
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handle
            #else
            action.__sigaction_handler.sa_handler = handle
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(signal, &action, nil)
        }
    }()

    static func installOnce() { _ = installation }

    /// The random part of a temporary file's name, as mkstemp's XXXXXX.
    static let randomLength = 6
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// A new file `folder/prefixXXXXXX` (O_EXCL: never one that exists, which
    /// may be another run's), with the three signals held on this thread until
    /// its name is recorded, so the handler knows of the file as soon as it
    /// exists. Made here rather than by mkstemp, which always makes 0600: a new
    /// report gets the mode any new file gets. Nil, with errno, when it cannot.
    static func creating(in folder: String, prefix: String, mode: mode_t) -> (file: (descriptor: Int32, path: String)?, error: Int32) {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        for _ in 0..<100 {
            let random = (0..<randomLength).map { _ in alphabet.randomElement()! }
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + prefix + String(decoding: random, as: UTF8.self)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if descriptor < 0 {
                if errno == EEXIST || errno == EINTR { continue }
                return (nil, errno)
            }
            let bytes = Array(path.utf8CString)
            if bytes.count <= Int(PATH_MAX) {
                bytes.withUnsafeBufferPointer { name.update(from: $0.baseAddress!, count: $0.count) }
                pending = 1
            }
            return ((descriptor, path), 0)
        }
        return (nil, EEXIST)
    }

    /// The file was renamed or removed: nothing to clean up any more.
    static func finished() {
        pending = 0
    }

    /// SIG_DFL is a null handler (SIG_IGN is 1, anything else a function).
    private static func previousHandlerIsDefault(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        return action.__sigaction_u.__sa_handler == nil
        #else
        return action.__sigaction_handler.sa_handler == nil
        #endif
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        if InterruptCleanup.pending != 0 { unlink(InterruptCleanup.name) }
        // SA_RESETHAND restored the default action: end the way the signal asks.
        raise(signal)
    }
}

/// `write(2)` under one name on every platform (`AtomicFile.write` hides it there).
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #elseif canImport(Darwin)
    return Darwin.write(descriptor, buffer, count)
    #else
    return Musl.write(descriptor, buffer, count)
    #endif
}
