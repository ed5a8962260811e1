/// Counts over a whole run, for summary lines and exit codes.
public struct RunSummary: Sendable, Equatable {
    public var files = 0
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    public var fixable = 0

    public init(results: [LintResult]) {
        files = results.count
        for result in results {
            // Read in place, by index: a copy of each diagnostic counts a
            // reference for each of its strings and lists, every one of them
            // a cache miss at the end of a large run.
            let diagnostics = result.diagnostics
            for index in diagnostics.indices {
                switch diagnostics[index].severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info: infos += 1
                case .off: break
                }
                if diagnostics[index].fix?.changesFile == true { fixable += 1 }
            }
        }
    }

    /// "3 errors, 1 warning, 2 fixable in 4 files"
    public var line: String {
        func count(_ value: Int, _ word: String) -> String { "\(value) \(word)\(value == 1 ? "" : "s")" }
        var parts = [count(errors, "error"), count(warnings, "warning")]
        if infos > 0 { parts.append(count(infos, "info")) }
        if fixable > 0 { parts.append("\(fixable) fixable") }
        return parts.joined(separator: ", ") + " in " + count(files, "file")
    }
}

/// Writes results in one format.
public protocol Reporter {
    func report(_ results: [LintResult]) -> String
    /// The report as UTF-8 bytes, handed to `sink` piece by piece as it is
    /// made: what the command writes. A report can run to hundreds of
    /// megabytes, many times the file it is about; written as it is made, it
    /// is never held whole (nor made a `String`, which validates every byte,
    /// only for the output to take the bytes back).
    func write(_ results: [LintResult], to sink: ByteSink)
    /// Whether what it writes depends on each fix's verdict (a fix's edits and
    /// description, or the count of fixable problems as checking leaves it):
    /// the lint then checks its fixes (`LintOptions.fixChecking`), which costs
    /// a lint or more per file, for reports that need it only.
    var needsCheckedFixes: Bool { get }
}

extension Reporter {
    /// The whole report as text (the log a `github` run also writes; tests).
    public func report(_ results: [LintResult]) -> String {
        String(decoding: reportBytes(results), as: UTF8.self)
    }

    /// The whole report's bytes, collected from its pieces.
    public func reportBytes(_ results: [LintResult]) -> [UInt8] {
        var bytes: [UInt8] = []
        write(results) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
