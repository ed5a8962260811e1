import XCTest
@testable import HitLintKit

/// Seeded random screens full of fixable problems (small buttons, clipped
/// expansions in stacks, dead gaps, overlaps, stale ignores), written as JSON
/// and as commented YAML, put through `--fix`.
final class FixRoundTripTests: XCTestCase {
    /// One screen as a plain tree, written out in either format.
    private struct Node {
        var fields: [(String, String)]
        var children: [Node] = []
    }

    private func screen(seed: UInt64) -> Node {
        var random = SeededRandom(seed: seed)
        var rows: [Node] = []
        var y = 20
        var counter = 0
        for row in 0..<random.int(2...5) {
            let stack = random.chance(0.6)
            var buttons: [Node] = []
            var x = 0
            let height = random.pick([30, 40, 44, 48])
            let spacing = random.pick([0, 4, 6, 8, 12, 30])
            for _ in 0..<random.int(2...4) {
                counter += 1
                let width = random.pick([20, 30, 44, 60, 80])
                var fields = [("id", "b\(counter)"), ("type", "button")]
                fields.append(stack ? ("size", "[\(width), \(height)]") : ("frame", "[\(x), 0, \(width), \(height)]"))
                if random.chance(0.4) { fields.append(random.chance(0.7) ? ("hitInsets", "-\(random.pick([2, 5, 10, 20]))") : ("hitSlop", "\(random.pick([4, 8, 12]))")) }
                if random.chance(0.15) { fields.append(("ignore", random.pick(["[target-size]", "[dead-gap]", "[overlapping-hit-areas, dead-gap]", "all"]))) }
                buttons.append(Node(fields: fields))
                x += width + spacing
            }
            var fields = [("id", "row\(row)"), ("type", stack ? "stack" : "view")]
            if stack { fields += [("axis", "horizontal"), ("spacing", "\(spacing)")] }
            fields.append(("frame", "[\(random.int(0...40)), \(y), \(max(x - spacing, 1)), \(height)]"))
            if random.chance(0.3) { fields.append(("hitInsets", "-\(random.pick([4, 10, 20]))")) }
            rows.append(Node(fields: fields, children: buttons))
            y += height + random.pick([4, 10, 40])
        }
        return Node(fields: [("id", "screen"), ("frame", "[0, 0, 390, 844]")], children: rows)
    }

    private func json(_ node: Node, indent: String = "  ") -> String {
        var parts = node.fields.map { key, value -> String in
            let isText = value.first.map { !"[-0123456789".contains($0) && value != "all" } ?? false || value == "all"
            let written = value.hasPrefix("[") && value.contains(where: \.isLetter)
                ? "[" + value.dropFirst().dropLast().split(separator: ",").map { "\"\($0.trimmingCharacters(in: .whitespaces))\"" }.joined(separator: ", ") + "]"
                : (isText ? "\"\(value)\"" : value)
            return "\(indent)  \"\(key)\": \(written)"
        }
        if !node.children.isEmpty {
            parts.append("\(indent)  \"children\": [\n" + node.children.map { json($0, indent: indent + "    ") }.joined(separator: ",\n") + "\n\(indent)  ]")
        }
        return "\(indent){\n" + parts.joined(separator: ",\n") + "\n\(indent)}"
    }

    /// Block YAML with comments; leaf nodes in flow style, as people write them.
    private func yaml(_ node: Node, indent: String, random: inout SeededRandom) -> String {
        var out = ""
        for (position, field) in node.fields.enumerated() {
            let prefix = position == 0 ? "" : indent
            out += "\(prefix)\(field.0): \(field.1)"
            out += random.chance(0.2) ? "  # \(field.0) note\n" : "\n"
        }
        guard !node.children.isEmpty else { return out }
        out += "\(indent)# children of \(node.fields[0].1)\n\(indent)children:\n"
        for child in node.children {
            if child.children.isEmpty, random.chance(0.6) {
                out += "\(indent)  - {" + child.fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}\n"
            } else {
                out += "\(indent)  - " + yaml(child, indent: indent + "    ", random: &random)
            }
        }
        return out
    }

    /// The value tree without the keys fixes may change.
    private func shape(_ text: [UInt8], _ format: SourceFormat) throws -> [String] {
        let document = try format.parse(SourceText(bytes: text))
        var out: [String] = []
        var skipUntil = -1
        for index in document.entries.indices {
            if index < skipUntil { continue }
            if document.kind(index) == .string, index + 1 < document.entries.count,
               let key = document.string(index), ["hitInsets", "hitSlop", "ignore"].contains(key),
               index > 0, isKey(index, in: document) {
                skipUntil = document.next(index + 1)
                continue
            }
            out.append("\(document.kind(index)) \(document.string(index) ?? document.number(index).map { "\($0)" } ?? "")")
        }
        return out
    }

    /// Whether entry `index` is a key (an odd position among an object's contents).
    private func isKey(_ index: Int, in document: Document) -> Bool {
        var parent = index - 1
        while parent >= 0, !(document.kind(parent) == .object && document.next(parent) > index) { parent -= 1 }
        guard parent >= 0 else { return false }
        return document.members(parent).contains { $0.key == index }
    }

    private func counts(_ diagnostics: [Diagnostic]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics { counts["\(diagnostic.rule) \(diagnostic.node ?? "")", default: 0] += 1 }
        return counts
    }

    func testFixRoundTripOnRandomLayouts() throws {
        var options = LintOptions()
        options.fixChecking = .checked
        let linter = Linter(options: options)
        var layouts = 0
        var applied = 0
        var rulesFixed = Set<String>()
        for seed in 0..<160 {
            let tree = screen(seed: UInt64(seed))
            var random = SeededRandom(seed: UInt64(seed) &* 31)
            let yamlText = "# generated screen \(seed)\nversion: 1\nroot:\n  " + yaml(tree, indent: "  ", random: &random)
            let jsonText = "{\n  \"version\": 1,\n  \"root\":\n" + json(tree, indent: "  ") + "\n}\n"
            // HITLINT_ROUNDTRIP_CORPUS=DIR writes the screens there, so two builds'
            // `--fix`, reports and verdicts can be compared byte for byte.
            if let folder = ProcessInfo.processInfo.environment["HITLINT_ROUNDTRIP_CORPUS"] {
                try Data(yamlText.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("screen\(seed).yaml"))
                try Data(jsonText.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("screen\(seed).json"))
            }
            for (format, text) in [(SourceFormat.yaml, yamlText), (.json, jsonText)] {
                let label = "seed \(seed) \(format)"
                let original = Array(text.utf8)
                let before = linter.lint(source: SourceText(bytes: original), format: format, path: "x")
                XCTAssertFalse(before.diagnostics.contains { $0.rule == RuleID.invalidLayout }, "\(label): \(before.diagnostics.map(\.message))\n\(text)")
                let outcome = Fixer.fixUntilStable(original, format: format, path: "x", linter: linter)
                applied += outcome.fixesApplied
                // Nothing new fires, and what had a fix is gone.
                let beforeCounts = counts(before.diagnostics)
                for (key, count) in counts(outcome.result.diagnostics) {
                    XCTAssertLessThanOrEqual(count, beforeCounts[key, default: 0], "\(label): new \(key)")
                }
                XCTAssertFalse(outcome.result.diagnostics.contains { !($0.fix?.edits.isEmpty ?? true) }, "\(label): fixable left after --fix")
                for diagnostic in before.diagnostics where !(diagnostic.fix?.edits.isEmpty ?? true) {
                    if counts(outcome.result.diagnostics)["\(diagnostic.rule) \(diagnostic.node ?? "")", default: 0] < beforeCounts["\(diagnostic.rule) \(diagnostic.node ?? "")", default: 0] {
                        rulesFixed.insert(diagnostic.rule)
                    }
                }
                // A second --fix changes nothing.
                let again = Fixer.fixUntilStable(outcome.bytes, format: format, path: "x", linter: linter)
                XCTAssertEqual(again.bytes, outcome.bytes, "\(label): second --fix changed bytes")
                XCTAssertEqual(again.fixesApplied, 0, label)
                // Comments and everything but the insets and ignores are unchanged.
                let fixedText = String(decoding: outcome.bytes, as: UTF8.self)
                // Comments survive (a comment on a removed `ignore:` line goes with it);
                // lines that hold no insets or ignores are unchanged.
                for line in text.split(separator: "\n") where !line.contains("ignore") {
                    if let hash = line.firstIndex(of: "#") {
                        XCTAssertTrue(fixedText.contains(line[hash...]), "\(label): comment lost: \(line)")
                    }
                    if !line.contains("hitInsets"), !line.contains("hitSlop"), !line.contains("{") {
                        // Removing a JSON object's last member takes the comma before it.
                        let withoutComma = line.hasSuffix(",") ? line.dropLast() + "\n" : line
                        XCTAssertTrue(fixedText.contains(line) || fixedText.contains(withoutComma), "\(label): untouched line changed: \(line)")
                    }
                }
                XCTAssertEqual(try shape(outcome.bytes, format), try shape(original, format), "\(label): content other than insets changed\n\(fixedText)")
                layouts += 1
            }
        }
        XCTAssertGreaterThanOrEqual(layouts, 300)
        XCTAssertGreaterThan(applied, 300, "the layouts must exercise fixes")
        XCTAssertEqual(rulesFixed, [TargetSizeRule.id, ClippedHitAreaRule.id, OverlappingHitAreasRule.id, DeadGapRule.id, RuleID.unusedIgnore])
    }
}
