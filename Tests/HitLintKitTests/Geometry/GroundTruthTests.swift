import XCTest
@testable import HitLintKit

/// Random layouts on an even grid: every edge is an even number of points, so
/// sampling the odd coordinates measures every area exactly. With corner radii
/// (the web's rounded boxes, hit-tested by pixel), every pixel is sampled.
enum RandomLayouts {
    static func json(seed: UInt64, platform: Platform, cornerRadii: Bool = false) -> String {
        var random = SeededRandom(seed: seed)
        var counter = 0
        func node(depth: Int, width: Int, height: Int) -> String {
            counter += 1
            let type = random.pick(["button", "button", "view", "view", "imageView", "label", "switch", "stack"])
            let w = 2 * random.int(1...max(1, width / 2))
            let h = 2 * random.int(1...max(1, height / 2))
            let x = 2 * random.int(-4...max(-4, (width - w) / 2 + 4))
            let y = 2 * random.int(-4...max(-4, (height - h) / 2 + 4))
            var fields = ["\"id\": \"n\(counter)\"", "\"type\": \"\(type == "stack" ? "view" : type)\"",
                          "\"frame\": [\(x), \(y), \(w), \(h)]"]
            if random.chance(0.5) {
                let sides = (0..<4).map { _ in 2 * random.int(-6...2) }
                fields.append(random.chance(0.5) ? "\"hitInsets\": [\(sides.map(String.init).joined(separator: ", "))]"
                                                 : "\"hitSlop\": \(2 * random.int(0...5))")
            }
            if random.chance(0.06) { fields.append("\"hidden\": true") }
            if random.chance(0.05) { fields.append("\"alpha\": 0") }
            if random.chance(0.08) { fields.append("\"userInteractionEnabled\": \(random.chance(0.5))") }
            if random.chance(0.2) { fields.append("\"clipsToBounds\": true") }
            if random.chance(0.15) { fields.append("\"opaque\": true") }
            if random.chance(0.1) { fields.append("\"interactive\": \(random.chance(0.5))") }
            if cornerRadii, random.chance(0.4) { fields.append("\"cornerRadius\": \(random.int(1...30))") }
            if depth < 3, random.chance(0.6) {
                let count = random.int(1...4)
                let children = (0..<count).map { _ in node(depth: depth + 1, width: max(4, w), height: max(4, h)) }
                fields.append("\"children\": [\(children.joined(separator: ", "))]")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        var children: [String] = []
        for _ in 0..<random.int(2...6) { children.append(node(depth: 1, width: 100, height: 100)) }
        return """
        {"platform": "\(platform.rawValue)", "root": {"id": "root", "frame": [0, 0, 100, 100], \
        "children": [\(children.joined(separator: ", "))]}}
        """
    }
}

/// Every geometric claim the rules make, checked against dense sampling of the
/// literal reference hit test on ≥ 500 random layouts over all three platforms.
final class GroundTruthTests: XCTestCase {
    func testRegionsAndRulesAgreeWithSampledHitTesting() throws {
        var layoutsChecked = 0
        var targetsChecked = 0
        var claimsChecked = 0
        for seed in 0..<540 {
            let platform = Platform.allCases[seed % 3]
            let text = RandomLayouts.json(seed: UInt64(seed), platform: platform)
            let document = try JSONParser.parse(SourceText(text))
            let (layout, built) = LayoutBuilder.build(document)
            XCTAssertFalse(built.contains { $0.rule == RuleID.invalidLayout }, "seed \(seed): \(built.map(\.message))")
            let checked = try check(layout, label: "seed \(seed) (\(platform))")
            targetsChecked += checked.targets
            claimsChecked += checked.claims
            layoutsChecked += 1
        }
        XCTAssertGreaterThanOrEqual(layoutsChecked, 500)
        XCTAssertGreaterThan(targetsChecked, 1500)
        XCTAssertGreaterThan(claimsChecked, 500)
    }

    /// Web content inside a native capture (a WebView's DOM): random subtrees of
    /// UIKit and Android layouts marked as web content, where a box gates its
    /// children only when it clips and only targets take touches.
    func testWebContentInsideNativeLayoutsAgreesWithSampledHitTesting() throws {
        var targetsChecked = 0
        var webTargets = 0
        for seed in 0..<120 {
            let platform: Platform = seed % 2 == 0 ? .uikit : .android
            var random = SeededRandom(seed: UInt64(1_000 + seed))
            let document = try JSONParser.parse(SourceText(RandomLayouts.json(seed: UInt64(1_000 + seed), platform: platform)))
            var (layout, _) = LayoutBuilder.build(document)
            for index in 1..<layout.nodes.count where !layout.nodes[index].isWebContent && random.chance(0.3) {
                for inner in index..<Int(layout.nodes[index].subtreeEnd) { layout.nodes[inner].isWebContent = true }
            }
            webTargets += layout.nodes.filter { $0.isWebContent && $0.isTarget }.count
            targetsChecked += try check(layout, label: "web seed \(seed) (\(platform))").targets
        }
        XCTAssertGreaterThan(webTargets, 100)
        XCTAssertGreaterThan(targetsChecked, 300)
    }

    /// Web layouts with rounded boxes (`cornerRadius`): the rounded hit regions
    /// and clips, at pixel resolution, against the reference sampled at every pixel.
    func testRoundedWebLayoutsAgreeWithSampledHitTesting() throws {
        var targetsChecked = 0
        var roundedNodes = 0
        var shapedGates = 0
        for seed in 0..<90 {
            let text = RandomLayouts.json(seed: UInt64(2_000 + seed), platform: .web, cornerRadii: true)
            let (layout, built) = LayoutBuilder.build(try JSONParser.parse(SourceText(text)))
            XCTAssertFalse(built.contains { $0.rule == RuleID.invalidLayout }, "seed \(seed): \(built.map(\.message))")
            roundedNodes += layout.nodes.indices.filter { layout.cornerRadius(of: $0) > 0 }.count
            let geometry = Geometry(layout: layout)
            shapedGates += layout.nodes.indices.filter { !geometry.gateIsRect($0) }.count
            targetsChecked += try check(layout, label: "rounded seed \(seed)", everyPixel: true).targets
        }
        XCTAssertGreaterThan(roundedNodes, 300)
        XCTAssertGreaterThan(shapedGates, 300)
        XCTAssertGreaterThan(targetsChecked, 200)
    }

    /// Samples the reference hit test over the layout and checks the gates, every
    /// target's region and losses, and the rules' claims against it.
    private func check(_ layout: Layout, label: String, everyPixel: Bool = false) throws -> (targets: Int, claims: Int) {
        var targetsChecked = 0
        var claimsChecked = 0
        let geometry = Geometry(layout: layout)
        let reference = ReferenceHitTest(geometry)
        // Sample the odd coordinates over the area nodes can reach (cells of 2×2 pt = 4 pt²),
        // or every pixel's centre (1 pt²).
        let (start, step) = everyPixel ? (-29.5, 1.0) : (-29.0, 2.0)
        let cell = step * step
        var samples: [(x: Double, y: Double, result: HitResult)] = []
        for y in stride(from: start, through: 129.5, by: step) {
            for x in stride(from: start, through: 129.5, by: step) {
                let expected = reference.hitTest(x: x, y: y)
                XCTAssertEqual(geometry.hitTest(x: x, y: y), expected, "\(label): gates disagree with reference at (\(x), \(y))")
                samples.append((x, y, expected))
            }
        }
        let context = RuleContext(layout: layout, geometry: geometry, options: LintOptions())
        for region in context.regions where !region.isApproximate {
            let target = region.target
            let hits = samples.filter { $0.result == .target(target) }
            XCTAssertEqual(region.reachableArea, Double(hits.count) * cell, accuracy: 1e-6, "\(label): reachable area of n\(target)")
            // Every maximal piece is made only of points that reach the target.
            for piece in region.reachable.pieces {
                for sample in samples where piece.contains(x: sample.x, y: sample.y) {
                    XCTAssertEqual(sample.result, .target(target), "\(label): piece \(piece) of \(layout.name(of: target))")
                }
            }
            // The points that could answer for the target: its gate, and (web) the
            // gates of views inside it that answer for it.
            let inDomain = domain(of: target, geometry)
            XCTAssertEqual(region.domainArea, Double(samples.filter { inDomain($0.x, $0.y) }.count) * cell, accuracy: 1e-6, "\(label): domain of \(layout.name(of: target))")
            // Every loss is exactly the sampled area the taker gets inside that domain.
            for loss in region.losses {
                let taken = samples.filter { sample in
                    guard inDomain(sample.x, sample.y) else { return false }
                    switch loss.taker {
                    case .target(let winner): return sample.result == .target(winner)
                    case .occluder(let node): return sample.result == .swallowed(by: node)
                    }
                }
                XCTAssertEqual(loss.area, Double(taken.count) * cell, accuracy: 1e-6, "\(label): loss of \(layout.name(of: target)) to \(loss.taker)")
                claimsChecked += 1
            }
            targetsChecked += 1
        }
        claimsChecked += try checkDiagnostics(layout: layout, geometry: geometry, samples: samples, label: label)
        return (targetsChecked, claimsChecked)
    }

    /// Whether a point could answer for the target: inside its gate, or (web)
    /// inside the gate of a view in it that answers for it.
    private func domain(of target: Int, _ geometry: Geometry) -> (Double, Double) -> Bool {
        let owned = (target..<Int(geometry.layout.nodes[target].subtreeEnd)).filter {
            geometry.owningTarget[$0] == Int32(target) && geometry.canAnswer($0)
        }
        return { x, y in owned.contains { geometry.gateContains($0, x: x, y: y) } }
    }

    /// The rules' own claims: unreachable targets get no touch; lost hit-area
    /// bands never answer the target; dead gaps answer no target.
    private func checkDiagnostics(layout: Layout, geometry: Geometry, samples: [(x: Double, y: Double, result: HitResult)], label: String) throws -> Int {
        var claims = 0
        let context = RuleContext(layout: layout, geometry: geometry, options: LintOptions())
        func index(of name: String) -> Int? {
            (0..<layout.nodes.count).first { layout.name(of: $0) == name }
        }
        for rule in RuleRegistry.geometryRules {
            for diagnostic in rule.check(context) {
                guard let node = diagnostic.nodeIndex else { continue }
                switch diagnostic.rule {
                case UnreachableTargetRule.id:
                    XCTAssertFalse(samples.contains { $0.result == .target(node) }, "\(label): \(diagnostic.message)")
                    claims += 1
                case ClippedHitAreaRule.id:
                    // No point of the hit area outside the gate reaches the target.
                    let intended = layout.nodes[node].frame.inset(by: geometry.insets(of: node))
                    for sample in samples where intended.contains(x: sample.x, y: sample.y) && !geometry.gates[node].contains(x: sample.x, y: sample.y) {
                        XCTAssertNotEqual(sample.result, .target(node), "\(label): \(diagnostic.message)")
                    }
                    claims += 1
                case DeadGapRule.id:
                    for neighbourName in diagnostic.related {
                        guard let neighbour = index(of: neighbourName) else { continue }
                        let a = geometry.gates[node]
                        let b = geometry.gates[neighbour]
                        let gap = b.minX >= a.maxX
                            ? Rect(minX: a.maxX, minY: max(a.minY, b.minY), maxX: b.minX, maxY: min(a.maxY, b.maxY))
                            : Rect(minX: max(a.minX, b.minX), minY: a.maxY, maxX: min(a.maxX, b.maxX), maxY: b.minY)
                        for sample in samples where gap.contains(x: sample.x, y: sample.y) {
                            XCTAssertNil(sample.result.target, "\(label): \(diagnostic.message) but (\(sample.x), \(sample.y)) answers a target")
                        }
                        claims += 1
                    }
                case OverlappingHitAreasRule.id:
                    // The named winner really gets points inside the loser's gate.
                    if let winner = diagnostic.related.first.flatMap(index(of:)) {
                        let inDomain = domain(of: node, geometry)
                        XCTAssertTrue(samples.contains { $0.result == .target(winner) && inDomain($0.x, $0.y) }, "\(label): \(diagnostic.message)")
                        claims += 1
                    }
                default:
                    break
                }
            }
        }
        return claims
    }
}
