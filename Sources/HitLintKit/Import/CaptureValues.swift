/// Reading the values captures write as text: XML elements in their JsonML
/// form (`XMLReader`: `[name, {attributes}, content…]`), booleans and numbers
/// written as strings, and Android's bounds strings. Read from the bytes of
/// the document, without a `String` per value: a capture has thousands of them.
extension Document {
    /// "true" / "false" (any case), or a JSON boolean; nil otherwise.
    func flag(_ entry: Int) -> Bool? {
        guard entry >= 0 else { return nil }
        switch kind(entry) {
        case .bool: return bool(entry)
        case .string:
            if stringEquals(entry, "true") { return true }
            if stringEquals(entry, "false") { return false }
            switch string(entry)?.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A number, or a string that spells one ("48", "-188", "9.223372036854776e+18"); nil otherwise.
    func numberValue(_ entry: Int) -> Double? {
        guard entry >= 0 else { return nil }
        switch kind(entry) {
        case .number: return number(entry)
        case .string: return withContent(entry) { CaptureText.number($0) }
        default: return nil
        }
    }
}

enum CaptureText {
    /// A decimal number with optional sign, fraction and exponent, the whole text; nil otherwise.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let count = bytes.count
        while index < count, bytes[index] == 0x20 { index += 1 }
        var end = count
        while end > index, bytes[end - 1] == 0x20 { end -= 1 }
        guard index < end else { return nil }
        // Whole numbers, the usual case, without a conversion of the text.
        var negative = false
        var position = index
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0.0
        var digits = 0
        while position < end, bytes[position] >= 0x30, bytes[position] <= 0x39, digits < 15 {
            value = value * 10 + Double(bytes[position] - 0x30)
            digits += 1
            position += 1
        }
        if position == end, digits > 0 { return negative ? -value : value }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        // Double(String) also takes "nan", "inf" and hexadecimal: only decimal text is a number here.
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }) else {
            return nil
        }
        return Double(text)
    }

    /// `[left,top][right,bottom]` (UI Automator and Maestro bounds): the four numbers, or nil.
    static func bracketedBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> (Double, Double, Double, Double)? {
        var values: [Double] = []
        values.reserveCapacity(4)
        var index = 0
        let count = bytes.count
        for pair in 0..<2 {
            while index < count, bytes[index] == 0x20 { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            for part in 0..<2 {
                let start = index
                while index < count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "]") { index += 1 }
                guard index < count, let value = number(UnsafeBufferPointer(rebasing: bytes[start..<index])), value.isFinite else {
                    return nil
                }
                values.append(value)
                guard bytes[index] == (part == 0 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return nil }
                index += 1
            }
            _ = pair
        }
        while index < count, bytes[index] == 0x20 { index += 1 }
        guard index == count else { return nil }
        return (values[0], values[1], values[2], values[3])
    }

    /// Android bounds as a rect: inverted bounds (a view scrolled out of its
    /// parent, cut to the parent's edge) are empty.
    static func rect(left: Double, top: Double, right: Double, bottom: Double) -> Rect {
        Rect(minX: left, minY: top, maxX: max(left, right), maxY: max(top, bottom))
    }
}

/// Which of a fixed set of names a mapping key is, found by reading the key's
/// bytes once (`ByteTable`): a capture's views each have a score of keys, and
/// comparing each key with every name in turn re-read it once per name.
struct KeyNames<Name: RawRepresentable & CaseIterable & Sendable>: Sendable where Name.RawValue == String {
    private let names = Array(Name.allCases)
    private let table: ByteTable

    init() {
        table = ByteTable(names.map(\.rawValue))
    }

    func name(of key: Int, in document: Document) -> Name? {
        document.lookup(key, in: table).map { names[$0] }
    }
}
