import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Writing a fixed file so that it is either the old file or the new one, never
/// half of each: a temporary file in the same folder, flushed, given the old
/// file's permissions (and owner, when allowed), then renamed over it.
///
/// - A symlink is written through: the file it points to is replaced (its
///   temporary file made beside it, so the rename stays on one file system)
///   and the link is kept, as other fixers that write through a link do.
/// - A file without write permission (for us, or for anyone: root may write
///   anything, so the mode is checked too) is refused with a message.
/// - A file that no longer holds what was read is refused (checked just before
///   the write; POSIX has no lock that would close the last instant).
/// - SIGINT, SIGTERM and SIGHUP during a write remove the temporary file before
///   the process ends. After SIGKILL or a power cut one may remain, complete or
///   not, named `.NAME.hitlint-XXXXXX` beside the file: hidden, so it is never
///   linted, and never renamed over the file. It is safe to delete.
public enum AtomicFile {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// Replaces `path` with `bytes`, unless the file no longer holds `expected`
    /// (it changed on disk since it was read).
    public static func replace(_ path: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(Failure) {
        // The file itself, through any symlink: that is what was read and what changes.
        let target = ProjectPath.real(path)
        guard let current = FileManager.default.contents(atPath: target) else {
            throw Failure(message: "cannot read the file again before writing it")
        }
        guard [UInt8](current) == expected else {
            throw Failure(message: "the file changed on disk since it was read; not overwriting it (run hitlint --fix again)")
        }
        var info = stat()
        guard stat(target, &info) == 0 else { throw Failure(message: "cannot read the file's permissions") }
        guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 || errno == EROFS else {
            throw Failure(message: "the file is read-only; not fixing it (make it writable and run hitlint --fix again)")
        }
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".hitlint-XXXXXX").utf8CString)
        InterruptCleanup.installOnce()
        // Signals that would end the process wait until the name is recorded.
        let descriptor = InterruptCleanup.creating(&template)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a temporary file next to it (\(errorText(errno)))")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        // The owner first: changing it may clear set-user-ID bits, which fchmod then restores.
        // Only root may give a file away; for anyone else this is the file's owner already or fails harmlessly.
        if ok { _ = fchown(descriptor, info.st_uid, info.st_gid) }
        ok = ok && fchmod(descriptor, info.st_mode & 0o7777) == 0 && fsync(descriptor) == 0
        let reason = ok ? "" : errorText(errno)
        close(descriptor)
        guard ok, rename(temporary, target) == 0 else {
            let why = ok ? errorText(errno) : reason
            unlink(temporary)
            InterruptCleanup.finished()
            throw Failure(message: "cannot write the fixed file (\(why)); it is unchanged")
        }
        InterruptCleanup.finished()
    }

    static func errorText(_ code: Int32) -> String {
        InputFileReader.describe(code)
    }
}

/// The temporary file being written, removed if the process is told to stop
/// (SIGINT, SIGTERM, SIGHUP) before it is renamed. Fixes are written one at a
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

    /// mkstemp with the three signals held on this thread until the name is
    /// recorded, so the handler knows of the file as soon as it exists.
    static func creating(_ template: inout [CChar]) -> Int32 {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0, template.count <= Int(PATH_MAX) {
            template.withUnsafeBufferPointer { name.update(from: $0.baseAddress!, count: $0.count) }
            pending = 1
        }
        return descriptor
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
