import Foundation
import XCTest
@testable import HitLintKit

/// Checks hitlint's SARIF against the SARIF 2.1.0 schema for every object it
/// emits (required properties, types, enums, minimums, no properties the schema
/// does not allow) and against what GitHub code scanning relies on (unique rule
/// ids, `ruleIndex` pointing at the rule of `ruleId`, relative URIs with a base,
/// fingerprints). The schema's objects are written out below, not fetched.
final class SARIFStructureTests: XCTestCase {
    func testFixturesRunIsValid() throws {
        let output = runCommand(["--format", "sarif", "Tests/HitLintKitTests/Fixtures/ci", "Examples"], in: TestSupport.packageRoot.path).output
        let problems = try SARIFValidator.validate(output)
        XCTAssertEqual(problems, [])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertGreaterThan(results.count, 20, "enough results to mean something")
        XCTAssertEqual(Set(results.compactMap { $0["level"] as? String }), ["error", "warning", "note"])
    }

    func testCleanRunAndRunWithFixesAreValid() throws {
        let clean = Linter().lint(source: SourceText(Layouts.clean), format: .yaml, path: "/p/clean.yaml")
        XCTAssertEqual(try SARIFValidator.validate(SARIFReporter(currentDirectory: "/p").report([clean])), [])
        XCTAssertEqual(try SARIFValidator.validate(SARIFReporter(currentDirectory: "/p").report([])), [])

        var fixed = Linter().lint(source: SourceText(Layouts.small), format: .yaml, path: "/p/small.yaml")
        fixed.diagnostics[0].fix = Fix(description: "grow it", edits: [
            TextEdit(span: SourceSpan(start: 80, end: 96), replacement: "[10, 10, 44, 44]"),
            TextEdit(span: SourceSpan(start: 96, end: 96), replacement: ", hitInsets: 0"),
        ])
        let outside = Linter().lint(source: SourceText(Layouts.small), format: .yaml, path: "/elsewhere/small.yaml")
        let text = SARIFReporter(currentDirectory: "/p").report([fixed, outside])
        XCTAssertTrue(text.contains("\"artifactChanges\""))
        XCTAssertEqual(try SARIFValidator.validate(text, requireRelativeURIs: false), [])
    }

    /// The validator must be able to fail, or the tests above prove nothing.
    func testValidatorFindsBrokenLogs() throws {
        let good = SARIFReporter(currentDirectory: "/p").report([Linter().lint(source: SourceText(Layouts.small), format: .yaml, path: "/p/a.yaml")])
        func broken(_ from: String, _ to: String) throws -> [String] {
            XCTAssertTrue(good.contains(from), from)
            return try SARIFValidator.validate(good.replacingOccurrences(of: from, with: to))
        }
        XCTAssertEqual(try broken("\"version\": \"2.1.0\"", "\"version\": \"2.0.0\""), ["$.version: must be one of [\"2.1.0\"]"])
        XCTAssertEqual(try broken("\"level\": \"error\",\n", "\"level\": \"fatal\",\n"), ["$.runs[0].results[0].level: must be one of [\"none\", \"note\", \"warning\", \"error\"]"])
        XCTAssertEqual(try broken("\"ruleIndex\": 0", "\"ruleIndex\": 2"), ["$.runs[0].results[0].ruleIndex: points at clipped-target, not target-size"])
        XCTAssertEqual(try broken("\"startLine\": 1", "\"startLine\": 0"), ["$.runs[0].results[0].locations[0].physicalLocation.region.startLine: must be at least 1",
                        "$.runs[0].results[0].fixes[0].artifactChanges[0].replacements[0].deletedRegion.startLine: must be at least 1"])
        XCTAssertEqual(try broken("\"message\": {\"text\"", "\"message\": {\"txt\""),
                       ["$.runs[0].results[0].message: property 'txt' is not allowed", "$.runs[0].results[0].message: needs 'text' or 'id'"])
        XCTAssertEqual(try broken("\"uri\": \"a.yaml\"", "\"uri\": \"a b.yaml\""), ["$.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri: not a URI reference: a b.yaml",
                        "$.runs[0].results[0].fixes[0].artifactChanges[0].artifactLocation.uri: not a URI reference: a b.yaml"])
        XCTAssertEqual(try broken("\"enabled\": false", "\"enabled\": 0"), ["$.runs[0].tool.driver.rules[7].defaultConfiguration.enabled: must be a boolean"])
        XCTAssertEqual(try broken("\"ruleIndex\": 0", "\"ruleIndex\": true"), ["$.runs[0].results[0].ruleIndex: must be an integer"])
        XCTAssertEqual(try broken("\"id\": \"clipped-target\"", "\"id\": \"target-size\""), ["$.runs[0].tool.driver.rules: ids must be unique (target-size twice)"])
    }
}

/// A structural check of a SARIF 2.1.0 log, object by object, as the schema
/// defines the objects hitlint writes.
struct SARIFValidator {
    private(set) var problems: [String] = []
    var requireRelativeURIs: Bool
    var ruleIDs: [String] = []

    static let levels = ["none", "note", "warning", "error"]

    static func validate(_ text: String, requireRelativeURIs: Bool = true) throws -> [String] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        var validator = SARIFValidator(requireRelativeURIs: requireRelativeURIs)
        validator.log(value, "$")
        return validator.problems
    }

    /// JSONSerialization gives NSNumbers; `is Bool` holds for 0 and 1 too, the encoding tells them apart.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private mutating func fail(_ path: String, _ message: String) { problems.append("\(path): \(message)") }

    /// An object with only the properties the schema allows and all it requires.
    private mutating func object(_ value: Any?, _ path: String, allowed: [String], required: [String] = []) -> [String: Any]? {
        guard let object = value as? [String: Any] else {
            fail(path, "must be an object")
            return nil
        }
        for key in object.keys.sorted() where !allowed.contains(key) { fail(path, "property '\(key)' is not allowed") }
        for key in required where object[key] == nil { fail(path, "requires '\(key)'") }
        return object
    }

    private mutating func string(_ value: Any?, _ path: String, oneOf choices: [String]? = nil) {
        guard let value else { return }
        guard let text = value as? String else { return fail(path, "must be a string") }
        if let choices, !choices.contains(text) {
            fail(path, "must be one of [\(choices.map { "\"\($0)\"" }.joined(separator: ", "))]")
        }
    }

    private mutating func integer(_ value: Any?, _ path: String, minimum: Int) {
        guard let value else { return }
        guard let number = value as? Int, !Self.isBoolean(value) else { return fail(path, "must be an integer") }
        if number < minimum { fail(path, "must be at least \(minimum)") }
    }

    private mutating func array(_ value: Any?, _ path: String, minItems: Int = 0) -> [Any] {
        guard let value else { return [] }
        guard let items = value as? [Any] else {
            fail(path, "must be an array")
            return []
        }
        if items.count < minItems { fail(path, "needs at least \(minItems) item(s)") }
        return items
    }

    private mutating func log(_ value: Any, _ path: String) {
        guard let log = object(value, path, allowed: ["$schema", "version", "runs", "inlineExternalProperties", "properties"],
                               required: ["version", "runs"]) else { return }
        string(log["$schema"], path + ".$schema")
        if let schema = log["$schema"] as? String, URL(string: schema)?.scheme == nil { fail(path + ".$schema", "must be an absolute URI") }
        string(log["version"], path + ".version", oneOf: ["2.1.0"])
        for (index, run) in array(log["runs"], path + ".runs").enumerated() { self.run(run, "\(path).runs[\(index)]") }
    }

    private mutating func run(_ value: Any, _ path: String) {
        guard let run = object(value, path, allowed: [
            "tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
            "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid",
            "redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind",
            "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses", "translations",
            "policies", "webRequests", "webResponses", "specialLocations", "properties",
        ], required: ["tool"]) else { return }
        string(run["columnKind"], path + ".columnKind", oneOf: ["utf16CodeUnits", "unicodeCodePoints"])
        if let tool = object(run["tool"], path + ".tool", allowed: ["driver", "extensions", "properties"], required: ["driver"]) {
            driver(tool["driver"], path + ".tool.driver")
        }
        for (index, result) in array(run["results"], path + ".results").enumerated() { self.result(result, "\(path).results[\(index)]") }
    }

    private mutating func driver(_ value: Any?, _ path: String) {
        guard let driver = object(value, path, allowed: [
            "guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription", "fullName",
            "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri", "informationUri",
            "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language", "contents",
            "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
            "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties",
        ], required: ["name"]) else { return }
        string(driver["name"], path + ".name")
        string(driver["semanticVersion"], path + ".semanticVersion")
        if let version = driver["semanticVersion"] as? String, version.split(separator: ".").count != 3 {
            fail(path + ".semanticVersion", "must be MAJOR.MINOR.PATCH")
        }
        string(driver["informationUri"], path + ".informationUri")
        if let uri = driver["informationUri"] as? String, URL(string: uri)?.scheme == nil { fail(path + ".informationUri", "must be an absolute URI") }
        let rules = array(driver["rules"], path + ".rules")
        if rules.isEmpty { fail(path + ".rules", "GitHub needs every rule described") }
        for (index, rule) in rules.enumerated() { self.rule(rule, "\(path).rules[\(index)]") }
        var seen = Set<String>()
        for id in ruleIDs where !seen.insert(id).inserted { fail(path + ".rules", "ids must be unique (\(id) twice)") }
    }

    private mutating func rule(_ value: Any, _ path: String) {
        guard let rule = object(value, path, allowed: [
            "id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
            "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships", "properties",
        ], required: ["id"]) else { return }
        string(rule["id"], path + ".id")
        ruleIDs.append(rule["id"] as? String ?? "")
        string(rule["name"], path + ".name")
        // What GitHub shows: a title, a description, help and a level for every rule.
        for key in ["shortDescription", "fullDescription", "help"] {
            if rule[key] == nil { fail(path, "GitHub needs '\(key)'") }
            multiformatMessage(rule[key], "\(path).\(key)")
        }
        if rule["defaultConfiguration"] == nil { fail(path, "GitHub needs 'defaultConfiguration'") }
        if let configuration = object(rule["defaultConfiguration"], path + ".defaultConfiguration",
                                      allowed: ["enabled", "level", "rank", "parameters", "properties"]) {
            string(configuration["level"], path + ".defaultConfiguration.level", oneOf: Self.levels)
            if let enabled = configuration["enabled"], !Self.isBoolean(enabled) { fail(path + ".defaultConfiguration.enabled", "must be a boolean") }
        }
        if let properties = rule["properties"] {
            let bag = object(properties, path + ".properties", allowed: ["tags"])
            let tags = array(bag?["tags"], path + ".properties.tags")
            if tags.contains(where: { !($0 is String) }) { fail(path + ".properties.tags", "must be strings") }
            if Set(tags.compactMap { $0 as? String }).count != tags.count { fail(path + ".properties.tags", "must be unique") }
        }
    }

    private mutating func multiformatMessage(_ value: Any?, _ path: String) {
        guard let value else { return }
        guard let message = object(value, path, allowed: ["text", "markdown", "properties"], required: ["text"]) else { return }
        string(message["text"], path + ".text")
        string(message["markdown"], path + ".markdown")
    }

    private mutating func message(_ value: Any?, _ path: String) {
        guard let message = object(value, path, allowed: ["text", "markdown", "id", "arguments", "properties"]) else { return }
        if message["text"] == nil, message["id"] == nil { fail(path, "needs 'text' or 'id'") }
        string(message["text"], path + ".text")
    }

    private mutating func result(_ value: Any, _ path: String) {
        guard let result = object(value, path, allowed: [
            "ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
            "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs",
            "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank", "attachments",
            "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest", "webResponse", "properties",
        ], required: ["message"]) else { return }
        string(result["ruleId"], path + ".ruleId")
        integer(result["ruleIndex"], path + ".ruleIndex", minimum: -1)
        if let id = result["ruleId"] as? String {
            if let index = result["ruleIndex"] as? Int, index >= 0, !Self.isBoolean(result["ruleIndex"]!) {
                if index >= ruleIDs.count { fail(path + ".ruleIndex", "no rule \(index)") }
                else if ruleIDs[index] != id { fail(path + ".ruleIndex", "points at \(ruleIDs[index]), not \(id)") }
            } else if !ruleIDs.contains(id) {
                fail(path + ".ruleId", "\(id) is not among the driver's rules")
            }
        }
        string(result["level"], path + ".level", oneOf: Self.levels)
        message(result["message"], path + ".message")
        let locations = array(result["locations"], path + ".locations")
        if locations.count != 1 { fail(path + ".locations", "hitlint gives exactly one location") }
        for (index, location) in locations.enumerated() {
            guard let location = object(location, "\(path).locations[\(index)]", allowed: [
                "id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties",
            ]) else { continue }
            physicalLocation(location["physicalLocation"], "\(path).locations[\(index)].physicalLocation")
        }
        if let fingerprints = result["partialFingerprints"] {
            guard let map = fingerprints as? [String: Any], !map.isEmpty, map.values.allSatisfy({ $0 is String }) else {
                return fail(path + ".partialFingerprints", "must map names to strings")
            }
        } else {
            fail(path, "GitHub needs 'partialFingerprints' to follow alerts across runs")
        }
        for (index, fix) in array(result["fixes"], path + ".fixes").enumerated() { self.fix(fix, "\(path).fixes[\(index)]") }
    }

    private mutating func physicalLocation(_ value: Any?, _ path: String) {
        guard let location = object(value, path, allowed: ["address", "artifactLocation", "region", "contextRegion", "properties"]) else { return }
        if location["address"] == nil, location["artifactLocation"] == nil { fail(path, "needs 'address' or 'artifactLocation'") }
        artifactLocation(location["artifactLocation"], path + ".artifactLocation")
        if location["region"] == nil { fail(path, "GitHub needs a region") }
        region(location["region"], path + ".region")
    }

    private mutating func artifactLocation(_ value: Any?, _ path: String) {
        guard let value else { return }
        guard let location = object(value, path, allowed: ["uri", "uriBaseId", "index", "description", "properties"]) else { return }
        string(location["uri"], path + ".uri")
        string(location["uriBaseId"], path + ".uriBaseId")
        guard let uri = location["uri"] as? String else { return fail(path, "GitHub needs a 'uri'") }
        // A URI reference (RFC 3986): no spaces, controls or characters outside its set.
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
        if uri.unicodeScalars.contains(where: { !allowed.contains($0) }) || URL(string: uri) == nil {
            fail(path + ".uri", "not a URI reference: \(uri)")
        }
        let isRelative = URL(string: uri)?.scheme == nil
        if isRelative, location["uriBaseId"] == nil { fail(path, "a relative uri needs a uriBaseId") }
        if requireRelativeURIs, !isRelative { fail(path + ".uri", "must be relative to the repository") }
        if isRelative, uri.hasPrefix("/") || uri.hasPrefix("./") || uri.contains("\\") { fail(path + ".uri", "must be a clean relative path: \(uri)") }
    }

    private mutating func region(_ value: Any?, _ path: String) {
        guard let value else { return }
        guard let region = object(value, path, allowed: [
            "startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength",
            "snippet", "message", "sourceLanguage", "properties",
        ]) else { return }
        for key in ["startLine", "startColumn", "endLine", "endColumn"] {
            if region[key] == nil { fail(path, "hitlint gives '\(key)'") }
            integer(region[key], "\(path).\(key)", minimum: 1)
        }
        if let startLine = region["startLine"] as? Int, let endLine = region["endLine"] as? Int,
           let startColumn = region["startColumn"] as? Int, let endColumn = region["endColumn"] as? Int,
           (endLine, endColumn) < (startLine, startColumn) {
            fail(path, "ends before it starts")
        }
    }

    private mutating func fix(_ value: Any, _ path: String) {
        guard let fix = object(value, path, allowed: ["description", "artifactChanges", "properties"], required: ["artifactChanges"]) else { return }
        if let description = fix["description"] { message(description, path + ".description") }
        for (index, change) in array(fix["artifactChanges"], path + ".artifactChanges", minItems: 1).enumerated() {
            let changePath = "\(path).artifactChanges[\(index)]"
            guard let change = object(change, changePath, allowed: ["artifactLocation", "replacements", "properties"],
                                      required: ["artifactLocation", "replacements"]) else { continue }
            artifactLocation(change["artifactLocation"], changePath + ".artifactLocation")
            for (position, replacement) in array(change["replacements"], changePath + ".replacements", minItems: 1).enumerated() {
                let replacementPath = "\(changePath).replacements[\(position)]"
                guard let replacement = object(replacement, replacementPath, allowed: ["deletedRegion", "insertedContent", "properties"],
                                               required: ["deletedRegion"]) else { continue }
                region(replacement["deletedRegion"], replacementPath + ".deletedRegion")
                if let content = replacement["insertedContent"],
                   let inserted = object(content, replacementPath + ".insertedContent", allowed: ["text", "binary", "rendered", "properties"]) {
                    string(inserted["text"], replacementPath + ".insertedContent.text")
                }
            }
        }
    }
}
