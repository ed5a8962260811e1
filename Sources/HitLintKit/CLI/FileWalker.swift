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
/// entries (and so `.build`), never walking one real folder twice, and listing
/// each real file once, under the first name it was given or found by
/// (`a.yaml ./a.yaml /abs/a.yaml`, a link and its target, a file named and in
/// a folder named: one file to lint, report and fingerprint).
public struct FileWalker {
    public struct Problem: Error, Sendable {
        public var path: String
        public var message: String
    }

    /// What a walk found: files in a stable order (sorted by path), which of
    /// them were named on the command line (rather than found in a folder:
    /// under any of their names), and problems with the paths.
    public struct Walk: Sendable {
        public var files: [String]
        public var named: Set<String>
        public var problems: [Problem]
    }

    /// Where relative paths are found: the command's current folder. The
    /// files come out named as given (`Layouts/a.yaml`), whatever it is.
    public let currentDirectory: String

    public init(currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.currentDirectory = currentDirectory
    }

    /// `path`, as named or found, where the file system finds it.
    private func onDisk(_ path: String) -> String {
        ProjectPath.absolute(path, in: currentDirectory)
    }

    /// Files in a stable order (sorted by path), and problems with the paths.
    public func files(in paths: [String]) -> (files: [String], problems: [Problem]) {
        let walk = walk(paths)
        return (walk.files, walk.problems)
    }

    /// A file as found: its path, and what says which real file it is: the
    /// real path of the folder it was listed in (an index into the walk's
    /// folders) when it is a regular file there, else -1 (named, or reached
    /// through a link: resolved when needed).
    private struct Found {
        var path: String
        var folder: Int32
        var named: Bool
    }

    /// The state of one walk.
    private struct State {
        var found: [Found] = []
        var problems: [Problem] = []
        /// Real paths of the folders walked (each once).
        var folders: [String] = []
        var visited = Set<String>()
        /// Whether two names may lead to one file: more than one path was
        /// given, or a folder held a link to a file. Otherwise (one folder
        /// walked through, no links) every entry is a file of its own, and
        /// nothing is resolved.
        var mayRepeat = false
    }

    public func walk(_ paths: [String]) -> Walk {
        var state = State()
        state.mayRepeat = paths.count > 1
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: onDisk(path), isDirectory: &isDirectory) else {
                state.problems.append(Problem(path: path, message: Self.whyMissing(onDisk(path))))
                continue
            }
            if isDirectory.boolValue {
                walk(path, into: &state)
            } else {
                state.found.append(Found(path: path, folder: -1, named: true))
            }
        }
        var found = state.found
        var named = Set<String>()
        if state.mayRepeat {
            // The first name of each real file, in the order given (and walked).
            var first: [String: Int] = [:]
            var kept: [Found] = []
            for file in found {
                let real = file.folder >= 0
                    ? state.folders[Int(file.folder)] + "/" + (file.path as NSString).lastPathComponent
                    : ProjectPath.real(onDisk(file.path))
                if let index = first[real] {
                    kept[index].named = kept[index].named || file.named
                    continue
                }
                first[real] = kept.count
                kept.append(file)
            }
            found = kept
        }
        for file in found where file.named { named.insert(file.path) }
        var files = found.map(\.path)
        // One folder's walk comes out sorted already (entries are listed in
        // order): then checking costs a comparison per file, not a sort.
        if !Self.isStrictlyIncreasing(files) { files.sort() }
        return Walk(files: files, named: named, problems: state.problems)
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
    private func walk(_ folder: String, into state: inout State) {
        let real = ProjectPath.real(onDisk(folder))
        guard state.visited.insert(real).inserted else { return }
        guard let entries = Self.entries(of: onDisk(folder)) else {
            state.problems.append(Problem(path: folder, message: "cannot read folder"))
            return
        }
        state.folders.append(real == "/" ? "" : real)  // (a file in it is "" + "/" + name)
        let folderIndex = Int32(state.folders.count - 1)
        let manager = FileManager.default
        for (name, type) in entries {
            // `hitlint .` reports `Layouts/a.yaml`, not `./Layouts/a.yaml`.
            let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            // The folder listing says what most entries are: a stat per file, in
            // the one part of a run that no other core can help with, only for
            // links and entries the file system does not type.
            switch type {
            case .folder:
                walk(path, into: &state)
            case .file:
                state.found.append(Found(path: path, folder: folderIndex, named: false))  // (listed because its name is a layout's)
            case .other:
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: onDisk(path), isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    walk(path, into: &state)
                } else if SourceFormat(path: path) != nil {
                    // A link may lead to a file listed under another name.
                    state.mayRepeat = true
                    state.found.append(Found(path: path, folder: -1, named: false))
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
