/// Settings an importer needs from the command line.
public struct ImportOptions: Sendable {
    /// `--scale`: pixels per point (dp) for captures measured in pixels. When nil,
    /// the density the file states, else `ImportOptions.defaultAndroidScale`.
    public var scale: Double?
    /// `--platform`, `--input`: override what the importer infers.
    public var platform: Platform?
    public var modality: InputModality?
    /// `figmaTargets:` in `.hitlint.yml`: patterns of Figma layer or component
    /// names that are targets besides those the importer finds.
    public var figmaTargets: [String] = []
    /// Whether `--profile` (or the configuration) chose the sizes, so an
    /// importer that has to assume a platform's need not say so.
    public var profileIsChosen = false
    /// The density the capture's folder settles (`FolderDensity`), taken where
    /// the capture itself shows too little and contradicts it in nothing.
    public var sharedDensity: SharedDensity?

    /// 420 dpi (2.625 px per dp), the density of the Pixel-class phones and
    /// emulators most Android captures come from. Always announced in an
    /// `import-note` when it is used, since neither DroidBot states nor Sentry's
    /// Android hierarchies record the density (Docs/importers.md).
    public static let defaultAndroidScale = 2.625
    static let defaultDensityText = "2.625 px per dp (420 dpi)"

    public init(scale: Double? = nil, platform: Platform? = nil, modality: InputModality? = nil) {
        self.scale = scale
        self.platform = platform
        self.modality = modality
    }
}

/// Maps one captured-hierarchy format onto the layout model. An importer keeps
/// the captured file's `Document`, and every node's `objectEntry`, `typeEntry`,
/// `idEntry` and `frameEntry` point into it, so diagnostics land on the line of
/// the captured view. It tolerates the noise of real captures: what it cannot
/// map becomes an `import-note` (info); only an unreadable file is `invalid-layout`.
protocol Importer {
    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic])
}

enum Importers {
    /// The layout of a captured file (`kind` is not `.hitlint`).
    static func importLayout(_ kind: FileKind, document: Document, options: ImportOptions)
        -> (layout: Layout, diagnostics: [Diagnostic]) {
        switch kind {
        case .sentry: return SentryImporter.importLayout(document, options: options)
        case .droidbot: return DroidBotImporter.importLayout(document, options: options)
        case .uiautomator: return UIAutomatorImporter.importLayout(document, options: options)
        case .xcuitest: return XCUITestImporter.importLayout(document, options: options)
        case .maestro: return MaestroImporter.importLayout(document, options: options)
        case .rico: return RICOImporter.importLayout(document, options: options)
        case .figma: return FigmaImporter.importLayout(document, options: options)
        case .interfaceBuilder: return InterfaceBuilderImporter.importLayout(document, options: options)
        case .hitlint, .unknown: preconditionFailure("hitlint files go through LayoutBuilder; unknown files are not imported")
        }
    }
}
