import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a picture's markup goes as it is made: a `String` (`svg()`,
/// `html()`), or a page file of `--render-dir`, written as it is made.
protocol MarkupOutput: TextOutputStream {
    /// `data:image/…;base64,…` for a screenshot's bytes.
    mutating func writeDataURI(of screenshot: Screenshot)
}

extension String: MarkupOutput {
    mutating func writeDataURI(of screenshot: Screenshot) { write(screenshot.dataURI) }
}

extension MarkupOutput {
    /// `writeDataURI(of:)` encoded 48 KiB at a time: pieces of a multiple of
    /// three bytes encode to the same text as the whole encoded at once.
    mutating func writeDataURIInPieces(of screenshot: Screenshot) {
        write("data:\(screenshot.format.mediaType);base64,")
        let piece = 3 << 14
        var start = 0
        while start < screenshot.bytes.count {
            let end = min(start + piece, screenshot.bytes.count)
            write(Data(screenshot.bytes[start..<end]).base64EncodedString())
            start = end
        }
    }
}

/// Markup handed to a byte sink (`CommandOutput.writeFile(to:producing:)`)
/// a megabyte at a time as it is made: `render -o` writes a picture without
/// holding it whole.
struct SinkMarkupOutput: MarkupOutput {
    private let sink: ByteSink
    private var buffer: [UInt8] = []

    private static let bufferSize = 1 << 20

    init(_ sink: @escaping ByteSink) {
        self.sink = sink
        buffer.reserveCapacity(Self.bufferSize)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    mutating func writeDataURI(of screenshot: Screenshot) { writeDataURIInPieces(of: screenshot) }

    /// Hands over what is buffered (at the end, what is left).
    mutating func flush() {
        buffer.withUnsafeBufferPointer(sink)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A file written piece by piece as its markup is made, under a temporary
/// name renamed over the file at the end (as `Data.write(options: .atomic)`
/// does), so a page is never seen half written and never held whole in
/// memory: the screenshot's bytes go into it encoded a piece at a time,
/// rather than as a data URI copied into the SVG, the SVG into the page and
/// the page into the bytes written, each the size of the picture.
final class PageFile: MarkupOutput {
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The first failure, as `strerror` words; nothing more is written after one.
    private var failure: String?
    private var finished = false

    private static let bufferSize = 1 << 20

    /// Opens a temporary file beside `path`; its name is short, so a page
    /// whose name is as long as a name can be still gets one.
    init(path: String) throws(PageFile.Failure) {
        self.path = path
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        temporaryPath = folder + ".hitlint-" + UUID().uuidString + ".tmp"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(String(cString: strerror(errno))) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        // Not finished: a page cut short by a failure leaves nothing behind.
        if descriptor >= 0 { close(descriptor) }
        if !finished { unlink(temporaryPath) }
    }

    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    func writeDataURI(of screenshot: Screenshot) {
        var page = self
        page.writeDataURIInPieces(of: screenshot)
    }

    private func flush() {
        var written = 0
        buffer.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, closes the file and renames it over `path`.
    func finish() throws(PageFile.Failure) {
        if failure == nil { flush() }
        let closed = close(descriptor)
        descriptor = -1
        if failure == nil, closed != 0 { failure = String(cString: strerror(errno)) }
        if let failure { throw Failure(failure) }
        guard rename(temporaryPath, path) == 0 else { throw Failure(String(cString: strerror(errno))) }
        finished = true
    }
}

/// `write(2)`, which the class's own `write(_:)` hides by name.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, bytes, count)
    #else
    return Darwin.write(descriptor, bytes, count)
    #endif
}
