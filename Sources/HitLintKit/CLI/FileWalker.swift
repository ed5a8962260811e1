import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Finds layout files under the paths given on the command line: folders are
/// searched recursively for `*.json`, `*.yaml`, `*.yml`, `*.xml`, skipping hidden
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
        // One folder's walk comes out sorted already (entries are listed in
        // order): then checking costs a comparison per file, not a sort and a set.
        // Paths named twice (`hitlint a.json a.json`) are linted once.
        if !Self.isStrictlyIncreasing(found) {
            found.sort()
            var previous: String?
            found.removeAll { path in
                defer { previous = path }
                return path == previous
            }
        }
        return (found, problems)
    }

    static func isStrictlyIncreasing(_ paths: [String]) -> Bool {
        var index = 1
        while index < paths.count {
            guard paths[index - 1] < paths[index] else { return false }
            index += 1
        }
        return true
    }

    /// A path that is not there: missing, or a symlink that leads nowhere.
    static func whyMissing(_ path: String) -> String {
        InputFileReader.whyMissing(path) ?? "no such file or folder"
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
                found.append(path)  // (listed because its name is a layout's)
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

    /// The visible entries of a folder that can matter (hidden ones, `.` and `..`
    /// left out, and files that are not layouts by name), sorted by name, with
    /// what `readdir` says they are; nil if it cannot be read.
    ///
    /// Names are gathered as bytes in one buffer and sorted there: a folder of
    /// 10,000 layouts took most of a run's serial time making, comparing and
    /// moving strings. Sorting UTF-8 bytes is sorting by scalar, which is how
    /// strings compare unless a name is not in NFC: names that are not all ASCII
    /// are sorted as strings.
    private static func entries(of folder: String) -> [(name: String, type: EntryType)]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var bytes: [UInt8] = []
        var listed: [(start: Int, count: Int, type: EntryType)] = []
        var allASCII = true
        while let entry = readdir(directory) {
            let type: EntryType
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): type = .folder
            case Int32(DT_REG): type = .file
            default: type = .other  // a link (followed), or a file system that does not say
            }
            withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { name in
                    let count = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    guard count > 0, name[0] != UInt8(ascii: ".") else { return }
                    let view = UnsafeBufferPointer(start: name, count: count)
                    if type == .file, SourceFormat(name: view) == nil { return }
                    if allASCII, view.contains(where: { $0 >= 0x80 }) { allASCII = false }
                    listed.append((bytes.count, count, type))
                    bytes.append(contentsOf: view)
                }
            }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            func name(_ entry: (start: Int, count: Int, type: EntryType)) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[entry.start..<entry.start + entry.count]), as: UTF8.self)
            }
            guard allASCII, let base = buffer.baseAddress else {
                return listed.map { (name($0), $0.type) }.sorted { $0.name < $1.name }
            }
            listed.sort { left, right in
                let order = memcmp(base + left.start, base + right.start, min(left.count, right.count))
                return order != 0 ? order < 0 : left.count < right.count
            }
            return listed.map { (name($0), $0.type) }
        }
    }
}
