import Foundation
import XCTest
@testable import HitLintKit

/// Fix checking judges groups of fixes together, each by the findings of the
/// nodes it can reach (`FixReach`). These tests hold that to the whole-file
/// check: every group judged in a shared lint must change exactly what it
/// changes linted alone, and the far-reaching cases the rules allow are reached.
final class FixReachTests: XCTestCase {
    /// Collects the audit's disagreements from the lint's threads.
    private final class Audit: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var groups = 0
        private(set) var disagreements: [String] = []

        func record(_ shared: [Fixer.ProblemKey: Int], _ alone: [Fixer.ProblemKey: Int], _ label: String) {
            lock.lock()
            defer { lock.unlock() }
            groups += 1
            if shared != alone { disagreements.append("\(label): shared \(shared), alone \(alone)") }
        }
    }

    /// Random screens: rows of buttons in stacks and plain views, some nested
    /// in a clickable card, some hanging out of their row, opaque covers,
    /// `ignore` entries; on each platform, and with WCAG's spacing exception.
    private func screen(seed: UInt64) -> (text: String, options: LintOptions) {
        var random = SeededRandom(seed: seed)
        let platform = ["uikit", "android", "web"][Int(seed % 3)]
        var options = LintOptions()
        options.fixChecking = .checked
        options.run.jobs = 1
        if seed % 4 == 1 { options.rules.profile = Profile.named("wcag-aa") }
        var out = "platform: \(platform)\nroot:\n  frame: [0, 0, 800, 1600]\n  children:\n"
        var y = 10
        var counter = 0
        for row in 0..<random.int(4...9) {
            let card = random.chance(0.2)
            let stack = !card && random.chance(0.5)
            let height = random.pick([20, 30, 40, 44, 48])
            let spacing = random.pick([0, 2, 4, 6, 8, 12, 20, 30])
            var children: [String] = []
            var x = 0
            for _ in 0..<random.int(2...5) {
                counter += 1
                let width = random.pick([16, 20, 30, 44, 60, 120])
                var fields = "id: b\(counter), type: button"
                fields += stack ? ", size: [\(width), \(height)]" : ", frame: [\(x), \(random.int(0...4)), \(width), \(height)]"
                if random.chance(0.3) { fields += ", hitInsets: -\(random.pick([2, 5, 10, 20]))" }
                if random.chance(0.08) { fields += ", ignore: [\(random.pick(["target-size", "dead-gap", "overlapping-hit-areas"]))]" }
                children.append("{\(fields)}")
                x += width + spacing
            }
            if !stack, random.chance(0.3) {
                counter += 1
                children.append("{id: far\(counter), type: button, frame: [\(random.int(200...600)), \(random.int(-30...60)), 30, 24]}")
            }
            if !stack, random.chance(0.25) {
                children.append("{id: cover\(row), frame: [\(random.int(0...80)), 0, \(random.int(20...120)), \(height)], opaque: true}")
            }
            let rowX = random.int(0...200)
            out += "    - id: row\(row)\n      type: \(card ? "button" : stack ? "stack" : "view")\n"
            if stack { out += "      axis: horizontal\n      spacing: \(spacing)\n" }
            out += "      frame: [\(rowX), \(y), \(max(x - spacing, 1)), \(height + 4)]\n"
            if random.chance(0.2) { out += "      hitInsets: -\(random.pick([4, 10]))\n" }
            if random.chance(0.1) { out += "      ignore: [dead-gap]\n" }
            out += "      children:\n" + children.map { "        - \($0)\n" }.joined()
            y += height + random.pick([2, 6, 10, 24, 40])
        }
        return (out, options)
    }

    func testGroupsCheckedTogetherChangeWhatTheyChangeAlone() {
        let audit = Audit()
        var kept = 0
        for seed in 0..<120 {
            let (text, options) = screen(seed: UInt64(seed))
            var linter = Linter(options: options)
            linter.fixCheckAudit = { shared, alone in audit.record(shared, alone, "seed \(seed)") }
            let result = linter.lint(source: SourceText(text), format: .yaml, path: "screen.yaml")
            let invalid = result.diagnostics.filter { $0.rule == RuleID.invalidLayout }.map(\.message)
            XCTAssertEqual(invalid, [], "seed \(seed)\n\(text)")
            kept += result.diagnostics.filter { !($0.fix?.edits.isEmpty ?? true) }.count
        }
        XCTAssertEqual(audit.disagreements, [])
        // The screens must make the shared lints do real work.
        XCTAssertGreaterThan(audit.groups, 300)
        XCTAssertGreaterThan(kept, 300)
    }

    /// Fix checking's lints find only the findings of the nodes the fixes
    /// reach (`RuleContext.isChecked`): every verdict, description and edit
    /// must be what checking against every node's findings gives.
    func testCheckingOnlyTheReachedNodesGivesTheWholeFileVerdicts() {
        var focusedScreens = 0
        var fixes = 0
        var byHand = 0
        for seed in 0..<160 {
            var (text, options) = screen(seed: UInt64(1_000 + seed))
            if seed % 2 == 0 {
                // Without `ignore` entries, which send a file's check whole.
                text = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { line in
                        guard let range = line.range(of: ", ignore: [") ?? line.range(of: "ignore: [") else { return String(line) }
                        return line.hasPrefix("      ignore") ? "" : String(line[..<range.lowerBound]) + "}"
                    }
                    .filter { !$0.isEmpty }.joined(separator: "\n")
            }
            if seed % 3 == 0 { options.rules.profile = Profile.named("android") }
            let source = SourceText(text)
            let expected = lint(source, options) { $0.focusesFixChecks = false }
            let found = lint(source, options)
            XCTAssertEqual(found.map(\.rule), expected.map(\.rule), "seed \(seed)")
            XCTAssertEqual(found.map(\.message), expected.map(\.message), "seed \(seed)")
            assertSameFixes(found, expected, "seed \(seed)\n\(text)", byHand: &byHand)
            if !text.contains("ignore") { focusedScreens += 1 }
            fixes += expected.filter { $0.fix != nil }.count
        }
        XCTAssertGreaterThan(focusedScreens, 70)
        XCTAssertGreaterThan(fixes, 400)
        // Some fixes must fail their check, so the verdicts differ from fix to fix.
        XCTAssertGreaterThan(byHand, 10)
    }

    /// A large file's findings hold their messages and fixes' words packed
    /// while the fixes are checked (`PackedFindingText`): what checking reads
    /// of a packed fix (a failed fix's description, given its note) reads
    /// as before, and every finding comes out as an unpacked check gives it.
    func testFindingsPackedWhileTheirFixesAreCheckedComeOutAsBefore() {
        var fixes = 0
        var byHand = 0
        for seed in 0..<120 {
            let (text, options) = screen(seed: UInt64(3_000 + seed))
            let source = SourceText(text)
            let expected = lint(source, options) { $0.packsFixCheckTextFrom = .max }
            let found = lint(source, options) { $0.packsFixCheckTextFrom = 0 }
            XCTAssertEqual(found, expected, "seed \(seed)\n\(text)")
            XCTAssertEqual(found.map(\.message), expected.map(\.message), "seed \(seed)")
            assertSameFixes(found, expected, "seed \(seed)", byHand: &byHand)
            XCTAssertEqual(found.map { $0.fix?.hitAreaChanges ?? [] }, expected.map { $0.fix?.hitAreaChanges ?? [] }, "seed \(seed)")
            fixes += expected.filter { $0.fix?.hasEdits == true }.count
        }
        XCTAssertGreaterThan(fixes, 300)
        XCTAssertGreaterThan(byHand, 10)
    }

    /// On two threads, a large file's fixes are checked from an origin
    /// made on the other thread while the findings' text is packed
    /// (`FixChecking.OriginMaking`): every finding comes out as a check
    /// that packs nothing gives it.
    func testFindingsPackedWhileTheOriginIsMadeComeOutAsBefore() {
        var text = "root:\n  frame: [0, 0, 2000, 2000]\n  children:\n"
        for index in 0..<3_000 {
            text += "  - {id: button\(index), type: button, frame: [\(index % 40 * 50), \(index / 40 * 25), 20, 20]}\n"
        }
        var options = LintOptions()
        options.fixChecking = .checked
        options.run.jobs = 2
        let source = SourceText(text)
        let expected = lint(source, options) { $0.packsFixCheckTextFrom = .max }
        let found = lint(source, options) { $0.packsFixCheckTextFrom = 0 }
        XCTAssertGreaterThanOrEqual(expected.count, 3_000)
        XCTAssertEqual(found, expected)
        XCTAssertEqual(found.map(\.message), expected.map(\.message))
        var byHand = 0
        assertSameFixes(found, expected, "3,000 buttons", byHand: &byHand)
    }

    /// Fix checking's lints on the built layout leave the names of the nodes
    /// they find problems on to the checker, which names a node from the
    /// layout when it first meets one (`RunSettings.namesNodes`): problems
    /// are counted by name, so every verdict must be what lints that name
    /// their findings give.
    func testCheckingLintsThatNameNoNodeGiveTheVerdictsOfLintsThatDo() {
        var fixes = 0
        var byHand = 0
        for seed in 0..<120 {
            let (text, options) = screen(seed: UInt64(2_000 + seed))
            let source = SourceText(text)
            let expected = lint(source, options) { $0.namesFixCheckNodes = true }
            let found = lint(source, options)
            assertSameFixes(found, expected, "seed \(seed)\n\(text)", byHand: &byHand)
            fixes += expected.filter { $0.fix != nil }.count
        }
        XCTAssertGreaterThan(fixes, 300)
        // Some fixes must fail their check, so the verdicts differ from fix to fix.
        XCTAssertGreaterThan(byHand, 10)
    }

    /// `source` (a screen's YAML) linted with `options`, by a linter `configure` sets up.
    private func lint(_ source: SourceText, _ options: LintOptions, _ configure: (inout Linter) -> Void = { _ in }) -> [Diagnostic] {
        var linter = Linter(options: options)
        configure(&linter)
        return linter.lint(source: source, format: .yaml, path: "screen.yaml").diagnostics
    }

    /// Every finding's fix described and edited alike; those left to do by
    /// hand counted into `byHand` (some must fail their check, or the
    /// verdicts would not differ from fix to fix).
    private func assertSameFixes(_ found: [Diagnostic], _ expected: [Diagnostic], _ message: String, byHand: inout Int) {
        XCTAssertEqual(found.map { $0.fix?.description }, expected.map { $0.fix?.description }, message)
        XCTAssertEqual(found.map { $0.fix?.edits ?? [] }, expected.map { $0.fix?.edits ?? [] }, message)
        byHand += expected.filter { $0.fix?.description.contains("to do by hand") == true }.count
    }

    /// The nodes one fix that gives `node` the insets reaches, by name.
    private func reached(_ yaml: String, node name: String, insets: EdgeInsets, options: LintOptions = LintOptions()) throws -> Set<String> {
        var options = options
        options.fixChecking = .checked
        var found: Set<String> = []
        let document = try SourceFormat.yaml.parse(SourceText(yaml))
        if let context = Linter(options: options).lint(document: document, path: "x.yaml", keepingContext: true).context {
            let node = (0..<context.layout.nodes.count).first { context.name($0) == name }!
            let nodes = FixReach(context).affectedNodes(of: [HitAreaChange(node: node, insets: insets)])
            found = Set(nodes.map { context.name(Int($0)) })
        }
        return found
    }

    func testASpacingCircleMovedByAFarChangeIsReached() throws {
        // Cutting 60 px off the left end of a 2,000 px link moves its centre, and
        // with it whether the small link 930 px away passes WCAG's spacing exception.
        let layout = """
        platform: web
        root:
          frame: [0, 0, 2100, 400]
          children:
            - {id: bar, type: link, frame: [0, 100, 2000, 10]}
            - {id: dot, type: link, frame: [992, 118, 16, 16]}
            - {id: e, type: button, frame: [0, 130, 60, 30]}
        """
        XCTAssertTrue(try reached(layout, node: "e", insets: EdgeInsets(top: -30, left: 0, bottom: 0, right: 0)).isSuperset(of: ["e", "bar", "dot"]))
    }

    func testADeadGapToANeighbourThatStopsAnsweringFarAwayIsReached() throws {
        // 'b' answers only at its far end; when 'e' takes that, 'b' is no longer
        // a neighbour, and the gap between 'a' and 'b' (1,946 pt away) is no finding.
        let layout = """
        root:
          frame: [0, 0, 2100, 100]
          children:
            - id: strip
              type: stack
              axis: horizontal
              spacing: 8
              frame: [0, 0, 2050, 44]
              children:
                - {id: a, type: button, size: [44, 44]}
                - {id: b, type: button, size: [1998, 44]}
            - {id: cover, frame: [52, 0, 1938, 44]}
            - {id: e, type: button, frame: [2010, 0, 40, 44]}
        """
        XCTAssertTrue(try reached(layout, node: "e", insets: EdgeInsets(top: 0, left: -20, bottom: 0, right: 0)).isSuperset(of: ["e", "b", "a"]))
    }

    func testATargetWhoseChildHangsFarOutIsReachedThere() throws {
        // On the web a child that does not clip answers for its target wherever it hangs.
        let layout = """
        platform: web
        root:
          frame: [0, 0, 1200, 200]
          children:
            - id: t
              type: button
              frame: [0, 0, 44, 44]
              children:
                - {id: span, frame: [1000, 0, 44, 44]}
            - {id: d, type: button, frame: [1000, 60, 44, 20]}
        """
        XCTAssertTrue(try reached(layout, node: "d", insets: EdgeInsets(top: -60, left: 0, bottom: 0, right: 0)).contains("t"))
    }

    /// Rows of three buttons (as in a feed's item): 'comment' and 'share'
    /// are too small and 9 pt apart, and target-size grows each into the
    /// space between them, so their grown gates overlap, and together their
    /// hit areas would. Told where the gates grow, checking keeps such fixes
    /// in different runs: the same verdicts in fewer lints.
    func testFixesGrowingIntoOneGapAreCheckedApart() {
        var text = "root:\n  frame: [0, 0, 390, 2000]\n  children:\n"
        for row in 0..<4 {
            text += "    - id: row\(row)\n      frame: [0, \(row * 150), 390, 72]\n      children:\n"
            for (name, x, side) in [("like", 200, 44), ("comment", 250, 32), ("share", 291, 32)] {
                text += "        - {id: \(name)\(row), type: button, frame: [\(x), 14, \(side), \(side)]}\n"
            }
        }
        let bytes = Array(text.utf8)
        var options = LintOptions()
        options.fixChecking = .unchecked
        let document = try! SourceFormat.yaml.parse(SourceText(bytes: bytes))
        let result = Linter(options: options).lint(document: document, path: "x", keepingContext: true)
        let context = result.context!
        let reach = FixReach(context)
        let grown = reach.grownGates(of: result.diagnostics)
        var overlapping = 0
        for index in result.diagnostics.indices {
            guard let fix = result.diagnostics[index].fix, !fix.edits.isEmpty else {
                XCTAssertTrue(grown.places(of: index).isEmpty)
                continue
            }
            let places = Array(grown.places(of: index))
            XCTAssertEqual(places.map { grown.nodes[$0] }, fix.hitAreaChanges.map(\.node))
            for (place, change) in zip(places, fix.hitAreaChanges) {
                let node = Int(change.node)
                XCTAssertEqual(grown.gates[place], context.layout.nodes[node].frame.inset(by: change.insets)
                    .intersection(context.geometry.hitAreaBound(node)))
                XCTAssertTrue(grown.gates[place].contains(context.geometry.gates[node]), "a fix grows its node's gate")
            }
            if result.diagnostics[index].rule == "target-size", result.diagnostics[index].node?.hasPrefix("comment") == true {
                let comment = grown.gates[places[0]]
                overlapping += result.diagnostics.indices.filter { other in
                    result.diagnostics[other].rule == "target-size" && result.diagnostics[other].node != result.diagnostics[index].node
                        && grown.places(of: other).contains { !grown.gates[$0].intersection(comment).isEmpty }
                }.count
            }
        }
        XCTAssertEqual(overlapping, 4, "in each row, the grown gates of 'comment' and 'share' overlap")
        let affected = reach.affectedNodes(of: result.diagnostics)
        options.run.describesDiagnostics = false
        var verdicts: [[Bool?]] = []
        var lints: [Int] = []
        for told in [false, true] {
            var count = 0
            var checked = result.diagnostics
            FixChecking.verify(&checked, of: SourceBytes(bytes), affected: affected, grown: told ? grown : nil) { patched in
                count += 1
                return Linter(options: options).lint(source: SourceText(bytes: patched), format: .yaml, path: "x").diagnostics
            }
            verdicts.append(checked.map { $0.fix.map { !$0.edits.isEmpty } })
            lints.append(count)
        }
        XCTAssertEqual(verdicts[1], verdicts[0])
        // Not told: all, the others, the suspects. Told: two runs that pass.
        // Not told, the first lint's runs fail and are cut: one lint more.
        XCTAssertEqual(lints, [4, 3])
    }

    func testFarApartFixesAreCheckedWithOneLint() {
        // Ten rows of small buttons far apart: one lint checks them all.
        var text = "root:\n  frame: [0, 0, 390, 2000]\n  children:\n"
        for row in 0..<10 {
            text += "    - {id: small\(row), type: button, frame: [20, \(row * 150), 30, 30]}\n"
        }
        var lints = 0
        let bytes = Array(text.utf8)
        var options = LintOptions()
        options.fixChecking = .checked
        let first = Linter(options: options).lint(source: SourceText(bytes: bytes), format: .yaml, path: "x")
        XCTAssertEqual(first.diagnostics.filter { !($0.fix?.edits.isEmpty ?? true) }.count, 10)
        // The same check, counted: the lint that made the fixes gives their reach.
        let document = try! SourceFormat.yaml.parse(SourceText(bytes: bytes))
        var reach: FixReach?
        var diagnostics: [Diagnostic] = []
        options.fixChecking = .unchecked
        let result = Linter(options: options).lint(document: document, path: "x", keepingContext: true)
        diagnostics = result.diagnostics
        reach = result.context.map { FixReach($0) }
        let affected = reach!.affectedNodes(of: diagnostics)
        options.run.describesDiagnostics = false
        var checked = diagnostics
        FixChecking.verify(&checked, of: SourceBytes(bytes), affected: affected) { patched in
            lints += 1
            return Linter(options: options).lint(source: SourceText(bytes: patched), format: .yaml, path: "x").diagnostics
        }
        XCTAssertEqual(lints, 1)
        XCTAssertEqual(checked.filter { !($0.fix?.edits.isEmpty ?? true) }.count, 10)
    }

    /// The reaches of a file's fixes, worked out together (a footprint's
    /// neighbours kept once searched around twice, `FixReach.affectedNodes(of:jobs:)`),
    /// are each fix's reach worked out alone, on random screens and on cards
    /// nested several deep, whose fixes share the footprints of their ancestors.
    func testReachesWorkedOutTogetherAreEachFixsAlone() throws {
        var screens = (0..<24).map { screen(seed: UInt64($0)) }
        var nested = "root:\n  frame: [0, 0, 800, 1600]\n  children:\n"
        for card in 0..<6 {
            var indent = "    "
            nested += "\(indent)- id: card\(card)\n\(indent)  type: button\n\(indent)  frame: [\(card % 2 * 400), \(card / 2 * 500), 390, 480]\n"
            for level in 0..<4 {
                nested += "\(indent)  children:\n"
                for button in 0..<3 {
                    nested += "\(indent)    - {id: c\(card)l\(level)b\(button), type: button, frame: [\(button * 36 + 2), 2, 30, 30]}\n"
                }
                nested += "\(indent)    - id: c\(card)l\(level)\n\(indent)      type: button\n\(indent)      frame: [4, 40, \(380 - level * 20), \(420 - level * 60)]\n"
                indent += "    "
            }
        }
        var options = LintOptions()
        options.run.jobs = 1
        screens.append((nested, options))
        var compared = 0
        for (text, options) in screens {
            var options = options
            options.fixChecking = .unchecked
            let document = try SourceFormat.yaml.parse(SourceText(text))
            let result = Linter(options: options).lint(document: document, path: "x", keepingContext: true)
            let reach = try XCTUnwrap(result.context.map { FixReach($0) })
            let together = reach.affectedNodes(of: result.diagnostics, jobs: 1)
            for (index, diagnostic) in result.diagnostics.enumerated() {
                guard let fix = diagnostic.fix, !fix.edits.isEmpty, !fix.hitAreaChanges.isEmpty else {
                    XCTAssertNil(together[index])
                    continue
                }
                XCTAssertEqual(together[index].map(Array.init), reach.affectedNodes(of: fix.hitAreaChanges), "\(diagnostic.rule) \(diagnostic.node ?? "")")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// A fix among piled targets lists thousands of neighbours around each
    /// target it changes: past `FixReach.neighboursListedPerFix` its reach is
    /// given up (nil: checked against the whole file). Which fixes give up is
    /// the same on any number of threads and for a fix alone, whatever was
    /// kept of the searches before it, and a reach not given up is the
    /// reach in full.
    func testAFixAmongPiledTargetsGivesUpItsReachTheSameOnAnyThreads() throws {
        var text = "root:\n  frame: [0, 0, 400, 800]\n  children:\n"
        for index in 0..<2_200 {
            // Denser towards the top left: some fixes list few neighbours, some many.
            let (x, y) = (index * 7 % (60 + index / 8), index * 13 % (90 + index / 3))
            text += "  - {id: b\(index), type: button, frame: [\(x), \(y), 20, 20]}\n"
        }
        var options = LintOptions()
        options.fixChecking = .unchecked
        let document = try SourceFormat.yaml.parse(SourceText(text))
        let result = Linter(options: options).lint(document: document, path: "pile.yaml", keepingContext: true)
        XCTAssertGreaterThan(result.diagnostics.count, 2 * 1_024)
        let reach = try XCTUnwrap(result.context.map { FixReach($0) })
        let full = reach.affectedNodes(of: result.diagnostics, jobs: 1, listing: .max)
        let limit = 600
        let together = reach.affectedNodes(of: result.diagnostics, jobs: 1, listing: limit)
        let twice = reach.affectedNodes(of: result.diagnostics, jobs: 2, listing: limit)
        var (givenUp, kept) = (0, 0)
        for index in result.diagnostics.indices {
            XCTAssertEqual(together[index].map(Array.init), twice[index].map(Array.init), "\(index)")
            // A fix on its own uses no search kept from another's.
            let alone = reach.affectedNodes(of: [result.diagnostics[index]], jobs: 1, listing: limit)
            XCTAssertEqual(together[index].map(Array.init), alone[0].map(Array.init), "\(index) alone")
            guard let whole = full[index] else {
                XCTAssertNil(together[index])
                continue
            }
            if let list = together[index] {
                XCTAssertEqual(Array(list), Array(whole))
                kept += 1
            } else {
                givenUp += 1
            }
        }
        XCTAssertGreaterThan(givenUp, 10)
        XCTAssertGreaterThan(kept, 10)
        // Fix checking works the reaches and the grown gates out together
        // (`FixReach.reaches`), on both threads: the same as each apart.
        let both = reach.reaches(of: result.diagnostics, jobs: 2)
        let apart = reach.affectedNodes(of: result.diagnostics, jobs: 1)
        let grown = reach.grownGates(of: result.diagnostics)
        XCTAssertEqual(both.grown.nodes.count, grown.nodes.count)
        // Gates given by fixes of either thread's half.
        let half = result.diagnostics.count / 2
        XCTAssertTrue(result.diagnostics.indices.contains { $0 < half && !grown.places(of: $0).isEmpty })
        XCTAssertTrue(result.diagnostics.indices.contains { $0 >= half && !grown.places(of: $0).isEmpty })
        for index in result.diagnostics.indices {
            XCTAssertEqual(both.affected[index].map(Array.init), apart[index].map(Array.init), "\(index)")
            XCTAssertEqual(both.grown.places(of: index).map { both.grown.nodes[$0] }, grown.places(of: index).map { grown.nodes[$0] })
            XCTAssertEqual(both.grown.places(of: index).map { both.grown.gates[$0] }, grown.places(of: index).map { grown.gates[$0] })
        }
    }

    /// Fix checking holds every fix's reach in one list (`FixReach.NodeLists`):
    /// each list reads back as it was given, sorted or not, near or far
    /// apart, with the lists of parts joined in order.
    func testNodeListsReadBackAsGiven() {
        var random = SeededRandom(seed: 36)
        var lists: [[Int32]?] = []
        for trial in 0..<600 {
            guard trial % 7 != 3 else { lists.append(nil); continue }
            let count = Int(random.next() % 40)
            let spread: UInt64 = [2, 200, 70_000, UInt64(Int32.max)][trial % 4]
            var list = (0..<count).map { _ in Int32(truncatingIfNeeded: random.next() % spread) }
            if trial % 3 != 0 { list.sort() }
            lists.append(list)
        }
        lists += [[Int32.max, 0, Int32.max], [], [0]]
        let whole = FixReach.NodeLists(lists)
        XCTAssertEqual(whole.count, lists.count)
        XCTAssertEqual(whole.largestNode, Int32.max)
        let joined = FixReach.NodeLists(joining: [FixReach.NodeLists(Array(lists[..<250])), FixReach.NodeLists(),
                                                  FixReach.NodeLists(Array(lists[250...]))])
        XCTAssertEqual(joined.count, lists.count)
        for (index, list) in lists.enumerated() {
            XCTAssertEqual(whole[index].map(Array.init), list, "list \(index)")
            XCTAssertEqual(joined[index].map(Array.init), list, "joined, list \(index)")
        }
        XCTAssertEqual(FixReach.NodeLists([nil, [5]]).largestNode, 5)
        XCTAssertEqual(FixReach.NodeLists([nil]).largestNode, -1)
    }
}
