/// "'a', 'b' and 3 others": the largest few of many, so output grows with nodes, not pairs.
func namedFew(_ names: [String], limit: Int = 3) -> String {
    namedFew(Array(names.prefix(limit)), of: names.count)
}

/// `namedFew` of `total` names of which only the first few shown are known
/// (a target covered by hundreds of views names three).
func namedFew(_ shown: [String], of total: Int) -> String {
    let quoted = shown.map { "'\($0)'" }
    if total <= shown.count { return englishList(quoted) }
    let rest = total - shown.count
    return quoted.joined(separator: ", ") + " and \(rest) other\(rest == 1 ? "" : "s")"
}
