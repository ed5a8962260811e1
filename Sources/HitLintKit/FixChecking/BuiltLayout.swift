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
        /// changes reach (`Geometry.updateRegions`).
        let geometry: Geometry
        let regions: [TargetRegion]
        let footprints: TargetFootprints
    }

    /// The layout as built that fix checking lints again and again, each time
    /// with one set of fixes' hit insets given to its nodes. Each lint changes
    /// the layout's insets, gates, grid and target regions in place, where
    /// the insets reach, and puts them back when it is done (regions worked
    /// out afresh are let go of, and worked out again by the next lint): the
    /// tables are held once, not copied for every lint beside the run's findings.
    final class CheckedLayout {
        private(set) var geometry: Geometry
        private var regions: [TargetRegion]
        private let footprints: TargetFootprints
        /// What reading the file found (unknown keys, duplicate ids): the
        /// same for the edited file, whose edits only change hit insets.
        private let diagnostics: [Diagnostic]
        /// Set when the last lint worked every region out afresh and let
        /// the regions as built go: the next lint works them out again
        /// first, and the last lint of a file (most often its only one)
        /// leaves them unmade.
        private var regionsToWorkOut: Geometry.RegionsToWorkOut?

        /// `built`: with an extras slot for every node a fix gives insets
        /// (`BuiltLayout.withExtrasSlots(for:)`), held by nothing else, or
        /// the first lint copies its tables.
        init(_ built: consuming BuiltLayout) {
            (geometry, regions, footprints, diagnostics) = (built.geometry, built.regions, built.footprints, built.diagnostics)
        }

        /// The layout as built (between lints).
        var layout: Layout { geometry.layout }

        /// A lint giving insets to at least one node in this many targets
        /// works its regions out afresh where the regions as built were let
        /// go of: it moves gates (theirs and their subviews') of about a
        /// quarter of the targets, and updating that many regions costs
        /// about what working every one out does.
        static let afreshFrom = 8

        /// The regions as built (between lints; tests).
        func regionsAsBuilt() -> [TargetRegion] {
            workOutRegionsLetGo()
            return regions
        }

        private func workOutRegionsLetGo() {
            guard let pending = regionsToWorkOut else { return }
            regions = pending.workOut(&geometry)
            regionsToWorkOut = nil
        }

        /// The diagnostics a lint of the edited file would give (in the order
        /// found, not sorted for a report), found with the fixes' hit insets
        /// given to the nodes as the edited file reads them
        /// (`HitAreaChange.readBack`, which every change must have).
        /// `fixes`: their changes read where each fix holds them, not copied
        /// into one list. `checking`: only the findings of these nodes are wanted (nil:
        /// all). A layout with `ignore` entries is checked whole: whether an
        /// entry is used depends on the findings of its node's whole subtree.
        func lint(with linter: Linter, changing fixes: [Fix], checking: [Int32]? = nil) -> [Diagnostic] {
            let changeCount = fixes.reduce(0) { count, fix in count + fix.withHitAreaChanges(\.count) }
            // Where the last lint let the regions as built go, one that
            // changes many insets works its own out afresh: working those out
            // again (a grid and every region) to update most would cost more.
            let afresh = regionsToWorkOut != nil && changeCount * Self.afreshFrom >= geometry.targets.count
            if !afresh { workOutRegionsLetGo() }
            var insets = Geometry.InsetChanges(expecting: changeCount)
            for fix in fixes {
                fix.withHitAreaChanges { changes in
                    for change in changes {
                        guard let readBack = change.readBack else { preconditionFailure("a change without the insets it reads back") }
                        let index = Int(change.node)
                        geometry.setHitInsets(of: index, to: readBack.applied(to: geometry.layout.hitInsets(of: index)), recording: &insets)
                    }
                }
            }
            let checking = geometry.layout.ignores.isEmpty ? checking : nil
            let jobs = RuleContext.regionJobs(geometry.layout, linter.options)
            let found: [Diagnostic]
            let replaced: Geometry.RegionChanges
            // The geometry linted is let go of with this block, before the
            // insets are put back: held, it would make them copy its tables.
            do {
                let worked: Geometry
                if geometry.updateGates(&insets) {
                    worked = geometry
                    replaced = afresh ? worked.regionsAfresh(&regions, jobs: jobs)
                        : worked.updateRegions(&regions, after: insets, footprints: footprints, jobs: jobs)
                } else {
                    // Gates the geometry does not update (rounded corners on
                    // the web, web content in a native layout): built anew.
                    worked = Geometry(layout: geometry.layout)
                    replaced = afresh ? worked.regionsAfresh(&regions, jobs: jobs)
                        : worked.updateRegions(&regions, since: geometry, footprints: footprints, jobs: jobs)
                }
                found = linter.lintLayout(worked.layout, diagnostics, kind: .hitlint, worked: (worked, regions),
                                          checking: checking).diagnostics
            }
            geometry.restore(insets)
            regionsToWorkOut = replaced.restore(&regions)
            return found
        }
    }
}

extension Linter.BuiltLayout {
    /// The same layout with an extras slot (`LayoutNode.extrasIndex`) for
    /// every node these diagnostics' fixes give new hit insets and that has
    /// none, each holding what a node without a slot reads (no insets, alpha
    /// 1, no corner radius): the layout reads as before, and a checking lint
    /// then writes its insets into the slot instead of giving the node one,
    /// which would copy the whole node table (shared with this layout) for
    /// every lint. Consumed: where nothing else holds the layout, its tables
    /// are given their slots where they are; otherwise they are copied here,
    /// once, when a slot is missing.
    consuming func withExtrasSlots(for diagnostics: [Diagnostic]) -> Linter.BuiltLayout {
        var layout = self.layout
        var geometry = self.geometry
        let (found, regions, footprints) = (self.diagnostics, self.regions, self.footprints)
        // The geometry's hold on the layout let go of too, until it is rebased below.
        _ = consume self
        geometry.letGoOfLayout()
        // By index: a diagnostic taken by value is a copy, a reference counted
        // for each of its strings and lists.
        for index in diagnostics.indices where diagnostics[index].fix?.hasEdits == true {
            diagnostics[index].fix!.withHitAreaChanges { changes in
                for change in changes where change.readBack != nil {
                    let changed = Int(change.node)
                    guard layout.nodes[changed].extrasIndex < 0 else { continue }
                    var node = layout.nodes[changed]
                    layout.setExtras(of: &node)
                    layout.nodes[changed] = node
                }
            }
        }
        // The geometry reads its nodes from the layout with the slots, which
        // read as before: the layout as built is then held by nothing here.
        return Linter.BuiltLayout(layout: layout, diagnostics: found, geometry: geometry.rebased(to: layout),
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
