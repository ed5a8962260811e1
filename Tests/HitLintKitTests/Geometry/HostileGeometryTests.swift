import XCTest
@testable import HitLintKit

/// Hostile geometry (issue 33, SPEC §5 and §10): regions cost what their
/// pieces need, piles of identical views cost each view one look, and a
/// file past the regions' budget is checked approximately and says so.
/// Counts, never times: the benchmark (`hitlint-bench --only geometry`)
/// measures those.
final class HostileGeometryTests: XCTestCase {
    /// `count` buttons of `side` pt on a uikit screen, the i-th at (i·dx, i·dy).
    private func buttons(_ count: Int, dx: Double, dy: Double, side: Double = 300) throws -> Layout {
        var text = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 2000, 2000], \"children\": ["
        for index in 0..<count {
            let x = Double(index) * dx, y = dy < 0 ? Double(count - 1 - index) * -dy : Double(index) * dy
            text += (index == 0 ? "" : ",") + "{\"id\": \"b\(index)\", \"type\": \"button\", \"frame\": [\(x), \(y), \(side), \(side)]}"
        }
        text += "]}}"
        return LayoutBuilder.build(try JSONParser.parse(SourceText(text))).layout
    }

    private func pieceCounts(_ regions: [TargetRegion]) -> (reachable: Int, lost: Int) {
        var (reachable, lost) = (0, 0)
        for region in regions {
            reachable += region.reachable.pieces.count
            for loss in region.losses { lost += loss.pieces.count }
        }
        return (reachable, lost)
    }

    func testAStaircaseOfLargeButtonsHoldsAFewPiecesPerTarget() throws {
        // Each button a point down and right of the last: every later one
        // cuts an L from every earlier one, which as cut pieces would be one
        // more sliver at each of the 299 steps over it, and the slivers' pieces
        // that each later button takes more again.
        let layout = try buttons(400, dx: 1, dy: 1)
        let geometry = Geometry(layout: layout)
        let regions = geometry.targetRegions()
        let counts = pieceCounts(regions)
        XCTAssertLessThanOrEqual(counts.reachable, 2 * regions.count, "reachable pieces")
        XCTAssertLessThanOrEqual(counts.lost, 64 * regions.count, "pieces kept with the losses")
        for region in regions {
            XCTAssertFalse(region.isApproximate, "b\(region.target - 1)")
            XCTAssertFalse(region.isCutShort)
        }
        // What is left of each is the L one point wide, as hit-testing says.
        for (position, region) in regions.enumerated().dropLast() {
            let x = Double(position)
            XCTAssertEqual(Set(region.reachable.pieces), [Rect(x: x, y: x, width: 300, height: 1), Rect(x: x, y: x, width: 1, height: 300)],
                           "b\(position)")
            XCTAssertEqual(region.reachableArea, 599, accuracy: 1e-6, "b\(position)")
            XCTAssertEqual(region.losses.count, min(299, regions.count - 1 - position), "b\(position)")
            XCTAssertEqual(geometry.hitTest(x: x + 0.5, y: x + 150).target, region.target)
            XCTAssertEqual(geometry.hitTest(x: x + 1.5, y: x + 150).target, region.target + 1)
        }
    }

    /// Where each loss lies (`Loss.pieces`) is kept only for a picture: a
    /// lint that keeps no context for one works its regions out without
    /// them, and they are the same regions otherwise. (On a pile of buttons
    /// over each target, the pieces were most of the lint's memory.)
    func testLossesKeepWhereTheyLieOnlyForAPicture() throws {
        var text = "root:\n  frame: [0, 0, 400, 800]\n  children:\n"
        for index in 0..<120 {
            text += "    - {id: b\(index), type: button, frame: [\(index * 7 % 90), \(index * 13 % 150), 30, 30], hitInsets: [-2, -2, -2, -2]}\n"
        }
        text += "    - {id: veil, type: view, frame: [100, 100, 80, 300]}\n"
        let layout = LayoutBuilder.build(try YAMLParser.parse(SourceText(text))).layout
        let geometry = Geometry(layout: layout)
        let drawn = geometry.targetRegions(jobs: 1, keepingLostPieces: true)
        let plain = geometry.targetRegions(jobs: 2, keepingLostPieces: false)
        XCTAssertEqual(plain.count, drawn.count)
        var (losses, occluders) = (0, 0)
        for (region, other) in zip(plain, drawn) {
            XCTAssertEqual(region.target, other.target)
            XCTAssertEqual(region.reachableArea, other.reachableArea)
            XCTAssertEqual(region.reachable.pieces, other.reachable.pieces)
            XCTAssertEqual(region.losses.map(\.taker), other.losses.map(\.taker))
            XCTAssertEqual(region.losses.map(\.answeringNode), other.losses.map(\.answeringNode))
            XCTAssertEqual(region.losses.map(\.area), other.losses.map(\.area))
            XCTAssertEqual(region.losses.map(\.visibleArea), other.losses.map(\.visibleArea))
            XCTAssertTrue(region.losses.allSatisfy(\.pieces.isEmpty))
            // What a picture draws of a loss covers its area: the largest
            // few of each kind it draws keep their pieces.
            var (beside, occluding) = (0, 0)
            for loss in other.losses {
                losses += 1
                guard loss.visibleArea > Tolerance.area else { continue }
                switch loss.taker {
                case .target(let winner):
                    guard !layout.isAncestor(other.target, of: winner) else { continue }
                    beside += 1
                    if beside > LayoutPicture.takersDrawn { continue }
                case .occluder:
                    occluders += 1
                    occluding += 1
                    if occluding > LayoutPicture.takersDrawn { continue }
                }
                XCTAssertEqual(loss.pieces.reduce(0) { $0 + $1.area }, loss.area, accuracy: 1e-6)
            }
            XCTAssertLessThanOrEqual(other.losses.filter { !$0.pieces.isEmpty }.count, 3 * Geometry.lossesWithPieces)
        }
        XCTAssertLessThanOrEqual(LayoutPicture.takersDrawn, Geometry.lossesWithPieces)
        // Some regions lose to more than that, and keep fewer.
        XCTAssertTrue(drawn.contains { $0.losses.contains(where: \.pieces.isEmpty) })
        XCTAssertGreaterThan(losses, 100)
        XCTAssertGreaterThan(occluders, 0)

        // A lint keeps them only when it keeps its context for a picture;
        // fix checking keeps the context too, but draws nothing.
        for keeping in [true, false] {
            var options = LintOptions()
            options.fixChecking = .checked
            let outcome = Linter(options: options).lintLayout(layout, [], kind: .hitlint, keepingContext: keeping)
            XCTAssertFalse(outcome.diagnostics.isEmpty)
            let regions = try XCTUnwrap(outcome.context?.regions)
            XCTAssertEqual(regions.contains { $0.losses.contains { !$0.pieces.isEmpty } }, keeping)
        }
    }

    /// Dead-gap looks along the siblings whose near edges lie within a gap
    /// of a target's; past `DeadGapRule.siblingsConsideredBesideATarget` of
    /// them it gives that side up, so a pile of targets costs what its size
    /// does, not its square. Below that the gap between two buttons beside
    /// the pile is found.
    func testDeadGapGivesUpASideWithThousandsOfSiblingsBesideIt() throws {
        func lint(rows: Int) throws -> [Diagnostic] {
            var text = "root:\n  frame: [0, 0, 400, 800]\n  children:\n"
            text += "    - {id: a, type: button, frame: [0, 0, 30, 30]}\n    - {id: b, type: button, frame: [36, 0, 3, 30]}\n"
            // Beside 'b', each reachable: a sibling whose near edge
            // lies within a gap of the right edge of 'a', farther than 'b'.
            for row in 0..<rows {
                for column in 0..<24 {
                    text += "    - {id: p\(row)x\(column), type: button, frame: [\(40 + Double(column) / 2), \(Double(row) * 0.3), 0.2, 0.2]}\n"
                }
            }
            return try TestSupport.lint(text).diagnostics
        }
        func gapFound(_ diagnostics: [Diagnostic]) -> Bool {
            diagnostics.contains { $0.rule == DeadGapRule.id && $0.node == "a" && $0.message.contains("'b'") }
        }
        // As the rule's description says.
        XCTAssertEqual(DeadGapRule.siblingsConsideredBesideATarget, 2_048)
        XCTAssertTrue(DeadGapRule.description.rationale.contains("more than 2,048 siblings beside it"))
        XCTAssertTrue(gapFound(try lint(rows: 80)))
        XCTAssertFalse(gapFound(try lint(rows: 100)))
    }

    /// A loss keeps its taker and the node that answers in 32 bits each, the
    /// taker's kind in the sign: each reads back as given.
    func testALossReadsBackItsTakerAndTheNodeThatAnswers() {
        for taker in [Taker.target(0), .occluder(0), .target(1), .occluder(1), .target(Int(Int32.max)), .occluder(Int(Int32.max)),
                      .target(123_456), .occluder(654_321)] {
            var loss = Loss(taker: taker, answeringNode: taker.node, area: 2, visibleArea: 1)
            XCTAssertEqual(loss.taker, taker)
            XCTAssertEqual(loss.answeringNode, taker.node)
            loss.taker = .occluder(7)
            loss.answeringNode = 9
            XCTAssertEqual(loss.taker, .occluder(7))
            XCTAssertEqual(loss.answeringNode, 9)
            XCTAssertEqual(loss.area, 2)
            XCTAssertEqual(loss.visibleArea, 1)
        }
        XCTAssertEqual(MemoryLayout<Loss>.stride, 32)
    }

    func testStaircasesByAThousandthOfAPointClimbingOrNotStayExact() throws {
        for (dx, dy) in [(0.001, 0.001), (0.001, -0.001), (0.001, 0.0)] {
            let regions = Geometry(layout: try buttons(300, dx: dx, dy: dy)).targetRegions()
            let counts = pieceCounts(regions)
            XCTAssertLessThanOrEqual(counts.reachable, 2 * regions.count, "(\(dx), \(dy))")
            XCTAssertLessThanOrEqual(counts.lost, 64 * regions.count, "(\(dx), \(dy))")
            XCTAssertFalse(regions.contains { $0.isApproximate }, "(\(dx), \(dy))")
            // Every later button takes a sliver of each earlier one.
            XCTAssertEqual(regions[0].losses.count, regions.count - 1, "(\(dx), \(dy))")
        }
    }

    func testAPileOfIdenticalButtonsLooksAtTheFrontmostOnly() throws {
        // 20,000 buttons on one spot: a walk over each one's views in front
        // would read every button before it, 2·10⁸ in all, far past what a
        // file may read: were the walks not front to back, stopping once a
        // region is taken, every button would be cut short.
        let count = 20_000
        let layout = try buttons(count, dx: 0, dy: 0, side: 100)
        let geometry = Geometry(layout: layout)
        XCTAssertLessThan(geometry.regionBudget().readCap, count, "the budget caps the walks")
        let regions = geometry.targetRegions()
        for region in regions.dropLast() {
            XCTAssertFalse(region.isCutShort, "b\(region.target - 1)")
            XCTAssertEqual(region.reachableArea, 0)
            XCTAssertEqual(region.losses.map(\.taker), [.target(count)])
        }
        XCTAssertEqual(regions.last?.reachableArea, 10_000)
    }

    /// A staircase of `count` buttons by a thousandth of a point: every pair
    /// overlaps, and each later button takes a sliver of each earlier one.
    private func thinStaircase(_ count: Int) -> String {
        var text = "root:\n  frame: [0, 0, 400, 400]\n  children:\n"
        for index in 0..<count {
            text += "    - {id: b\(index), type: button, frame: [\(Double(index) / 1_000), 0, 300, 300]}\n"
        }
        return text
    }

    /// Small enough for a test's staircase of 1,100 buttons (600,000 losses)
    /// to pass them, as a staircase of tens of thousands passes the real ones.
    private let smallLimits = RegionLimits(reads: 1 << 30, losses: 100_000)

    func testAFilePastItsBudgetIsCheckedApproximatelyAndSaysSo() throws {
        let count = 1_100
        let text = thinStaircase(count)
        let layout = LayoutBuilder.build(try YAMLParser.parse(SourceText(text))).layout
        let geometry = Geometry(layout: layout)
        XCTAssertTrue(geometry.regionBudget(limits: smallLimits).countsLosses)
        let regions = geometry.targetRegions(jobs: 1, limits: smallLimits)
        let cut = regions.filter(\.isCutShort)
        XCTAssertFalse(cut.isEmpty)
        // The front ones have few views in front and are exact.
        XCTAssertFalse(regions.suffix(8).contains { $0.isCutShort })
        XCTAssertTrue(cut.allSatisfy(\.isApproximate))
        XCTAssertLessThanOrEqual(regions.reduce(0) { $0 + $1.losses.count }, smallLimits.losses + Geometry.minimumAllowance * count)
        // Cut short, a region is larger than it is and loses less: never a
        // finding the full walk would not make.
        for region in cut {
            XCTAssertGreaterThan(region.reachableArea, 300 * 0.001 + 1e-9)
            XCTAssertLessThan(region.losses.count, count - region.target)
        }
        // The same on two threads.
        let twice = geometry.targetRegions(jobs: 2, limits: smallLimits)
        XCTAssertEqual(twice.map(\.isCutShort), regions.map(\.isCutShort))
        XCTAssertEqual(twice.map(\.reachableArea), regions.map(\.reachableArea))

        // The lint says so once, and the findings on the targets cut short say they are approximate.
        let context = RuleContext(layout: layout, geometry: geometry, options: LintOptions(), regions: regions)
        let note = try XCTUnwrap(Linter.regionBudgetDiagnostic(context))
        XCTAssertEqual(note.rule, RuleID.invalidLayout)
        XCTAssertEqual(note.severity, .error)
        XCTAssertEqual(note.node, "b\(cut[0].target - 1)")
        XCTAssertTrue(note.message.hasPrefix("too many views over one another to check every target exactly: \(cut.count) of \(count) targets"),
                      note.message)
        let cutNames = Set(cut.map { "b\($0.target - 1)" })
        var options = LintOptions()
        options.run.writesFixes = true
        let sizes = Linter.runRules(context, options: options).filter { $0.rule == TargetSizeRule.id && cutNames.contains($0.node ?? "") }
        XCTAssertEqual(sizes.count, cut.count)
        XCTAssertTrue(sizes.allSatisfy { $0.message.contains("(approximate: many overlapping views)") })
        // No fix is planned among a pile of views whose regions were cut short.
        XCTAssertTrue(sizes.allSatisfy { $0.fix?.description.hasPrefix("too many views over") == true && $0.fix?.edits.isEmpty == true })
        // Within the real budget (a million losses; this keeps 600,000): exact, and nothing to say.
        let exact = RuleContext(layout: layout, geometry: geometry, options: LintOptions())
        XCTAssertFalse(exact.regions.contains { $0.isApproximate })
        XCTAssertNil(Linter.regionBudgetDiagnostic(exact))
    }

    func testPastTheBudgetUpdatedRegionsAreTheRegionsWorkedOutAfresh() throws {
        // Losses are counted in pre-order: a change to one target's losses
        // moves what every later chunk may keep.
        let layout = LayoutBuilder.build(try YAMLParser.parse(SourceText(thinStaircase(1_100)))).layout
        let geometry = Geometry(layout: layout)
        let regions = geometry.targetRegions(jobs: 1, limits: smallLimits)
        let footprints = TargetFootprints(geometry)
        for (node, insets) in [(1, EdgeInsets(all: 150)), (600, EdgeInsets(top: 0, left: 0, bottom: 0, right: 280)),
                               (1_100, EdgeInsets(all: 10))] {
            var changed = layout
            var value = changed.nodes[node]
            changed.setExtras(of: &value, hitInsets: insets)
            changed.nodes[node] = value
            let fresh = Geometry(layout: changed)
            let expected = fresh.targetRegions(jobs: 1, limits: smallLimits)
            for jobs in [1, 2] {
                var updated = regions
                let replaced = fresh.updateRegions(&updated, since: geometry, footprints: footprints, jobs: jobs, limits: smallLimits)
                XCTAssertEqual(updated.count, expected.count)
                for (lhs, rhs) in zip(updated, expected) {
                    XCTAssertEqual(lhs.isCutShort, rhs.isCutShort, "node \(node): b\(lhs.target - 1)")
                    XCTAssertEqual(lhs.reachableArea, rhs.reachableArea, "node \(node): b\(lhs.target - 1)")
                    XCTAssertEqual(lhs.losses.map(\.taker), rhs.losses.map(\.taker), "node \(node): b\(lhs.target - 1)")
                    XCTAssertEqual(lhs.reachable.pieces, rhs.reachable.pieces, "node \(node): b\(lhs.target - 1)")
                }
                // What the update replaced puts the regions as they were back.
                XCTAssertNil(replaced.restore(&updated))
                XCTAssertEqual(updated.map(\.reachableArea), regions.map(\.reachableArea), "node \(node)")
                XCTAssertEqual(updated.map(\.losses.count), regions.map(\.losses.count), "node \(node)")
                XCTAssertEqual(updated.map(\.isCutShort), regions.map(\.isCutShort), "node \(node)")
            }
        }
    }

    func testPastTheBudgetOpaqueViewsAreWalkedAgainOnlyWhereCutShort() throws {
        // Buttons side by side, a staircase of opaque views over their lower
        // halves: each button's walk over the opaque views in front of it
        // reads dozens, past a budget of a few thousand reads.
        var text = "{\"root\": {\"frame\": [0, 0, 800, 800], \"children\": ["
        text += (0..<200).map { "{\"id\": \"b\($0)\", \"type\": \"button\", \"frame\": [\(2 * $0), 0, 100, 100]}" }.joined(separator: ",")
        text += "," + (0..<200).map { "{\"id\": \"o\($0)\", \"opaque\": true, \"frame\": [\($0), 50, 100, 100]}" }.joined(separator: ",")
        text += "]}}"
        let layout = LayoutBuilder.build(try JSONParser.parse(SourceText(text))).layout
        let limits = RegionLimits(reads: 4_000, losses: 1 << 20)
        let geometry = Geometry(layout: layout)
        let regions = geometry.targetRegions(jobs: 1, limits: limits)
        XCTAssertTrue(regions.contains { $0.isCutShort })
        XCTAssertTrue(regions.filter(\.isCutShort).allSatisfy(\.isApproximate))
        XCTAssertFalse(regions.contains { $0.isHiddenByOpaqueViews }, "the upper halves show")
        XCTAssertEqual(geometry.targetRegions(jobs: 2, limits: limits).map(\.isCutShort), regions.map(\.isCutShort))
        let footprints = TargetFootprints(geometry)
        for (node, insets) in [(1, EdgeInsets(all: -4)), (100, EdgeInsets(all: 40)), (200, EdgeInsets(top: 0, left: 0, bottom: 60, right: 0))] {
            var changed = layout
            var value = changed.nodes[node]
            changed.setExtras(of: &value, hitInsets: insets)
            changed.nodes[node] = value
            let fresh = Geometry(layout: changed)
            let expected = fresh.targetRegions(jobs: 1, limits: limits)
            var updated = regions
            _ = fresh.updateRegions(&updated, since: geometry, footprints: footprints, jobs: 1, limits: limits)
            for (lhs, rhs) in zip(updated, expected) {
                XCTAssertEqual(lhs.isCutShort, rhs.isCutShort, "node \(node): b\(lhs.target - 1)")
                XCTAssertEqual(lhs.isHiddenByOpaqueViews, rhs.isHiddenByOpaqueViews, "node \(node): b\(lhs.target - 1)")
                XCTAssertEqual(lhs.reachableArea, rhs.reachableArea, "node \(node): b\(lhs.target - 1)")
                XCTAssertEqual(lhs.losses.map(\.taker), rhs.losses.map(\.taker), "node \(node): b\(lhs.target - 1)")
            }
        }
    }

    func testOrdinaryLayoutsStayWithinTheBudgetWithoutALookAtEachTarget() throws {
        // A settings screen's worth of rows, and a grid where each button
        // overlaps its eight neighbours: no cap, so regions are exact.
        let grid = try LayoutBuilder.build(JSONParser.parse(SourceText(
            "{\"root\": {\"frame\": [0, 0, 4000, 4000], \"children\": ["
                + (0..<(60 * 60)).map { "{\"type\": \"button\", \"frame\": [\($0 % 60 * 40), \($0 / 60 * 40), 60, 60]}" }.joined(separator: ",")
                + "]}}"))).layout
        let geometry = Geometry(layout: grid)
        XCTAssertTrue(geometry.regionBudget().isUnbounded)
        let regions = geometry.targetRegions()
        XCTAssertFalse(regions.contains { $0.isApproximate || $0.isCutShort })
    }
}
