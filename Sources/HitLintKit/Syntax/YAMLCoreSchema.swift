#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// How the YAML 1.2 core schema reads a plain scalar: null, bool, int (decimal, 0o, 0x),
// float, or string; .inf and .nan are refused (a layout must be finite, JSON cannot say them).
extension YAMLReader {
    // MARK: Core schema

    @inline(__always) func matches(_ start: Int, _ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    /// How the YAML 1.2 core schema reads a one-line plain scalar.
    /// Inlined: called out of line from a mutating method, it was given a copy of the reader.
    @inline(__always)
    func classifyPlain(_ start: Int, _ end: Int) throws(SyntaxError) -> PlainKind {
        let length = end - start
        switch bytes[start] {
        case UInt8(ascii: "~"):
            return length == 1 ? .null : .string
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            if length == 4 && (matches(start, "null") || matches(start, "Null") || matches(start, "NULL")) { return .null }
            return .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            if length == 4 && (matches(start, "true") || matches(start, "True") || matches(start, "TRUE")) { return .bool(true) }
            return .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            if length == 5 && (matches(start, "false") || matches(start, "False") || matches(start, "FALSE")) { return .bool(false) }
            return .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return try classifyNumber(start, end)
        default:
            return .string
        }
    }

    func classifyNumber(_ start: Int, _ end: Int) throws(SyntaxError) -> PlainKind {
        var position = start
        var negative = false
        var signed = false
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            negative = bytes[position] == UInt8(ascii: "-")
            signed = true
            position += 1
        }
        if position == end { return .string }
        if bytes[position] == UInt8(ascii: ".") && end - position == 4 {
            if matches(position, ".inf") || matches(position, ".Inf") || matches(position, ".INF")
                || (!signed && (matches(position, ".nan") || matches(position, ".NaN") || matches(position, ".NAN"))) {
                throw error(start, "infinite and NaN numbers (.inf, .nan) are not supported")
            }
        }
        if !signed && bytes[position] == UInt8(ascii: "0") && end - position > 2 && (bytes[position + 1] == UInt8(ascii: "o") || bytes[position + 1] == UInt8(ascii: "x")) {
            return try classifyRadix(start, end, hex: bytes[position + 1] == UInt8(ascii: "x"))
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var integerDigits = 0
        var fractionDigits = 0
        var exact = true
        while position < end && bytes[position].isYAMLDigit {
            let digit = UInt64(bytes[position] &- 0x30)
            if mantissa == 0 && digit == 0 {
                // leading zero
            } else if significant < 19 {
                mantissa = mantissa * 10 + digit
                significant += 1
            } else {
                exact = false
            }
            integerDigits += 1
            position += 1
        }
        if position < end && bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < end && bytes[position].isYAMLDigit {
                let digit = UInt64(bytes[position] &- 0x30)
                if mantissa == 0 && digit == 0 {
                    // leading zero of the fraction
                } else if significant < 19 {
                    mantissa = mantissa * 10 + digit
                    significant += 1
                } else {
                    exact = false
                }
                fractionDigits += 1
                position += 1
            }
        }
        if integerDigits == 0 && fractionDigits == 0 { return .string }
        var exponent = 0
        if position < end && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            var exponentNegative = false
            if position < end && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < end && bytes[position].isYAMLDigit else { return .string }
            while position < end && bytes[position].isYAMLDigit {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[position] &- 0x30) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if position != end { return .string }
        return try numberValue(start, end, mantissa: mantissa, significant: significant, scale: exponent - fractionDigits,
                               exact: exact, negative: negative)
    }

    /// The number `classifyNumber` scanned at `start..<end`: its first 19
    /// significant digits (`mantissa`) times ten to `scale`, `exact` when
    /// there were no more.
    @inline(__always)
    func numberValue(_ start: Int, _ end: Int, mantissa: UInt64, significant: Int, scale: Int, exact: Bool,
                     negative: Bool) throws(SyntaxError) -> PlainKind {
        var value: Double
        if exact && significant <= 15 && scale >= -22 && scale <= 22 {
            value = Double(mantissa)
            if scale > 0 { value *= yamlPowersOfTen[scale] } else if scale < 0 { value /= yamlPowersOfTen[-scale] }
            if negative { value = -value }
        } else {
            value = slowNumber(start, end)
        }
        if !value.isFinite {
            throw error(start, "number '\(text(start, end))' is out of range (too large for a 64-bit float)")
        }
        return .number(value)
    }

    func classifyRadix(_ start: Int, _ end: Int, hex: Bool) throws(SyntaxError) -> PlainKind {
        var position = start + 2
        var value: UInt64 = 0
        var significant = 0
        while position < end {
            let byte = bytes[position]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "8")...UInt8(ascii: "9") where hex: digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return .string
            }
            if value != 0 || digit != 0 { significant += 1 }
            value = hex ? value << 4 | digit : value << 3 | digit
            position += 1
        }
        let limit = hex ? 16 : 21
        if significant > limit {
            if hex { return .number(slowNumber(start, end)) }
            throw error(start, "number '\(text(start, end))' is out of range")
        }
        return .number(Double(value))
    }

    /// Correctly rounded conversion through the C library, for long or extreme numbers.
    func slowNumber(_ start: Int, _ end: Int) -> Double {
        var characters = [CChar](repeating: 0, count: end - start + 1)
        for offset in 0..<(end - start) { characters[offset] = CChar(bitPattern: bytes[start + offset]) }
        return characters.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }
}
