import Foundation
import XCTest
@testable import HitLintKit

/// `.hitlint.yml` (SPEC §8): reading, checking, finding, overriding, and `hitlint init`.
final class ConfigurationTests: XCTestCase {
    private func parse(_ text: String, format: SourceFormat = .yaml) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(SourceText(text), format: format, path: ".hitlint.yml", folder: "/project")
    }

    /// The message of the error a configuration gives, or a failure when it gives none.
    private func problem(_ text: String, format: SourceFormat = .yaml, line: UInt = #line) -> String {
        do throws(ConfigurationError) {
            _ = try parse(text, format: format)
            XCTFail("expected an error", line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testTheSpecExample() throws {
        let configuration = try parse("""
        profile: ios
        platform: uikit
        input: touch
        include: ["Layouts/**/*.yaml"]
        exclude: ["**/Generated/**"]
        rules:
          dead-gap: off
          target-size: { severity: error, minSize: 9mm }
          overlapping-hit-areas: warning
        """)
        XCTAssertEqual(configuration.profile?.name, "ios")
        XCTAssertEqual(configuration.platform, .uikit)
        XCTAssertEqual(configuration.modality, .touch)
        XCTAssertEqual(configuration.include.map(\.pattern), ["Layouts/**/*.yaml"])
        XCTAssertEqual(configuration.exclude.map(\.pattern), ["**/Generated/**"])
        XCTAssertEqual(configuration.severities, ["dead-gap": .off, "target-size": .error, "overlapping-hit-areas": .warning])
        XCTAssertEqual(configuration.ruleOptions, ["target-size": ["minSize": "9mm"]])
    }

    func testOptionValuesAreCheckedAndKeptAsWritten() throws {
        let configuration = try parse("""
        rules:
          target-size: {spacingException: true, minSize: 48dp}
          dead-gap: {maxGap: 22dp}
          excessive-hit-expansion: {maxExpansion: 30pt}
        include: "*.yaml"
        """)
        XCTAssertEqual(configuration.ruleOptions["target-size"], ["spacingException": "true", "minSize": "48dp"])
        XCTAssertEqual(configuration.ruleOptions["dead-gap"], ["maxGap": "22dp"])
        XCTAssertNil(configuration.severities["target-size"], "options alone keep an enabled rule's default")
        XCTAssertEqual(configuration.severities["excessive-hit-expansion"], .warning, "options alone turn an off rule on")
        XCTAssertEqual(configuration.include.map(\.pattern), ["*.yaml"], "one pattern may stand alone")
    }

    func testEmptyConfigurationsAreFine() throws {
        XCTAssertNil(try parse("").profile)
        XCTAssertNil(try parse("# only a comment\n\n   # another\n").profile)
        XCTAssertTrue(try parse("rules:\n  # dead-gap: off\n").severities.isEmpty)
        XCTAssertNil(try parse("{}", format: .json).profile)
    }

    func testMistakesNameTheLineColumnAndClosestName() {
        XCTAssertEqual(problem("profile: ios\nprofil: ios\n"), ".hitlint.yml:2:1: unknown key 'profil'; did you mean 'profile'?")
        XCTAssertEqual(problem("rules:\n  dead-gaps: off\n"), ".hitlint.yml:2:3: unknown rule 'dead-gaps'; did you mean 'dead-gap'?")
        XCTAssertEqual(problem("rules:\n  dead-gap: {maxgap: 3pt}\n"), ".hitlint.yml:2:14: unknown option 'maxgap' for dead-gap; did you mean 'maxGap'?")
        XCTAssertEqual(problem("rules:\n  dead-gap: {severity: eror}\n"), ".hitlint.yml:2:24: unknown severity 'eror'; did you mean 'error'? (one of: error, warning, info, off)")
        XCTAssertEqual(problem("rules:\n  dead-gap: warn\n"), ".hitlint.yml:2:13: unknown severity 'warn'; did you mean 'warning'? (one of: error, warning, info, off)")
        XCTAssertEqual(problem("profile: wcag\n"), ".hitlint.yml:1:10: unknown profile 'wcag'; did you mean 'wcag-aa'? (one of: ios, macos, tvos, visionos, android, wcag-aa, wcag-aaa)")
        XCTAssertEqual(problem("platform: ios\n"), ".hitlint.yml:1:11: unknown platform 'ios' (one of: uikit, android, web)")
        XCTAssertEqual(problem("input: mouse\n"), ".hitlint.yml:1:8: unknown input 'mouse' (one of: touch, pointer)")
        XCTAssertTrue(problem("rules:\n  duplicate-id: {maxGap: 3pt}\n").hasSuffix("(duplicate-id takes only 'severity')"))
    }

    func testBadValuesAreErrors() {
        XCTAssertEqual(problem("rules:\n  target-size: {minSize: big}\n"),
                       ".hitlint.yml:2:26: 'minSize' of target-size must be a positive length with a unit: pt, dp, px or mm (44pt, 48dp, 24px, 9mm), found 'big'")
        XCTAssertEqual(problem("rules:\n  dead-gap: {maxGap: -3}\n"),
                       ".hitlint.yml:2:22: 'maxGap' of dead-gap must be a positive length with a unit: pt, dp, px or mm (44pt, 48dp, 24px, 9mm), found -3")
        XCTAssertEqual(problem("rules:\n  target-size: {spacingException: yes}\n"),
                       ".hitlint.yml:2:35: 'spacingException' of target-size must be true or false, found 'yes'")
        XCTAssertEqual(problem("rules:\n  dead-gap: false\n"),
                       ".hitlint.yml:2:13: dead-gap takes a severity (error, warning, info, off) or a mapping such as { severity: warning }, found false")
        XCTAssertEqual(problem("rules:\n  dead-gap: {severity: false}\n"),
                       ".hitlint.yml:2:24: a severity must be one of error, warning, info, off, found false; write 'off' to turn a rule off")
        XCTAssertEqual(problem("rules:\n  invalid-layout: warning\n"), ".hitlint.yml:2:19: invalid-layout is always an error")
        XCTAssertEqual(problem("- profile\n"), ".hitlint.yml:1:1: a configuration must be a mapping of keys (profile, platform, input, include, exclude, rules, figmaTargets, overrides), found a list")
        XCTAssertEqual(problem("include: [3]\n"), ".hitlint.yml:1:11: 'include' must be a string, found 3")
        let tooLong = Array(repeating: "**/x", count: 200).joined(separator: "/")
        XCTAssertEqual(problem("exclude: ['\(tooLong)']\n"),
                       ".hitlint.yml:1:11: a pattern in 'exclude' has 400 segments; at most 256 are supported")
        XCTAssertEqual(problem("rules: [dead-gap]\n"), ".hitlint.yml:1:8: 'rules' must map rule ids to a severity or to options, found a list")
        XCTAssertEqual(problem("{\"profile\": \"ios\", \"profile\": \"tvos\"}", format: .json),
                       ".hitlint.yml:1:20: duplicate key 'profile' (first on line 1)")
    }

    /// Issue 33: a length needs its unit (a bare 44 is 44 pt to one reader and
    /// 44 px to another), is written in decimal (not `0x1p3`, which `Double`
    /// reads), and dead-gap's `minGap` may not exceed its `maxGap`.
    func testLengthsNeedAUnitAndDecimalDigitsAndGapBoundsMustBeOrdered() {
        let expected = "must be a positive length with a unit: pt, dp, px or mm (44pt, 48dp, 24px, 9mm)"
        XCTAssertEqual(problem("rules:\n  target-size: {minSize: 44}\n"),
                       ".hitlint.yml:2:26: 'minSize' of target-size \(expected), found 44")
        XCTAssertEqual(problem("rules:\n  target-size: {minSize: '44'}\n"),
                       ".hitlint.yml:2:26: 'minSize' of target-size \(expected), found '44'")
        for text in ["0x1p3pt", "0x10pt", "1e2pt", "+44pt", "4.4.4pt", ".pt", "inf pt", "nanpt", "44 pt pt", "0pt"] {
            XCTAssertEqual(problem("rules:\n  target-size: {minSize: '\(text)'}\n"),
                           ".hitlint.yml:2:26: 'minSize' of target-size \(expected), found '\(text)'", text)
        }
        for text in ["44pt", "48DP", "24px", "9mm", "7.5 mm", "0.5pt", ".5pt", "44.pt"] {
            XCTAssertNotNil(Length(text), text)
        }
        XCTAssertEqual(problem("rules:\n  dead-gap: {minGap: 10pt, maxGap: 4dp}\n"),
                       ".hitlint.yml:2:14: 'minGap' of dead-gap (10 pt) is more than its 'maxGap' (4 dp), so the rule could report nothing; make 'minGap' at most 'maxGap'")
        XCTAssertEqual(problem("rules:\n  dead-gap: {maxGap: 1mm, minGap: 2mm}\n"),
                       ".hitlint.yml:2:27: 'minGap' of dead-gap (2 mm) is more than its 'maxGap' (1 mm), so the rule could report nothing; make 'minGap' at most 'maxGap'")
        XCTAssertNoThrow(try parse("rules:\n  dead-gap: {minGap: 4pt, maxGap: 4pt}\n"), "equal bounds report gaps of exactly that width")

        let folder = try? TemporaryFolder()
        let layout = (try? folder?.write("clean.yaml", Layouts.clean)) ?? nil
        for text in ["5", "0x1p3pt", "1e1pt"] {
            let run = runCommand(["--min-size", text, layout ?? "clean.yaml"])
            XCTAssertEqual(run.status, 2, text)
            XCTAssertEqual(run.error, "hitlint: --min-size takes a positive length with a unit: pt, dp, px or mm (44pt, 48dp, 24px, 9mm), found '\(text)'\n", text)
        }
    }

    func testSyntaxErrorsAreLocated() {
        let unclosed = problem("profile: ios\nrules: {dead-gap: off\n")
        XCTAssertEqual(unclosed, ".hitlint.yml:2:8: unterminated flow mapping (missing '}')")
        XCTAssertTrue(problem("include: *.yaml\n").hasPrefix(".hitlint.yml:1:10: "), "an unquoted * is a YAML alias")
    }

    func testFindsTheNearestConfigurationUpwards() throws {
        let folder = try TemporaryFolder()
        try folder.write(".hitlint.yml", "profile: tvos\n")
        try folder.write("app/.hitlint.yml", "profile: android\n")
        try folder.write("app/screens/deep/x.txt", "")
        XCTAssertEqual(Configuration.find(from: folder.path + "/app/screens/deep"), folder.path + "/app/.hitlint.yml")
        XCTAssertEqual(Configuration.find(from: folder.path), folder.path + "/.hitlint.yml")
        try folder.write("other/.hitlint.yml/keep", "")  // a folder of that name is not a configuration
        XCTAssertEqual(Configuration.find(from: folder.path + "/other"), folder.path + "/.hitlint.yml")
    }

    func testARunUsesTheNearestConfigurationAndTheCommandLineWins() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("Layouts/clean.yaml", Layouts.clean)
        try folder.write(".hitlint.yml", "profile: tvos\n")
        try folder.write("Layouts/deep/note.txt", "")
        let inDeepFolder = runCommand([layout], in: folder.path + "/Layouts/deep")
        XCTAssertEqual(inDeepFolder.status, 1)
        XCTAssertTrue(inDeepFolder.output.contains("minimum is 66×66 pt (tvos)"), inDeepFolder.output)
        XCTAssertEqual(runCommand(["--profile", "ios", layout], in: folder.path).status, 0, "--profile overrides profile:")

        try folder.write(".hitlint.yml", "rules:\n  target-size: off\n")
        XCTAssertEqual(runCommand([try folder.write("small.yaml", Layouts.small)], in: folder.path).status, 0)
        XCTAssertEqual(runCommand(["--rule", "target-size=error", folder.path + "/small.yaml"], in: folder.path).status, 1,
                       "--rule overrides rules:")

        try folder.write(".hitlint.yml", "rules:\n  target-size: {minSize: 9mm}\n")
        XCTAssertTrue(runCommand([layout], in: folder.path).output.contains("minimum is 57.76×57.76 pt (9 mm)"))
        XCTAssertTrue(runCommand(["--min-size", "40pt", layout], in: folder.path).output.hasPrefix("0 errors"), "--min-size overrides minSize")

        try folder.write("strict.yml", "platform: android\n")
        let explicit = runCommand(["--config", folder.path + "/strict.yml", layout], in: folder.path)
        XCTAssertTrue(explicit.output.contains("minimum is 48×48 dp (android)"), "--config replaces the nearest file")
    }

    func testBadConfigurationExitsTwoNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let layout = try folder.write("clean.yaml", Layouts.clean)
        try folder.write(".hitlint.yml", "rules:\n  target-sizes: off\n")
        let result = runCommand([layout], in: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.error, "hitlint: .hitlint.yml:2:3: unknown rule 'target-sizes'; did you mean 'target-size'?\n")
        XCTAssertEqual(result.output, "", "nothing is linted with a bad configuration")
        let missing = runCommand(["--config", "nope.yml", layout], in: folder.path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.error, "hitlint: nope.yml: no such configuration file\n")
    }

    /// Issue 33: a `.hitlint.yml` that is a symlink leading nowhere, or to
    /// itself, stops the run with a message (it was skipped, and the run went
    /// on with the configuration of a parent folder, or none).
    func testABrokenOrLoopingConfigurationLinkIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write(".hitlint.yml", "profile: tvos\n")  // a parent's, which must not be used instead
        let layout = try folder.write("app/small.yaml", Layouts.small)
        let app = folder.path + "/app"
        try FileManager.default.createSymbolicLink(atPath: app + "/.hitlint.yml", withDestinationPath: "shared/hitlint.yml")
        let dangling = runCommand([layout], in: app)
        XCTAssertEqual(dangling.status, 2)
        XCTAssertEqual(dangling.error, "hitlint: .hitlint.yml: cannot read configuration file: broken symbolic link (what it points to does not exist)\n")
        XCTAssertEqual(dangling.output, "")

        try FileManager.default.removeItem(atPath: app + "/.hitlint.yml")
        try FileManager.default.createSymbolicLink(atPath: app + "/.hitlint.yml", withDestinationPath: ".hitlint.yml")
        let looping = runCommand([layout], in: app)
        XCTAssertEqual(looping.status, 2)
        XCTAssertEqual(looping.error, "hitlint: .hitlint.yml: cannot read configuration file: symbolic link loop (too many levels of symbolic links)\n")
        let named = runCommand(["--config", ".hitlint.yml", layout], in: app)
        XCTAssertEqual(named.error, looping.error, "named or found, the same message")
    }

    func testIncludeAndExcludeChooseTheFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("Layouts/a.yaml", Layouts.small)
        try folder.write("Layouts/Generated/b.yaml", Layouts.small)
        try folder.write("Layouts/c.json", "{\"root\": {\"frame\": [0, 0, 10, 10]}}")
        try folder.write("Other/d.yaml", Layouts.small)
        try folder.write(".hitlint.yml", "include: [\"Layouts/**\"]\nexclude: [\"**/Generated/**\", \"*.json\"]\n")
        let result = runCommand(["."], in: folder.path)
        XCTAssertEqual(result.output.split(separator: "\n").filter { $0.contains("error:") }.map { String($0.prefix(15)) },
                       ["Layouts/a.yaml:"])
        XCTAssertTrue(result.output.hasSuffix("in 1 file\n"), result.output)

        // Patterns are relative to the configuration's folder, wherever the run starts.
        let fromSubfolder = runCommand(["."], in: folder.path + "/Layouts")
        XCTAssertTrue(fromSubfolder.output.hasPrefix("a.yaml:1:"), fromSubfolder.output)
        XCTAssertTrue(fromSubfolder.output.hasSuffix("in 1 file\n"))

        try folder.write(".hitlint.yml", "include: [\"Nothing/**\"]\n")
        let none = runCommand([folder.path + "/Layouts"], in: folder.path)
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.error, "hitlint: no layout files to lint: 3 skipped by include/exclude in .hitlint.yml\n")
    }

    func testInitWritesACommentedConfigurationThatIsValidAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let result = runCommand(["init"], in: folder.path)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "wrote .hitlint.yml\n")
        let text = try folder.read(".hitlint.yml")
        XCTAssertEqual(text, ConfigurationTemplate.text)
        let configuration = try parse(text)
        XCTAssertTrue(configuration.severities.isEmpty && configuration.ruleOptions.isEmpty && configuration.profile == nil)
        XCTAssertEqual(runCommand([try folder.write("small.yaml", Layouts.small)], in: folder.path).status, 1, "defaults unchanged")

        // Every rule is listed, and each commented setting is valid once uncommented.
        for rule in RuleRegistry.descriptions where rule.id != RuleID.invalidLayout {
            XCTAssertTrue(text.contains("  # \(rule.id): \(rule.defaultSeverity.rawValue)\n"), rule.id)
        }
        // "  # dead-gap: warning" and "  # dead-gap: { severity: warning, maxGap: 22pt }";
        // "  #   maxGap (default: ...)" lines explain and are not settings.
        let ruleLines = text.split(separator: "\n").filter { $0.hasPrefix("  # ") && !$0.hasPrefix("  #   ") }
        let rulesWithOptions = RuleRegistry.descriptions.filter { !$0.options.isEmpty }.count
        XCTAssertEqual(ruleLines.count, RuleRegistry.descriptions.count - 1 + rulesWithOptions)
        for line in ruleLines {
            let uncommented = "rules:\n  " + line.dropFirst(4) + "\n"
            XCTAssertNoThrow(try parse(uncommented), uncommented)
        }
        for key in ["profile", "platform", "input", "include", "exclude"] {
            let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("# \(key): ") })
            let setting = line.dropFirst(2).split(separator: "#")[0]
            XCTAssertNoThrow(try parse(String(setting)), String(setting))
        }
    }

    func testInitRefusesToOverwrite() throws {
        let folder = try TemporaryFolder()
        try folder.write(".hitlint.yml", "profile: tvos\n")
        let result = runCommand(["init"], in: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.error, "hitlint: .hitlint.yml already exists; edit it, or remove it to start again\n")
        XCTAssertEqual(try folder.read(".hitlint.yml"), "profile: tvos\n")
        XCTAssertEqual(runCommand(["init", "--config", "ci.yml"], in: folder.path).status, 0)
        XCTAssertEqual(try folder.read("ci.yml"), ConfigurationTemplate.text)
        XCTAssertEqual(runCommand(["init", "somewhere"], in: folder.path).status, 2)
    }
}
