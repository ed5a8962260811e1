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
/// file's permissions, then renamed over it.
public enum AtomicFile {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// Replaces `path` with `bytes`, unless the file no longer holds `expected`
    /// (it changed on disk since it was read).
    public static func replace(_ path: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(Failure) {
        guard let current = FileManager.default.contents(atPath: path) else {
            throw Failure(message: "cannot read the file again before writing it")
        }
        guard [UInt8](current) == expected else {
            throw Failure(message: "the file changed on disk since it was read; not overwriting it (run hitlint --fix again)")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(message: "cannot read the file's permissions") }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".hitlint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a temporary file next to it (\(String(cString: strerror(errno))))")
        }
        let temporary = String(cString: template)
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
        ok = ok && fchmod(descriptor, info.st_mode & 0o7777) == 0 && fsync(descriptor) == 0
        let reason = ok ? "" : String(cString: strerror(errno))
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            let why = ok ? String(cString: strerror(errno)) : reason
            unlink(temporary)
            throw Failure(message: "cannot write the fixed file (\(why)); it is unchanged")
        }
    }
}
