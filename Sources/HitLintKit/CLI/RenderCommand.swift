import Dispatch
import Foundation

/// `hitlint render <file> -o out.svg|out.html`: the layout drawn with its
/// frames, hit areas and diagnostics; also the pages of `--render-dir` during a lint.
struct RenderCommand: Subcommand {
    static let name = "render"
    static let usage = "hitlint render <file> -o <out.svg|out.html> [--screenshot FILE]"
    static let abstract = """
    Draws a layout to scale: every view's frame, each target's hit area and the
    part of it a touch reaches, and the diagnostics, as SVG or as an HTML page.
    The file is linted with the options given (no configuration file is read).
    """
    static var optionGroups: [PartialKeyPath<Arguments>] { [\.render, \.lintOptions] }

    /// One layout file, when used as documented.
    var paths: [String]
    /// `-o FILE`: .svg or .html.
    var destination: String?
    /// `--screenshot FILE`: drawn under the layout.
    var screenshot: String?
    /// How the file is linted for its diagnostics (no configuration file is read).
    var lintOptions: LintOptionArguments

    init(_ arguments: Arguments) {
        paths = arguments.paths
        destination = arguments.render.output
        screenshot = arguments.render.screenshot
        lintOptions = arguments.lintOptions
    }

    func run(output: CommandOutput) -> Int32 {
        guard paths.count == 1 else {
            return output.fail("render takes one layout file: hitlint render <file> -o out.svg|out.html")
        }
        guard let destination else {
            return output.fail("render needs -o out.svg or -o out.html")
        }
        let lower = destination.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
            return output.fail("-o must end in .svg or .html, found '\(destination)'")
        }
        let options: LintOptions
        do {
            options = try lintOptions.resolved()
        } catch {
            return output.fail(error.message)
        }
        let path = paths[0]
        guard let format = SourceFormat(path: path) ?? options.importing.fileKind.impliedFormat else {
            return output.fail("\(path): not a layout file (expected .json, .yaml, .yml or .xml; --from names the format of a capture saved under another name)")
        }
        let bytes: [UInt8]
        switch InputFileReader.read(ProjectPath.absolute(path, in: output.currentDirectory)) {
        case .success(let read): bytes = read
        case .failure(let failure): return output.fail("\(path): \(failure.message)")
        }
        var picture = Linter(options: options).lintForRendering(source: SourceText(bytes: bytes), format: format, path: path)
        if let problem = Self.attachScreenshot(to: &picture, given: screenshot, currentDirectory: output.currentDirectory) {
            // The picture is drawn without it: a screenshot is an extra, not the job.
            output.writeError("hitlint: \(problem.path): screenshot not drawn (\(problem.message))\n")
        }
        // Written as it is drawn: a picture of tens of thousands of targets
        // is hundreds of megabytes, not to be held whole.
        let failure = output.writeFile(to: destination) { sink in
            withoutActuallyEscaping(sink) { sink in
                var out = SinkMarkupOutput(sink)
                if lower.hasSuffix(".svg") { SVGRenderer(picture).write(to: &out) } else { HTMLPage(picture).write(to: &out) }
                out.flush()
            }
        }
        if let failure {
            return output.fail("\(destination): cannot write (\(failure.message))")
        }
        // Drawing is the job: diagnostics in the picture do not make it fail.
        return 0
    }
}

/// The pages of `--render-dir`, and the screenshot under a picture.
extension RenderCommand {
    /// Writes a page per result with diagnostics and an index, each page as
    /// soon as it is drawn (`RenderDirectory.write`); false (after saying why)
    /// when the folder or a page cannot be written.
    static func writeRenderDirectory(_ directory: String, results: [LintResult], fileCount: Int,
                                     linter: Linter, output: CommandOutput) -> Bool {
        let manager = FileManager.default
        let currentDirectory = output.currentDirectory
        do {
            try manager.createDirectory(atPath: ProjectPath.absolute(directory, in: currentDirectory), withIntermediateDirectories: true)
        } catch {
            output.writeError("hitlint: \(directory.displayedOnOneLine): cannot create folder for --render-dir\n")
            return false
        }
        let pages = RenderDirectory.pages(for: results)
        let report = RenderDirectory.write(pages.map(\.page), fileCount: fileCount, into: directory, from: currentDirectory,
                                           jobs: ProcessInfo.processInfo.activeProcessorCount) { index in
            var picture = linter.renderInput(for: pages[index].result)
            let problem = attachScreenshot(to: &picture, given: nil, currentDirectory: currentDirectory)
            return (picture, problem.map { "\($0.path.displayedOnOneLine): screenshot not drawn (\($0.message))" })
        }
        for message in report.notes + report.failures { output.writeError("hitlint: \(message)\n") }
        return report.failures.isEmpty
    }

    /// Lays the screenshot under the picture: the one given, else, for a
    /// capture, the first picture found beside it (`Screenshot.candidatePaths`).
    /// Returns the picture's path and why it is not drawn, when it is not; a
    /// capture with no picture beside it is drawn alone without a word.
    /// Relative paths are `currentDirectory`'s.
    static func attachScreenshot(to picture: inout RenderInput, given: String?,
                                 currentDirectory: String) -> (path: String, message: String)? {
        let path: String
        if let given {
            path = given
        } else if picture.isCapture, let found = screenshotBeside(capture: picture.result.path, currentDirectory: currentDirectory) {
            path = found
        } else {
            return nil
        }
        let bytes: [UInt8]
        switch InputFileReader.read(ProjectPath.absolute(path, in: currentDirectory), limit: Screenshot.maximumSize) {
        case .success(let read): bytes = read
        case .failure(let failure): return (path, failure.message)
        }
        do throws(Screenshot.Problem) {
            try picture.attach(try Screenshot(path: path, bytes: bytes))
        } catch {
            return (path, error.message)
        }
        return nil
    }

    /// The first of a capture's candidate pictures that exists (a folder of
    /// that name does not count; a file that cannot be read does, and says so).
    static func screenshotBeside(capture path: String, currentDirectory: String) -> String? {
        Screenshot.candidatePaths(besideCapture: path).first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: ProjectPath.absolute(candidate, in: currentDirectory), isDirectory: &isFolder)
                && !isFolder.boolValue
        }
    }
}
