/// Hit-testing semantics (SPEC §3).
public enum Platform: String, Sendable, CaseIterable {
    case uikit, android, web
}

/// Which region a user aims at: a finger's hit area or the pointer's region.
public enum InputModality: String, Sendable, CaseIterable {
    case touch, pointer
}

public enum LengthUnit: String, Sendable, CaseIterable {
    case pt, px, dp, mm
}

/// Sets points per inch, for lengths in millimetres.
public enum Device: String, Sendable, CaseIterable {
    case iphone, ipad, android, web

    public var pointsPerInch: Double {
        switch self {
        case .iphone: return 163
        case .ipad: return 132
        case .android: return 160
        case .web: return 96
        }
    }
}

public enum CoordinateSpace: String, Sendable, CaseIterable {
    case relative, absolute
}

public enum StackAxis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

public enum StackAlignment: String, Sendable, CaseIterable {
    case fill, leading, center, trailing
}

/// One view of the tree. Nodes live in `Layout.nodes` in pre-order, so a node's
/// subtree is the index range `index ..< subtreeEnd`, and "is ancestor" is an
/// interval test. All lengths are in points.
public struct LayoutNode: Sendable {
    public var parent: Int32 = -1
    /// Index of the first node after this node's subtree.
    public var subtreeEnd: Int32 = 0
    /// Position among the parent's children (for path names).
    public var childIndex: Int32 = 0
    /// Frame relative to the parent (or to the screen, with `coordinates: absolute`).
    public var frame: Rect = .empty
    /// UIKit convention: negative expands. Converted from `hitSlop` when given that way.
    public var hitInsets: EdgeInsets = .zero
    /// Pointer region insets when they differ from the hit area.
    public var pointerInsets: EdgeInsets?
    public var alpha: Double = 1
    public var isTarget = false
    public var isHidden = false
    public var userInteractionEnabled = true
    public var clipsToBounds = false
    public var isOpaque = false
    public var isEnabled = true
    public var isStack = false
    public var stackAxis: StackAxis = .horizontal
    public var stackSpacing: Double = 0
    public var stackAlignment: StackAlignment = .fill
    /// Set when this node's position came from its parent stack.
    public var isArranged = false

    // Where things came from (Document entry indices, -1 when absent).
    public var objectEntry: Int32 = -1
    public var idEntry: Int32 = -1
    public var typeEntry: Int32 = -1
    public var frameEntry: Int32 = -1
    public var sizeEntry: Int32 = -1
    public var hitInsetsEntry: Int32 = -1
    public var hitSlopEntry: Int32 = -1
    public var pointerInsetsEntry: Int32 = -1
    public var spacingEntry: Int32 = -1
    public var ignoreEntry: Int32 = -1

    public init() {}
}

/// A rule suppression: `ignore: [target-size]` or `ignore: all` on a node.
public struct IgnoreEntry: Sendable {
    public var node: Int
    /// nil means `all`.
    public var rule: String?
    /// The entry's value in the document (the string in the list, or `all`).
    public var entry: Int
}

/// The validated, flat model of one layout file.
public struct Layout: Sendable {
    public var document: Document
    public var platform: Platform = .uikit
    public var input: InputModality = .touch
    public var units: LengthUnit = .pt
    /// px per pt when `units: px`.
    public var scale: Double = 1
    public var device: Device = .iphone
    public var coordinates: CoordinateSpace = .relative
    public var nodes: [LayoutNode] = []
    public var ignores: [IgnoreEntry] = []
    /// Points per file unit: multiply a file length by this to get points.
    public var pointsPerUnit: Double = 1
    /// Names an importer gave the nodes of a captured hierarchy (whose views
    /// have no hitlint ids); nil for layout files.
    public var importedNames: [String]?

    public init(document: Document) {
        self.document = document
    }

    public var source: SourceText { document.source }

    /// Ancestor test as an interval check on pre-order indices.
    @inlinable public func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        ancestor < node && node < Int(nodes[ancestor].subtreeEnd)
    }

    /// The node's `id`, else its path from the nearest named ancestor:
    /// `toolbar/children[2]`, `root/children[0]/children[1]`.
    public func name(of index: Int) -> String {
        if let importedNames { return importedNames[index] }
        // Walk up to the nearest named ancestor (or the root) keeping only the
        // child positions that can be shown: a string per level made naming the
        // nodes of a deep unnamed chain quadratic in allocations (seconds for a
        // chain of 20,000 buttons).
        var positions: [Int32] = []  // nearest level first
        var levels = 0
        var anchor = "root"
        var current = index
        while true {
            let node = nodes[current]
            if node.idEntry >= 0, let id = document.string(Int(node.idEntry)) {
                anchor = id
                break
            }
            if node.parent < 0 { break }
            if positions.count < 7 { positions.append(node.childIndex) }
            levels += 1
            current = Int(node.parent)
        }
        return Self.pathName(anchor: anchor, levels: levels, positions: positions)
    }

    /// `name(of:)` of every node, in one pass: the same strings, without a walk
    /// to the named ancestor per node (quadratic in a deep chain, which drawing
    /// every node of a layout would be).
    public func allNames() -> [String] {
        if let importedNames { return importedNames }
        var names: [String] = []
        names.reserveCapacity(nodes.count)
        // Per node: the nearest named ancestor-or-self (-1: none, the path starts at
        // "root") and the levels below it. Parents come before children in pre-order.
        var anchors = [Int32](repeating: -1, count: nodes.count)
        var levels = [Int32](repeating: 0, count: nodes.count)
        for index in nodes.indices {
            let node = nodes[index]
            if node.idEntry >= 0, let id = document.string(Int(node.idEntry)) {
                anchors[index] = Int32(index)
                names.append(id)
                continue
            }
            guard node.parent >= 0 else {
                names.append("root")
                continue
            }
            let parent = Int(node.parent)
            anchors[index] = anchors[parent]
            levels[index] = levels[parent] + 1
            var positions: [Int32] = []
            var current = index
            while positions.count < min(7, Int(levels[index])) {
                positions.append(nodes[current].childIndex)
                current = Int(nodes[current].parent)
            }
            let anchor = anchors[index] >= 0 ? names[Int(anchors[index])] : "root"
            names.append(Self.pathName(anchor: anchor, levels: Int(levels[index]), positions: positions))
        }
        return names
    }

    /// `anchor/children[i]/…`, from the child positions nearest level first; a
    /// path through a very deep chain is shortened, keeping both ends.
    private static func pathName(anchor: String, levels: Int, positions: [Int32]) -> String {
        var components = [anchor]
        if levels + 1 > 8 {
            components.append("…\(levels + 1 - 5) levels…")
            components += positions.prefix(4).reversed().map { "children[\($0)]" }
        } else {
            components += positions.reversed().map { "children[\($0)]" }
        }
        return components.joined(separator: "/")
    }

    /// The node's `type`, as written (empty when absent).
    public func type(of index: Int) -> String {
        let entry = nodes[index].typeEntry
        return entry >= 0 ? (document.string(Int(entry)) ?? "") : ""
    }

    /// Where a diagnostic about this node sits: its hitInsets, hitSlop or frame
    /// value, else its first key.
    public func anchorSpan(of index: Int) -> SourceSpan {
        let node = nodes[index]
        for entry in [node.hitInsetsEntry, node.hitSlopEntry, node.frameEntry, node.sizeEntry] where entry >= 0 {
            return document.span(Int(entry))
        }
        return firstKeySpan(of: index)
    }

    /// The node's frame (or size) value, else its first key.
    public func frameSpan(of index: Int) -> SourceSpan {
        let node = nodes[index]
        for entry in [node.frameEntry, node.sizeEntry] where entry >= 0 {
            return document.span(Int(entry))
        }
        return firstKeySpan(of: index)
    }

    public func firstKeySpan(of index: Int) -> SourceSpan {
        let object = Int(nodes[index].objectEntry)
        guard object >= 0 else { return SourceSpan(start: 0, end: 0) }
        if document.next(object) > object + 1 { return document.span(object + 1) }
        return document.span(object)
    }

    /// Length in the file's units, for messages that talk about the file.
    public func fileLength(_ points: Double) -> Double { points / pointsPerUnit }
}
