/// `diff -u` output for two versions of a file, line by line (Myers' O(ND)
/// algorithm after trimming the common head and tail, split at anchors
/// where its trace would be too large), three lines of context.
public enum UnifiedDiff {
    public static func make(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middle = script(a[head..<(a.count - tail)], b[head..<(b.count - tail)])
        // The whole edit script: equal head, the middle, equal tail.
        var operations: [(kind: Character, line: [UInt8])] = a[..<head].map { (" ", $0) }
        operations += middle
        operations += a[(a.count - tail)...].map { (" ", $0) }

        // git's a/ and b/ prefixes for relative paths, as `patch -p1` expects;
        // the name quoted as git quotes it, so no name ends the header early.
        let (from, to) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var out = "--- \(OutputEscaping.diffHeaderPath(from))\n+++ \(OutputEscaping.diffHeaderPath(to))\n"
        var index = 0
        var oldLine = 1
        var newLine = 1
        while index < operations.count {
            guard operations[index].kind != " " else {
                index += 1; oldLine += 1; newLine += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` after the last change near it.
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < operations.count {
                if operations[end].kind != " " { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(operations.count, lastChange + context + 1)
            let leading = index - start
            let hunkOldStart = oldLine - leading
            let hunkNewStart = newLine - leading
            var oldCount = 0
            var newCount = 0
            var body = ""
            for operation in operations[start..<end] {
                switch operation.kind {
                case "-": oldCount += 1
                case "+": newCount += 1
                default: oldCount += 1; newCount += 1
                }
                body += String(operation.kind) + render(operation.line)
            }
            out += "@@ -\(range(hunkOldStart, oldCount)) +\(range(hunkNewStart, newCount)) @@\n" + body
            for operation in operations[index..<end] {
                if operation.kind != "+" { oldLine += 1 }
                if operation.kind != "-" { newLine += 1 }
            }
            index = end
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    /// A line as diff prints it, with a marker when the file does not end in a newline.
    private static func render(_ line: [UInt8]) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.last == 0x0A ? text : text + "\n\\ No newline at end of file\n"
    }

    /// Lines with their line ends kept.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { result.append(Array(bytes[start...])) }
        return result
    }

    /// Myers' shortest edit script between two line arrays, where its trace
    /// fits `budget` (one word per diagonal reached at each depth, the
    /// depth's own diagonals only: the trace of d edits holds d² words).
    /// Past that the lines are split at anchors (`anchored`) and each piece
    /// is worked out again: a file with a fix on every view has tens of
    /// thousands of changed lines, and the trace grows with their square.
    static func script(_ a: ArraySlice<[UInt8]>, _ b: ArraySlice<[UInt8]>,
                       budget: Int = 1 << 23) -> [(kind: Character, line: [UInt8])] {
        let n = a.count
        let m = b.count
        guard n + m > 0 else { return [] }
        let (a0, b0) = (a.startIndex, b.startIndex)
        let maximum = n + m
        // Diagonal k at `k + offset`, with one spare at each end.
        let offset = maximum + 1
        var frontier = [Int](repeating: 0, count: 2 * maximum + 3)
        // Before depth d, its diagonals -d-1...d+1 (those the walk back reads), from `starts[d]` on.
        var trace: [Int] = []
        var starts: [Int] = []
        var found = false
        for depth in 0...maximum {
            guard trace.count + 2 * depth + 3 <= budget else { return anchored(a, b, budget: budget) }
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
                while x < n, y < m, a[a0 + x] == b[b0 + y] { x += 1; y += 1 }
                frontier[k + offset] = x
                if x >= n, y >= m { found = true; break }
            }
            if found { break }
        }
        // Walk the trace back from the end.
        var operations: [(kind: Character, line: [UInt8])] = []
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
                operations.append((" ", a[a0 + x - 1])); x -= 1; y -= 1
            }
            if depth > 0 {
                if x == previousX { operations.append(("+", b[b0 + y - 1])); y -= 1 } else { operations.append(("-", a[a0 + x - 1])); x -= 1 }
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
    static func anchored(_ a: ArraySlice<[UInt8]>, _ b: ArraySlice<[UInt8]>, budget: Int) -> [(kind: Character, line: [UInt8])] {
        // How often each line occurs in a and in b, and where in b it last does.
        var seen: [[UInt8]: (inA: Int, inB: Int, positionB: Int)] = [:]
        for line in a { seen[line, default: (0, 0, 0)].inA += 1 }
        for position in b.indices {
            seen[b[position], default: (0, 0, 0)].inB += 1
            seen[b[position]]!.positionB = position
        }
        // Unique in both, in a's order; the longest run increasing in b too.
        let pairs = a.indices.compactMap { position -> (a: Int, b: Int)? in
            guard let entry = seen[a[position]], entry.inA == 1, entry.inB == 1 else { return nil }
            return (position, entry.positionB)
        }
        let anchors = longestIncreasing(pairs)
        guard !anchors.isEmpty else {
            return a.map { (kind: Character("-"), line: $0) } + b.map { (kind: Character("+"), line: $0) }
        }
        var operations: [(kind: Character, line: [UInt8])] = []
        var (fromA, fromB) = (a.startIndex, b.startIndex)
        for anchor in anchors + [(a: a.endIndex, b: b.endIndex)] {
            // Smaller than the whole (an anchor is left out of each), so the splitting ends.
            operations += script(a[fromA..<anchor.a], b[fromB..<anchor.b], budget: budget)
            if anchor.a < a.endIndex { operations.append((" ", a[anchor.a])) }
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
