/// Places small text labels in a panel without letting them cover each other or
/// the markers: each label tries a few spots in order and takes the first free
/// one, or is left out (the HTML page still shows ids on hover). First come,
/// first served, so more important labels are placed first.
struct LabelPlacer {
    static let fontSize = 13.0
    var bounds: Rect
    /// False in a panel too small for words: only ids are placed.
    var annotates: Bool
    private(set) var taken: [Rect] = []

    init(bounds: Rect, annotates: Bool = true) {
        self.bounds = bounds
        self.annotates = annotates
    }

    /// The box a label of `text` takes with its baseline starting at (x, y).
    static func box(_ text: String, x: Double, y: Double, anchor: Anchor, size: Double = fontSize) -> Rect {
        // An average glyph of a sans-serif face is a little over half an em wide.
        let width = Double(text.count) * size * 0.58 + 2
        let left: Double
        switch anchor {
        case .start: left = x - 1
        case .middle: left = x - width / 2
        case .end: left = x - width + 1
        }
        return Rect(minX: left, minY: y - size * 0.85, maxX: left + width, maxY: y + size * 0.25)
    }

    enum Anchor: String { case start, middle, end }

    /// Reserves a box (a marker) so no label lands on it.
    mutating func reserve(_ rect: Rect) { taken.append(rect) }

    /// `place` for words about a problem (sizes, names of winners), which only
    /// panels that annotate get.
    mutating func annotate(_ text: String, spots: [(x: Double, y: Double)], anchor: Anchor, within: Rect? = nil) -> (x: Double, y: Double)? {
        annotates ? place(text, spots: spots, anchor: anchor, within: within) : nil
    }

    /// The first of `spots` (baseline points) where the label fits, reserved.
    mutating func place(_ text: String, spots: [(x: Double, y: Double)], anchor: Anchor, within: Rect? = nil) -> (x: Double, y: Double)? {
        for spot in spots {
            let box = Self.box(text, x: spot.x, y: spot.y, anchor: anchor)
            guard bounds.contains(box), within.map({ $0.contains(box) }) ?? true else { continue }
            if taken.contains(where: { $0.intersects(box) }) { continue }
            taken.append(box)
            return spot
        }
        return nil
    }
}
