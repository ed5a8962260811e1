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
    /// `-3`… when two paths flatten alike, so no page overwrites another.
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
