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
        guard visited.insert(ProjectPath.real(folder)).inserted else { return }
        guard let entries = Self.entries(of: folder) else {
            problems.append(Problem(path: folder, message: "cannot read folder"))
            return
        }
        let manager = FileManager.default
        for (name, type) in entries {
            // `hitlint .` reports `Layouts/a.yaml`, not `./Layouts/a.yaml`.
            let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            // The folder listing says what most entries are: a stat per file, in
            // the one part of a run that no other core can help with, only for
            // links and entries the file system does not type.
            switch type {
            case .folder:
                walk(path, into: &found, problems: &problems, visited: &visited)
            case .file:
                if SourceFormat(path: path) != nil { found.append(path) }
            case .other:
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

    private enum EntryType { case folder, file, other }

    /// The visible entries of a folder (hidden ones, `.` and `..` left out), sorted
    /// by name, with what `readdir` says they are; nil if it cannot be read.
    private static func entries(of folder: String) -> [(name: String, type: EntryType)]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, type: EntryType)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name.hasPrefix(".") { continue }
            let type: EntryType
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): type = .folder
            case Int32(DT_REG): type = .file
            default: type = .other  // a link (followed), or a file system that does not say
            }
            entries.append((name, type))
        }
        return entries.sorted { $0.name < $1.name }
    }
}
