/// The legend and the numbered list of diagnostics, drawn beside the layout in
/// a standalone SVG (SVG text does not wrap, so messages are wrapped here).
struct SVGSidePanel {
    let input: RenderInput
    let x: Double
    let y: Double
    private(set) var height: Double = 0
    private var body = ""

    init(input: RenderInput, x: Double, y: Double) {
        self.input = input
        self.x = x
        self.y = y
        build()
    }

    func markup() -> String { "<g class=\"side\">\n" + body + "</g>\n" }

    private mutating func build() {
        var cursor = y + 14
        body += "<text class=\"list-title\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup(input.result.path))</text>\n"
        cursor += 18
        body += "<text class=\"list-muted\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup(Self.counts(input.result.diagnostics)))</text>\n"
        if input.context != nil, let screenshot = input.screenshot {
            cursor += 16
            let caption = "over the screenshot \(screenshot.path), \(screenshot.pixelWidth)×\(screenshot.pixelHeight) px"
            for line in wrapWords(caption, width: 80) {
                body += "<text class=\"list-muted\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup(line))</text>\n"
                cursor += 14
            }
            cursor -= 14
        }
        cursor += 24
        for layer in Layer.allCases {
            body += Self.swatch(layer, x: x, y: cursor - 10) + "\n"
            body += "<text class=\"list-rule\" x=\"\(svgNumber(x + 32))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup(layer.title))"
            body += "<tspan class=\"list-muted\" font-weight=\"400\">  \(escapeMarkup(layer.detail))</tspan></text>\n"
            cursor += 19
        }
        cursor += 16
        let location = input.result
        for (position, diagnostic) in input.result.diagnostics.enumerated() {
            let number = String(position + 1)
            let (start, _) = location.location(diagnostic)
            body += "<g id=\"d\(number)\" class=\"entry\" data-d=\"\(number)\">"
            body += "<g class=\"marker \(diagnostic.severity.rawValue)\"><circle cx=\"\(svgNumber(x + 10))\" cy=\"\(svgNumber(cursor - 4))\" r=\"10\"/>"
            body += "<text x=\"\(svgNumber(x + 10))\" y=\"\(svgNumber(cursor))\">\(number)</text></g>"
            body += "<text class=\"list-rule\" x=\"\(svgNumber(x + 28))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup("\(Self.severityWord(diagnostic.severity)) · \(diagnostic.rule)"))</text>"
            cursor += 16
            for line in wrapWords(diagnostic.message, width: 68) {
                body += "<text class=\"list-text\" x=\"\(svgNumber(x + 28))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup(line))</text>"
                cursor += 15
            }
            body += "<text class=\"list-muted\" x=\"\(svgNumber(x + 28))\" y=\"\(svgNumber(cursor))\">\(escapeMarkup("\(input.result.path):\(start.line):\(start.column)"))</text></g>\n"
            cursor += 22
        }
        if input.result.diagnostics.isEmpty {
            body += "<text class=\"list-text\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(cursor))\">No problems found.</text>\n"
            cursor += 16
        }
        height = cursor - y
    }

    static func severityWord(_ severity: Severity) -> String {
        severity == .info ? "note" : severity.rawValue
    }

    /// "2 errors, 2 warnings" for one file.
    static func counts(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let notes = diagnostics.filter { $0.severity == .info }.count
        func count(_ value: Int, _ word: String) -> String { "\(value) \(word)\(value == 1 ? "" : "s")" }
        var parts = [count(errors, "error"), count(warnings, "warning")]
        if notes > 0 { parts.append(count(notes, "note")) }
        return parts.joined(separator: ", ")
    }

    /// A 24×14 sample of a layer, drawn with the same classes as the layer itself.
    static func swatch(_ layer: Layer, x: Double, y: Double) -> String {
        let box = Rect(x: x, y: y, width: 24, height: 14)
        let inner = Rect(x: x + 6, y: y + 3, width: 12, height: 8)
        switch layer {
        case .views: return "<g class=\"view\">\(rectElement(box))</g>"
        case .hitAreas: return "<path class=\"hit\" d=\"\(bandPath(outer: box, inner: inner))\"/>"
        case .reachable: return "<path class=\"reach\" d=\"\(unionPath([box]))\"/>"
        case .targets: return "<g class=\"target\">\(rectElement(box))</g>"
        case .dead: return "<path class=\"dead\" d=\"\(unionPath([box]))\"/>"
        case .overlaps: return "<path class=\"taken\" d=\"\(unionPath([box]))\"/>"
        case .occluders: return "<path class=\"swallowed\" d=\"\(unionPath([box]))\"/>"
        case .gaps: return rectElement(Rect(x: x + 9, y: y, width: 6, height: 14), [("class", "gap")])
        case .minimum: return rectElement(Rect(x: x + 5, y: y, width: 14, height: 14), [("class", "minimum")])
        case .labels: return "<text class=\"label target-label\" x=\"\(svgNumber(x + 12))\" y=\"\(svgNumber(y + 11))\" text-anchor=\"middle\">id</text>"
        case .markers: return "<g class=\"marker error\"><circle cx=\"\(svgNumber(x + 12))\" cy=\"\(svgNumber(y + 7))\" r=\"7\"/><text x=\"\(svgNumber(x + 12))\" y=\"\(svgNumber(y + 10.5))\" style=\"font-size:10px\">1</text></g>"
        }
    }
}
