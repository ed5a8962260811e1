/// The names of the problems fix checking counts (`RunChecker.ProblemCode`),
/// numbered in the order met. An open-addressed table over each name's
/// `StableHash` (FNV-1a over its bytes) rather than a `Dictionary` keyed by
/// the name, whose seeded SipHash is most of the cost of numbering a name;
/// checking a large file's fixes meets a name for every node a finding is on.
struct NameNumbers {
    /// By number: the name, where the finding that first had it holds it.
    private(set) var names: [MessageText?] = []
    /// By number: the name's hash.
    private var hashes: [UInt64] = []
    /// The table: a name's number + 1, 0 for an empty slot; a power of two
    /// long, at most three quarters full (a name is met once for each node:
    /// the table's size, held while every fix is checked, matters more than
    /// a probe or two).
    private var slots: [UInt32]
    /// The number of the missing name (nil), once met.
    private var missing: UInt32?

    init(expected: Int) {
        var capacity = 16
        while 3 * capacity < 4 * expected { capacity *= 2 }
        slots = [UInt32](repeating: 0, count: capacity)
        names.reserveCapacity(expected)
        hashes.reserveCapacity(expected)
    }

    /// The name's number, given it when first met.
    mutating func number(_ name: MessageText?) -> UInt32 {
        guard let name else {
            if let missing { return missing }
            let number = UInt32(names.count)
            names.append(nil)
            hashes.append(0)
            missing = number
            return number
        }
        let hash = Self.hash(name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if hashes[Int(number)] == hash, names[Int(number)] == name { return number }
            slot = (slot + 1) & mask
        }
        let number = UInt32(names.count)
        names.append(name)
        hashes.append(hash)
        slots[slot] = number + 1
        if 4 * names.count > 3 * slots.count { grow() }
        return number
    }

    private mutating func grow() {
        var larger = [UInt32](repeating: 0, count: 2 * slots.count)
        let mask = larger.count - 1
        for number in names.indices where names[number] != nil {
            var slot = Int(truncatingIfNeeded: hashes[number]) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = UInt32(number) + 1
        }
        slots = larger
    }

    private static func hash(_ name: MessageText) -> UInt64 {
        var hash = StableHash()
        name.withBytes { hash.combine(bytes: $0) }
        return hash.value
    }
}
