/// `diff -u` output for two versions of a file, line by line (Myers' O(ND)
/// algorithm after trimming the common head and tail), three lines of context.
public enum UnifiedDiff {
    public static func make(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middle = script(Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)]))
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

    /// Myers' shortest edit script between two line arrays.
    static func script(_ a: [[UInt8]], _ b: [[UInt8]]) -> [(kind: Character, line: [UInt8])] {
        let n = a.count
        let m = b.count
        let maximum = n + m
        guard maximum > 0 else { return [] }
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        var found = false
        for depth in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -depth, through: depth, by: 2) {
                var x: Int
                if k == -depth || (k != depth && frontier[k - 1 + maximum] < frontier[k + 1 + maximum]) {
                    x = frontier[k + 1 + maximum]
                } else {
                    x = frontier[k - 1 + maximum] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[k + maximum] = x
                if x >= n, y >= m { found = true; break }
            }
            if found { break }
        }
        // Walk the trace back from the end.
        var operations: [(kind: Character, line: [UInt8])] = []
        var x = n
        var y = m
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[depth]
            let k = x - y
            let previousK = (k == -depth || (k != depth && v[k - 1 + maximum] < v[k + 1 + maximum])) ? k + 1 : k - 1
            let previousX = v[previousK + maximum]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                operations.append((" ", a[x - 1])); x -= 1; y -= 1
            }
            if depth > 0 {
                if x == previousX { operations.append(("+", b[y - 1])); y -= 1 } else { operations.append(("-", a[x - 1])); x -= 1 }
            }
        }
        return operations.reversed()
    }
}
