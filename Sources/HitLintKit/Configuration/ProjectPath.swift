import Foundation

/// Paths as CI tools want them: relative to the project folder (the current
/// folder of the run), with `./` and `..` resolved, so the same file has the
/// same name in SARIF, annotations and baselines however it was named on the
/// command line.
public enum ProjectPath {
    /// `path` relative to `base` when it lies inside it; otherwise the
    /// normalized absolute path.
    public static func relative(_ path: String, to base: String) -> String {
        let absolute = normalized(path.hasPrefix("/") ? path : base + "/" + path)
        let root = normalized(base)
        if absolute == root { return "." }
        let prefix = root == "/" ? "/" : root + "/"
        if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        return absolute
    }

    /// `path` as the file system finds it from `folder`: a relative path is
    /// joined to it. Commands take their folder from `CommandOutput.currentDirectory`,
    /// which need not be the process's (tests run commands in many folders at once).
    public static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// The file itself: every symlink resolved (realpath(3)); the path as given
    /// when it cannot be resolved (missing, a loop).
    public static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Collapses `.`, `..` and repeated slashes, textually (symlinks are not resolved:
    /// the name the user sees is the name we report).
    public static func normalized(_ path: String) -> String {
        isNormalized(path) ? path : collapse(path)
    }

    /// No empty, `.` or `..` component and no trailing slash: `normalized` would
    /// return the path unchanged. A byte scan, for the common case: splitting
    /// and joining every path of a run over many files shows in its profile.
    static func isNormalized(_ path: String) -> Bool {
        var length = 0  // of the current component
        var onlyDots = true
        var position = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                // A leading slash (absolute path) ends no component.
                if position > 0, length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
            position += 1
        }
        return length > 0 && !(onlyDots && length <= 2)
    }

    /// `normalized`, the long way: split, resolve, join.
    static func collapse(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if component == "..", isAbsolute { continue }
            parts.append(component)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// A relative path as a URI reference (RFC 3986): each byte outside the
    /// unreserved set and `/` percent-encoded. An absolute path becomes a `file://` URI.
    public static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
