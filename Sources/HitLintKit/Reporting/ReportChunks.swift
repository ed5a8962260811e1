/// A file's diagnostics formatted into a report a chunk at a time, on
/// several threads when there are many, and handed on in order: a first run
/// on a large project reports 10⁵ findings, each located (line and column)
/// and escaped, and that part of a report needs nothing but the finding, so
/// it need not wait for one core. What is written is the same whatever the
/// number of threads.
enum ReportChunks {
    /// Diagnostics formatted by one thread at a time: a few hundred KB of
    /// report, so the chunks waiting to be handed on stay small.
    static let chunkSize = 1_024

    /// Calls `format` for each of `result`'s diagnostics, in order, and hands
    /// what it wrote to `sink` as `out` fills. With `jobs` > 1 and enough
    /// diagnostics, `jobs` chunks at a time are formatted side by side, each
    /// into its own writer, with a reader of the file of its own
    /// (`SourceText.sharingLineIndex`); not in a file with long lines, whose
    /// locations are counted from checkpoints every reader would work out again.
    /// `format` reads the diagnostics from the buffer it is handed, held
    /// once for a chunk: read from `result` for each, the list's count of
    /// references, which every thread's chunk changes at once, is a cache
    /// line the threads take from one another.
    static func write(_ result: LintResult, jobs: Int, into out: inout ByteWriter, sink: ByteSink,
                      _ format: @escaping @Sendable (_ result: LintResult, _ diagnostics: UnsafeBufferPointer<Diagnostic>,
                                                     _ index: Int, _ out: inout ByteWriter) -> Void) {
        let count = result.diagnostics.count
        let sideBySide = jobs > 1 && count >= 2 * chunkSize
        if sideBySide { result.source.buildLineIndex(jobs: jobs) }
        guard sideBySide, !result.source.hasLongLines else {
            result.diagnostics.withUnsafeBufferPointer { diagnostics in
                for index in 0..<count {
                    format(result, diagnostics, index, &out)
                    out.flush(to: sink)
                }
            }
            return
        }
        var start = 0
        while start < count {
            let first = start
            let chunks = min(jobs, (count - first + chunkSize - 1) / chunkSize)
            // Each chunk's bytes, and where each of its diagnostics ends in
            // them: handed on diagnostic by diagnostic, so the pieces are cut
            // where a report formatted on one thread cuts them.
            let formatted = concurrentMap(count: chunks, jobs: jobs) { chunk -> Formatted in
                var reader = result
                reader.source = result.source.sharingLineIndex()
                let range = (first + chunk * chunkSize)..<min(count, first + (chunk + 1) * chunkSize)
                let formatted = Formatted(diagnostics: range.count)
                result.diagnostics.withUnsafeBufferPointer { diagnostics in
                    for index in range {
                        format(reader, diagnostics, index, &formatted.bytes)
                        formatted.ends.append(formatted.bytes.count)
                    }
                }
                return formatted
            }
            for chunk in formatted {
                chunk.bytes.withBytes { handOn(from: $0, ends: chunk.ends, through: &out, to: sink) }
            }
            start = first + chunks * chunkSize
        }
    }

    /// A chunk's bytes, kept where they were written (a writer cannot be
    /// copied into a list), and where each of its diagnostics ends in them.
    /// Made and filled by one thread, then read by the one that hands it on.
    private final class Formatted: @unchecked Sendable {
        // Room for most chunks at once: a report's pieces are a few hundred
        // bytes a diagnostic, and untouched room costs address space only.
        var bytes = ByteWriter(capacity: chunkSize * 2_048)
        var ends: [Int] = []

        init(diagnostics: Int) { ends.reserveCapacity(diagnostics) }
    }

    /// A chunk's diagnostics handed on in the pieces `out.flush(to:)` cuts
    /// when they are written into it one by one: a piece ends at the first
    /// diagnostic's end that makes it `ByteWriter.pieceSize` long. A piece
    /// wholly inside the chunk goes to `sink` where it is, without a copy.
    private static func handOn(from chunk: UnsafeBufferPointer<UInt8>, ends: [Int], through out: inout ByteWriter, to sink: ByteSink) {
        var from = 0
        for end in ends {
            if out.count > 0 || end - from < ByteWriter.pieceSize {
                // A piece begun before this stretch (or too short yet): added to and flushed as written.
                guard out.count > 0 else { continue }
                out.append(bytes: UnsafeBufferPointer(rebasing: chunk[from..<end]))
                out.flush(to: sink)
                from = end
            } else {
                sink(UnsafeBufferPointer(rebasing: chunk[from..<end]))
                from = end
            }
        }
        out.append(bytes: UnsafeBufferPointer(rebasing: chunk[from..<chunk.count]))
    }
}
