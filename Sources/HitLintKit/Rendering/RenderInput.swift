/// What a picture of one file is made from: the lint result (diagnostics, source
/// for line numbers) and, when the layout could be built, the rule context the
/// rules saw (layout, geometry, reachable regions, threshold).
public struct RenderInput {
    public var result: LintResult
    /// nil when the file did not parse or its layout is invalid: the picture then
    /// shows the diagnostics only.
    public var context: RuleContext?
    /// Drawn under the layout, on its root frame (`attach(_:)`).
    public internal(set) var screenshot: Screenshot?

    public init(result: LintResult, context: RuleContext?) {
        self.result = result
        self.context = context
    }
}

extension Linter {
    /// Lints one file and keeps what is needed to draw it: the layout the rules
    /// checked, captures included, built by the same path as the lint.
    /// `foundInFolder` as for `lint(source:format:path:foundInFolder:)`.
    public func lintForRendering(source: SourceText, format: SourceFormat, path: String,
                                 foundInFolder: Bool = false) -> RenderInput {
        let document: Document
        do {
            document = try format.parse(source)
        } catch {
            // A Maestro hierarchy saved with its banner is read after it, as the lint reads it.
            guard format == .json, let afterBanner = CaptureBanner.maestroDocument(source, kind: options.importing.fileKind) else {
                return RenderInput(result: lint(source: source, format: format, path: path, foundInFolder: foundInFolder), context: nil)
            }
            document = afterBanner
        }
        var context: RuleContext?
        let result = lint(document: document, path: path, foundInFolder: foundInFolder) { context = $0 }
        return RenderInput(result: result, context: context)
    }

    /// The picture's input for a file already linted (`--render-dir`): its
    /// diagnostics as reported (after `--quiet` and the like), and the layout
    /// and geometry from linting the same bytes again. Not threaded out of the
    /// first lint, so the linter's hot path keeps no geometry alive; rendering
    /// only happens for a few files.
    public func renderInput(for result: LintResult) -> RenderInput {
        let format = SourceFormat(path: result.path) ?? .json
        var again = self
        again.options.fixChecking = .unchecked  // only the layout is wanted: its fixes were checked already
        // At the density the result was read at (its folder's, `FolderDensity`), not the file's alone.
        if let evidence = result.densityEvidence, again.options.importing.importScale == nil { again.options.importing.importScale = evidence.scale }
        var input = again.lintForRendering(source: result.source, format: format, path: result.path)
        input.result = result
        return input
    }
}
