/// One option of the command line, written once (`Arguments.options`): its
/// name, the value it takes, the group it belongs to, how it is read, and its
/// help. `--help`, each command's help, README's table of options and "did
/// you mean" all come from these (swift-argument-parser's `@Option(help:)`
/// inside an `@OptionGroup`, as data).
struct CommandOption {
    /// `--format`, or `-o`.
    let name: String
    /// What the value looks like in help (`FILE`, `auto|always|never`); nil for a flag.
    let valueName: String?
    /// The group it belongs to (`\.report`): a command takes the options of the groups it declares.
    let group: PartialKeyPath<Arguments>
    /// As `--help` prints it beside the name: one string per line.
    let help: [String]
    /// Its row in README's table of options (Markdown): what the help says, at more length.
    let discussion: String
    /// Stores the value (for a flag, nil) in its group.
    let read: (inout Arguments, String?) throws(Arguments.UsageError) -> Void

    init<Group>(_ name: String, _ valueName: String?, in group: WritableKeyPath<Arguments, Group>,
                _ reader: OptionReader<Group>, help: [String], discussion: String) {
        self.name = name
        self.valueName = valueName
        self.group = group
        self.help = help
        self.discussion = discussion
        read = { (arguments: inout Arguments, value: String?) throws(Arguments.UsageError) in
            try reader.read(value ?? "", named: name, into: &arguments[keyPath: group])
        }
    }

    /// `--format F`, as help and README show it.
    var label: String { valueName.map { "\(name) \($0)" } ?? name }

    var takesValue: Bool { valueName != nil }
}

/// How one option's value is stored in its group.
enum OptionReader<Group> {
    /// No value: the option sets it.
    case flag(WritableKeyPath<Group, Bool>)
    /// The value as written; given twice, the last wins.
    case value(WritableKeyPath<Group, String?>)
    /// Every value given, in order.
    case values(WritableKeyPath<Group, [String]>)
    /// A whole number of at least `minimum`.
    case count(WritableKeyPath<Group, Int?>, minimum: Int)
    /// A value checked as soon as it is read.
    case checked((inout Group, String) throws(Arguments.UsageError) -> Void)

    func read(_ value: String, named name: String, into group: inout Group) throws(Arguments.UsageError) {
        switch self {
        case .flag(let property): group[keyPath: property] = true
        case .value(let property): group[keyPath: property] = value
        case .values(let property): group[keyPath: property].append(value)
        case .count(let property, let minimum): group[keyPath: property] = try Arguments.count(value, minimum: minimum, for: name)
        case .checked(let read): try read(&group, value)
        }
    }
}
