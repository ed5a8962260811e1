/// A rule: its id, description, options and examples. Some are reported by
/// an earlier stage (syntax, layout, import, suppression); the rest are
/// `GeometryRule`s, which the geometry stage runs.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
}

/// A check over one file's geometry, run on every layout that was read.
public protocol GeometryRule: Rule {
    func check(_ context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public var description: RuleDescription { Self.description }
}

/// A geometry rule whose targets can be checked in parts, side by side
/// (`Linter.runRules`): on a large file one rule can take more than the others
/// together, and run whole on one thread it would leave the other cores
/// waiting for it. Each part finds what it can from its own targets; what
/// needs every part (a note that counts, targets that wait on all the
/// others) is left in its `Rest` and found once every part is done.
protocol PartedRule: GeometryRule {
    associatedtype Rest: Sendable
    /// The findings of the targets at `positions` of `context.regions` that
    /// need no other part, and what is left for `join`. `room`: how many
    /// findings to make room for at once.
    func check(_ context: RuleContext, positions: Range<Int>, room: Int) -> (diagnostics: [Diagnostic], rest: Rest)
    /// The findings that need every part's rest, given in the parts' order.
    func join(_ rests: [Rest], _ context: RuleContext) -> [Diagnostic]
}

extension PartedRule {
    /// All the targets as one part (a rule's `check`).
    func checkWhole(_ context: RuleContext) -> [Diagnostic] {
        // Room for a finding on every target and what the join adds.
        var (diagnostics, rest) = check(context, positions: context.regions.indices, room: context.regions.count + 1)
        diagnostics += join([rest], context)
        return diagnostics
    }

    /// The rule as `count` parts to run side by side, and the join to call
    /// once they are all done. The first part makes room for a finding on
    /// every target, so the other rules' findings can be added to its list
    /// rather than all of them copied into a new one.
    func parts(_ context: RuleContext, count: Int) -> (parts: [@Sendable () -> [Diagnostic]], join: () -> [Diagnostic]) {
        let targets = context.regions.count
        let rests = (0..<count).map { _ in PartRest<Rest>() }
        let parts = (0..<count).map { part in
            { @Sendable () -> [Diagnostic] in
                let positions = targets * part / count ..< targets * (part + 1) / count
                let (diagnostics, rest) = check(context, positions: positions, room: part == 0 ? targets + 1 : positions.count)
                rests[part].rest = rest
                return diagnostics
            }
        }
        return (parts, { join(rests.map { $0.rest! }, context) })
    }
}

/// What one part of a `PartedRule` left for the join: written by the thread
/// that ran the part, read once all the parts are done.
private final class PartRest<Rest: Sendable>: @unchecked Sendable {
    var rest: Rest?
}
