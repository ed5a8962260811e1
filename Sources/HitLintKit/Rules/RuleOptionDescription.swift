/// An option as `hitlint rules`, `explain`, the configuration template and
/// the configuration's checks show and read it: its name, default and summary.
public struct RuleOptionDescription: Sendable {
    /// What a value must be, so configuration can be checked before any file is linted.
    public enum ValueKind: String, Sendable {
        /// A length with a unit: `44pt`, `9mm`.
        case length
        case bool
    }

    public var name: String
    public var defaultValue: String
    public var summary: String
    public var valueKind: ValueKind
    /// Another length option of the rule that this one may not exceed when
    /// both are configured (`minGap` ≤ `maxGap`): otherwise the rule could
    /// never report anything, silently.
    public var atMost: String?
    /// A valid value to show (the configuration template) where the default
    /// is described rather than a value: the option says it, not the template.
    public var example: String?

    public init(_ name: String, default defaultValue: String, _ summary: String, valueKind: ValueKind = .length,
                atMost: String? = nil, example: String? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
        self.valueKind = valueKind
        self.atMost = atMost
        self.example = example
    }
}
