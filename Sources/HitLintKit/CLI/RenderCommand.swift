import Dispatch
import Foundation

/// `hitlint render <file> -o out.svg|out.html`, and `--render-dir` during a lint.
extension HitLintCommand {
    static func render(_ arguments: Arguments, output: CommandOutput) -> Int32 {
        func fail(_ message: String) -> Int32 {
            output.writeError("hitlint: \(message)\n")
            return 2
        }
        guard arguments.paths.count == 1 else {
            return fail("render takes one layout file: hitlint render <file> -o out.svg|out.html")
        }
        guard let destination = arguments.renderOutput else {
            return fail("render needs -o out.svg or -o out.html")
        }
        let lower = destination.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
            return fail("-o must end in .svg or .html, found '\(destination)'")
        }
        let options: LintOptions
        do {
            options = try lintOptions(arguments)
        } catch {
            return fail(error.message)
        }
        let path = arguments.paths[0]
        guard let format = SourceFormat(path: path) else {
            return fail("\(path): not a layout file (expected .json, .yaml or .yml)")
        }
        let bytes: [UInt8]
        switch InputFileReader.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): return fail("\(path): \(failure.message)")
        }
        let input = Linter(options: options).lintForRendering(source: SourceText(bytes: bytes), format: format, path: path)
        let text = lower.hasSuffix(".svg") ? SVGRenderer(input).svg() : HTMLPage(input).html()
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            return fail("\(destination): cannot write (\(error.localizedDescription))")
        }
        // Drawing is the job: diagnostics in the picture do not make it fail.
        return 0
    }

    /// Writes a page per result with diagnostics and an index; false (after
    /// saying why) when the folder or a page cannot be written.
    static func writeRenderDirectory(_ directory: String, results: [LintResult], fileCount: Int,
                                     linter: Linter, output: CommandOutput) -> Bool {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            output.writeError("hitlint: \(directory): cannot create folder for --render-dir\n")
            return false
        }
        let pages = RenderDirectory.pages(for: results)
        var texts = [String](repeating: "", count: pages.count)
        texts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: pages.count) { index in
                slots[index] = HTMLPage(linter.renderInput(for: pages[index].result)).html()
            }
        }
        let folder = URL(fileURLWithPath: directory)
        let files = zip(pages.map(\.page.fileName), texts)
            + [("index.html", RenderDirectory.index(pages: pages.map(\.page), fileCount: fileCount))]
        for (name, text) in files {
            do {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
            } catch {
                output.writeError("hitlint: \(directory)/\(name): cannot write\n")
                return false
            }
        }
        return true
    }
}
