/// What the picture of a file (`LayoutPicture`) draws for one of a rule's
/// findings, besides the numbered marker every finding gets: each rule
/// declares it in its description, so a new rule picks a drawing without the
/// picture naming it.
public enum FindingDrawing: Sendable, Equatable {
    /// The marker alone.
    case nothing
    /// The minimum-size square, centred on the target's largest reachable
    /// piece (its visible frame when nothing is reachable), so it shows where
    /// the square does not fit.
    case minimumSquare
    /// The strip between the node's gate and each related node's gate, where
    /// they face each other, labelled with its width.
    case gapToEachRelatedNode
}
