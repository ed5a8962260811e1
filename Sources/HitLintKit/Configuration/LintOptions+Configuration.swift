/// What the command line sets over the configuration file, each value already
/// checked; nil, or no entry, keeps the configuration's setting (or the default).
public struct LintOverrides: Sendable {
    public var profile: Profile?
    public var minimumSize: Length?
    public var platform: Platform?
    public var modality: InputModality?
    public var fileKind: FileKindChoice?
    public var importScale: Double?
    /// `--rule ID=SEVERITY`, over the configuration's severity of each rule named.
    public var severities: [String: Severity] = [:]
    public var jobs: Int?

    public init() {}
}

extension LintOptions {
    /// Options are put together here and nowhere else, so the command line and
    /// the language server lint a file alike: the configuration file's
    /// settings, then the command line's over them.
    public init(configuration: Configuration?, overrides: LintOverrides = LintOverrides()) {
        self.init()
        if let jobs = overrides.jobs { run.jobs = jobs }
        if let configuration {
            rules.profile = configuration.profile
            rules.platform = configuration.platform
            rules.modality = configuration.modality
            rules.severities = configuration.severities
            rules.ruleOptions = configuration.ruleOptions
            importing.figmaTargets = configuration.figmaTargets
        }
        if let profile = overrides.profile { rules.profile = profile }
        if let minimumSize = overrides.minimumSize { rules.minimumSize = minimumSize }
        if let platform = overrides.platform { rules.platform = platform }
        if let modality = overrides.modality { rules.modality = modality }
        if let fileKind = overrides.fileKind { importing.fileKind = fileKind }
        if let importScale = overrides.importScale { importing.importScale = importScale }
        rules.severities.merge(overrides.severities) { _, commandLine in commandLine }
        rules.severitiesFromCommandLine = Set(overrides.severities.keys)
    }
}
