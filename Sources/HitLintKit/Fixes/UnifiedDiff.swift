#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `diff -u` output for two versions of a file, line by line (Myers' O(ND)
/// algorithm after trimming the common head and tail, split at anchors
/// where its trace would be too large), three lines of context.
public enum UnifiedDiff {
    /// A file's lines, with their line ends, as places in its bytes and a
    /// hash of each: lines are compared by hash first and never copied (a
    /// large layout with a fix on every view has millions of lines between
    /// its two versions, and an array of its own for each line would hold
    /// many times the files).
    struct Lines {
        let bytes: [UInt8]
        /// Line i is `bytes[starts[i] ..< starts[i + 1]]`.
        private var starts: [Int] = [0]
        private var hashes: [UInt64] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            bytes.withUnsafeBufferPointer { bytes in
                // Room for every line once: grown by doubling, both lists
                // would hold up to twice a large file's lines.
                var lines = 0
                for byte in bytes where byte == 0x0A { lines += 1 }
                starts.reserveCapacity(lines + 2)
                hashes.reserveCapacity(lines + 1)
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                    end = min(end + 1, bytes.count)
                    var hash = StableHash()
                    hash.combine(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    hashes.append(hash.value)
                    starts.append(end)
                    start = end
                }
            }
        }

        var count: Int { hashes.count }

        subscript(line: Int) -> ArraySlice<UInt8> { bytes[starts[line]..<starts[line + 1]] }

        /// Whether line `line` is line `other` of `lines`, byte for byte.
        func same(_ line: Int, as lines: Lines, _ other: Int) -> Bool {
            guard hashes[line] == lines.hashes[other] else { return false }
            let (start, otherStart) = (starts[line], lines.starts[other])
            let count = starts[line + 1] - start
            guard count == lines.starts[other + 1] - otherStart else { return false }
            return bytes.withUnsafeBufferPointer { mine in
                lines.bytes.withUnsafeBufferPointer { theirs in
                    count == 0 || memcmp(mine.baseAddress! + start, theirs.baseAddress! + otherStart, count) == 0
                }
            }
        }

        func hash(_ line: Int) -> UInt64 { hashes[line] }
    }

    /// A step of an edit script: a line kept (`kind` " ", a line of the old
    /// file), removed ("-", of the old file) or added ("+", of the new file).
    struct Operation: Equatable {
        var kind: UInt8
        var line: Int

        static let kept = UInt8(ascii: " "), removed = UInt8(ascii: "-"), added = UInt8(ascii: "+")
    }

    public static func make(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = Lines(old)
        let b = Lines(new)
        var head = 0
        while head < a.count, head < b.count, a.same(head, as: b, head) { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a.same(a.count - 1 - tail, as: b, b.count - 1 - tail) { tail += 1 }
        // The whole edit script: equal head, the middle, equal tail.
        var operations = (0..<head).map { Operation(kind: Operation.kept, line: $0) }
        operations += script(a, head..<(a.count - tail), b, head..<(b.count - tail))
        operations += ((a.count - tail)..<a.count).map { Operation(kind: Operation.kept, line: $0) }

        // git's a/ and b/ prefixes for relative paths, as `patch -p1` expects;
        // the name quoted as git quotes it, so no name ends the header early.
        let (from, to) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var out = ByteWriter(capacity: 1 << 16)
        out += "--- \(OutputEscaping.diffHeaderPath(from))\n+++ \(OutputEscaping.diffHeaderPath(to))\n"
        var index = 0
        var oldLine = 1
        var newLine = 1
        while index < operations.count {
            guard operations[index].kind != Operation.kept else {
                index += 1; oldLine += 1; newLine += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` after the last change near it.
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < operations.count {
                if operations[end].kind != Operation.kept { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(operations.count, lastChange + context + 1)
            let leading = index - start
            let hunkOldStart = oldLine - leading
            let hunkNewStart = newLine - leading
            var oldCount = 0
            var newCount = 0
            for operation in operations[start..<end] {
                switch operation.kind {
                case Operation.removed: oldCount += 1
                case Operation.added: newCount += 1
                default: oldCount += 1; newCount += 1
                }
            }
            out += "@@ -\(range(hunkOldStart, oldCount)) +\(range(hunkNewStart, newCount)) @@\n"
            for operation in operations[start..<end] {
                out.append(operation.kind)
                let line = operation.kind == Operation.added ? b[operation.line] : a[operation.line]
                line.withUnsafeBufferPointer { out.append(bytes: $0) }
                if line.last != 0x0A { out += "\n\\ No newline at end of file\n" }
            }
            for operation in operations[index..<end] {
                if operation.kind != Operation.added { oldLine += 1 }
                if operation.kind != Operation.removed { newLine += 1 }
            }
            index = end
        }
        // Decoded once, as each line was: a line's bytes that are not UTF-8
        // read as U+FFFD (every line ends in a newline or is followed by
        // one, so no sequence spans two lines).
        return out.string
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    /// Myers' shortest edit script between lines `aRange` of `a` and lines
    /// `bRange` of `b`, where its trace fits `budget` (one word per diagonal
    /// reached at each depth, the depth's own diagonals only: the trace of d
    /// edits holds d² words). Past that the lines are split at anchors
    /// (`anchored`) and each piece is worked out again: a file with a fix on
    /// every view has tens of thousands of changed lines, and the trace grows
    /// with their square.
    static func script(_ a: Lines, _ aRange: Range<Int>, _ b: Lines, _ bRange: Range<Int>,
                       budget: Int = 1 << 23) -> [Operation] {
        let n = aRange.count
        let m = bRange.count
        guard n + m > 0 else { return [] }
        let (a0, b0) = (aRange.lowerBound, bRange.lowerBound)
        let maximum = n + m
        // Diagonal k at `k + offset`, with one spare at each end.
        let offset = maximum + 1
        var frontier = [Int](repeating: 0, count: 2 * maximum + 3)
        // Before depth d, its diagonals -d-1...d+1 (those the walk back reads), from `starts[d]` on.
        var trace: [Int] = []
        var starts: [Int] = []
        var found = false
        for depth in 0...maximum {
            guard trace.count + 2 * depth + 3 <= budget else { break }
            starts.append(trace.count)
            trace += frontier[(offset - depth - 1)...(offset + depth + 1)]
            for k in stride(from: -depth, through: depth, by: 2) {
                var x: Int
                if k == -depth || (k != depth && frontier[k - 1 + offset] < frontier[k + 1 + offset]) {
                    x = frontier[k + 1 + offset]
                } else {
                    x = frontier[k - 1 + offset] + 1
                }
                var y = x - k
                while x < n, y < m, a.same(a0 + x, as: b, b0 + y) { x += 1; y += 1 }
                frontier[k + offset] = x
                if x >= n, y >= m { found = true; break }
            }
            if found { break }
        }
        guard found else {
            // The trace and the frontier are let go of first: they are the
            // budget's size, and the pieces are scripted on their own.
            (trace, frontier, starts) = ([], [], [])
            return anchored(a, aRange, b, bRange, budget: budget)
        }
        // Walk the trace back from the end.
        var operations: [Operation] = []
        var x = n
        var y = m
        for depth in stride(from: starts.count - 1, through: 0, by: -1) {
            // Diagonal k before this depth, as the frontier it was copied from held it.
            func v(_ k: Int) -> Int { trace[starts[depth] + k + depth + 1] }
            let k = x - y
            let previousK = (k == -depth || (k != depth && v(k - 1) < v(k + 1))) ? k + 1 : k - 1
            let previousX = v(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                operations.append(Operation(kind: Operation.kept, line: a0 + x - 1)); x -= 1; y -= 1
            }
            if depth > 0 {
                if x == previousX {
                    operations.append(Operation(kind: Operation.added, line: b0 + y - 1)); y -= 1
                } else {
                    operations.append(Operation(kind: Operation.removed, line: a0 + x - 1)); x -= 1
                }
            }
        }
        return operations.reversed()
    }

    /// An edit script for lines too far apart for one trace: the lines that
    /// occur once in each (and in the same order in both, the longest such
    /// run: patience diff's anchors) are kept, and the pieces between them
    /// are scripted on their own. A piece with no anchor that is still too
    /// large is its old lines removed and its new ones added: a correct
    /// script, if not the shortest.
    static func anchored(_ a: Lines, _ aRange: Range<Int>, _ b: Lines, _ bRange: Range<Int>, budget: Int) -> [Operation] {
        // Each line's hash and where it is (a line of b as its position + 1,
        // negated), sorted by hash: a line unique in both is a run of two,
        // one of each. Lines of one hash are taken together: two lines that
        // share one are neither unique, and an anchor is checked line for
        // line. (A sorted list, not a table: a table of a large file's lines
        // would hold several times their count in words.)
        var keyed: [(hash: UInt64, place: Int)] = []
        keyed.reserveCapacity(aRange.count + bRange.count)
        for line in aRange { keyed.append((a.hash(line), line)) }
        for line in bRange { keyed.append((b.hash(line), -(line + 1))) }
        keyed.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.place < $1.place) }
        // Unique in both, in a's order; the longest run increasing in b too.
        var pairs: [(a: Int, b: Int)] = []
        var first = 0
        while first < keyed.count {
            var end = first + 1
            while end < keyed.count, keyed[end].hash == keyed[first].hash { end += 1 }
            // Sorted by place: b's line (negative) first, then a's.
            if end - first == 2, keyed[first].place < 0, keyed[first + 1].place >= 0 {
                let (lineA, lineB) = (keyed[first + 1].place, -keyed[first].place - 1)
                if a.same(lineA, as: b, lineB) { pairs.append((lineA, lineB)) }
            }
            first = end
        }
        keyed = []
        pairs.sort { $0.a < $1.a }
        let anchors = longestIncreasing(pairs)
        guard !anchors.isEmpty else {
            return aRange.map { Operation(kind: Operation.removed, line: $0) } + bRange.map { Operation(kind: Operation.added, line: $0) }
        }
        var operations: [Operation] = []
        var (fromA, fromB) = (aRange.lowerBound, bRange.lowerBound)
        for anchor in anchors + [(a: aRange.upperBound, b: bRange.upperBound)] {
            // Smaller than the whole (an anchor is left out of each), so the splitting ends.
            operations += script(a, fromA..<anchor.a, b, fromB..<anchor.b, budget: budget)
            if anchor.a < aRange.upperBound { operations.append(Operation(kind: Operation.kept, line: anchor.a)) }
            (fromA, fromB) = (anchor.a + 1, anchor.b + 1)
        }
        return operations
    }

    /// The longest run of `pairs` (in order of `a`) whose `b` increases too.
    private static func longestIncreasing(_ pairs: [(a: Int, b: Int)]) -> [(a: Int, b: Int)] {
        // Patience sorting: the smallest last `b` of a run of each length, and each pair's predecessor.
        var tails: [Int] = []  // indices into pairs
        var previous = [Int](repeating: -1, count: pairs.count)
        for index in pairs.indices {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].b < pairs[index].b { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [(a: Int, b: Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(pairs[index])
            index = previous[index]
        }
        return run.reversed()
    }
}
