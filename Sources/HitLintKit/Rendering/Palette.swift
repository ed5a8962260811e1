/// The colours of a picture, one per meaning, in light and dark variants. SVG and
/// HTML take them from here as CSS custom properties, so a legend swatch and the
/// shape it names can never disagree, and `prefers-color-scheme` switches both.
enum Palette {
    /// (name, light, dark). Hues are distinct for colour-blind readers too: the
    /// lost regions also differ in hatching, not only in colour.
    static let colors: [(name: String, light: String, dark: String)] = [
        ("background", "#ffffff", "#0f1115"),
        ("screen", "#f6f7f9", "#171a21"),
        ("ink", "#1f2328", "#e6e8eb"),
        ("muted", "#5b6470", "#9aa3ad"),
        ("view", "#8a94a3", "#6b7685"),
        ("target", "#2563eb", "#60a5fa"),
        ("hit", "#0ea5e9", "#7dd3fc"),
        ("reachable", "#16a34a", "#4ade80"),
        ("dead", "#dc2626", "#f87171"),
        ("overlap", "#d97706", "#fbbf24"),
        ("occluder", "#9333ea", "#c084fc"),
        ("gap", "#db2777", "#f472b6"),
        ("error", "#d1242f", "#f85149"),
        ("warning", "#b35900", "#d29922"),
        ("info", "#0969da", "#58a6ff"),
    ]

    /// `css` with each `property:var(--name)` preceded by the same property
    /// with the light colour written out (`fill:#ffffff;fill:var(--background)`),
    /// and `var(--name,value)` by its fallback. A browser keeps the later
    /// declaration, so dark mode still switches; a renderer without custom
    /// properties (librsvg, which `rsvg-convert` and many image tools use)
    /// drops it and keeps the colour, instead of painting every fill black.
    static func withLiteralColors(_ css: String) -> String {
        let light = Dictionary(uniqueKeysWithValues: colors.map { ($0.name, $0.light) })
        var out = ""
        out.reserveCapacity(css.utf8.count * 2)
        // A declaration starts after the '{' or ';' before it; a "property"
        // holding '}' or white space is no property (a selector, a media query).
        var rest = Substring(css)
        while let open = rest.range(of: ":var(--") {
            let start = rest[..<open.lowerBound].lastIndex(where: { $0 == "{" || $0 == ";" }).map { rest.index(after: $0) }
                ?? rest.startIndex
            let property = rest[start..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
            let inside = rest[open.upperBound..<close]
            let parts = inside.split(separator: ",", maxSplits: 1)
            let value = parts.count == 2 ? String(parts[1]) : light[String(inside)]
            out += rest[..<start]
            if let value, !property.contains(where: { $0 == "}" || $0.isWhitespace }) {
                out += property + ":" + value + ";"
            }
            out += rest[start...close]
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// `--name: value;` for every colour, light by default and dark when asked.
    static func customProperties(selector: String) -> String {
        let light = colors.map { "--\($0.name):\($0.light);" }.joined()
        let dark = colors.map { "--\($0.name):\($0.dark);" }.joined()
        return "\(selector){\(light)}\n@media (prefers-color-scheme: dark){\(selector){\(dark)}}\n"
    }
}

/// The drawing's layers, bottom to top. Each is one `<g>` that the HTML page can
/// hide; the legend lists them in this order.
enum Layer: String, CaseIterable {
    case views, hitAreas = "hit-areas", reachable, targets, dead, overlaps, occluders, gaps, minimum, labels, markers

    var title: String {
        switch self {
        case .views: return "View frames"
        case .hitAreas: return "Hit areas"
        case .reachable: return "Reachable"
        case .targets: return "Targets"
        case .dead: return "Dead: blocked by an ancestor"
        case .overlaps: return "Taken by a target in front"
        case .occluders: return "Swallowed by a view in front"
        case .gaps: return "Dead gaps"
        case .minimum: return "Minimum size"
        case .labels: return "Ids"
        case .markers: return "Diagnostics"
        }
    }

    /// What the legend says about it, in a few words.
    var detail: String {
        switch self {
        case .views: return "every view's frame"
        case .hitAreas: return "where the target's hit area reaches"
        case .reachable: return "touches here reach the target"
        case .targets: return "what the user sees"
        case .dead: return "outside its hit region, or inside a view that ignores touches"
        case .overlaps: return "the winner is outlined"
        case .occluders: return "a transparent view that answers first"
        case .gaps: return "nothing answers between neighbours"
        case .minimum: return "the square a fingertip needs, on targets too small"
        case .labels: return "node ids"
        case .markers: return "numbered as in the list"
        }
    }
}
