#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's driver (in the toolchain's libclang_rt.fuzzer, linked by
/// `-sanitize=fuzzer`): parses libFuzzer's flags from the command line and
/// calls `callback` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The one input being checked; set before each call of `fuzzInput`.
nonisolated(unsafe) private var check: (([UInt8]) -> Void)?

/// Runs libFuzzer with this process's arguments; returns its exit status.
public func runFuzzer(_ body: @escaping ([UInt8]) -> Void) -> Int32 {
    check = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        check?(bytes)
        return 0
    }
}
