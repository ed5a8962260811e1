import Foundation

/// Where the command writes: standard output and standard error, and whether
/// standard output is a terminal (for carets and colour). Also what else it
/// takes from its process, so tests can run it in process: the current folder
/// (configuration lookup, project-relative paths) and standard input (`-`).
public protocol CommandOutput: AnyObject {
    var isTerminal: Bool { get }
    var environment: [String: String] { get }
    var currentDirectory: String { get }
    func write(_ text: String)
    /// A piece of a report to standard output, as its reporter hands it on
    /// (a piece ends between two diagnostics: it is whole UTF-8 text).
    func write(buffer: UnsafeBufferPointer<UInt8>)
    func writeError(_ text: String)
    /// A piece of a report to standard error (GitHub's log), as `write(buffer:)`.
    func writeError(buffer: UnsafeBufferPointer<UInt8>)
    /// All of standard input, or why it cannot be read (a folder, a closed
    /// descriptor, more than a file may hold).
    func readStandardInput() -> Result<[UInt8], InputFileReader.Failure>
    /// Called once a lint has written everything, with its exit status, while
    /// the run's results are still held. The executable exits here: freeing
    /// every file's bytes and diagnostics one by one, on one core, is time
    /// spent on memory the system takes back at exit anyway.
    /// (In process, as in tests, it returns and the run returns the status.)
    func finish(_ status: Int32)
}

extension CommandOutput {
    public var currentDirectory: String { FileManager.default.currentDirectoryPath }

    public func readStandardInput() -> Result<[UInt8], InputFileReader.Failure> {
        InputFileReader.readStandardInput()
    }

    public func finish(_ status: Int32) {}

    public func write(buffer: UnsafeBufferPointer<UInt8>) { write(String(decoding: buffer, as: UTF8.self)) }

    public func writeError(buffer: UnsafeBufferPointer<UInt8>) { writeError(String(decoding: buffer, as: UTF8.self)) }
}

extension CommandOutput {
    /// Writes a file the command makes (a report, a baseline, a picture) with
    /// `AtomicFile.write`: a regular file whole, anything else through.
    /// Standard output and error, by any of their names (`/dev/stdout`,
    /// `/dev/fd/2`), are this output's own, so that what is written there
    /// keeps its order with the rest. Nil when written, else why not.
    func writeFile(_ bytes: [UInt8], to path: String) -> AtomicFile.Failure? {
        writeFile(to: path) { bytes.withUnsafeBufferPointer($0) }
    }

    /// `writeFile(_:to:)` of what `produce` hands its sink, piece by piece
    /// (a report, written as it is made).
    func writeFile(to path: String, producing produce: (ByteSink) -> Void) -> AtomicFile.Failure? {
        switch AtomicFile.descriptor(named: path) {
        case 1:
            produce { write(buffer: $0) }
            return nil
        case 2:
            produce { writeError(buffer: $0) }
            return nil
        default:
            break
        }
        do {
            try AtomicFile.write(to: ProjectPath.absolute(path, in: currentDirectory), producing: produce)
            return nil
        } catch {
            return error
        }
    }

    /// Says on standard error why the command cannot do its job, and gives its exit status, 2.
    func fail(_ message: String) -> Int32 {
        writeError("hitlint: \(message)\n")
        return 2
    }
}
