import XCTest
@testable import HitLintKit

/// Fix checking gives a fix's hit insets to the built layout instead of
/// parsing the edited file (`Linter.CheckedLayout`). These tests hold it
/// to the edited file: for every fix, and for all the fixes that apply
/// together, both must find the same problems on the same nodes, in every
/// unit (pt, px at a scale, mm), every way of writing insets (a number, a
/// list, a mapping with sides missing, Android's `hitSlop`), JSON and YAML.
final class BuiltLayoutCheckTests: XCTestCase {
    private func screen(seed: UInt64) -> (text: String, format: SourceFormat) {
        var random = SeededRandom(seed: seed)
        let platform = ["uikit", "android", "web"][Int(seed % 3)]
        let units = ["pt", "px", "mm"][Int(seed / 3 % 3)]
        // Lengths in the file's units: a pt screen is 800 wide, a px one at scale 3 is 2400, a mm one 140.
        let unit: Double = units == "px" ? 3 : units == "mm" ? 0.175 : 1
        func length(_ points: Int) -> String { formatLength(Double(points) * unit) }
        func insets(_ points: Int) -> String {
            switch random.int(0...3) {
            case 0: return "-\(length(points))"
            case 1: return "[-\(length(points)), 0, -\(length(points / 2)), \(random.chance(0.5) ? "-0.001" : "0")]"
            case 2: return "{top: -\(length(points)), right: -\(length(points / 2))}"
            default: return "[-\(length(points)), -\(length(points)), -\(length(points)), -\(length(points))]"
            }
        }
        var out = "platform: \(platform)\nunits: \(units)\n" + (units == "px" ? "scale: 3\n" : "")
        out += "root:\n  frame: [0, 0, \(length(800)), \(length(1600))]\n  children:\n"
        var y = 10
        var counter = 0
        for row in 0..<random.int(3...8) {
            let height = random.pick([20, 30, 40, 44, 48])
            let spacing = random.pick([0, 2, 4, 8, 12, 20])
            var children: [String] = []
            var x = 0
            for _ in 0..<random.int(2...5) {
                counter += 1
                let width = random.pick([16, 20, 30, 44, 60, 120])
                var fields = "id: b\(counter), type: button, frame: [\(length(x)), \(length(random.int(0...4))), \(length(width)), \(length(height))]"
                if random.chance(0.4) {
                    let key = platform == "android" && random.chance(0.5) ? "hitSlop" : "hitInsets"
                    let value = insets(random.pick([2, 5, 10, 20]))
                    fields += ", \(key): " + (key == "hitSlop" ? value.replacingOccurrences(of: "-", with: "") : value)
                }
                children.append("{\(fields)}")
                x += width + spacing
            }
            out += "    - id: row\(row)\n      frame: [\(length(random.int(0...200))), \(length(y)), \(length(max(x - spacing, 1))), \(length(height + 4))]\n"
            if random.chance(0.2) { out += "      hitInsets: \(insets(random.pick([4, 10])))\n" }
            out += "      children:\n" + children.map { "        - \($0)\n" }.joined()
            y += height + random.pick([2, 6, 10, 24, 40])
        }
        guard seed % 2 == 1 else { return (out, .yaml) }
        // The same screen as JSON, through the parsers' own conversion.
        let document = try! SourceFormat.yaml.parse(SourceText(out))
        return (String(decoding: document.jsonBytes(), as: UTF8.self), .json)
    }

    func testBuiltLayoutWithTheFixesInsetsFindsWhatTheEditedFileDoes() throws {
        var options = LintOptions()
        options.run.jobs = 1
        var checker = Linter(options: options)
        checker.options.run.describesDiagnostics = false
        var compared = 0
        var readBack = 0
        for seed in 0..<90 {
            let (text, format) = screen(seed: UInt64(seed))
            let source = SourceText(text)
            let (layout, layoutDiagnostics) = LayoutBuilder.build(try format.parse(source))
            guard !layoutDiagnostics.contains(where: { $0.rule == RuleID.invalidLayout }) else {
                XCTFail("seed \(seed): the screen does not read: \(layoutDiagnostics.map(\.message))")
                continue
            }
            let built = Linter.BuiltLayout(layout: layout, diagnostics: layoutDiagnostics)
            let original = Linter(options: options).lint(source: source, format: format, path: "s").diagnostics
            let fixes = original.filter { !($0.fix?.edits.isEmpty ?? true) && !($0.fix?.hitAreaChanges.isEmpty ?? true) }
            // What fix checking lints on: a slot for the insets of every node a fix changes.
            let slotted = built.withExtrasSlots(for: original)
            for change in fixes.flatMap({ $0.fix!.hitAreaChanges }) where change.readBack != nil {
                XCTAssertGreaterThanOrEqual(slotted.layout.nodes[Int(change.node)].extrasIndex, 0, "seed \(seed)")
            }
            // Its geometry reads the slotted layout's node table, so that the
            // layout as built, held by nothing else, can be let go of.
            func table(_ layout: Layout) -> UnsafePointer<LayoutNode>? { layout.nodes.withUnsafeBufferPointer(\.baseAddress) }
            XCTAssertEqual(table(slotted.geometry.layout), table(slotted.layout), "seed \(seed)")
            if slotted.layout.extras.count > layout.extras.count {
                XCTAssertNotEqual(table(slotted.geometry.layout), table(layout), "seed \(seed): slots added, the table is a copy")
            }
            XCTAssertEqual(slotted.geometry.gates, built.geometry.gates, "seed \(seed)")
            for index in layout.nodes.indices {
                XCTAssertEqual(slotted.layout.hitInsets(of: index), layout.hitInsets(of: index), "seed \(seed), node \(index)")
                XCTAssertEqual(slotted.layout.alpha(of: index), layout.alpha(of: index))
                XCTAssertEqual(slotted.layout.cornerRadius(of: index), layout.cornerRadius(of: index))
            }
            let checked = Linter.CheckedLayout(slotted)
            // Each fix alone, then all that apply together.
            var trials = fixes.map { [$0] }
            trials.append(fixes)
            for trial in trials {
                let application = Fixer.apply(trial, to: Array(text.utf8))
                let applied = application.applied.map { trial[$0] }
                let changes = applied.map { $0.fix!.hitAreaChanges }
                guard !applied.isEmpty, changes.joined().allSatisfy({ $0.readBack != nil }) else { continue }
                readBack += 1
                let edited = checker.lint(source: SourceText(bytes: application.bytes), format: format, path: "s").diagnostics
                let onBuilt = checked.lint(with: checker, changing: applied.map { $0.fix! })
                XCTAssertEqual(Fixer.counts(onBuilt), Fixer.counts(edited),
                               "seed \(seed), fixes of \(applied.map { "\($0.rule) \($0.node ?? "")" })\n\(text)")
                compared += 1
            }
            // Each lint put back what it changed: the layout reads as built.
            XCTAssertEqual(checked.geometry.gates, built.geometry.gates, "seed \(seed)")
            let regions = checked.regionsAsBuilt()
            XCTAssertEqual(regions.map(\.reachableArea), built.regions.map(\.reachableArea), "seed \(seed)")
            XCTAssertEqual(regions.map { $0.losses.map(\.taker) }, built.regions.map { $0.losses.map(\.taker) }, "seed \(seed)")
            for index in layout.nodes.indices {
                XCTAssertEqual(checked.layout.hitInsets(of: index), layout.hitInsets(of: index), "seed \(seed), node \(index)")
            }
        }
        // Enough fixes to mean something, and almost all of them read back.
        XCTAssertGreaterThan(compared, 300)
        XCTAssertEqual(readBack, compared)
    }

    /// A checking lint changes the layout's tables in place and puts them
    /// back: the extras, node, gate and region tables it ends with are the
    /// ones it began with, not copies (each a table of the whole layout, at
    /// the run's peak, for every lint). (Enough targets that two changed
    /// gates do not have every region worked out afresh.)
    func testACheckingLintCopiesNoTable() throws {
        let text = """
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: close, type: button, frame: [20, 20, 30, 30]}
            - {id: save, type: button, frame: [100, 20, 30, 30], hitInsets: -2}
            - {id: title, type: label, frame: [20, 80, 200, 30]}
            - {id: one, type: button, frame: [20, 300, 60, 60]}
            - {id: two, type: button, frame: [20, 420, 60, 60]}
            - {id: three, type: button, frame: [20, 540, 60, 60]}
            - {id: four, type: button, frame: [20, 660, 60, 60]}
        """
        var options = LintOptions()
        options.run.jobs = 1
        options.run.writesFixes = true
        let source = SourceText(text)
        let original = Linter(options: options).lint(source: source, format: .yaml, path: "s").diagnostics
        let fixes = original.compactMap(\.fix).filter { !$0.hitAreaChanges.isEmpty }
        XCTAssertEqual(fixes.count, 2, "\(original.map(\.message))")
        let (layout, layoutDiagnostics) = LayoutBuilder.build(try SourceFormat.yaml.parse(source))
        // Nothing but the checked layout holds what it is made of.
        let checked = Linter.CheckedLayout(Linter.BuiltLayout(layout: layout, diagnostics: layoutDiagnostics).withExtrasSlots(for: original))
        func tables() -> [UnsafeRawPointer?] {
            [checked.geometry.layout.extras.withUnsafeBytes(\.baseAddress), checked.geometry.layout.nodes.withUnsafeBytes(\.baseAddress),
             checked.geometry.gates.withUnsafeBytes(\.baseAddress), checked.regionsAsBuilt().withUnsafeBytes(\.baseAddress)]
        }
        let tablesBefore = tables()
        var checker = Linter(options: options)
        checker.options.run.describesDiagnostics = false
        let found = checked.lint(with: checker, changing: fixes)
        // The fixes did something: both targets are big enough now.
        XCTAssertEqual(found.filter { $0.rule == TargetSizeRule.id }.count, 0)
        XCTAssertEqual(original.filter { $0.rule == TargetSizeRule.id }.count, 2)
        XCTAssertEqual(tables(), tablesBefore)
        XCTAssertEqual(checked.geometry.gates, Geometry(layout: layout).gates)
    }

    /// A written number that reads back as something else is no fix the
    /// built layout can check: it goes through the edited file.
    func testInsetsThatReadBackAsWrittenOnly() throws {
        let text = """
        root:
          frame: [0, 0, 390, 844]
          children:
            - {id: a, type: button, frame: [20, 20, 30, 30], hitInsets: [-1, 0, -2, 0.004]}
        """
        let layout = LayoutBuilder.build(try SourceFormat.yaml.parse(SourceText(text))).layout
        let editor = LayoutEditor(layout: layout)
        // The right side's 0.004 is written "0" either way: not rewritten, it keeps 0.004.
        let written = editor.setHitInsetsReadingBack(of: 1, to: EdgeInsets(top: -7, left: -7, bottom: -7, right: 0))
        XCTAssertEqual(written.readBack?.sides, 0b0111)
        XCTAssertEqual(written.readBack?.applied(to: layout.hitInsets(of: 1)), EdgeInsets(top: -7, left: -7, bottom: -7, right: 0.004))
        XCTAssertNil(editor.setHitInsetsReadingBack(of: 1, to: EdgeInsets(all: -.infinity)).readBack)
    }
}
