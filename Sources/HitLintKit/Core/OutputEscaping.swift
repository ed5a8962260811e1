/// Strings from files (node ids, names, paths, and the messages and fixes that
/// quote them) escaped for the format they are written in, so that no input
/// can forge a diagnostic line, a GitHub workflow command, a terminal escape
/// or a diff header (SPEC §10). Every reporter, the diff and the pictures
/// escape through here, each format by one function:
///
/// - text (the text report, messages on standard error): `oneLine`, and
///   `lineStart` for what begins a line;
/// - GitHub workflow commands: `workflowMessage`, `workflowProperty`;
/// - XML and HTML (JUnit, SVG, the HTML pages): `markup`;
/// - unified diff headers: `diffHeaderPath`;
/// - JSON (and so SARIF): `jsonString` / `ByteWriter.appendJSONString`
///   (`JSONEscaping`), kept apart because the reports write it as bytes.
public enum OutputEscaping {
    // MARK: - Text: one line of a terminal or a CI log

    /// The text on one line, every character that could break the line, drive a
    /// terminal or reorder what is shown written as a visible escape: LF and CR
    /// as `\n` and `\r`, other controls (C0 but tab, DEL, C1 — NEL and CSI among
    /// them), the line and paragraph separators and the bidirectional
    /// embeddings, overrides and isolates as `\u{1B}`. Ordinary text (tab
    /// included) is returned as it is.
    public static func oneLine(_ text: String) -> String {
        guard text.needsEscapeOnOneLine else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where scalar.needsEscapeOnOneLine: out += visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `\u{1B}`: a character written as Swift writes it in a string literal.
    private static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// A path that begins a line of a report, on one line. The Actions runner
    /// reads any line that starts with `::`, after blank space, as a workflow
    /// command (`::stop-commands::` turns off every annotation after it), and
    /// CI logs run the text report through it (the default format in a
    /// workflow, and on standard error beside `--format github`): a relative
    /// path that starts with a colon or blank space is written as `./path`,
    /// the same file to an editor, and no longer a command.
    public static func lineStart(_ path: String) -> String {
        let shown = oneLine(path)
        guard let first = shown.unicodeScalars.first, first == ":" || first.properties.isWhitespace else { return shown }
        return "./" + shown
    }

    /// A value written between double quotes on one line (a fix's replacement text).
    public static func quoted(_ text: String) -> String {
        "\"" + oneLine(text) + "\""
    }

    // MARK: - GitHub Actions workflow commands

    /// A command's message (SPEC §7.2): `%`, CR and LF escaped as the runner
    /// unescapes them (`%25`, `%0D`, `%0A`), so nothing in the text is taken
    /// for an escape and the command stays on its line; every other character
    /// the text report shows escaped (ESC, BEL, C1, the bidirectional controls),
    /// for which the runner has no escape, written as the text report writes
    /// it (`\u{1B}`), so that none reaches the log or a terminal.
    public static func workflowMessage(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where scalar.needsEscapeOnOneLine: out += visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value (`file=`, `title=`): as a message, and `:` and `,` too,
    /// which would end the value, so a value can never hold the `::` that ends
    /// the properties.
    public static func workflowProperty(_ text: String) -> String {
        var out = ""
        for scalar in workflowMessage(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: - XML and HTML

    /// Text for XML and HTML, in element content and in quoted attributes (SVG,
    /// HTML pages, JUnit). Characters XML 1.0 cannot carry at all, not even as
    /// a reference (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF)
    /// become U+FFFD, so an id with a control character in it cannot make a
    /// report unreadable. Every other character is carried exactly. With
    /// `lineBreaksAsReferences`, tab, LF and CR are written as character
    /// references, which attribute values need to keep them.
    public static func markup(_ text: String, lineBreaksAsReferences: Bool = false) -> String {
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

    // MARK: - Unified diff headers

    /// A file name as a `---` / `+++` line of a unified diff gives it, read back
    /// the same by `git apply` and GNU `patch`, as git writes it
    /// (`quote_c_style`, with `core.quotePath` off):
    ///
    /// - a name with a control character, a double quote or a backslash is
    ///   written between double quotes with C escapes (`"a/na\nme"`), so a
    ///   line break in a name cannot end the header and start another;
    ///   characters a terminal would act on (C1, the line separators, the
    ///   bidirectional controls) as the octal escapes of their UTF-8 bytes;
    ///   other UTF-8 as it is;
    /// - a name with a space and no quotes is followed by a tab, the end of
    ///   the name to both tools: without it `patch` takes the name to end at
    ///   the first space, and `git apply` drops a tail that reads as a
    ///   timestamp (`a.yaml 2024-01-01 10:00:00`), each finding another file.
    public static func diffHeaderPath(_ name: String) -> String {
        let needsQuotes = name.unicodeScalars.contains { scalar in
            scalar.needsEscapeOnOneLine || scalar == "\t" || scalar == "\"" || scalar == "\\"
        }
        guard needsQuotes else { return name.contains(" ") ? name + "\t" : name }
        var out = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.needsEscapeOnOneLine:
                for byte in String(scalar).utf8 {
                    let octal = String(byte, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Text for XML and HTML (`OutputEscaping.markup`), as the pictures call it.
func escapeMarkup(_ text: String, lineBreaksAsReferences: Bool = false) -> String {
    OutputEscaping.markup(text, lineBreaksAsReferences: lineBreaksAsReferences)
}

extension String {
    /// `OutputEscaping.oneLine`: a path or a message made safe to print on one
    /// line of a terminal or a CI log (messages on standard error, the language
    /// server's log).
    var displayedOnOneLine: String { OutputEscaping.oneLine(self) }

    /// Whether `OutputEscaping.oneLine` changes anything, seen in the UTF-8
    /// bytes (every report line asks, of a path and a message): C0 controls but
    /// tab, DEL, C1 controls (C2 80–C2 9F), U+2028 and U+2029 (E2 80 A8, E2 80
    /// A9), U+202A–U+202E (E2 80 AA–AE) and U+2066–U+2069 (E2 81 A6–A9).
    var needsEscapeOnOneLine: Bool {
        utf8.withContiguousStorageIfAvailable(OutputEscaping.needsEscapeOnOneLine)
            ?? unicodeScalars.contains(where: \.needsEscapeOnOneLine)
    }
}

extension OutputEscaping {
    /// `String.needsEscapeOnOneLine`, of UTF-8 bytes.
    static func needsEscapeOnOneLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        // Eight bytes at a time past those that cannot start an escape
        // (none below 0x20, 0x7F, 0xC2 or 0xE2: SWAR tests for a byte
        // below a value and a byte equal to one); a word with one is
        // looked at byte by byte below. Every report line asks this of its message.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let below = (word &- ones &* 0x20) & ~word & highs != 0
                if below || hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2))
                    || hasZeroByte(word ^ (ones &* 0xE2)) { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 { if byte != 0x09 { return true } }
            else if byte == 0x7F { return true }
            else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F { return true }
            else if byte == 0xE2, index + 2 < bytes.count {
                let second = bytes[index + 1], third = bytes[index + 2]
                if second == 0x80, third >= 0xA8, third <= 0xAE { return true }
                if second == 0x81, third >= 0xA6, third <= 0xA9 { return true }
            }
            index += 1
        }
        return false
    }
}

extension Unicode.Scalar {
    /// C0 controls but tab, DEL, C1 controls (NEL among them), the Unicode line
    /// and paragraph separators, and the bidirectional embeddings, overrides
    /// and isolates (U+202A–U+202E, U+2066–U+2069), which reorder the text
    /// shown after them ("Trojan Source").
    var needsEscapeOnOneLine: Bool {
        let value = value
        return (value < 0x20 && value != 0x09) || (value >= 0x7F && value <= 0x9F)
            || (value >= 0x2028 && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069)
    }
}

/// The same escapes written straight into a report's bytes. Text with
/// nothing that `oneLine` changes (every message and path but a hostile
/// one) is copied byte by byte, with the few ASCII escapes of its format;
/// anything else goes through `OutputEscaping`'s own function, so each
/// format has one definition of what it escapes.
extension ByteWriter {
    /// `OutputEscaping.oneLine(text)`.
    public mutating func appendOneLine(_ text: String) {
        var bytes = text
        bytes.withUTF8 { appendOneLine(bytes: $0) { text } }
    }

    /// `OutputEscaping.oneLine(message)`, read where the message is held.
    public mutating func appendOneLine(_ message: MessageText) {
        message.withBytes { appendOneLine(bytes: $0) { message.string } }
    }

    /// `OutputEscaping.workflowMessage(text)`.
    public mutating func appendWorkflowMessage(_ text: String) {
        var bytes = text
        bytes.withUTF8 { appendWorkflowMessage(bytes: $0) { text } }
    }

    /// `OutputEscaping.workflowMessage(message)`, read where the message is held.
    public mutating func appendWorkflowMessage(_ message: MessageText) {
        message.withBytes { appendWorkflowMessage(bytes: $0) { message.string } }
    }

    /// `OutputEscaping.workflowProperty(text)`.
    public mutating func appendWorkflowProperty(_ text: String) {
        guard !text.needsEscapeOnOneLine else { return append(OutputEscaping.workflowProperty(text)) }
        var bytes = text
        bytes.withUTF8 { bytes in
            appendEscapingASCII(bytes) { byte in
                switch byte {
                case UInt8(ascii: "%"): return "%25"
                case UInt8(ascii: ":"): return "%3A"
                case UInt8(ascii: ","): return "%2C"
                default: return nil
                }
            }
        }
    }

    /// `OutputEscaping.markup(text, lineBreaksAsReferences:)`.
    public mutating func appendMarkup(_ text: String, lineBreaksAsReferences: Bool = false) {
        var bytes = text
        bytes.withUTF8 { appendMarkup(bytes: $0, lineBreaksAsReferences: lineBreaksAsReferences) { text } }
    }

    /// `OutputEscaping.markup(message, lineBreaksAsReferences:)`, read where the message is held.
    public mutating func appendMarkup(_ message: MessageText, lineBreaksAsReferences: Bool = false) {
        message.withBytes { appendMarkup(bytes: $0, lineBreaksAsReferences: lineBreaksAsReferences) { message.string } }
    }

    // Each escape once, on the text's UTF-8 bytes; `text` makes the string
    // for the rare text with anything to escape beyond ASCII.

    private mutating func appendOneLine(bytes: UnsafeBufferPointer<UInt8>, _ text: () -> String) {
        if OutputEscaping.needsEscapeOnOneLine(bytes) {
            append(OutputEscaping.oneLine(text()))
        } else {
            append(bytes: bytes)
        }
    }

    private mutating func appendWorkflowMessage(bytes: UnsafeBufferPointer<UInt8>, _ text: () -> String) {
        guard !OutputEscaping.needsEscapeOnOneLine(bytes) else { return append(OutputEscaping.workflowMessage(text())) }
        appendEscapingASCII(bytes) { byte in byte == UInt8(ascii: "%") ? "%25" : nil }
    }

    private mutating func appendMarkup(bytes: UnsafeBufferPointer<UInt8>, lineBreaksAsReferences: Bool, _ text: () -> String) {
        // C0 controls but tab, LF and CR become U+FFFD, and so do U+FFFE and
        // U+FFFF (EF BF BE, EF BF BF): left to `markup`.
        let plain = !bytes.contains { $0 < 0x20 ? ($0 != 0x09 && $0 != 0x0A && $0 != 0x0D) : $0 == 0xEF }
        guard plain else { return append(OutputEscaping.markup(text(), lineBreaksAsReferences: lineBreaksAsReferences)) }
        appendEscapingASCII(bytes) { byte in
            switch byte {
            case UInt8(ascii: "&"): return "&amp;"
            case UInt8(ascii: "<"): return "&lt;"
            case UInt8(ascii: ">"): return "&gt;"
            case UInt8(ascii: "\""): return "&quot;"
            case UInt8(ascii: "'"): return "&#39;"
            case 0x0A: return lineBreaksAsReferences ? "&#10;" : nil
            case 0x0D: return lineBreaksAsReferences ? "&#13;" : nil
            case 0x09: return lineBreaksAsReferences ? "&#9;" : nil
            default: return nil
            }
        }
    }

    /// The bytes, each ASCII byte `escape` names replaced by its escape (no
    /// byte of a multi-byte UTF-8 character is ASCII), runs between them copied whole.
    private mutating func appendEscapingASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ escape: (UInt8) -> StaticString?) {
        var runStart = 0
        for index in bytes.indices where bytes[index] < 0x80 {
            guard let replacement = escape(bytes[index]) else { continue }
            if runStart < index { append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            append(replacement)
            runStart = index + 1
        }
        if runStart < bytes.count { append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }
}
