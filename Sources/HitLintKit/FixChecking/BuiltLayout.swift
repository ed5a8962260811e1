extension Linter {
    /// A layout file as built, before any rule ran: what checking a fix that
    /// only changes hit insets starts from instead of parsing the edited file.
    struct BuiltLayout {
        let layout: Layout
        /// What reading the file found (unknown keys, duplicate ids): the
        /// same for the edited file, whose edits only change hit insets.
        let diagnostics: [Diagnostic]
        /// The layout's geometry, target regions and their footprints: a
        /// changed layout's regions are worked out again only where its
        /// changes reach (`Geometry.targetRegions(updating:of:footprints:jobs:)`).
        let geometry: Geometry
        let regions: [TargetRegion]
        let footprints: TargetFootprints
    }

    /// The diagnostics a lint of the edited file would give, found on the
    /// built layout with the fixes' hit insets given to its nodes as the
    /// edited file reads them (`HitAreaChange.readBack`, which every change
    /// must have). `checking`: only the findings of these nodes are wanted
    /// (nil: all). A layout with `ignore` entries is checked whole: whether an
    /// entry is used depends on the findings of its node's whole subtree.
    /// `changes`: each fix's list as the fix holds it, not copied into one.
    func lint(_ built: BuiltLayout, changing changes: [[HitAreaChange]], checking: [Int32]? = nil) -> [Diagnostic] {
        var layout = built.layout
        var changed: [Int] = []
        changed.reserveCapacity(changes.reduce(0) { $0 + $1.count })
        for fixChanges in changes {
            for change in fixChanges {
                guard let readBack = change.readBack else { preconditionFailure("a change without the insets it reads back") }
                let index = Int(change.node)
                var node = layout.nodes[index]
                let slot = node.extrasIndex
                layout.setExtras(of: &node, hitInsets: readBack.applied(to: layout.hitInsets(of: index)))
                // Written back only when the node got its first extras: the node
                // table is shared with the layout as built, and one write copies
                // all of it, for every checking lint.
                if node.extrasIndex != slot { layout.nodes[index] = node }
                changed.append(index)
            }
        }
        return lintLayout(layout, built.diagnostics, kind: .hitlint, changedFrom: built, changing: changed,
                          checking: layout.ignores.isEmpty ? checking : nil).diagnostics
    }
}

extension Linter.BuiltLayout {
    /// The same layout with an extras slot (`LayoutNode.extrasIndex`) for
    /// every node these diagnostics' fixes give new hit insets and that has
    /// none, each holding what a node without a slot reads (no insets, alpha
    /// 1, no corner radius): the layout reads as before, and a checking lint
    /// then writes its insets into the slot instead of giving the node one,
    /// which would copy the whole node table (shared with this layout) for
    /// every lint. The table is copied here, once, when a slot is missing.
    func withExtrasSlots(for diagnostics: [Diagnostic]) -> Linter.BuiltLayout {
        var layout = self.layout
        // By index: a diagnostic taken by value is a copy, a reference counted
        // for each of its strings and lists.
        for index in diagnostics.indices where !(diagnostics[index].fix?.edits.isEmpty ?? true) {
            for change in diagnostics[index].fix!.hitAreaChanges where change.readBack != nil {
                let changed = Int(change.node)
                guard layout.nodes[changed].extrasIndex < 0 else { continue }
                var node = layout.nodes[changed]
                layout.setExtras(of: &node)
                layout.nodes[changed] = node
            }
        }
        // The geometry reads its nodes from the layout with the slots, which
        // read as before: the layout as built is then held by nothing here.
        return Linter.BuiltLayout(layout: layout, diagnostics: self.diagnostics, geometry: geometry.rebased(to: layout),
                                  regions: regions, footprints: footprints)
    }

    /// A built layout with its geometry and regions worked out here (as the
    /// lint that builds it works them out).
    init(layout: Layout, diagnostics: [Diagnostic]) {
        let geometry = Geometry(layout: layout)
        self.init(layout: layout, diagnostics: diagnostics, geometry: geometry, regions: geometry.targetRegions(),
                  footprints: TargetFootprints(geometry))
    }
}
