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
    /// UTF-8 bytes to standard output (a report, as its reporter built it).
    func write(bytes: [UInt8])
    func writeError(_ text: String)
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

    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}

extension CommandOutput {
    /// Says on standard error why the command cannot do its job, and gives its exit status, 2.
    func fail(_ message: String) -> Int32 {
        writeError("hitlint: \(message)\n")
        return 2
    }
}
