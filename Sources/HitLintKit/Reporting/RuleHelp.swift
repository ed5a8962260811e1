/// A rule's help as SARIF's `help` and the rules reference (Docs/rules.md,
/// where the language server's diagnostics link) show it: one text, so the
/// page a link opens says what CI says.
enum RuleHelp {
    static func text(_ rule: RuleDescription) -> String {
        var text = "\(rule.summary)\n\n\(rule.rationale)\n"
        if !rule.options.isEmpty {
            text += "\nOptions:\n"
            for option in rule.options {
                text += "- \(option.name) (default: \(option.defaultValue)): \(option.summary)\n"
            }
        }
        return text + "\nRun 'hitlint explain \(rule.id)' for examples."
    }

    static func markdown(_ rule: RuleDescription) -> String {
        var markdown = "**\(rule.summary)**\n\n\(rule.rationale)\n"
        if !rule.options.isEmpty {
            markdown += "\n| option | default | meaning |\n|---|---|---|\n"
            for option in rule.options {
                markdown += "| `\(option.name)` | \(option.defaultValue) | \(option.summary) |\n"
            }
        }
        if let example = rule.examples.first(where: \.triggers) {
            markdown += "\nExample that triggers it:\n\n```yaml\n\(example.layout)\n```\n"
        }
        return markdown + "\nRun `hitlint explain \(rule.id)` for more examples."
    }

    /// The rules at a glance, each linking to its section of `page` (the
    /// README's table is this one, linking to Docs/rules.md).
    static func table(_ rules: [RuleDescription], linkTo page: String) -> String {
        var table = "| rule | default | fix | summary |\n|---|---|---|---|\n"
        for rule in rules {
            let fix = rule.fix == .never ? "" : rule.fix.rawValue
            table += "| [`\(rule.id)`](\(page)#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(fix) | \(rule.summary) |\n"
        }
        return table
    }

    /// The whole reference: a table of the rules, then a section per rule
    /// whose heading is its id (so `rules.md#target-size` finds it).
    static func reference(_ rules: [RuleDescription]) -> String {
        var page = "# hitlint rules\n\nWhat each rule checks, why, its options and an example. This page is `hitlint rules --format markdown`; "
            + "a test keeps it so. Severities and options are set in `.hitlint.yml` (see the README).\n\n"
        page += table(rules, linkTo: "")
        for rule in rules {
            page += "\n## \(rule.id)\n\n" + markdown(rule) + "\n"
        }
        return page
    }
}
