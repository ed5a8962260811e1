/// Minimum target sizes by platform guideline (SPEC §4).
public struct Profile: Sendable, Equatable {
    public var name: String
    public var touchMinimum: Double
    public var pointerMinimum: Double
    /// The unit the guideline speaks in (pt, dp, px); all are points here.
    public var unitName: String
    /// WCAG 2.2 SC 2.5.8's spacing exception applies.
    public var spacingException: Bool
    /// WCAG's inline exception applies (SC 2.5.8 and 2.5.5): a target in a
    /// sentence, whose size the line of text around it decides, is not checked.
    public var inlineException: Bool
    /// The smaller minimum for a dimension in which the target touches the
    /// screen's edge, where the guideline has one: Android's Accessibility Test
    /// Framework asks 32 dp there (a thumb at the edge of the glass cannot
    /// overshoot it), which the standard ⋮ overflow button (40×48 dp) meets.
    public var edgeMinimum: Double?
    /// Sizes are rounded to whole units before they are compared, as the
    /// guideline's own checker does (ATF rounds dp: 47.67 dp passes 48).
    public var roundsToWholeUnits: Bool

    public init(name: String, touchMinimum: Double, pointerMinimum: Double, unitName: String, spacingException: Bool,
                inlineException: Bool = false, edgeMinimum: Double? = nil, roundsToWholeUnits: Bool = false) {
        self.name = name
        self.touchMinimum = touchMinimum
        self.pointerMinimum = pointerMinimum
        self.unitName = unitName
        self.spacingException = spacingException
        self.inlineException = inlineException
        self.edgeMinimum = edgeMinimum
        self.roundsToWholeUnits = roundsToWholeUnits
    }

    public static let all: [Profile] = [
        Profile(name: "ios", touchMinimum: 44, pointerMinimum: 28, unitName: "pt", spacingException: false),
        Profile(name: "macos", touchMinimum: 28, pointerMinimum: 20, unitName: "pt", spacingException: false),
        Profile(name: "tvos", touchMinimum: 66, pointerMinimum: 56, unitName: "pt", spacingException: false),
        Profile(name: "visionos", touchMinimum: 60, pointerMinimum: 28, unitName: "pt", spacingException: false),
        Profile(name: "android", touchMinimum: 48, pointerMinimum: 48, unitName: "dp", spacingException: false,
                edgeMinimum: 32, roundsToWholeUnits: true),
        Profile(name: "wcag-aa", touchMinimum: 24, pointerMinimum: 24, unitName: "px", spacingException: true,
                inlineException: true),
        Profile(name: "wcag-aaa", touchMinimum: 44, pointerMinimum: 44, unitName: "px", spacingException: false,
                inlineException: true),
    ]

    public static func named(_ name: String) -> Profile? {
        all.first { $0.name == name.lowercased() }
    }

    /// The profile a file gets when none is chosen: the one of its platform.
    public static func `default`(for platform: Platform) -> Profile {
        switch platform {
        case .uikit: return named("ios")!
        case .android: return named("android")!
        case .web: return named("wcag-aa")!
        }
    }
}

/// A length with its unit, as written on the command line or in config: `44pt`, `9mm`.
public struct Length: Sendable, Equatable, CustomStringConvertible {
    public var value: Double
    public var unit: LengthUnit

    /// What a length must look like, for messages that refuse one.
    public static let expected = "a positive length with a unit: pt, dp, px or mm (44pt, 48dp, 24px, 9mm)"

    /// Parses `44pt`, `48dp`, `24px`, `9mm`, `7.5 mm`: a positive decimal
    /// number (digits and at most one point: no sign, exponent or hexadecimal,
    /// which `Double` would take) and its unit. A bare number is refused: the
    /// same threshold means 44 pt, 44 px or 44 dp depending on who wrote it.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        guard let unit = LengthUnit.allCases.first(where: { trimmed.lowercased().hasSuffix($0.rawValue) }) else { return nil }
        let number = String(trimmed.dropLast(unit.rawValue.count)).trimmingWhitespace()
        var digits = 0
        var points = 0
        for byte in number.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(number), value.isFinite, value > 0 else { return nil }
        self.value = value
        self.unit = unit
    }

    public init(value: Double, unit: LengthUnit) {
        self.value = value
        self.unit = unit
    }

    /// In points for a file: px by the file's scale, mm by its device.
    public func points(in layout: Layout) -> Double {
        switch unit {
        case .pt, .dp: return value
        case .px: return value / layout.scale
        case .mm: return value * layout.device.pointsPerInch / 25.4
        }
    }

    public var description: String { "\(formatLength(value)) \(unit.rawValue)" }
}

/// The minimum in force for one file, with how to name it in messages.
public struct SizeThreshold: Sendable {
    public let minimum: Double
    public let unitName: String
    /// "ios", "android", "9 mm", "ios pointer".
    public let source: String
    /// "44×44 pt (ios)": written once, since every target-size message ends with it.
    public let text: String
    public var spacingException: Bool
    /// `Profile.inlineException`, `Profile.edgeMinimum`, `Profile.roundsToWholeUnits`.
    public var inlineException: Bool
    public var edgeMinimum: Double?
    public var roundsToWholeUnits: Bool

    public init(minimum: Double, unitName: String, source: String, spacingException: Bool, inlineException: Bool = false,
                edgeMinimum: Double? = nil, roundsToWholeUnits: Bool = false) {
        self.minimum = minimum
        self.unitName = unitName
        self.source = source
        text = "\(formatLength(minimum))×\(formatLength(minimum)) \(unitName) (\(source))"
        self.spacingException = spacingException
        self.inlineException = inlineException
        self.edgeMinimum = edgeMinimum
        self.roundsToWholeUnits = roundsToWholeUnits
    }

    /// "32×48 dp (android, at the screen's edge)" for a required width and
    /// height; `because` says why they are not the minimum, when it is not the
    /// screen's edge ("UISwitch's own size").
    public func text(width: Double, height: Double, because: String? = nil) -> String {
        guard width != minimum || height != minimum else { return text }
        return "\(formatLength(width))×\(formatLength(height)) \(unitName) (\(source), \(because ?? "at the screen's edge"))"
    }

    /// Whether `size` meets `required` (the minimum unless said): rounded to
    /// whole units where the guideline does so, else as the guideline's text
    /// says, give or take `atLeast`'s allowance for floating-point noise.
    public func passes(_ size: Double, required: Double? = nil) -> Bool {
        let required = required ?? minimum
        return roundsToWholeUnits ? size.rounded() >= required : Self.atLeast(size, required)
    }

    /// `value ≥ limit`, where a value short of the limit by floating-point noise
    /// alone (a billionth of it: a length converted from millimetres or device
    /// pixels and back) counts as reaching it. Noise, not a tolerance: 23.96
    /// px is not 24 px, and a target 23.9 px wide touching its neighbour is
    /// not spaced (axe-core's 0.05 turns both verdicts around).
    public static func atLeast(_ value: Double, _ limit: Double) -> Bool {
        value >= limit - 1e-9 * max(1, abs(limit))
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
