extension LintCommand {
    /// Files larger than this are left out of the folder pass: captures are a
    /// few hundred KB, and a large layout is not read twice.
    static let sharedDensityFileLimit = 8 << 20

    /// The density each file's folder settles for its Android captures
    /// (`FolderDensity`), worked out before any file is linted: every
    /// candidate is read and parsed once here, `plan.jobs` at a time, so the
    /// lint that follows stays one file per job. Nothing for a run with
    /// `--scale`, a `--from` that is no Android capture format, or folders
    /// holding one candidate.
    static func sharedDensities(_ files: [LintFile], plan: LintPlan) -> [SharedDensity?] {
        var shared = [SharedDensity?](repeating: nil, count: files.count)
        let kinds: [FileKindChoice] = [.auto, .droidbot, .uiautomator, .maestro, .rico]
        guard plan.options.importScale == nil, kinds.contains(plan.options.fileKind) else { return shared }
        var byFolder: [String: [Int]] = [:]
        for (index, file) in files.enumerated() where file.bytes == nil {
            let format = SourceFormat(path: file.path) ?? plan.options.fileKind.impliedFormat
            guard format == .json || format == .xml else { continue }
            byFolder[Self.folder(of: file.path), default: []].append(index)
        }
        let candidates = byFolder.values.filter { $0.count > 1 }.flatMap { $0 }.sorted()
        guard !candidates.isEmpty else { return shared }
        let linter = Linter(options: plan.options)
        let captures = concurrentMap(count: candidates.count, jobs: plan.jobs) { position -> FolderDensity.Capture in
            let file = files[candidates[position]]
            let folder = Self.folder(of: file.path)
            guard let format = SourceFormat(path: file.path) ?? plan.options.fileKind.impliedFormat,
                  case .success(let bytes) = InputFileReader.read(file.path, limit: Self.sharedDensityFileLimit) else {
                return FolderDensity.Capture(folder: folder, inference: nil)
            }
            return FolderDensity.Capture(folder: folder, inference: linter.densityEvidence(source: SourceText(bytes: bytes), format: format))
        }
        for (position, density) in FolderDensity.settle(captures).enumerated() { shared[candidates[position]] = density }
        return shared
    }

    /// The folder part of a path ("" for a file in the current folder).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
