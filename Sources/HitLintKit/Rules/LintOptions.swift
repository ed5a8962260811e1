import Foundation

/// Everything that changes how a file is linted: from the command line and the
/// configuration file (the command line wins). Four parts, each read by the
/// stage it belongs to: what the user decides about the rules, how files are
/// imported, how the run goes, and whether fixes are checked.
public struct LintOptions: Sendable {
    /// Profile, minimum, platform, input, severities, rule options: what the
    /// rules are held to.
    public var rules = RuleDecisions()
    /// How each file is read: as what, at which scale, with which Figma targets.
    public var importing = ImportChoices()
    /// Threads, streaming, and what each diagnostic carries.
    public var run = RunSettings()
    /// Whether each fix is checked by linting again (`FixChecking`).
    public var fixChecking = FixCheckingMode.unchecked

    public init(profile: Profile? = nil, minimumSize: Length? = nil, platform: Platform? = nil,
                modality: InputModality? = nil) {
        rules = RuleDecisions(profile: profile, minimumSize: minimumSize, platform: platform, modality: modality)
    }

    /// The rule's severity in force (`RuleDecisions.severity(of:)`).
    public func severity(of rule: String) -> Severity { rules.severity(of: rule) }

    public func isEnabled(_ rule: String) -> Bool { rules.isEnabled(rule) }

    public func threshold(for layout: Layout) -> SizeThreshold { rules.threshold(for: layout) }
}
