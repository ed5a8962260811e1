#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `hitlint server`: the language server on standard input and output.
struct ServerCommand: PathsOnlySubcommand {
    static let name = "server"
    static let usage = "hitlint server"
    static let usageNote: String? = "the language server (LSP) on standard input and output"
    static let abstract = """
    Runs the language server (LSP) on standard input and output: an editor sends
    the documents, and hitlint answers with their diagnostics and fixes.
    """

    /// None: the editor sends the documents.
    var paths: [String]

    func run(output: CommandOutput) -> Int32 {
        guard paths.isEmpty else {
            return output.fail("server takes no paths: the editor sends the documents")
        }
        // A client that goes away mid-write must not take the server down with a signal.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer { bytes in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
        return server.serve(read: { buffer in
            while true {
                let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return count
            }
        }, log: { output.writeError($0) })
    }
}
