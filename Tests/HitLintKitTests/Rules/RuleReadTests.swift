import XCTest
@testable import HitLintKit

/// Each rule declares what it reads (`RuleDescription.reads`), and fix
/// checking trusts the declarations (`FixReach`). These tests hold every rule
/// to its own: on random screens, a node is given other hit insets (all a fix
/// ever changes), and every target whose findings of the rule change must be
/// one the change reaches by that rule's declared reads alone. A rule that
/// reads beyond what it declares (a neighbour farther away, an ancestor it
/// does not name) changes findings the change does not reach, and fails here.
final class RuleReadTests: XCTestCase {
    /// A node of a random screen, written as YAML with its hit insets
    /// replaced where a perturbation says.
    private struct Spec {
        var id: String
        var fields: [String]
        var insets: [Int]?
        var children: [Spec] = []

        func yaml(indent: Int, insets replaced: [String: [Int]], into out: inout String) {
            let pad = String(repeating: " ", count: indent)
            var fields = ["id: \(id)"] + self.fields
            if let insets = replaced[id] ?? insets { fields.append("hitInsets: [\(insets.map(String.init).joined(separator: ", "))]") }
            guard !children.isEmpty else {
                out += "\(pad)- {\(fields.joined(separator: ", "))}\n"
                return
            }
            out += "\(pad)- \(fields[0])\n"
            for field in fields.dropFirst() { out += "\(pad)  \(field)\n" }
            out += "\(pad)  children:\n"
            for child in children { child.yaml(indent: indent + 4, insets: replaced, into: &out) }
        }

        func all() -> [Spec] { [self] + children.flatMap { $0.all() } }
    }

    private struct Screen {
        var platform: String
        var profile: String?
        var input: String
        var nodes: [Spec]

        func yaml(insets replaced: [String: [Int]] = [:]) -> String {
            var out = "platform: \(platform)\ninput: \(input)\nroot:\n  frame: [0, 0, 800, 1200]\n  children:\n"
            for node in nodes { node.yaml(indent: 4, insets: replaced, into: &out) }
            return out
        }
    }

    /// Rows of small and large targets in stacks, plain views, clickable
    /// cards, views that clip or ignore touches and scroll views; covers in
    /// front (opaque or not), targets nested in targets and hanging out of
    /// their row, expanded hit areas on targets and containers; on UIKit,
    /// Android and the web, with touch or pointer, under the platform's
    /// profile or WCAG's spacing exception.
    private func screen(seed: UInt64, ignores: Bool = false) -> Screen {
        var random = SeededRandom(seed: seed)
        let platform = ["uikit", "android", "web"][Int(seed % 3)]
        let profile: String? = seed % 4 == 1 ? "wcag-aa" : nil
        var nodes: [Spec] = []
        var counter = 0
        var y = 10
        func insets(_ random: inout SeededRandom, chance: Double) -> [Int]? {
            guard random.chance(chance) else { return nil }
            if random.chance(0.5) {
                let all: Int = -random.pick([2, 5, 10, 20])
                return [all, all, all, all]
            }
            return (0..<4).map { _ -> Int in -random.pick([0, 0, 4, 8, 12]) }
        }
        for row in 0..<random.int(4...8) {
            let kind = random.pick(["stack", "view", "view", "card", "clip", "passive", "scroll"])
            let height = random.pick([16, 24, 30, 40, 44, 48, 60])
            let spacing = random.pick([0, 2, 4, 6, 8, 12, 20, 30])
            var children: [Spec] = []
            var x = 0
            for _ in 0..<random.int(2...5) {
                counter += 1
                let width = random.pick([12, 16, 20, 24, 30, 44, 60, 120])
                var fields = ["type: \(random.pick(["button", "button", "link", "cell"]))"]
                fields.append(kind == "stack" ? "size: [\(width), \(height)]"
                              : "frame: [\(x), \(random.int(-6...6)), \(width), \(height)]")
                var child = Spec(id: "b\(counter)", fields: fields, insets: insets(&random, chance: 0.35))
                if ignores, random.chance(0.15) {
                    child.fields.append("ignore: [\(random.pick(["target-size", "dead-gap", "overlapping-hit-areas", "clipped-hit-area"]))]")
                }
                if kind != "stack", random.chance(0.15) {
                    // A target inside the target, or a view inside it that hangs out.
                    counter += 1
                    let inner = random.chance(0.5) ? "type: button" : "type: view"
                    child.children.append(Spec(id: "n\(counter)", fields: [inner, "frame: [\(random.int(-10...width)), \(random.int(-10...10)), \(random.pick([8, 16, 30])), \(random.pick([8, 16, 30]))]"],
                                               insets: insets(&random, chance: 0.3)))
                }
                children.append(child)
                x += width + spacing
            }
            if kind != "stack", random.chance(0.35) {
                counter += 1
                children.append(Spec(id: "far\(counter)", fields: ["type: button", "frame: [\(random.int(100...600)), \(random.int(-30...60)), \(random.pick([20, 30, 50])), 24]"],
                                     insets: insets(&random, chance: 0.3)))
            }
            if kind != "stack", random.chance(0.3) {
                counter += 1
                let opaque = random.chance(0.4) ? ", opaque: true" : ""
                children.append(Spec(id: "cover\(counter)", fields: ["frame: [\(random.int(-10...80)), \(random.int(-10...10)), \(random.int(10...120)), \(height)]" + opaque],
                                     insets: insets(&random, chance: 0.2)))
            }
            var fields: [String]
            switch kind {
            case "stack": fields = ["type: stack", "axis: horizontal", "spacing: \(spacing)"]
            case "card": fields = ["type: button"]
            case "clip": fields = ["clipsToBounds: true"]
            case "passive": fields = ["type: imageView"]
            case "scroll": fields = ["scrollable: true"]
            default: fields = ["type: view"]
            }
            fields.append("frame: [\(random.int(0...200)), \(y), \(max(x - spacing, 1)), \(height + random.pick([0, 4, 8]))]")
            if ignores, random.chance(0.3) {
                // Held by the row: used or not by its targets' findings.
                fields.append("ignore: [\(random.pick(["target-size", "dead-gap", "overlapping-hit-areas", "occluded-target"]))]")
            }
            nodes.append(Spec(id: "row\(row)", fields: fields, insets: insets(&random, chance: 0.25), children: children))
            y += height + random.pick([2, 6, 10, 24, 40])
        }
        if random.chance(0.3) {
            // A transparent overlay across the screen's middle.
            nodes.append(Spec(id: "glass", fields: ["frame: [\(random.int(0...300)), \(random.int(0...200)), \(random.int(100...400)), \(random.int(40...200))]"],
                              insets: insets(&random, chance: 0.3)))
        }
        return Screen(platform: platform, profile: profile, input: seed % 5 == 2 ? "pointer" : "touch", nodes: nodes)
    }

    private func options(_ screen: Screen) -> LintOptions {
        var options = LintOptions()
        if let profile = screen.profile { options.rules.profile = Profile.named(profile) }
        options.run.jobs = 1
        // Findings counted by rule and node, as fix checking counts them.
        options.run.describesDiagnostics = false
        options.rules.severities[ExcessiveHitExpansionRule.id] = .warning
        return options
    }

    /// How often each rule fires on each node: its findings. Left out: the
    /// note that some targets were not size-checked (`uncheckedTargets`),
    /// which sits on the first of the targets it counts anywhere in the file
    /// and so moves with a change anywhere; it says what was not judged, not
    /// what a rule found on its node, and no declared read covers it.
    private func counts(_ diagnostics: [Diagnostic]) -> [String: [Int: Int]] {
        var result: [String: [Int: Int]] = [:]
        for diagnostic in diagnostics where diagnostic.uncheckedTargets == 0 {
            result[diagnostic.rule, default: [:]][diagnostic.nodeIndex ?? -1, default: 0] += 1
        }
        return result
    }

    /// For each perturbation of each screen: the rule, the nodes whose
    /// findings of it changed, and those the change reaches by what the rules
    /// in `rules` declare (each rule alone, or all together).
    private func perturb(screens: Range<UInt64>, ignores: Bool = false, together: Bool = false,
                         check: (_ rule: String, _ changed: Set<Int>, _ reached: Set<Int>, _ label: () -> String) -> Void) throws {
        for seed in screens {
            let screen = screen(seed: seed, ignores: ignores)
            let original = screen.yaml()
            let linter = Linter(options: options(screen))
            let before = linter.lint(document: try SourceFormat.yaml.parse(SourceText(original)), path: "screen.yaml",
                                     keepingContext: true)
            let context = before.context
            XCTAssertEqual(before.diagnostics.filter { $0.rule == RuleID.invalidLayout }.map(\.message), [], original)
            guard let context else { continue }
            let footprints = TargetFootprints(context.geometry)
            let reaches: [(rules: [String], reach: FixReach)] = together
                ? [(RuleRegistry.ids, FixReach(context, footprints: footprints))]
                : RuleRegistry.geometryRuleIDs.map { id in ([id], FixReach(context, footprints: footprints, rules: [RuleRegistry.description(of: id)!])) }
            let specs = screen.nodes.flatMap { $0.all() }
            var random = SeededRandom(seed: seed &* 7 &+ 3)
            for _ in 0..<6 {
                let spec = random.pick(specs)
                let insets = random.chance(0.5)
                    ? [Int](repeating: -random.pick([2, 6, 12, 24]), count: 4)
                    : (0..<4).map { _ -> Int in -random.pick([0, 0, 3, 8, 16, 30]) }
                let node = (0..<context.layout.nodes.count).first { context.layout.id(of: $0) == spec.id }!
                let change = HitAreaChange(node: node, insets: EdgeInsets(top: Double(insets[0]), left: Double(insets[1]),
                                                                          bottom: Double(insets[2]), right: Double(insets[3])))
                let changedText = screen.yaml(insets: [spec.id: insets])
                let after = linter.lint(source: SourceText(changedText), format: .yaml, path: "screen.yaml")
                let (old, new) = (counts(before.diagnostics), counts(after.diagnostics))
                for (rules, reach) in reaches {
                    let reached = Set(reach.affectedNodes(of: [change]).map(Int.init))
                    for rule in rules {
                        let nodes = Set((old[rule] ?? [:]).keys).union((new[rule] ?? [:]).keys)
                        let changed = Set(nodes.filter { old[rule]?[$0] != new[rule]?[$0] })
                        check(rule, changed, reached) {
                            let names = changed.subtracting(reached).map { $0 < 0 ? "<file>" : context.name($0) }.sorted()
                            return "seed \(seed): \(rule) changed on \(names), not reached by '\(spec.id)' hitInsets \(insets)\n\(original)"
                        }
                    }
                }
            }
        }
    }

    func testEveryRuleReadsOnlyWhatItDeclares() throws {
        var changes: [String: Int] = [:]
        try perturb(screens: 0..<200) { rule, changed, reached, label in
            if !changed.isEmpty { changes[rule, default: 0] += 1 }
            XCTAssertTrue(changed.isSubset(of: reached), label())
        }
        // Every rule that reads past the node itself must see its findings
        // move often enough for its declaration to be tested. One that reads
        // only the node is right by construction (a fix always reaches the
        // node it edits), and its findings may not depend on hit insets at
        // all (a frame with no height); it is held to its declaration above
        // whenever they do move.
        var held = 0
        for rule in RuleRegistry.geometryRuleIDs {
            let readsOnlyTheNode = RuleRegistry.description(of: rule)!.reads.allSatisfy { if case .node = $0 { true } else { false } }
            guard !readsOnlyTheNode else { continue }
            XCTAssertGreaterThan(changes[rule] ?? 0, 10, "\(rule): its findings hardly changed")
            held += 1
        }
        XCTAssertGreaterThanOrEqual(held, 7, "the geometry rules that read past the node")
    }

    /// Whether an `ignore` entry is used depends on the findings of its
    /// node's subtree (`RuleRead.findingsBelow`): with entries on the screen,
    /// what all the rules declare together must reach every finding that
    /// changes, `unused-ignore`'s included.
    func testTheRulesTogetherReachEveryChangedFindingIgnoreEntriesIncluded() throws {
        var unusedIgnoreChanges = 0
        try perturb(screens: 1_000..<1_100, ignores: true, together: true) { rule, changed, reached, label in
            if rule == RuleID.unusedIgnore, !changed.isEmpty { unusedIgnoreChanges += 1 }
            XCTAssertTrue(changed.isSubset(of: reached), label())
        }
        XCTAssertGreaterThan(unusedIgnoreChanges, 5)
    }

    func testEveryRuleTheGeometryStageRunsDeclaresWhatItReads() {
        for rule in RuleRegistry.geometryRules {
            let description = type(of: rule).description
            XCTAssertTrue(description.reads.contains { if case .node = $0 { true } else { false } }, "\(description.id) reads no node")
        }
    }
}
