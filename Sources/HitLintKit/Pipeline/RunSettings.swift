import Foundation

/// How a lint goes (`LintOptions.run`): on how many threads, which files are
/// built while they are parsed, and what each diagnostic carries, which only
/// its readers decide (nothing a rule finds depends on these).
public struct RunSettings: Sendable {
    /// Rules of one large layout run at once (`--jobs`; default one per core).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// JSON files of this many bytes or more are built while they are parsed,
    /// without holding their whole document.
    public var streamingFrom = RunSettings.defaultStreamingThreshold
    /// false: each diagnostic carries its rule, node and span, but no message,
    /// related names or fix. What checking fixes needs of its extra lints (it
    /// counts problems by rule and node), at a fraction of the cost: messages
    /// and edits are most of a rule's work where it fires often.
    public var describesDiagnostics = true
    /// false (with `describesDiagnostics` false): a finding on a node carries
    /// the node's index but not its name (`Diagnostic.node` nil). Fix
    /// checking's lints on the built layout, whose reader names a node from
    /// the layout when it first meets one (`RunChecker`): naming a node reads
    /// its id out of the file, which every finding of every checking lint
    /// would do again, on pages of a mapped file given back by then.
    public var namesNodes = true
    /// false: a finding keeps its message but not its node's name nor its
    /// related nodes' names (`Diagnostic.node` nil, `related` empty). Only
    /// JSON and SARIF reports, baselines and fix checking read the names
    /// (pictures draw nodes by index): a text, GitHub or JUnit report of a
    /// first run on a large project would otherwise hold a string or more a
    /// finding for nothing.
    public var keepsNames = true
    /// false: a fix says only whether it would edit the file (`Fix.changesFile`),
    /// without its description or edits: all that output which shows no fix needs of
    /// one (the count of fixable problems), where writing the edits is most of
    /// the work of a rule that fires often.
    public var writesFixes = true
    /// true: a report will locate this lint's findings (line and column), so a
    /// large streamed file's line index is built on a spare core while the
    /// layout's geometry is worked out on one (`SourceText.buildLineIndexAlongside`).
    /// Only `hitlint lint` sets it: other callers locate nothing, or little.
    public var locatesFindings = false

    /// JSON files this large or larger are read streamed by default (`LayoutBuilder.read(streaming:)`):
    /// each node is built as its mapping closes and its part of the document
    /// dropped, so the document is never whole in memory. Smaller files are
    /// parsed whole and then built: handing each node over as it closes makes
    /// the read slower (Docs/performance.md), for memory only large files need
    /// back. The size from which `hitlint` maps files.
    public static let defaultStreamingThreshold = InputFileReader.mappingThreshold

    public init() {}
}
