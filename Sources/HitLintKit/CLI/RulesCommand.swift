/// `hitlint rules [--format text|json|markdown]`: every rule, one a line, as JSON, or as the reference page.
struct RulesCommand: Subcommand {
    static let name = "rules"
    static let usage = "hitlint rules [--format text|json|markdown]"
    static let abstract = """
    Lists every rule with its default severity and summary: one a line, as
    JSON (with each rule's rationale and options), or as the Markdown reference
    that Docs/rules.md is.
    """
    static var optionGroups: [PartialKeyPath<Arguments>] { [\.ruleList] }

    /// text (default), json or markdown.
    var format: String

    init(_ arguments: Arguments) {
        format = arguments.ruleList.format ?? "text"
    }

    func run(output: CommandOutput) -> Int32 {
        let descriptions = RuleRegistry.descriptions
        switch format {
        case "text":
            let width = descriptions.map(\.id.count).max() ?? 0
            for rule in descriptions {
                let padding = String(repeating: " ", count: width - rule.id.count)
                let severity = rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                output.write("\(rule.id)\(padding)  \(severity)  \(rule.summary)\n")
            }
        case "json":
            let items = descriptions.map { rule in
                "  {\"id\": \(jsonString(rule.id)), \"defaultSeverity\": \(jsonString(rule.defaultSeverity.rawValue)), \"fixable\": \(rule.isFixable), \"fix\": \(jsonString(rule.fix.rawValue)), \"summary\": \(jsonString(rule.summary)), \"rationale\": \(jsonString(rule.rationale)), \"options\": [\(rule.options.map { "{\"name\": \(jsonString($0.name)), \"default\": \(jsonString($0.defaultValue)), \"summary\": \(jsonString($0.summary))}" }.joined(separator: ", "))]}"
            }
            output.write("[\n" + items.joined(separator: ",\n") + "\n]\n")
        case "markdown":
            output.write(RuleHelp.reference(descriptions))
        default:
            return output.fail("rules --format must be text, json or markdown, found '\(format)'")
        }
        return 0
    }
}
