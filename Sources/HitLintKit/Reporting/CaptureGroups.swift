/// Findings of one control across captures (`Diagnostic.control`): a crawl or
/// a UI-test run revisits its screens, and the same tab bar in 320 states is
/// one problem. The text report shows each such finding once, where it is
/// most severe (the first of those), saying in how many captures it is; the
/// JSON and SARIF reports keep every finding, each with the control's
/// fingerprint (`Fingerprints`).
struct CaptureGroups {
    /// Per result, per diagnostic: the group it belongs to (-1: none, or a
    /// group of one capture).
    private var membership: [[Int32]]
    private var groups: [Group] = []

    struct Group {
        /// Where it is shown: the first of its most severe findings.
        var representative: (result: Int, diagnostic: Int)
        var findings = 0
        var captures = 0
        var lastResult = -1
    }

    init(_ results: [LintResult]) {
        membership = results.map { [Int32](repeating: -1, count: $0.diagnostics.count) }
        var byKey: [String: Int] = [:]
        for (resultIndex, result) in results.enumerated() {
            for (index, diagnostic) in result.diagnostics.enumerated() {
                guard let control = diagnostic.control else { continue }
                let key = diagnostic.rule + "\u{0}" + control
                let position: Int
                if let known = byKey[key] {
                    position = known
                } else {
                    position = groups.count
                    byKey[key] = position
                    groups.append(Group(representative: (resultIndex, index)))
                }
                membership[resultIndex][index] = Int32(position)
                groups[position].findings += 1
                if groups[position].lastResult != resultIndex {
                    groups[position].captures += 1
                    groups[position].lastResult = resultIndex
                }
                let shown = groups[position].representative
                if diagnostic.severity > results[shown.result].diagnostics[shown.diagnostic].severity {
                    groups[position].representative = (resultIndex, index)
                }
            }
        }
        // A control in one capture is no group: its findings are shown as they are.
        for (resultIndex, row) in membership.enumerated() {
            for (index, position) in row.enumerated() where position >= 0 && groups[Int(position)].captures < 2 {
                membership[resultIndex][index] = -1
            }
        }
    }

    /// nil: shown as it is. Else whether this finding is the one shown, and
    /// what its line adds: " (the same control in 320 captures)".
    func grouping(result: Int, diagnostic: Int) -> (shown: Bool, suffix: String)? {
        let position = membership[result][diagnostic]
        guard position >= 0 else { return nil }
        let group = groups[Int(position)]
        guard group.representative == (result, diagnostic) else { return (false, "") }
        let times = group.findings > group.captures ? " \(group.findings) times" : ""
        return (true, " (the same control\(times) in \(group.captures) captures)")
    }

    /// "743 findings are 40 controls seen in several captures: …", or nil
    /// when nothing was grouped.
    var summaryLine: String? {
        let grouped = groups.filter { $0.captures > 1 }
        guard !grouped.isEmpty else { return nil }
        let findings = grouped.reduce(0) { $0 + $1.findings }
        let controls = grouped.count
        return "\(findings) findings are \(controls) control\(controls == 1 ? "" : "s") seen in several captures: "
            + "each is shown once, with the number of captures (--format json lists every finding)"
    }
}

/// A stable fingerprint for every finding, the same in the JSON and SARIF
/// reports: in a capture, the control's (rule and `Diagnostic.control`), the
/// same in every capture that shows it, so code scanning and baselines see
/// one problem; elsewhere the file's, rule, node and occurrence (never the
/// line, so a finding keeps it when lines above it change).
enum Fingerprints {
    /// `file`: the path as the report writes it for the project (relative).
    static func of(_ result: LintResult, file: String) -> [String] {
        var occurrences: [String: Int] = [:]
        return result.diagnostics.map { diagnostic in
            if let control = diagnostic.control { return StableHash.hex(["control", diagnostic.rule, control]) }
            let node = diagnostic.node ?? ""
            let key = "\(diagnostic.rule)\u{0}\(node)"
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            return StableHash.hex([file, diagnostic.rule, node, String(occurrence)])
        }
    }
}
