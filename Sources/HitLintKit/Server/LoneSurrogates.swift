/// Lone UTF-16 surrogate escapes in a message (`"\ud800"` not followed by a
/// low surrogate's escape, or a low one alone), rewritten as `\uFFFD` before
/// the message is parsed.
///
/// An editor's text is a JavaScript (or Java, or C#) string, which may hold a
/// lone surrogate (half of an emoji deleted, text pasted from a broken
/// source), and `JSON.stringify` writes it as such an escape. hitlint's JSON
/// parser refuses one (it has no UTF-8 form, and in a layout file it is a
/// mistake to point at), but a message refused is a document lost for good:
/// every later change to it would have nothing to apply to. U+FFFD is what
/// most JSON decoders make of it, and it is one UTF-16 unit as the surrogate
/// was, so positions after it stay the editor's; the escape is as long as the
/// one it replaces, so nothing else in the message moves.
enum LoneSurrogates {
    /// Rewrites every lone surrogate escape in place; returns how many.
    @discardableResult
    static func replace(in bytes: inout [UInt8]) -> Int {
        var replaced = 0
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            // An escape: `\\` and the like are two bytes; `\uXXXX` six.
            guard index + 1 < count, bytes[index + 1] == UInt8(ascii: "u"), let unit = hexQuad(bytes, index + 2) else {
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if index + 7 < count, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
                   let low = hexQuad(bytes, index + 8), (0xDC00...0xDFFF).contains(low) {
                    index += 12
                    continue
                }
            case 0xDC00...0xDFFF:
                break
            default:
                index += 6
                continue
            }
            for (offset, byte) in "FFFD".utf8.enumerated() { bytes[index + 2 + offset] = byte }
            replaced += 1
            index += 6
        }
        return replaced
    }

    private static func hexQuad(_ bytes: [UInt8], _ start: Int) -> Int? {
        guard start + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + 4)] {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}
