/// RFC 8259 JSON → `Document`. (Placeholder: being written.)
public enum JSONParser {
    public static func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        throw SyntaxError(offset: 0, message: "JSON parser not written yet")
    }
}
