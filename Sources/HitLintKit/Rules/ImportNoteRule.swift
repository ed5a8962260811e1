/// What an importer of captured view hierarchies (`--from sentry|droidbot`,
/// or recognised automatically) could not map, or had to assume.
public struct ImportNoteRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.importNote,
        summary: "What an imported capture or design (Sentry, DroidBot, UI Automator, XCUITest, Maestro, RICO, Figma) could not map, or had to assume.",
        rationale: """
        Captured hierarchies are noisy: views without a size, system windows over the app, \
        repeated ids, lengths in pixels with no density, scroll views whose offset was not \
        recorded. hitlint lints what it can map and says here, once per kind of problem, what \
        it left out or assumed, so a clean report on a capture is not taken for more than it \
        is. Only captured files get this note; an unreadable capture is `invalid-layout`. The \
        examples are captures written as YAML (hitlint reads either syntax).
        """,
        defaultSeverity: .info,
        examples: examples
    )

}
