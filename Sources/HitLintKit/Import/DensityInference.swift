/// The screen density of an Android capture that does not record it, worked
/// out from views whose size in dp the platform fixes: the status bar (24 dp,
/// 25 dp before Android 6, taller on screens with a display cutout), the
/// navigation bar (48 dp with three buttons, a thin strip with gesture
/// navigation) and the app bar (Material: 56 dp on a phone in portrait, 48 dp
/// in landscape, 64 dp on a tablet), and an alert dialog's buttons
/// (`android:id/button1` … `button3`, 48 dp high in the platform's and
/// AppCompat's dialogs: all a dialog captured alone has). A density is taken
/// only when the evidence is consistent: no view contradicts it, at least one
/// view measures exactly its fixed size there, and no other density fits as
/// well. The app bar is the app's to draw (a title bar of its own height is
/// common): it supports a density it fits, and contradicts none. No density
/// makes a whole screen narrower than 320 dp, the narrowest Android allows
/// (the CDD's smallest screen, 320×426 dp). Otherwise the importer falls back
/// on `ImportOptions.defaultAndroidScale`, or the largest standard density
/// that keeps the screen 320 dp wide, and says why.
///
/// Captures of one device (one DroidBot run, one test run in one folder)
/// share their density: `FolderDensity` pools their evidence, and a capture
/// that shows too little takes the density its folder settles.
public struct DensityInference: Sendable {
    enum Kind: String, Sendable {
        case statusBar = "status bar"
        case navigationBar = "navigation bar"
        case appBar = "app bar"
        case dialogButton = "dialog button"
    }

    struct Evidence: Sendable {
        var kind: Kind
        /// The view's height in pixels.
        var pixels: Double
        var entry: Int
    }

    /// Android's density buckets, as scale factors (dpi / 160): ldpi … xxxhdpi
    /// and the in-between densities phones ship with (420, 440 and 560 dpi).
    static let densities: [Double] = [120, 160, 213, 240, 280, 320, 360, 400, 420, 440, 480, 560, 640].map { $0 / 160 }

    /// How far (in dp) a measured size may be from the fixed one and still be it:
    /// bounds are whole pixels, so a size in dp is off by up to a pixel.
    static let tolerance = 0.75

    /// The narrowest screen a density may make, in dp: Android's compatibility
    /// definition allows no smaller (320×426 dp, "small"); a density that
    /// makes a 1080 px screen 308 dp wide is not the device's.
    static let narrowestScreen = 320.0

    /// The standard density buckets (mdpi … xxxhdpi), what an unsettled
    /// screen too narrow for the default density falls back on.
    static let standardDensities: [Double] = [1, 1.5, 2, 3, 4]

    private(set) var evidence: [Evidence] = []
    /// The screen in pixels (for orientation, the tablet test and the narrowest screen).
    let screenWidth: Double
    let screenHeight: Double
    /// Whether the screen is the device's whole screen, not the least that
    /// holds a window captured alone (`Screen.isWhole`): only then does its
    /// width bound the density.
    let screenIsWhole: Bool

    init(screenWidth: Double, screenHeight: Double, screenIsWhole: Bool = true) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenIsWhole = screenIsWhole
    }

    /// The screen's short side in pixels, when it bounds the density.
    var boundingSide: Double? {
        let side = min(screenWidth, screenHeight)
        return screenIsWhole && side > 0 ? side : nil
    }

    /// Whether `density` keeps the screen at least `narrowestScreen` wide.
    func keepsScreenWide(_ density: Double) -> Bool {
        Self.keepsWide(boundingSide, density)
    }

    static func keepsWide(_ side: Double?, _ density: Double) -> Bool {
        guard let side else { return true }
        // Half a dp of slack: a 1080 px screen at 3.375 is 320 dp exactly.
        return side / density >= narrowestScreen - 0.5
    }

    /// The density to assume when nothing settles it: `preferred` (the
    /// format's default), unless it makes the screen too narrow, then the
    /// largest standard density that does not (a 720 px screen is 360 dp at
    /// 2.0, not 274 dp at 2.625).
    static func fallback(_ preferred: Double, side: Double?) -> Double {
        if keepsWide(side, preferred) { return preferred }
        return standardDensities.last { keepsWide(side, $0) } ?? standardDensities[0]
    }

    /// Records a view when it is one of the kinds above: `entryName` is its
    /// resource id without the package (`statusBarBackground`, `action_bar`),
    /// `simpleClass` its class without the package; `frame` in pixels.
    mutating func consider(entryName: Substring, simpleClass: Substring, frame: Rect, entry: Int) {
        guard frame.height > 0, screenWidth > 0 else { return }
        let kind: Kind
        if entryName == "button1" || entryName == "button2" || entryName == "button3" {
            kind = .dialogButton
        } else if abs(frame.width - screenWidth) > 2 {
            return
        } else if entryName == "statusBarBackground" {
            guard frame.minY <= 1 else { return }
            kind = .statusBar
        } else if entryName == "navigationBarBackground" {
            kind = .navigationBar
        } else if entryName == "action_bar" || entryName == "toolbar" || simpleClass.hasSuffix("Toolbar") {
            // An app bar, not a collapsing header that holds one.
            guard frame.height <= screenHeight / 6 else { return }
            kind = .appBar
        } else {
            return
        }
        // The first of each kind: a screen has one status bar, and the first
        // app bar is the screen's own.
        if !evidence.contains(where: { $0.kind == kind }) {
            evidence.append(Evidence(kind: kind, pixels: frame.height, entry: entry))
        }
    }

    /// How one view fits a density: its fixed size exactly, a size its kind
    /// may also have, or neither (it contradicts that density).
    enum Fit { case exact, allowed, contradicts }

    func fit(_ item: Evidence, density: Double) -> Fit {
        let dp = item.pixels / density
        func near(_ size: Double) -> Bool { abs(dp - size) <= Self.tolerance }
        switch item.kind {
        case .statusBar:
            // 25 dp up to Android 5.1, 24 dp since.
            if near(24) || near(25) { return .exact }
            return dp > 24 && dp <= 56 ? .allowed : .contradicts
        case .navigationBar:
            if near(48) { return .exact }
            return dp >= 10 && dp <= 32 ? .allowed : .contradicts
        case .dialogButton:
            return near(48) ? .exact : .contradicts
        case .appBar:
            // The app's own title bar may have any height: it only supports.
            let shortSide = min(screenWidth, screenHeight) / density
            let expected = shortSide >= 600 ? 64.0 : (screenHeight >= screenWidth ? 56.0 : 48.0)
            return near(expected) ? .exact : .allowed
        }
    }

    /// Whether the capture's own evidence allows `density`: nothing contradicts
    /// it and it keeps the screen wide enough.
    func admits(_ density: Double) -> Bool {
        keepsScreenWide(density) && !evidence.contains { fit($0, density: density) == .contradicts }
    }

    /// The density the evidence agrees on, or nil (then `explanation` says why).
    var density: Double? {
        var best: (density: Double, exact: Int)?
        var tied = false
        for density in Self.densities where keepsScreenWide(density) {
            let fits = evidence.map { fit($0, density: density) }
            guard !fits.contains(where: { if case .contradicts = $0 { return true } else { return false } }) else { continue }
            let exact = fits.filter { if case .exact = $0 { return true } else { return false } }.count
            guard exact > 0 else { continue }
            if let current = best, current.exact >= exact {
                if current.exact == exact { tied = true }
                continue
            }
            best = (density, exact)
            tied = false
        }
        return tied ? nil : best?.density
    }

    /// "status bar 72 px = 24 dp, app bar 168 px = 56 dp" at `density`, or the
    /// measured sizes in pixels when there is none.
    func describe(at density: Double?) -> String {
        englishList(evidence.map { item in
            let pixels = "\(item.kind.rawValue) \(formatLength(item.pixels)) px"
            guard let density else { return pixels }
            return "\(pixels) = \(formatLength(item.pixels / density)) dp"
        })
    }

    /// Where the note about the density goes: the first view that told it.
    var firstEntry: Int? { evidence.first?.entry }

    /// "3 px per dp (480 dpi)".
    static func describe(scale: Double) -> String {
        // Densities have up to five decimals (213 dpi is 1.33125): written in full.
        let text = scale == scale.rounded() && abs(scale) < 1e6 ? String(Int(scale)) : "\(scale)"
        return "\(text) px per dp (\(formatLength((scale * 160).rounded())) dpi)"
    }
}

/// How an Android importer settles the density: `--scale`, else a density the
/// file records, else inferred from the capture, else the default (the
/// format's, when it comes from one device, as RICO's); the note to write, if
/// any, comes with it.
enum DensityChoice {
    /// `shared`: the density the capture's folder settles (`FolderDensity`),
    /// taken when the capture's own evidence admits it.
    static func settle(given: Double?, recorded: Double?, inference: DensityInference,
                       fallback: (scale: Double, text: String) = (ImportOptions.defaultAndroidScale, ImportOptions.defaultDensityText),
                       shared: SharedDensity? = nil)
        -> (scale: Double, note: String?, noteEntry: Int?) {
        if let given { return (given, nil, nil) }
        if let recorded { return (recorded, nil, nil) }
        let own = inference.density
        // The folder's evidence is many captures' where this one has a few
        // views: it wins wherever this capture does not contradict it.
        if let shared, own != shared.scale, inference.admits(shared.scale) {
            return (shared.scale, "the capture does not record the screen density: \(DensityInference.describe(scale: shared.scale)), "
                    + "inferred from \(shared.describe); pass --scale to set it", inference.firstEntry)
        }
        if let inferred = own {
            return (inferred, "the capture does not record the screen density: inferred \(DensityInference.describe(scale: inferred)) "
                    + "from \(inference.describe(at: inferred)); pass --scale to set it", inference.firstEntry)
        }
        let why = inference.evidence.isEmpty
            ? "nothing in it has a size the platform fixes"
            : "what it shows does not settle it (\(inference.describe(at: nil)))"
        let scale = DensityInference.fallback(fallback.scale, side: inference.boundingSide)
        let text = scale == fallback.scale ? fallback.text
            : "\(DensityInference.describe(scale: scale)), the largest standard density that keeps its \(formatLength(inference.boundingSide ?? 0)) px screen "
                + "\(formatLength(DensityInference.narrowestScreen)) dp wide"
        return (scale, "the capture does not record the screen density, and \(why): assuming \(text); pass --scale to set it",
                inference.firstEntry)
    }
}
