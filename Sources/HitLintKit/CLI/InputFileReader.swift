#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file hitlint takes as input (a layout named on the command line or
/// found in a folder, a `.hitlint.yml`, a baseline), refusing what would hang
/// or exhaust the run instead of reading it: a FIFO, socket or device with the
/// right name (opening a FIFO for reading waits for a writer; a device never
/// ends), and files of 4 GiB or more, which the parsers refuse anyway (spans
/// are 32-bit offsets) and which are not worth holding in memory first. The
/// file is opened once and checked on the open descriptor, so what was checked
/// is what is read.
public enum InputFileReader {
    public struct Failure: Error, Sendable, Equatable {
        /// Says why: "cannot read file (permission denied)", "not a regular file (a FIFO); not read".
        public var message: String
    }

    /// The largest file read: the parsers' span limit.
    public static let maximumSize = Int(UInt32.max) - 1

    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (for a regular
        // file it changes nothing).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(message: "cannot read file (\(describe(errno)))")) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(message: "cannot read file (\(describe(errno)))")) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            let kind: String
            switch type {
            case S_IFDIR: kind = "a folder"
            case S_IFIFO: kind = "a FIFO"
            case S_IFSOCK: kind = "a socket"
            case S_IFCHR, S_IFBLK: kind = "a device"
            default: kind = "not a file"
            }
            return .failure(Failure(message: "not a regular file (\(kind)); not read"))
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            return .failure(Failure(message: "file too large (\(size) bytes): layout files must be under 4 GiB"))
        }
        // st_size is a hint (files under /proc say 0, a file may grow): read to the end.
        var bytes = [UInt8].large(repeating: 0, count: max(size, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maximumSize else {
                    return .failure(Failure(message: "file too large: layout files must be under 4 GiB"))
                }
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65_536)))
            }
            let wanted = bytes.count - count
            let got = bytes.withUnsafeMutableBufferPointer { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, wanted)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(message: "cannot read file (\(describe(errno)))"))
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self).lowercased()
    }
}

/// `read(2)` under one name on every platform (Foundation's `read` names clash).
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #elseif canImport(Darwin)
    return Darwin.read(descriptor, buffer, count)
    #else
    return Musl.read(descriptor, buffer, count)
    #endif
}
