/// A rule: its id, description, options and examples. Some are reported by
/// an earlier stage (syntax, layout, import, suppression); the rest are
/// `GeometryRule`s, which the geometry stage runs.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
}

/// A check over one file's geometry, run on every layout that was read.
public protocol GeometryRule: Rule {
    func check(_ context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public var description: RuleDescription { Self.description }
}
