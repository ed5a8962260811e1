import Foundation

/// What the server knows of the files the editor has open: each document's
/// text and version, the one lint kept for that version (what is published,
/// hovers and code actions all read it), and the configurations they are
/// linted with. A value held by the server's actor: nothing else changes it.
struct DocumentStore {
    struct Entry {
        var document: TextDocument
        /// Moved on when something besides the text may change the lint (a
        /// configuration file saved or changed on disk): a lint of the same
        /// version made before is no longer this document's.
        var generation = 0
        /// The lint of this version and generation, once made.
        var lint: KeptLint?
        /// A lint of `version` and `generation` under way: whoever asks for it
        /// meanwhile (the debounced lint, a hover, a code action) waits for it
        /// instead of linting the same text again.
        var lintUnderWay: (version: Int, generation: Int, task: Task<KeptLint, Never>)?

        init(document: TextDocument) {
            self.document = document
        }

        /// The kept lint, if it is of the document as it is now.
        var currentLint: KeptLint? {
            guard let lint, lint.version == document.version, lint.generation == generation else { return nil }
            return lint
        }
    }

    private(set) var open: [String: Entry] = [:]
    private var configurations: [String: CachedConfiguration] = [:]
    /// Configuration files whose errors were last published, so fixing them clears them.
    var configurationErrorsShown: Set<String> = []

    private struct CachedConfiguration {
        var modified: Date?
        var configuration: Configuration?
        var error: ConfigurationError?
    }

    subscript(uri: String) -> Entry? {
        get { open[uri] }
        set { open[uri] = newValue }
    }

    /// Opened (again: what was known of an earlier text is dropped).
    mutating func open(_ document: TextDocument) {
        open[document.uri] = Entry(document: document)
    }

    mutating func close(_ uri: String) {
        open[uri] = nil
    }

    /// The text changed: a new version, linted afresh (the last version's
    /// lint is let go now, not held beside the new one while it is made).
    mutating func replace(_ document: TextDocument) {
        open[document.uri]?.document = document
        open[document.uri]?.lint = nil
    }

    /// A configuration may have changed: read them again, and lint every
    /// open document again even where its text has not changed.
    mutating func forgetConfigurations() {
        configurations = [:]
        for uri in open.keys { open[uri]?.generation += 1 }
    }

    /// Keeps `lint` as the document's, if it is of the document as it is now
    /// (and, either way, it is no longer under way).
    mutating func keep(_ lint: KeptLint, for uri: String) {
        guard var entry = open[uri] else { return }
        if entry.lintUnderWay?.version == lint.version, entry.lintUnderWay?.generation == lint.generation { entry.lintUnderWay = nil }
        if lint.version == entry.document.version, lint.generation == entry.generation { entry.lint = lint }
        open[uri] = entry
    }

    /// What a file is and how to lint it, from its URI and the configuration
    /// nearest to it (read again when its modification time changes).
    mutating func fileContext(_ uri: String) -> FileContext? {
        guard let path = LanguageServer.path(ofURI: uri) else { return nil }
        let name = (path as NSString).lastPathComponent
        let isConfiguration = name == Configuration.fileName
        guard let format = isConfiguration ? .yaml : SourceFormat(path: path) else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        var context = FileContext(path: path, format: format, isConfiguration: isConfiguration)
        guard !isConfiguration, let configurationPath = Configuration.find(from: folder.isEmpty ? "/" : folder) else { return context }
        context.configurationPath = configurationPath
        let modified = (try? FileManager.default.attributesOfItem(atPath: configurationPath))?[.modificationDate] as? Date
        var cached = configurations[configurationPath]
        if cached == nil || cached?.modified != modified {
            do {
                cached = CachedConfiguration(modified: modified,
                                             configuration: try Configuration.load(path: configurationPath, currentDirectory: folder))
            } catch {
                cached = CachedConfiguration(modified: modified, error: error)
            }
            configurations[configurationPath] = cached
        }
        context.configuration = cached?.configuration
        context.configurationError = cached?.error
        return context
    }
}

/// What a file is and how to lint it.
struct FileContext: Sendable {
    var path: String
    var format: SourceFormat
    var isConfiguration: Bool
    var configuration: Configuration?
    var configurationError: ConfigurationError?
    var configurationPath: String?

    /// Outside what the project's configuration lints: nothing is published
    /// for it, though hovers and quick fixes still answer.
    var isExcluded: Bool {
        guard let configuration else { return false }
        return !configuration.includes(path, currentDirectory: configuration.folder)
    }

    func lintOptions(checkingFixes: Bool = false) -> LintOptions {
        var options = LintOptions(configuration: configuration)
        options.run.jobs = 1
        options.fixChecking = checkingFixes ? .checked : .unchecked
        return options
    }
}

/// One lint of one version of a document, made once and kept for all that
/// is asked of that version.
struct KeptLint: Sendable {
    var version: Int
    var generation: Int
    /// The diagnostics as published.
    var published: [JSONValue]
    /// The lint, keeping what the rules saw, its fixes not yet checked; nil
    /// where nothing was linted (a file that is not a layout's, a
    /// configuration file, one the configuration excludes until a request
    /// asks for it).
    var result: LintResult?
    /// `result` with its fixes checked, made when a code action first asks.
    var checked: LintResult?
}
