import XCTest
@testable import HitLintKit

/// Include/exclude patterns, project-relative paths and the stable hash behind fingerprints.
final class GlobAndPathTests: XCTestCase {
    private func assertGlob(_ pattern: String, matches: [String], rejects: [String], line: UInt = #line) {
        let glob = Glob(pattern)
        for path in matches { XCTAssertTrue(glob.matches(path), "\(pattern) should match \(path)", line: line) }
        for path in rejects { XCTAssertFalse(glob.matches(path), "\(pattern) should not match \(path)", line: line) }
    }

    func testStarStaysInOneSegmentAndDoubleStarSpansFolders() {
        assertGlob("Layouts/*.yaml", matches: ["Layouts/a.yaml", "Layouts/.yaml"],
                   rejects: ["Layouts/x/a.yaml", "a.yaml", "Layouts/a.yml", "Other/Layouts/a.yaml"])
        assertGlob("Layouts/**/*.yaml", matches: ["Layouts/a.yaml", "Layouts/x/a.yaml", "Layouts/x/y/z/a.yaml"],
                   rejects: ["Layouts/a.json", "Other/a.yaml", "Layouts"])
        assertGlob("**/Generated/**", matches: ["Generated/a.json", "x/Generated/a.json", "x/y/Generated/z/a.json"],
                   rejects: ["x/GeneratedStuff/a.json", "x/MyGenerated/a.json", "a.json"])
        assertGlob("**", matches: ["a", "a/b/c.json"], rejects: [])
        assertGlob("a/**/**/b", matches: ["a/b", "a/x/b", "a/x/y/b"], rejects: ["a/x/c"])
    }

    func testPatternWithoutSlashMatchesTheNameAtAnyDepth() {
        assertGlob("*.yaml", matches: ["a.yaml", "x/y/a.yaml"], rejects: ["a.yml", "x/a.yaml.bak"])
        assertGlob("/a.yaml", matches: ["a.yaml"], rejects: ["x/a.yaml"])
        assertGlob("./a.yaml", matches: ["a.yaml"], rejects: ["x/a.yaml"])
    }

    func testQuestionMarkAndCharacterClasses() {
        assertGlob("a?.json", matches: ["ab.json", "a-.json"], rejects: ["a.json", "abc.json"])
        assertGlob("[ab]*.yaml", matches: ["a.yaml", "beta.yaml"], rejects: ["c.yaml"])
        assertGlob("[!a]*.yaml", matches: ["b.yaml"], rejects: ["a.yaml"])
        assertGlob("[^a]*.yaml", matches: ["b.yaml"], rejects: ["a.yaml"])
        assertGlob("v[0-9].json", matches: ["v0.json", "v9.json"], rejects: ["vx.json", "v10.json"])
        assertGlob("[]]x", matches: ["]x"], rejects: ["x"])
        // An unclosed bracket is a literal.
        assertGlob("[x", matches: ["[x"], rejects: ["x"])
        assertGlob("a\\*b", matches: ["a*b"], rejects: ["axb"])
    }

    func testBacktrackingStaysLinear() {
        // Exponential matchers take forever here; this one answers at once.
        let glob = Glob("*a*a*a*a*a*a*a*a*a*b")
        XCTAssertFalse(glob.matches(String(repeating: "a", count: 5_000)))
        XCTAssertTrue(glob.matches(String(repeating: "a", count: 5_000) + "b"))
    }

    /// A hostile configuration cannot make matching take forever: every `**`
    /// tries every split point, so twelve of them over a path 60 folders deep
    /// would be 10¹² tries without the memory of failed (pattern, path) pairs.
    func testManyDoubleStarsOverADeepPathStayPolynomial() {
        let glob = Glob(Array(repeating: "**/a", count: 12).joined(separator: "/") + "/**/b.yaml")
        let deep = Array(repeating: "a", count: 60).joined(separator: "/")
        XCTAssertFalse(glob.matches(deep + "/c.yaml"))
        XCTAssertTrue(glob.matches(deep + "/b.yaml"))
        XCTAssertFalse(glob.matches("a/a/b.yaml"), "fewer folders than the pattern needs")
        // Long plain patterns are matched without recursion, and configurations cap them.
        let long = Array(repeating: "x", count: Glob.maximumSegments).joined(separator: "/")
        XCTAssertTrue(Glob(long).matches(long))
        XCTAssertFalse(Glob(long).matches(long + "/y"))
        XCTAssertEqual(Glob(long + "/y").segmentCount, Glob.maximumSegments + 1)
    }

    func testProjectPaths() {
        XCTAssertEqual(ProjectPath.relative("/work/p/Layouts/a.yaml", to: "/work/p"), "Layouts/a.yaml")
        XCTAssertEqual(ProjectPath.relative("/work/p/./x/../Layouts//a.yaml", to: "/work/p/"), "Layouts/a.yaml")
        XCTAssertEqual(ProjectPath.relative("./Layouts/a.yaml", to: "/work/p"), "Layouts/a.yaml")
        XCTAssertEqual(ProjectPath.relative("Layouts/a.yaml", to: "/work/p"), "Layouts/a.yaml")
        XCTAssertEqual(ProjectPath.relative("../q/a.yaml", to: "/work/p"), "/work/q/a.yaml", "outside: absolute")
        XCTAssertEqual(ProjectPath.relative("/work/pq/a.yaml", to: "/work/p"), "/work/pq/a.yaml", "a sibling with a common prefix is outside")
        XCTAssertEqual(ProjectPath.relative("/a.yaml", to: "/"), "a.yaml")
        XCTAssertEqual(ProjectPath.normalized("a/../../b"), "../b")
        XCTAssertEqual(ProjectPath.normalized("/../b"), "/b")
    }

    func testURIsArePercentEncoded() {
        XCTAssertEqual(ProjectPath.uri("Layouts/a b/é,:#?.yaml"), "Layouts/a%20b/%C3%A9%2C%3A%23%3F.yaml")
        XCTAssertEqual(ProjectPath.uri("/tmp/a.yaml"), "file:///tmp/a.yaml")
        XCTAssertEqual(ProjectPath.uri("a-b_c~d.json"), "a-b_c~d.json")
    }

    func testStableHashIsFixedAcrossRunsAndSeparatesParts() {
        // Pinned: fingerprints in users' code-scanning history depend on these values.
        XCTAssertEqual(StableHash().hex, "cbf29ce484222325", "FNV-1a 64 offset basis")
        XCTAssertEqual(StableHash.hex(["Layouts/a.yaml", "target-size", "play", "0"]), StableHash.hex(["Layouts/a.yaml", "target-size", "play", "0"]))
        XCTAssertEqual(StableHash.hex(["a"]).count, 16)
        XCTAssertNotEqual(StableHash.hex(["ab", "c"]), StableHash.hex(["a", "bc"]))
        XCTAssertNotEqual(StableHash.hex(["a", "b"]), StableHash.hex(["b", "a"]))
        XCTAssertEqual(StableHash.hex(["Layouts/a.yaml", "target-size", "play", "0"]), Self.pinnedHash)
    }

    /// Computed once with the recipe above; a change here changes every fingerprint.
    static let pinnedHash = "d394cc3aec1be202"

    /// The fast check for an already normal path agrees with splitting and
    /// joining on every path built from awkward components.
    func testNormalizedPathsTakeTheShortcutOnlyWhenNothingChanges() {
        let components = ["a", "bc", ".", "..", "", "...", ".a", "a.", "é"]
        var generator = SystemRandomNumberGenerator()
        var paths = ["", "/", "//", ".", "..", "/.", "/..", "a", "/a", "a/", "/a/", "./a", "a/.", "a/..", "../a", "Layouts/a.yaml", "/work/p/a.json"]
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...5, using: &generator)
            let path = (0..<count).map { _ in components.randomElement(using: &generator)! }.joined(separator: "/")
            paths.append(Bool.random(using: &generator) ? "/" + path : path)
        }
        XCTAssertTrue(ProjectPath.isNormalized("Layouts/a.yaml") && ProjectPath.isNormalized("/work/p/a.json"))
        for path in paths {
            let collapsed = ProjectPath.collapse(path)
            XCTAssertEqual(ProjectPath.normalized(path), collapsed, "'\(path)'")
            // The shortcut is taken only where nothing would change (it may pass
            // over a few that would not change either: "/", "..", "../a").
            if ProjectPath.isNormalized(path) { XCTAssertEqual(collapsed, path, "'\(path)'") }
        }
    }
}
