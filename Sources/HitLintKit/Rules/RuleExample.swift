/// A YAML layout and what the rule must say about it.
public struct RuleExample: Sendable {
    public var layout: String
    /// Nodes the rule must flag, in order of position; empty for a layout that must not
    /// trigger. A diagnostic about no node (invalid syntax, a bad document key) is `<file>`.
    public var flags: [String]
    /// Text each message must contain (optional), in the same order as `flags`.
    public var messages: [String]
    /// Command-line style options for this example ("--profile android").
    public var arguments: [String]
    /// The layout after `hitlint --fix`, for examples of fixable rules.
    public var fixed: String?

    public init(_ layout: String, flags: [String] = [], messages: [String] = [], arguments: [String] = [], fixed: String? = nil) {
        self.layout = layout
        self.flags = flags
        self.messages = messages
        self.arguments = arguments
        self.fixed = fixed
    }

    public var triggers: Bool { !flags.isEmpty }
}
