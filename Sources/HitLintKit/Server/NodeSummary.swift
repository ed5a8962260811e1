/// What a hover says about the node under the cursor: its frame, its hit area
/// when that differs, what of it a touch reaches, and the minimum in force.
struct NodeSummary {
    let span: SourceSpan
    let markdown: String

    /// The innermost node whose mapping holds the byte offset.
    static func node(at offset: Int, in layout: Layout) -> Int? {
        var best: (node: Int, length: Int)?
        for index in layout.nodes.indices {
            let entry = Int(layout.nodes[index].objectEntry)
            guard entry >= 0, entry < layout.document.entries.count else { continue }
            let span = layout.document.span(entry)
            guard span.start <= offset, offset < span.end else { continue }
            let length = span.end - span.start
            if best.map({ length <= $0.length }) ?? true { best = (index, length) }
        }
        return best?.node
    }

    init(node: Int, context: RuleContext) {
        let layout = context.layout
        let geometry = context.geometry
        let entry = Int(layout.nodes[node].objectEntry)
        span = entry >= 0 ? layout.document.span(entry) : layout.anchorSpan(of: node)
        let isWeb = layout.nodes[node].isWebContent
        let threshold = isWeb ? context.webThreshold : context.threshold
        let unit = threshold.unitName
        func size(_ rect: Rect) -> String { "\(formatLength(rect.width))×\(formatLength(rect.height)) \(unit)" }
        func place(_ rect: Rect) -> String { "\(size(rect)) at (\(formatLength(rect.minX)), \(formatLength(rect.minY)))" }
        let type = layout.type(of: node)
        var lines = ["**'\(layout.name(of: node))'**" + (type.isEmpty ? "" : " (\(type))")]
        let frame = geometry.frame(node)
        lines.append("- frame: \(place(frame))")
        if layout.nodes[node].isTarget {
            let hit = geometry.hitRect(node)
            if hit != frame { lines.append("- hit area: \(place(hit))") }
            if let region = context.region(of: node) {
                if region.isOutOfPlay {
                    lines.append("- out of play: hidden by views in front, or behind a modal layer")
                } else if let best = region.reachable.bestPiece, region.reachableArea > 0 {
                    let whole = abs(region.reachableArea - region.domainArea) < Tolerance.area ? "" : " (largest piece)"
                    lines.append("- reachable: \(size(best))\(whole)")
                } else {
                    lines.append("- reachable: nowhere")
                }
            }
            lines.append("- minimum: \(threshold.text)")
        } else {
            lines.append("- not a target" + (layout.nodes[node].userInteractionEnabled ? "" : "; ignores touches"))
        }
        markdown = lines.joined(separator: "\n")
    }
}

extension SourceText {
    /// The byte offset of a 1-based line and column (columns count Unicode
    /// scalars, as `location(of:)` does), clamped to the text.
    func offset(ofLine line: Int, column: Int) -> Int {
        let bytes = self.bytes
        var offset = 0
        var currentLine = 1
        while currentLine < line, offset < bytes.count {
            if bytes[offset] == 0x0A { currentLine += 1 }
            offset += 1
        }
        var scalars = 1
        while scalars < column, offset < bytes.count, bytes[offset] != 0x0A {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            scalars += 1
        }
        return offset
    }

    /// The end of the word or value starting at `offset` (to the next space,
    /// comma, colon, bracket or line end), so a diagnostic underlines it.
    func endOfToken(at offset: Int) -> Int {
        let bytes = self.bytes
        var end = offset
        while end < bytes.count {
            switch bytes[end] {
            case 0x0A, 0x0D, 0x20, 0x09, 0x2C, 0x3A, 0x5D, 0x7D: return end
            default: end += 1
            }
        }
        return end
    }
}
