/// Places small text labels in a panel without letting them cover each other or
/// the markers: each label tries a few spots in order and takes the first free
/// one, or is left out (the HTML page still shows ids on hover). First come,
/// first served, so more important labels are placed first.
struct LabelPlacer {
    static let fontSize = 13.0
    let bounds: Rect
    /// False in a panel too small for words: only ids are placed.
    var annotates: Bool
    /// Boxes compared with a label's so far: the work placement does, which
    /// tests hold to a few per label, since tests do not time.
    private(set) var boxesCompared = 0
    /// The boxes taken (labels placed, markers reserved), each filed under
    /// every cell of a grid over `bounds` it touches, so a label is compared
    /// only with the boxes in its own cells: a picture of a layout full of
    /// findings places tens of thousands of labels, and comparing each with
    /// every box taken before it grew with their square. A label lies inside
    /// `bounds`, so a box that meets it meets it in one of its cells; a box
    /// that does not meet `bounds` can meet no label and is not kept. Which
    /// boxes a label meets, and so where it goes, is as with one list.
    private var cells: [[Rect]]
    private let columns: Int
    private let rows: Int
    private let cellSize: Double
    /// Boxes with a coordinate that is not a finite number: no cell holds
    /// them, and every label is compared with them (markers of hostile sizes).
    private var unfiled: [Rect] = []

    init(bounds: Rect, annotates: Bool = true) {
        self.bounds = bounds
        self.annotates = annotates
        // Cells about twice a label's height, and no more than 64 a side.
        let size = max(bounds.width, bounds.height)
        if bounds.isFinite, size > 0 {
            cellSize = max(32, size / 64)
            columns = max(1, Int((bounds.width / cellSize).rounded(.up)))
            rows = max(1, Int((bounds.height / cellSize).rounded(.up)))
        } else {
            (cellSize, columns, rows) = (1, 1, 1)
        }
        cells = Array(repeating: [], count: columns * rows)
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
    mutating func reserve(_ rect: Rect) { take(rect) }

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
            if isTaken(box) { continue }
            take(box)
            return spot
        }
        return nil
    }

    private mutating func take(_ rect: Rect) {
        guard rect.isFinite else { return unfiled.append(rect) }
        guard bounds.intersects(rect) else { return }
        let (columnRange, rowRange) = cellRanges(rect)
        for row in rowRange {
            for column in columnRange { cells[row * columns + column].append(rect) }
        }
    }

    /// Whether a box taken meets `box`, which lies inside `bounds`.
    private mutating func isTaken(_ box: Rect) -> Bool {
        var compared = 0
        defer { boxesCompared += compared }
        for rect in unfiled {
            compared += 1
            if rect.intersects(box) { return true }
        }
        let (columnRange, rowRange) = box.isFinite ? cellRanges(box) : (0..<columns, 0..<rows)
        for row in rowRange {
            for column in columnRange {
                for rect in cells[row * columns + column] {
                    compared += 1
                    if rect.intersects(box) { return true }
                }
            }
        }
        return false
    }

    /// The cells a finite rect touches, edges included (a box that ends on a
    /// cell's edge is filed in both cells), clamped to the grid.
    private func cellRanges(_ rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        func index(_ value: Double, from origin: Double, count: Int) -> Int {
            guard count > 1 else { return 0 }
            let cell = ((value - origin) / cellSize).rounded(.down)
            return cell <= 0 ? 0 : cell >= Double(count - 1) ? count - 1 : Int(cell)
        }
        let columnRange = index(rect.minX, from: bounds.minX, count: columns)..<(index(rect.maxX, from: bounds.minX, count: columns) + 1)
        let rowRange = index(rect.minY, from: bounds.minY, count: rows)..<(index(rect.maxY, from: bounds.minY, count: rows) + 1)
        return (columnRange, rowRange)
    }
}

private extension Rect {
    var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }
}
