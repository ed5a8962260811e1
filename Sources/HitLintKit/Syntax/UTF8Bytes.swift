/// UTF-8 as both parsers read it (Unicode table 3-7): validation on the hot
/// path, an explanation at the first bad byte on the cold one, and encoding
/// of decoded escapes.
enum UTF8Bytes {
    /// Length of the well-formed sequence whose lead byte (≥ 0x80) is at
    /// `position`, or nil when it is not well-formed.
    @inline(__always)
    static func sequenceLength(_ base: UnsafePointer<UInt8>, _ count: Int, _ position: Int) -> Int? {
        let lead = base[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard position + length <= count else { return nil }
        let second = base[position + 1]
        if second < low || second > high { return nil }
        for offset in 2..<length where base[position + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The scalar of a well-formed sequence.
    static func scalar(_ base: UnsafePointer<UInt8>, _ position: Int, length: Int) -> UInt32 {
        var value = UInt32(base[position]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(base[position + offset] & 0x3F) }
        return value
    }

    /// Why the sequence at `position` is not well-formed: the offset of the first
    /// bad byte and a message. `describe` says what is at an offset ("'x'", "end of file").
    @inline(never)
    static func explainInvalid(_ base: UnsafePointer<UInt8>, _ count: Int, _ position: Int,
                               describe: (Int) -> String) -> (offset: Int, message: String) {
        let lead = base[position]
        switch lead {
        case 0x80...0xBF:
            return (position, "invalid UTF-8 byte \(hexByte(lead)) (continuation byte without a lead byte)")
        case 0xC0, 0xC1:
            return (position, "invalid UTF-8 byte \(hexByte(lead)) (overlong encoding)")
        case 0xF5...0xFF:
            return (position, "invalid UTF-8 byte \(hexByte(lead))")
        default:
            break
        }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        for offset in 1..<length {
            let at = position + offset
            guard at < count else {
                return (at, "incomplete UTF-8 sequence: expected a continuation byte after \(hexByte(lead)), found end of file")
            }
            let byte = base[at]
            guard byte & 0xC0 == 0x80 else {
                if byte == 0 { return (at, "NUL byte in file") }
                return (at, "incomplete UTF-8 sequence: expected a continuation byte after \(hexByte(lead)), found \(describe(at))")
            }
            if offset == 1 {
                let pair = "\(hexByte(lead)) \(hexByte(byte))"
                switch lead {
                case 0xE0 where byte < 0xA0, 0xF0 where byte < 0x90:
                    return (position, "invalid UTF-8: overlong encoding \(pair)")
                case 0xED where byte > 0x9F:
                    return (position, "invalid UTF-8: UTF-16 surrogate encoded as \(pair)")
                case 0xF4 where byte > 0x8F:
                    return (position, "invalid UTF-8: code point above U+10FFFF (\(pair))")
                default:
                    break
                }
            }
        }
        return (position, "invalid UTF-8 byte \(hexByte(lead))")
    }

    static func append(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// What is at `offset`, for a parser's "found ...": 'x', "end of file",
    /// "byte 0x00", "U+2060" (a character that does not show), "'é' (U+00E9)".
    static func describe(_ base: UnsafePointer<UInt8>, _ count: Int, _ offset: Int) -> String {
        guard offset < count else { return "end of file" }
        let byte = base[offset]
        switch byte {
        case UInt8(ascii: "'"): return "\"'\""
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x09: return "tab"
        case 0x0A, 0x0D: return "line break"
        case 0x80...:
            // A well-formed character is shown as itself; anything else as its byte.
            // Only the length: an explanation (explainInvalid) would describe the
            // next byte, and so on down a run of bad bytes, one stack frame each.
            guard let length = sequenceLength(base, count, offset) else { return "byte \(hexByte(byte))" }
            let text = String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
            guard let scalar = text.unicodeScalars.first else { return "byte \(hexByte(byte))" }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
                 .privateUse, .unassigned, .surrogate, .nonspacingMark, .enclosingMark:
                return code
            default:
                return "'\(text)' (\(code))"
            }
        default:
            return "byte \(hexByte(byte))"
        }
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
