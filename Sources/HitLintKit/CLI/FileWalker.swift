import Foundation

/// Finds layout files under the paths given on the command line: folders are
/// searched recursively for `*.json`, `*.yaml`, `*.yml`, skipping hidden
/// folders and `.build`, never following a symlinked folder twice.
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
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Problem(path: path, message: "no such file or folder"))
                continue
            }
            if isDirectory.boolValue {
                walk(path, into: &found, problems: &problems, visited: [])
            } else {
                found.append(path)
            }
        }
        var seen = Set<String>()
        let unique = found.filter { seen.insert($0).inserted }
        return (unique.sorted(), problems)
    }

    private func walk(_ folder: String, into found: inout [String], problems: inout [Problem], visited: Set<String>) {
        let manager = FileManager.default
        // Resolve symlinks so a loop is seen for what it is.
        let real = (try? manager.destinationOfSymbolicLink(atPath: folder)).map {
            $0.hasPrefix("/") ? $0 : (folder as NSString).deletingLastPathComponent + "/" + $0
        } ?? folder
        let canonical = URL(fileURLWithPath: real).resolvingSymlinksInPath().path
        guard !visited.contains(canonical) else { return }
        var visited = visited
        visited.insert(canonical)
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
                walk(path, into: &found, problems: &problems, visited: visited)
            } else if SourceFormat(path: path) != nil {
                found.append(path)
            }
        }
    }
}
