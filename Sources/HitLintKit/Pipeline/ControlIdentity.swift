/// The same control seen in many captures. A crawler or a UI-test run comes
/// back to the same screens (one tab bar in 320 of 801 states): a finding
/// about it is one problem to fix, not one per capture. A control is known
/// across captures by what does not change from one to the next: the app, the
/// window it is in, its view id (or, without one, its path of classes and ids
/// from the window down, with its place among like siblings), and its size in
/// the capture's units. Never by the file, the line or where it sits on the
/// screen: a list scrolled by a row is the same list.
struct ControlIdentity {
    /// The captures whose findings are grouped: those of a running app (not a
    /// design or an Interface Builder document, whose frames are screens of
    /// their own).
    static func groups(_ kind: FileKind) -> Bool {
        kind.isImported && kind != .figma && kind != .interfaceBuilder
    }

    private let layout: Layout
    /// Per node, a hash of its path from the window down (class, id and place
    /// among like siblings at each step), and its window (the view below the
    /// screen that holds it). Worked out in one pass in pre-order, parents
    /// first: a capture of any size and depth costs one look at each node.
    private var paths: [String] = []
    private var windows: [Int32] = []

    init(_ layout: Layout) {
        self.layout = layout
        let count = layout.nodes.count
        paths = [String](repeating: "", count: count)
        windows = [Int32](repeating: -1, count: count)
        // Per parent, how many children of each step came before.
        var seen: [Int32: [String: Int]] = [:]
        for node in 1..<max(count, 1) {
            let parent = Int(layout.nodes[node].parent)
            guard parent >= 0 else { continue }
            let step = self.step(node)
            let ordinal = seen[Int32(parent), default: [:]][step, default: 0]
            seen[Int32(parent), default: [:]][step] = ordinal + 1
            windows[node] = parent <= 0 ? Int32(node) : windows[parent]
            paths[node] = StableHash.hex([parent <= 0 ? "" : paths[parent], step, String(ordinal)])
        }
    }

    /// Sixteen hex digits naming the control `node` is.
    func fingerprint(of node: Int) -> String {
        var hash = StableHash()
        let window = windows[node] >= 0 ? Int(windows[node]) : node
        hash.combine("app:" + app(window))
        hash.combine("window:" + step(window) + size(window))
        if let id = string(layout.nodes[node].idEntry), !id.isEmpty {
            hash.combine("id:" + id + "|" + step(node))
        } else {
            hash.combine("path:" + paths[node])
        }
        hash.combine("size:" + size(node))
        return hash.hex
    }

    /// Class (or element type) and id: `android.widget.ImageButton:org.mozilla.firefox:id/menu`.
    private func step(_ node: Int) -> String {
        (string(layout.nodes[node].typeEntry) ?? "") + ":" + (string(layout.nodes[node].idEntry) ?? "")
    }

    /// Width and height in the capture's own units, rounded: the same pixels
    /// whatever density a capture was read at.
    private func size(_ node: Int) -> String {
        let frame = layout.nodes[node].frame
        // Written as lengths are (a damaged capture's sizes may be beyond any integer).
        return formatLength(layout.fileLength(frame.width).rounded()) + "x" + formatLength(layout.fileLength(frame.height).rounded())
    }

    /// The app whose window it is, where the capture says: an Android view's
    /// `package`, an iOS application's `bundleId`.
    private func app(_ node: Int) -> String {
        let object = Int(layout.nodes[node].objectEntry)
        let document = layout.document
        guard object >= 0, object < document.entries.count, document.kind(object) == .object else { return "" }
        for (key, value) in document.members(object) where document.stringEquals(key, "package") || document.stringEquals(key, "bundleId") {
            return document.string(value) ?? ""
        }
        return ""
    }

    private func string(_ entry: Int32) -> String? {
        let entry = Int(entry)
        guard entry >= 0, entry < layout.document.entries.count else { return nil }
        return layout.document.string(entry)
    }
}
