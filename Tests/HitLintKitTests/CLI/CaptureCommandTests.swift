import Foundation
import XCTest
@testable import HitLintKit

/// `--from`, `--scale`, and what the command does with captured files.
final class CaptureCommandTests: XCTestCase {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-captures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testFixNeverWritesACapturedFile() throws {
        let folder = try temporaryFolder()
        let examples = TestSupport.packageRoot.appendingPathComponent("Examples")
        let captures = ["captured/sentry-ios-checkout.json", "captured/droidbot-state-settings.json"]
        for name in captures + ["icon-slop.json"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name),
                                             to: folder.appendingPathComponent((name as NSString).lastPathComponent))
        }
        let capturePaths = captures.map { folder.appendingPathComponent(($0 as NSString).lastPathComponent).path }
        let before = try capturePaths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let dates = try capturePaths.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        // Their diagnostics do come with advice (a fix with no edits).
        let preview = CapturedOutput()
        _ = HitLintCommand.run(["--show-fixes"] + capturePaths, output: preview)
        XCTAssertTrue(preview.standardOutput.contains("help:"), preview.standardOutput)
        XCTAssertFalse(preview.standardOutput.contains("fix:"))
        let diff = CapturedOutput()
        _ = HitLintCommand.run(["--diff"] + capturePaths, output: diff)
        XCTAssertEqual(diff.standardOutput, "")
        let output = CapturedOutput()
        let status = HitLintCommand.run(["--fix", folder.path], output: output)
        XCTAssertEqual(status, 1, "the captures still have errors")
        // The layout file was fixed; the captures were not touched.
        XCTAssertTrue(output.standardError.contains("in 1 file"), output.standardError)
        XCTAssertEqual(try capturePaths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }, before)
        XCTAssertEqual(try capturePaths.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }, dates)
        // And the fixer itself finds nothing to apply to them.
        for path in capturePaths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            var options = LintOptions()
            options.fixChecking = .checked
            let outcome = Fixer.fixUntilStable(bytes, format: .json, path: path, linter: Linter(options: options))
            XCTAssertEqual(outcome.bytes, bytes)
            XCTAssertEqual(outcome.fixesApplied, 0)
            XCTAssertTrue(outcome.result.diagnostics.allSatisfy { $0.fix?.edits.isEmpty ?? true })
        }
    }

    func testFromAndScaleOptions() throws {
        let capture = Captures.url("sentry-android-login.json").path
        let bad = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(["--from", "sentri", capture], output: bad), 2)
        XCTAssertTrue(bad.standardError.contains("did you mean 'sentry'?"), bad.standardError)
        let zero = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(["--scale", "0", capture], output: zero), 2)
        XCTAssertTrue(zero.standardError.contains("--scale takes a positive number"), zero.standardError)
        // Read as a hitlint layout, a capture has no root.
        let asLayout = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(["--from", "hitlint", capture], output: asLayout), 1)
        XCTAssertTrue(asLayout.standardOutput.contains("a layout needs a 'root' node [invalid-layout]"), asLayout.standardOutput)
        // --scale changes the sizes reported; --rule turns the notes off.
        let scaled = CapturedOutput()
        _ = HitLintCommand.run(["--scale=3", "--rule", "import-note=off", capture], output: scaled)
        XCTAssertTrue(scaled.standardOutput.contains("'remember' is reachable on 30×30 dp (90×90 px)"), scaled.standardOutput)
        XCTAssertFalse(scaled.standardOutput.contains("[import-note]"))
        // --platform overrides what the importer inferred.
        let (layout, _) = try Captures.importLayout("sentry-android-login.json", options: ImportOptions(platform: .uikit))
        XCTAssertEqual(layout.platform, .uikit)
    }

    /// `maestro hierarchy > screen.txt`: another extension, read as JSON when `--from` names the format.
    func testFromReadsACaptureSavedUnderAnotherExtension() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("screen.txt").path
        try ("Running on emulator-5554\n" + Captures.text("maestro-android.json")).write(toFile: path, atomically: true, encoding: .utf8)
        let plain = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run([path], output: plain), 2)
        XCTAssertTrue(plain.standardError.contains("--from"), plain.standardError)
        let named = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(["--from", "maestro", path], output: named), 1)
        XCTAssertTrue(named.standardOutput.contains("'More options' is reachable on 32×32 dp"), named.standardOutput)
        // And drawn, after its banner.
        let page = folder.appendingPathComponent("screen.html").path
        let render = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(["render", "--from", "maestro", path, "-o", page], output: render), 0, render.standardError)
        XCTAssertTrue(try String(contentsOfFile: page, encoding: .utf8).contains("More options"))
    }

    /// Many captures in one folder, in both formats and mixed with layouts: each
    /// is read as what it is, and the report is in path order.
    func testAFolderOfCapturesIsLintedAsItsFormats() throws {
        let folder = try temporaryFolder()
        let names = ["sentry-uikit-settings.json", "sentry-android-login.json", "sentry-flutter-home.json", "droidbot-multiwindow.json"]
        for copy in 0..<50 {
            for name in names {
                try FileManager.default.copyItem(at: Captures.url(name), to: folder.appendingPathComponent(String(format: "%03d-", copy) + name))
            }
        }
        let output = CapturedOutput()
        XCTAssertEqual(HitLintCommand.run(["--format", "json", "--rule", "import-note=off", folder.path], output: output), 1)
        XCTAssertTrue(output.standardOutput.contains("\"files\": 200"), String(output.standardOutput.suffix(200)))
        let single = CapturedOutput()
        _ = HitLintCommand.run(["--format", "json", "--rule", "import-note=off", Captures.url("droidbot-multiwindow.json").path], output: single)
        let perFile = single.standardOutput.components(separatedBy: "\"rule\": \"target-size\"").count - 1
        XCTAssertEqual(output.standardOutput.components(separatedBy: "droidbot-multiwindow.json\"").count - 1,
                       50 * (single.standardOutput.components(separatedBy: "droidbot-multiwindow.json\"").count - 1))
        XCTAssertGreaterThan(perFile, 0)
        let files = output.standardOutput.components(separatedBy: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "\"file\": \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        XCTAssertEqual(files, files.sorted())
    }
}
