/// One file through the whole pipeline: Syntax → Layout → Geometry → Rules →
/// suppression → sorted diagnostics. Pure: no file system, no output.
public struct LintResult: Sendable {
    public var path: String
    public var source: SourceText
    /// Sorted by position, then rule.
    public var diagnostics: [Diagnostic]
    /// Nodes in the layout (0 when it did not parse).
    public var nodeCount: Int
    /// What the file was read as (`--from`, or recognised by its keys).
    public var fileKind: FileKind = .hitlint
    /// The configuration's `ignore` entries that suppressed something here (`ConfiguredIgnore.index`).
    public var usedIgnores: [Int] = []
    /// An Android capture whose density was inferred or assumed: what it
    /// showed of it (for the folder pass, `FolderDensity`).
    public var densityEvidence: DensityEvidence?
    /// What the rules saw (layout, geometry, target regions), when the lint
    /// was asked to keep it (`keepingContext`): the picture, the language
    /// server's hover and code actions and `--render-dir` draw and answer from
    /// it rather than building the file again. nil when the file built no
    /// layout the rules could check.
    public var context: RuleContext?
    /// Whether the fixes' edits are what checking them leaves (SPEC §6), or
    /// are still to be checked (`Linter.checkingFixes(of:)`). True where there
    /// is nothing to check: a capture keeps no edits, a broken layout no fixes.
    public var fixesChecked = true
    /// What checking the fixes later needs besides `context`: what reading the
    /// file found, and what it was read as.
    var fixCheckInput: FixCheckInput?
    /// Whether the lint was asked to keep `context` (which is nil all the
    /// same where no layout was checked).
    var keptContext = false

    struct FixCheckInput: Sendable {
        var layoutDiagnostics: [Diagnostic]
        var format: SourceFormat
    }

    public init(path: String, source: SourceText, diagnostics: [Diagnostic], nodeCount: Int, fileKind: FileKind = .hitlint) {
        self.path = path
        self.source = source
        self.diagnostics = diagnostics
        self.nodeCount = nodeCount
        self.fileKind = fileKind
    }

    /// The result without what the rules saw: a picture of it builds the
    /// file again (`Linter.renderInput(for:)`).
    mutating func dropContext() {
        context = nil
        keptContext = false
    }

    /// The same result with only its errors (what `--quiet` shows).
    public var errorsOnly: LintResult {
        var result = self
        result.diagnostics.removeAll { $0.severity != .error }
        return result
    }

    public func location(_ diagnostic: Diagnostic) -> (start: SourceLocation, end: SourceLocation) {
        (source.location(of: diagnostic.span.start), source.location(of: diagnostic.span.end))
    }
}

public struct Linter: Sendable {
    public var options: LintOptions
    /// For tests: fix checking compares each group of fixes checked with
    /// others against a lint of the group alone (`FixCheckAudit`).
    var fixCheckAudit: FixCheckAudit?
    /// For tests: whether fix checking's lints find only the findings of the
    /// nodes their fixes reach (false: every node's, as a lint of the file).
    var focusesFixChecks = true
    /// For tests: whether fix checking's lints on the built layout name the
    /// nodes of their findings (false: the checker names a node from the
    /// layout when it first meets one, `RunSettings.namesNodes`).
    var namesFixCheckNodes = false
    /// From how many findings fix checking packs their text (`FixChecking.packsTextFrom`; for tests).
    var packsFixCheckTextFrom = FixChecking.packsTextFrom

    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// The one way from a file's bytes to its result. `foundInFolder`: the
    /// file was found while walking a folder, not named: when it is no layout
    /// hitlint knows it is skipped with a note, where a named one is an error.
    /// `keepingContext`: the result keeps what the rules saw
    /// (`LintResult.context`), for a picture or an editor's questions.
    public func lint(source: SourceText, format: SourceFormat, path: String, foundInFolder: Bool = false,
                     keepingContext: Bool = false) -> LintResult {
        do {
            // A large JSON layout is built while it is read, without keeping its document.
            if format == .json, source.bytes.count >= options.run.streamingFrom,
               options.importing.fileKind == .auto || options.importing.fileKind == .hitlint {
                let (builder, document) = try LayoutBuilder.read(streaming: source, jobs: options.run.jobs)
                let kind = options.importing.fileKind.kind(of: document)
                guard kind == .hitlint else {
                    return lint(document: document, path: path, foundInFolder: foundInFolder, keepingContext: keepingContext)
                }
                // Building the layout and its geometry keeps one core busy.
                if options.run.locatesFindings, options.run.jobs > 1 { source.buildLineIndexAlongside() }
                let (layout, diagnostics) = LayoutBuilder.finish(consume builder, streamed: document, overrides: overrides)
                let outcome = lintLayout(consume layout, diagnostics, kind: kind, keepingContext: keepingContext)
                return finish(consume outcome, source: source, format: format, path: path, kind: kind)
            }
            return lint(document: try format.parse(source), path: path, foundInFolder: foundInFolder, keepingContext: keepingContext)
        } catch {
            // `maestro hierarchy > screen.json` keeps the tool's banner above the JSON.
            if format == .json, let document = CaptureBanner.maestroDocument(source, kind: options.importing.fileKind) {
                return lint(document: document, path: path, foundInFolder: foundInFolder, keepingContext: keepingContext)
            }
            if foundInFolder, error.isUnsupportedDocument {
                let diagnostic = Diagnostic(rule: RuleID.importNote, severity: .info,
                                            message: "skipped: not a layout hitlint knows (an XML document that hitlint does not read: \(error.message))",
                                            span: SourceSpan(start: error.offset, end: min(error.offset + 1, source.bytes.count)))
                return LintResult(path: path, source: source, diagnostics: [applySeverity(diagnostic)].compactMap { $0 },
                                  nodeCount: 0, fileKind: .unknown)
            }
            let end = min(error.offset + 1, source.bytes.count)
            let diagnostic = Diagnostic(rule: RuleID.invalidLayout, severity: .error, message: error.message,
                                        span: SourceSpan(start: error.offset, end: max(error.offset, end)))
            return LintResult(path: path, source: source, diagnostics: [diagnostic], nodeCount: 0)
        }
    }

    /// Takes the document: once the rules have run, nothing of it is kept but
    /// its source, so checking the fixes (another lint of the whole file each
    /// time) does not hold two files' worth of memory at once.
    public func lint(document: consuming Document, path: String, keepingContext: Bool = false) -> LintResult {
        lint(document: document, path: path, foundInFolder: false, keepingContext: keepingContext)
    }

    /// The one way from a document to its layout and diagnostics.
    func lint(document: consuming Document, path: String, foundInFolder: Bool, keepingContext: Bool) -> LintResult {
        let (source, format) = (document.source, document.format)
        var kind = options.importing.fileKind.kind(of: document)
        if kind == .unknown {
            if foundInFolder || format == .xml {
                // An Interface Builder document for AppKit or WatchKit is known
                // and not read: skipped with a note, named or found.
                let skipped = foundInFolder || InterfaceBuilderDocument.kind(of: document) == .other
                let diagnostic = Self.unknownFileDiagnostic(document, skipped: skipped)
                return LintResult(path: path, source: source, diagnostics: [applySeverity(diagnostic)].compactMap { $0 },
                                  nodeCount: 0, fileKind: .unknown)
            }
            // Named JSON or YAML: read as a layout, which says what it lacks.
            kind = .hitlint
        }
        let (layout, diagnostics): (Layout, [Diagnostic])
        if kind == .hitlint {
            (layout, diagnostics) = LayoutBuilder.build(document, overrides: overrides)
        } else {
            var importOptions = ImportOptions(scale: options.importing.importScale, platform: options.rules.platform, modality: options.rules.modality)
            importOptions.figmaTargets = options.importing.figmaTargets
            importOptions.sharedDensity = options.importing.sharedDensity
            importOptions.profileIsChosen = options.rules.profile != nil || options.rules.minimumSize != nil
                || options.rules.isConfigured(TargetSizeRule.minSize)
            (layout, diagnostics) = Importers.importLayout(kind, document: document, options: importOptions)
        }
        _ = consume document
        let evidence = layout.densityEvidence
        let outcome = lintLayout(consume layout, diagnostics, kind: kind, keepingContext: keepingContext)
        var result = finish(consume outcome, source: source, format: format, path: path, kind: kind)
        result.densityEvidence = evidence
        return result
    }

    /// What a file that is no layout hitlint knows gets: a note that it was
    /// skipped (found in a folder: other JSON, YAML and XML live beside
    /// layouts), or an error (named: the user meant it to be linted).
    static func unknownFileDiagnostic(_ document: Document, skipped: Bool) -> Diagnostic {
        let what: String
        var span = SourceSpan(start: 0, end: 0)
        if case .other(let framework) = InterfaceBuilderDocument.family(of: document) {
            return Diagnostic(rule: RuleID.importNote, severity: .info,
                              message: "skipped: an Interface Builder document for \(framework); hitlint reads those for UIKit (iOS, iPadOS, tvOS)",
                              span: document.span(1))
        }
        if document.format == .xml, let legacy = XCUITestImporter.legacyUIAutomationElement(document) {
            what = XCUITestImporter.legacyUIAutomationDescription
            span = document.span(legacy + 1)
        } else if document.format == .xml {
            let name = document.next(0) > 1 ? document.string(1) ?? "" : ""
            what = "an XML document whose root element is <\(name.count > 60 ? String(name.prefix(60)) + "…" : name)>"
            if document.next(0) > 1 { span = document.span(1) }
        } else if document.entries.isEmpty {
            what = "an empty document"
        } else if document.kind(0) == .object {
            let keys = document.members(0).prefix(4).compactMap { document.string($0.key) }
                .map { "'\($0.count > 30 ? String($0.prefix(30)) + "…" : $0)'" }
            what = keys.isEmpty ? "an empty mapping" : "a mapping with \(englishList(keys))\(document.count(0) > 4 ? ", …" : "")"
            span = document.firstKeySpan(0)
        } else {
            what = document.kind(0) == .array ? "a list" : "a single value"
            span = document.span(0)
        }
        let known = "hitlint reads its own layouts ('root'), Sentry view hierarchies, DroidBot states, UI Automator dumps and "
            + "Appium page sources, XCUITest page sources, Maestro hierarchies, RICO view hierarchies, Figma files and "
            + "Interface Builder documents"
        if skipped {
            return Diagnostic(rule: RuleID.importNote, severity: .info,
                              message: "skipped: not a layout hitlint knows (\(what)); \(known)", span: span)
        }
        return Diagnostic(rule: RuleID.invalidLayout, severity: .error,
                          message: "not a layout hitlint knows (\(what)): \(known); --from names the format", span: span)
    }

    private var overrides: LayoutBuilder.Overrides {
        LayoutBuilder.Overrides(platform: options.rules.platform, modality: options.rules.modality)
    }

    /// Keeps only the advice of a capture's fixes, or checks a layout's fixes
    /// (or, unchecked, keeps what checking them later needs).
    private func finish(_ outcome: consuming LayoutOutcome, source: SourceText,
                        format: SourceFormat, path: String, kind: FileKind) -> LintResult {
        // Taken from the outcome, which then lets go of it: the list is
        // changed below (fixes checked, edits dropped), and a list the
        // outcome still held would first be copied whole, a reference
        // counted for each string and list of each finding.
        var diagnostics: [Diagnostic] = []
        swap(&diagnostics, &outcome.diagnostics)
        var fixesChecked = true
        if kind.isImported {
            // A captured hierarchy is what the app did, not a source to edit: the
            // rules' edits assume a hitlint file, so only their advice is kept.
            for index in diagnostics.indices where diagnostics[index].fix != nil {
                diagnostics[index].fix!.dropEdits()
            }
        } else if !outcome.broken {
            if options.fixChecking == .checked {
                // Held by the checking alone unless the result keeps it: it
                // lets go of what it no longer needs (`FixChecking.check`).
                let making = outcome.context.map { FixChecking.OriginMaking($0, layoutDiagnostics: outcome.layoutDiagnostics) }
                if !outcome.keepsContext { outcome.context = nil }
                FixChecking(linter: self, source: source, format: format, path: path, origin: nil, makingOrigin: making,
                            audit: fixCheckAudit, focuses: focusesFixChecks, namesNodes: namesFixCheckNodes,
                            packsTextFrom: packsFixCheckTextFrom).check(&diagnostics)
            } else {
                fixesChecked = false
            }
        }
        var result = LintResult(path: path, source: source, diagnostics: diagnostics, nodeCount: outcome.nodeCount, fileKind: kind)
        result.usedIgnores = outcome.usedIgnores
        result.fixesChecked = fixesChecked
        if outcome.keepsContext {
            result.keptContext = true
            result.context = outcome.context
            if !fixesChecked { result.fixCheckInput = LintResult.FixCheckInput(layoutDiagnostics: outcome.layoutDiagnostics, format: format) }
        }
        return result
    }

    /// The result with its fixes checked (SPEC §6), as a lint that checks
    /// them would have given it: from the layout it kept (`keepingContext`),
    /// so an editor that lints on every keystroke without checking fixes
    /// checks them only when a code action asks, without building the file
    /// again. A result that kept nothing is linted again.
    public func checkingFixes(of result: LintResult) -> LintResult {
        guard !result.fixesChecked else { return result }
        var checked = result
        if let context = result.context, let input = result.fixCheckInput {
            let origin = FixChecking.Origin(context, layoutDiagnostics: input.layoutDiagnostics)
            FixChecking(linter: self, source: result.source, format: input.format, path: result.path,
                        origin: origin, audit: fixCheckAudit, focuses: focusesFixChecks,
                        namesNodes: namesFixCheckNodes, packsTextFrom: packsFixCheckTextFrom).check(&checked.diagnostics)
        } else {
            var linter = self
            linter.options.fixChecking = .checked
            let format = result.fixCheckInput?.format ?? SourceFormat(path: result.path) ?? .json
            checked = linter.lint(source: result.source, format: format, path: result.path, keepingContext: result.context != nil)
        }
        checked.fixesChecked = true
        checked.fixCheckInput = nil
        return checked
    }

    /// In the order reports list findings: by where they start, then rule,
    /// then message, those equal in all three in the order found. Sorted as
    /// words (the start above the position), the findings then moved into
    /// place: a sort that moves the findings themselves copies each many
    /// times, a reference counted for each of its parts each time. Only
    /// findings that start together are compared by rule and message.
    static func sortForReports(_ diagnostics: inout [Diagnostic]) {
        guard diagnostics.count > 1 else { return }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            let (left, right) = (diagnostics[lhs], diagnostics[rhs])
            if left.span.start != right.span.start { return left.span.start < right.span.start }
            if left.rule != right.rule { return left.rule < right.rule }
            if left.messageText != right.messageText {
                // Compared as strings, as they always were: bytes that differ can be equal text.
                let (leftMessage, rightMessage) = (left.message, right.message)
                if leftMessage != rightMessage { return leftMessage < rightMessage }
            }
            return lhs < rhs
        }
        var order: [Int]
        if diagnostics.count < 1 << 32, diagnostics.allSatisfy({ $0.span.start >= 0 && $0.span.start < 1 << 32 }) {
            var keys = diagnostics.indices.map { UInt64(diagnostics[$0].span.start) << 32 | UInt64($0) }
            sortByHighHalf(&keys)
            order = keys.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
            var first = 0
            while first < order.count {
                var end = first + 1
                while end < order.count, diagnostics[order[end]].span.start == diagnostics[order[first]].span.start { end += 1 }
                if end - first > 1 { order[first ..< end].sort(by: precedes) }
                first = end
            }
        } else {
            order = diagnostics.indices.sorted(by: precedes)
        }
        // Each cycle of the order followed, each finding moved once into the
        // place the one before it left (a copy would count a reference for
        // each of its parts; a swap moves each three times), the first held
        // aside until the cycle closes.
        var placed = [Bool](repeating: false, count: order.count)
        diagnostics.withUnsafeMutableBufferPointer { findings in
            guard let base = findings.baseAddress else { return }
            for start in order.indices where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let held = (base + start).move()
                var position = start
                while true {
                    let source = order[position]
                    if source == start {
                        (base + position).initialize(to: held)
                        break
                    }
                    (base + position).moveInitialize(from: base + source, count: 1)
                    placed[source] = true
                    position = source
                }
            }
        }
    }

    /// `keys` in the order of their high 32 bits, those equal in the order
    /// they were: a radix sort, a digit of `radixBits` a pass from the
    /// lowest, as many passes as the largest key needs. Keys made in index
    /// order come out in the order a sort of whole keys gives, in a few
    /// passes over them instead of a comparison sort's dozens.
    static func sortByHighHalf(_ keys: inout [UInt64]) {
        guard keys.count > 64 else { keys.sort(); return }
        let largest = keys.reduce(0) { max($0, $1 >> 32) }
        let digits = 1 << radixBits
        var spare = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: digits)
        var shift = 32
        while shift < 64, largest >> (shift - 32) != 0 {
            for index in counts.indices { counts[index] = 0 }
            for key in keys { counts[Int(truncatingIfNeeded: key >> shift) & (digits - 1)] += 1 }
            // A digit every key shares moves nothing.
            if counts.contains(keys.count) { shift += radixBits; continue }
            var next = 0
            for digit in counts.indices { (counts[digit], next) = (next, next + counts[digit]) }
            for key in keys {
                let digit = Int(truncatingIfNeeded: key >> shift) & (digits - 1)
                spare[counts[digit]] = key
                counts[digit] += 1
            }
            swap(&keys, &spare)
            shift += radixBits
        }
    }
    static let radixBits = 11

    /// What `lintLayout` found: the sorted diagnostics, the number of nodes,
    /// whether the layout was too broken to check, and (when fixes are to be
    /// checked, or the context kept) what the rules saw and reading the file found.
    struct LayoutOutcome {
        var diagnostics: [Diagnostic]
        var nodeCount: Int
        var broken: Bool
        var context: RuleContext?
        var layoutDiagnostics: [Diagnostic] = []
        /// Whether the result keeps `context` (`keepingContext`), or only
        /// checking fixes uses it.
        var keepsContext = false
        /// The configuration's ignore entries that suppressed something.
        var usedIgnores: [Int] = []
    }

    /// Geometry and rules on a built layout. `worked`: the layout's geometry
    /// and target regions, when already worked out (fix checking's lints,
    /// `Linter.CheckedLayout`, whose findings are left in the order found).
    /// `checking`: the nodes whose findings are wanted
    /// (`RuleContext.isChecked`), nil for all.
    func lintLayout(_ layout: Layout, _ layoutDiagnostics: [Diagnostic], kind: FileKind, keepingContext: Bool = false,
                    worked: (geometry: Geometry, regions: [TargetRegion])? = nil,
                    checking: [Int32]? = nil) -> LayoutOutcome {
        // Built: from here the file is read only where diagnostics point, so a
        // mapped file's pages are given back (SourceBytes.dropResidentPages).
        layout.document.source.bytes.dropResidentPages()
        var diagnostics = layoutDiagnostics.compactMap(applySeverity)
        let broken = layoutDiagnostics.contains { $0.rule == RuleID.invalidLayout }
        let nodeCount = layout.nodes.count
        var kept: RuleContext?
        var usedIgnores: [Int] = []
        if !broken, nodeCount > 0 {
            // Where each loss lies is kept only for a picture of the context kept.
            let context = RuleContext(layout: layout, geometry: worked?.geometry ?? Geometry(layout: layout), options: options,
                                      regions: worked?.regions, checking: checking, keepingLostPieces: keepingContext)
            // The rules' findings taken as they are, the few found while
            // building added to them: all are sorted below.
            var found = Self.runRules(context, options: options)
            if !layout.codeHeldViews.isEmpty {
                // Covered only by views the app's code settles (`Layout.codeHeldViews`).
                found.removeAll { finding in
                    (finding.rule == OccludedTargetRule.id || finding.rule == UnreachableTargetRule.id) && !finding.relatedNodes.isEmpty
                        && finding.relatedNodes.allSatisfy { layout.codeHeldViews.contains(Int32($0)) }
                }
            }
            if !layout.uncertainFrames.isEmpty {
                // A finding about a view whose saved frame the file says is not
                // where it ends up (or about what it meets there) rests on nothing.
                found.removeAll { finding in
                    finding.nodeIndex.map { layout.uncertainFrames.contains(Int32($0)) } == true
                        || finding.relatedNodes.contains { layout.uncertainFrames.contains(Int32($0)) }
                }
            }
            found.append(contentsOf: diagnostics)
            if let budget = Self.regionBudgetDiagnostic(context) { found.append(budget) }
            diagnostics = found
            if keepingContext || (options.fixChecking == .checked && !kind.isImported) { kept = context }
            diagnostics = Suppression.apply(to: diagnostics, layout: layout, options: options)
            (diagnostics, usedIgnores) = Suppression.applyConfigured(to: diagnostics, layout: layout, ignores: options.rules.configuredIgnores)
            if ControlIdentity.groups(kind) {
                var identity: ControlIdentity?  // made for the first finding on a control
                for index in diagnostics.indices where diagnostics[index].rule != RuleID.importNote {
                    guard let node = diagnostics[index].nodeIndex, node > 0, node < nodeCount else { continue }
                    if identity == nil { identity = ControlIdentity(layout) }
                    diagnostics[index].control = identity!.fingerprint(of: node)
                }
            }
        }
        // A checking lint's findings (`worked`) are counted by problem
        // (`RunChecker`), never reported: left in the order found, unless
        // views repeat, where the findings true in each state are found
        // side by side below.
        if worked == nil || layout.repeatsViews { Self.sortForReports(&diagnostics) }
        if layout.repeatsViews {
            // The same view in several states: a finding true in each is one finding.
            var previous: Diagnostic?
            diagnostics.removeAll { diagnostic in
                defer { previous = diagnostic }
                guard let previous else { return false }
                return previous.span == diagnostic.span && previous.rule == diagnostic.rule && previous.message == diagnostic.message
            }
        }
        return LayoutOutcome(diagnostics: diagnostics, nodeCount: nodeCount, broken: broken, context: kept,
                             layoutDiagnostics: kept == nil ? [] : layoutDiagnostics, keepsContext: keepingContext,
                             usedIgnores: usedIgnores)
    }

    /// Parts of a `PartedRule` per thread: enough that the threads end
    /// close together whatever the other rules take; each part has scratch
    /// tables and a list of its own.
    static let partsPerJob = 2

    /// The enabled geometry rules' diagnostics, each rule's in the order it
    /// found them, the rules' one after another in no set order (callers
    /// sort them): one list is taken as it is and the others are added to
    /// it, so a first run's hundreds of thousands of findings are not copied
    /// from list to list, each a reference counted for each of its strings
    /// and lists.
    public static func runRules(_ context: RuleContext, options: LintOptions) -> [Diagnostic] {
        let rules = RuleRegistry.geometryRules.indices.filter { options.isEnabled(RuleRegistry.geometryRuleIDs[$0]) }
            .map { RuleRegistry.geometryRules[$0] }
        var results: [[Diagnostic]]
        var ranInParts = false
        if context.layout.nodes.count >= RuleContext.concurrentMinimumNodes, rules.count > 1, options.run.jobs > 1 {
            // Started from the last: dead-gap, the costliest in the benchmark's
            // profile, is near the end of the registry, and the longest rule
            // should not be the one started last.
            // A rule that checks its targets in parts (`PartedRule`) runs as
            // several work items, so no one rule keeps the others waiting.
            var items: [@Sendable () -> [Diagnostic]] = []
            var joins: [() -> [Diagnostic]] = []
            for rule in rules.reversed() {
                if let parted = rule as? any PartedRule {
                    let (parts, join) = parted.parts(context, count: partsPerJob * options.run.jobs)
                    items += parts
                    joins.append(join)
                    ranInParts = true
                } else {
                    items.append { rule.check(context) }
                }
            }
            let work = items
            results = concurrentMap(count: work.count, jobs: options.run.jobs) { work[$0]() }
            results += joins.map { $0() }
        } else {
            results = rules.map { $0.check(context) }
        }
        // Added to in place: the longest list with room for all of them (a
        // rule that made room for a finding on every target), else the
        // longest, which is then moved once to a buffer large enough. Each
        // list added is let go of at once.
        let total = results.reduce(0) { $0 + $1.count }
        let byLength = results.indices.sorted { results[$0].count > results[$1].count }
        guard let base = byLength.first(where: { results[$0].capacity >= total }) ?? byLength.first else { return [] }
        var all = results[base]
        results[base] = []  // `all` holds the only reference
        all.reserveCapacity(total)
        for index in results.indices where !results[index].isEmpty {
            all.append(contentsOf: results[index])
            results[index] = []
        }
        // The parts' lists, let go of once joined, lie in the heap among what
        // stays: given back, so that fix checking, which comes next and makes
        // the run's peak, does not stand on them.
        if ranInParts { FreedMemory.giveBack() }
        return all
    }

    /// A file so crowded with views over views that its regions' budget cut
    /// some short (`Geometry.regionBudget`, SPEC §5 and §10): said once, as
    /// an error on the first target cut short, so that a report that could
    /// not check everything is not taken for one that did. Only where every
    /// node's findings are wanted: fix checking's lints compare findings.
    static func regionBudgetDiagnostic(_ context: RuleContext) -> Diagnostic? {
        guard context.checksEveryNode, let first = context.regions.firstIndex(where: \.isCutShort) else { return nil }
        let cut = context.regions[first...].reduce(0) { $0 + ($1.isCutShort ? 1 : 0) }
        let targets = context.regions.count
        let message = "too many views over one another to check every target exactly: \(cut) of \(targets) target\(targets == 1 ? "" : "s") "
            + "\(cut == 1 ? "was" : "were") checked against only the views nearest the front over \(cut == 1 ? "it" : "them") "
            + "(hitlint reads a bounded number of views per file, so that a hostile file cannot make it hang); "
            + "findings on \(cut == 1 ? "it say" : "them say") 'approximate', and some may be missing"
        var diagnostic = context.diagnostic(RuleID.invalidLayout, node: context.regions[first].target, message: message)
        diagnostic.severity = .error
        return diagnostic
    }

    /// Severity from options; nil when the rule is off. `invalid-layout` cannot be turned off.
    private func applySeverity(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard diagnostic.rule != RuleID.invalidLayout else { return diagnostic }
        var result = diagnostic
        result.severity = options.severity(of: diagnostic.rule)
        return result.severity == .off ? nil : result
    }
}
