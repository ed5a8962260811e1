/// "A fix never makes a rule fire that did not fire before" (SPEC §6): a fix
/// keeps its edits only if, applied to the original bytes, it resolves its own
/// diagnostic and makes no (rule, node) fire more often than before. Otherwise
/// it keeps its description, says what went wrong, and loses its edits.
///
/// Fixes are checked in runs, much as `--fix` applies them (a run also keeps
/// apart fixes whose grown gates overlap): a run of fixes is applied
/// together; if every fix in it resolved its diagnostic and nothing new
/// fired, the whole run passes. A run that fails is checked again without the
/// fixes it suspects (`RunChecker.suspects`), which are checked apart, or
/// halved when it suspects none, until the culprits stand alone. A run first
/// falls apart into groups of fixes whose reaches (`FixReach`: the nodes
/// whose findings a fix can change) meet; each group is a run of its own,
/// judged by the findings of the nodes it reaches, and groups whose reaches
/// are apart are judged with one lint between them. So a file whose fixes
/// are all good costs one more lint, and a file with bad fixes in many
/// places a few more lints, not one per fix. Those lints start from the
/// layout as first built, its regions worked out again only where the fixes
/// change gates, and find only the findings of the nodes the checked groups
/// reach (`RuleContext.isChecked`).
///
/// The one way in is `check(_:)`, on what the lint that made the fixes left
/// (`Origin`): `Linter` calls it when its fixes are to be checked.
struct FixChecking {
    let linter: Linter
    let source: SourceText
    let format: SourceFormat
    let path: String
    /// What the lint that made the fixes built; nil when it built no layout.
    /// Taken by `check(_:)`, which lets go of what it no longer needs.
    var origin: Origin?
    /// What `origin` is made from, when it is not made yet: `check(_:)`
    /// makes it while it packs the findings' text (`OriginMaking`).
    var makingOrigin: OriginMaking?
    /// For tests (`Linter.fixCheckAudit`).
    var audit: FixCheckAudit?
    /// Whether checking lints on the built layout find only the findings of
    /// the nodes their fixes reach (`Linter.focusesFixChecks`, for tests).
    var focuses = true
    /// Whether checking lints on the built layout name the nodes of their
    /// findings (`Linter.namesFixCheckNodes`, for tests).
    var namesNodes = false
    /// From how many findings their text is packed while their fixes are
    /// checked (`PackedFindingText`; `Linter.packsFixCheckTextFrom`, for tests).
    var packsTextFrom = FixChecking.packsTextFrom

    /// Below this many findings, packing their text would save little
    /// beside what checking holds anyway (tens of kilobytes).
    static let packsTextFrom = 2_048

    /// What the lint that made the fixes leaves for checking them: where each
    /// fix can change findings, and the layout as it built it (fixes that only
    /// give nodes new hit insets are checked on it, with the insets given to
    /// its nodes, rather than on their edited file parsed and built again).
    struct Origin {
        let reach: FixReach
        let built: Linter.BuiltLayout

        /// The layout as built; the reaches, let go of, no longer hold it.
        consuming func takingBuilt() -> Linter.BuiltLayout { built }

        /// `layoutDiagnostics`: what reading the file found.
        init(_ context: RuleContext, layoutDiagnostics: [Diagnostic]) {
            let footprints = TargetFootprints(context.geometry)
            reach = FixReach(context, footprints: footprints)
            built = Linter.BuiltLayout(layout: context.layout, diagnostics: layoutDiagnostics, geometry: context.geometry,
                                       regions: context.regions, footprints: footprints)
        }
    }

    /// An `Origin` to make from the lint's context, on another thread
    /// (`check(_:)`). The context is taken and let go of there, before the
    /// making ends: the checked layout, made from the origin next, must be
    /// the only holder of its layout, or its first change copies its tables.
    final class OriginMaking: @unchecked Sendable {
        private var context: RuleContext?
        private let layoutDiagnostics: [Diagnostic]
        fileprivate var origin: Origin?

        init(_ context: RuleContext, layoutDiagnostics: [Diagnostic]) {
            self.context = context
            self.layoutDiagnostics = layoutDiagnostics
        }

        @Sendable func make() {
            guard let context = context.take() else { return }
            origin = Origin(context, layoutDiagnostics: layoutDiagnostics)
        }
    }

    /// Re-linting is bounded per file: about four more lints of a large file, or
    /// 200 lints of a small one. Fixes past the budget are left for the next pass.
    static func budget(forBytes count: Int) -> (bytes: Int, lints: Int) {
        (4 * count + 1 << 20, 200)
    }

    enum Verdict {
        case unchecked, kept, doesNotResolve, addsProblem, outOfBudget
    }

    /// Strips each fix that fails its check of its edits, with a note that
    /// says why. In place: a copy of a large file's diagnostics would be
    /// made beside them, each a reference counted for each of its strings.
    consuming func check(_ diagnostics: inout [Diagnostic]) {
        var packed = PackedFindingText()
        let jobs = linter.options.run.jobs
        let packs = diagnostics.count >= packsTextFrom
        if let making = makingOrigin.take() {
            // The origin reads the layout, the packing the findings: side by side.
            alongside(jobs: packs ? jobs : 1, making.make) {
                if packs { packed = PackedFindingText(packing: &diagnostics) }
            }
            origin = making.origin.take()
        } else if packs {
            packed = PackedFindingText(packing: &diagnostics)
        }
        // What checking holds is let go of when it returns, before the text is put back.
        let found = verdicts(of: diagnostics)
        packed.unpack(&diagnostics)
        // Once the text is back: a failed fix's note is added to its
        // description, which read while packed unpacks its whole piece.
        Self.apply(found, to: &diagnostics)
    }

    private consuming func verdicts(of diagnostics: [Diagnostic]) -> [Verdict] {
        var checker = linter
        checker.options.fixChecking = .unchecked
        // Verdicts count problems by rule and node: the extra lints need no messages.
        checker.options.run.describesDiagnostics = false
        // Nor are they located.
        checker.options.run.locatesFindings = false
        let (format, path) = (format, path)
        // A patched copy of a mapped (large) file is mapped too, from a
        // temporary file: its pages then go back once it is built, instead of
        // the whole copy staying in memory beside the lint's tables, at the
        // run's peak.
        let mapsCopies = source.bytes.isMapped
        // What the first lint built is let go of as soon as it is no longer
        // needed: the reaches once worked out, the layout as built once the
        // checking lints have theirs (with extras slots, a copy of its node
        // table when a slot was missing), so that the checking lints, at the
        // run's peak, do not find two node tables beside them.
        let reaches = origin?.reach.reaches(of: diagnostics, jobs: linter.options.run.jobs)
        let (affected, grown) = (reaches?.affected, reaches?.grown)
        // The threads' lists, joined, are let go of, some in another
        // thread's heap: given back before the checking lints' tables,
        // the run's peak, are made.
        if source.bytes.count >= FreedMemory.worthGivingBackFrom { FreedMemory.giveBack() }
        // Held by the checked layout alone, which each checking lint then
        // changes in place (nothing else may hold its layout, not even to
        // name a node, or the first lint copies its tables). Taken from the
        // origin, which lets go of the rest first (the reaches hold the
        // layout too), so that its node table is given its extras slots in
        // place rather than copied.
        let checked: Linter.CheckedLayout?
        if let taken = origin.take() {
            checked = Linter.CheckedLayout((consume taken).takingBuilt().withExtrasSlots(for: diagnostics))
        } else {
            checked = nil
        }
        // Lints on the built layout name no node: the checker names a node
        // from the layout when it first meets one.
        var builtChecker = checker
        builtChecker.options.run.namesNodes = namesNodes
        let lintBuilt = checked.map { checked in
            BuiltLint(nodeName: { checked.layout.key(of: Int($0)) }) {
                (fixes: [Fix], nodes: [Int32]?) in checked.lint(with: builtChecker, changing: fixes, checking: nodes)
            }
        }
        // A layout with `ignore` entries is checked whole: whether an entry is
        // used depends on the findings of its node's whole subtree.
        let focuses = focuses && checked?.layout.ignores.isEmpty == true
        return Self.verdicts(of: diagnostics, bytes: source.bytes, affected: affected, grown: grown, audit: audit, lintBuilt: lintBuilt,
                             focuses: focuses) { (bytes: consuming [UInt8]) in
            let patched: SourceBytes
            if mapsCopies, let mapping = bytes.withUnsafeBufferPointer(FileMapping.temporaryCopy) {
                _ = consume bytes
                patched = SourceBytes(mapping)
            } else {
                patched = SourceBytes(bytes)
            }
            return checker.lint(source: SourceText(bytes: patched), format: format, path: path).diagnostics
        }
    }

    /// Checks each fix of `diagnostics` of `bytes` with `lint` (the
    /// diagnostics of the bytes a set of fixes makes) and strips it of its
    /// edits if it fails.
    ///
    /// `affected[i]`: the nodes whose findings diagnostic i's fix can change
    /// (`FixReach`), or nil when that is not known. A run of fixes falls apart
    /// into groups whose reaches do not meet (a group: fixes linked by a node
    /// both can change); each group is checked on its own, by the findings of
    /// the nodes it reaches, and groups far enough apart are checked with one
    /// lint between them. A finding that changed on a node no group of that
    /// lint reaches means the reaches were wrong: those groups are checked
    /// again, each alone, against the whole file. (A lint asked for the
    /// reached nodes' findings only, `focuses`, cannot see such a change: there
    /// the reaches are trusted, as `FixReachTests` holds them to whole-file
    /// lints.) A fix whose reach is not known is checked against the whole
    /// file with its run.
    ///
    /// `audit`: for tests, handed each group's verdict counts as the shared
    /// lint found them and as a lint of the group alone finds them.
    ///
    /// `lintBuilt`: the diagnostics with these hit insets given to the built
    /// layout's nodes, as `lint` of the edited bytes finds them (of the nodes
    /// given, when they are: the others' findings may be left out; a finding
    /// on a node may leave its name to `BuiltLint.nodeName`); used for
    /// a set of fixes that all say how their insets read back
    /// (`HitAreaChange.readBack`), `lint` for the others. A group whose fixes
    /// all say what they reach is checked on the findings of those nodes
    /// alone; the audit's lint of a group alone finds every node's.
    static func verify(_ diagnostics: inout [Diagnostic], of bytes: SourceBytes, budget: (bytes: Int, lints: Int)? = nil,
                       affected: FixReach.NodeLists? = nil, grown: FixReach.GrownGates? = nil,
                       audit: FixCheckAudit? = nil,
                       lintBuilt: BuiltLint? = nil, focuses: Bool = false,
                       lint: (consuming [UInt8]) -> [Diagnostic]) {
        // The checker's hold on the diagnostics ends before they are changed, where they are.
        let verdicts = Self.verdicts(of: diagnostics, bytes: bytes, budget: budget, affected: affected, grown: grown, audit: audit,
                                     lintBuilt: lintBuilt, focuses: focuses, lint: lint)
        apply(verdicts, to: &diagnostics)
    }

    /// What `verify` finds of each fix, without acting on it.
    private static func verdicts(of diagnostics: [Diagnostic], bytes: SourceBytes, budget: (bytes: Int, lints: Int)? = nil,
                                 affected: FixReach.NodeLists?, grown: FixReach.GrownGates?, audit: FixCheckAudit?,
                                 lintBuilt: BuiltLint?, focuses: Bool, lint: (consuming [UInt8]) -> [Diagnostic]) -> [Verdict] {
        var checker = RunChecker(diagnostics: diagnostics, bytes: bytes, affected: affected, grown: grown, audit: audit,
                                 lintBuilt: lintBuilt, focuses: focuses, budget: budget ?? Self.budget(forBytes: bytes.count))
        return checker.run(lint: lint)
    }

    /// Strips each fix whose verdict fails of its edits, with a note that says why.
    private static func apply(_ verdicts: [Verdict], to diagnostics: inout [Diagnostic]) {
        // The verdict first: reading a finding of the list being changed
        // copies it whole, and most fixes are kept.
        for index in diagnostics.indices {
            let note: String
            switch verdicts[index] {
            case .kept, .unchecked: continue
            case .outOfBudget: note = Fix.notCheckedNote
            case .addsProblem: note = Fix.byHandNote + "applied alone it makes another problem appear)"
            case .doesNotResolve: note = Fix.byHandNote + "applied alone it does not resolve this)"
            }
            guard diagnostics[index].fix?.hasEdits == true else { continue }
            diagnostics[index].fix!.dropEdits()
            diagnostics[index].fix!.description += note
        }
    }
}

/// How fix checking lints the built layout with hit insets given to its nodes
/// (`FixChecking.verify`'s `lintBuilt`).
struct BuiltLint {
    /// The name of a node (`Layout.key(of:)`), for the findings that carry
    /// only its index (`RunSettings.namesNodes`).
    let nodeName: (Int32) -> String
    /// The findings with these fixes' changes (`Fix.hitAreaChanges`) made.
    let lint: ([Fix], [Int32]?) -> [Diagnostic]
}

/// Handed, for each group of fixes checked with others in one lint, what that
/// lint says the group changes and what a lint of the group alone says: the
/// two must agree, or a fix's reach (`FixReach`) was wrong.
typealias FixCheckAudit = @Sendable (_ shared: [Fixer.ProblemKey: Int], _ alone: [Fixer.ProblemKey: Int]) -> Void

