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
        var out = ByteWriter()
        write(into: &out, indent: 0)
        out.append("\n")
        return out.string
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Written into bytes as if it began `indent` spaces in (the lines after
    /// its first are indented from there): the reports write their fixed
    /// parts this way, in place, between the parts they write themselves.
    func write(into out: inout ByteWriter, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.append(decimal: value)
        case .string(let value): out.appendJSONString(value)
        case .array(let items):
            if items.isEmpty { out.append("[]"); return }
            if items.allSatisfy(\.isScalar) {
                out.append("[")
                for (position, item) in items.enumerated() {
                    if position > 0 { out.append(", ") }
                    item.write(into: &out, indent: indent)
                }
                out.append("]")
                return
            }
            out.append("[\n")
            for (position, item) in items.enumerated() {
                out.appendSpaces(indent + 2)
                item.write(into: &out, indent: indent + 2)
                out.append(position == items.count - 1 ? "\n" : ",\n")
            }
            out.appendSpaces(indent)
            out.append("]")
        case .object(let members):
            if members.isEmpty { out.append("{}"); return }
            if members.allSatisfy(\.1.isScalar) {
                out.append("{")
                for (position, (key, value)) in members.enumerated() {
                    if position > 0 { out.append(", ") }
                    out.appendJSONString(key)
                    out.append(": ")
                    value.write(into: &out, indent: indent)
                }
                out.append("}")
                return
            }
            out.append("{\n")
            for (position, (key, value)) in members.enumerated() {
                out.appendSpaces(indent + 2)
                out.appendJSONString(key)
                out.append(": ")
                value.write(into: &out, indent: indent + 2)
                out.append(position == members.count - 1 ? "\n" : ",\n")
            }
            out.appendSpaces(indent)
            out.append("}")
        }
    }
}
