/// "Did you mean ...?" — the closest known name by edit distance, compared
/// case-insensitively, when it is close enough to be a plausible typo.
public func closestName(to word: String, among candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    // A word that starts a known name ("wcag" for "wcag-aa") is a plausible short form.
    if lowered.count >= 3, let extended = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) && $0.count > word.count }) {
        return extended
    }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
        if best == nil || distance < best!.distance {
            best = (candidate, distance)
        }
    }
    guard let found = best else { return nil }
    // Allow about a third of the word to differ, at least one edit.
    let allowed = max(1, max(lowered.count, found.name.count) / 3)
    return found.distance <= allowed ? found.name : nil
}

/// Damerau-style edit distance (insertions, deletions, substitutions, adjacent swaps).
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previousPrevious[j - 2] + 1)
            }
            current[j] = value
        }
        previousPrevious = previous
        previous = current
    }
    return previous[b.count]
}
