/// Findings of one control across captures (`Diagnostic.control`): a crawl or
/// a UI-test run revisits its screens, and the same tab bar in 320 states is
/// one problem. The text report shows each such finding once, where it is
/// most severe (the first of those), saying in how many captures it is; the
/// JSON and SARIF reports keep every finding, each with the control's
/// fingerprint (`Fingerprints`).
struct CaptureGroups: Sendable {
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
        // Asked for every finding of a report formatted on several threads:
        // with no group, nothing is read (a list read counts a reference to it).
        guard !groups.isEmpty else { return nil }
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
///
/// Each is `StableHash` of its parts, `StableHash.hex([file, rule, node,
/// occurrence])`, worked out here without the parts' strings: the file's
/// part hashed once, a finding's rule and node hashed in place, and its
/// occurrence counted under that hash (a report of 10⁵ findings built a
/// key string, an array and a hex string for each, a third of the JSON
/// report's time).
enum Fingerprints {
    /// `file`: the path as the report writes it for the project (relative).
    static func of(_ result: LintResult, file: String) -> [String] {
        values(of: result, file: file).map(hex)
    }

    /// Sixteen lowercase hex digits, as `StableHash.hex` writes them.
    static func hex(_ value: UInt64) -> String {
        var out = ByteWriter(capacity: 16)
        out.appendHex16(value)
        return out.string
    }

    /// The fingerprints' values, in the order of the result's diagnostics.
    static func values(of result: LintResult, file: String) -> [UInt64] {
        let diagnostics = result.diagnostics
        var values: [UInt64] = []
        values.reserveCapacity(diagnostics.count)
        let fileHash = FNV().adding(file)
        let controlHash = FNV().adding("control")
        // Findings of one rule and node seen so far, under the hash of the two:
        // the first one's index (to tell a collision of hashes from the same
        // rule and node) and how many there were.
        var seen: [UInt64: (first: Int, count: Int)] = [:]
        seen.reserveCapacity(diagnostics.count)
        for index in diagnostics.indices {
            if let control = diagnostics[index].control {
                values.append(controlHash.adding(diagnostics[index].rule).adding(control).value)
                continue
            }
            let key = fileHash.adding(diagnostics[index].rule).adding(nodeOf: diagnostics[index].names)
            let occurrence: Int
            if let known = seen[key.value] {
                let first = known.first
                guard diagnostics[first].rule == diagnostics[index].rule,
                      (diagnostics[first].node ?? "") == (diagnostics[index].node ?? "") else {
                    // Two (rule, node) pairs with one hash: counted by their words instead.
                    return counted(result, file: file)
                }
                occurrence = known.count
                seen[key.value] = (first, known.count + 1)
            } else {
                occurrence = 0
                seen[key.value] = (index, 1)
            }
            values.append(key.adding(occurrence).value)
        }
        return values
    }

    /// The plain definition: each (rule, node) pair's occurrences counted by
    /// its words. What `values` falls back on when two pairs share a hash.
    static func counted(_ result: LintResult, file: String) -> [UInt64] {
        var occurrences: [String: Int] = [:]
        return result.diagnostics.map { diagnostic in
            var hash = StableHash()
            if let control = diagnostic.control {
                for part in ["control", diagnostic.rule, control] { hash.combine(part) }
                return hash.value
            }
            let node = diagnostic.node ?? ""
            let key = "\(diagnostic.rule)\u{0}\(node)"
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            for part in [file, diagnostic.rule, node, String(occurrence)] { hash.combine(part) }
            return hash.value
        }
    }

    /// `StableHash` (FNV-1a, 64 bits, each part followed by 0xFF) as a value
    /// that parts are added to, so a common start is hashed once.
    struct FNV {
        private static let prime: UInt64 = 0x0000_0100_0000_01B3
        private(set) var value = StableHash().value

        func adding(_ text: String) -> FNV {
            var text = text
            return text.withUTF8 { adding(bytes: $0) }
        }

        /// A text's UTF-8 bytes, as `adding(_:)` hashes its string.
        func adding(bytes: UnsafeBufferPointer<UInt8>) -> FNV {
            var next = self
            var value = next.value
            for byte in bytes { value = (value ^ UInt64(byte)) &* Self.prime }
            next.value = (value ^ 0xFF) &* Self.prime
            return next
        }

        /// A finding's node name as its words, the empty text for none.
        func adding(nodeOf names: FindingNames) -> FNV {
            names.withNode { adding(bytes: $0) } ?? adding(bytes: UnsafeBufferPointer(start: nil, count: 0))
        }

        /// A count as its decimal digits, as `String(count)` spells it.
        func adding(_ count: Int) -> FNV {
            var next = self
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var value = next.value
            withUnsafeMutableBytes(of: &digits) { buffer in
                var rest = count.magnitude
                var end = buffer.count
                repeat {
                    end -= 1
                    buffer[end] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                    rest /= 10
                } while rest > 0
                if count < 0 { end -= 1; buffer[end] = UInt8(ascii: "-") }
                for position in end..<buffer.count { value = (value ^ UInt64(buffer[position])) &* Self.prime }
            }
            next.value = (value ^ 0xFF) &* Self.prime
            return next
        }
    }
}
