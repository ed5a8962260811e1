import XCTest
@testable import HitLintKit

/// Fix checking works out a changed layout's regions again only where its
/// changed gates reach (`Geometry.updateRegions`), and its gates where its
/// changed insets reach (`Geometry.updateGates`), in place: held here to the
/// regions and gates worked out afresh, field by field, on random layouts of
/// every platform (web with rounded boxes, web content inside native layouts)
/// with random nodes given new hit insets, and to the originals once put back.
final class RegionUpdateTests: XCTestCase {
    /// Everything a region says, as text to compare.
    private func describe(_ region: TargetRegion) -> String {
        var text = "\(region.target) domain \(region.domainArea) reachable \(region.reachableArea) \(region.reachable.pieces)"
        text += " hidden \(region.isHiddenByOpaqueViews) modal \(region.isBehindModal) approximate \(region.isApproximate)"
        for loss in region.losses {
            text += " | \(loss.taker) via \(loss.answeringNode) \(loss.area) \(loss.visibleArea) \(loss.pieces)"
        }
        return text
    }

    private func layouts() throws -> [(Layout, String)] {
        var result: [(Layout, String)] = []
        for seed in 0..<150 {
            let platform = Platform.allCases[seed % 3]
            let text = RandomLayouts.json(seed: UInt64(5_000 + seed), platform: platform, cornerRadii: seed % 6 == 2)
            let (layout, _) = LayoutBuilder.build(try JSONParser.parse(SourceText(text)))
            result.append((layout, "seed \(seed) (\(platform))"))
        }
        for seed in 0..<40 {
            var random = SeededRandom(seed: UInt64(7_000 + seed))
            let platform: Platform = seed % 2 == 0 ? .uikit : .android
            var (layout, _) = LayoutBuilder.build(try JSONParser.parse(SourceText(RandomLayouts.json(seed: UInt64(7_000 + seed), platform: platform))))
            for index in 1..<layout.nodes.count where !layout.nodes[index].isWebContent && random.chance(0.3) {
                for inner in index..<Int(layout.nodes[index].subtreeEnd) { layout.nodes[inner].isWebContent = true }
            }
            result.append((layout, "web content seed \(seed) (\(platform))"))
        }
        return result
    }

    /// The layout with an extras slot for every node, as fix checking gives
    /// them (`Linter.BuiltLayout.withExtrasSlots(for:)`): what insets are
    /// given to in place. It reads as before.
    private func slotted(_ layout: Layout) -> Layout {
        var layout = layout
        for index in layout.nodes.indices where layout.nodes[index].extrasIndex < 0 {
            var node = layout.nodes[index]
            layout.setExtras(of: &node)
            layout.nodes[index] = node
        }
        return layout
    }

    func testUpdatedRegionsAreTheRegionsWorkedOutAfresh() throws {
        var compared = 0
        var reused = 0
        var redone = 0
        var geometriesUpdated = 0
        var workedAfresh = 0
        for (index, (built, label)) in try layouts().enumerated() {
            var random = SeededRandom(seed: UInt64(index))
            let layout = slotted(built)
            let geometry = Geometry(layout: layout)
            // As fix checking holds them: where each loss lies is for pictures.
            let regions = geometry.targetRegions(keepingLostPieces: false)
            let footprints = TargetFootprints(geometry)
            // The last trial gives every node new insets: most gates change,
            // and every region is worked out afresh.
            for trial in 0..<7 {
                var changed = layout
                var picks: [(node: Int, insets: EdgeInsets)] = []
                let count = trial == 6 ? layout.nodes.count : random.int(1...(trial < 3 ? 1 : 4))
                for pick in 0..<count {
                    let node = trial == 6 ? pick : random.int(0...(layout.nodes.count - 1))
                    // Grown, shrunk to nothing, one side only, or back to none.
                    let insets: EdgeInsets
                    switch random.int(0...3) {
                    case 0: insets = EdgeInsets(top: -Double(2 * random.int(1...20)), left: -Double(2 * random.int(1...20)),
                                                bottom: -Double(2 * random.int(0...20)), right: -Double(2 * random.int(0...20)))
                    case 1: insets = EdgeInsets(top: 200, left: 200, bottom: 200, right: 200)
                    case 2: insets = EdgeInsets(top: 0, left: -Double(2 * random.int(1...30)), bottom: 0, right: 0)
                    default: insets = .zero
                    }
                    picks.append((node, insets))
                    var value = changed.nodes[node]
                    changed.setExtras(of: &value, hitInsets: insets)
                    changed.nodes[node] = value
                }
                let fresh = Geometry(layout: changed)
                let expected = fresh.targetRegions(keepingLostPieces: false)
                var updated = regions
                let replaced = fresh.updateRegions(&updated, since: geometry, footprints: footprints)
                workedAfresh += replaced.workedEveryRegionAfresh ? 1 : 0
                var update = geometry
                var changes = Geometry.InsetChanges()
                for (node, insets) in picks { update.setHitInsets(of: node, to: insets, recording: &changes) }
                if update.updateGates(&changes) {
                    // The geometry updated where the insets changed is the geometry built anew.
                    geometriesUpdated += 1
                    XCTAssertEqual(update.gates, fresh.gates, "\(label), trial \(trial)")
                    for _ in 0..<40 {
                        let x = Double(random.int(-20...420)) + 0.5 * Double(random.int(0...1))
                        let y = Double(random.int(-20...900)) + 0.5 * Double(random.int(0...1))
                        XCTAssertEqual(update.hitTest(x: x, y: y), fresh.hitTest(x: x, y: y), "\(label), trial \(trial), (\(x), \(y))")
                    }
                    var updatedRegions = regions
                    let replacedHere = update.updateRegions(&updatedRegions, after: changes, footprints: footprints)
                    workedAfresh += replacedHere.workedEveryRegionAfresh ? 1 : 0
                    for (new, old) in zip(updatedRegions, expected) {
                        XCTAssertEqual(describe(new), describe(old), "\(label), trial \(trial), updated geometry")
                    }
                    XCTAssertEqual(update.targetRegions(keepingLostPieces: false).map(describe), expected.map(describe), "\(label), trial \(trial), regions afresh")
                    // Put back, everything reads as it did: insets, gates, grid, regions.
                    update.restore(changes)
                    if let toWorkOut = replacedHere.restore(&updatedRegions) {
                        XCTAssertTrue(updatedRegions.isEmpty, "\(label), trial \(trial), let go")
                        updatedRegions = toWorkOut.workOut(&update)
                    }
                    update.buildGridIfStale()
                    XCTAssertEqual(updatedRegions.map(describe), regions.map(describe), "\(label), trial \(trial), put back")
                    XCTAssertEqual(update.gates, geometry.gates, "\(label), trial \(trial), put back")
                    for node in picks.map(\.node) {
                        XCTAssertEqual(update.layout.hitInsets(of: node), layout.hitInsets(of: node), "\(label), trial \(trial), put back")
                    }
                    for _ in 0..<20 {
                        let (x, y) = (Double(random.int(-20...420)), Double(random.int(-20...900)))
                        XCTAssertEqual(update.hitTest(x: x, y: y), geometry.hitTest(x: x, y: y), "\(label), trial \(trial), put back")
                    }
                }
                XCTAssertEqual(updated.count, expected.count, label)
                for (new, old) in zip(updated, expected) {
                    XCTAssertEqual(describe(new), describe(old), "\(label), trial \(trial)")
                    compared += 1
                }
                for (position, region) in updated.enumerated() {
                    if describe(region) == describe(regions[position]) { reused += 1 } else { redone += 1 }
                }
                if let toWorkOut = replaced.restore(&updated) {
                    var asBuilt = geometry
                    updated = toWorkOut.workOut(&asBuilt)
                }
                XCTAssertEqual(updated.map(describe), regions.map(describe), "\(label), trial \(trial), put back")
            }
        }
        XCTAssertGreaterThan(compared, 5_000)
        // The changes must move regions, and leave others alone.
        XCTAssertGreaterThan(redone, 500)
        XCTAssertGreaterThan(reused, 1_000)
        // Most layouts have neither rounded web boxes nor web content in native ones.
        XCTAssertGreaterThan(geometriesUpdated, 600)
        // Put back, regions worked out afresh were worked out again.
        XCTAssertGreaterThan(workedAfresh, 150)
    }

    /// A rounded web box whose gate is empty has no shape to keep: given
    /// insets, its gate is rounded, so it is not worked out in place.
    func testARoundedWebBoxWithoutAShapeIsNotUpdatedInPlace() throws {
        let text = """
        {"platform": "web", "root": {"frame": [0, 0, 400, 800], "children": [
          {"id": "a", "type": "button", "frame": [20, 20, 0, 0], "cornerRadius": 8},
          {"id": "b", "type": "button", "frame": [100, 20, 44, 44]}]}}
        """
        let layout = slotted(LayoutBuilder.build(try JSONParser.parse(SourceText(text))).layout)
        var geometry = Geometry(layout: layout)
        XCTAssertFalse(geometry.hasShapedGates)
        var changes = Geometry.InsetChanges()
        geometry.setHitInsets(of: 1, to: EdgeInsets(all: -20), recording: &changes)
        var changed = layout
        var node = changed.nodes[1]
        changed.setExtras(of: &node, hitInsets: EdgeInsets(all: -20))
        XCTAssertTrue(Geometry(layout: changed).hasShapedGates, "grown, the box is rounded")
        XCTAssertFalse(geometry.updateGates(&changes))
        // Put back, the other box is worked out in place.
        geometry.restore(changes)
        XCTAssertEqual(geometry.layout.hitInsets(of: 1), .zero)
        changes = Geometry.InsetChanges()
        geometry.setHitInsets(of: 2, to: EdgeInsets(all: -2), recording: &changes)
        XCTAssertTrue(geometry.updateGates(&changes))
        XCTAssertEqual(geometry.gates[2], Rect(x: 98, y: 18, width: 48, height: 48))
    }
}
