/// "A fix never makes a rule fire that did not fire before": each fix is applied
/// alone to the original bytes and the file linted again. A fix that leaves its
/// own diagnostic in place, or makes any (rule, node) appear more often than
/// before, keeps its description but loses its edits.
struct FixVerification {
    let linter: Linter
    let document: Document
    let path: String

    /// Re-linting is bounded per file: about four more lints of a large file, or
    /// 200 fixes of a small one. Fixes past the budget are left for the next pass.
    static func budget(forBytes count: Int) -> (bytes: Int, fixes: Int) {
        (4 * count + 1 << 20, 200)
    }

    func verify(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var checker = linter
        checker.options.verifyFixes = false
        let bytes = document.source.bytes
        let before = Self.counts(diagnostics)
        var (bytesLeft, fixesLeft) = Self.budget(forBytes: bytes.count)
        var result = diagnostics
        for index in result.indices {
            guard var fix = result[index].fix, !fix.edits.isEmpty else { continue }
            guard bytesLeft > 0, fixesLeft > 0 else {
                fix.edits = []
                fix.description += " (not checked in this pass: too many fixes in one file; run --fix again)"
                result[index].fix = fix
                continue
            }
            bytesLeft -= bytes.count
            fixesLeft -= 1
            let application = Fixer.apply([result[index]], to: bytes)
            let after = checker.lint(source: SourceText(bytes: application.bytes), format: document.format, path: path)
            let counts = Self.counts(after.diagnostics)
            let key = Self.key(result[index])
            let resolved = counts[key, default: 0] < before[key, default: 0]
            let nothingNew = counts.allSatisfy { $0.value <= before[$0.key, default: 0] }
            if !(resolved && nothingNew) {
                fix.edits = []
                fix.description += " (to do by hand: applied alone it \(resolved ? "makes another problem appear" : "does not resolve this"))"
                result[index].fix = fix
            }
        }
        return result
    }

    private static func key(_ diagnostic: Diagnostic) -> String {
        diagnostic.rule + "\u{0}" + (diagnostic.node ?? "")
    }

    private static func counts(_ diagnostics: [Diagnostic]) -> [String: Int] { Fixer.counts(diagnostics) }
}
