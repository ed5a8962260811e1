/// "A fix never makes a rule fire that did not fire before" (SPEC §6): a fix
/// keeps its edits only if, applied to the original bytes, it resolves its own
/// diagnostic and makes no (rule, node) fire more often than before. Otherwise
/// it keeps its description, says what went wrong, and loses its edits.
///
/// Fixes are checked in runs, the way `--fix` applies them: a run of fixes is
/// applied together; if every fix in it resolved its diagnostic and nothing
/// new fired, the whole run passes, and a run that fails is halved until the
/// culprits stand alone. A run first falls apart into groups of fixes whose
/// reaches (`FixReach`: the nodes whose findings a fix can change) meet; each
/// group is a run of its own, judged by the findings of the nodes it reaches,
/// and groups whose reaches are apart are judged with one lint between them.
/// So a file whose fixes are all good costs one more lint, and a file with
/// bad fixes in many places about one more lint per halving, not one per fix.
/// Those lints start from the layout as first built, its regions worked out
/// again only where the fixes change gates, and find only the findings of
/// the nodes the checked groups reach (`RuleContext.isChecked`).
struct FixVerification {
    let linter: Linter
    let source: SourceText
    let format: SourceFormat
    let path: String
    /// Where each fix can change findings, from the lint that made the fixes.
    let reach: FixReach?
    /// The layout that lint built: fixes that only give nodes new hit insets
    /// are checked on it, with the insets given to its nodes, rather than on
    /// their edited file parsed and built again.
    let built: Linter.BuiltLayout?
    /// For tests (`Linter.fixCheckAudit`).
    var audit: FixCheckAudit?
    /// Whether checking lints on the built layout find only the findings of
    /// the nodes their fixes reach (`Linter.focusesFixChecks`, for tests).
    var focuses = true

    /// Re-linting is bounded per file: about four more lints of a large file, or
    /// 200 lints of a small one. Fixes past the budget are left for the next pass.
    static func budget(forBytes count: Int) -> (bytes: Int, lints: Int) {
        (4 * count + 1 << 20, 200)
    }

    fileprivate enum Verdict {
        case unchecked, kept, doesNotResolve, addsProblem, outOfBudget
    }

    func verify(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var checker = linter
        checker.options.verifyFixes = false
        // Verdicts count problems by rule and node: the extra lints need no messages.
        checker.options.describesDiagnostics = false
        let (format, path) = (format, path)
        // A patched copy of a mapped (large) file is mapped too, from a
        // temporary file: its pages then go back once it is built, instead of
        // the whole copy staying in memory beside the lint's tables, at the
        // run's peak.
        let mapsCopies = source.bytes.isMapped
        let affected = reach?.affectedNodes(of: diagnostics, jobs: linter.options.jobs)
        let lintBuilt = built.map { built in
            { (changes: [HitAreaChange], nodes: [Int32]?) in checker.lint(built, changing: changes, checking: nodes) }
        }
        // A layout with `ignore` entries is checked whole: whether an entry is
        // used depends on the findings of its node's whole subtree.
        let focuses = focuses && built?.layout.ignores.isEmpty == true
        return Self.verify(diagnostics, of: source.bytes, affected: affected, audit: audit, lintBuilt: lintBuilt,
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

    /// `diagnostics` of `bytes`, each fix checked with `lint` (the diagnostics
    /// of the bytes a set of fixes makes) and stripped of its edits if it fails.
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
    /// given, when they are: the others' findings may be left out); used for
    /// a set of fixes that all say how their insets read back
    /// (`HitAreaChange.readBack`), `lint` for the others. A group whose fixes
    /// all say what they reach is checked on the findings of those nodes
    /// alone; the audit's lint of a group alone finds every node's.
    static func verify(_ diagnostics: [Diagnostic], of bytes: SourceBytes, budget: (bytes: Int, lints: Int)? = nil,
                       affected: [[Int32]?]? = nil,
                       audit: FixCheckAudit? = nil,
                       lintBuilt: (([HitAreaChange], [Int32]?) -> [Diagnostic])? = nil, focuses: Bool = false,
                       lint: (consuming [UInt8]) -> [Diagnostic]) -> [Diagnostic] {
        var checker = RunChecker(diagnostics: diagnostics, bytes: bytes, affected: affected, audit: audit,
                                 lintBuilt: lintBuilt, focuses: focuses, budget: budget ?? Self.budget(forBytes: bytes.count))
        let verdicts = checker.run(lint: lint)
        var result = diagnostics
        for index in diagnostics.indices where !(diagnostics[index].fix?.edits.isEmpty ?? true) {
            let note: String
            switch verdicts[index] {
            case .kept, .unchecked: continue
            case .outOfBudget: note = " (not checked in this pass: too many fixes in one file; run --fix again)"
            case .addsProblem: note = " (to do by hand: applied alone it makes another problem appear)"
            case .doesNotResolve: note = " (to do by hand: applied alone it does not resolve this)"
            }
            result[index].fix!.dropEdits()
            result[index].fix!.description += note
        }
        return result
    }
}

/// Handed, for each group of fixes checked with others in one lint, what that
/// lint says the group changes and what a lint of the group alone says: the
/// two must agree, or a fix's reach (`FixReach`) was wrong.
typealias FixCheckAudit = @Sendable (_ shared: [Fixer.ProblemKey: Int], _ alone: [Fixer.ProblemKey: Int]) -> Void

/// The state of one file's fix checking (`FixVerification.verify`).
private struct RunChecker {
    typealias Counts = [Fixer.ProblemKey: Int]

    /// A problem on one node: what a lint's findings are compared by, so a
    /// change can be put down to the group of fixes that reaches its node.
    /// Numbers, not strings: every lint's findings are counted by it, and
    /// fixes change no node's name, so (rule, node) says which problem it is.
    private struct NodeProblem: Hashable {
        /// The rule's position in `rules`.
        var rule: Int32
        /// -1: about no node.
        var node: Int32
        /// For a finding about no node, the name it is counted by
        /// (`Fixer.ProblemKey`); nil for the others.
        var name: String?
    }

    /// How often a problem fires, and the node's name it is counted by.
    private struct Tally {
        var count: Int
        var name: String?
    }

    /// How often each problem fires in one lint's findings. Problems on a
    /// node sit in one table probed in place by their (rule, node) word
    /// (open addressing), not in a dictionary that hashes each key anew:
    /// every checking lint's findings are counted and compared with the
    /// original's, one look-up each way per finding. The few about no node
    /// are kept by name in a dictionary.
    private struct Tallies {
        /// 0 where empty, else (rule + 1) << 32 | node.
        private var keys: [UInt64]
        private var counts: [Int32]
        private var names: [String?]
        private var shift: UInt64
        private var withoutNode: [NodeProblem: Tally] = [:]

        init(expected: Int) {
            var size = 16
            while size < expected * 2 { size <<= 1 }
            keys = [UInt64](repeating: 0, count: size)
            counts = [Int32](repeating: 0, count: size)
            names = [String?](repeating: nil, count: size)
            shift = UInt64(64 - size.trailingZeroBitCount)
        }

        @inline(__always) private static func key(_ problem: NodeProblem) -> UInt64 {
            UInt64(UInt32(bitPattern: problem.rule) + 1) << 32 | UInt64(UInt32(bitPattern: problem.node))
        }

        /// The slot holding `key`, or the empty slot where it would go.
        @inline(__always) private func slot(of key: UInt64) -> Int {
            let mask = keys.count - 1
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while keys[slot] != 0, keys[slot] != key { slot = (slot + 1) & mask }
            return slot
        }

        /// One more finding of `problem`; `name` is the one it is counted by.
        mutating func add(_ problem: NodeProblem, name: String?) {
            guard problem.node >= 0 else {
                if let found = withoutNode.index(forKey: problem) {
                    withoutNode.values[found].count += 1
                } else {
                    withoutNode[problem] = Tally(count: 1, name: name)
                }
                return
            }
            let key = Self.key(problem)
            let slot = slot(of: key)
            if keys[slot] == 0 {
                keys[slot] = key
                names[slot] = name
            }
            counts[slot] += 1
        }

        /// How often `problem` fires (0: not at all).
        func count(_ problem: NodeProblem) -> Int {
            guard problem.node >= 0 else { return withoutNode[problem]?.count ?? 0 }
            let slot = slot(of: Self.key(problem))
            return keys[slot] == 0 ? 0 : Int(counts[slot])
        }

        func forEach(_ body: (NodeProblem, Tally) -> Void) {
            for slot in keys.indices where keys[slot] != 0 {
                let key = keys[slot]
                body(NodeProblem(rule: Int32(truncatingIfNeeded: key >> 32) - 1, node: Int32(bitPattern: UInt32(truncatingIfNeeded: key)),
                                 name: nil),
                     Tally(count: Int(counts[slot]), name: names[slot]))
            }
            for (problem, tally) in withoutNode { body(problem, tally) }
        }
    }

    /// A change of a problem's count between the original and a lint.
    private struct Change {
        var problem: NodeProblem
        var name: String?
        var change: Int
    }

    let diagnostics: [Diagnostic]
    let bytes: SourceBytes
    let affected: [[Int32]?]?
    let audit: FixCheckAudit?
    let lintBuilt: (([HitAreaChange], [Int32]?) -> [Diagnostic])?
    /// Whether `lintBuilt` is asked for the findings of the reached nodes only.
    let focuses: Bool
    /// Scratch, by node: the nodes a focused lint checked, false between lints.
    private var focus: [Bool] = []
    var bytesLeft: Int
    var lintsLeft: Int
    var verdicts: [FixVerification.Verdict]
    /// The rules met so far, in the order met: `NodeProblem.rule` indexes it.
    private var rules: [String] = []
    /// The original findings by node, with the name each is counted by.
    private var before = Tallies(expected: 0)
    /// One more than the largest node any fix reaches: the size of the
    /// node-indexed tables below.
    private let nodeCount: Int
    /// What each group of fixes (sorted diagnostic indices) changes, by
    /// problem: only the counts that change.
    private var changes: [[Int]: Counts] = [:]
    /// Groups whose reach proved wrong: checked alone, against the whole file.
    private var checkedWhole = Set<[Int]>()
    /// Scratch for `groups(ofLocal:)`, by node: -1 everywhere between calls.
    private var nodeOwner: [Int] = []
    /// Which fixes' edits can go together (`Fixer.Conflicts`), by diagnostic.
    private let conflicts: Fixer.Conflicts
    /// Scratch for `applyingTogether`, by diagnostic: false between calls.
    private var inRun: [Bool]

    init(diagnostics: [Diagnostic], bytes: SourceBytes, affected: [[Int32]?]?, audit: FixCheckAudit?,
         lintBuilt: (([HitAreaChange], [Int32]?) -> [Diagnostic])?, focuses: Bool, budget: (bytes: Int, lints: Int)) {
        self.focuses = focuses
        self.diagnostics = diagnostics
        self.bytes = bytes
        self.affected = affected
        self.audit = audit
        self.lintBuilt = lintBuilt
        (bytesLeft, lintsLeft) = budget
        verdicts = [FixVerification.Verdict](repeating: .unchecked, count: diagnostics.count)
        conflicts = Fixer.Conflicts(diagnostics.map { $0.fix?.edits ?? [] }, byteCount: bytes.count)
        inRun = [Bool](repeating: false, count: diagnostics.count)
        var largest: Int32 = -1
        for nodes in affected ?? [] { if let top = nodes?.max() { largest = max(largest, top) } }
        nodeCount = Int(largest) + 1
        before = byNode(diagnostics)
    }

    /// The rule's position in `rules`, added when new. A lint reports a
    /// handful of rules, and the same rule's id is the same string (its bits
    /// compare equal at once), so a look along the list beats hashing it.
    private mutating func ruleCode(_ rule: String) -> Int32 {
        if let position = rules.firstIndex(of: rule) { return Int32(position) }
        rules.append(rule)
        return Int32(rules.count - 1)
    }

    private mutating func byNode(_ diagnostics: [Diagnostic]) -> Tallies {
        var result = Tallies(expected: diagnostics.count)
        // Read in place, by index: a copy of each diagnostic counts a
        // reference for each of its strings and lists.
        for index in diagnostics.indices {
            let code = ruleCode(diagnostics[index].rule)
            let node = diagnostics[index].nodeIndex.map(Int32.init) ?? -1
            let problem = NodeProblem(rule: code, node: node, name: node < 0 ? diagnostics[index].node : nil)
            result.add(problem, name: diagnostics[index].node)
        }
        return result
    }

    /// Whether every fix of the group says which nodes it can change.
    private func isLocal(_ group: [Int]) -> Bool {
        guard let affected, !checkedWhole.contains(group) else { return false }
        return group.allSatisfy { affected[$0] != nil }
    }

    /// The run's fixes in groups linked by a node both can change, in the
    /// order of their first fix; the fixes whose reach is unknown make one
    /// group, first, checked against the whole file.
    private mutating func groups(of run: [Int]) -> [[Int]] {
        guard let affected, run.count > 1 else { return [run] }
        let unknown = run.filter { affected[$0] == nil }
        guard unknown.count < run.count else { return [run] }
        let result = groups(ofLocal: unknown.isEmpty ? run : run.filter { affected[$0] != nil }, affected)
        return unknown.isEmpty ? result : [unknown] + result
    }

    private mutating func groups(ofLocal run: [Int], _ affected: [[Int32]?]) -> [[Int]] {
        var parent = Array(run.indices)
        func root(_ position: Int) -> Int {
            var position = position
            while parent[position] != position {
                parent[position] = parent[parent[position]]
                position = parent[position]
            }
            return position
        }
        // Which fix of the run first reached each node; the table is kept
        // between calls (a run is cut in groups each time it is halved) and
        // cleared where this run wrote.
        if nodeOwner.isEmpty { nodeOwner = [Int](repeating: -1, count: nodeCount) }
        for (position, index) in run.enumerated() {
            for node in affected[index]! {
                let other = nodeOwner[Int(node)]
                if other >= 0 {
                    let (a, b) = (root(position), root(other))
                    if a != b { parent[max(a, b)] = min(a, b) }
                } else {
                    nodeOwner[Int(node)] = position
                }
            }
        }
        for index in run { for node in affected[index]! { nodeOwner[Int(node)] = -1 } }
        var groupOfRoot: [Int: Int] = [:]
        var result: [[Int]] = []
        for (position, index) in run.enumerated() {
            let top = root(position)
            if let group = groupOfRoot[top] {
                result[group].append(index)
            } else {
                groupOfRoot[top] = result.count
                result.append([index])
            }
        }
        return result
    }

    /// What is known of a run of fixes: nothing yet (`run`), that its fixes
    /// apply together (`applies`: half of a run that did), or that they also
    /// make one group (`group`: cut from a run by `groups(of:)`).
    private enum RunKind { case run, applies, group }

    /// Depth first, earlier fixes first: when the budget runs out, the fixes
    /// nearest the top of the file are the ones that were checked. A run is
    /// first cut to the fixes that apply together (the others make a run of
    /// their own, after), then into its groups; a group that fails is halved.
    mutating func run(lint: (consuming [UInt8]) -> [Diagnostic]) -> [FixVerification.Verdict] {
        let fixable = diagnostics.indices.filter { !(diagnostics[$0].fix?.edits.isEmpty ?? true) }
        var runs: [(fixes: [Int], kind: RunKind)] = fixable.isEmpty ? [] : [(fixable, .run)]
        while true {
            // Every run whose groups' changes are known is decided; the groups
            // not yet checked wait for the next lint.
            var waiting: [[Int]] = []
            while let (popped, kind) = runs.popLast() {
                var applied = popped
                if kind == .run {
                    applied = applyingTogether(popped)
                    guard !applied.isEmpty else {
                        for index in popped { verdicts[index] = .doesNotResolve }  // invalid edits change nothing
                        continue
                    }
                    if applied.count < popped.count {
                        let set = Set(applied)
                        runs.append((popped.filter { !set.contains($0) }, .run))
                    }
                }
                if kind != .group {
                    let groups = groups(of: applied)
                    if groups.count > 1 {
                        runs += groups.reversed().map { ($0, .group) }
                        continue
                    }
                }
                guard let counts = changes[applied] else {
                    waiting.append(applied)
                    continue
                }
                if passes(applied, counts) {
                    for index in applied { verdicts[index] = .kept }
                } else if applied.count == 1 {
                    verdicts[applied[0]] = resolves(applied, counts) ? .addsProblem : .doesNotResolve
                } else {
                    // Halves of fixes that apply together apply together.
                    let middle = applied.count / 2
                    runs.append((Array(applied[middle...]), .applies))
                    runs.append((Array(applied[..<middle]), .applies))
                }
            }
            guard !waiting.isEmpty else { break }
            guard bytesLeft > 0, lintsLeft > 0 else {
                for group in waiting { for index in group { verdicts[index] = .outOfBudget } }
                break
            }
            check(pickBatch(from: waiting), lint: lint)
            runs = waiting.reversed().map { ($0, .group) }
        }
        return verdicts
    }

    /// Groups to check with one lint, in order: local groups whose reaches
    /// do not meet and whose edits do not touch, or one group checked against
    /// the whole file.
    private func pickBatch(from waiting: [[Int]]) -> [[Int]] {
        var claimed = [Bool](repeating: false, count: nodeCount)
        // By diagnostic: its fix is in the batch (1) or in the group being added (2).
        var joined = [UInt8](repeating: 0, count: diagnostics.count)
        var batch: [[Int]] = []
        for group in waiting {
            guard isLocal(group) else {
                if batch.isEmpty { return [group] }
                continue
            }
            guard !group.contains(where: { affected![$0]!.contains { claimed[Int($0)] } }) else { continue }
            // All or none (`Fixer.EditBatch.addAll`): each fix valid, touching
            // no fix of the batch nor one of the group before it.
            var fits = true
            for index in group {
                guard conflicts.valid[index], !conflicts.touching[index].contains(where: { joined[$0] != 0 }) else {
                    fits = false
                    break
                }
                joined[index] = 2
            }
            guard fits else {
                for index in group where joined[index] == 2 { joined[index] = 0 }
                continue
            }
            for index in group {
                joined[index] = 1
                for node in affected![index]! { claimed[Int(node)] = true }
            }
            batch.append(group)
        }
        return batch
    }

    /// The fixes that apply together, in order (`Fixer.EditBatch.add`): each
    /// joins when its edits are valid and touch none of a fix already in.
    private mutating func applyingTogether(_ fixes: [Int]) -> [Int] {
        var result: [Int] = []
        for index in fixes where conflicts.valid[index] && !conflicts.touching[index].contains(where: { inRun[$0] }) {
            inRun[index] = true
            result.append(index)
        }
        for index in result { inRun[index] = false }
        return result
    }

    /// One lint of the batch's fixes applied together; each group's changes
    /// are the changed findings on the nodes it reaches (or, checked alone
    /// against the whole file, all changed findings).
    private mutating func check(_ batch: [[Int]], lint: (consuming [UInt8]) -> [Diagnostic]) {
        let fixes = batch.flatMap { $0 }
        // Local groups are judged by the findings of the nodes they reach: only those are found.
        var reached: [Int32]?
        if focuses, batch.count > 1 || isLocal(batch[0]) {
            var nodes: [Int32] = []
            for index in fixes { nodes += affected![index]! }
            reached = nodes
        }
        let changed = lintChanges(of: fixes, lint: lint, checking: reached)
        guard batch.count > 1 else {
            changes[batch[0]] = counts(changed)
            return
        }
        var ownerOf = [Int](repeating: -1, count: nodeCount)
        for (position, group) in batch.enumerated() {
            for index in group { for node in affected![index]! { ownerOf[Int(node)] = position } }
        }
        var shares = [[Change]](repeating: [], count: batch.count)
        for change in changed {
            let node = Int(change.problem.node)
            let owner = node >= 0 && node < nodeCount ? ownerOf[node] : -1
            guard owner >= 0 else {
                // A finding changed where no group reaches: check each alone, against the whole file.
                for group in batch { checkedWhole.insert(group) }
                return
            }
            shares[owner].append(change)
        }
        for (position, group) in batch.enumerated() {
            let shared = counts(shares[position])
            changes[group] = shared
            if let audit { audit(shared, counts(lintChanges(of: group, lint: lint, counted: false))) }
        }
    }

    /// The findings whose count changes when the fixes are applied (one lint).
    /// `checking`: the nodes whose findings are wanted, nil for all.
    private mutating func lintChanges(of fixes: [Int], lint: (consuming [UInt8]) -> [Diagnostic],
                                      counted: Bool = true, checking: [Int32]? = nil) -> [Change] {
        if counted {
            bytesLeft -= bytes.count
            lintsLeft -= 1
        }
        // The fixes apply together (a run's, or groups `pickBatch` found apart).
        let after: Tallies
        var focused = false
        if let lintBuilt, fixes.allSatisfy({ index in
            let changes = diagnostics[index].fix!.hitAreaChanges
            return !changes.isEmpty && changes.allSatisfy { $0.readBack != nil }
        }) {
            after = byNode(lintBuilt(fixes.flatMap { diagnostics[$0].fix!.hitAreaChanges }, checking))
            if let checking {
                // The other nodes' findings were not looked for: they did not go away.
                if focus.isEmpty { focus = [Bool](repeating: false, count: nodeCount) }
                for node in checking { focus[Int(node)] = true }
                focused = true
            }
        } else {
            var batch = Fixer.EditBatch(byteCount: bytes.count)
            _ = batch.add(fixes, of: diagnostics)
            let patched = batch.write(to: bytes)
            // A mapped file's pages are not needed while the result is linted.
            bytes.dropResidentPages()
            after = byNode(lint(patched))
        }
        var result: [Change] = []
        after.forEach { problem, tally in
            let change = tally.count - before.count(problem)
            if change != 0 { result.append(Change(problem: problem, name: tally.name, change: change)) }
        }
        before.forEach { problem, tally in
            // The other nodes' findings were not looked for (asked first: no look-up for them).
            if focused, problem.node >= 0, Int(problem.node) >= nodeCount || !focus[Int(problem.node)] { return }
            if after.count(problem) == 0 { result.append(Change(problem: problem, name: tally.name, change: -tally.count)) }
        }
        if focused { for node in checking! { focus[Int(node)] = false } }
        return result
    }

    private func counts(_ changes: [Change]) -> Counts {
        var result: Counts = [:]
        for change in changes {
            result[Fixer.ProblemKey(rule: rules[Int(change.problem.rule)], node: change.name), default: 0] += change.change
        }
        return result.filter { $0.value != 0 }
    }

    /// Each fix's problem fires at least once less per fix of the run that fixes it.
    private func resolves(_ run: [Int], _ changes: Counts) -> Bool {
        var fixesPerKey: Counts = [:]
        for index in run { fixesPerKey[Fixer.key(diagnostics[index]), default: 0] += 1 }
        return fixesPerKey.allSatisfy { changes[$0.key, default: 0] <= -$0.value }
    }

    /// It resolves its problems and nothing fires more often than before.
    private func passes(_ run: [Int], _ changes: Counts) -> Bool {
        resolves(run, changes) && changes.values.allSatisfy { $0 <= 0 }
    }
}

