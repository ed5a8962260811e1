/// Whether `--fix` can fix what a rule reports (ruff's "always / sometimes / never").
public enum FixAvailability: String, Sendable {
    case always, sometimes, never
}
