/// What is too small to count, once lengths have been through floating-point
/// arithmetic (unit conversion, insets, clipping): layouts are written to a
/// tenth of a point at the finest, so less than this is noise, not design.
/// Used only where noise would otherwise report something (a sliver of
/// overlap, an edge 1e-13 beyond its parent), never to pass a size or a
/// spacing that the minimum decides (23.96 px is not 24).
public enum Tolerance {
    /// A length, in points: two edges closer than this are the same edge.
    public static let length = 0.05
    /// An area, in square points: a piece smaller than this is no piece.
    public static let area = 0.05
}
