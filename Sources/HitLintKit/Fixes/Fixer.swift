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
        apply(diagnostics, to: SourceBytes(bytes))
    }

    public static func apply(_ diagnostics: [Diagnostic], to bytes: SourceBytes) -> Application {
        var batch = EditBatch(byteCount: bytes.count)
        let applied = batch.add(diagnostics)
        return Application(bytes: batch.write(to: bytes), applied: applied)
    }

    /// A consistent set of edits, gathered fix by fix: a fix joins only if its
    /// edits are valid and touch none already in (what `apply` applies).
    struct EditBatch {
        private var accepted = AcceptedEdits()
        let byteCount: Int

        init(byteCount: Int) {
            self.byteCount = byteCount
        }

        /// Scratch: the spans of the fix being looked at.
        private var spans: [SourceSpan] = []

        /// Adds one fix's edits if they can join; whether they did (none
        /// cannot). Read where the fix holds them: its edits are made (their
        /// replacements as strings) only if they join.
        mutating func add(_ fix: Fix?) -> Bool {
            guard let fix, fits(fix) else { return false }
            accept(fix)
            return true
        }

        /// A fix's edits, made now that they join.
        private mutating func accept(_ fix: Fix) {
            fix.forEachEdit { span, replacement in
                accepted.insert(TextEdit(span: span, replacement: String(decoding: replacement, as: UTF8.self)))
            }
        }

        /// Whether the fixes of these diagnostics could join, all or none: a
        /// group whose edits touch each other or those already in is left out
        /// whole. (Read in place: copying a diagnostic to reach its fix counts
        /// a reference for each of its strings and lists.)
        mutating func addAll(_ fixes: [Int], of diagnostics: [Diagnostic]) -> Bool {
            guard fixes.count > 1 else { return fixes.count == 1 && add(diagnostics[fixes[0]].fix) }
            var group = AcceptedEdits()
            for index in fixes {
                guard let fix = diagnostics[index].fix, fits(fix), !spans.contains(where: group.conflicts) else { return false }
                for span in spans { group.insert(span) }
            }
            for index in fixes { accept(diagnostics[index].fix!) }
            return true
        }

        /// Whether a fix has some edits, all inside the file, not overlapping
        /// each other or touching any already in (its spans read into `spans`).
        private mutating func fits(_ fix: Fix) -> Bool {
            spans.removeAll(keepingCapacity: true)
            fix.forEachEditSpan { spans.append($0) }
            return Fixer.areValid(spans: spans, byteCount: byteCount) && !spans.contains(where: accepted.conflicts)
        }

        /// Adds each diagnostic's fix that can join, in order; the positions of those that did.
        mutating func add(_ diagnostics: [Diagnostic]) -> [Int] {
            diagnostics.indices.filter { add(diagnostics[$0].fix) }
        }

        /// Adds the fixes of these diagnostics that can join, in order; those that did.
        mutating func add(_ fixes: [Int], of diagnostics: [Diagnostic]) -> [Int] {
            fixes.filter { add(diagnostics[$0].fix) }
        }

        func write(to bytes: SourceBytes) -> [UInt8] {
            applying(accepted.all, to: bytes)
        }
    }

    /// Which fixes can join an `EditBatch`, worked out once for many
    /// batches of the same fixes: a fix joins a batch exactly when its edits
    /// are valid on their own and touch no edit of a fix already in.
    struct Conflicts {
        /// Per fix, whether its edits are valid on their own (not empty,
        /// inside the file, not overlapping each other).
        let valid: [Bool]
        /// Per fix, the other fixes with an edit that touches one of its own
        /// (none for almost every fix: fixes of different nodes edit
        /// different places), in one list: fix i's are `others[starts[i] ..< starts[i + 1]]`
        /// (a list per fix would grow by appends, an allocation each time,
        /// for the many fixes of a crowded file that do touch).
        private let starts: [Int]
        private let others: [Int]

        /// The fixes that touch fix `fix` (a fix may be named more than once).
        func touching(_ fix: Int) -> ArraySlice<Int> { others[starts[fix] ..< starts[fix + 1]] }

        init(_ fixes: [[TextEdit]], byteCount: Int) {
            self.init(count: fixes.count, byteCount: byteCount) { fix, spans in spans += fixes[fix].lazy.map(\.span) }
        }

        /// The conflicts of `count` fixes, each handing `spans` its edits'
        /// spans (into a list reused from fix to fix: a fix is read where it
        /// is held, not made into a list of its edits).
        init(count: Int, byteCount: Int, spans spansOf: (_ fix: Int, _ spans: inout [SourceSpan]) -> Void) {
            var valid: [Bool] = []
            valid.reserveCapacity(count)
            var spans: [(span: SourceSpan, fix: Int)] = []
            var scratch: [SourceSpan] = []
            for fix in 0 ..< count {
                scratch.removeAll(keepingCapacity: true)
                spansOf(fix, &scratch)
                valid.append(Fixer.areValid(spans: scratch, byteCount: byteCount))
                for span in scratch { spans.append((span, fix)) }
            }
            self.valid = valid
            Self.sortByStartThenFix(&spans)
            // Sorted by start, an edit touches the later ones that start before it ends.
            var pairs: [(fix: Int, other: Int)] = []
            for (position, edit) in spans.enumerated() {
                var next = position + 1
                while next < spans.count, spans[next].span.start <= edit.span.end {
                    let other = spans[next].fix
                    if other != edit.fix {
                        pairs.append((edit.fix, other))
                        pairs.append((other, edit.fix))
                    }
                    next += 1
                }
            }
            var starts = [Int](repeating: 0, count: count + 1)
            for pair in pairs { starts[pair.fix + 1] += 1 }
            for fix in 0 ..< count { starts[fix + 1] += starts[fix] }
            var fill = starts
            var others = [Int](repeating: 0, count: pairs.count)
            for pair in pairs {
                others[fill[pair.fix]] = pair.other
                fill[pair.fix] += 1
            }
            self.starts = starts
            self.others = others
        }

        /// By start, then by fix (the spans come in fix order). A large file
        /// has an edit per finding: sorted as one word each, start above the
        /// position, rather than by a comparison of two fields each time.
        private static func sortByStartThenFix(_ spans: inout [(span: SourceSpan, fix: Int)]) {
            guard spans.count < 1 << 32, spans.allSatisfy({ $0.span.start >= 0 && $0.span.start < 1 << 32 }) else {
                spans.sort { $0.span.start != $1.span.start ? $0.span.start < $1.span.start : $0.fix < $1.fix }
                return
            }
            var keys = spans.indices.map { UInt64(spans[$0].span.start) << 32 | UInt64($0) }
            keys.sort()
            spans = keys.map { spans[Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF)] }
        }
    }

    /// The edits accepted so far, for conflict checks in O(log² n) each. Their
    /// spans are kept in sorted runs of distinct power-of-two sizes (a binary
    /// counter: adding one merges the runs it carries into), so adding n edits
    /// in any order moves O(n log n) spans. Accepted edits never overlap or
    /// touch, so a run sorted by start is also sorted by end, and an edit
    /// conflicts with one of a run's spans only if it conflicts with the first
    /// whose end is not before its start. (One sorted list and a short
    /// unsorted one merged by re-sorting would copy whole edits O(n^1.5 log n)
    /// times, which dominates checking the fixes of a large grid.)
    fileprivate struct AcceptedEdits {
        /// Every accepted edit, in the order accepted.
        private(set) var all: [TextEdit] = []
        /// Largest run first; each sorted by start, then end (one fix's edits
        /// may touch, and ends must not go down for the binary search).
        private var runs: [[SourceSpan]] = []

        func conflicts(_ span: SourceSpan) -> Bool {
            for run in runs {
                var low = 0, high = run.count
                while low < high {
                    let middle = (low + high) / 2
                    if run[middle].end < span.start { low = middle + 1 } else { high = middle }
                }
                if low < run.count, run[low].start <= span.end { return true }
            }
            return false
        }

        mutating func insert(_ edit: TextEdit) {
            all.append(edit)
            insert(edit.span)
        }

        /// A span that conflicts with later ones, with no edit kept for it (a
        /// group's, checked before its edits join).
        mutating func insert(_ span: SourceSpan) {
            var carry = [span]
            while let last = runs.last, last.count <= carry.count {
                carry = Self.merge(runs.removeLast(), carry)
            }
            runs.append(carry)
        }

        private static func merge(_ a: [SourceSpan], _ b: [SourceSpan]) -> [SourceSpan] {
            var result: [SourceSpan] = []
            result.reserveCapacity(a.count + b.count)
            var (i, j) = (0, 0)
            while i < a.count, j < b.count {
                let takeA = a[i].start != b[j].start ? a[i].start < b[j].start : a[i].end <= b[j].end
                if takeA { result.append(a[i]); i += 1 } else { result.append(b[j]); j += 1 }
            }
            result += a[i...]
            result += b[j...]
            return result
        }
    }

    /// Two edits conflict when their spans overlap or touch: the order of two
    /// insertions at one point, or of an insertion at a replacement's edge, is ambiguous.
    static func conflict(_ a: TextEdit, _ b: TextEdit) -> Bool {
        a.span.start <= b.span.end && b.span.start <= a.span.end
    }

    /// Whether one fix's edits can be applied on their own: some, each inside
    /// the file, none overlapping another (they may touch).
    fileprivate static func areValid<Spans: RandomAccessCollection>(spans: Spans, byteCount: Int) -> Bool
        where Spans.Element == SourceSpan, Spans.Index == Int {
        !spans.isEmpty
            && spans.allSatisfy { $0.start >= 0 && $0.start <= $0.end && $0.end <= byteCount }
            && !selfOverlapping(spans)
    }

    private static func selfOverlapping<Spans: RandomAccessCollection>(_ spans: Spans) -> Bool
        where Spans.Element == SourceSpan, Spans.Index == Int {
        guard spans.count > 1 else { return false }
        // A fix's edits are mostly listed in order already: then no copy is sorted.
        var inOrder = true
        for index in 1..<spans.count where spans[index] < spans[index - 1] {
            inOrder = false
            break
        }
        if inOrder {
            for index in 1..<spans.count where spans[index].start < spans[index - 1].end { return true }
            return false
        }
        let sorted = spans.sorted()
        for index in 1..<sorted.count where sorted[index].start < sorted[index - 1].end { return true }
        return false
    }

    /// Non-overlapping edits (one fix's edits may touch), written in one pass
    /// from the start. Of two edits at one point, the later-listed comes first
    /// (as if applied one by one from the end of the file).
    static func applying(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        applying(edits, to: SourceBytes(bytes))
    }

    static func applying(_ edits: [TextEdit], to source: SourceBytes) -> [UInt8] {
        // A mapped (large) file's pages go back every 4 MiB as the copy passes
        // them: held until the end, the whole file was resident beside the copy.
        var givenBack = 0
        return source.withUnsafeBufferPointer { bytes in
            applying(edits, to: bytes) { copied in
                guard copied - givenBack >= 4 << 20, source.isMapped else { return }
                source.dropResidentPages(givenBack..<copied)
                givenBack = copied
            }
        }
    }

    /// `passed` is told how far the copy has read, after each part.
    private static func applying(_ edits: [TextEdit], to bytes: UnsafeBufferPointer<UInt8>,
                                 passed: (Int) -> Void = { _ in }) -> [UInt8] {
        let order = edits.indices.sorted { lhs, rhs in
            let a = edits[lhs].span, b = edits[rhs].span
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return lhs > rhs
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        for index in order {
            let edit = edits[index]
            guard edit.span.start >= copied else { continue }  // overlapping: `apply` never passes these
            result += UnsafeBufferPointer(rebasing: bytes[copied..<edit.span.start])
            result += edit.replacement.utf8
            copied = edit.span.end
            passed(copied)
        }
        result += UnsafeBufferPointer(rebasing: bytes[copied...])
        return result
    }

    /// Lint, apply, re-lint until nothing more applies (at most `maximumPasses`,
    /// as ESLint). Fixes are checked one by one when they are made; here they are
    /// also checked together: if a pass's fixes between them make any (rule, node)
    /// fire more often than in the original file, the pass is redone in order,
    /// keeping only fixes that leave nothing new. Returns the final bytes,
    /// how many fixes were applied, and the lint of the final bytes.
    /// `linted`: the lint of `bytes` by `linter`, when one was made already
    /// (an editor's, kept for its code actions); its fixes are checked here
    /// if they are not.
    public static func fixUntilStable(_ bytes: [UInt8], format: SourceFormat, path: String, linter: Linter,
                                      maximumPasses: Int = 10, foundInFolder: Bool = false, linted: LintResult? = nil)
        -> (bytes: [UInt8], fixesApplied: Int, result: LintResult) {
        func lint(_ bytes: [UInt8]) -> LintResult {
            // Each pass's lint follows one that freed its checking's tables
            // and its findings' text in small pieces.
            if bytes.count >= FreedMemory.worthGivingBackFrom { FreedMemory.giveBack() }
            return linter.lint(source: SourceText(bytes: bytes), format: format, path: path, foundInFolder: foundInFolder)
        }
        var current = bytes
        var total = 0
        var result = linted.map { linter.checkingFixes(of: $0) } ?? lint(current)
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
            // In order, each fix kept only if the set so far stays clean: runs of
            // fixes are tried whole and halved when they add a problem, so a few
            // bad fixes among many cost a few lints each rather than one per fix.
            var accepted: [Diagnostic] = []
            var acceptedBytes = current
            var acceptedResult = result
            var runs: [ArraySlice<Int>] = []
            if application.applied.count > 1 { pushHalves(of: application.applied[...], onto: &runs) }  // the whole set just failed
            while let run = runs.popLast() {
                let trial = apply(accepted + run.map { result.diagnostics[$0] }, to: current)
                let trialResult = trial.applied.count == accepted.count + run.count ? lint(trial.bytes) : nil
                if let trialResult, !addsProblems(trialResult) {
                    accepted += run.map { result.diagnostics[$0] }
                    acceptedBytes = trial.bytes
                    acceptedResult = trialResult
                } else if run.count > 1 {
                    pushHalves(of: run, onto: &runs)
                }
            }
            guard !accepted.isEmpty else { break }
            current = acceptedBytes
            result = acceptedResult
            total += accepted.count
        }
        return (current, total, result)
    }

    /// Fixes are checked in runs, depth first: a run that fails is replaced by
    /// its two halves, the first on top.
    static func pushHalves(of run: ArraySlice<Int>, onto runs: inout [ArraySlice<Int>]) {
        let middle = run.startIndex + run.count / 2
        runs.append(run[middle...])
        runs.append(run[..<middle])
    }

    /// How often each (rule, node) fires.
    static func counts(_ diagnostics: [Diagnostic]) -> [ProblemKey: Int] {
        var counts: [ProblemKey: Int] = [:]
        counts.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics { counts[key(diagnostic), default: 0] += 1 }
        return counts
    }

    /// What "the same problem" means when counting: the rule and the node.
    /// (Two strings kept as they are: joining them cost an allocation per
    /// diagnostic per lint while checking fixes.)
    struct ProblemKey: Hashable {
        var rule: String
        var node: String?
    }

    static func key(_ diagnostic: Diagnostic) -> ProblemKey {
        ProblemKey(rule: diagnostic.rule, node: diagnostic.node)
    }
}
