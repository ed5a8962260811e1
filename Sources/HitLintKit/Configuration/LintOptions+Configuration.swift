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
        if let jobs = overrides.jobs { self.jobs = jobs }
        if let configuration {
            profile = configuration.profile
            platform = configuration.platform
            modality = configuration.modality
            severities = configuration.severities
            ruleOptions = configuration.ruleOptions
            figmaTargets = configuration.figmaTargets
        }
        if let profile = overrides.profile { self.profile = profile }
        if let minimumSize = overrides.minimumSize { self.minimumSize = minimumSize }
        if let platform = overrides.platform { self.platform = platform }
        if let modality = overrides.modality { self.modality = modality }
        if let fileKind = overrides.fileKind { self.fileKind = fileKind }
        if let importScale = overrides.importScale { self.importScale = importScale }
        severities.merge(overrides.severities) { _, commandLine in commandLine }
        severitiesFromCommandLine = Set(overrides.severities.keys)
    }
}
