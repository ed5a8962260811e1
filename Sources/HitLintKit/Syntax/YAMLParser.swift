/// YAML subset (SPEC §1.3) → `Document`. (Placeholder: being written.)
public enum YAMLParser {
    public static func parse(_ source: SourceText) throws(SyntaxError) -> Document {
        throw SyntaxError(offset: 0, message: "YAML parser not written yet")
    }
}
