import Foundation

/// `hitlint init`: writes a commented `.hitlint.yml` (or `--config FILE`) in the
/// current folder. It never overwrites: an existing file is the user's work.
struct InitCommand: Subcommand {
    static let name = "init"
    static let usage = "hitlint init [--config FILE]"
    static let abstract = """
    Writes a commented .hitlint.yml, with every setting hitlint reads, in the
    current folder. An existing file is never overwritten.
    """
    static var optionGroups: [PartialKeyPath<Arguments>] { [\.template] }

    /// None, when used as documented.
    var paths: [String]
    /// `--config FILE`: where to write instead of `.hitlint.yml`.
    var configFile: String?

    init(_ arguments: Arguments) {
        paths = arguments.paths
        configFile = arguments.template.destination
    }

    func run(output: CommandOutput) -> Int32 {
        guard paths.isEmpty else {
            return output.fail("init takes no paths; it writes \(Configuration.fileName) in the current folder (or --config FILE)")
        }
        let path = configFile ?? Configuration.fileName
        let absolute = ProjectPath.absolute(path, in: output.currentDirectory)
        if FileManager.default.fileExists(atPath: absolute) {
            return output.fail("\(path) already exists; edit it, or remove it to start again")
        }
        do {
            // withoutOverwriting: a file created since the check above is not replaced either.
            try Data(ConfigurationTemplate.text.utf8).write(to: URL(fileURLWithPath: absolute), options: .withoutOverwriting)
        } catch {
            return output.fail("\(path): cannot write the configuration")
        }
        output.write("wrote \(path)\n")
        return 0
    }
}
