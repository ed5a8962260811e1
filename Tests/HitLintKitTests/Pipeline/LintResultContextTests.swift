import Foundation
import XCTest
@testable import HitLintKit

/// One lint of a file serves everything asked of it: the result keeps what
/// the rules saw when asked (`keepingContext`), the picture and `--render-dir`
/// draw from it, and its fixes can be checked later from it
/// (`Linter.checkingFixes(of:)`) exactly as a lint that checks them finds.
final class LintResultContextTests: XCTestCase {
    private func examples() throws -> [(path: String, format: SourceFormat, bytes: [UInt8])] {
        let root = TestSupport.packageRoot.appendingPathComponent("Examples").path
        return try FileWalker().files(in: [root]).files.compactMap { path in
            guard let format = SourceFormat(path: path) else { return nil }
            return (String(path.dropFirst(root.count + 1)), format, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }

    private func linter(checked: Bool) -> Linter {
        var options = LintOptions()
        options.fixChecking = checked ? .checked : .unchecked
        return Linter(options: options)
    }

    func testFixesCheckedLaterAreWhatALintThatChecksThemFinds() throws {
        let files = try examples() + [("fix-taken-away.yaml", .yaml, Array(Layouts.fixTakenAway.utf8))]
        XCTAssertGreaterThan(files.count, 15)
        var fixesSeen = 0, fixesDropped = 0
        for file in files {
            let checked = linter(checked: true).lint(source: SourceText(bytes: file.bytes), format: file.format, path: file.path)
            let unchecked = linter(checked: false).lint(source: SourceText(bytes: file.bytes), format: file.format, path: file.path,
                                                        keepingContext: true)
            let later = linter(checked: true).checkingFixes(of: unchecked)
            XCTAssertEqual(later.diagnostics, checked.diagnostics, file.path)
            XCTAssertTrue(later.fixesChecked, file.path)
            XCTAssertEqual(later.context != nil, unchecked.context != nil, file.path)
            fixesSeen += checked.diagnostics.filter { $0.fix != nil }.count
            fixesDropped += checked.diagnostics.filter { $0.fix?.description.contains("to do by hand") == true }.count
        }
        // The examples have fixes, and some that checking takes the edits from.
        XCTAssertGreaterThan(fixesSeen, 10)
        XCTAssertGreaterThan(fixesDropped, 0)
    }

    func testUncheckedFixesAreSaidToBeAndAResultWithoutContextIsLintedAgain() throws {
        let text = Layouts.small
        let unchecked = linter(checked: false).lint(source: SourceText(text), format: .yaml, path: "s.yaml")
        XCTAssertFalse(unchecked.fixesChecked)
        XCTAssertNil(unchecked.context, "kept only when asked")
        let checked = linter(checked: true).lint(source: SourceText(text), format: .yaml, path: "s.yaml")
        XCTAssertTrue(checked.fixesChecked)
        XCTAssertEqual(linter(checked: true).checkingFixes(of: unchecked).diagnostics, checked.diagnostics)
        XCTAssertFalse(checked.diagnostics.filter { $0.fix != nil }.isEmpty)
    }

    func testACapturesResultHasNothingToCheck() throws {
        let capture = #"{"rendering_system": "UIKIT", "windows": [{"type": "UIWindow", "x": 0, "y": 0, "width": 390, "height": 844, "children": [{"type": "UIButton", "x": 10, "y": 10, "width": 20, "height": 20}]}]}"#
        let result = linter(checked: false).lint(source: SourceText(capture), format: .json, path: "c.json", keepingContext: true)
        XCTAssertTrue(result.fileKind.isImported)
        XCTAssertTrue(result.fixesChecked)
        XCTAssertNotNil(result.context)
    }

    func testAStreamedFileIsDrawnAsAWholeOne() throws {
        for file in try examples() where file.format == .json {
            var streamed = LintOptions()
            streamed.run.streamingFrom = 0
            let whole = Linter().lint(source: SourceText(bytes: file.bytes), format: .json, path: file.path, keepingContext: true)
            let read = Linter(options: streamed).lint(source: SourceText(bytes: file.bytes), format: .json, path: file.path,
                                                      keepingContext: true)
            XCTAssertEqual(read.diagnostics, whole.diagnostics, file.path)
            XCTAssertEqual(SVGRenderer(RenderInput(read)).svg(), SVGRenderer(RenderInput(whole)).svg(), file.path)
        }
    }

    func testRenderDirectoryDrawsWhatTheLintKept() throws {
        for file in try examples() {
            let kept = Linter().lint(source: SourceText(bytes: file.bytes), format: file.format, path: file.path, keepingContext: true)
            let plain = Linter().lint(source: SourceText(bytes: file.bytes), format: file.format, path: file.path)
            XCTAssertEqual(SVGRenderer(Linter().renderInput(for: kept)).svg(), SVGRenderer(Linter().renderInput(for: plain)).svg(), file.path)
        }
    }
}
