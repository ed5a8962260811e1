/// Helpers for writing XML and HTML as plain strings, deterministically.

/// A coordinate as SVG gets it: at most two decimals, no exponent, no "-0", and
/// clamped, so hostile sizes cannot produce numbers no viewer draws.
func svgNumber(_ value: Double) -> String {
    guard value.isFinite else { return value > 0 ? "1000000" : "-1000000" }
    return formatLength(min(1_000_000, max(-1_000_000, value)))
}

/// ` name="value"` for each pair, values escaped; in the order given.
func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(escapeMarkup($0.1))\"" }.joined()
}

/// `<rect x= y= width= height=>` for a rect already in drawing units.
func rectElement(_ rect: Rect, _ extra: [(String, String)] = []) -> String {
    "<rect x=\"\(svgNumber(rect.minX))\" y=\"\(svgNumber(rect.minY))\" width=\"\(svgNumber(rect.width))\" height=\"\(svgNumber(rect.height))\"\(attributes(extra))/>"
}

/// One path drawing every rect clockwise: with the nonzero fill rule, overlapping
/// rects paint their union once, so a translucent fill does not darken where the
/// (overlapping) maximal pieces of a region meet.
func unionPath(_ rects: [Rect]) -> String {
    rects.filter { !$0.isEmpty }.map { rect in
        "M\(svgNumber(rect.minX)) \(svgNumber(rect.minY))H\(svgNumber(rect.maxX))V\(svgNumber(rect.maxY))H\(svgNumber(rect.minX))Z"
    }.joined()
}

/// A rect with a hole: the outer rect clockwise, the inner one anticlockwise
/// (a hit-area band around a frame).
func bandPath(outer: Rect, inner: Rect) -> String {
    let clockwise = unionPath([outer])
    guard !inner.isEmpty else { return clockwise }
    return clockwise + "M\(svgNumber(inner.minX)) \(svgNumber(inner.minY))V\(svgNumber(inner.maxY))H\(svgNumber(inner.maxX))V\(svgNumber(inner.minY))Z"
}

/// Splits a message into lines of at most `width` characters at spaces (a word
/// longer than the width gets a line of its own). SVG text does not wrap.
func wrapWords(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if current.isEmpty {
            current = String(word)
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.isEmpty ? [""] : lines
}
