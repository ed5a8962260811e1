/// A JSON string literal with the escapes RFC 8259 requires.
public func jsonString(_ text: String) -> String {
    var writer = ByteWriter(capacity: text.utf8.count + 2)
    writer.appendJSONString(text)
    return writer.string
}
