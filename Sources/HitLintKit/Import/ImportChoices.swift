/// How files are imported (`LintOptions.importing`): what the user chose, and
/// the density a file's folder settles, which the command sets per file.
/// `Linter` hands these to the importers as `ImportOptions`.
public struct ImportChoices: Sendable {
    /// `--from`: how to read each file (a layout, or a captured hierarchy).
    public var fileKind: FileKindChoice = .auto
    /// `--scale`: pixels per point (dp) for captures measured in pixels.
    public var importScale: Double?
    /// The density the file's folder settles for its captures (`FolderDensity`):
    /// set per file by the command before it is linted.
    public var sharedDensity: SharedDensity?
    /// `figmaTargets:` of the configuration: Figma layer or component name patterns that are targets.
    public var figmaTargets: [String] = []

    public init() {}
}
