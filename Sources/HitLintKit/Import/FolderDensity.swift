/// The density a folder of captures settles: the captures of one run (a
/// DroidBot exploration, a test run) sit in one folder and come from one
/// device, so what each shows of its density (`DensityInference`) is evidence
/// for all of them. A state that shows no system bar (a dialog, a full-screen
/// page) then takes the density its siblings' bars settle, where alone it would
/// fall back on a default.
public struct SharedDensity: Sendable, Equatable {
    /// Pixels per dp.
    public var scale: Double
    /// The captures of the group (same folder, same screen width) with evidence,
    /// and how many of them measure a fixed size exactly at `scale`.
    public var captures: Int
    public var supporting: Int
    /// The screen's short side, in pixels.
    public var screenWidth: Double

    /// "the captures of a 1080 px wide screen in its folder: the system bars,
    /// app bars or dialog buttons of 120 of the 140 that show any measure
    /// their fixed sizes at it", completing "inferred from".
    var describe: String {
        let share = supporting == captures ? (captures == 1 ? "the one" : "all \(captures)") : "\(supporting) of the \(captures)"
        return "the captures of a \(formatLength(screenWidth)) px wide screen in its folder (one device): the system bars, "
            + "app bars or dialog buttons of \(share) that show any measure their fixed sizes at it"
    }
}

public enum FolderDensity {
    /// One capture: its folder, and what it shows of its density (nil when it
    /// is no Android capture, records its density, or could not be read).
    public struct Capture: Sendable {
        public var folder: String
        public var inference: DensityInference?

        public init(folder: String, inference: DensityInference?) {
            self.folder = folder
            self.inference = inference
        }
    }

    /// At most this share of a group's captures may contradict the density it
    /// settles (a window of another app, a transition caught half way): those
    /// keep their own.
    static let contradictingShare = 0.05

    /// The density each capture's group settles, or nil. A group is the
    /// captures of one folder with the same screen width (one device): each
    /// standard density the screen allows is supported by the captures whose
    /// views measure a fixed size exactly there and none contradicts, and
    /// contradicted by those with a view that cannot be one at it. The
    /// density most captures support is the group's, when few contradict it
    /// and no other is supported as often.
    public static func settle(_ captures: [Capture]) -> [SharedDensity?] {
        var groups: [GroupKey: [Int]] = [:]
        for (position, capture) in captures.enumerated() {
            guard let inference = capture.inference, let side = inference.boundingSide else { continue }
            groups[GroupKey(folder: capture.folder, side: side.rounded()), default: []].append(position)
        }
        var shared = [SharedDensity?](repeating: nil, count: captures.count)
        for (key, members) in groups {
            let inferences = members.compactMap { captures[$0].inference }
            let withEvidence = inferences.filter { !$0.evidence.isEmpty }
            guard !withEvidence.isEmpty else { continue }
            var best: (density: Double, supporting: Int)?
            var tied = false
            for density in DensityInference.densities where DensityInference.keepsWide(key.side, density) {
                var supporting = 0, contradicting = 0
                for inference in withEvidence {
                    let fits = inference.evidence.map { inference.fit($0, density: density) }
                    if fits.contains(.contradicts) {
                        contradicting += 1
                    } else if fits.contains(.exact) {
                        supporting += 1
                    }
                }
                guard supporting > 0, Double(contradicting) <= contradictingShare * Double(withEvidence.count) else { continue }
                if let current = best, current.supporting >= supporting {
                    if current.supporting == supporting { tied = true }
                    continue
                }
                best = (density, supporting)
                tied = false
            }
            guard let best, !tied else { continue }
            let density = SharedDensity(scale: best.density, captures: withEvidence.count, supporting: best.supporting,
                                        screenWidth: key.side)
            for member in members { shared[member] = density }
        }
        return shared
    }

    private struct GroupKey: Hashable {
        var folder: String
        var side: Double
    }
}

/// What an Android capture showed of its density and the density it was read
/// at, kept with its result (`LintResult.densityEvidence`) for the folder pass.
/// nil for a capture whose density was given (`--scale`) or recorded.
public struct DensityEvidence: Sendable {
    public var inference: DensityInference
    public var scale: Double

    /// Whether the capture, read at `scale`, should be read again at the
    /// folder's `shared` density: its own evidence admits it (as
    /// `DensityChoice.settle` takes it).
    func wants(_ shared: SharedDensity) -> Bool {
        shared.scale != scale && inference.admits(shared.scale)
    }
}
