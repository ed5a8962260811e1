import Foundation
import XCTest
@testable import HitLintKit

/// Every input a fuzzer crashed on (`make fuzz`), kept in Fixtures/crashers/ as
/// the bytes it found, replayed through what the fuzz targets check: both
/// parsers, the lint as JSON and as YAML (fixes verified), the reports, `--fix`
/// and the pictures. Each file's name says what it broke; README "Fuzzing" says
/// how to add one.
final class CrasherTests: XCTestCase {
    static let folder = TestSupport.packageRoot.appendingPathComponent("Tests/HitLintKitTests/Fixtures/crashers")

    static var crashers: [(name: String, bytes: [UInt8])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { (name, [UInt8]($0)) }
        }
    }

    func testEveryCrasherEndsInADiagnosticOrAValue() throws {
        let crashers = Self.crashers
        XCTAssertFalse(crashers.isEmpty, "no crashers found in \(Self.folder.path)")
        for (name, bytes) in crashers {
            for format in SourceFormat.allCases {
                let context = "\(name) as \(format)"
                do {
                    let document = try format.parse(SourceText(bytes: bytes))
                    XCTAssertEqual(document.next(0), document.entries.count, context)
                    XCTAssertNoThrow(try JSONParser.parse(SourceText(bytes: document.jsonBytes())), context)
                } catch {
                    XCTAssertTrue((0...bytes.count).contains(error.offset), context)
                    XCTAssertFalse(error.message.isEmpty, context)
                }
                var options = LintOptions()
                options.fixChecking = .checked
                let linter = Linter(options: options)
                let path = "crasher.\(format.rawValue)"
                let result = linter.lint(source: SourceText(bytes: bytes), format: format, path: path)
                for diagnostic in result.diagnostics {
                    XCTAssertTrue(diagnostic.span.start >= 0 && diagnostic.span.start <= diagnostic.span.end
                                  && diagnostic.span.end <= bytes.count, context)
                }
                let report = JSONReporter().report([result])
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(report.utf8)), context)
                _ = TextReporter(showSource: true, showFixes: true).report([result])
                _ = SARIFReporter(currentDirectory: "/").report([result])
                let fixed = Fixer.fixUntilStable(bytes, format: format, path: path, linter: linter)
                if fixed.bytes != bytes {
                    XCTAssertNoThrow(try format.parse(SourceText(bytes: fixed.bytes)), context)
                }
                let input = linter.renderInput(for: result)
                XCTAssertEqual(HTMLPage(input).html().components(separatedBy: "<script").count, 2, context)
                XCTAssertFalse(SVGRenderer(input).svg().contains("<script"), context)
            }
        }
    }
}
