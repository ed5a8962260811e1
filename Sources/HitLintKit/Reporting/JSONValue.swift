/// A JSON value built in code and written with a stable layout: keys in the
/// order given, two-space indentation, and a container that holds only
/// scalars on one line (`{"startLine": 3, "startColumn": 7}`), so files diff well.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: "")
        out += "\n"
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): out += jsonString(value)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (position, item) in items.enumerated() {
                    if position > 0 { out += ", " }
                    item.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (position, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += position == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if members.allSatisfy(\.1.isScalar) {
                out += "{"
                for (position, (key, value)) in members.enumerated() {
                    if position > 0 { out += ", " }
                    out += jsonString(key) + ": "
                    value.write(into: &out, indent: indent)
                }
                out += "}"
                return
            }
            let inner = indent + "  "
            out += "{\n"
            for (position, (key, value)) in members.enumerated() {
                out += inner + jsonString(key) + ": "
                value.write(into: &out, indent: inner)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
