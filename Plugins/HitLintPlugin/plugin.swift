import Foundation
import PackagePlugin

/// `swift package hitlint [--target NAME]... [hitlint options]`: lints the
/// package's layout files with the `hitlint` built from this package.
///
/// hitlint runs in the package's folder, so the package's `.hitlint.yml` applies
/// and paths are reported relative to it. The options are passed on as they are
/// (`--format sarif --output hitlint.sarif`, `--strict`, ...); the folders of the
/// `--target`s, or else the whole package folder, are the paths it lints.
@main
struct HitLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let options = extractor.remainingArguments
        let packageFolder = context.package.directoryURL
        var paths = ["."]
        if !targetNames.isEmpty {
            // A target's layout files and resource folders, as SwiftPM lists them
            // (`Target.directoryURL` needs tools 6.1).
            paths = try context.package.targets(named: targetNames).flatMap { target -> [String] in
                let files = target.sourceModule?.sourceFiles.map(\.url) ?? []
                return files.filter { isFolder($0) || ["json", "yaml", "yml"].contains($0.pathExtension.lowercased()) }
                    .map { relativePath(of: $0, in: packageFolder) }
                    .sorted()
            }
            if paths.isEmpty {
                print("hitlint: no layout files in \(targetNames.joined(separator: ", "))")
                return
            }
        }

        let process = Process()
        process.executableURL = try context.tool(named: "hitlint").url
        process.arguments = options + paths
        process.currentDirectoryURL = packageFolder
        try process.run()
        process.waitUntilExit()

        // hitlint has written its report and messages; the error only makes
        // `swift package` fail the way hitlint did.
        switch process.terminationStatus {
        case 0: return
        case 1: throw HitLintPluginError.problemsFound
        default: throw HitLintPluginError.failed(process.terminationStatus)
        }
    }

    private func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func relativePath(of folder: URL, in package: URL) -> String {
        let base = package.standardizedFileURL.path
        let path = folder.standardizedFileURL.path
        guard path.hasPrefix(base + "/") else { return path }
        return String(path.dropFirst(base.count + 1))
    }
}

enum HitLintPluginError: Error, CustomStringConvertible {
    case problemsFound
    case failed(Int32)

    var description: String {
        switch self {
        case .problemsFound: return "hitlint found problems in the package's layout files"
        case .failed(let status): return "hitlint could not lint the package (exit status \(status))"
        }
    }
}
