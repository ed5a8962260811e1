/// What every stage may say about the tool itself (reports name it, the
/// language server announces it), kept below them all.
public enum HitLint {
    public static let version = "0.1.0"
}
