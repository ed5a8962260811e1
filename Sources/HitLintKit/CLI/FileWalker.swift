import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Finds layout files under the paths given on the command line: folders are
/// searched recursively for `*.json`, `*.yaml`, `*.yml`, skipping hidden
/// entries (and so `.build`), never walking one real folder twice.
public struct FileWalker {
    public struct Problem: Error, Sendable {
        public var path: String
        public var message: String
    }

    public init() {}

    /// Files in a stable order (sorted by path), and problems with the paths.
    public func files(in paths: [String]) -> (files: [String], problems: [Problem]) {
        var found: [String] = []
        var problems: [Problem] = []
        let manager = FileManager.default
        var visited = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Problem(path: path, message: Self.whyMissing(path)))
                continue
            }
            if isDirectory.boolValue {
                walk(path, into: &found, problems: &problems, visited: &visited)
            } else {
                found.append(path)
            }
        }
        var seen = Set<String>()
        let unique = found.filter { seen.insert($0).inserted }
        return (unique.sorted(), problems)
    }

    /// A path that is not there: missing, or a symlink that leads nowhere.
    static func whyMissing(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return "no such file or folder" }
        guard stat(path, &info) != 0 else { return "cannot read" }
        return errno == ELOOP
            ? "symbolic link loop (too many levels of symbolic links)"
            : "broken symbolic link (what it points to does not exist)"
    }

    /// Walks each real folder once per run, under the first name it is reached by:
    /// a symlink loop ends there, and so do links that reach one folder by many
    /// routes (two links per level, n levels deep, would be 2ⁿ walks).
    private func walk(_ folder: String, into found: inout [String], problems: inout [Problem], visited: inout Set<String>) {
        let manager = FileManager.default
        guard visited.insert(ProjectPath.real(folder)).inserted else { return }
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else {
            problems.append(Problem(path: folder, message: "cannot read folder"))
            return
        }
        for entry in entries.sorted() {
            if entry.hasPrefix(".") { continue }
            // `hitlint .` reports `Layouts/a.yaml`, not `./Layouts/a.yaml`.
            let path = folder == "." ? entry : folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(path, into: &found, problems: &problems, visited: &visited)
            } else if SourceFormat(path: path) != nil {
                found.append(path)
            }
        }
    }
}
