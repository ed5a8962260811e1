/// Whether a lint checks the fixes it makes (`LintOptions.fixChecking`):
/// fix checking's own setting, which a front end turns on when what it shows
/// or does depends on each fix's verdict (`--fix`, `--diff`, a report that
/// carries fixes: `Reporter.needsCheckedFixes`), not from anything else.
public enum FixCheckingMode: Sendable {
    /// Fixes are reported as the rules make them.
    case unchecked
    /// Each fix is applied and the file linted again; a fix that does not
    /// resolve its diagnostic, or makes anything new fire, keeps only its
    /// description (advice, no edits) and says why (`FixChecking`).
    case checked
}
