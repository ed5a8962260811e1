/// A problem on one node: what a lint's findings are compared by, so a
/// change can be put down to the group of fixes that reaches its node.
/// Numbers, not strings: every lint's findings are counted by it, and
/// fixes change no node's name, so (rule, node) says which problem it is.
struct NodeProblem: Hashable {
    /// The rule's position in `RunChecker.rules`.
    var rule: Int32
    /// -1: about no node.
    var node: Int32
    /// For a finding about no node, the name it is counted by
    /// (`Fixer.ProblemKey`); nil for the others.
    var name: String?
}

/// How often a problem fires, and which of the counted findings was the
/// first (its node's name is the one the problem is counted by).
struct ProblemTally {
    var count: Int
    var first: Int
}

/// How often each problem fires in one lint's findings. Problems on a
/// node sit in one table probed in place by their (rule, node) word
/// (open addressing), not in a dictionary that hashes each key anew:
/// every checking lint's findings are counted and compared with the
/// original's, one look-up each way per finding. The few about no node
/// are kept by name in a dictionary.
struct ProblemTallies {
    /// 0 where empty, else (rule + 1) << 32 | node.
    private var keys: [UInt64]
    private var counts: [Int32]
    /// Of each problem, its first finding's position in the findings counted
    /// (a name held per finding would count a reference on each).
    private var firsts: [Int32]
    private var shift: UInt64
    private var withoutNode: [NodeProblem: ProblemTally] = [:]

    init(expected: Int) {
        // At most three quarters full, as no more than `expected` problems
        // are added: the original's table is held while every fix is checked.
        var size = 16
        while 3 * size < 4 * expected { size <<= 1 }
        keys = [UInt64](repeating: 0, count: size)
        counts = [Int32](repeating: 0, count: size)
        firsts = [Int32](repeating: 0, count: size)
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

    /// One more finding of `problem`, at position `finding` of the findings counted.
    mutating func add(_ problem: NodeProblem, finding: Int) {
        guard problem.node >= 0 else {
            if let found = withoutNode.index(forKey: problem) {
                withoutNode.values[found].count += 1
            } else {
                withoutNode[problem] = ProblemTally(count: 1, first: finding)
            }
            return
        }
        let key = Self.key(problem)
        let slot = slot(of: key)
        if keys[slot] == 0 {
            keys[slot] = key
            firsts[slot] = Int32(finding)
        }
        counts[slot] += 1
    }

    /// How often `problem` fires, and its first finding; nil: not at all.
    func tally(_ problem: NodeProblem) -> ProblemTally? {
        guard problem.node >= 0 else { return withoutNode[problem] }
        let slot = slot(of: Self.key(problem))
        return keys[slot] == 0 ? nil : ProblemTally(count: Int(counts[slot]), first: Int(firsts[slot]))
    }

    /// How often `problem` fires (0: not at all).
    func count(_ problem: NodeProblem) -> Int { tally(problem)?.count ?? 0 }

    func forEach(_ body: (NodeProblem, ProblemTally) -> Void) {
        for slot in keys.indices where keys[slot] != 0 {
            let key = keys[slot]
            body(NodeProblem(rule: Int32(truncatingIfNeeded: key >> 32) - 1, node: Int32(bitPattern: UInt32(truncatingIfNeeded: key)),
                             name: nil),
                 ProblemTally(count: Int(counts[slot]), first: Int(firsts[slot])))
        }
        forEachWithoutNode(body)
    }

    /// The problems about no node.
    func forEachWithoutNode(_ body: (NodeProblem, ProblemTally) -> Void) {
        for (problem, tally) in withoutNode { body(problem, tally) }
    }
}
