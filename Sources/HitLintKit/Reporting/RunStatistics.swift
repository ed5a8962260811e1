/// `--stats`: what a run looked at and what it found, on standard error, so the
/// report itself stays the same from run to run (only the time varies here).
public struct RunStatistics: Sendable {
    public var files: Int
    /// Files by what they were read as (hitlint layouts, Sentry, DroidBot captures).
    public var filesByKind: [FileKind: Int]
    public var nodes: Int
    /// Diagnostics reported, by rule (after the baseline; before `--quiet`).
    public var countsByRule: [String: Int]
    public var hiddenByBaseline: Int
    /// Targets left unchecked where their size on screen is the scroll
    /// position's (partly scrolled out), as the notes that say so count them.
    public var uncheckedTargets: Int
    public var jobs: Int
    public var seconds: Double

    public init(results: [LintResult], shown: [LintResult], hiddenByBaseline: Int, jobs: Int, seconds: Double) {
        files = results.count
        var kinds: [FileKind: Int] = [:]
        for result in results { kinds[result.fileKind, default: 0] += 1 }
        filesByKind = kinds
        nodes = results.reduce(0) { $0 + $1.nodeCount }
        var counts: [String: Int] = [:]
        var unchecked = 0
        for result in shown {
            for diagnostic in result.diagnostics {
                counts[diagnostic.rule, default: 0] += 1
                unchecked += diagnostic.uncheckedTargets
            }
        }
        uncheckedTargets = unchecked
        countsByRule = counts
        self.hiddenByBaseline = hiddenByBaseline
        self.jobs = jobs
        self.seconds = seconds
    }

    /// ```
    /// files: 14
    /// nodes: 231
    /// time: 0.042 s (2 jobs)
    /// diagnostics by rule:
    ///   target-size       5
    /// ```
    public var text: String {
        var out = "files: \(files)"
        if filesByKind.keys.contains(where: \.isImported) {
            out += " (" + FileKind.allCases.compactMap { kind in filesByKind[kind].map { "\($0) \(kind.rawValue)" } }.joined(separator: ", ") + ")"
        }
        out += "\nnodes: \(nodes)\n"
        let milliseconds = Int((seconds * 1000).rounded())
        out += "time: \(milliseconds / 1000).\(String(repeating: "0", count: 3 - String(milliseconds % 1000).count))\(milliseconds % 1000) s (\(jobs) job\(jobs == 1 ? "" : "s"))\n"
        let rules = countsByRule.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        if rules.isEmpty {
            out += "diagnostics by rule: none\n"
        } else {
            out += "diagnostics by rule:\n"
            let width = rules.map(\.key.count).max() ?? 0
            for (rule, count) in rules {
                out += "  \(rule)\(String(repeating: " ", count: width - rule.count))  \(count)\n"
            }
        }
        if uncheckedTargets > 0 {
            out += "targets not size-checked: \(uncheckedTargets) (partly scrolled out at a scrolling container's edge)\n"
        }
        if hiddenByBaseline > 0 { out += "hidden by the baseline: \(hiddenByBaseline)\n" }
        return out
    }
}
