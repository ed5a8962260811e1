/// What a user decides about the rules (`LintOptions.rules`): which
/// guideline's minimum, for which platform and input, each rule's severity
/// and options, and the configuration's `ignore` entries for the file.
public struct RuleDecisions: Sendable {
    /// nil: the profile of the file's platform (uikit → ios, android → android, web → wcag-aa),
    /// or of a capture's guideline (`Layout.guideline`).
    public var profile: Profile?
    /// `--min-size`: overrides the profile's minimum.
    public var minimumSize: Length?
    public var platform: Platform?
    /// `--input`: touch or pointer; overrides the file's.
    public var modality: InputModality?
    /// `--rule ID=SEVERITY` and configuration; `off` disables a rule.
    public var severities: [String: Severity] = [:]
    /// Per-rule options from configuration, as written.
    public var ruleOptions: [String: [String: String]] = [:]
    /// The rules whose severity the command line set (`--rule`): a
    /// configuration's `overrides:` do not change them.
    public var severitiesFromCommandLine: Set<String> = []
    /// The configuration's `ignore` entries for the file being linted (`overrides:`).
    public var configuredIgnores: [ConfiguredIgnore] = []

    public init(profile: Profile? = nil, minimumSize: Length? = nil, platform: Platform? = nil,
                modality: InputModality? = nil) {
        self.profile = profile
        self.minimumSize = minimumSize
        self.platform = platform
        self.modality = modality
    }

    public func severity(of rule: String) -> Severity {
        if let severity = severities[rule] { return severity }
        return RuleRegistry.defaultSeverity(of: rule) ?? .warning
    }

    public func isEnabled(_ rule: String) -> Bool { severity(of: rule) != .off }

    /// Whether the configuration sets the option (for this file).
    public func isConfigured<Value>(_ option: RuleOption<Value>) -> Bool {
        ruleOptions[option.rule]?[option.name] != nil
    }

    /// A length option as configured, else nil. (Configuration checked it is
    /// a length before any file was linted.)
    public func configured(_ option: RuleOption<Length?>) -> Length? {
        ruleOptions[option.rule]?[option.name].flatMap(Length.init)
    }

    /// A flag option as configured, else nil (`true` or `false`, checked
    /// before any file was linted).
    public func configured(_ option: RuleOption<Bool?>) -> Bool? {
        ruleOptions[option.rule]?[option.name].map { $0 == "true" }
    }

    public func threshold(for layout: Layout) -> SizeThreshold {
        let profile = self.profile ?? Profile.default(for: layout.guideline ?? layout.platform)
        let pointer = layout.modality == .pointer
        let spacing = configured(TargetSizeRule.spacingException) ?? profile.spacingException
        if let size = minimumSize ?? configured(TargetSizeRule.minSize) {
            let source = size.unit == .pt ? "--min-size" : size.description
            return SizeThreshold(minimum: size.points(in: layout), unitName: "pt", source: source,
                                 spacingException: spacing, inlineException: profile.inlineException)
        }
        return SizeThreshold(minimum: pointer ? profile.pointerMinimum : profile.touchMinimum,
                             unitName: profile.unitName,
                             source: pointer ? "\(profile.name) pointer" : profile.name,
                             spacingException: spacing,
                             inlineException: profile.inlineException,
                             edgeMinimum: pointer ? nil : profile.edgeMinimum,
                             roundsToWholeUnits: profile.roundsToWholeUnits)
    }
}
