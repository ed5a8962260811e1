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

    /// Files this large or larger are mapped, not read, by `readSource`: 16 MiB.
    /// Below it the pages a lint holds are few, and reading is as fast.
    public static let mappingThreshold = 16 << 20

    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        withOpenFile(path) { descriptor, size in readAll(descriptor, size: size) }
    }

    /// `read`, refusing a file of more than `limit` bytes (a picture to embed)
    /// before reading it, or as soon as it turns out longer.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let limit = min(limit, maximumSize)
        let tooLarge = Failure(message: "file too large: more than \(limit) bytes")
        return withOpenFile(path) { descriptor, size in
            size > limit ? .failure(tooLarge) : readAll(descriptor, size: size, limit: limit, tooLarge: tooLarge)
        }
    }

    /// A layout file's bytes: mapped when it has `mappingThreshold` bytes or
    /// more (see `FileMapping`: the lint can then give its pages back once the
    /// layout is built), read otherwise, or when the system will not map it.
    public static func readSource(_ path: String, mappingFrom threshold: Int = mappingThreshold) -> Result<SourceBytes, Failure> {
        withOpenFile(path) { descriptor, size in
            if size >= threshold, let mapping = FileMapping(descriptor: descriptor, count: size) {
                return .success(SourceBytes(mapping))
            }
            return readAll(descriptor, size: size).map(SourceBytes.init)
        }
    }

    /// The most standard input may hold: the files' limit. A test lowers it
    /// to see the refusal without feeding gigabytes.
    nonisolated(unsafe) static var standardInputLimit = maximumSize

    /// Standard input (or another stream already open), read to its end. A
    /// pipe or device has no size to check first, so the limit that files
    /// have is checked as it is read: `- < /dev/zero` ends with a message,
    /// not with all the memory there is. A folder or a closed descriptor is
    /// refused with a message (reading them is an error, not an empty input).
    public static func readStandardInput(_ descriptor: Int32 = STDIN_FILENO) -> Result<[UInt8], Failure> {
        let limit = min(standardInputLimit, maximumSize)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(Failure(message: "cannot read standard input (\(describe(errno)))"))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .failure(Failure(message: "standard input is a folder, not a layout; not read"))
        case S_IFREG where Int(info.st_size) > limit:
            return .failure(Failure(message: "standard input too large (\(info.st_size) bytes): layouts must be under 4 GiB"))
        default:
            break
        }
        let size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        let tooLarge = Failure(message: "standard input too large: more than \(limit) bytes (layouts must be under 4 GiB)")
        return readAll(descriptor, size: min(size, limit), limit: limit, tooLarge: tooLarge, source: "standard input")
    }

    /// Opens `path` and checks what it is, then hands the descriptor and size on.
    private static func withOpenFile<Value>(_ path: String,
                                            _ body: (Int32, Int) -> Result<Value, Failure>) -> Result<Value, Failure> {
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
        return body(descriptor, size)
    }

    private static func readAll(_ descriptor: Int32, size: Int, limit: Int = maximumSize,
                                tooLarge: Failure = Failure(message: "file too large: layout files must be under 4 GiB"),
                                source: String = "file") -> Result<[UInt8], Failure> {
        // Read into storage that is not zeroed first (read(2) fills it; for a
        // 100 MB file that was another 100 MB written). st_size is a hint: files
        // under /proc say 0, and a file may grow, so a full buffer means read on.
        var failure: Failure?
        func readFully(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var count = 0
            while count < buffer.count {
                let got = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    // A stream left non-blocking by whoever opened it: wait for its data.
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                        _ = poll(&request, 1, -1)
                        continue
                    }
                    failure = Failure(message: "cannot read \(source) (\(describe(errno)))")
                    break
                }
                if got == 0 { break }
                count += got
            }
            return count
        }
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0) + 1) { buffer, initialized in
            if let base = buffer.baseAddress { LargeArrays.adviseHugePages(base, bytes: buffer.count) }
            initialized = readFully(into: buffer)
        }
        if failure == nil, bytes.count == max(size, 0) + 1 {
            // Longer than it said: read the rest in chunks.
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while failure == nil {
                let got = chunk.withUnsafeMutableBufferPointer { readFully(into: $0) }
                if got == 0 { break }
                guard bytes.count + got <= limit else { return .failure(tooLarge) }
                bytes += chunk[..<got]
            }
        }
        if let failure { return .failure(failure) }
        // (The first read takes one byte more than the size said, to see the end.)
        guard bytes.count <= limit else { return .failure(tooLarge) }
        return .success(bytes)
    }

    /// Why a path that a program cannot open is not there, when it is a
    /// symlink that leads nowhere ("broken symbolic link", "symbolic link
    /// loop"); nil when there is simply nothing of that name.
    public static func whyMissing(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        guard stat(path, &info) != 0 else { return "cannot read" }
        return errno == ELOOP
            ? "symbolic link loop (too many levels of symbolic links)"
            : "broken symbolic link (what it points to does not exist)"
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
