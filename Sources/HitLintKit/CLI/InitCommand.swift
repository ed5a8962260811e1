import Foundation

extension HitLintCommand {
    /// `hitlint init`: writes a commented `.hitlint.yml` (or `--config FILE`) in the
    /// current folder. It never overwrites: an existing file is the user's work.
    static func writeInitialConfiguration(_ arguments: Arguments, output: CommandOutput) -> Int32 {
        guard arguments.paths.isEmpty else {
            output.writeError("hitlint: init takes no paths; it writes \(Configuration.fileName) in the current folder (or --config FILE)\n")
            return 2
        }
        let path = arguments.configFile ?? Configuration.fileName
        let absolute = path.hasPrefix("/") ? path : output.currentDirectory + "/" + path
        if FileManager.default.fileExists(atPath: absolute) {
            output.writeError("hitlint: \(path) already exists; edit it, or remove it to start again\n")
            return 2
        }
        do {
            // withoutOverwriting: a file created since the check above is not replaced either.
            try Data(ConfigurationTemplate.text.utf8).write(to: URL(fileURLWithPath: absolute), options: .withoutOverwriting)
        } catch {
            output.writeError("hitlint: \(path): cannot write the configuration\n")
            return 2
        }
        output.write("wrote \(path)\n")
        return 0
    }
}
