/// The members of a JSON mapping the parser has already accepted, found
/// again by walking its bytes: where each key and value is, with no document
/// built. A fix that adds a key to a node of a streamed layout needs only
/// where the node's last members are, and parsing the node again into a
/// document costs several times the walk.
enum JSONMemberScan {
    /// Calls `body` with each member's key and value spans (a string's
    /// quotes and a container's brackets included, as `Document.span`
    /// gives them), in order, for the mapping at `object` (its braces
    /// included). A value starting at `skipping`'s start is taken to end at
    /// its end unread (a node's `children`, which can be most of the file).
    /// Returns false when the bytes are not a mapping as JSON writes one: it
    /// is only for bytes a parse accepted, and says so rather than guess.
    static func forEachMember(in bytes: UnsafeBufferPointer<UInt8>, object: Range<Int>, skipping: Range<Int>?,
                              _ body: (_ key: SourceSpan, _ value: SourceSpan) -> Void) -> Bool {
        let end = min(object.upperBound, bytes.count)
        guard object.lowerBound < end, bytes[object.lowerBound] == UInt8(ascii: "{") else { return false }
        var position = object.lowerBound + 1
        func skipSpace() {
            while position < end, isSpace(bytes[position]) { position += 1 }
        }
        var expectsMember = true  // after `{` or a comma
        var isEmpty = true
        while true {
            skipSpace()
            guard position < end else { return false }
            switch bytes[position] {
            case UInt8(ascii: "}"):
                return !expectsMember || isEmpty
            case UInt8(ascii: ","):
                guard !expectsMember else { return false }
                expectsMember = true
                position += 1
                continue
            case UInt8(ascii: "\""):
                guard expectsMember else { return false }
            default:
                return false
            }
            let keyStart = position
            position = SourceBytes.endOfString(in: bytes, openedAt: position, before: end)
            let key = SourceSpan(start: keyStart, end: position)
            skipSpace()
            guard position < end, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            skipSpace()
            guard position < end else { return false }
            let valueStart = position
            if let skipping, skipping.lowerBound == valueStart {
                position = skipping.upperBound
            } else {
                position = endOfValue(bytes, at: position, end: end)
            }
            guard position > valueStart, position <= end else { return false }
            body(key, SourceSpan(start: valueStart, end: position))
            expectsMember = false
            isEmpty = false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Just after the value starting at `start`: a string, a container with
    /// whatever it holds, or a scalar (up to the byte that ends it).
    private static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int {
        var position = start
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return SourceBytes.endOfString(in: bytes, openedAt: start, before: end)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while position < end {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    position = SourceBytes.endOfString(in: bytes, openedAt: position, before: end)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return position + 1 }
                default:
                    break
                }
                position += 1
            }
            return end
        default:
            while position < end {
                let byte = bytes[position]
                if isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
                position += 1
            }
            return position
        }
    }
}
