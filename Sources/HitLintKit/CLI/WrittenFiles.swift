import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The files a lint run writes (`--output`, `--write-baseline`), compared with
/// the files it reads before anything is written: a report or baseline
/// written over a layout, the configuration or the baseline read would
/// destroy it, and two written to one file overwrite each other.
///
/// Files are compared as the file system sees them (device and inode), so
/// `a.yaml`, `./a.yaml`, `/abs/a.yaml`, a symlink and a hard link are one
/// file; a file not there yet is its folder's real path and its name.
/// What is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written
/// through and destroys nothing: it is never a conflict.
struct WrittenFiles {
    /// Which file a path is.
    enum Identity: Hashable {
        case existing(device: UInt64, inode: UInt64)
        /// Not there yet: the real path it will have.
        case new(String)
    }

    struct Output {
        /// `--output`, `--write-baseline`.
        var option: String
        /// As given.
        var path: String
        /// "the report", "the baseline".
        var what: String
        var identity: Identity
    }

    let outputs: [Output]
    let currentDirectory: String

    init(outputFile: String?, writeBaselineFile: String?, currentDirectory: String) {
        self.currentDirectory = currentDirectory
        var outputs: [Output] = []
        for (option, path, what) in [("--output", outputFile, "the report"), ("--write-baseline", writeBaselineFile, "the baseline")] {
            guard let path, let identity = Self.identity(ofOutput: path, currentDirectory: currentDirectory) else { continue }
            outputs.append(Output(option: option, path: path, what: what, identity: identity))
        }
        self.outputs = outputs
    }

    var isEmpty: Bool { outputs.isEmpty }

    /// Whether any output is a file that exists: only then can a file read be one of them.
    var writesOverAFile: Bool {
        outputs.contains { if case .existing = $0.identity { return true } else { return false } }
    }

    /// The regular file `path` is or will be; nil for what is written through.
    static func identity(ofOutput path: String, currentDirectory: String) -> Identity? {
        guard AtomicFile.descriptor(named: path) == nil else { return nil }
        let absolute = ProjectPath.normalized(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
        var info = stat()
        if stat(absolute, &info) == 0 {
            return info.st_mode & S_IFMT == S_IFREG ? .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
        }
        let url = URL(fileURLWithPath: absolute)
        return .new(ProjectPath.real(url.deletingLastPathComponent().path) + "/" + url.lastPathComponent)
    }

    /// The file `path` is, when it exists.
    static func identity(ofInput path: String, currentDirectory: String) -> Identity? {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var info = stat()
        guard stat(absolute, &info) == 0 else { return nil }
        return .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The output that is `input`, if any.
    func output(writingOver input: String) -> Output? {
        guard let identity = Self.identity(ofInput: input, currentDirectory: currentDirectory) else { return nil }
        return outputs.first { $0.identity == identity }
    }

    /// Why the run must not start: both outputs on one file, or one of them
    /// on the configuration or the baseline the run reads. Nil when neither.
    func conflictWithRunFiles(configuration: String?, baseline: String?) -> String? {
        if outputs.count == 2, outputs[0].identity == outputs[1].identity {
            return "--output and --write-baseline name the same file (\(outputs[0].path.displayedOnOneLine), \(outputs[1].path.displayedOnOneLine)): "
                + "one would overwrite the other; name two files"
        }
        if let configuration, let output = output(writingOver: configuration) {
            return refusal(output, "is the configuration this run reads (\(configuration.displayedOnOneLine))")
        }
        // A baseline may be written over the one read: it was read whole before
        // the run began, and recording the run's findings anew is what updating
        // a baseline means.
        if let baseline, let output = output(writingOver: baseline), output.option != "--write-baseline" {
            return refusal(output, "is the baseline this run reads (\(baseline.displayedOnOneLine))")
        }
        return nil
    }

    func refusal(_ output: Output, _ why: String) -> String {
        "\(output.option) \(output.path.displayedOnOneLine) \(why): writing \(output.what) there would destroy it; name another file"
    }
}
