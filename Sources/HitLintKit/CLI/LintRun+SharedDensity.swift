extension LintCommand {
    /// The Android captures to read again at the density their folder settles
    /// (`FolderDensity`): every file is linted once as it is, keeping what it
    /// showed of its density (`LintResult.densityEvidence`); the captures of
    /// each folder are then grouped by device, and those whose group settles
    /// another density than they were read at, which their own evidence
    /// admits, are linted again at it. Most captures settle their own density
    /// (951 of 1,099 DroidBot states): only the others are read twice. Nothing
    /// for a run with `--scale`, or for standard input.
    static func sharedDensities(_ files: [LintFile], results: [LintResult?], plan: LintPlan)
        -> [(index: Int, density: SharedDensity)] {
        guard plan.options.importing.importScale == nil else { return [] }
        var captures: [FolderDensity.Capture] = []
        var positions: [Int] = []
        for (index, result) in results.enumerated() where files[index].bytes == nil {
            guard let evidence = result?.densityEvidence else { continue }
            captures.append(FolderDensity.Capture(folder: folder(of: files[index].path), inference: evidence.inference))
            positions.append(index)
        }
        guard captures.count > 1 else { return [] }
        var again: [(index: Int, density: SharedDensity)] = []
        for (position, shared) in FolderDensity.settle(captures).enumerated() {
            let index = positions[position]
            guard let shared, let evidence = results[index]?.densityEvidence, evidence.wants(shared) else { continue }
            again.append((index, shared))
        }
        return again
    }

    /// The folder part of a path ("" for a file in the current folder).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
