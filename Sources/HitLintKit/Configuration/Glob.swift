/// A path pattern as `.gitignore` and most linters write them:
///
/// - `*` any run of characters within one path segment, `?` one character,
/// - `[abc]`, `[a-z]`, `[!a]` / `[^a]` one character of (or not of) a class,
/// - `**` as a whole segment: zero or more segments (`**/Generated/**`),
/// - a pattern without `/` matches the last segment at any depth (`*.yaml`),
/// - a leading `/` or `./` anchors to the folder the pattern is relative to.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let segments: [[Unicode.Scalar]]
    private let matchesBasename: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        var anchored = false
        while text.hasPrefix("./") { text = text.dropFirst(2); anchored = true }
        if text.hasPrefix("/") { text = text.drop { $0 == "/" }; anchored = true }
        while text.hasSuffix("/") { text = text.dropLast() }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        segments = parts.map { Array($0.unicodeScalars) }
        matchesBasename = !anchored && parts.count == 1
    }

    public var description: String { pattern }

    /// Segments in the pattern. A configuration refuses patterns with more than
    /// `maximumSegments`: matching recurses once per `**`.
    public var segmentCount: Int { segments.count }
    public static let maximumSegments = 256

    /// Whether a relative path (segments separated by `/`) matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        if matchesBasename {
            guard let last = parts.last else { return false }
            return Self.segmentMatches(segments[0][...], last[...])
        }
        var failed = Set<Int>()
        return Self.matches(segments, 0, parts, 0, failed: &failed)
    }

    /// Whether `pattern[p...]` matches `path[t...]`. Each `**` tries every split
    /// point; the (p, t) pairs known to fail are remembered, so several `**` in one
    /// pattern cost at most patterns × path segments, never a power of them.
    private static func matches(_ pattern: [[Unicode.Scalar]], _ start: Int, _ path: [[Unicode.Scalar]], _ from: Int,
                                failed: inout Set<Int>) -> Bool {
        var p = start
        var t = from
        // Plain segments one by one, without recursing.
        while p < pattern.count, pattern[p] != ["*", "*"] {
            guard t < path.count, segmentMatches(pattern[p][...], path[t][...]) else { return false }
            p += 1
            t += 1
        }
        guard p < pattern.count else { return t == path.count }
        // Collapse runs of `**`, then try every split point.
        var rest = p + 1
        while rest < pattern.count, pattern[rest] == ["*", "*"] { rest += 1 }
        if rest == pattern.count { return true }
        let key = rest * (path.count + 1) + t
        if failed.contains(key) { return false }
        for split in t...path.count where matches(pattern, rest, path, split, failed: &failed) { return true }
        failed.insert(key)
        return false
    }

    /// Wildcard match of one segment, with the classic single backtrack point for `*`
    /// (linear in practice, never exponential).
    static func segmentMatches(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex {
                let character = pattern[p]
                if character == "*" {
                    star = (p, t)
                    p += 1
                    continue
                }
                if character == "?" {
                    p += 1
                    t += 1
                    continue
                }
                if character == "[", let (matched, next) = classMatch(pattern, at: p, text[t]) {
                    if matched {
                        p = next
                        t += 1
                        continue
                    }
                } else if character == "\\", p + 1 < pattern.endIndex, pattern[p + 1] == text[t] {
                    p += 2
                    t += 1
                    continue
                } else if character == text[t] {
                    p += 1
                    t += 1
                    continue
                }
            }
            guard let last = star else { return false }
            p = last.pattern + 1
            t = last.text + 1
            star = (last.pattern, last.text + 1)
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    /// `[...]` at `start`: whether `character` is in the class, and the index after `]`.
    /// nil when the bracket is not closed (then it is a literal `[`).
    private static func classMatch(_ pattern: ArraySlice<Unicode.Scalar>, at start: Int,
                                   _ character: Unicode.Scalar) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.endIndex, pattern[index] == "!" || pattern[index] == "^" {
            negated = true
            index += 1
        }
        var found = false
        var first = true
        while index < pattern.endIndex {
            let current = pattern[index]
            if current == "]", !first {
                return (found != negated, index + 1)
            }
            first = false
            if index + 2 < pattern.endIndex, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                if current.value <= character.value, character.value <= pattern[index + 2].value { found = true }
                index += 3
            } else {
                if current == character { found = true }
                index += 1
            }
        }
        return nil
    }
}
