/// The same control seen in many captures. A crawler or a UI-test run comes
/// back to the same screens (one tab bar in 320 of 801 states): a finding
/// about it is one problem to fix, not one per capture. A control is known
/// across captures by what does not change from one to the next: the app, the
/// window it is in, its view id (or, without one, its path of classes and ids
/// from the window down, with its place among like siblings), and its size in
/// the capture's units. Never by the file, the line or where it sits on the
/// screen: a list scrolled by a row is the same list.
enum ControlIdentity {
    /// The captures whose findings are grouped: those of a running app (not a
    /// design, whose frames are screens of their own).
    static func groups(_ kind: FileKind) -> Bool {
        kind.isCapture && kind != .figma
    }

    /// Sixteen hex digits naming the control `node` is.
    static func fingerprint(of node: Int, in layout: Layout) -> String {
        var hash = StableHash()
        let path = ancestry(of: node, in: layout)
        // The window: the view below the screen that holds the node, and its size.
        let window = path.first ?? node
        hash.combine("app:" + app(window, layout))
        hash.combine("window:" + step(window, layout) + size(window, layout))
        if let id = string(layout.nodes[node].idEntry, layout), !id.isEmpty {
            hash.combine("id:" + id + "|" + step(node, layout))
        } else {
            for member in path.dropFirst() + [node] {
                hash.combine(step(member, layout) + "#" + String(ordinal(member, layout)))
            }
        }
        hash.combine("size:" + size(node, layout))
        return hash.hex
    }

    /// The node's ancestors below the screen (the layout's root), from the
    /// window down, without the node.
    private static func ancestry(of node: Int, in layout: Layout) -> [Int] {
        var chain: [Int] = []
        var current = Int(layout.nodes[node].parent)
        while current > 0 {
            chain.append(current)
            current = Int(layout.nodes[current].parent)
        }
        return chain.reversed()
    }

    /// Class (or element type) and id: `android.widget.ImageButton:org.mozilla.firefox:id/menu`.
    private static func step(_ node: Int, _ layout: Layout) -> String {
        (string(layout.nodes[node].typeEntry, layout) ?? "") + ":" + (string(layout.nodes[node].idEntry, layout) ?? "")
    }

    /// Its place among the earlier siblings of the same class and id (the third of five unnamed tabs).
    private static func ordinal(_ node: Int, _ layout: Layout) -> Int {
        let parent = Int(layout.nodes[node].parent)
        guard parent >= 0 else { return 0 }
        let own = step(node, layout)
        var count = 0
        var sibling = parent + 1
        while sibling < node {
            if step(sibling, layout) == own { count += 1 }
            sibling = Int(layout.nodes[sibling].subtreeEnd)
        }
        return count
    }

    /// Width and height in the capture's own units, rounded: the same pixels
    /// whatever density a capture was read at.
    private static func size(_ node: Int, _ layout: Layout) -> String {
        let frame = layout.nodes[node].frame
        return "\(Int(layout.fileLength(frame.width).rounded()))x\(Int(layout.fileLength(frame.height).rounded()))"
    }

    /// The app whose window it is, where the capture says: an Android view's
    /// `package`, an iOS application's `bundleId`.
    private static func app(_ node: Int, _ layout: Layout) -> String {
        let object = Int(layout.nodes[node].objectEntry)
        let document = layout.document
        guard object >= 0, object < document.entries.count, document.kind(object) == .object else { return "" }
        for (key, value) in document.members(object) where document.stringEquals(key, "package") || document.stringEquals(key, "bundleId") {
            return document.string(value) ?? ""
        }
        return ""
    }

    private static func string(_ entry: Int32, _ layout: Layout) -> String? {
        let entry = Int(entry)
        guard entry >= 0, entry < layout.document.entries.count else { return nil }
        return layout.document.string(entry)
    }
}
