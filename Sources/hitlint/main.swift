#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import HitLintKit

#if canImport(Glibc)
let systemWrite = Glibc.write
#elseif canImport(Darwin)
let systemWrite = Darwin.write
#elseif canImport(Musl)
let systemWrite = Musl.write
#endif


/// Standard output and error of the process.
final class ProcessOutput: CommandOutput {
    let isTerminal = isatty(STDOUT_FILENO) != 0
    let environment = ProcessInfo.processInfo.environment

    func write(_ text: String) {
        var text = text
        text.withUTF8 { writeAll(STDOUT_FILENO, $0) }
    }
    func write(buffer: UnsafeBufferPointer<UInt8>) { writeAll(STDOUT_FILENO, buffer) }
    func writeError(_ text: String) {
        var text = text
        text.withUTF8 { writeAll(STDERR_FILENO, $0) }
    }
    func writeError(buffer: UnsafeBufferPointer<UInt8>) { writeAll(STDERR_FILENO, buffer) }
    /// Everything is written (unbuffered): exit without freeing the run's results.
    func finish(_ status: Int32) { exit(status) }

    private func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

exit(HitLintCommand.run(Array(CommandLine.arguments.dropFirst()), output: ProcessOutput()))

