/// The screen a capture's views were laid out on, in the file's units, with a
/// note when what the file records about it had to be set aside.
///
/// The view tree is the evidence: its window roots are laid out on the
/// screen. A recorded size is used when a window spans it exactly (in either
/// orientation); otherwise the window at the origin that holds the others is
/// the screen (DroidBot states record 2340×1080 for a 1080×1920 portrait
/// tree). When every window floats (a dialog or a popup captured alone), the
/// screen runs from the origin to the recorded size in the orientation that
/// holds them, or to their far edges when nothing is recorded.
struct Screen {
    var rect: Rect
    var note: String?
    /// Whether `rect` is the device's whole screen (a window spans it, or the
    /// size is recorded), not the least that holds a window captured alone.
    var isWhole = true

    /// `dataset`: the recorded size is not the file's but a dataset's, whose
    /// every screen has it (RICO's); the notes say so.
    static func choose(windows: [Rect], recorded: (width: Double, height: Double)?, dataset: String? = nil) -> Screen {
        let tree = windows.reduce(Rect.empty) { $0.union($1) }
        guard !tree.isEmpty else {
            return Screen(rect: recorded.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) } ?? .empty, note: nil)
        }
        func size(_ width: Double, _ height: Double) -> String { "\(formatLength(width))×\(formatLength(height)) px" }
        let orientations = recorded.map { [($0.width, $0.height), ($0.height, $0.width)] } ?? []
        for (width, height) in orientations {
            let whole = Rect(x: 0, y: 0, width: width, height: height)
            if windows.contains(where: { Self.near($0, whole) }) { return Screen(rect: whole, note: nil) }
        }
        let atOrigin = windows.filter { $0.minX <= 1 && $0.minY <= 1 }.max { $0.area < $1.area }
        if let full = atOrigin, full.inset(by: EdgeInsets(all: -1)).contains(tree) {
            let note = recorded.map {
                (dataset.map { "every \($0) screen is " } ?? "the state records a screen of ") + "\(size($0.width, $0.height)), but its view tree's root is "
                    + "\(size(full.width, full.height)): the screen is taken from the tree"
            }
            return Screen(rect: Rect(minX: 0, minY: 0, maxX: full.maxX, maxY: full.maxY), note: note)
        }
        // Floating windows only: a dialog or a popup, over a screen not captured.
        let fitting = orientations.filter { $0.0 >= tree.maxX - 1 && $0.1 >= tree.maxY - 1 }
        let chosen = fitting.first { abs($0.0 - tree.maxX) <= 1 } ?? fitting.first { $0.1 >= $0.0 } ?? fitting.first
        let far = chosen ?? (tree.maxX, tree.maxY)
        let rect = Rect(minX: 0, minY: 0, maxX: max(far.0, tree.maxX), maxY: max(far.1, tree.maxY))
        let window = "\(size(tree.width, tree.height)) at (\(formatLength(tree.minX)), \(formatLength(tree.minY)))"
        let source = chosen == nil ? "the least that holds it" : dataset.map { "the size of every \($0) screen" } ?? "the recorded size"
        return Screen(rect: rect, note: "the view tree is a window of \(window), not the whole screen (a dialog, a popup, "
                      + "or a window below the status bar): the screen is taken as \(size(rect.width, rect.height)), \(source)",
                      isWhole: chosen != nil)
    }

    private static func near(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) <= 1 && abs(a.minY - b.minY) <= 1 && abs(a.maxX - b.maxX) <= 1 && abs(a.maxY - b.maxY) <= 1
    }
}
