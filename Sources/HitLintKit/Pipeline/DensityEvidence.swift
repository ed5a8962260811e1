extension Linter {
    /// What an Android capture shows of its density, read before any file is
    /// linted (`FolderDensity`): parsed and read as far as the density needs,
    /// not imported. nil for a file that is no such capture, records its
    /// density, or does not parse (the lint says why).
    public func densityEvidence(source: SourceText, format: SourceFormat) -> DensityInference? {
        guard options.importScale == nil, format == .json || format == .xml,
              Self.mayBeAndroidCapture(source.bytes, format: format) else { return nil }
        guard let document = try? format.parse(source) else { return nil }
        let kind = options.fileKind.kind(of: document)
        guard kind == .droidbot || kind == .uiautomator || kind == .maestro || kind == .rico else { return nil }
        let probe = DensityProbe()
        var importOptions = ImportOptions(platform: options.platform, modality: options.modality)
        importOptions.densityProbe = probe
        _ = Importers.importLayout(kind, document: document, options: importOptions)
        return probe.inference
    }

    /// Whether the bytes may hold an Android capture, looked for before the
    /// file is parsed (a project's layouts are JSON too): DroidBot's `"views"`,
    /// Maestro's `"attributes"`, RICO's `"activity"` near the start, or UI
    /// Automator's `<hierarchy`.
    static func mayBeAndroidCapture(_ bytes: SourceBytes, format: SourceFormat) -> Bool {
        let markers: [[UInt8]] = format == .xml ? [Array("<hierarchy".utf8)]
            : [Array("\"views\"".utf8), Array("\"attributes\"".utf8), Array("\"activity\"".utf8)]
        let window = min(bytes.count, 1 << 16)
        return bytes.withUnsafeBufferPointer { buffer in
            let head = UnsafeBufferPointer(rebasing: buffer[0..<window])
            return markers.contains { marker in
                guard let first = marker.first, head.count >= marker.count else { return false }
                var index = 0
                while index + marker.count <= head.count {
                    if head[index] == first, head[index..<(index + marker.count)].elementsEqual(marker) { return true }
                    index += 1
                }
                return false
            }
        }
    }
}
