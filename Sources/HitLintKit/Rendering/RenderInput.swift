/// What a picture of one file is made from: the lint result (diagnostics, source
/// for line numbers) and, when the layout could be built, the rule context the
/// rules saw (layout, geometry, reachable regions, threshold), which the
/// result keeps (`Linter.lint(…keepingContext: true)`).
public struct RenderInput {
    public var result: LintResult
    /// Drawn under the layout, on its root frame (`attach(_:)`).
    public internal(set) var screenshot: Screenshot?

    public init(_ result: LintResult) {
        self.result = result
    }

    /// nil when the file did not parse or its layout is invalid: the picture then
    /// shows the diagnostics only.
    public var context: RuleContext? { result.context }
}

extension Linter {
    /// Lints one file and keeps what is needed to draw it: the layout the rules
    /// checked, captures included, by the one way a lint goes.
    /// `foundInFolder` as for `lint(source:format:path:foundInFolder:keepingContext:)`.
    public func lintForRendering(source: SourceText, format: SourceFormat, path: String,
                                 foundInFolder: Bool = false) -> RenderInput {
        RenderInput(lint(source: source, format: format, path: path, foundInFolder: foundInFolder, keepingContext: true))
    }

    /// The picture's input for a file already linted (`--render-dir`): its
    /// diagnostics as reported (after `--quiet` and the like), drawn on what
    /// its lint kept. A result that kept nothing (its lint was not asked to,
    /// as `--fix`'s passes are not) is linted again from the same bytes for
    /// its layout.
    public func renderInput(for result: LintResult) -> RenderInput {
        if result.keptContext || result.nodeCount == 0 { return RenderInput(result) }
        let format = SourceFormat(path: result.path) ?? .json
        var again = self
        again.options.fixChecking = .unchecked  // only the layout is wanted: its fixes were checked already
        // At the density the result was read at (its folder's, `FolderDensity`), not the file's alone.
        if let evidence = result.densityEvidence, again.options.importing.importScale == nil { again.options.importing.importScale = evidence.scale }
        var shown = result
        shown.context = again.lint(source: result.source, format: format, path: result.path, keepingContext: true).context
        return RenderInput(shown)
    }
}
