/// RFC 8259 JSON → `Document`.
///
/// Reads the bytes directly (no Foundation, no `String` per key) into the flat
/// pre-order entry array. Iterative: open containers live on an explicit stack,
/// so nesting depth is bounded by `maximumNestingDepth`, not by the call stack.
///
/// Strings without escapes are recorded as verbatim slices of the source
/// (`Entry.quoted`); only strings with escapes are decoded into `strings`.
/// String contents are validated as UTF-8 (no overlong forms, no encoded
/// surrogates, nothing above U+10FFFF); `\u` escapes must pair surrogates.
///
/// Errors point at the first bad byte and say what was expected and what was found.
///
/// Choices where RFC 8259 leaves room (JSONTestSuite `i_` cases):
/// - A UTF-8 byte order mark at the start is rejected with its own message. RFC 8259
///   §8.1 lets a parser ignore it, but JSON texts must not contain one, and a linter
///   is the place to say so; the message names the problem so it is easy to fix.
/// - UTF-16 / UTF-32 input (BOM or NUL bytes) is rejected: JSON text must be UTF-8.
/// - A lone UTF-16 surrogate escape (`"\uD800"`) is rejected: it has no UTF-8 form.
/// - Numbers outside the range of `Double` are valid JSON and kept (`1e999` → inf,
///   `1e-999` → 0); the Layout stage reports non-finite numbers.
/// - Files of 4 GiB or more are refused (spans are 32-bit offsets).
public enum JSONParser {
    public static func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        var observer = NoObserver()
        return try parse(source, observer: &observer)
    }

    /// The value at `range` of a source already parsed (spans stay the file's
    /// offsets), with the list at `skipping` read as an empty list: how a
    /// streamed layout reads one node's mapping again without its children.
    static func parse(_ source: SourceText, range: Range<Int>, skipping: Range<Int>?) throws(SyntaxError) -> Document {
        guard range.upperBound <= source.bytes.count, range.lowerBound < range.upperBound else {
            throw SyntaxError(offset: range.lowerBound, message: "expected a value")
        }
        var observer = NoObserver()
        return try source.bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> Document in
            let length = range.count - (skipping?.count ?? 0)
            var parser = Parser<NoObserver>(source: source, base: buffer.baseAddress!, count: range.upperBound, length: length)
            parser.index = range.lowerBound
            if let skipping { (parser.skipFrom, parser.skipTo) = (skipping.lowerBound, skipping.upperBound) }
            return try parser.run(&observer)
        }
    }

    /// Parses while `observer` sees containers open and close (and drops the
    /// entries of those it has read): the document returned holds what it kept.
    /// `valueLimit`: the most values held at once (`Document.Entry.maximumEntries`;
    /// tests lower it).
    static func parse<Observer: JSONParseObserver>(_ source: SourceText, observer: inout Observer,
                                                   valueLimit: Int = Document.Entry.maximumEntries) throws(SyntaxError) -> Document {
        let count = source.bytes.count
        guard count < Int(UInt32.max) else {
            throw SyntaxError(offset: 0, message: "file too large: 4 GiB or more is not supported")
        }
        guard count > 0 else {
            throw SyntaxError(offset: 0, message: "expected a value, found end of file")
        }
        return try source.bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> Document in
            var parser = Parser<Observer>(source: source, base: buffer.baseAddress!, count: count)
            parser.valueLimit = valueLimit
            return try parser.run(&observer)
        }
    }
}

/// Sees the containers of a JSON parse open and close, and may drop a closed
/// container's entries once it has read them. This is how the layout builder
/// reads a large file without keeping every node's values
/// (`LayoutBuilder.build(streaming:)`): the entries held at any time are those of
/// the open containers, not of the whole file.
protocol JSONParseObserver {
    /// Whether the parser calls the observer at all (false: the plain parse).
    static var isActive: Bool { get }
    /// A container opens as entry `entry`. `parentTag` is the tag of the container
    /// it is in (nil at the top), `key` the text of its member key when it is an
    /// object member's value. `parsed` lends the document parsed so far to a
    /// reading of it, and returns what that reading does. Returns the
    /// container's tag (1...7), or 0 for one whose close need not be reported
    /// (nor what opens inside it).
    mutating func opened(_ entry: Int, kind: Document.Kind, parentTag: UInt8?, key: UnsafeBufferPointer<UInt8>?,
                         parsed: ((borrowing Document) -> Int) -> Int) -> UInt8
    /// A container with a nonzero tag has closed (its span and contents are in
    /// `parsed`, lent for the call: it must come back as it was). Returns how
    /// many of its entries to keep: nil for all; 1 for the container itself,
    /// emptied; 0 for none.
    /// `valuesFrom`: where in `parsed.numbers` and `parsed.strings` the values
    /// held in its entries start (what came after it opened).
    mutating func closed(_ entry: Int, tag: UInt8, parsed: inout Document, valuesFrom: (numbers: Int, strings: Int)) -> Int?
}

struct NoObserver: JSONParseObserver {
    static var isActive: Bool { false }
    /// Not empty: ThreadSanitizer faults on the `inout` access to an empty
    /// struct's (placeholder) address when it checks exclusive access.
    private var unused: UInt8 = 0
    func opened(_ entry: Int, kind: Document.Kind, parentTag: UInt8?, key: UnsafeBufferPointer<UInt8>?,
                parsed: ((borrowing Document) -> Int) -> Int) -> UInt8 { 0 }
    func closed(_ entry: Int, tag: UInt8, parsed: inout Document, valuesFrom: (numbers: Int, strings: Int)) -> Int? { nil }
}

private typealias Entry = Document.Entry

// ASCII bytes the parser looks for.
private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let comma = UInt8(ascii: ",")
private let colon = UInt8(ascii: ":")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let zero = UInt8(ascii: "0")
private let minus = UInt8(ascii: "-")

/// Where a value was expected, for the error message when none is found.
private enum ValueContext {
    case document, arrayStart, arrayElement, memberValue
}

private struct Parser<Observer: JSONParseObserver> {
    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0
    /// The entries, numbers and decoded strings so far, with their source: held
    /// as a document, so that one is lent to the observer as it is, each time
    /// a container closes (building one counted a reference to the source per node).
    var document: Document
    /// Values are first written into small cache-resident chunks and moved to
    /// `entries` / `numbers` in bulk: a plain store per value instead of an
    /// `Array.append` (uniqueness and capacity checks) per value.
    let entryChunk: UnsafeMutablePointer<Entry>
    var entryChunkCount = 0
    let numberChunk: UnsafeMutablePointer<Double>
    var numberChunkCount = 0
    /// Open containers, innermost last: entry index << 4 | tag << 1 | 1 for an object.
    var open: UnsafeMutablePointer<Int>
    /// With an observer: the counts of numbers and strings when each open container opened.
    var openCounts: [(numbers: Int, strings: Int)] = []
    /// A list that starts at `skipFrom` is read as empty and ends at `skipTo` (-1: none).
    var skipFrom = -1
    var skipTo = -1
    /// The most values the entries may hold (`Document.checkSize`): past it a
    /// container's `payload` would be cut short.
    var valueLimit = Entry.maximumEntries
    /// With an observer: the error for holding more values than that, once
    /// the parse has (from then on the observer is told nothing).
    var overflow: SyntaxError?
    var openCapacity = 64
    var depth = 0
    /// Bytes of the string being unescaped.
    var scratch: [UInt8] = []

    /// 4,096 values, or fewer for a short text (a node's mapping read again
    /// for a fix costs no 80 KB of chunks).
    let chunkSize: Int

    /// `count`: where the text ends; `length`: how much of it is read (from `index`).
    init(source: SourceText, base: UnsafePointer<UInt8>, count: Int, length: Int? = nil) {
        document = Document(source: source)
        self.base = base
        self.count = count
        let length = length ?? count
        // Layout JSON has one value per 6–20 bytes. Reserving generously costs
        // address space only: pages are touched as entries are written (an
        // observer that drops entries as it goes touches few of them).
        document.entries.reserveLargeCapacity(length / 5 + 16)
        document.numbers.reserveLargeCapacity(length / 12 + 16)
        chunkSize = min(4096, length / 2 + 8)
        entryChunk = .allocate(capacity: chunkSize)
        numberChunk = .allocate(capacity: chunkSize)
        open = .allocate(capacity: openCapacity)
    }

    /// Parses from `index` to `count` into a document (scratch memory freed either way).
    mutating func run(_ observer: inout Observer) throws(SyntaxError) -> Document {
        do throws(SyntaxError) {
            try parseDocument(&observer)
        } catch {
            release()
            throw error
        }
        finish()
        // With an observer the entries held at the end are few: what counts is the most held at once.
        if let overflow { throw overflow }
        try Document.checkSize(document.entries, limit: valueLimit)
        return document
    }

    /// Moves what is left in the chunks to the arrays and frees the scratch memory.
    mutating func finish() {
        flushEntries()
        flushNumbers()
        release()
    }

    func release() {
        entryChunk.deallocate()
        numberChunk.deallocate()
        open.deallocate()
    }

    /// Index the next entry will have.
    @inline(__always)
    var entryCount: Int { document.entries.count + entryChunkCount }

    @inline(__always)
    mutating func appendEntry(_ entry: Entry) {
        entryChunk[entryChunkCount] = entry
        entryChunkCount += 1
        if entryChunkCount == chunkSize { flushEntries() }
    }

    /// Index the number gets in `numbers`.
    @inline(__always)
    mutating func appendNumber(_ value: Double) -> Int {
        let position = document.numbers.count + numberChunkCount
        numberChunk[numberChunkCount] = value
        numberChunkCount += 1
        if numberChunkCount == chunkSize { flushNumbers() }
        return position
    }

    @inline(never)
    mutating func flushEntries() {
        document.entries.append(contentsOf: UnsafeBufferPointer(start: entryChunk, count: entryChunkCount))
        entryChunkCount = 0
    }

    @inline(never)
    mutating func flushNumbers() {
        document.numbers.append(contentsOf: UnsafeBufferPointer(start: numberChunk, count: numberChunkCount))
        numberChunkCount = 0
    }

    // MARK: Structure

    /// The whole document, containers kept on a stack rather than by
    /// recursion. Long on purpose: one loop with two states (where a value
    /// starts, and what follows a value), which jump to each other by a
    /// labelled `continue`; as functions, each state would return which to
    /// run next, and every value of every file would pay a call and a switch.
    mutating func parseDocument(_ observer: inout Observer) throws(SyntaxError) {
        if index == 0 { try checkEncoding() }
        skipWhitespace()
        var context = ValueContext.document
        nextValue: while true {
            // `index` is at the first non-whitespace byte where a value must start.
            guard index < count else { throw expectedValue(context) }
            let byte = base[index]
            switch byte {
            case openBrace:
                try openContainer(.object, &observer)
                index += 1
                skipWhitespace()
                if index < count, base[index] == closeBrace {
                    closeContainer(&observer)
                } else {
                    try parseKeyAndColon(afterComma: false)
                    context = .memberValue
                    continue nextValue
                }
            case openBracket:
                try openContainer(.array, &observer)
                index += 1
                if index - 1 == skipFrom { index = skipTo - 1 }
                skipWhitespace()
                if index < count, base[index] == closeBracket {
                    closeContainer(&observer)
                } else {
                    context = .arrayStart
                    continue nextValue
                }
            case quote:
                try parseString()
            case minus, zero...UInt8(ascii: "9"):
                try parseNumber()
            case UInt8(ascii: "t"):
                try parseLiteral("true", kind: .bool, payload: 1)
            case UInt8(ascii: "f"):
                try parseLiteral("false", kind: .bool, payload: 0)
            case UInt8(ascii: "n"):
                try parseLiteral("null", kind: .null, payload: 0)
            default:
                throw expectedValue(context)
            }

            // After a value: close what ends here, then find where the next value starts.
            while true {
                skipWhitespace()
                guard depth > 0 else {
                    if index < count {
                        throw failure(index, base[index] == 0 ? "NUL byte in file" : "unexpected \(describe(index)) after the document's value")
                    }
                    return
                }
                let isObject = open[depth - 1] & 1 != 0
                let byte: UInt8 = index < count ? base[index] : 0xFF
                if byte == comma, index < count {
                    index += 1
                    skipWhitespace()
                    if isObject {
                        if index < count, base[index] == closeBrace {
                            throw failure(index, "trailing comma before '}'")
                        }
                        try parseKeyAndColon(afterComma: true)
                        context = .memberValue
                    } else {
                        if index < count, base[index] == closeBracket {
                            throw failure(index, "trailing comma before ']'")
                        }
                        context = .arrayElement
                    }
                    continue nextValue
                }
                if byte == (isObject ? closeBrace : closeBracket), index < count {
                    closeContainer(&observer)
                    continue
                }
                if byte == 0, index < count { throw failure(index, "NUL byte in file") }
                throw failure(index, isObject
                    ? "expected ',' or '}' after object member, found \(describe(index))"
                    : "expected ',' or ']' after array element, found \(describe(index))")
            }
        }
    }

    /// Opens an array or object at `index` (not yet consumed).
    @inline(__always)
    mutating func openContainer(_ kind: Document.Kind, _ observer: inout Observer) throws(SyntaxError) {
        if depth == openCapacity { try growOpen() }
        let entry = entryCount
        appendEntry(Entry(kind: kind, start: UInt32(truncatingIfNeeded: index), end: 0, payload: 0))
        var tag: UInt8 = 0
        // Only the top and the contents of tagged containers are the observer's business.
        if Observer.isActive, depth == 0 || open[depth - 1] & 0xE != 0 {
            // Past the limit, indices are cut short: stop before the observer reads them.
            if entryCount > valueLimit { throw limitFailure() }
            tag = observe(entry, kind, &observer)
            if tag != 0 { openCounts.append((document.numbers.count + numberChunkCount, document.strings.count)) }
        }
        open[depth] = entry << 4 | Int(tag) << 1 | (kind == .object ? 1 : 0)
        depth += 1
    }

    /// Tells the observer a container opened (with its member key's text, when it has one).
    mutating func observe(_ entry: Int, _ kind: Document.Kind, _ observer: inout Observer) -> UInt8 {
        guard depth > 0 else {
            return observer.opened(entry, kind: kind, parentTag: nil, key: nil, parsed: { lendParsed($0) })
        }
        let parentTag = UInt8(truncatingIfNeeded: open[depth - 1] >> 1 & 7)
        guard open[depth - 1] & 1 != 0 else {
            return observer.opened(entry, kind: kind, parentTag: parentTag, key: nil, parsed: { lendParsed($0) })
        }
        // The key is the entry before this one.
        let key = entry - document.entries.count - 1 >= 0 ? entryChunk[entry - document.entries.count - 1] : document.entries[entry - 1]
        if key.flags & Entry.decoded != 0 {
            let text = Array(document.strings[Int(key.payload)].utf8)
            return text.withUnsafeBufferPointer { text in
                observer.opened(entry, kind: kind, parentTag: parentTag, key: text, parsed: { lendParsed($0) })
            }
        }
        let content = UnsafeBufferPointer(start: base + Int(key.start) + 1, count: Int(key.end - key.start) - 2)
        return observer.opened(entry, kind: kind, parentTag: parentTag, key: content, parsed: { lendParsed($0) })
    }

    /// Lends the entries so far, as a document, to `reading` (borrowed, not
    /// copied: a copy counted a reference to each of its arrays, for every
    /// node with children).
    mutating func lendParsed(_ reading: (borrowing Document) -> Int) -> Int {
        if entryChunkCount > 0 { flushEntries() }
        if numberChunkCount > 0 { flushNumbers() }
        return reading(document)
    }

    /// Closes the innermost container at `index` (its closing bracket) and consumes it.
    @inline(__always)
    mutating func closeContainer(_ observer: inout Observer) {
        depth -= 1
        let entry = open[depth] >> 4
        index += 1
        let end = UInt32(truncatingIfNeeded: index)
        let after = UInt32(truncatingIfNeeded: entryCount)
        let inChunk = entry - document.entries.count
        if inChunk >= 0 {
            entryChunk[inChunk].end = end
            entryChunk[inChunk].payload = after
        } else {
            document.entries[entry].end = end
            document.entries[entry].payload = after
        }
        if Observer.isActive, open[depth] & 0xE != 0 {
            reportClose(entry, tag: UInt8(truncatingIfNeeded: open[depth] >> 1 & 7), &observer)
        }
    }

    /// Tells the observer a tagged container closed, and drops what it does not
    /// keep. The document is lent to the observer as it is (not shared: no copy,
    /// no reference counting per container).
    mutating func reportClose(_ entry: Int, tag: UInt8, _ observer: inout Observer) {
        let counts = openCounts.removeLast()
        if entryChunkCount > 0 { flushEntries() }
        if numberChunkCount > 0 { flushNumbers() }
        // Indices past the limit were cut short: from then on nothing is read
        // (the parse fails at its end, or at the next container that opens).
        if document.entries.count > valueLimit, overflow == nil { overflow = limitFailure() }
        guard overflow == nil else { return }
        let keep = observer.closed(entry, tag: tag, parsed: &document, valuesFrom: counts)
        guard let keep else { return }
        document.entries.removeLast(document.entries.count - entry - keep)
        if keep > 0 { document.entries[entry].payload = UInt32(entry + 1) }
        if document.numbers.count > counts.numbers { document.numbers.removeLast(document.numbers.count - counts.numbers) }
        if document.strings.count > counts.strings { document.strings.removeLast(document.strings.count - counts.strings) }
    }

    /// `Document.checkSize`'s error for the entries held now (flushed first).
    @inline(never)
    mutating func limitFailure() -> SyntaxError {
        if entryChunkCount > 0 { flushEntries() }
        do throws(SyntaxError) { try Document.checkSize(document.entries, limit: valueLimit) } catch { return error }
        return SyntaxError(offset: index, message: "more than \(valueLimit) values in one file are not supported")
    }

    @inline(never)
    mutating func growOpen() throws(SyntaxError) {
        guard depth < maximumNestingDepth else {
            throw failure(index, "nesting deeper than \(maximumNestingDepth) levels is not supported")
        }
        let capacity = min(openCapacity * 2, maximumNestingDepth)
        let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        grown.moveInitialize(from: open, count: depth)
        open.deallocate()
        open = grown
        openCapacity = capacity
    }

    /// Reads an object key (a string), the ':' after it, and the whitespace after that.
    @inline(__always)
    mutating func parseKeyAndColon(afterComma: Bool) throws(SyntaxError) {
        guard index < count, base[index] == quote else {
            var message = afterComma
                ? "expected a string key after ',', found \(describe(index))"
                : "expected a string key or '}' after '{', found \(describe(index))"
            if index < count, base[index] == UInt8(ascii: "'") { message += " (JSON strings use double quotes)" }
            if index < count, base[index] == 0 { message = "NUL byte in file" }
            throw failure(index, message)
        }
        try parseString()
        skipWhitespace()
        guard index < count, base[index] == colon else {
            throw failure(index, index < count && base[index] == 0
                ? "NUL byte in file"
                : "expected ':' after object key, found \(describe(index))")
        }
        index += 1
        skipWhitespace()
    }

    /// Space, tab, LF, CR: nothing else is JSON whitespace.
    @inline(__always)
    mutating func skipWhitespace() {
        while index < count {
            let byte = base[index]
            if byte == 0x20 {
                index += 1
                // Indentation comes in runs of spaces: skip them eight at a time.
                while index &+ 8 <= count {
                    let word = load64(index) ^ 0x2020_2020_2020_2020
                    if word != 0 {
                        index += word.trailingZeroBitCount >> 3
                        break
                    }
                    index += 8
                }
            } else if byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
            } else {
                return
            }
        }
    }

    @inline(__always)
    func load64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// Rejects a byte order mark and text that is not UTF-8, with messages that say so.
    func checkEncoding() throws(SyntaxError) {
        if count >= 2, (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE) {
            throw failure(0, "UTF-16 byte order mark at start of file: JSON text must be UTF-8")
        }
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            throw failure(0, "byte order mark (BOM) at start of file: JSON text must not begin with U+FEFF")
        }
        // UTF-16 and UTF-32 put a NUL beside every ASCII character: 00 xx 00 xx,
        // xx 00 xx 00, 00 00 00 xx, xx 00 00 00. A stray NUL gets the plain message later.
        if count >= 4, base[0] == 0 || base[1] == 0, base[2] == 0 || base[3] == 0 {
            let offset = base[0] == 0 ? 0 : 1
            throw failure(offset, "NUL byte in file: JSON text must be UTF-8 (this looks like UTF-16 or UTF-32)")
        }
    }

    // MARK: Scalars

    mutating func parseLiteral(_ word: StaticString, kind: Document.Kind, payload: UInt32) throws(SyntaxError) {
        let start = index
        let length = word.utf8CodeUnitCount
        let expected = word.utf8Start
        for offset in 1..<length where start + offset >= count || base[start + offset] != expected[offset] {
            let at = start + offset
            throw failure(at, at < count && base[at] == 0
                ? "NUL byte in file"
                : "invalid literal: expected '\(word)', found \(describe(at))")
        }
        index = start + length
        appendEntry(Entry(kind: kind, start: UInt32(truncatingIfNeeded: start),
                             end: UInt32(truncatingIfNeeded: index), payload: payload))
    }

    /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    ///
    /// Long on purpose: the scan gathers the digits into a mantissa and an
    /// exponent as it goes, and the conversion reads them where they are;
    /// handed to a function of its own, they would cost every number of
    /// every file the moves of a call.
    mutating func parseNumber() throws(SyntaxError) {
        let start = index
        var position = index
        let negative = base[position] == minus
        if negative { position += 1 }
        guard position < count, isDigit(base[position]) else {
            throw numberFailure(position, "expected digit after '-' in number")
        }
        // Up to 19 significant digits fit a UInt64 exactly; beyond that, strtod decides.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var exact = true
        if base[position] == zero {
            position += 1
            if position < count, isDigit(base[position]) {
                throw failure(position, "leading zeros are not allowed in numbers")
            }
        } else {
            while position < count, isDigit(base[position]) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(base[position] &- zero)
                    significantDigits += 1
                } else {
                    exact = false
                }
                position += 1
            }
        }
        // No fraction and no exponent.
        var whole = true
        if position < count, base[position] == UInt8(ascii: ".") {
            whole = false
            position += 1
            guard position < count, isDigit(base[position]) else {
                throw numberFailure(position, "expected digit after '.' in number")
            }
            while position < count, isDigit(base[position]) {
                let digit = base[position] &- zero
                if significantDigits < 19 {
                    if mantissa != 0 || digit != 0 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        significantDigits += 1
                    }
                    exponent -= 1
                } else {
                    exact = false
                }
                position += 1
            }
        }
        if position < count, base[position] | 0x20 == UInt8(ascii: "e") {
            whole = false
            position += 1
            var exponentNegative = false
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == minus {
                exponentNegative = base[position] == minus
                position += 1
            }
            guard position < count, isDigit(base[position]) else {
                throw numberFailure(position, "expected digit in number's exponent")
            }
            var written = 0
            while position < count, isDigit(base[position]) {
                // Clamped: anything this large is inf or 0 anyway, and strtod decides it.
                if written < 100_000 { written = written * 10 + Int(base[position] &- zero) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }
        index = position

        // A whole number written without a fraction or an exponent, small
        // enough to sit in its entry (most of a layout's numbers): its entry
        // is made from the digits, without going through a Double. (-0 is a
        // Double of its own, kept in `numbers`.)
        if exact, whole, mantissa < 1 << 25, !negative || mantissa != 0 {
            let integer = negative ? -Int32(truncatingIfNeeded: mantissa) : Int32(truncatingIfNeeded: mantissa)
            appendEntry(Entry(kind: .number, flags: Entry.integer, start: UInt32(truncatingIfNeeded: start),
                              end: UInt32(truncatingIfNeeded: position), payload: UInt32(bitPattern: integer) & (1 << 26 - 1)))
            return
        }
        var value: Double
        if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            // Both operands are exact, so one IEEE operation rounds correctly (Clinger).
            value = Double(mantissa)
            if exponent < 0 {
                value /= powerOfTen(-exponent)
            } else if exponent > 0 {
                value *= powerOfTen(exponent)
            }
            if negative { value = -value }
        } else {
            value = slowNumber(start, position)
        }
        if let integer = Entry.inlineInteger(value) {
            appendEntry(Entry(kind: .number, flags: Entry.integer, start: UInt32(truncatingIfNeeded: start),
                              end: UInt32(truncatingIfNeeded: position), payload: integer))
        } else {
            let number = appendNumber(value)
            appendEntry(Entry(kind: .number, start: UInt32(truncatingIfNeeded: start),
                              end: UInt32(truncatingIfNeeded: position), payload: UInt32(truncatingIfNeeded: number)))
        }
    }

    /// Correctly rounded conversion for long or extreme numbers (the bytes are a
    /// valid JSON number, which Swift's strtod-based initializer accepts).
    @inline(never)
    func slowNumber(_ start: Int, _ end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return Double(text) ?? .nan
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    @inline(__always)
    func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    // MARK: Strings

    /// Reads a string at `index` (its opening quote) into one entry.
    mutating func parseString() throws(SyntaxError) {
        let start = index
        var position = start + 1
        while true {
            // Eight bytes at a time until a quote, backslash, control or non-ASCII byte.
            while position &+ 8 <= count {
                let word = load64(position)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                // The lowest flagged byte is exact (borrows only run upward from a real hit).
                let special = ((quotes &- ones) | (backslashes &- ones) | (word &- ones &* 0x20) | word)
                    & 0x8080_8080_8080_8080
                if special != 0 {
                    position += special.trailingZeroBitCount >> 3
                    break
                }
                position += 8
            }
            guard position < count else { throw failure(count, "unterminated string") }
            let byte = base[position]
            if byte == quote {
                index = position + 1
                appendEntry(Entry(kind: .string, flags: Entry.quoted, start: UInt32(truncatingIfNeeded: start),
                                     end: UInt32(truncatingIfNeeded: index)))
                return
            } else if byte == backslash {
                try parseEscapedString(start: start, firstEscape: position)
                return
            } else if byte < 0x20 {
                throw controlCharacterFailure(position)
            } else if byte >= 0x80 {
                position = try scanUTF8(position)
            } else {
                position += 1
            }
        }
    }

    /// The rest of a string that has escapes, decoded into `strings`.
    @inline(never)
    mutating func parseEscapedString(start: Int, firstEscape: Int) throws(SyntaxError) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start + 1, count: firstEscape - start - 1))
        var position = firstEscape
        while true {
            guard position < count else { throw failure(count, "unterminated string") }
            let byte = base[position]
            if byte == quote {
                index = position + 1
                appendEntry(Entry(kind: .string, flags: Entry.decoded, start: UInt32(truncatingIfNeeded: start),
                                     end: UInt32(truncatingIfNeeded: index),
                                     payload: UInt32(truncatingIfNeeded: document.strings.count)))
                document.strings.append(String(decoding: scratch, as: UTF8.self))
                return
            } else if byte == backslash {
                position = try decodeEscape(position)
            } else if byte < 0x20 {
                throw controlCharacterFailure(position)
            } else if byte >= 0x80 {
                let end = try scanUTF8(position)
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + position, count: end - position))
                position = end
            } else {
                scratch.append(byte)
                position += 1
            }
        }
    }

    /// Decodes the escape at `position` (a backslash) into `scratch`; returns the index after it.
    mutating func decodeEscape(_ position: Int) throws(SyntaxError) -> Int {
        guard position + 1 < count else { throw failure(count, "unterminated string") }
        let letter = base[position + 1]
        let decoded: UInt8
        switch letter {
        case quote, backslash, UInt8(ascii: "/"): decoded = letter
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(position + 2)
            var end = position + 6
            if scalar & 0xF800 == 0xD800 {
                // A surrogate: only a high one followed by an escaped low one makes a scalar.
                guard scalar < 0xDC00, end + 1 < count, base[end] == backslash, base[end + 1] == UInt8(ascii: "u") else {
                    throw loneSurrogateFailure(position, scalar)
                }
                let low = try hexQuad(end + 2)
                guard low & 0xFC00 == 0xDC00 else { throw loneSurrogateFailure(position, scalar) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                end += 6
            }
            appendUTF8(scalar)
            return end
        default:
            if letter == 0 { throw failure(position + 1, "NUL byte in file") }
            let shown = letter >= 0x21 && letter <= 0x7E
                ? "'\\\(Character(Unicode.Scalar(letter)))'"
                : "'\\' followed by \(describe(position + 1))"
            throw failure(position + 1, "invalid escape \(shown) in string")
        }
        scratch.append(decoded)
        return position + 2
    }

    /// Four hex digits at `position`.
    func hexQuad(_ position: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let at = position + offset
            guard at < count else { throw failure(count, "unterminated string") }
            let byte = base[at]
            let digit: UInt8
            switch byte {
            case zero...UInt8(ascii: "9"): digit = byte - zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw failure(at, byte == 0
                    ? "NUL byte in file"
                    : "invalid escape in string: '\\u' must be followed by 4 hex digits, found \(describe(at))")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        UTF8Bytes.append(scalar, to: &scratch)
    }

    /// Validates the UTF-8 sequence at `position` (a byte ≥ 0x80, Unicode table 3-7);
    /// returns the index after it.
    @inline(__always)
    func scanUTF8(_ position: Int) throws(SyntaxError) -> Int {
        guard let length = UTF8Bytes.sequenceLength(base, count, position) else { throw invalidUTF8Failure(position) }
        return position + length
    }

    // MARK: Errors (cold)

    @inline(never)
    func failure(_ offset: Int, _ message: String) -> SyntaxError {
        SyntaxError(offset: offset, message: message)
    }

    @inline(never)
    func expectedValue(_ context: ValueContext) -> SyntaxError {
        if index < count, base[index] == 0 { return failure(index, "NUL byte in file") }
        let found = describe(index)
        switch context {
        case .arrayStart:
            return failure(index, "expected a value or ']', found \(found)")
        case .memberValue:
            return failure(index, "expected a value after ':', found \(found)")
        case .document, .arrayElement:
            return failure(index, "expected a value, found \(found)")
        }
    }

    @inline(never)
    func numberFailure(_ offset: Int, _ expectation: String) -> SyntaxError {
        if offset < count, base[offset] == 0 { return failure(offset, "NUL byte in file") }
        return failure(offset, "\(expectation), found \(describe(offset))")
    }

    @inline(never)
    func controlCharacterFailure(_ offset: Int) -> SyntaxError {
        let byte = base[offset]
        switch byte {
        case 0: return failure(offset, "NUL byte in file")
        case 0x0A, 0x0D: return failure(offset, "unterminated string: line break before the closing '\"' (write \\n for a line break)")
        case 0x09: return failure(offset, "tab character in string: write it as \\t")
        default:
            return failure(offset, "control character \(hexByte(byte)) in string: write it as \\u00\(hexDigits(byte))")
        }
    }

    @inline(never)
    func loneSurrogateFailure(_ offset: Int, _ value: UInt32) -> SyntaxError {
        let digits = String(value, radix: 16, uppercase: true)
        return failure(offset, "lone UTF-16 surrogate \\u\(digits) in string")
    }

    /// Explains why the UTF-8 sequence starting at `position` is invalid, at the first bad byte.
    @inline(never)
    func invalidUTF8Failure(_ position: Int) -> SyntaxError {
        let (offset, message) = UTF8Bytes.explainInvalid(base, count, position, describe: describe)
        return failure(offset, message)
    }

    /// What is at `offset`, for "found ...": 'x', "end of file", "byte 0x00", "U+2060 '⁠'".
    func describe(_ offset: Int) -> String {
        UTF8Bytes.describe(base, count, offset)
    }

    func hexByte(_ byte: UInt8) -> String { "0x" + hexDigits(byte) }

    func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
