/// The id of every rule, in one place, so stages before Rules can name them.
public enum RuleID {
    public static let targetSize = "target-size"
    public static let clippedHitArea = "clipped-hit-area"
    public static let clippedTarget = "clipped-target"
    public static let overlappingHitAreas = "overlapping-hit-areas"
    public static let occludedTarget = "occluded-target"
    public static let unreachableTarget = "unreachable-target"
    public static let deadGap = "dead-gap"
    public static let excessiveHitExpansion = "excessive-hit-expansion"
    public static let duplicateID = "duplicate-id"
    public static let unknownKey = "unknown-key"
    public static let unusedIgnore = "unused-ignore"
    public static let invalidLayout = "invalid-layout"
    public static let importNote = "import-note"
}
