/// `hitlint explain <rule-id>`: a rule's rationale, options and examples.
struct ExplainCommand: PathsOnlySubcommand {
    static let name = "explain"
    static let usage = "hitlint explain <rule-id>"
    static let abstract = """
    Explains a rule: what it reports and why it matters, its options, and
    layouts that trigger it (with the fix --fix writes) and that do not.
    """

    /// One rule id, when used as documented.
    var ruleIDs: [String]

    init(paths: [String]) {
        ruleIDs = paths
    }

    func run(output: CommandOutput) -> Int32 {
        guard ruleIDs.count == 1 else {
            return output.fail("explain takes one rule id, e.g. 'hitlint explain target-size'")
        }
        let id = ruleIDs[0]
        guard let rule = RuleRegistry.description(of: id) else {
            return output.fail("unknown rule '\(id)'" + Arguments.suggestion(id, RuleRegistry.descriptions.map(\.id)))
        }
        output.write(Self.text(rule))
        return 0
    }

    static func text(_ rule: RuleDescription) -> String {
        var text = "\(rule.id) (default: \(rule.defaultSeverity.rawValue)\(rule.fix == .never ? "" : rule.fix == .always ? ", fixable" : ", fixable sometimes"))\n\n"
        text += "\(rule.summary)\n\n## Why\n\n\(rule.rationale)\n"
        if !rule.options.isEmpty {
            text += "\n## Options\n\n"
            for option in rule.options { text += "- `\(option.name)` (default: \(option.defaultValue)): \(option.summary)\n" }
        }
        let triggering = rule.examples.filter(\.triggers)
        let clean = rule.examples.filter { !$0.triggers }
        if !triggering.isEmpty {
            text += "\n## Triggers\n"
            for example in triggering {
                let arguments = example.arguments.isEmpty ? "" : "  (with \(example.arguments.joined(separator: " ")))"
                text += "\n```yaml\n\(example.layout)\n```\(arguments)\n"
                for message in example.messages { text += "→ \(message)\n" }
                if let fixed = example.fixed { text += "\nAfter `hitlint --fix`:\n\n```yaml\n\(fixed)\n```\n" }
            }
        }
        if !clean.isEmpty {
            text += "\n## Does not trigger\n"
            for example in clean { text += "\n```yaml\n\(example.layout)\n```\n" }
        }
        return text
    }
}
