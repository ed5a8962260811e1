/// "A fix never makes a rule fire that did not fire before" (SPEC §6): a fix
/// keeps its edits only if, applied to the original bytes, it resolves its own
/// diagnostic and makes no (rule, node) fire more often than before. Otherwise
/// it keeps its description, says what went wrong, and loses its edits.
///
/// Fixes are checked in runs, the way `--fix` applies them: a run of fixes is
/// applied together and the file linted once; if every fix in it resolved its
/// diagnostic and nothing new fired, the whole run passes. A run that fails is
/// halved until the culprits stand alone, so a file whose fixes are all good
/// costs one more lint instead of one per fix, and a bad fix costs about
/// log₂(fixes) lints to find.
struct FixVerification {
    let linter: Linter
    let source: SourceText
    let format: SourceFormat
    let path: String

    /// Re-linting is bounded per file: about four more lints of a large file, or
    /// 200 lints of a small one. Fixes past the budget are left for the next pass.
    static func budget(forBytes count: Int) -> (bytes: Int, lints: Int) {
        (4 * count + 1 << 20, 200)
    }

    private enum Verdict {
        case unchecked, kept, doesNotResolve, addsProblem, outOfBudget
    }

    func verify(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var checker = linter
        checker.options.verifyFixes = false
        // Verdicts count problems by rule and node: the extra lints need no words.
        checker.options.describesDiagnostics = false
        let (format, path) = (format, path)
        // A patched copy of a mapped (large) file is mapped too, from a
        // temporary file: its pages then go back once it is built, instead of
        // the whole copy staying in memory beside the lint's tables, at the
        // run's peak.
        let mapsCopies = source.bytes.isMapped
        return Self.verify(diagnostics, of: source.bytes) { (bytes: consuming [UInt8]) in
            let patched: SourceBytes
            if mapsCopies, let mapping = bytes.withUnsafeBufferPointer(FileMapping.temporaryCopy) {
                _ = consume bytes
                patched = SourceBytes(mapping)
            } else {
                patched = SourceBytes(bytes)
            }
            return checker.lint(source: SourceText(bytes: patched), format: format, path: path).diagnostics
        }
    }

    /// `diagnostics` of `bytes`, each fix checked with `lint` (the diagnostics
    /// of the bytes a run of fixes makes) and stripped of its edits if it fails.
    static func verify(_ diagnostics: [Diagnostic], of bytes: SourceBytes, budget: (bytes: Int, lints: Int)? = nil,
                       lint: (consuming [UInt8]) -> [Diagnostic]) -> [Diagnostic] {
        let before = Fixer.counts(diagnostics)
        var (bytesLeft, lintsLeft) = budget ?? Self.budget(forBytes: bytes.count)
        let fixable = diagnostics.indices.filter { !(diagnostics[$0].fix?.edits.isEmpty ?? true) }
        var verdicts = [Verdict](repeating: .unchecked, count: diagnostics.count)
        // Depth first, earlier fixes first: when the budget runs out, the fixes
        // nearest the top of the file are the ones that were checked.
        var runs: [ArraySlice<Int>] = fixable.isEmpty ? [] : [fixable[...]]
        while let popped = runs.popLast() {
            // Fixes whose edits conflict with earlier ones in the run (or are
            // invalid) are not applied with it: they form a run of their own, after.
            var application = Fixer.apply(popped.map { diagnostics[$0] }, to: bytes)
            // A mapped file's pages are not needed while the result is linted.
            bytes.dropResidentPages()
            guard !application.applied.isEmpty else {
                for index in popped { verdicts[index] = .doesNotResolve }  // invalid edits change nothing
                continue
            }
            var run = popped
            if application.applied.count < popped.count {
                let applied = Set(application.applied)
                let rest = popped.indices.filter { !applied.contains($0 - popped.startIndex) }.map { popped[$0] }
                runs.append(rest[...])
                run = application.applied.map { popped[popped.startIndex + $0] }[...]
            }
            guard bytesLeft > 0, lintsLeft > 0 else {
                for index in run { verdicts[index] = .outOfBudget }
                continue
            }
            bytesLeft -= bytes.count
            lintsLeft -= 1
            // Handed over, not shared: the lint may let the copy go once it has another.
            let patched = application.bytes
            application.bytes = []
            let after = Fixer.counts(lint(consume patched))
            var fixesPerKey: [Fixer.ProblemKey: Int] = [:]
            for index in run { fixesPerKey[Fixer.key(diagnostics[index]), default: 0] += 1 }
            let resolved = fixesPerKey.allSatisfy { after[$0.key, default: 0] <= before[$0.key, default: 0] - $0.value }
            let nothingNew = after.allSatisfy { $0.value <= before[$0.key, default: 0] }
            if resolved && nothingNew {
                for index in run { verdicts[index] = .kept }
            } else if run.count == 1 {
                verdicts[run.first!] = resolved ? .addsProblem : .doesNotResolve
            } else {
                Fixer.pushHalves(of: run, onto: &runs)
            }
        }
        var result = diagnostics
        for index in fixable {
            let note: String
            switch verdicts[index] {
            case .kept, .unchecked: continue
            case .outOfBudget: note = " (not checked in this pass: too many fixes in one file; run --fix again)"
            case .addsProblem: note = " (to do by hand: applied alone it makes another problem appear)"
            case .doesNotResolve: note = " (to do by hand: applied alone it does not resolve this)"
            }
            result[index].fix!.dropEdits()
            result[index].fix!.description += note
        }
        return result
    }
}
