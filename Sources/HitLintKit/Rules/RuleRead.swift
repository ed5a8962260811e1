/// Something a rule reads to decide what it reports on a node, declared in
/// its description (`RuleDescription.reads`). Fix checking reads the
/// declarations, never the rules: a fix only gives nodes new hit insets, and
/// what each rule reads says whose findings that can change (`FixReach`). A
/// rule that reads more than it declares is caught by `RuleReadTests`, which
/// changes nodes outside a rule's declared reads and checks that its findings
/// stay as they were.
///
/// Only targets have findings of their own (and `unused-ignore`'s holders of
/// `ignore` entries), so what a change reaches is counted in targets.
public enum RuleRead: Sendable {
    /// The node's own values: its frame, hit insets and flags. A change to a
    /// node reaches the node itself.
    case node
    /// Its ancestors' hit regions, which cut its hit area (its gate, and
    /// which ancestor clips it). A change to a node reaches the targets
    /// below it.
    case ancestors
    /// Its reachable region: what answers over its footprint (its gate and
    /// its descendants' gates: on the web a child that does not clip answers
    /// for it outside its own gate), in front of it or inside it, and whether
    /// it is in play at all. A change reaches the targets whose footprints
    /// meet the gates it changes, and the targets above the changed node
    /// (whose footprints hold its gate).
    case region
    /// Targets whose footprints lie within a distance of its own, and what
    /// answers between them (dead-gap's neighbours, the spacing exception's
    /// circles). A change reaches the targets within that distance of the
    /// gates it changes, or of the footprint of a target whose region it
    /// changes (a long neighbour that stops answering far away).
    case neighbours(within: NeighbourDistance)
    /// The findings of the node's subtree (whether an `ignore` entry is
    /// used). A change reaches the holders of `ignore` entries above every
    /// node it reaches.
    case findingsBelow
}

/// How far a rule looks from a target to its neighbours in one file, in
/// points: nil where it does not look (the spacing exception is off).
public struct NeighbourDistance: Sendable {
    public let points: @Sendable (RuleContext) -> Double?

    public init(_ points: @escaping @Sendable (RuleContext) -> Double?) {
        self.points = points
    }
}

extension RuleDescription {
    /// Whether the rule reads its neighbours, and how far for this file.
    func neighbourDistance(in context: RuleContext) -> Double? {
        var farthest: Double?
        for read in reads {
            if case .neighbours(let within) = read, let points = within.points(context) {
                farthest = max(farthest ?? points, points)
            }
        }
        return farthest
    }

    func readsAny(_ wanted: (RuleRead) -> Bool) -> Bool { reads.contains(where: wanted) }
}
