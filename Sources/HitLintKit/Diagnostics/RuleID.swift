/// The ids of the rules that a stage before Rules reports itself: reading the
/// file (syntax, layout: invalid-layout, unknown-key, duplicate-id), importing
/// it (import-note) and suppressions (unused-ignore, which configuration
/// overrides and ignore comments report). Those stages cannot reach into
/// `Rules/`, so the ids live here, below all of them; each geometry rule owns
/// its id in its own file (`TargetSizeRule.id`), which only the stages after
/// the rules name.
public enum RuleID {
    public static let duplicateID = "duplicate-id"
    public static let unknownKey = "unknown-key"
    public static let unusedIgnore = "unused-ignore"
    public static let invalidLayout = "invalid-layout"
    public static let importNote = "import-note"
}

extension RuleID {
    /// Where `id` is in `ids` (a list of rule ids). Asked once per finding:
    /// the length of a native string is read without touching its text, and
    /// rule ids of one length are few, so most candidates are passed over
    /// without comparing bytes (a plain `firstIndex(of:)` compares the text
    /// of every id before the match).
    static func position(of id: String, in ids: [String]) -> Int? {
        let length = id.utf8.count
        return ids.firstIndex { $0.utf8.count == length && $0 == id }
    }
}
