/// Geometry shared by the rules' fixes: where a hit area can grow, and the
/// insets that give a node a wanted hit rect.
extension RuleContext {
    /// Whether fixes may edit this node's hit area: in pointer mode a node with
    /// its own `pointerInsets` is checked on those, which fixes do not write.
    func canEditHitArea(of node: Int) -> Bool {
        !(geometry.modality == .pointer && layout.nodes[node].hasPointerInsets)
    }

    /// The hit insets (points, UIKit convention) that make the node's hit rect
    /// reach `rect` on every side where `rect` goes beyond `current`; other sides
    /// keep their insets.
    func insets(of node: Int, reaching rect: Rect, beyond current: Rect) -> EdgeInsets {
        let frame = geometry.frame(node)
        var insets = geometry.insets(of: node)
        if rect.minX < current.minX - 1e-9 { insets.left = rect.minX - frame.minX }
        if rect.minY < current.minY - 1e-9 { insets.top = rect.minY - frame.minY }
        if rect.maxX > current.maxX + 1e-9 { insets.right = frame.maxX - rect.maxX }
        if rect.maxY > current.maxY + 1e-9 { insets.bottom = frame.maxY - rect.maxY }
        return insets
    }

    /// The fix that gives each node its new hit insets, described by
    /// `description`; when fixes are not written (`RunSettings.writesFixes`),
    /// only whether it would change the file, so neither text nor edits are made.
    /// `description` is handed how each node's insets then read ("hitInsets
    /// -7", `describe`), as the edits write them, and the context rather than
    /// capturing it (a captured context is copied, a reference counted for
    /// each of its tables).
    func insetsFix(_ changes: [(node: Int, insets: EdgeInsets)], description: (RuleContext, _ reads: [String]) -> String) -> Fix {
        if layout.interfaceBuilder != nil {
            // An Interface Builder document has no hit insets to edit: a hit
            // area is set in the app's code, so the fix is advice that says so.
            return advice { context in
                description(context, changes.map { context.codeHitAreaChange(of: $0.node, to: $0.insets) }) + " (in code: point(inside:with:))"
            }
        }
        guard options.run.writesFixes else {
            return .unwritten(changesFile: changes.contains { editor.changesHitInsets(of: $0.node, to: $0.insets) })
        }
        // Made large enough once: a fix of two nodes (a dead gap's) would grow each list twice.
        var edits: [TextEdit] = []
        edits.reserveCapacity(changes.count)
        var reads: [String] = []
        reads.reserveCapacity(changes.count)
        var hitAreaChanges: [HitAreaChange] = []
        hitAreaChanges.reserveCapacity(changes.count)
        for change in changes {
            let written = editor.setHitInsetsReadingBack(of: change.node, to: change.insets)
            edits += written.edits
            reads.append(written.reads)
            hitAreaChanges.append(HitAreaChange(node: change.node, insets: change.insets, readBack: written.readBack))
        }
        return Fix(description: description(self, reads), edits: edits, hitAreaChanges: hitAreaChanges)
    }

    /// A fix that edits nothing and only advises, in `text`: made only when
    /// fixes are written (`RunSettings.writesFixes`), as nothing reads them
    /// otherwise (a text report that shows no fix counts the fixes that
    /// edit). `text` is handed the context, as `insetsFix`'s description is.
    func advice(_ text: (RuleContext) -> String) -> Fix {
        options.run.writesFixes ? Fix(description: text(self), edits: []) : .unwritten(changesFile: false)
    }

    /// "hit area 10 pt larger on every side", "hit area 4 pt larger on the
    /// right": a node's new hit insets as a change made in code.
    func codeHitAreaChange(of node: Int, to insets: EdgeInsets) -> String {
        let current = geometry.insets(of: node)
        var grown: [(amount: Double, places: [String])] = []
        for side in [Side.left, .right, .top, .bottom] {
            let amount = current[side] - insets[side]
            guard abs(amount) > 1e-9 else { continue }
            if let position = grown.firstIndex(where: { abs($0.amount - amount) < 1e-9 }) {
                grown[position].places.append(side.name)
            } else {
                grown.append((amount, [side.name]))
            }
        }
        if grown.count == 1, grown[0].places.count == 4 {
            return "hit area \(formatLength(abs(grown[0].amount))) \(threshold.unitName) \(grown[0].amount > 0 ? "larger" : "smaller") on every side"
        }
        let parts = grown.map { part -> String in
            let sides = part.places.count == 1 ? "the \(part.places[0])" : englishList(part.places.map { "the \($0)" })
            return "\(formatLength(abs(part.amount))) \(threshold.unitName) \(part.amount > 0 ? "larger" : "smaller") on \(sides)"
        }
        return "hit area " + englishList(parts)
    }

    /// "raise its width constraint 'irP-cR-v8k' from 24 to 44 pt": how an
    /// Interface Builder view is made `width`×`height`, naming the constraints
    /// that set its size where it has them; nil when it is that size already.
    func constraintAdvice(of node: Int, width: Double, height: Double) -> String? {
        let frame = geometry.frame(node)
        let constraints = layout.interfaceBuilder?.sizeConstraints[Int32(node)]
        var parts: [String] = []
        for (dimension, now, wanted, constraint) in [("width", frame.width, width, constraints?.width),
                                                      ("height", frame.height, height, constraints?.height)] where wanted > now + 1e-9 {
            if let constraint {
                parts.append("its \(dimension) constraint '\(constraint.id)' from \(formatLength(constraint.constant)) to \(formatLength(wanted)) \(threshold.unitName)")
            } else {
                parts.append("its \(dimension) from \(formatLength(now)) to \(formatLength(wanted)) \(threshold.unitName)")
            }
        }
        return parts.isEmpty ? nil : "raise " + englishList(parts)
    }

    /// "'prev' hitInsets -7 and 'next' hitInsets [0, -7, 0, 0]": the changes,
    /// as a fix describes them, given how each node's insets then read, after
    /// `prefix` (written into bytes made large enough once: every fix of
    /// a first run on a file full of findings is described).
    func describe(_ changes: [(node: Int, insets: EdgeInsets)], reading reads: [String], after prefix: String = "") -> String {
        let names = changes.map { name($0.node) }
        var text = ByteWriter(capacity: zip(names, reads).reduce(prefix.utf8.count) { $0 + $1.0.utf8.count + $1.1.utf8.count + 8 })
        text += prefix
        for (position, (name, read)) in zip(names, reads).enumerated() {
            // As `englishList`: "a", "a and b", "a, b and c".
            if position > 0 { text += position == names.count - 1 ? " and " : ", " }
            text += "'"
            text += name
            text += "' "
            text += read
        }
        return text.string
    }

    /// Rects a target must not grow into: what answers for another target (any
    /// z-order: overlapping hit areas are a problem either way) and what would
    /// swallow touches in front of it.
    func obstacles(around target: Int, within area: Rect, marks: inout VisitMarks) -> [(node: Int, rect: Rect)] {
        var found: [(node: Int, rect: Rect)] = []
        found.reserveCapacity(16)
        geometry.answerIndex.forEachCandidate(in: area, seen: &marks) { node in
            guard node != target, !layout.isAncestor(node, of: target) else { return }
            let owner = geometry.resolvedTarget(node)
            if owner == target { return }
            if owner == nil, node < target { return }  // behind the target: it loses there
            let rect = geometry.gates[node]
            if rect.intersects(area) { found.append((node, rect)) }
        }
        return found
    }
}
