import Foundation
import XCTest
@testable import HitLintKit

/// The hand-made captures in Fixtures/captured, and ways to look into what
/// hitlint made of them.
enum Captures {
    static func url(_ name: String) -> URL {
        TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/captured/\(name)")
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    static func document(_ name: String) throws -> Document {
        try JSONParser.parse(SourceText(try text(name)))
    }

    static func importLayout(_ name: String, options: ImportOptions = ImportOptions()) throws -> (layout: Layout, diagnostics: [Diagnostic]) {
        let document = try document(name)
        return Importers.importLayout(FileKind.detect(document), document: document, options: options)
    }

    static func lint(_ name: String, arguments: [String] = []) throws -> LintResult {
        try TestSupport.lint(try text(name), format: .json, arguments: arguments)
    }

    /// 1-based number of the first line of the fixture that contains `needle`.
    static func line(of needle: String, in name: String) throws -> Int {
        let lines = try text(name).components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(needle) }) else {
            XCTFail("no line contains \(needle)")
            return -1
        }
        return index + 1
    }
}

extension Layout {
    /// The node with this name, if the importer kept it.
    func node(named name: String) -> LayoutNode? {
        index(named: name).map { nodes[$0] }
    }

    func index(named name: String) -> Int? {
        nodes.indices.first { self.name(of: $0) == name }
    }

    func assertFrame(_ name: String, _ expected: Rect, accuracy: Double = 0.01, file: StaticString = #filePath, line: UInt = #line) {
        guard let frame = node(named: name)?.frame else {
            XCTFail("no node '\(name)'", file: file, line: line)
            return
        }
        for (got, want, side) in [(frame.minX, expected.minX, "x"), (frame.minY, expected.minY, "y"),
                                  (frame.width, expected.width, "width"), (frame.height, expected.height, "height")] {
            XCTAssertEqual(got, want, accuracy: accuracy, "\(name) \(side)", file: file, line: line)
        }
    }
}
