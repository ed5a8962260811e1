/// Applies fixes' text edits to the original bytes. Knows nothing about rules:
/// fixes whose edits overlap (or touch) an already accepted edit wait for the
/// next pass, so every pass applies a consistent set.
public enum Fixer {
    public struct Application: Sendable {
        public var bytes: [UInt8]
        /// Indices (in the given list) of the diagnostics whose fixes were applied.
        public var applied: [Int]
    }

    public static func apply(_ diagnostics: [Diagnostic], to bytes: [UInt8]) -> Application {
        var accepted: [TextEdit] = []
        var applied: [Int] = []
        for (index, diagnostic) in diagnostics.enumerated() {
            guard let edits = diagnostic.fix?.edits, !edits.isEmpty else { continue }
            let valid = edits.allSatisfy { $0.span.start >= 0 && $0.span.start <= $0.span.end && $0.span.end <= bytes.count }
            guard valid, !edits.contains(where: { edit in accepted.contains { conflict($0, edit) } }),
                  !selfOverlapping(edits) else { continue }
            accepted += edits
            applied.append(index)
        }
        return Application(bytes: applying(accepted, to: bytes), applied: applied)
    }

    /// Two edits conflict when their spans overlap or touch: the order of two
    /// insertions at one point, or of an insertion at a replacement's edge, is ambiguous.
    static func conflict(_ a: TextEdit, _ b: TextEdit) -> Bool {
        a.span.start <= b.span.end && b.span.start <= a.span.end
    }

    private static func selfOverlapping(_ edits: [TextEdit]) -> Bool {
        let sorted = edits.sorted { $0.span < $1.span }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where next.span.start < previous.span.end {
            return true
        }
        return false
    }

    /// Non-overlapping edits, applied from the end so earlier offsets stay valid.
    static func applying(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.span.start > $1.span.start || ($0.span.start == $1.span.start && $0.span.end > $1.span.end) }) {
            result.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.replacement.utf8))
        }
        return result
    }

    /// Lint, apply, re-lint until nothing more applies (at most `maximumPasses`,
    /// as ESLint). Fixes are checked one by one when they are made; here they are
    /// also checked together: if a pass's fixes between them make any (rule, node)
    /// fire more often than in the original file, the pass is redone one fix at a
    /// time, keeping only fixes that leave nothing new. Returns the final bytes,
    /// how many fixes were applied, and the lint of the final bytes.
    public static func fixUntilStable(_ bytes: [UInt8], format: SourceFormat, path: String, linter: Linter,
                                      maximumPasses: Int = 10) -> (bytes: [UInt8], fixesApplied: Int, result: LintResult) {
        func lint(_ bytes: [UInt8]) -> LintResult { linter.lint(source: SourceText(bytes: bytes), format: format, path: path) }
        var current = bytes
        var total = 0
        var result = lint(current)
        let baseline = counts(result.diagnostics)
        func addsProblems(_ result: LintResult) -> Bool {
            counts(result.diagnostics).contains { $0.value > baseline[$0.key, default: 0] }
        }
        for _ in 0..<maximumPasses {
            let application = apply(result.diagnostics, to: current)
            guard !application.applied.isEmpty, application.bytes != current else { break }
            let together = lint(application.bytes)
            if !addsProblems(together) {
                current = application.bytes
                result = together
                total += application.applied.count
                continue
            }
            // One at a time, in order, each kept only if the set so far stays clean.
            var accepted: [Diagnostic] = []
            var acceptedBytes = current
            var acceptedResult = result
            for index in application.applied {
                let trial = apply(accepted + [result.diagnostics[index]], to: current)
                guard trial.applied.count == accepted.count + 1 else { continue }
                let trialResult = lint(trial.bytes)
                if !addsProblems(trialResult) {
                    accepted.append(result.diagnostics[index])
                    acceptedBytes = trial.bytes
                    acceptedResult = trialResult
                }
            }
            guard !accepted.isEmpty else { break }
            current = acceptedBytes
            result = acceptedResult
            total += accepted.count
        }
        return (current, total, result)
    }

    /// How often each (rule, node) fires.
    static func counts(_ diagnostics: [Diagnostic]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.rule + "\u{0}" + (diagnostic.node ?? ""), default: 0] += 1 }
        return counts
    }
}
