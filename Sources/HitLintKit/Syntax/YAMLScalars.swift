#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Scalars of the YAML subset: plain (one line, or folded over several), single- and
// double-quoted (escapes, folding), and how they become values and keys (with the
// duplicate-key check). See YAMLParser.swift for the subset.
extension YAMLReader {
    // MARK: Plain scalars

    @inline(__always) func isPlainStart(_ offset: Int, flow: Bool) -> Bool {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let next = bytes[offset + 1]
            return !next.isYAMLBlankOrEnd && !(flow && next.isYAMLFlowIndicator)
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0:
            return false
        default:
            return true
        }
    }

    /// The error for a character that cannot start a scalar.
    func indicatorError(_ offset: Int, flow: Bool) -> SyntaxError {
        switch bytes[offset] {
        case UInt8(ascii: "&"): return error(offset, "anchors (&name) are not supported")
        case UInt8(ascii: "*"): return error(offset, "aliases (*name) are not supported")
        case UInt8(ascii: "!"): return error(offset, "tags (!tag) are not supported")
        case UInt8(ascii: "|"), UInt8(ascii: ">"): return error(offset, "multi-line block scalars (| and >) are not supported")
        case UInt8(ascii: "%"):
            if offset == lineStart { return error(offset, "directives (%) are not supported") }
            return error(offset, "'%' cannot start a plain scalar: quote the string")
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            return error(offset, "\(describe(offset)) is reserved and cannot start a plain scalar: quote the string")
        case UInt8(ascii: "?"): return error(offset, "complex keys ('? ') are not supported")
        case UInt8(ascii: ":"): return error(offset, "empty mapping keys are not supported")
        case UInt8(ascii: "-"): return error(offset, "unexpected '-'")
        case 0 where offset >= count: return error(offset, "unexpected end of file")
        default: return error(offset, "unexpected \(describe(offset))")
        }
    }

    /// One line of a plain scalar from `start` (a valid first character). Returns the end of its
    /// content (trailing whitespace excluded) and where it stopped: a ': ', a ' #' comment, a flow
    /// indicator (in flow context), or the line break / end of input.
    @inline(__always) func scanPlainLine(_ start: Int, flow: Bool) -> (end: Int, stop: Int) {
        var position = start
        var end = start
        while true {
            let byte = bytes[position]
            if byte > UInt8(ascii: ":") {
                if flow && (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")) {
                    return (end, position)
                }
                position += 1
                end = position
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                var afterWhite = position + 1
                while bytes[afterWhite] == UInt8(ascii: " ") || bytes[afterWhite] == UInt8(ascii: "\t") { afterWhite += 1 }
                let next = bytes[afterWhite]
                if next == UInt8(ascii: "#") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") || next == 0 {
                    return (end, afterWhite)
                }
                position = afterWhite
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == 0 { return (end, position) }
            if byte == UInt8(ascii: ":") {
                let next = bytes[position + 1]
                if next.isYAMLBlankOrEnd || (flow && next.isYAMLFlowIndicator) { return (end, position) }
            } else if flow && byte == UInt8(ascii: ",") {
                return (end, position)
            }
            position += 1
            end = position
        }
    }

    /// Continues a plain scalar whose first line ended at `stop` over the following lines
    /// (folding line breaks as YAML does). Leaves `index` where the scalar stopped.
    mutating func continuePlain(start: Int, end firstEnd: Int, stop firstStop: Int, blockIndent: Int, flow: Bool) throws(SyntaxError) -> ScalarToken {
        var token = ScalarToken(start: start, end: firstEnd, style: .plain)
        var stop = firstStop
        guard bytes[stop].isYAMLBreak else {
            index = stop
            return token
        }
        var buffer: [UInt8] = []
        var end = firstEnd
        while true {
            // Look past the line break for a continuation line, counting empty lines.
            var position = stop
            var emptyLines = 0
            var candidateLineStart = 0
            var contentStart = -1
            while true {
                position = afterBreak(position)
                candidateLineStart = position
                var indentEnd = position
                while bytes[indentEnd] == UInt8(ascii: " ") { indentEnd += 1 }
                var afterWhite = indentEnd
                while bytes[afterWhite].isYAMLWhite { afterWhite += 1 }
                let byte = bytes[afterWhite]
                if byte.isYAMLBreak {
                    emptyLines += 1
                    position = afterWhite
                    continue
                }
                if byte == 0 || byte == UInt8(ascii: "#") { break }
                if indentEnd - position <= blockIndent { break }
                if indentEnd == position && isDocumentMarker(position) { break }
                contentStart = afterWhite
                break
            }
            if contentStart < 0 { break }
            let byte = bytes[contentStart]
            let next = bytes[contentStart + 1]
            if flow && byte.isYAMLFlowIndicator { break }
            if byte == UInt8(ascii: ":") && (next.isYAMLBlankOrEnd || (flow && next.isYAMLFlowIndicator)) { break }
            // A continuation line may start with '- ' or '? ': YAML reads them as text ("a - b"),
            // and PyYAML writes them so when it wraps a long plain string.
            if buffer.isEmpty {
                buffer.reserveCapacity(end - start + 64)
                buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: end - start))
            }
            if emptyLines == 0 {
                buffer.append(UInt8(ascii: " "))
            } else {
                for _ in 0..<emptyLines { buffer.append(UInt8(ascii: "\n")) }
            }
            let line = scanPlainLine(contentStart, flow: flow)
            buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + contentStart, count: line.end - contentStart))
            lineStart = candidateLineStart
            end = line.end
            stop = line.stop
            token.multiline = true
            if !bytes[stop].isYAMLBreak { break }
        }
        index = stop
        token.end = end
        if token.multiline {
            decodedText = buffer
            token.isDecoded = true
        }
        return token
    }

    // MARK: Quoted scalars

    /// After a line break inside a quoted scalar: skips empty lines (counting them) and the next
    /// line's indentation. Returns the number of empty lines; `index` at the first content byte.
    mutating func foldQuotedBreak(at breakOffset: Int, blockIndent: Int, open: Int, double: Bool) throws(SyntaxError) -> Int {
        var position = breakOffset
        var emptyLines = 0
        while true {
            position = afterBreak(position)
            lineStart = position
            var indentEnd = position
            while bytes[indentEnd] == UInt8(ascii: " ") { indentEnd += 1 }
            var afterWhite = indentEnd
            while bytes[afterWhite].isYAMLWhite { afterWhite += 1 }
            let byte = bytes[afterWhite]
            if byte.isYAMLBreak {
                emptyLines += 1
                position = afterWhite
                continue
            }
            if byte == 0 && afterWhite >= count {
                throw error(open, double ? "unterminated double-quoted string" : "unterminated single-quoted string")
            }
            if indentEnd == position && isDocumentMarker(position) {
                throw error(position, "document marker inside a quoted string (missing closing quote?)")
            }
            if indentEnd - position <= blockIndent {
                if bytes[indentEnd] == UInt8(ascii: "\t") { throw error(indentEnd, "tabs cannot indent: use spaces") }
                throw error(indentEnd, "bad indentation: a quoted string's continuation line must be indented more than \(blockIndent) spaces")
            }
            index = afterWhite
            return emptyLines
        }
    }

    mutating func appendFold(_ buffer: inout [UInt8], emptyLines: Int) {
        if emptyLines == 0 {
            buffer.append(UInt8(ascii: " "))
        } else {
            for _ in 0..<emptyLines { buffer.append(UInt8(ascii: "\n")) }
        }
    }

    /// `index` at the opening quote. Leaves `index` after the closing quote.
    mutating func scanQuoted(blockIndent: Int) throws(SyntaxError) -> ScalarToken {
        let open = index
        let double = bytes[index] == UInt8(ascii: "\"")
        let quote = bytes[index]
        var position = index + 1
        var segmentStart = position
        var buffer: [UInt8] = []
        var decoded = false
        var multiline = false

        @inline(__always) func appendSegment(_ buffer: inout [UInt8], _ from: Int, _ to: Int) {
            if to > from { buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + from, count: to - from)) }
        }

        while true {
            let byte = bytes[position]
            if byte == quote {
                if !double && bytes[position + 1] == quote {
                    decoded = true
                    appendSegment(&buffer, segmentStart, position + 1)
                    position += 2
                    segmentStart = position
                    continue
                }
                break
            }
            if double && byte == UInt8(ascii: "\\") {
                decoded = true
                appendSegment(&buffer, segmentStart, position)
                position = try decodeEscape(at: position, into: &buffer, blockIndent: blockIndent, open: open, multiline: &multiline)
                segmentStart = position
                continue
            }
            if byte.isYAMLBreak {
                decoded = true
                multiline = true
                var trimmed = position
                while trimmed > segmentStart && bytes[trimmed - 1].isYAMLWhite { trimmed -= 1 }
                appendSegment(&buffer, segmentStart, trimmed)
                let emptyLines = try foldQuotedBreak(at: position, blockIndent: blockIndent, open: open, double: double)
                appendFold(&buffer, emptyLines: emptyLines)
                position = index
                segmentStart = position
                continue
            }
            if byte == 0 && position >= count {
                throw error(open, double ? "unterminated double-quoted string" : "unterminated single-quoted string")
            }
            position += 1
        }
        var token = ScalarToken(start: open, end: position + 1, style: double ? .doubleQuoted : .singleQuoted)
        if decoded {
            appendSegment(&buffer, segmentStart, position)
            decodedText = buffer
            token.isDecoded = true
        }
        token.multiline = multiline
        index = position + 1
        return token
    }

    /// Decodes the escape at `position` (its backslash) in a double-quoted
    /// scalar onto `buffer`; returns where the scalar goes on. An escaped line
    /// break folds the lines after it (`multiline`).
    mutating func decodeEscape(at position: Int, into buffer: inout [UInt8], blockIndent: Int, open: Int,
                               multiline: inout Bool) throws(SyntaxError) -> Int {
        let escape = bytes[position + 1]
        var scalar: UInt32 = 0
        var digits = 0
        switch escape {
        case UInt8(ascii: "0"): buffer.append(0)
        case UInt8(ascii: "a"): buffer.append(0x07)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "t"), UInt8(ascii: "\t"): buffer.append(0x09)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "v"): buffer.append(0x0B)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "e"): buffer.append(0x1B)
        case UInt8(ascii: " "): buffer.append(UInt8(ascii: " "))
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "N"): appendUTF8(&buffer, 0x85)
        case UInt8(ascii: "_"): appendUTF8(&buffer, 0xA0)
        case UInt8(ascii: "L"): appendUTF8(&buffer, 0x2028)
        case UInt8(ascii: "P"): appendUTF8(&buffer, 0x2029)
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            // Escaped line break: joined without a space; empty lines still give line feeds.
            multiline = true
            let emptyLines = try foldQuotedBreak(at: position + 1, blockIndent: blockIndent, open: open, double: true)
            for _ in 0..<emptyLines { buffer.append(UInt8(ascii: "\n")) }
            return index
        default:
            if bytes[position + 1] == 0 && position + 1 >= count {
                throw error(open, "unterminated double-quoted string")
            }
            throw error(position, "invalid escape sequence '\\\(describe(position + 1).dropFirst().dropLast())' in double-quoted string")
        }
        if digits > 0 {
            for digit in 0..<digits {
                let hexDigit = bytes[position + 2 + digit]
                let value: UInt8
                switch hexDigit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = hexDigit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = hexDigit - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): value = hexDigit - UInt8(ascii: "A") + 10
                default:
                    throw error(position, "invalid escape sequence: '\\\(Character(Unicode.Scalar(escape)))' needs \(digits) hexadecimal digits")
                }
                scalar = scalar << 4 | UInt32(value)
            }
            if scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) {
                throw error(position, "invalid escape sequence: U+\(hex4(scalar)) is not a Unicode scalar value")
            }
            appendUTF8(&buffer, scalar)
            return position + 2 + digits
        }
        return position + 2
    }

    func appendUTF8(_ buffer: inout [UInt8], _ scalar: UInt32) {
        UTF8Bytes.append(scalar, to: &buffer)
    }

    // MARK: Values

    mutating func emitNull(at offset: Int) {
        entries.append(Document.Entry(kind: .null, start: UInt32(offset), end: UInt32(offset)))
        lastEnd = offset
    }

    mutating func emitString(_ token: ScalarToken) {
        if token.isDecoded {
            strings.append(String(decoding: decodedText, as: UTF8.self))
            entries.append(Document.Entry(kind: .string, flags: Document.Entry.decoded, start: UInt32(token.start),
                                          end: UInt32(token.end), payload: UInt32(strings.count - 1)))
        } else {
            entries.append(Document.Entry(kind: .string, flags: token.style == .plain ? 0 : Document.Entry.quoted,
                                          start: UInt32(token.start), end: UInt32(token.end)))
        }
        lastEnd = token.end
    }

    mutating func emitValue(_ token: ScalarToken) throws(SyntaxError) {
        guard token.style == .plain, !token.isDecoded else {
            emitString(token)
            return
        }
        if let payload = smallInteger(token.start, token.end) {
            emitSmallInteger(token, payload: payload)
            return
        }
        let start = UInt32(token.start)
        let end = UInt32(token.end)
        switch try classifyPlain(token.start, token.end) {
        case .string:
            entries.append(Document.Entry(kind: .string, start: start, end: end))
        case .null:
            entries.append(Document.Entry(kind: .null, start: start, end: end))
        case .bool(let value):
            entries.append(Document.Entry(kind: .bool, start: start, end: end, payload: value ? 1 : 0))
        case .number(let value):
            if let integer = Document.Entry.inlineInteger(value) {
                entries.append(Document.Entry(kind: .number, flags: Document.Entry.integer, start: start, end: end, payload: integer))
            } else {
                numbers.append(value)
                entries.append(Document.Entry(kind: .number, start: start, end: end, payload: UInt32(numbers.count - 1)))
            }
        }
        lastEnd = token.end
    }

    /// A plain scalar that `smallInteger` read as `payload`.
    @inline(__always)
    mutating func emitSmallInteger(_ token: ScalarToken, payload: UInt32) {
        entries.append(Document.Entry(kind: .number, flags: Document.Entry.integer,
                                      start: UInt32(token.start), end: UInt32(token.end), payload: payload))
        lastEnd = token.end
    }

    /// The entry payload of a plain scalar that is a decimal integer of at most seven digits
    /// and an optional sign (not `-0`), else nil. Such scalars are most of a layout's values
    /// (frames); the core schema reads them as the integer they spell, which always fits
    /// the entry (`Document.Entry.inlineInteger`), so they skip `classifyPlain` and the
    /// Double. Everything else, `-0` included (a float -0.0, kept in `numbers`), is nil.
    @inline(__always)
    func smallInteger(_ start: Int, _ end: Int) -> UInt32? {
        var position = start
        let first = bytes[position]
        let negative = first == UInt8(ascii: "-")
        if negative || first == UInt8(ascii: "+") { position += 1 }
        let digitsStart = position
        guard end > digitsStart, end - digitsStart <= 7 else { return nil }
        var value: Int32 = 0
        while position < end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int32(digit)
            position += 1
        }
        if negative {
            if value == 0 { return nil }
            value = -value
        }
        return UInt32(bitPattern: value) & (1 << 26 - 1)
    }

    // MARK: Keys

    /// Appends a key after checking it is a string and not a duplicate; returns the mapping's
    /// (possibly new) hash table index.
    mutating func emitKey(_ key: ScalarToken, keyBase: Int, table tableIndex: Int) throws(SyntaxError) -> Int {
        var table = tableIndex
        if key.style == .plain && !key.isDecoded {
            let kind = try classifyPlain(key.start, key.end)
            if case .string = kind {} else { throw nonStringKey(key, kind) }
        }
        if key.end - key.start > 1024 {
            var characters = 0
            for offset in key.start..<key.end where bytes[offset] & 0xC0 != 0x80 { characters += 1 }
            if characters > 1024 {
                throw error(key.start, "a mapping key longer than 1024 characters is not allowed in YAML")
            }
        }
        let keyEntry = entries.count
        let keyCount = keyStack.count - keyBase
        if table < 0 && keyCount < 16 {
            let other: Int?
            if key.isDecoded {
                other = decodedText.withUnsafeBufferPointer { earlierKey(equalTo: $0, keyBase: keyBase) }
            } else {
                let range = contentRange(key)
                other = earlierKey(equalTo: UnsafeBufferPointer(start: bytes + range.start, count: range.end - range.start),
                                   keyBase: keyBase)
            }
            if let other { throw duplicateKey(key, other) }
        } else {
            if table < 0 {
                var dictionary: [UInt64: Int32] = [:]
                dictionary.reserveCapacity(64)
                for position in keyBase..<keyStack.count {
                    let other = Int(keyStack[position])
                    let hash = hashOf(entry: other)
                    if dictionary[hash] == nil { dictionary[hash] = keyStack[position] }
                }
                keyTables.append(dictionary)
                table = keyTables.count - 1
            }
            let hash = hashOf(token: key)
            if let other = keyTables[table][hash] {
                if keysEqual(Int(other), key) { throw duplicateKey(key, Int(other)) }
                // A hash collision: compare with every key of this mapping.
                for position in keyBase..<keyStack.count where keysEqual(Int(keyStack[position]), key) {
                    throw duplicateKey(key, Int(keyStack[position]))
                }
            } else {
                keyTables[table][hash] = Int32(keyEntry)
            }
        }
        emitString(key)
        keyStack.append(Int32(keyEntry))
        return table
    }

    /// The entry of a key of the mapping whose keys start at `keyBase` whose content is
    /// `content`, if any. Most mappings have a few keys of different lengths, so the
    /// lengths are compared before any byte.
    @inline(__always)
    func earlierKey(equalTo content: UnsafeBufferPointer<UInt8>, keyBase: Int) -> Int? {
        var position = keyBase
        while position < keyStack.count {
            let other = Int(keyStack[position])
            let entry = entries[other]
            if entry.flags & Document.Entry.decoded == 0 {
                let quoted = entry.flags & Document.Entry.quoted != 0 ? 1 : 0
                let length = Int(entry.end) - Int(entry.start) - 2 * quoted
                if length == content.count
                    && (length == 0 || memcmp(bytes + Int(entry.start) + quoted, content.baseAddress!, length) == 0) {
                    return other
                }
            } else {
                var string = strings[Int(entry.payload)]
                let equal = string.withUTF8 { text in
                    text.count == content.count && (text.count == 0 || memcmp(text.baseAddress!, content.baseAddress!, text.count) == 0)
                }
                if equal { return other }
            }
            position += 1
        }
        return nil
    }

    mutating func dropKeys(base: Int, table: Int) {
        // A mapping has a few keys as a rule: removing them one by one is cheaper than
        // `removeSubrange`, which is a general replacement.
        while keyStack.count > base { keyStack.removeLast() }
        if table >= 0 { keyTables.removeLast() }
    }

    func nonStringKey(_ key: ScalarToken, _ kind: PlainKind) -> SyntaxError {
        let what: String
        switch kind {
        case .string: what = "a string"
        case .null: what = "null"
        case .bool: what = "a boolean"
        case .number: what = "a number"
        }
        return error(key.start, "non-string keys are not supported: YAML reads the key '\(text(key.start, key.end))' as \(what); quote it")
    }

    func duplicateKey(_ key: ScalarToken, _ other: Int) -> SyntaxError {
        let line = source.location(of: Int(entries[other].start)).line
        let name: String
        if key.isDecoded {
            name = String(decoding: decodedText.prefix(40), as: UTF8.self)
        } else {
            let quoted = key.style == .plain ? 0 : 1
            name = text(key.start + quoted, key.end - quoted)
        }
        return error(key.start, "duplicate key '\(name)' (first defined on line \(line))")
    }

    /// Content bytes of a key token: (pointer, count) for verbatim keys.
    func contentRange(_ key: ScalarToken) -> (start: Int, end: Int) {
        key.style == .plain ? (key.start, key.end) : (key.start + 1, key.end - 1)
    }

    func keysEqual(_ entryIndex: Int, _ key: ScalarToken) -> Bool {
        let entry = entries[entryIndex]
        if entry.flags & Document.Entry.decoded == 0 {
            let quoted = entry.flags & Document.Entry.quoted != 0 ? 1 : 0
            let content = UnsafeBufferPointer(start: bytes + Int(entry.start) + quoted, count: Int(entry.end) - Int(entry.start) - 2 * quoted)
            return bytesEqual(content, key)
        }
        var string = strings[Int(entry.payload)]
        return string.withUTF8 { bytesEqual($0, key) }
    }

    func bytesEqual(_ text: UnsafeBufferPointer<UInt8>, _ key: ScalarToken) -> Bool {
        if key.isDecoded {
            return decodedText.withUnsafeBufferPointer { keyText in
                text.count == keyText.count && (text.count == 0 || memcmp(text.baseAddress!, keyText.baseAddress!, text.count) == 0)
            }
        }
        let range = contentRange(key)
        let length = range.end - range.start
        return text.count == length && (length == 0 || memcmp(text.baseAddress!, bytes + range.start, length) == 0)
    }

    func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    func hashOf(entry entryIndex: Int) -> UInt64 {
        let entry = entries[entryIndex]
        if entry.flags & Document.Entry.decoded == 0 {
            let quoted = entry.flags & Document.Entry.quoted != 0 ? 1 : 0
            return fnv(UnsafeBufferPointer(start: bytes + Int(entry.start) + quoted, count: Int(entry.end) - Int(entry.start) - 2 * quoted))
        }
        var string = strings[Int(entry.payload)]
        return string.withUTF8 { fnv($0) }
    }

    func hashOf(token key: ScalarToken) -> UInt64 {
        if key.isDecoded { return decodedText.withUnsafeBufferPointer { fnv($0) } }
        let range = contentRange(key)
        return fnv(UnsafeBufferPointer(start: bytes + range.start, count: range.end - range.start))
    }
}
