/// What a picture of one file is made from: the lint result (diagnostics, source
/// for line numbers) and, when the layout could be built, the rule context the
/// rules saw (layout, geometry, reachable regions, threshold).
public struct RenderInput {
    public var result: LintResult
    /// nil when the file did not parse or its layout is invalid: the picture then
    /// shows the diagnostics only.
    public var context: RuleContext?

    public init(result: LintResult, context: RuleContext?) {
        self.result = result
        self.context = context
    }
}

extension Linter {
    /// Lints one file and keeps what is needed to draw it.
    public func lintForRendering(source: SourceText, format: SourceFormat, path: String) -> RenderInput {
        let result = lint(source: source, format: format, path: path)
        return RenderInput(result: result, context: ruleContext(source: source, format: format))
    }

    /// The picture's input for a file already linted (`--render-dir`): its
    /// diagnostics as reported (after `--quiet` and the like), and the geometry
    /// rebuilt from the same bytes.
    public func renderInput(for result: LintResult) -> RenderInput {
        let format = SourceFormat(path: result.path) ?? .json
        return RenderInput(result: result, context: ruleContext(source: result.source, format: format))
    }

    /// The layout and geometry as `lint(document:path:)` builds them. Built again
    /// rather than threaded out of `lint`, so the linter's hot path keeps no
    /// geometry alive and stays as it is; rendering only happens for a few files.
    func ruleContext(source: SourceText, format: SourceFormat) -> RuleContext? {
        guard let document = try? format.parse(source) else { return nil }
        let overrides = LayoutBuilder.Overrides(platform: options.platform, input: options.input)
        let (layout, diagnostics) = LayoutBuilder.build(document, overrides: overrides)
        guard !layout.nodes.isEmpty, !diagnostics.contains(where: { $0.rule == RuleID.invalidLayout }) else { return nil }
        return RuleContext(layout: layout, geometry: Geometry(layout: layout), options: options)
    }
}
