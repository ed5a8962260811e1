/// `--render-dir`: one page per file with diagnostics, and an `index.html`
/// linking them with their counts (the artifact a CI job uploads).
public enum RenderDirectory {
    /// A page for one linted file.
    public struct Page: Sendable {
        public var sourcePath: String
        /// File name inside the folder.
        public var fileName: String
        public var errors: Int
        public var warnings: Int
        public var notes: Int
    }

    /// Page file names for the paths, in the given order: the path flattened
    /// (`Examples/toolbar.yaml` → `Examples--toolbar.yaml.html`), with `-2`,
    /// `-3`… when two paths flatten alike, so no page overwrites another. A
    /// flattened path longer than `longestFlatName` keeps its start and its
    /// end around a hash of the whole path (`shortened`), so that every name
    /// fits in the 255 bytes file systems allow a name.
    public static func fileNames(for paths: [String]) -> [String] {
        var used = Set<String>(["index.html"])
        return paths.map { path in
            var flat = ""
            var components = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.map(String.init)
            components = components.map { $0 == ".." ? "up" : $0 }
            for scalar in components.joined(separator: "--").unicodeScalars {
                let safe = (scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
                    || scalar == "." || scalar == "-" || scalar == "_"
                flat.unicodeScalars.append(safe ? scalar : "_")
            }
            if flat.isEmpty || flat.hasPrefix(".") { flat = "_" + flat }
            if flat.utf8.count > longestFlatName { flat = shortened(flat, path: path) }
            var name = flat + ".html"
            var counter = 2
            while used.contains(name.lowercased()) {
                name = "\(flat)-\(counter).html"
                counter += 1
            }
            used.insert(name.lowercased())
            return name
        }
    }

    /// The longest flattened path used as it is: with a counter (`-12`) and
    /// `.html` after it, a name stays well under 255 bytes.
    static let longestFlatName = 200

    /// A flattened path cut to its first 120 and last 60 characters (the
    /// folders it starts in, the file's own name) around a hash of the whole
    /// path: readable, and the same for the same path in every run.
    static func shortened(_ flat: String, path: String) -> String {
        // The flattened path is ASCII: characters are bytes.
        String(flat.prefix(120)) + "--" + StableHash.hex([path]) + "--" + String(flat.suffix(60))
    }

    /// The pages to write for these results: the files that have diagnostics.
    public static func pages(for results: [LintResult]) -> [(result: LintResult, page: Page)] {
        let withDiagnostics = results.filter { !$0.diagnostics.isEmpty }
        let names = fileNames(for: withDiagnostics.map(\.path))
        return zip(withDiagnostics, names).map { result, name in
            let diagnostics = result.diagnostics
            return (result, Page(sourcePath: result.path, fileName: name,
                                 errors: diagnostics.filter { $0.severity == .error }.count,
                                 warnings: diagnostics.filter { $0.severity == .warning }.count,
                                 notes: diagnostics.filter { $0.severity == .info }.count))
        }
    }

    /// What writing the folder had to say, each in page order: notes (a
    /// screenshot not drawn) and failures (a page or the index not written).
    public struct WriteReport: Sendable {
        public var notes: [String] = []
        public var failures: [String] = []
    }

    /// Writes the pages into `folder`, each to its file as it is drawn, with at
    /// most `jobs` drawn at once, then `index.html`: a run with many large
    /// screenshots holds a few pages at a time, not all of them. A page that
    /// cannot be written does not keep the others from being written.
    /// `picture(index)` draws page `index`: its input and, when its screenshot
    /// is not drawn, a note saying why. A relative `folder` is `currentDirectory`'s
    /// (and named as given in what is said).
    static func write(_ pages: [Page], fileCount: Int, into folder: String, from currentDirectory: String? = nil, jobs: Int,
                      picture: @Sendable (Int) -> (input: RenderInput, note: String?)) -> WriteReport {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let outcomes = concurrentMap(count: pages.count, jobs: jobs) { index -> (note: String?, failure: String?) in
            let (input, note) = picture(index)
            return (note, write(base + pages[index].fileName, from: currentDirectory) { HTMLPage(input).write(to: &$0) })
        }
        var report = WriteReport()
        report.notes = outcomes.compactMap(\.note)
        report.failures = outcomes.compactMap(\.failure)
        if let failure = write(base + "index.html", from: currentDirectory, { $0.write(index(pages: pages, fileCount: fileCount)) }) {
            report.failures.append(failure)
        }
        return report
    }

    /// Writes one file through `PageFile`; why it could not be, when it could not.
    private static func write(_ path: String, from currentDirectory: String?, _ body: (inout PageFile) -> Void) -> String? {
        do throws(PageFile.Failure) {
            var file = try PageFile(path: currentDirectory.map { ProjectPath.absolute(path, in: $0) } ?? path)
            body(&file)
            try file.finish()
            return nil
        } catch {
            return "\(path.displayedOnOneLine): cannot write (\(error.message))"
        }
    }

    /// `index.html`: a table of the pages, and how many files were clean.
    public static func index(pages: [Page], fileCount: Int) -> String {
        let clean = fileCount - pages.count
        var rows = ""
        for page in pages {
            rows += "<tr><td><a href=\"\(escapeMarkup(page.fileName))\">\(escapeMarkup(page.sourcePath))</a></td>"
            rows += "<td class=\"n\(page.errors > 0 ? " error" : "")\">\(page.errors)</td><td class=\"n\(page.warnings > 0 ? " warning" : "")\">\(page.warnings)</td><td class=\"n\">\(page.notes)</td></tr>\n"
        }
        let totals = (pages.map(\.errors).reduce(0, +), pages.map(\.warnings).reduce(0, +), pages.map(\.notes).reduce(0, +))
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>hitlint report</title>
        <style>
        \(Palette.customProperties(selector: ":root"))body{margin:0;padding:24px;background:var(--background);color:var(--ink);font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        h1{font-size:20px;margin:0 0 4px}p{color:var(--muted);margin:0 0 16px}
        table{border-collapse:collapse;min-width:480px}th,td{padding:6px 12px;border-bottom:1px solid var(--view);text-align:left}
        th{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
        .n{text-align:right;font-variant-numeric:tabular-nums}.error{color:var(--error);font-weight:600}.warning{color:var(--warning);font-weight:600}
        a{color:var(--target)}
        </style>
        </head>
        <body>
        <h1>hitlint report</h1>
        <p>\(pages.count) file\(pages.count == 1 ? "" : "s") with diagnostics, \(clean) clean · \(totals.0) error\(totals.0 == 1 ? "" : "s"), \(totals.1) warning\(totals.1 == 1 ? "" : "s"), \(totals.2) note\(totals.2 == 1 ? "" : "s")</p>
        <table>
        <thead><tr><th>file</th><th class="n">errors</th><th class="n">warnings</th><th class="n">notes</th></tr></thead>
        <tbody>
        \(rows)</tbody>
        </table>
        </body>
        </html>

        """
    }
}
