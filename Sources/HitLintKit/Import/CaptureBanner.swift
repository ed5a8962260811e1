/// Lines a capture tool prints before the JSON it writes, kept when its output
/// is saved with `>`: `maestro hierarchy > screen.json` starts with
/// "Running on emulator-5554". Such a file is no JSON document, but the
/// hierarchy after the banner is what the user meant to lint.
///
/// Only a Maestro hierarchy is read this way (the one tool known to print
/// one), and only after a few short lines of text, none of which starts like
/// JSON: anything else stays the syntax error it is, so a damaged layout or
/// capture is never read from its middle.
enum CaptureBanner {
    /// At most this many lines, and bytes, before the JSON.
    static let maximumLines = 8
    static let maximumBytes = 2_048

    /// Where the JSON starts after the banner: the first byte of the first
    /// line that starts with `{` (Maestro writes its tree as one object); nil
    /// when the file does not start with a banner.
    static func jsonStart(in bytes: SourceBytes) -> Int? {
        var index = 0
        var lines = 0
        let end = min(bytes.count, maximumBytes)
        // The first line must be text, not JSON or a byte order mark.
        guard end > 0, bytes[0] != UInt8(ascii: "{"), bytes[0] != UInt8(ascii: "["), bytes[0] < 0x80 else { return nil }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), index == 0 || bytes[index - 1] == 0x0A {
                return lines > 0 ? index : nil
            }
            // Text, not binary: tabs, line ends and printable characters (UTF-8 included).
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return nil }
            if byte == 0x0A {
                lines += 1
                if lines > maximumLines { return nil }
            }
            index += 1
        }
        return nil
    }

    /// The banner's first line, for the note ("Running on emulator-5554"),
    /// cut to a readable length.
    static func firstLine(in bytes: SourceBytes, before start: Int) -> String {
        var end = 0
        while end < start, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let line = bytes.string(0..<end)
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }

    /// The Maestro hierarchy after a banner, when the file is one (`--from
    /// maestro`, or recognised as one): the document's spans stay the file's
    /// offsets, so diagnostics land on the lines of the file as saved.
    static func maestroDocument(_ source: SourceText, kind choice: FileKindChoice) -> Document? {
        guard choice == .auto || choice == .maestro, let start = jsonStart(in: source.bytes),
              let document = try? JSONParser.parse(source, range: start..<source.bytes.count, skipping: nil),
              choice.kind(of: document) == .maestro else { return nil }
        return document
    }
}
