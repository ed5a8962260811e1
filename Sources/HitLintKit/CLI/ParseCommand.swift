/// `hitlint parse <file>`: the parsed value tree as JSON, or the syntax error (exit 1).
struct ParseCommand: PathsOnlySubcommand {
    static let name = "parse"
    static let usage = "hitlint parse <file>"
    static let abstract = """
    Prints the value tree of a JSON or YAML file as JSON, as hitlint reads it:
    keys in order (duplicates kept), numbers of the same value. Invalid syntax
    is reported as a lint reports it, with exit status 1.
    """

    /// One file, when used as documented.
    var paths: [String]

    func run(output: CommandOutput) -> Int32 {
        guard paths.count == 1 else {
            return output.fail("parse takes one file")
        }
        let path = paths[0]
        let bytes: [UInt8]
        switch InputFileReader.read(ProjectPath.absolute(path, in: output.currentDirectory)) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return output.fail("\(path.displayedOnOneLine): \(failure.message)")
        }
        let source = SourceText(bytes: bytes)
        let format = SourceFormat(path: path) ?? .json
        do {
            let document = try format.parse(source)
            var bytes = document.jsonBytes()
            bytes.append(0x0A)
            output.write(String(decoding: bytes, as: UTF8.self))
            return 0
        } catch {
            let location = source.location(of: error.offset)
            output.write("\(path):\(location.line):\(location.column): error: \(error.message) [invalid-layout]\n")
            return 1
        }
    }
}
