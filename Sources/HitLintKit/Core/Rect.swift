/// An axis-aligned rectangle in points, origin at the top left, y growing down.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    public static let empty = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    public var width: Double { max(0, maxX - minX) }
    public var height: Double { max(0, maxY - minY) }
    public var area: Double { width * height }
    public var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }

    /// Half-open containment [min, max): a point on the shared edge of two
    /// abutting rects belongs to exactly one of them.
    @inlinable public func contains(x: Double, y: Double) -> Bool {
        x >= minX && x < maxX && y >= minY && y < maxY
    }

    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The overlap; empty (possibly inverted) when there is none — test with `isEmpty`.
    @inlinable public func intersection(_ other: Rect) -> Rect {
        Rect(minX: max(minX, other.minX), minY: max(minY, other.minY),
             maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// The bands of this rect outside `cut`, a non-empty part of it: the
    /// bands above and below span the full width, those left and right the
    /// cut's height (at most four, disjoint). What subtracting a rect leaves.
    @inline(__always) public func forEachBand(outside cut: Rect, _ body: (Rect) -> Void) {
        if cut.minY > minY { body(Rect(minX: minX, minY: minY, maxX: maxX, maxY: cut.minY)) }
        if cut.maxY < maxY { body(Rect(minX: minX, minY: cut.maxY, maxX: maxX, maxY: maxY)) }
        if cut.minX > minX { body(Rect(minX: minX, minY: cut.minY, maxX: cut.minX, maxY: cut.maxY)) }
        if cut.maxX < maxX { body(Rect(minX: cut.maxX, minY: cut.minY, maxX: maxX, maxY: cut.maxY)) }
    }

    @inlinable public func intersects(_ other: Rect) -> Bool {
        max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
    }

    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return Rect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                    maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// UIKit's `bounds.inset(by:)`: positive insets shrink, negative expand.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(minX: minX + insets.left, minY: minY + insets.top,
             maxX: maxX - insets.right, maxY: maxY - insets.bottom)
    }

    /// Grown by `amount` on every side.
    public func expanded(by amount: Double) -> Rect {
        Rect(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    public var description: String {
        "(\(formatLength(minX)), \(formatLength(minY)), \(formatLength(width))×\(formatLength(height)))"
    }
}

/// `UIEdgeInsets` convention: positive values shrink a rect, negative values expand it.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets(all: 0)

    public var negated: EdgeInsets { EdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right) }

    public func scaled(by factor: Double) -> EdgeInsets {
        EdgeInsets(top: top * factor, left: left * factor, bottom: bottom * factor, right: right * factor)
    }

    public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }
}

/// The four sides, in the order CSS and `UIEdgeInsets` list them.
public enum Side: Int, CaseIterable, Sendable {
    case top, left, bottom, right

    public var name: String {
        switch self {
        case .top: return "top"
        case .left: return "left"
        case .bottom: return "bottom"
        case .right: return "right"
        }
    }
}

extension Side {
    /// "on the left", "at the top": where something is, for messages.
    public var place: String {
        switch self {
        case .top: return "at the top"
        case .bottom: return "at the bottom"
        case .left: return "on the left"
        case .right: return "on the right"
        }
    }
}

extension Rect {
    /// The coordinate of one side: minX for the left, maxY for the bottom.
    public func edge(_ side: Side) -> Double {
        switch side {
        case .left: return minX
        case .top: return minY
        case .right: return maxX
        case .bottom: return maxY
        }
    }
}

extension EdgeInsets {
    public subscript(side: Side) -> Double {
        get {
            switch side {
            case .top: return top
            case .left: return left
            case .bottom: return bottom
            case .right: return right
            }
        }
        set {
            switch side {
            case .top: top = newValue
            case .left: left = newValue
            case .bottom: bottom = newValue
            case .right: right = newValue
            }
        }
    }
}

/// Lengths in messages: at most two decimals, no trailing zeros ("44", "57.76", "0.5").
public func formatLength(_ value: Double) -> String {
    guard value.isFinite else { return value > 0 ? "∞" : (value < 0 ? "-∞" : "NaN") }
    // Hundredths of a length this large do not fit an Int64 (the conversion would
    // trap); such lengths come only from hostile files, and are shown as Swift
    // writes them ("1e+30").
    guard abs(value) < 1e15 else { return "\(value)" }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        let integer = Int64(rounded)
        if integer > -wholeLengthTexts.count, integer < wholeLengthTexts.count {
            let text = wholeLengthTexts[Int(integer.magnitude)]
            return integer < 0 ? text.negative : text.positive
        }
        return decimalText(negative: integer < 0, whole: integer.magnitude, hundredths: 0)
    }
    // Hundredths of the rounded value (×100 once more: the value is k/100 only to the nearest double).
    let hundredths = UInt64((abs(rounded) * 100).rounded())
    return decimalText(negative: rounded < 0, whole: hundredths / 100, hundredths: hundredths % 100)
}

/// The whole lengths most messages and fixes show ("44", "-7"), written
/// once: a string made from digits is checked as UTF-8 each time it is made.
private let wholeLengthTexts: [(positive: String, negative: String)] = (0..<1025).map { value in
    value == 0 ? ("0", "0") : (decimalText(negative: false, whole: UInt64(value), hundredths: 0),
                               decimalText(negative: true, whole: UInt64(value), hundredths: 0))
}

/// "-12.5": the whole part, then the hundredths without trailing zeros.
/// Written digit by digit into a small buffer and made a string once: every
/// message and fix shows lengths, so no string is joined for each.
private func decimalText(negative: Bool, whole: UInt64, hundredths: UInt64) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
        var end = 24
        if hundredths != 0 {
            if hundredths % 10 != 0 {
                end -= 1
                buffer[end] = UInt8(truncatingIfNeeded: hundredths % 10) + 0x30
            }
            end -= 1
            buffer[end] = UInt8(truncatingIfNeeded: hundredths / 10) + 0x30
            end -= 1
            buffer[end] = UInt8(ascii: ".")
        }
        var rest = whole
        repeat {
            end -= 1
            buffer[end] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
            rest /= 10
        } while rest > 0
        if negative {
            end -= 1
            buffer[end] = UInt8(ascii: "-")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
    }
}

/// Lists words in English: "left", "left and top", "left, top and bottom".
public func englishList(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

/// `part` as a whole percentage of `whole`, 0…100; infinite or NaN areas (a
/// hostile file's) give 100 or 0 rather than trapping in the Int conversion.
public func percentage(_ part: Double, of whole: Double) -> Int {
    let ratio = 100 * part / max(whole, 1e-9)
    guard ratio == ratio else { return part > 0 ? 100 : 0 }
    return Int(min(max(ratio.rounded(), 0), 100))
}
