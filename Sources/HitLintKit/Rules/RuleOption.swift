/// A rule's option, declared in the rule's own file with its default, once:
/// the description `hitlint rules` shows and the value the rule reads both
/// come from here.
public struct RuleOption<Value: Sendable>: Sendable {
    public let name: String
    public let rule: String
    public let fallback: Value
    public let description: RuleOptionDescription
}

/// A length with its unit (`24pt`, `9mm`).
public typealias LengthOption = RuleOption<Length>

/// On or off (`true` / `false`).
public typealias FlagOption = RuleOption<Bool>

extension RuleOption where Value == Length {
    public init(_ name: String, of rule: String, default fallback: Length, _ summary: String, atMost: String? = nil) {
        self.init(name: name, rule: rule, fallback: fallback,
                  description: RuleOptionDescription(name, default: "\(formatLength(fallback.value))\(fallback.unit.rawValue)", summary,
                                                     atMost: atMost))
    }
}

/// A length whose default depends on the file: `nil` until configured, and
/// the rule works it out (its description says how: "half the minimum size").
/// `example`: a value to show where one is wanted (the configuration template).
extension RuleOption where Value == Length? {
    public init(_ name: String, of rule: String, defaultDescribedAs described: String, example: Length, _ summary: String) {
        self.init(name: name, rule: rule, fallback: nil,
                  description: RuleOptionDescription(name, default: described, summary,
                                                     example: "\(formatLength(example.value))\(example.unit.rawValue)"))
    }
}

/// On or off, with a default that depends on the file (the profile in
/// force): `nil` until configured.
extension RuleOption where Value == Bool? {
    public init(_ name: String, of rule: String, defaultDescribedAs described: String, _ summary: String) {
        self.init(name: name, rule: rule, fallback: nil,
                  description: RuleOptionDescription(name, default: described, summary, valueKind: .bool))
    }
}

extension RuleOption where Value == Bool {
    public init(_ name: String, of rule: String, default fallback: Bool, _ summary: String) {
        self.init(name: name, rule: rule, fallback: fallback,
                  description: RuleOptionDescription(name, default: fallback ? "true" : "false", summary, valueKind: .bool))
    }
}
