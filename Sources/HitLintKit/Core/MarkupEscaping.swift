/// Text from a layout file made safe for XML and HTML, in element content and in
/// quoted attributes (SVG, HTML pages, JUnit). Characters XML 1.0 forbids (C0
/// controls other than tab, LF and CR; surrogates; U+FFFE, U+FFFF) become
/// U+FFFD, so an id with a control character in it cannot make a report
/// unreadable. With `lineBreaksAsReferences`, tab, LF and CR are written as
/// character references, which attribute values need to keep them.
func escapeMarkup(_ text: String, lineBreaksAsReferences: Bool = false) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n": if lineBreaksAsReferences { out += "&#10;" } else { out.unicodeScalars.append(scalar) }
        case "\r": if lineBreaksAsReferences { out += "&#13;" } else { out.unicodeScalars.append(scalar) }
        case "\t": if lineBreaksAsReferences { out += "&#9;" } else { out.unicodeScalars.append(scalar) }
        default:
            let value = scalar.value
            let allowed = (value >= 0x20 && value <= 0xD7FF) || (value >= 0xE000 && value <= 0xFFFD) || value >= 0x10000
            if allowed { out.unicodeScalars.append(scalar) } else { out += "\u{FFFD}" }
        }
    }
    return out
}
