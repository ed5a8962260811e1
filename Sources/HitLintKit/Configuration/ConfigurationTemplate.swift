/// The commented `.hitlint.yml` that `hitlint init` writes. Every setting is
/// shown with its default and commented out, so the file changes nothing until
/// a line is uncommented; each uncommented line is valid as it stands.
public enum ConfigurationTemplate {
    public static var text: String {
        // The overrides' example relaxes the rule legacy screens fail most,
        // named by the rule itself so the example stays valid.
        let relaxed = TargetSizeRule.id
        var out = """
        # hitlint configuration. Command-line options override what is set here.
        # `hitlint rules` lists the rules; `hitlint explain <rule>` shows why and how.

        # Minimum target sizes: ios, macos, tvos, visionos, android, wcag-aa, wcag-aaa.
        # Default: each file's platform decides (uikit → ios, android → android, web → wcag-aa).
        # profile: ios

        # Hit-testing semantics for every file, instead of the file's own `platform:`.
        # platform: uikit        # uikit | android | web

        # Check touch hit areas, or pointer regions (pointerInsets) against pointer minimums.
        # input: touch           # touch | pointer

        # Which layout files to lint when a folder is given, relative to this file's folder.
        # `**` spans folders; a pattern without `/` matches file names at any depth.
        # Quote patterns: in YAML a plain scalar cannot start with `*`.
        # include: ["Layouts/**/*.yaml", "Layouts/**/*.json"]
        # exclude: ["**/Generated/**"]

        # Figma files: layers or components (by name; `*` and `?` match any characters
        # and one) that are targets besides those prototype interactions start at.
        # figmaTargets: ["Tile", "Card *"]

        # Settings for some files, and views to ignore in files that cannot say so
        # themselves (Interface Builder documents, captures): by object id, or a
        # view's id, name or path. Entries that suppress nothing are reported.
        # overrides:
        #   - files: ["**/Legacy/**/*.xib"]
        #     rules: { \(relaxed): warning }
        #   - files: ["App/Base.lproj/Main.storyboard"]
        #     ignore: [{ node: "i9n-fD-ncJ", rules: [\(relaxed)] }]

        # Severity per rule (error, warning, info, off), or a mapping with a severity
        # and the rule's options. Options alone turn on a rule that is off by default.
        rules:

        """
        // A rule whose severity cannot be set has no line: uncommented, it
        // could only repeat its default.
        for rule in RuleRegistry.descriptions where !rule.isAlwaysAnError {
            out += "  # \(rule.id): \(rule.defaultSeverity.rawValue)\n"
            if !rule.options.isEmpty {
                let severity = rule.defaultSeverity == .off ? "warning" : rule.defaultSeverity.rawValue
                let options = rule.options.map { "\($0.name): \(example(for: $0))" }.joined(separator: ", ")
                out += "  # \(rule.id): { severity: \(severity), \(options) }\n"
                for option in rule.options {
                    out += "  #   \(option.name) (default: \(option.defaultValue)): \(option.summary)\n"
                }
            }
        }
        return out
    }

    /// A valid value to show for an option.
    private static func example(for option: RuleOptionDescription) -> String {
        switch option.valueKind {
        case .bool: return "false"
        case .length:
            // Its default where that is a length (so bounds such as minGap ≤ maxGap hold),
            // else the example the option gives.
            if Length(option.defaultValue) != nil { return option.defaultValue }
            return option.example ?? "24pt"
        }
    }
}
