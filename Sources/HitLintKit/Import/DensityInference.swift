/// The screen density of an Android capture that does not record it, worked
/// out from views whose size in dp the platform fixes: the status bar (24 dp,
/// taller on screens with a display cutout), the navigation bar (48 dp with
/// three buttons, a thin strip with gesture navigation) and the app bar
/// (Material: 56 dp on a phone in portrait, 48 dp in landscape, 64 dp on a
/// tablet), and an alert dialog's buttons (`android:id/button1` … `button3`,
/// 48 dp high in the platform's and AppCompat's dialogs: all a dialog
/// captured alone has). A density is taken only when the evidence is consistent: no view
/// contradicts it, at least one view measures exactly its fixed size there,
/// and no other density fits as well. Otherwise the importer falls back on
/// `ImportOptions.defaultAndroidScale` and says why.
struct DensityInference {
    enum Kind: String {
        case statusBar = "status bar"
        case navigationBar = "navigation bar"
        case appBar = "app bar"
        case dialogButton = "dialog button"
    }

    struct Evidence {
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

    private(set) var evidence: [Evidence] = []
    /// The screen in pixels (for orientation and the tablet test).
    let screenWidth: Double
    let screenHeight: Double

    init(screenWidth: Double, screenHeight: Double) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
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
    private enum Fit { case exact, allowed, contradicts }

    private func fit(_ item: Evidence, density: Double) -> Fit {
        let dp = item.pixels / density
        func near(_ size: Double) -> Bool { abs(dp - size) <= Self.tolerance }
        switch item.kind {
        case .statusBar:
            if near(24) { return .exact }
            return dp > 24 && dp <= 56 ? .allowed : .contradicts
        case .navigationBar:
            if near(48) { return .exact }
            return dp >= 10 && dp <= 32 ? .allowed : .contradicts
        case .dialogButton:
            return near(48) ? .exact : .contradicts
        case .appBar:
            let shortSide = min(screenWidth, screenHeight) / density
            let expected = shortSide >= 600 ? 64.0 : (screenHeight >= screenWidth ? 56.0 : 48.0)
            return near(expected) ? .exact : .contradicts
        }
    }

    /// The density the evidence agrees on, or nil (then `explanation` says why).
    var density: Double? {
        var best: (density: Double, exact: Int)?
        var tied = false
        for density in Self.densities {
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
    static func settle(given: Double?, recorded: Double?, inference: DensityInference,
                       fallback: (scale: Double, text: String) = (ImportOptions.defaultAndroidScale, ImportOptions.defaultDensityText))
        -> (scale: Double, note: String?, noteEntry: Int?) {
        if let given { return (given, nil, nil) }
        if let recorded { return (recorded, nil, nil) }
        if let inferred = inference.density {
            return (inferred, "the capture does not record the screen density: inferred \(DensityInference.describe(scale: inferred)) "
                    + "from \(inference.describe(at: inferred)); pass --scale to set it", inference.firstEntry)
        }
        let why = inference.evidence.isEmpty
            ? "nothing in it has a size the platform fixes"
            : "what it shows does not settle it (\(inference.describe(at: nil)))"
        return (fallback.scale, "the capture does not record the screen density, and \(why): assuming \(fallback.text); pass --scale to set it",
                inference.firstEntry)
    }
}
