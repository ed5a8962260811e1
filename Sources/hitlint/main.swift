import Foundation
import HitLintKit

// Minimal front door while the full command line is being built.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "parse" {
    let path = arguments[1]
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("hitlint: cannot read '\(path)'\n".utf8))
        exit(2)
    }
    let source = SourceText(bytes: [UInt8](data))
    let format = SourceFormat(path: path) ?? .json
    do {
        let document = try format.parse(source)
        var bytes = document.jsonBytes()
        bytes.append(0x0A)
        FileHandle.standardOutput.write(Data(bytes))
        exit(0)
    } catch {
        let location = source.location(of: error.offset)
        print("\(path):\(location.line):\(location.column): error: \(error.message) [invalid-layout]")
        exit(1)
    }
}
FileHandle.standardError.write(Data("usage: hitlint parse <file>\n".utf8))
exit(2)
