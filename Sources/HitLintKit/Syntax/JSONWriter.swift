/// Writes a `Document` back out as JSON (for `hitlint parse`): keys in order,
/// duplicates kept, numbers as written when the source spelling is already a
/// valid JSON number, otherwise the same value in JSON spelling.
///
/// Iterative, so a document as deep as the parsers accept cannot overflow the stack.
extension Document {
    public func jsonBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.bytes.count + 16)
        guard !entries.isEmpty else { return Array("null".utf8) }
        // Stack of (container end index, is object) for open containers.
        var stack: [(end: Int, isObject: Bool)] = []
        var index = 0
        var needsComma = false
        while index < entries.count || !stack.isEmpty {
            // Close every container that ends here.
            while let top = stack.last, index >= top.end {
                out.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                stack.removeLast()
                needsComma = true
            }
            if index >= entries.count { break }
            let inObject = stack.last?.isObject ?? false
            // In an object, entries alternate key, value: a key is at an even offset
            // from the first member; we track that through the parity of writes.
            if needsComma { out.append(UInt8(ascii: ",")) }
            if inObject {
                writeString(index, into: &out)
                out.append(UInt8(ascii: ":"))
                index += 1
            }
            let entry = entries[index]
            switch entry.kind {
            case .null:
                out.append(contentsOf: "null".utf8)
                index += 1
                needsComma = true
            case .bool:
                out.append(contentsOf: entry.payload != 0 ? "true".utf8 : "false".utf8)
                index += 1
                needsComma = true
            case .number:
                writeNumber(index, into: &out)
                index += 1
                needsComma = true
            case .string:
                writeString(index, into: &out)
                index += 1
                needsComma = true
            case .array, .object:
                out.append(entry.kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
                stack.append((Int(entry.payload), entry.kind == .object))
                index += 1
                needsComma = false
            }
        }
        return out
    }

    private func writeNumber(_ index: Int, into out: inout [UInt8]) {
        let span = self.span(index)
        let copied = source.bytes.withUnsafeBufferPointer { buffer -> Bool in
            let written = UnsafeBufferPointer(rebasing: buffer[span.start..<span.end])
            guard Self.isJSONNumber(written) else { return false }
            out.append(contentsOf: written)
            return true
        }
        if copied { return }
        let value = number(index) ?? 0
        if value == 0, value.sign == .minus {
            out.append(contentsOf: "-0".utf8)  // Int64(-0.0) would drop the sign (YAML `-.0`)
        } else if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
        } else if value.isFinite {
            out.append(contentsOf: "\(value)".utf8)
        } else {
            // Not representable in JSON; a parser only lets this through from a
            // spelling that is itself valid JSON, handled above.
            out.append(contentsOf: "null".utf8)
        }
    }

    private func writeString(_ index: Int, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let entry = entries[index]
        if entry.flags & Entry.decoded != 0 {
            JSONEscaping.append(strings[Int(entry.payload)].utf8, into: &out)
        } else {
            let content = contentSpan(index)!
            JSONEscaping.append(source.bytes[content.start..<content.end], into: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// RFC 8259 number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    static func isJSONNumber<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var current = iterator.next()
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if current == UInt8(ascii: "-") { current = iterator.next() }
        if current == UInt8(ascii: "0") {
            current = iterator.next()
        } else if isDigit(current) {
            while isDigit(current) { current = iterator.next() }
        } else {
            return false
        }
        if current == UInt8(ascii: ".") {
            current = iterator.next()
            guard isDigit(current) else { return false }
            while isDigit(current) { current = iterator.next() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            current = iterator.next()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { current = iterator.next() }
            guard isDigit(current) else { return false }
            while isDigit(current) { current = iterator.next() }
        }
        return current == nil
    }
}
