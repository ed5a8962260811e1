/// The state of one file's fix checking (`FixChecking.verify`).
struct RunChecker {
    /// A problem as fixes are judged by it (`Fixer.ProblemKey`: a rule and a
    /// node's name) as a number, (rule + 1) << 32 | the name's number
    /// (`NameNumbers`): each checking lint's changes are counted by it, and
    /// the names' strings would be hashed again for every one.
    typealias ProblemCode = UInt64

    /// The counts that change, by problem: sorted by code, none zero.
    typealias Counts = [(code: ProblemCode, change: Int)]

    /// A change of a problem's count between the original and a lint: the
    /// problem's node (-1: none) and code, worked out as the change is found
    /// (a name kept for later is a reference counted at every copy).
    private struct Change {
        var node: Int32
        var code: ProblemCode
        var change: Int
    }

    let diagnostics: [Diagnostic]
    let bytes: SourceBytes
    let affected: FixReach.NodeLists?
    /// Where each fix gives nodes new gates (`FixReach.grownGates`), when known.
    let grown: FixReach.GrownGates?
    let audit: FixCheckAudit?
    let lintBuilt: BuiltLint?
    /// Whether `lintBuilt` is asked for the findings of the reached nodes only.
    let focuses: Bool
    /// Scratch, by node: marks the nodes of a list being made or walked, false between uses.
    private var focus: [Bool] = []
    var bytesLeft: Int
    var lintsLeft: Int
    var verdicts: [FixChecking.Verdict]
    /// The rules met so far, in the order met: `NodeProblem.rule` indexes it.
    private var rules: [String] = []
    /// The original findings by node (each tally's first finding is in `diagnostics`).
    private var before = ProblemTallies(expected: 0)
    /// By node a fix reaches: which rules (`NodeProblem.rule`) fire on it
    /// in `before`, a bit each for the first seven, the eighth bit for any
    /// other. A focused lint asks after each reached node's original
    /// problems, and most reached nodes (containers, neighbours) have none:
    /// a look-up per rule and node is a miss in a table of every finding.
    private var beforeRules: [UInt8] = []
    /// By diagnostic: its fix only gives nodes new hit insets, each saying how
    /// they read back (`HitAreaChange.readBack`), so it is checked on the built layout.
    private let readsBack: [Bool]
    /// One more than the largest node any fix reaches: the size of the
    /// node-indexed tables below.
    private let nodeCount: Int
    /// What a group checked by the last lints changes, by problem (only
    /// the counts that change), and where a problem fires more often than
    /// before (each such change: `suspects` reads its node): by the group's
    /// place in the list of groups that waited for those lints, nil for a
    /// group they did not check. A group is judged right after the lint
    /// that checked it, and no group is checked twice (one that fails is cut
    /// into new ones), so what each lint found is kept for one round only,
    /// found by place rather than by hashing the group's fixes.
    private var checked: [(counts: Counts, rises: [Change])?] = []
    /// Groups whose reach proved wrong: checked alone, against the whole file.
    private var checkedWhole = Set<[Int]>()
    /// Scratch for `groups(ofLocal:)`, by node: -1 everywhere between calls.
    private var nodeOwner: [Int32] = []
    /// Which fixes' edits can go together (`Fixer.Conflicts`), by diagnostic.
    private let conflicts: Fixer.Conflicts
    /// Scratch for `applyingTogether`, by diagnostic: false between calls.
    private var inRun: [Bool]
    /// The names met so far, numbered in the order met (`ProblemCode`).
    private var nameNumbers: NameNumbers
    /// By node: its name's number, once met (`UInt32.max` before). A fix
    /// changes no node's name, so a node keeps its number in every lint.
    private var nodeNameNumbers: [UInt32] = []
    /// By diagnostic with edits: the problem its fix is to resolve.
    private var fixCodes: [ProblemCode] = []

    init(diagnostics: [Diagnostic], bytes: SourceBytes, affected: FixReach.NodeLists?, grown: FixReach.GrownGates? = nil,
         audit: FixCheckAudit?, lintBuilt: BuiltLint?, focuses: Bool, budget: (bytes: Int, lints: Int)) {
        self.focuses = focuses
        self.diagnostics = diagnostics
        self.bytes = bytes
        self.affected = affected
        self.grown = grown
        self.audit = audit
        self.lintBuilt = lintBuilt
        (bytesLeft, lintsLeft) = budget
        verdicts = [FixChecking.Verdict](repeating: .unchecked, count: diagnostics.count)
        conflicts = Fixer.Conflicts(count: diagnostics.count, byteCount: bytes.count) { index, spans in
            diagnostics[index].fix?.forEachEditSpan { spans.append($0) }
        }
        inRun = [Bool](repeating: false, count: diagnostics.count)
        readsBack = diagnostics.indices.map { index in
            diagnostics[index].fix?.withHitAreaChanges { !$0.isEmpty && $0.allSatisfy { $0.readBack != nil } } ?? false
        }
        nodeCount = Int(affected?.largestNode ?? -1) + 1
        // About one name per finding: made large enough once.
        nameNumbers = NameNumbers(expected: diagnostics.count)
        before = byNode(diagnostics)
        beforeRules = [UInt8](repeating: 0, count: nodeCount)
        before.forEach { problem, _ in
            guard problem.node >= 0, Int(problem.node) < nodeCount else { return }
            beforeRules[Int(problem.node)] |= Self.ruleBit(problem.rule)
        }
        fixCodes = [ProblemCode](repeating: 0, count: diagnostics.count)
        for index in diagnostics.indices where diagnostics[index].fix?.hasEdits == true {
            fixCodes[index] = code(rule: ruleCode(diagnostics[index].rule), node: diagnostics[index].nodeIndex.map(Int32.init) ?? -1,
                                   name: { diagnostics[index].names.nodeText })
        }
    }

    /// The code of a problem of `rule` (a `ruleCode`) on `node` (-1: none),
    /// named `name` (when that is nil and `namedByBuilt`, by
    /// `BuiltLint.nodeName`). The name is read only where the node's number
    /// is not known yet: a lint's changes are mostly problems gone from
    /// nodes met before, and reading each one's name from its finding is
    /// a wait on memory for every one.
    private mutating func code(rule: Int32, node: Int32, name: () -> MessageText?, namedByBuilt: Bool = false) -> ProblemCode {
        let number: UInt32
        if node >= 0 {
            let index = Int(node)
            if index >= nodeNameNumbers.count {
                nodeNameNumbers += repeatElement(.max, count: max(index + 1, 2 * nodeNameNumbers.count) - nodeNameNumbers.count)
            }
            if nodeNameNumbers[index] == .max {
                let named = name()
                nodeNameNumbers[index] = nameNumbers.number(named == nil && namedByBuilt ? (lintBuilt?.nodeName(node)).map { MessageText($0) } : named)
            }
            number = nodeNameNumbers[index]
        } else {
            number = nameNumbers.number(name())
        }
        return UInt64(UInt32(bitPattern: rule) + 1) << 32 | UInt64(number)
    }

    /// `counts` as `Fixer.ProblemKey`s (for the audit).
    private func keyed(_ counts: Counts) -> [Fixer.ProblemKey: Int] {
        var result: [Fixer.ProblemKey: Int] = [:]
        for (code, change) in counts {
            result[Fixer.ProblemKey(rule: rules[Int(code >> 32) - 1], node: nameNumbers.names[Int(code & 0xFFFF_FFFF)]?.string)] = change
        }
        return result
    }

    /// The rule's position in `rules`, added when new. A lint reports a
    /// handful of rules, and the same rule's id is the same string (its bits
    /// compare equal at once), so a look along the list beats hashing it.
    private mutating func ruleCode(_ rule: String) -> Int32 {
        if let position = RuleID.position(of: rule, in: rules) { return Int32(position) }
        rules.append(rule)
        return Int32(rules.count - 1)
    }

    private mutating func byNode(_ diagnostics: [Diagnostic]) -> ProblemTallies {
        var result = ProblemTallies(expected: diagnostics.count)
        // Read in place, by index: a copy of each diagnostic counts a
        // reference for each of its strings and lists.
        for index in diagnostics.indices {
            let code = ruleCode(diagnostics[index].rule)
            let node = diagnostics[index].nodeIndex.map(Int32.init) ?? -1
            let problem = NodeProblem(rule: code, node: node, name: node < 0 ? diagnostics[index].node : nil)
            result.add(problem, finding: index)
        }
        return result
    }

    /// Whether every fix of the group says which nodes it can change.
    private func isLocal(_ group: [Int]) -> Bool {
        // (The set is looked in only when it holds a group: a look hashes the group.)
        guard let affected, checkedWhole.isEmpty || !checkedWhole.contains(group) else { return false }
        return group.allSatisfy { affected.knows($0) }
    }

    /// The run's fixes in groups linked by a node both can change, in the
    /// order of their first fix; the fixes whose reach is unknown make one
    /// group, first, checked against the whole file.
    private mutating func groups(of run: [Int]) -> [[Int]] {
        guard let affected, run.count > 1 else { return [run] }
        let unknown = run.filter { !affected.knows($0) }
        guard unknown.count < run.count else { return [run] }
        let result = groups(ofLocal: unknown.isEmpty ? run : run.filter { affected.knows($0) }, affected)
        return unknown.isEmpty ? result : [unknown] + result
    }

    private mutating func groups(ofLocal run: [Int], _ affected: FixReach.NodeLists) -> [[Int]] {
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
        if nodeOwner.isEmpty { nodeOwner = [Int32](repeating: -1, count: nodeCount) }
        for (position, index) in run.enumerated() {
            affected.forEachNode(of: index) { node in
                let other = Int(nodeOwner[Int(node)])
                if other >= 0 {
                    let (a, b) = (root(position), root(other))
                    if a != b { parent[max(a, b)] = min(a, b) }
                } else {
                    nodeOwner[Int(node)] = Int32(position)
                }
            }
        }
        for index in run { affected.forEachNode(of: index) { nodeOwner[Int($0)] = -1 } }
        // By position of a root: its group's place in the result (-1: none yet).
        var groupOfRoot = [Int](repeating: -1, count: run.count)
        var result: [[Int]] = []
        for (position, index) in run.enumerated() {
            let top = root(position)
            if groupOfRoot[top] >= 0 {
                result[groupOfRoot[top]].append(index)
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
    /// their own, after), then into its groups; a group that fails is cut in
    /// its suspects and the others (the others checked first), or halved.
    mutating func run(lint: (consuming [UInt8]) -> [Diagnostic]) -> [FixChecking.Verdict] {
        let fixable = diagnostics.indices.filter { diagnostics[$0].fix?.hasEdits == true }
        // `waited`: the group's place among those that waited for the last
        // lints (`checked`), -1 for a run made since.
        var runs: [(fixes: [Int], kind: RunKind, waited: Int)] = fixable.isEmpty ? [] : [(fixable, .run, -1)]
        while true {
            // Every run whose groups' changes are known is decided; the groups
            // not yet checked wait for the next lint.
            var waiting: [[Int]] = []
            while let (popped, kind, waited) = runs.popLast() {
                var applied = popped
                if kind == .run {
                    applied = applyingTogether(popped)
                    guard !applied.isEmpty else {
                        for index in popped { verdicts[index] = .doesNotResolve }  // invalid edits change nothing
                        continue
                    }
                    if applied.count < popped.count {
                        let set = Set(applied)
                        runs.append((popped.filter { !set.contains($0) }, .run, -1))
                    }
                }
                if kind != .group {
                    let groups = groups(of: applied)
                    if groups.count > 1 {
                        runs += groups.reversed().map { ($0, .group, -1) }
                        continue
                    }
                }
                guard waited >= 0, let (counts, rises) = checked[waited] else {
                    waiting.append(applied)
                    continue
                }
                if passes(applied, counts) {
                    for index in applied { verdicts[index] = .kept }
                } else if applied.count == 1 {
                    verdicts[applied[0]] = resolves(applied, counts) ? .addsProblem : .doesNotResolve
                } else if let suspects = suspects(applied, counts, rises: rises) {
                    // The others are checked again without the suspects, in
                    // one lint, rather than halved down to them: halving costs
                    // two lints a level, and a group of a thousand fixes that
                    // all meet (a dense layout's) has ten levels.
                    let suspected = Set(suspects)
                    runs.append((suspects, .applies, -1))
                    runs.append((applied.filter { !suspected.contains($0) }, .applies, -1))
                } else {
                    // Halves of fixes that apply together apply together.
                    let middle = applied.count / 2
                    runs.append((Array(applied[middle...]), .applies, -1))
                    runs.append((Array(applied[..<middle]), .applies, -1))
                }
            }
            guard !waiting.isEmpty else { break }
            guard bytesLeft > 0, lintsLeft > 0 else {
                for group in waiting { for index in group { verdicts[index] = .outOfBudget } }
                break
            }
            checked = Array(repeating: nil, count: waiting.count)
            check(pickBatch(from: waiting), of: waiting, lint: lint)
            runs = waiting.indices.reversed().map { (waiting[$0], .group, $0) }
        }
        return verdicts
    }

    /// Groups to check with one lint, in order, by their places in
    /// `waiting`: local groups whose reaches do not meet and whose edits do
    /// not touch, or one group checked against the whole file.
    private func pickBatch(from waiting: [[Int]]) -> [Int] {
        var claimed = [Bool](repeating: false, count: nodeCount)
        // By diagnostic: its fix is in the batch (1) or in the group being added (2).
        var joined = [UInt8](repeating: 0, count: diagnostics.count)
        var batch: [Int] = []
        for (place, group) in waiting.enumerated() {
            guard isLocal(group) else {
                if batch.isEmpty { return [place] }
                continue
            }
            // Local: its fixes' reaches are known.
            let affected = affected!
            guard !group.contains(where: { affected.contains(in: $0) { claimed[Int($0)] } }) else { continue }
            // All or none (`Fixer.EditBatch.addAll`): each fix valid, touching
            // no fix of the batch nor one of the group before it.
            var fits = true
            for index in group {
                guard conflicts.valid[index], !conflicts.touching(index).contains(where: { joined[$0] != 0 }) else {
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
                affected.forEachNode(of: index) { claimed[Int($0)] = true }
            }
            batch.append(place)
        }
        return batch
    }

    /// The fixes that apply together, in order (`Fixer.EditBatch.add`): each
    /// joins when its edits are valid and touch none of a fix already in.
    /// Where the fixes' reaches and grown gates are known, a fix whose grown
    /// gate overlaps one of a fix already in waits for a run after: two
    /// neighbours each grown into the space between them overlap only
    /// together, so together they fail, and the failed lint and the two
    /// that set them apart are spared.
    private mutating func applyingTogether(_ fixes: [Int]) -> [Int] {
        // By node: the place in `grown` of its new gate, given by a fix already in (-1: none).
        var grownAt = grown != nil && affected != nil ? [Int32](repeating: -1, count: nodeCount) : []
        var result: [Int] = []
        for index in fixes where conflicts.valid[index] && !conflicts.touching(index).contains(where: { inRun[$0] })
            && !overlapsGrown(index, grownAt) {
            inRun[index] = true
            result.append(index)
            guard let grown, !grownAt.isEmpty else { continue }
            for place in grown.places(of: index) where grown.nodes[place] < nodeCount {
                grownAt[Int(grown.nodes[place])] = Int32(place)
            }
        }
        for index in result { inRun[index] = false }
        return result
    }

    /// Whether a new gate of this fix overlaps one given by a fix already in
    /// (`grownAt`) on a node the fix reaches (a neighbour it can overlap is one).
    private func overlapsGrown(_ index: Int, _ grownAt: [Int32]) -> Bool {
        guard let grown, !grownAt.isEmpty, let reach = affected?[index] else { return false }
        for place in grown.places(of: index) {
            let gate = grown.gates[place]
            for node in reach where grownAt[Int(node)] >= 0 {
                if !gate.intersection(grown.gates[Int(grownAt[Int(node)])]).isEmpty { return true }
            }
        }
        return false
    }

    /// One lint of the batch's fixes applied together (the groups at these
    /// places of `waiting`); each group's changes are the changed findings
    /// on the nodes it reaches (or, checked alone against the whole file,
    /// all changed findings), recorded at its place in `checked`.
    private mutating func check(_ places: [Int], of waiting: [[Int]], lint: (consuming [UInt8]) -> [Diagnostic]) {
        let batch = places.map { waiting[$0] }
        let fixes = batch.flatMap { $0 }
        // Local groups are judged by the findings of the nodes they reach: only those are found.
        var reached: [Int32]?
        if focuses, batch.count > 1 || isLocal(batch[0]) {
            // Each node once, in the order first reached: a run's fixes
            // reach the same containers and neighbours again and again (in
            // a dense layout, each fix its ancestors nine deep).
            if focus.isEmpty { focus = [Bool](repeating: false, count: nodeCount) }
            var nodes: [Int32] = []
            for index in fixes {
                affected!.forEachNode(of: index) { node in
                    guard !focus[Int(node)] else { return }
                    focus[Int(node)] = true
                    nodes.append(node)
                }
            }
            for node in nodes { focus[Int(node)] = false }
            reached = nodes
        }
        let changed = lintChanges(of: fixes, lint: lint, checking: reached)
        guard batch.count > 1 else {
            record(changed, at: places[0])
            return
        }
        var ownerOf = [Int32](repeating: -1, count: nodeCount)
        for (position, group) in batch.enumerated() {
            for index in group { affected!.forEachNode(of: index) { ownerOf[Int($0)] = Int32(position) } }
        }
        var shares = [[Change]](repeating: [], count: batch.count)
        for change in changed {
            let node = Int(change.node)
            let owner = node >= 0 && node < nodeCount ? Int(ownerOf[node]) : -1
            guard owner >= 0 else {
                // A finding changed where no group reaches: check each alone, against the whole file.
                for group in batch { checkedWhole.insert(group) }
                return
            }
            shares[owner].append(change)
        }
        for (position, group) in batch.enumerated() {
            let shared = record(shares[position], at: places[position])
            if let audit {
                let alone = lintChanges(of: group, lint: lint, counted: false)
                audit(keyed(shared), keyed(counts(alone)))
            }
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
        let found: [Diagnostic]
        var focused: [Int32]?
        var onBuilt = false
        if let lintBuilt, fixes.allSatisfy({ readsBack[$0] }) {
            // Each fix as it is held, its changes not copied into one list: a
            // first lint gives tens of thousands of nodes their changes, at the run's peak.
            found = lintBuilt.lint(fixes.map { diagnostics[$0].fix! }, checking)
            onBuilt = true
            // The other nodes' findings were not looked for: they did not go away.
            focused = checking
        } else {
            var batch = Fixer.EditBatch(byteCount: bytes.count)
            _ = batch.add(fixes, of: diagnostics)
            let patched = batch.write(to: bytes)
            // A mapped file's pages are not needed while the result is linted.
            bytes.dropResidentPages()
            found = lint(patched)
        }
        let after = byNode(found)
        // Read from here while codes are given out (which changes `self`).
        let (before, original) = (self.before, diagnostics)
        var result: [Change] = []
        after.forEach { problem, tally in
            let change = tally.count - before.count(problem)
            guard change != 0 else { return }
            // The name copied: a slice would keep the whole block of that
            // lint's names. Only a lint on the built layout leaves a finding
            // on a node unnamed.
            let code = code(rule: problem.rule, node: problem.node, name: { found[tally.first].names.nodeText?.copied() },
                            namedByBuilt: onBuilt)
            result.append(Change(node: problem.node, code: code, change: change))
        }
        func goneUnlessFound(_ problem: NodeProblem, _ tally: ProblemTally) {
            if after.count(problem) == 0 {
                result.append(Change(node: problem.node,
                                     code: code(rule: problem.rule, node: problem.node, name: { original[tally.first].names.nodeText }),
                                     change: -tally.count))
            }
        }
        guard let focused else {
            before.forEach(goneUnlessFound)
            return result
        }
        // Only the reached nodes' findings were looked for: only theirs can
        // have gone. Looked up node by node, each once (`focus` marks the
        // nodes not yet done), rather than a walk over every original finding.
        if focus.isEmpty { focus = [Bool](repeating: false, count: nodeCount) }
        for node in focused { focus[Int(node)] = true }
        for node in focused where focus[Int(node)] {
            focus[Int(node)] = false
            let fired = beforeRules[Int(node)]
            guard fired != 0 else { continue }
            for rule in rules.indices where fired & Self.ruleBit(Int32(rule)) != 0 {
                let problem = NodeProblem(rule: Int32(rule), node: node, name: nil)
                if let tally = before.tally(problem) { goneUnlessFound(problem, tally) }
            }
        }
        before.forEachWithoutNode(goneUnlessFound)
        return result
    }

    /// A rule's bit in `beforeRules`.
    @inline(__always) private static func ruleBit(_ rule: Int32) -> UInt8 {
        rule < 7 ? 1 << UInt8(rule) : 0x80
    }

    /// Records what the group waiting at `place` changes (`checked`).
    @discardableResult
    private mutating func record(_ changed: [Change], at place: Int) -> Counts {
        let counted = counts(changed)
        checked[place] = (counted, counted.contains(where: { $0.change > 0 }) ? changed.filter { $0.change > 0 } : [])
        return counted
    }

    private func counts(_ changes: [Change]) -> Counts {
        // Most groups change one problem: their fix's own, resolved.
        if changes.count <= 1 {
            return changes.first.map { $0.change == 0 ? [] : [($0.code, $0.change)] } ?? []
        }
        var coded: Counts = []
        coded.reserveCapacity(changes.count)
        for change in changes { coded.append((change.code, change.change)) }
        coded.sort { $0.code < $1.code }
        // Problems of one name on several nodes are one problem: summed.
        var result: Counts = []
        for (code, change) in coded {
            if let last = result.last, last.code == code {
                result[result.count - 1].change += change
            } else {
                result.append((code, change))
            }
        }
        result.removeAll { $0.change == 0 }
        return result
    }

    /// How the count of `code` changes in `counts` (0: not at all).
    private static func change(of code: ProblemCode, in counts: Counts) -> Int {
        var (low, high) = (0, counts.count)
        while low < high {
            let middle = (low + high) / 2
            if counts[middle].code < code { low = middle + 1 } else { high = middle }
        }
        return low < counts.count && counts[low].code == code ? counts[low].change : 0
    }

    /// Each fix's problem fires at least once less per fix of the run that fixes it.
    private func resolves(_ run: [Int], _ changes: Counts) -> Bool {
        unresolved(run, changes, all: false).isEmpty
    }

    /// The problems of the run's fixes that do not fire at least once less
    /// per fix of the run that fixes them: all of them, or only the first.
    private func unresolved(_ run: [Int], _ changes: Counts, all: Bool = true) -> [ProblemCode] {
        let codes = run.map { fixCodes[$0] }.sorted()
        var result: [ProblemCode] = []
        var position = 0
        while position < codes.count {
            let code = codes[position]
            var fixes = 0
            while position < codes.count, codes[position] == code {
                fixes += 1
                position += 1
            }
            guard Self.change(of: code, in: changes) > -fixes else { continue }
            result.append(code)
            if !all { break }
        }
        return result
    }

    /// It resolves its problems and nothing fires more often than before.
    private func passes(_ run: [Int], _ changes: Counts) -> Bool {
        resolves(run, changes) && changes.allSatisfy { $0.change <= 0 }
    }

    /// The fixes of a failed run to suspect: those whose problem still
    /// fires, and for each problem that fires more often than before, the
    /// fixes on a node of its name, or if none is, those whose reach holds a
    /// node where it rose. Nil when such a problem has no suspect, or when
    /// every fix is suspect.
    private func suspects(_ run: [Int], _ changes: Counts, rises: [Change]) -> [Int]? {
        // A problem's code ends in its node's name's number, as a fix's does.
        let name = { (code: ProblemCode) in code & 0xFFFF_FFFF }
        let standing = Set(unresolved(run, changes))
        var suspected = run.map { standing.contains(fixCodes[$0]) }
        let fixedNames = Set(run.map { name(fixCodes[$0]) })
        var risenNames = Set<ProblemCode>()
        // Where a problem of a name no fix is on rose: whether a fix reaches it.
        var reached: [Int32: Bool] = [:]
        for change in rises {
            if fixedNames.contains(name(change.code)) {
                risenNames.insert(name(change.code))
            } else if change.node >= 0, affected != nil {
                reached[change.node] = false
            } else {
                return nil
            }
        }
        for (position, index) in run.enumerated() {
            if risenNames.contains(name(fixCodes[index])) { suspected[position] = true }
            guard !reached.isEmpty, let reach = affected?[index] else { continue }
            for node in reach where reached[node] != nil {
                reached[node] = true
                suspected[position] = true
            }
        }
        // Every rise is laid at some fix's door, or the run is halved.
        guard !reached.values.contains(false) else { return nil }
        let suspects = run.indices.filter { suspected[$0] }.map { run[$0] }
        return suspects.isEmpty || suspects.count == run.count ? nil : suspects
    }
}

