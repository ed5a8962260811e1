/// A JSON string literal with the escapes RFC 8259 requires.
public func jsonString(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    Document.appendEscaped(text.utf8, into: &bytes)
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
}
