import Foundation

/// Everything that changes how a file is linted: from the command line and the
/// configuration file (the command line wins).
public struct LintOptions: Sendable {
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
    /// Check each fix by applying it alone and linting again; a fix that does
    /// not resolve its diagnostic, or makes anything new fire, keeps only its
    /// description (advice, no edits). On when fixes are shown or applied.
    public var verifyFixes = false
    /// false: each diagnostic carries its rule, node and span, but no message,
    /// related names or fix. What checking fixes needs of its extra lints (it
    /// counts problems by rule and node), at a fraction of the cost: messages
    /// and edits are most of a rule's work where it fires often.
    public var describesDiagnostics = true
    /// false: a fix says only whether it would edit the file (`Fix.changesFile`),
    /// without its description or edits: all that output which shows no fix needs of
    /// one (the count of fixable problems), where writing the edits is most of
    /// the work of a rule that fires often.
    public var writesFixes = true
    /// `--from`: how to read each file (a layout, or a captured hierarchy).
    public var fileKind: FileKindChoice = .auto
    /// `--scale`: pixels per point (dp) for captures measured in pixels.
    public var importScale: Double?
    /// The density the file's folder settles for its captures (`FolderDensity`):
    /// set per file by the command before it is linted.
    public var sharedDensity: SharedDensity?
    /// `figmaTargets:` of the configuration: Figma layer or component name patterns that are targets.
    public var figmaTargets: [String] = []
    /// Rules of one large layout run at once (`--jobs`; default one per core).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// JSON files of this many bytes or more are built while they are parsed,
    /// without holding their whole document.
    public var streamingFrom = LintOptions.defaultStreamingThreshold

    /// JSON files this large or larger are read streamed by default (`LayoutBuilder.read(streaming:)`):
    /// each node is built as its mapping closes and its part of the document
    /// dropped, so the document is never whole in memory. Smaller files are
    /// parsed whole and then built: handing each node over as it closes makes
    /// the read slower (Docs/performance.md), for memory only large files need
    /// back. The size from which `hitlint` maps files.
    public static let defaultStreamingThreshold = InputFileReader.mappingThreshold

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

    public func threshold(for layout: Layout) -> SizeThreshold {
        let profile = self.profile ?? Profile.default(for: layout.guideline ?? layout.platform)
        let pointer = layout.modality == .pointer
        let spacing = ruleOptions[RuleID.targetSize]?["spacingException"].map { $0 == "true" } ?? profile.spacingException
        if let size = minimumSize ?? ruleOptions[RuleID.targetSize]?["minSize"].flatMap(Length.init) {
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
