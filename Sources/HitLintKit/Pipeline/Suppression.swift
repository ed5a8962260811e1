/// `ignore:` on a node suppresses rules for that node and its subtree; entries
/// that suppress nothing become `unused-ignore` (SwiftLint's
/// `superfluous_disable_command`, ruff's `RUF100`).
enum Suppression {
    /// Remove the stale entry, or the whole `ignore` key when it is the only one.
    static func removal(of entry: IgnoreEntry, layout: Layout) -> Fix {
        let source = layout.nodeSource(of: entry.node)
        let document = source.document
        let editor = LayoutEditor(layout: layout).editing(source)
        guard let (key, list) = source.member("ignore") else { return Fix(description: "remove 'ignore'", edits: []) }
        if document.kind(list) == .array, document.count(list) > 1,
           let element = document.elements(list).first(where: { document.span($0) == entry.span }) {
            let text = document.string(element) ?? ""
            return Fix(description: "remove '\(text)' from 'ignore'", edits: [editor.removeElement(element, of: list)])
        }
        return Fix(description: "remove 'ignore'", edits: [editor.removeMember(key: key, of: source.object)])
    }

    static func apply(to diagnostics: [Diagnostic], layout: Layout, options: LintOptions) -> [Diagnostic] {
        guard !layout.ignores.isEmpty else { return diagnostics }
        // Entries by node, for walking up from a diagnostic's node.
        var entriesByNode: [Int: [Int]] = [:]
        for (position, entry) in layout.ignores.enumerated() { entriesByNode[entry.node, default: []].append(position) }
        var used = [Bool](repeating: false, count: layout.ignores.count)
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let node = diagnostic.nodeIndex, diagnostic.rule != RuleID.invalidLayout else {
                kept.append(diagnostic)
                continue
            }
            var suppressed = false
            var current = node
            while current >= 0 {
                for position in entriesByNode[current] ?? [] {
                    let rule = layout.ignores[position].rule
                    if rule == nil || rule == diagnostic.rule {
                        used[position] = true
                        suppressed = true
                    }
                }
                current = Int(layout.nodes[current].parent)
            }
            if !suppressed { kept.append(diagnostic) }
        }
        guard options.isEnabled(RuleID.unusedIgnore) else { return kept }
        let known = RuleRegistry.ids
        for (position, entry) in layout.ignores.enumerated() where !used[position] {
            var message: String
            if let rule = entry.rule {
                if !known.contains(rule) {
                    message = "'\(rule)' in 'ignore' is not a rule"
                    if let suggestion = closestName(to: rule, among: known) { message += "; did you mean '\(suggestion)'?" }
                } else if !options.isEnabled(rule) {
                    continue  // the rule is off in this run: the entry is not stale, just idle
                } else {
                    message = "'ignore: \(rule)' suppresses nothing here; remove it"
                }
            } else {
                message = "'ignore: all' suppresses nothing here; remove it"
            }
            kept.append(Diagnostic(rule: RuleID.unusedIgnore, severity: options.severity(of: RuleID.unusedIgnore),
                                   message: message, span: entry.span,
                                   node: layout.key(of: entry.node), nodeIndex: entry.node,
                                   fix: removal(of: entry, layout: layout)))
        }
        return kept
    }

    /// The configuration's `ignore` entries for this file (`overrides:`): each
    /// suppresses its rules on the nodes whose key, name or path it gives, and
    /// their subtrees. Returns what is kept, and the positions (`ConfiguredIgnore.index`)
    /// of the entries that suppressed something; whether the others are stale
    /// is known only once every file they apply to is linted.
    static func applyConfigured(to diagnostics: [Diagnostic], layout: Layout,
                                ignores: [ConfiguredIgnore]) -> (kept: [Diagnostic], used: [Int]) {
        guard !ignores.isEmpty, !layout.nodes.isEmpty else { return (diagnostics, []) }
        let names = layout.allNames()
        // The entries by the nodes they name.
        var entriesByNode: [Int: [Int]] = [:]
        for (position, ignore) in ignores.enumerated() {
            for node in layout.nodes.indices where names[node] == ignore.node || layout.key(of: node) == ignore.node {
                entriesByNode[node, default: []].append(position)
            }
        }
        guard !entriesByNode.isEmpty else { return (diagnostics, []) }
        var used = Set<Int>()
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            guard let node = diagnostic.nodeIndex, diagnostic.rule != RuleID.invalidLayout else {
                kept.append(diagnostic)
                continue
            }
            var suppressed = false
            var current = node
            while current >= 0 {
                for position in entriesByNode[current] ?? [] {
                    let rules = ignores[position].rules
                    if rules == nil || rules!.contains(diagnostic.rule) {
                        used.insert(ignores[position].index)
                        suppressed = true
                    }
                }
                current = Int(layout.nodes[current].parent)
            }
            if !suppressed { kept.append(diagnostic) }
        }
        return (kept, used.sorted())
    }
}
