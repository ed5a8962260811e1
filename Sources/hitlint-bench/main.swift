#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HitLintKit

// hitlint-bench: generates seeded layouts and times hitlint on them in process,
// with Foundation's JSONSerialization on the same bytes as the yardstick.
// Usage: hitlint-bench [--quick] [--only TEXT] | --stages NODES [--yaml] | --write NODES FILE [--yaml] [--shape SHAPE]

struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ upper: Int) -> Int { Int(next() % UInt64(upper)) }
}

/// A typical screen scaled up: a list of rows, each a view with a label, an
/// icon and two buttons, written as pretty-printed JSON or block YAML. One row
/// in twenty has a button that is too small, so about 1% of nodes get a diagnostic.
func typicalLayout(nodes: Int, yaml: Bool, seed: UInt64 = 1) -> [UInt8] {
    var random = Generator(state: seed)
    let rows = max(1, nodes / 5)
    var out = ""
    out.reserveCapacity(nodes * 160)
    if yaml {
        out += "version: 1\nplatform: uikit\nroot:\n  id: screen\n  frame: [0, 0, 390, \(rows * 60)]\n  children:\n"
        for row in 0..<rows {
            let small = random.int(20) == 0 ? 30 : 44
            out += "    - id: row\(row)\n      type: view\n      frame: [0, \(row * 60), 390, 60]\n      children:\n"
            out += "        - {id: title\(row), type: label, frame: [16, 8, 220, 44]}\n"
            out += "        - {id: icon\(row), type: imageView, frame: [244, 18, 24, 24]}\n"
            out += "        - {id: edit\(row), type: button, frame: [282, 8, \(small), \(small)], hitInsets: -4}\n"
            out += "        - {id: more\(row), type: button, frame: [330, 8, 44, 44]}\n"
        }
    } else {
        out += "{\n  \"version\": 1,\n  \"platform\": \"uikit\",\n  \"root\": {\n    \"id\": \"screen\",\n    \"frame\": [0, 0, 390, \(rows * 60)],\n    \"children\": [\n"
        for row in 0..<rows {
            let small = random.int(20) == 0 ? 30 : 44
            out += row == 0 ? "" : ",\n"
            out += "      {\"id\": \"row\(row)\", \"type\": \"view\", \"frame\": [0, \(row * 60), 390, 60], \"children\": [\n"
            out += "        {\"id\": \"title\(row)\", \"type\": \"label\", \"frame\": [16, 8, 220, 44]},\n"
            out += "        {\"id\": \"icon\(row)\", \"type\": \"imageView\", \"frame\": [244, 18, 24, 24]},\n"
            out += "        {\"id\": \"edit\(row)\", \"type\": \"button\", \"frame\": [282, 8, \(small), \(small)], \"hitInsets\": -4},\n"
            out += "        {\"id\": \"more\(row)\", \"type\": \"button\", \"frame\": [330, 8, 44, 44]}\n      ]}"
        }
        out += "\n    ]\n  }\n}\n"
    }
    return Array(out.utf8)
}

/// A large app's screens as a design tool exports them (issue 36's case):
/// pretty-printed, one key a line, dotted ids, about 200 bytes a node; a feed
/// of rows, each an avatar, a title and three icon buttons, often too small
/// or a few points apart. A finding for every few nodes, most with a fix:
/// what the CI report of a project not linted before is made of.
func appLayout(nodes: Int, seed: UInt64 = 9) -> [UInt8] {
    var random = Generator(state: seed)
    let rows = max(1, nodes / 6)
    var out = "{\n  \"version\": 1,\n  \"platform\": \"uikit\",\n  \"root\": {\n    \"id\": \"feed\",\n"
        + "    \"type\": \"view\",\n    \"frame\": [0, 0, 390, \(rows * 72)],\n    \"children\": [\n"
    out.reserveCapacity(nodes * 210)
    func leaf(_ id: String, _ type: String, _ frame: (Int, Int, Int, Int), last: Bool = false) -> String {
        "        {\n          \"id\": \"\(id)\",\n          \"type\": \"\(type)\",\n"
            + "          \"clipsToBounds\": false,\n          \"hidden\": false,\n"
            + "          \"frame\": [\(frame.0), \(frame.1), \(frame.2), \(frame.3)]\n        }\(last ? "" : ",")\n"
    }
    for row in 0..<rows {
        let item = "home.feed.section\(row / 100).item\(row % 100)"
        out += row == 0 ? "" : ",\n"
        out += "      {\n        \"id\": \"\(item)\",\n        \"type\": \"view\",\n"
            + "        \"frame\": [0, \(row * 72), 390, 72],\n        \"children\": [\n"
        out += leaf("\(item).avatar", "imageView", (16, 12, 48, 48))
        out += leaf("\(item).title", "label", (72, 12, 120, 20))
        var x = 200
        for (index, name) in ["like", "comment", "share"].enumerated() {
            let side = random.int(20) < 11 ? 32 : 44
            out += leaf("\(item).\(name)", "button", (x, 14, side, side), last: index == 2)
            x += side + 4 + random.int(8)
        }
        out += "        ]\n      }"
    }
    out += "\n    ]\n  }\n}\n"
    return Array(out.utf8)
}

/// Hostile shapes.
func pile(targets: Int) -> [UInt8] {
    var out = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 390, 844], \"children\": ["
    for index in 0..<targets {
        out += (index == 0 ? "" : ",") + "{\"id\": \"b\(index)\", \"type\": \"button\", \"frame\": [100, 100, \(40 + index % 7), 44], \"hitInsets\": -\(index % 5)}"
    }
    return Array((out + "]}}").utf8)
}

func chain(depth: Int) -> [UInt8] {
    var out = "{\"root\": "
    for level in 0..<depth { out += "{\"id\": \"v\(level)\", \"frame\": [0, 0, 100, 100], \"children\": [" }
    out += "{\"id\": \"leaf\", \"type\": \"button\", \"frame\": [0, 0, 30, 30]}"
    for _ in 0..<depth { out += "]}" }
    return Array((out + "}").utf8)
}

func wideStack(children: Int) -> [UInt8] {
    var out = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 390, 844], \"children\": [{\"id\": \"stack\", \"type\": \"stack\", \"axis\": \"vertical\", \"spacing\": 2, \"frame\": [0, 0, 390, \(children * 46)], \"children\": ["
    for index in 0..<children {
        out += (index == 0 ? "" : ",") + "{\"id\": \"s\(index)\", \"type\": \"button\", \"size\": [390, 44]}"
    }
    return Array((out + "]}]}}").utf8)
}

/// Buttons of 30×30 pt, 10 pt apart in rows of 200: each too small and each
/// but the last of a row 10 pt from the next, two diagnostics a button, spread
/// out, so each picture places a label for most of them.
func smallButtonGrid(targets: Int) -> [UInt8] {
    let rows = (targets + 199) / 200
    var out = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 8000, \(rows * 40)], \"children\": ["
    for index in 0..<targets {
        out += (index == 0 ? "" : ",") + "{\"id\": \"s\(index)\", \"type\": \"button\", \"frame\": [\(index % 200 * 40), \(index / 200 * 40), 30, 30]}"
    }
    return Array((out + "]}}").utf8)
}

func gapGrid(targets: Int) -> [UInt8] {
    let side = Int(Double(targets).squareRoot())
    var out = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, \(side * 50), \(side * 50)], \"children\": ["
    for index in 0..<(side * side) {
        out += (index == 0 ? "" : ",") + "{\"id\": \"g\(index)\", \"type\": \"button\", \"frame\": [\(index % side * 50), \(index / side * 50), 44, 44]}"
    }
    return Array((out + "]}}").utf8)
}

/// Starts the `hitlint` built next to this executable with its standard output
/// and error sent to /dev/null; nil when it is not there. Spawned and waited for
/// directly: Foundation's `Process.waitUntilExit` polls, and added about 50 ms
/// to every run it timed on Linux (`/bin/true` took 51–53 ms).
func spawnHitlint(_ arguments: [String], executable: String? = nil) -> pid_t? {
    let executable = executable ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("hitlint").path
    guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    #if os(Linux)
    var actions = posix_spawn_file_actions_t()
    #else
    var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    return pid
}

/// Wall time of one `hitlint` run, start to exit.
func timeHitlint(_ arguments: [String]) -> Double? {
    let start = now()
    guard let pid = spawnHitlint(arguments) else { return nil }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid else { return nil }
    return now() - start
}

/// Runs `hitlint`: wall time and the child's peak resident memory, or nil when
/// it is not there.
///
/// On Linux the peak is the child's VmHWM, read from /proc every 2 ms while it
/// runs (the high-water mark only rises, and the peak comes well before the
/// exit): `wait4`'s `ru_maxrss` is no good there, as Linux carries the
/// spawning process's own high-water mark over the exec, so a child of a
/// benchmark that has held gigabytes reports gigabytes.
func runHitlint(_ arguments: [String], executable: String? = nil) -> (seconds: Double, peak: Int)? {
    let start = now()
    guard let pid = spawnHitlint(arguments, executable: executable) else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    #if os(Linux)
    var peak = 0
    while true {
        // posix_spawn returns once the child has exec'd: this is hitlint's own memory.
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) {
            peak = max(peak, (Int(line.filter(\.isNumber)) ?? 0) * 1024)
        }
        let done = wait4(pid, &status, WNOHANG, &usage)
        if done == pid { break }
        if done < 0 { return nil }
        usleep(2_000)
    }
    return (now() - start, peak)
    #else
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    return (now() - start, Int(usage.ru_maxrss))  // bytes on macOS
    #endif
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Peak resident set size in bytes since the last reset (Linux: VmHWM).
func peakRSS() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
    }
    return 0
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

func resetPeakRSS() {
    #if os(Linux)
    // Give freed memory back first, or the high-water mark cannot drop.
    FreedMemory.giveBack()
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
        handle.write(Data("5".utf8))
        try? handle.close()
    }
    #endif
}

/// Best of `runs` timings of `body`.
func best(_ runs: Int, _ body: () -> Void) -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = now()
        body()
        fastest = min(fastest, now() - start)
    }
    return fastest
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

// `hitlint-bench --stages N`: one typical JSON layout of N nodes through each
// stage in turn, printing the time and the resident memory after each (for
// profiling with callgrind or by eye; not part of the default run).
func currentRSS() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (Int(line.filter(\.isNumber)) ?? 0) * 1024
        }
    }
    #endif
    return 0
}

func runStages(nodes: Int, yaml: Bool) {
    let bytes = typicalLayout(nodes: nodes, yaml: yaml)
    let source = SourceText(bytes: bytes)
    resetPeakRSS()
    print("stages of typical \(yaml ? "YAML" : "JSON") \(nodes) nodes, \(megabytes(bytes.count)); RSS at start \(megabytes(currentRSS()))")
    var start = now()
    func step(_ name: String) {
        let time = now() - start
        print(String(format: "  %@ %8.1f ms   RSS %@  peak %@", name.padding(toLength: 10, withPad: " ", startingAt: 0),
                     time * 1000, megabytes(currentRSS()), megabytes(peakRSS())))
        start = now()
    }
    // As `hitlint` reads: YAML and smaller JSON parsed whole, then built; large
    // JSON (RunSettings.defaultStreamingThreshold) built while it is parsed.
    var entries = 0
    let layout: Layout
    if yaml || bytes.count < RunSettings.defaultStreamingThreshold {
        let document = try! (yaml ? SourceFormat.yaml : .json).parse(source)
        entries = document.entries.count
        step("parse")
        layout = LayoutBuilder.build(document).layout
        step("layout")
    } else {
        layout = try! LayoutBuilder.build(streaming: source).layout
        step("read")
    }
    let geometry = Geometry(layout: layout)
    step("geometry")
    let context = RuleContext(layout: layout, geometry: geometry, options: LintOptions(), keepingLostPieces: false)
    step("context")
    let diagnostics = Linter.runRules(context, options: LintOptions())
    step("rules")
    // The same rules again, one at a time on one thread (regions already worked
    // out above), to see which rule the time goes to.
    var ruleTimes: [String] = []
    for rule in RuleRegistry.geometryRules {
        let ruleStart = now()
        _ = rule.check(context)
        ruleTimes.append(String(format: "%@ %.1f", type(of: rule).description.id, (now() - ruleStart) * 1000))
    }
    print("    one by one, ms: " + ruleTimes.joined(separator: ", "))
    start = now()
    let result = LintResult(path: "bench.json", source: source, diagnostics: diagnostics, nodeCount: layout.nodes.count)
    let report = JSONReporter().report([result])
    step("report")
    print("  \(diagnostics.count) diagnostics, report \(megabytes(report.utf8.count)); per node: "
          + "\(MemoryLayout<LayoutNode>.stride) B layout, "
          + "\(MemoryLayout<TargetRegion>.stride) B per target region"
          + (yaml ? ", \(MemoryLayout<Document.Entry>.stride) B per document entry (\(String(format: "%.1f", Double(entries) / Double(max(layout.nodes.count, 1)))) entries)" : ""))
}

if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
    print("""
    usage: hitlint-bench [--quick] [--only TEXT]   every case (or those whose name contains TEXT)
           hitlint-bench --stages NODES [--yaml]   one typical layout through each stage
           hitlint-bench --write NODES FILE [--yaml] [--shape SHAPE]
                                                   write a generated layout; SHAPE: dashboard, dense, app,
                                                   buttons, staircase-1, staircase-0.001, diagonal-1, diagonal-0.001,
                                                   climbing-1, climbing-0.001, pile, overlap-grid, heap
    Cases: parse, typical, command line, hostile, hostile geometry, findings, reports, capture,
    XML captures, language server, small files.
    Environment: HITLINT_BENCH_BASELINE=PATH  the reports cases also run this hitlint, alternately
    """)
    exit(0)
}

if let flag = CommandLine.arguments.firstIndex(of: "--stages") {
    let count = CommandLine.arguments.count > flag + 1 ? Int(CommandLine.arguments[flag + 1]) ?? 100_000 : 100_000
    // Twice: the first run pays for page faults and a cold allocator.
    for _ in 0..<2 { runStages(nodes: count, yaml: CommandLine.arguments.contains("--yaml")) }
    exit(0)
}

/// `--write NODES FILE [--yaml]`: write the typical layout to FILE, to profile the command line on it.
if let flag = CommandLine.arguments.firstIndex(of: "--write"), CommandLine.arguments.count > flag + 2,
   let count = Int(CommandLine.arguments[flag + 1]) {
    // `--shape dashboard` or `--shape dense`: the layouts full of findings instead;
    // `--shape buttons`: the grid of small buttons the render cases draw;
    // `--shape app`: the app's screens of the reports cases (issue 36).
    let shape = CommandLine.arguments.firstIndex(of: "--shape").flatMap {
        CommandLine.arguments.count > $0 + 1 ? CommandLine.arguments[$0 + 1] : nil
    }
    // Or hostile geometry of NODES buttons: `staircase-1` (each 1 pt right of
    // the last), `staircase-0.001`, `diagonal-1`, `diagonal-0.001`,
    // `climbing-1`, `climbing-0.001`, `pile`, `overlap-grid` (NODES² buttons), `heap`.
    func hostile(_ shape: String) -> [UInt8]? {
        let parts = shape.split(separator: "-")
        let step = parts.count == 2 && parts[1] == "0.001" ? 1 : 1_000
        switch parts.first {
        case "staircase": return staircase(buttons: count, dx: step, dy: 0)
        case "diagonal": return staircase(buttons: count, dx: step, dy: step)
        case "climbing": return staircase(buttons: count, dx: step, dy: -step)
        case "pile": return staircase(buttons: count, dx: 0, dy: 0)
        case "overlap": return overlappingGrid(side: count)
        case "heap": return randomHeap(buttons: count)
        default: return nil
        }
    }
    let bytes = shape == "dashboard" ? dashboard(nodes: count) : shape == "dense" ? denseLayout(nodes: count)
        : shape == "app" ? appLayout(nodes: count)
        : shape == "buttons" ? smallButtonGrid(targets: count)
        : shape.flatMap(hostile) ?? typicalLayout(nodes: count, yaml: CommandLine.arguments.contains("--yaml"))
    guard FileManager.default.createFile(atPath: CommandLine.arguments[flag + 2], contents: Data(bytes)) else {
        print("hitlint-bench: cannot write \(CommandLine.arguments[flag + 2])")
        exit(1)
    }
    exit(0)
}

let quick = CommandLine.arguments.contains("--quick")
/// `--only TEXT`: run only the cases whose name contains TEXT.
let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap {
    CommandLine.arguments.count > $0 + 1 ? CommandLine.arguments[$0 + 1] : nil
}
func selected(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }
let runs = quick ? 1 : 3
print("hitlint-bench (best of \(runs); 2 cores share the machine; figures vary by a few %)")
print("")

// 1. Parsing: a ~40 MB JSON layout (~20 MB of YAML) into the flat Document, against JSONSerialization.
if selected("parse") {
    let bytes = typicalLayout(nodes: quick ? 50_000 : 500_000, yaml: false)
    let data = Data(bytes)
    let source = SourceText(bytes: bytes)
    let parse = best(runs) { _ = try? JSONParser.parse(source) }
    let foundation = best(runs) { _ = try? JSONSerialization.jsonObject(with: data) }
    print("parse JSON \(megabytes(bytes.count)): hitlint \(String(format: "%.0f", Double(bytes.count) / parse / 1e6)) MB/s, " +
          "Foundation JSONSerialization \(String(format: "%.0f", Double(bytes.count) / foundation / 1e6)) MB/s " +
          "(ratio \(String(format: "%.2f", parse / foundation)))")
    let yamlBytes = typicalLayout(nodes: quick ? 20_000 : 300_000, yaml: true)
    let yamlSource = SourceText(bytes: yamlBytes)
    let yamlParse = best(runs) { _ = try? YAMLParser.parse(yamlSource) }
    print("parse YAML \(megabytes(yamlBytes.count)): hitlint \(String(format: "%.0f", Double(yamlBytes.count) / yamlParse / 1e6)) MB/s")
}
print("")

// 2. Whole lint (parse, layout, geometry, every rule, JSON report) of one document.
/// `verifyFixes`: check every fix by re-linting, as the command line does for
/// `--format json`, `sarif`, `--show-fixes`, `--diff` and `--fix`.
func lintCase(_ name: String, _ bytes: @autoclosure () -> [UInt8], format: SourceFormat = .json, yardstick: Bool = false,
              verifyFixes: Bool = false, streamed: Bool = false) {
    guard selected(name) else { return }
    let bytes = bytes()
    resetPeakRSS()
    let source = SourceText(bytes: bytes)
    var result: LintResult?
    var options = LintOptions()
    options.fixChecking = verifyFixes ? .checked : .unchecked
    if streamed { options.run.streamingFrom = 0 }
    let time = best(runs) {
        result = Linter(options: options).lint(source: source, format: format, path: "bench.\(format.rawValue)")
        _ = JSONReporter().report([result!])
    }
    let nodes = result?.nodeCount ?? 0
    var line = "\(name): \(megabytes(bytes.count)), \(nodes) nodes, \(result?.diagnostics.count ?? 0) diagnostics: " +
        String(format: "%.3f s, %.0f MB/s, %.2f M nodes/s, %.0f ns/node, peak RSS %@",
               time, Double(bytes.count) / time / 1e6, Double(nodes) / time / 1e6, time / Double(max(nodes, 1)) * 1e9,
               megabytes(peakRSS()))
    if yardstick {
        let data = Data(bytes)
        let foundation = best(runs) { _ = try? JSONSerialization.jsonObject(with: data) }
        line += String(format: "; Foundation parse-only %.3f s (lint / Foundation = %.2f)", foundation, time / foundation)
    }
    print(line)
}

let sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000]
for size in sizes {
    lintCase("typical JSON 10^\(Int(log10(Double(size))))", typicalLayout(nodes: size, yaml: false), yardstick: true)
}
// Files of 16 MiB or more are read streamed (less memory, more time per node):
// the 10^6 case is, the smaller ones are not. The same read at 10^4, for the
// cost per node compared on one read.
lintCase("typical JSON 10^4, read streamed as files of 16 MiB or more are", typicalLayout(nodes: 10_000, yaml: false),
         streamed: true)
// The memory target is the command's: run the built `hitlint` on the largest
// typical file, as a user would, and read its peak resident memory from wait4.
if selected("command line") {
    let size = sizes.last!
    let bytes = typicalLayout(nodes: size, yaml: false)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-bench-cli-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("typical.json").path
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    let report = folder.appendingPathComponent("report.txt").path
    for format in ["text", "json"] {
        var samples: [(seconds: Double, peak: Int)] = []
        for _ in 0..<runs {
            if let sample = runHitlint([file, "--format", format, "--output", report]) { samples.append(sample) }
        }
        guard let fastest = samples.min(by: { $0.seconds < $1.seconds }) else {
            print("command line: build the hitlint product in the same configuration to measure it")
            break
        }
        let peak = samples.map(\.peak).max()!
        print(String(format: "command line, typical JSON 10^%d (%@), --format %@: %.3f s, peak RSS %@ = %.1f× the file%@",
                     Int(log10(Double(size))), megabytes(bytes.count), format, fastest.seconds, megabytes(peak),
                     Double(peak) / Double(bytes.count), format == "text" ? " (goal ≤ 3×)" : " (every fix checked)"))
    }
}

for size in sizes.suffix(2) {
    lintCase("typical JSON 10^\(Int(log10(Double(size)))), every fix checked (as --format json)",
             typicalLayout(nodes: size, yaml: false), yardstick: true, verifyFixes: true)
}
for size in sizes.prefix(3) {
    lintCase("typical YAML 10^\(Int(log10(Double(size))))", typicalLayout(nodes: size, yaml: true), format: .yaml)
}
print("")
lintCase("hostile: 2,000 targets piled on one spot", pile(targets: 2_000))
lintCase("hostile: chain of 10^\(quick ? 4 : 5) nodes (\(quick ? 20_001 : 200_001) nesting levels)", chain(depth: quick ? 10_000 : 100_000))
lintCase("hostile: one stack with 10^\(quick ? 4 : 5) children", wideStack(children: quick ? 10_000 : 100_000))
lintCase("hostile: 10^\(quick ? 4 : 5) targets in a grid of dead gaps", gapGrid(targets: quick ? 10_000 : 100_000))

// MARK: - Hostile geometry (issue 33) -------------------------------------------
// Large buttons that all overlap: each later one cuts every earlier one's
// region. `--only geometry` runs these; each prints the whole lint (JSON
// report) and the regions alone, with their pieces (what regions hold).

/// `buttons` siblings of `side`×`side` pt on a uikit screen, the i-th at
/// (i·dx, i·dy) thousandths of a point from the first: a staircase (dx only),
/// a diagonal one (dx and dy), one that climbs (dy negative), or a pile (0, 0).
func staircase(buttons: Int, dx: Int, dy: Int, side: Int = 300) -> [UInt8] {
    func position(_ index: Int, _ step: Int) -> String {
        let thousandths = (step < 0 ? buttons - 1 - index : index) * abs(step)
        return thousandths % 1_000 == 0 ? "\(thousandths / 1_000)" : String(format: "%.3f", Double(thousandths) / 1_000)
    }
    let extent = side + (buttons * max(abs(dx), abs(dy))) / 1_000 + 10
    var out = "{\"version\": 1, \"platform\": \"uikit\", \"root\": {\"id\": \"screen\", \"frame\": [0, 0, \(extent), \(extent)], \"children\": ["
    out.reserveCapacity(buttons * 64)
    for index in 0..<buttons {
        out += (index == 0 ? "" : ",") + "{\"id\": \"b\(index)\", \"type\": \"button\", \"frame\": [\(position(index, dx)), \(position(index, dy)), \(side), \(side)]}"
    }
    return Array((out + "]}}").utf8)
}

/// A square grid of `side`² buttons, 60 pt a side, 40 pt apart: each
/// overlaps its eight neighbours.
func overlappingGrid(side: Int) -> [UInt8] {
    var out = "{\"version\": 1, \"platform\": \"uikit\", \"root\": {\"id\": \"screen\", \"frame\": [0, 0, \(side * 40 + 20), \(side * 40 + 20)], \"children\": ["
    for index in 0..<(side * side) {
        out += (index == 0 ? "" : ",") + "{\"id\": \"g\(index)\", \"type\": \"button\", \"frame\": [\(index % side * 40), \(index / side * 40), 60, 60]}"
    }
    return Array((out + "]}}").utf8)
}

/// `buttons` of random sizes (20 to 300 pt) dropped at random on a 400 pt square.
func randomHeap(buttons: Int, seed: UInt64 = 11) -> [UInt8] {
    var random = Generator(state: seed)
    var out = "{\"version\": 1, \"platform\": \"uikit\", \"root\": {\"id\": \"screen\", \"frame\": [0, 0, 700, 700], \"children\": ["
    for index in 0..<buttons {
        let (width, height) = (20 + random.int(281), 20 + random.int(281))
        out += (index == 0 ? "" : ",") + "{\"id\": \"r\(index)\", \"type\": \"button\", \"frame\": [\(random.int(400)), \(random.int(400)), \(width), \(height)]}"
    }
    return Array((out + "]}}").utf8)
}

/// The regions of one layout on their own (geometry and `targetRegions`, no
/// rule): time, peak memory, and what they hold.
func regionsCase(_ name: String, _ bytes: [UInt8]) {
    let layout = LayoutBuilder.build(try! JSONParser.parse(SourceText(bytes: bytes))).layout
    resetPeakRSS()
    var regions: [TargetRegion] = []
    let time = best(runs) { regions = Geometry(layout: layout).targetRegions() }
    var reachable = 0, losses = 0, lossPieces = 0, approximate = 0
    for region in regions {
        reachable += region.reachable.pieces.count
        losses += region.losses.count
        for loss in region.losses { lossPieces += loss.pieces.count }
        if region.isApproximate { approximate += 1 }
    }
    print(String(format: "  regions alone: %.3f s, peak RSS %@; %d targets, %d reachable pieces (%.1f KB), %d losses holding %d pieces, %d approximate",
                 time, megabytes(peakRSS()), regions.count, reachable, Double(reachable * MemoryLayout<Rect>.stride) / 1e3,
                 losses, lossPieces, approximate))
}

func geometryCase(_ name: String, _ bytes: @autoclosure () -> [UInt8]) {
    guard selected(name) else { return }
    let bytes = bytes()
    lintCase(name, bytes)
    regionsCase(name, bytes)
}

print("")
for buttons in quick ? [400] : [400, 1_000] {
    for (step, label) in [(1_000, "1 pt"), (1, "0.001 pt")] {
        geometryCase("hostile geometry: staircase of \(buttons) buttons 300 pt, each \(label) right", staircase(buttons: buttons, dx: step, dy: 0))
        geometryCase("hostile geometry: diagonal staircase of \(buttons) buttons 300 pt, each \(label) down and right",
                     staircase(buttons: buttons, dx: step, dy: step))
        geometryCase("hostile geometry: climbing staircase of \(buttons) buttons 300 pt, each \(label) up and right",
                     staircase(buttons: buttons, dx: step, dy: -step))
    }
}
for buttons in quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] {
    geometryCase("hostile geometry: pile of \(buttons) identical buttons 300 pt", staircase(buttons: buttons, dx: 0, dy: 0))
}
geometryCase("hostile geometry: grid of \(quick ? 100 : 300)² buttons, each overlapping its 8 neighbours", overlappingGrid(side: quick ? 100 : 300))
geometryCase("hostile geometry: heap of 2,000 buttons of random sizes", randomHeap(buttons: 2_000))

// MARK: - Layouts full of findings (issue 23) ----------------------------------
// A first run on a project never linted: most controls have a problem.

/// A tiled dashboard: horizontal stacks of five buttons, 36 or 44 pt a side,
/// 4 to 10 pt apart (dead gaps), a few with hit areas the stack clips; nothing
/// overlaps. About one diagnostic per node.
func dashboard(nodes: Int, seed: UInt64 = 3) -> [UInt8] {
    var random = Generator(state: seed)
    let tiles = max(1, nodes / 6)
    let columns = 4
    var out = "{\"version\": 1, \"platform\": \"uikit\", \"root\": {\"id\": \"dashboard\", \"frame\": [0, 0, \(columns * 300), \((tiles / columns + 1) * 70)], \"children\": [\n"
    out.reserveCapacity(nodes * 110)
    for tile in 0..<tiles {
        let spacing = 4 + random.int(7)
        var sizes: [(Int, Int)] = []
        for _ in 0..<5 { sizes.append((random.int(3) == 0 ? 44 : 36, random.int(2) == 0 ? 44 : 36)) }
        let width = sizes.reduce(0) { $0 + $1.0 } + 4 * spacing
        let height = sizes.map(\.1).max()!
        out += tile == 0 ? "" : ",\n"
        out += "{\"id\": \"tile\(tile)\", \"type\": \"stack\", \"axis\": \"horizontal\", \"spacing\": \(spacing), \"alignment\": \"center\", "
            + "\"frame\": [\(tile % columns * 300), \(tile / columns * 70), \(width), \(height)], \"children\": ["
        for (index, size) in sizes.enumerated() {
            out += index == 0 ? "" : ", "
            out += "{\"id\": \"b\(tile)_\(index)\", \"type\": \"button\", \"size\": [\(size.0), \(size.1)]"
            out += random.int(30) == 0 ? ", \"hitInsets\": -6}" : "}"
        }
        out += "]}"
    }
    out += "\n]}}\n"
    return Array(out.utf8)
}

/// Containers dropped at random, about nine deep at any point, each with four
/// buttons at random inside it and now and then an opaque view over them:
/// occlusion and overlap everywhere.
func denseLayout(nodes: Int, seed: UInt64 = 5) -> [UInt8] {
    var random = Generator(state: seed)
    let containers = max(1, nodes / 6)
    let width = 1200
    // Containers average 200 × 200 pt; nine deep means nine times the area of the screen.
    let height = max(200, containers * 200 * 200 / 9 / width)
    var out = "{\"version\": 1, \"platform\": \"uikit\", \"root\": {\"id\": \"dense\", \"frame\": [0, 0, \(width), \(height)], \"children\": [\n"
    out.reserveCapacity(nodes * 100)
    for container in 0..<containers {
        let (w, h) = (100 + random.int(201), 100 + random.int(201))
        out += container == 0 ? "" : ",\n"
        out += "{\"id\": \"c\(container)\", \"frame\": [\(random.int(width - 100)), \(random.int(max(1, height - 100))), \(w), \(h)], \"children\": ["
        for index in 0..<4 {
            let side = 24 + random.int(40)
            out += index == 0 ? "" : ", "
            out += "{\"id\": \"t\(container)_\(index)\", \"type\": \"button\", \"frame\": [\(random.int(w - 20)), \(random.int(h - 20)), \(side), \(side)]"
            out += random.int(4) == 0 ? ", \"hitInsets\": -8}" : "}"
        }
        if random.int(3) == 0 {
            out += ", {\"id\": \"o\(container)\", \"opaque\": true, \"frame\": [\(random.int(w / 2)), \(random.int(h / 2)), \(w / 2), \(h / 2)]}"
        } else {
            out += ", {\"id\": \"l\(container)\", \"type\": \"label\", \"frame\": [8, 8, \(w - 16), 20]}"
        }
        out += "]}"
    }
    out += "\n]}}\n"
    return Array(out.utf8)
}

/// "; 1659 of 1720 fixes left for the next pass": the fixes checking had
/// no budget for (`FixChecking.budget`), so that "every fix checked" is read
/// as the work it was.
func leftForNextPass(_ diagnostics: [Diagnostic]) -> String {
    // The fixes that edited before checking: those that still do, and those it dropped.
    let fixes = diagnostics.filter { diagnostic in
        diagnostic.fix.map { $0.changesFile || $0.isLeftForNextPass || $0.description.contains(Fix.byHandNote) } ?? false
    }.count
    let left = diagnostics.filter { $0.fix?.isLeftForNextPass ?? false }.count
    return "; \(left) of \(fixes) fixes left for the next pass"
}

/// One file through the lint, a report and (optionally) every fix checked, against Foundation's parse.
func findingsCase(_ name: String, _ bytes: [UInt8], json: Bool) -> (seconds: Double, nodes: Int)? {
    guard selected(name) else { return nil }
    let source = SourceText(bytes: bytes)
    var options = LintOptions()
    // As the command line sets them: a text report that shows no fix only counts them.
    options.fixChecking = json ? .checked : .unchecked
    options.run.writesFixes = json
    var result: LintResult?
    let time = best(runs) {
        result = Linter(options: options).lint(source: source, format: .json, path: "bench.json")
        _ = json ? JSONReporter().report([result!]) : TextReporter().report([result!])
    }
    let data = Data(bytes)
    let foundation = best(runs) { _ = try? JSONSerialization.jsonObject(with: data) }
    var byRule: [String: Int] = [:]
    for diagnostic in result?.diagnostics ?? [] { byRule[diagnostic.rule, default: 0] += 1 }
    let rules = byRule.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let count = result?.diagnostics.count ?? 0
    print(String(format: "%@: %@, %d nodes, %d diagnostics (%@): %.3f s, %.0f ns/node, %.2f µs/diagnostic; Foundation parse-only %.3f s (ratio %.2f)%@",
                 name, megabytes(bytes.count), result?.nodeCount ?? 0, count, rules, time,
                 time / Double(max(result?.nodeCount ?? 1, 1)) * 1e9, time / Double(max(count, 1)) * 1e6, foundation, time / foundation,
                 json ? leftForNextPass(result?.diagnostics ?? []) : ""))
    return (time, result?.nodeCount ?? 0)
}

print("")
let findingsSize = quick ? 20_000 : 200_000
_ = findingsCase("findings: dashboard, --format text", dashboard(nodes: findingsSize), json: false)
_ = findingsCase("findings: dashboard, --format json (every fix checked)", dashboard(nodes: findingsSize), json: true)
let denseSmall = findingsCase("findings: dense 20,000, --format text", denseLayout(nodes: 20_000), json: false)
let denseLarge = findingsCase("findings: dense \(findingsSize), --format text", denseLayout(nodes: findingsSize), json: false)
let denseChecked = findingsCase("findings: dense \(findingsSize), --format json (every fix checked)", denseLayout(nodes: findingsSize), json: true)
if let small = denseSmall, let large = denseLarge {
    print(String(format: "dense: cost per node at %d nodes / at %d nodes = %.2f (goal ≤ 1.2)",
                 large.nodes, small.nodes, (large.seconds / Double(large.nodes)) / (small.seconds / Double(small.nodes))))
}
if let plain = denseLarge, let checked = denseChecked {
    print(String(format: "dense: every fix checked (json) / plain (text) = %.2f (goal ≤ 1.5)", checked.seconds / plain.seconds))
}

print("")
// MARK: - Report formatting on one thread and on several (issue 36) -------------
// The app layout's findings (fixes written, not checked) formatted by each
// reporter into a discarding sink, on one thread and on one per core
// (`ReportChunks`): the same bytes, in less time where cores are free.
if selected("report formatting") {
    let size = quick ? 20_000 : 200_000
    var options = LintOptions()
    options.fixChecking = .unchecked
    let result = Linter(options: options).lint(source: SourceText(bytes: appLayout(nodes: size)), format: .json, path: "app.json")
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let reporters: [(String, (Int) -> Reporter)] = [
        ("text", { TextReporter(jobs: $0) }), ("json", { JSONReporter(jobs: $0) }),
        ("sarif", { SARIFReporter(currentDirectory: "/", jobs: $0) }),
    ]
    for (name, make) in reporters {
        var size = 0
        var times: [Double] = []
        for jobs in [1, cores] {
            let reporter = make(jobs)
            times.append(best(runs) {
                // A reader of the file without a line index, as the command's report has.
                var fresh = result
                fresh.source = SourceText(bytes: result.source.bytes)
                size = 0
                reporter.write([fresh]) { size += $0.count }
            })
        }
        let (one, several) = (times[0], times[1])
        print(String(format: "report formatting, app %d nodes, %d diagnostics, --format %@ (%@): 1 thread %.3f s, %d threads %.3f s (×%.2f)",
                     result.nodeCount, result.diagnostics.count, name, megabytes(size), one, cores, several, one / several))
    }
}

print("")
// MARK: - CI reports of a project never linted (issue 36) -----------------------
// The app layout through the built `hitlint` in each report format, as CI runs
// it: time and peak memory of the process, against Foundation's parse of the
// same file and against twice the file plus the report (the goal: peak memory
// no more than that). `HITLINT_BENCH_BASELINE=PATH` also runs another build of
// `hitlint` (an older commit's), interleaved with this one's, so before and
// after share the machine's load.
if selected("reports") {
    let size = quick ? 20_000 : 200_000
    let bytes = appLayout(nodes: size)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-bench-reports-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("app.json").path
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    let data = Data(bytes)
    let foundation = best(runs) { _ = try? JSONSerialization.jsonObject(with: data) }
    print(String(format: "reports: app layout, %d nodes, %@; Foundation parse-only %.3f s", size, megabytes(bytes.count), foundation))
    var builds: [(name: String, executable: String?)] = [("this build", nil)]
    if let baseline = ProcessInfo.processInfo.environment["HITLINT_BENCH_BASELINE"] { builds.append(("baseline", baseline)) }
    for format in ["text", "json", "sarif", "github", "junit"] {
        // A report for each build: builds whose fix checking gets through
        // different numbers of fixes within its budget write different reports.
        let reports = builds.indices.map { folder.appendingPathComponent("report-\($0).\(format)").path }
        var samples = builds.map { _ in [(seconds: Double, peak: Int)]() }
        for _ in 0..<runs {
            for (index, build) in builds.enumerated() {
                if let sample = runHitlint([file, "--format", format, "--output", reports[index]], executable: build.executable) {
                    samples[index].append(sample)
                }
            }
        }
        for (index, build) in builds.enumerated() {
            guard let fastest = samples[index].min(by: { $0.seconds < $1.seconds }) else {
                print("reports: \(build.name): build the hitlint product in the same configuration to measure it")
                continue
            }
            let reportSize = (try? FileManager.default.attributesOfItem(atPath: reports[index])[.size] as? Int) ?? 0
            var left = ""
            if format == "json", let written = FileManager.default.contents(atPath: reports[index]) {
                // Fixes checking had no budget for: "every fix checked" is the budget's worth.
                let note = Data(Fix.notCheckedNote.utf8)
                var (count, from) = (0, written.startIndex)
                while let found = written.range(of: note, in: from..<written.endIndex) { (count, from) = (count + 1, found.upperBound) }
                left = "; \(count) fixes left for the next pass (past fix checking's budget)"
            }
            let peak = samples[index].map(\.peak).max()!
            let allowed = 2 * bytes.count + reportSize
            print(String(format: "reports: %@, --format %@%@: %.3f s (× Foundation %.2f), report %@, peak RSS %@ = %.2f× (2× the file + the report)%@",
                         build.name, format, format == "json" || format == "sarif" ? " (every fix checked)" : "", fastest.seconds,
                         fastest.seconds / foundation, megabytes(reportSize), megabytes(peak), Double(peak) / Double(allowed), left))
        }
    }
}

// MARK: - Pictures (render, --render-dir; issue 33) ------------------------------
// A picture of a layout full of findings: every marker and label placed
// against those placed before it. The same grid of small buttons at two
// sizes, so the cost per diagnostic shows how placement grows.

/// One picture of `bytes` (an HTML page, its SVG inside), in process.
func renderCase(_ name: String, _ bytes: [UInt8], runs: Int) -> (seconds: Double, diagnostics: Int)? {
    guard selected(name) else { return nil }
    let input = Linter().lintForRendering(source: SourceText(bytes: bytes), format: .json, path: "bench.json")
    var size = 0
    let time = best(runs) { size = HTMLPage(input).html().utf8.count }
    let count = input.result.diagnostics.count
    print(String(format: "%@: %d nodes, %d diagnostics, page %@: %.3f s, %.1f µs/diagnostic",
                 name, input.result.nodeCount, count, megabytes(size), time, time / Double(max(count, 1)) * 1e6))
    return (time, count)
}

print("")
let smallPicture = renderCase("render: 5,000 small buttons", smallButtonGrid(targets: 5_000), runs: runs)
let largePicture = renderCase("render: \(quick ? "10,000" : "40,000") small buttons", smallButtonGrid(targets: quick ? 10_000 : 40_000), runs: 1)
if let small = smallPicture, let large = largePicture {
    print(String(format: "render: cost per diagnostic at %d diagnostics / at %d = %.2f (1 when it grows linearly)",
                 large.diagnostics, small.diagnostics,
                 (large.seconds / Double(large.diagnostics)) / (small.seconds / Double(small.diagnostics))))
}

/// A PNG of `width`×`height` pixels as hitlint reads it (the header; the rest
/// is filler the browser would decode), `size` bytes in all.
func pngScreenshot(width: Int, height: Int, size: Int) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    bytes += [8, 2, 0, 0, 0, 0, 0, 0, 0]
    var random = Generator(state: 12)
    while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
    return Data(bytes)
}

// --render-dir through the command: DroidBot states, each with a large
// screenshot beside it (`screen_<time>.png`), as a CI job uploads them.
if selected("render-dir") {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-bench-render-\(getpid())")
    let captures = folder.appendingPathComponent("captures")
    try? FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 16, pictureSize = 24 << 20
    let state = droidBotState(views: 501)
    for index in 0..<count {
        let time = String(format: "2024-05-14_10%04d", index)
        _ = FileManager.default.createFile(atPath: captures.appendingPathComponent("state_\(time).json").path, contents: Data(state))
        _ = FileManager.default.createFile(atPath: captures.appendingPathComponent("screen_\(time).png").path,
                                           contents: pngScreenshot(width: 1080, height: 100 * 168, size: pictureSize))
    }
    let pages = folder.appendingPathComponent("pages").path
    if let run = runHitlint(["--render-dir", pages, captures.path]) {
        let written = (try? FileManager.default.contentsOfDirectory(atPath: pages))?.count ?? 0
        print(String(format: "render-dir: %d captures with %@ screenshots, %d files written: %.3f s, peak RSS %@",
                     count, megabytes(pictureSize), written, run.seconds, megabytes(run.peak)))
    } else {
        print("render-dir: build the hitlint product in the same configuration to measure it")
    }
}

// MARK: - Captured view hierarchies (importers, issue 9) ------------------------
// A 5,000-view Sentry UIKit capture (compact JSON, as sentry-cocoa writes it) and
// a 5,000-view DroidBot state (indented JSON, as DroidBot writes it), imported
// and linted whole. Goal: ≤ 100 ms each. Rows of five views: a container, a
// label, an image view, a button (10% of them undersized) and a switch / checkbox.
func sentryCapture(views: Int) -> [UInt8] {
    let rows = max(1, views / 5)
    var out = "{\"rendering_system\":\"UIKIT\",\"windows\":[{\"type\":\"UIWindow\",\"x\":0,\"y\":0,\"width\":390,\"height\":\(rows * 60),\"alpha\":1,\"visible\":true,\"children\":["
    out.reserveCapacity(views * 190)
    var random = Generator(state: 9)
    for row in 0..<rows {
        let small = random.int(10) == 0 ? 30 : 44
        out += row == 0 ? "" : ","
        out += "{\"type\":\"UIView\",\"identifier\":\"row\(row)\",\"x\":0,\"y\":\(row * 60),\"width\":390,\"height\":60,\"alpha\":1,\"visible\":true,\"children\":["
        out += "{\"type\":\"UILabel\",\"x\":16,\"y\":8,\"width\":200,\"height\":44,\"alpha\":1,\"visible\":true,\"children\":[]},"
        out += "{\"type\":\"UIImageView\",\"x\":220,\"y\":18,\"width\":24,\"height\":24,\"alpha\":1,\"visible\":true,\"children\":[]},"
        out += "{\"type\":\"UIButton\",\"identifier\":\"edit\(row)\",\"x\":256,\"y\":8,\"width\":\(small),\"height\":\(small),\"alpha\":1,\"visible\":true,\"children\":[]},"
        out += "{\"type\":\"UISwitch\",\"x\":323,\"y\":8,\"width\":51,\"height\":44,\"alpha\":1,\"visible\":true,\"children\":[]}]}"
    }
    return Array((out + "]}]}").utf8)
}

func droidBotState(views: Int) -> [UInt8] {
    let rows = max(1, (views - 1) / 5)
    var random = Generator(state: 10)
    func view(_ id: Int, parent: Int, children: [Int], _ className: String, _ bounds: (Int, Int, Int, Int),
              clickable: Bool = false, checkable: Bool = false) -> String {
        let (left, top, right, bottom) = bounds
        return """
            {
              "temp_id": \(id),
              "parent": \(parent),
              "children": [\(children.map(String.init).joined(separator: ", "))],
              "class": "\(className)",
              "package": "com.example.bench",
              "resource_id": "com.example.bench:id/v\(id)",
              "text": null,
              "content_description": null,
              "bounds": [[\(left), \(top)], [\(right), \(bottom)]],
              "size": "\(right - left)*\(bottom - top)",
              "visible": true,
              "enabled": true,
              "clickable": \(clickable),
              "long_clickable": false,
              "checkable": \(checkable),
              "checked": false,
              "selected": false,
              "focusable": \(clickable),
              "focused": false,
              "scrollable": false,
              "editable": false,
              "is_password": false
            }
        """
    }
    var items = [view(0, parent: -1, children: (0..<rows).map { 1 + $0 * 5 }, "android.widget.FrameLayout", (0, 0, 1080, rows * 168))]
    for row in 0..<rows {
        let base = 1 + row * 5
        let top = row * 168
        let button = random.int(10) == 0 ? 90 : 126
        items.append(view(base, parent: 0, children: [base + 1, base + 2, base + 3, base + 4], "android.widget.LinearLayout", (0, top, 1080, top + 168)))
        items.append(view(base + 1, parent: base, children: [], "android.widget.TextView", (42, top + 21, 600, top + 147)))
        items.append(view(base + 2, parent: base, children: [], "android.widget.ImageView", (620, top + 42, 704, top + 126)))
        items.append(view(base + 3, parent: base, children: [], "android.widget.ImageButton", (730, top + 21, 730 + button, top + 21 + button), clickable: true))
        items.append(view(base + 4, parent: base, children: [], "android.widget.CheckBox", (900, top + 21, 1026, top + 147), checkable: true))
    }
    let out = "{\n  \"tag\": \"bench\",\n  \"foreground_activity\": \"com.example.bench/.Main\",\n  \"width\": 1080,\n  \"height\": \(rows * 168),\n  \"views\": [\n"
        + items.joined(separator: ",\n") + "\n  ]\n}\n"
    return Array(out.utf8)
}

print("")
for (name, bytes) in [("Sentry UIKit capture, 5,000 views", sentryCapture(views: 5_000)),
                      ("DroidBot state, 5,000 views", droidBotState(views: 5_001))] where selected(name) {
    let source = SourceText(bytes: bytes)
    var result: LintResult?
    let time = best(5) {
        result = Linter().lint(source: source, format: .json, path: "capture.json")
        _ = JSONReporter().report([result!])
    }
    print(String(format: "import + lint %@: %@, %d nodes kept, %d diagnostics, %.1f ms (goal ≤ 100 ms)",
                 name, megabytes(bytes.count), result?.nodeCount ?? 0, result?.diagnostics.count ?? 0, time * 1000))
}

/// A `uiautomator dump` of a settings-like screen, as the device writes it:
/// one line, whole-pixel bounds, a status bar, a toolbar and rows of a
/// title, a summary and a switch, about one control in ten too small.
func uiAutomatorDump(rows: Int, seed: UInt64) -> [UInt8] {
    var random = Generator(state: seed)
    func node(_ index: inout Int, _ className: String, _ bounds: (Int, Int, Int, Int), id: String = "", text: String = "",
              clickable: Bool = false, checkable: Bool = false, package: String = "com.example.bench", close: Bool = true) -> String {
        defer { index += 1 }
        let (left, top, right, bottom) = bounds
        return "<node index=\"\(index)\" text=\"\(text)\" resource-id=\"\(id.isEmpty ? "" : "com.example.bench:id/" + id)\" "
            + "class=\"\(className)\" package=\"\(package)\" content-desc=\"\" checkable=\"\(checkable)\" checked=\"false\" "
            + "clickable=\"\(clickable)\" enabled=\"true\" focusable=\"\(clickable || checkable)\" focused=\"false\" scrollable=\"false\" "
            + "long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[\(left),\(top)][\(right),\(bottom)]\"" + (close ? " />" : ">")
    }
    var index = 0
    var out = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
    out += node(&index, "android.widget.FrameLayout", (0, 0, 1080, 2400), close: false)
    out += node(&index, "android.view.View", (0, 0, 1080, 72), id: "statusBarBackground", package: "com.example.bench")
    out += node(&index, "android.view.ViewGroup", (0, 72, 1080, 240), id: "toolbar", close: false)
    out += node(&index, "android.widget.ImageButton", (0, 72, 168, 240), clickable: true)
    out += node(&index, "android.widget.TextView", (200, 120, 700, 190), text: "Settings")
    out += "</node>"
    out += node(&index, "androidx.recyclerview.widget.RecyclerView", (0, 240, 1080, 2256), id: "list", close: false)
    for row in 0..<rows {
        let top = 240 + row * 200
        let small = random.int(10) == 0
        out += node(&index, "android.widget.LinearLayout", (0, top, 1080, top + 199), clickable: !small, close: false)
        out += node(&index, "android.widget.TextView", (42, top + 40, 800, top + 100), id: "title", text: "Option \(row)")
        out += node(&index, "android.widget.TextView", (42, top + 100, 800, top + 160), id: "summary", text: "On &amp; off")
        out += node(&index, "android.widget.Switch", small ? (900, top + 70, 990, top + 130) : (890, top + 37, 1038, top + 163),
                    id: "switch", clickable: small, checkable: true)
        out += "</node>"
    }
    out += "</node>"
    out += node(&index, "android.view.View", (0, 2256, 1080, 2400), id: "navigationBarBackground")
    out += "</node></hierarchy>"
    return Array(out.utf8)
}

/// A WebDriverAgent page source of a form: a navigation bar, fields and
/// buttons, about one control in ten too small, indented as WDA writes it.
func xcuiTestSource(controls: Int, seed: UInt64) -> [UInt8] {
    var random = Generator(state: seed)
    func element(_ type: String, _ frame: (Int, Int, Int, Int), name: String = "", visible: Bool = true, close: Bool = true) -> String {
        let (x, y, width, height) = frame
        let label = name.isEmpty ? "" : " name=\"\(name)\" label=\"\(name)\""
        return "<XCUIElementType\(type) type=\"XCUIElementType\(type)\"\(label) enabled=\"true\" visible=\"\(visible)\" "
            + "accessible=\"\(!name.isEmpty)\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" index=\"0\"" + (close ? "/>\n" : ">\n")
    }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n"
    out += element("Application", (0, 0, 390, 844), name: "Bench", close: false)
    out += element("Window", (0, 0, 390, 844), close: false)
    out += element("NavigationBar", (0, 47, 390, 44), name: "Form", close: false)
    out += element("Button", (8, 47, 70, 44), name: "Back")
    out += "</XCUIElementTypeNavigationBar>\n"
    out += element("ScrollView", (0, 91, 390, 753), close: false)
    for index in 0..<controls {
        let top = 100 + index * 56
        let small = random.int(10) == 0
        switch index % 3 {
        case 0: out += element("TextField", (16, top, 358, small ? 34 : 44), name: "field\(index)", visible: top < 800)
        case 1: out += element("Switch", (323, top, 51, small ? 31 : 44), name: "switch\(index)", visible: top < 800)
        default:
            out += element("Button", (16, top, small ? 30 : 358, 44), name: "button\(index)", visible: top < 800, close: false)
            out += element("StaticText", (24, top + 12, 100, 20), name: "button\(index)")
            out += "</XCUIElementTypeButton>\n"
        }
    }
    out += "</XCUIElementTypeScrollView>\n</XCUIElementTypeWindow>\n</XCUIElementTypeApplication>\n</AppiumAUT>\n"
    return Array(out.utf8)
}

/// A folder of files through the command in this process on all cores (the
/// best of `runs`) and through the built executable (the median of several
/// runs; NaN when it is not built beside this benchmark), with the number of
/// diagnostics the JSON report holds.
func lintFolder(_ folder: URL) -> (inProcess: Double, process: Double, diagnostics: Int) {
    let output = CapturedCommandOutput()
    _ = HitLintCommand.run(["--format", "json", folder.path], output: output)
    let inProcess = best(runs) { _ = HitLintCommand.run([folder.path], output: DiscardedOutput()) }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hitlint")
    var process = Double.nan
    if FileManager.default.isExecutableFile(atPath: executable.path) {
        var times: [Double] = []
        for _ in 0..<(quick ? 3 : 5) { if let time = timeHitlint([folder.path]) { times.append(time) } }
        if !times.isEmpty { process = times.sorted()[times.count / 2] }
    }
    let diagnostics = output.text.components(separatedBy: "\"rule\"").count - 1
    return (inProcess, process, diagnostics)
}

// 1,000 captures of each XML format in a folder, through the command in
// this process on all cores (file walk, XML read, import, lint, report), and
// through the built executable. Goal: each under 1 s on 2 cores.
if selected("XML captures") {
    for (format, make) in [("UI Automator", { (seed: UInt64) in uiAutomatorDump(rows: 10, seed: seed) }),
                           ("XCUITest", { (seed: UInt64) in xcuiTestSource(controls: 14, seed: seed) })] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-bench-xml-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = 0
        for index in 0..<1_000 {
            let capture = make(UInt64(index + 1))
            bytes += capture.count
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(String(format: "window_dump%04d.xml", index)).path,
                                               contents: Data(capture))
        }
        let (inProcess, process, diagnostics) = lintFolder(folder)
        print(String(format: "1,000 %@ captures (%@, %d diagnostics): %.3f s in this process, %.3f s as a hitlint process (median), on %d cores (goal < 1 s)",
                     format, megabytes(bytes), diagnostics, inProcess, process, ProcessInfo.processInfo.activeProcessorCount))
    }
}

/// An Interface Builder document of a typical screen, as Xcode writes one: a
/// XIB's top-level view or a storyboard's scene (two per storyboard), with a
/// header, rows of a label, a switch or a button, constraints, an action per
/// control, and about one control in ten too small. About 12 KB, the real
/// files' mean.
func interfaceBuilderDocument(rows: Int, seed: UInt64, storyboard: Bool) -> [UInt8] {
    var random = Generator(state: seed)
    var counter = 0
    func id() -> String {
        counter += 1
        return String(format: "b%02d-x%d-%03d", counter % 97, Int(seed % 10), counter)
    }
    func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> String {
        "<rect key=\"frame\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\"/>\n"
    }
    func screen(key: Bool) -> String {
        let rootID = id()
        var out = "<view \(key ? "key=\"view\" " : "")contentMode=\"scaleToFill\" id=\"\(rootID)\">\n" + rect(0, 0, 393, 852) + "<subviews>\n"
        out += "<label opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" text=\"Settings\" id=\"\(id())\">\n" + rect(16, 60, 200, 34)
            + "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleTitle1\"/>\n<nil key=\"textColor\"/>\n</label>\n"
        for row in 0..<rows {
            let top = 110 + row * 56
            let small = random.int(10) == 0
            let rowID = id()
            out += "<view contentMode=\"scaleToFill\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"\(rowID)\" userLabel=\"Row \(row)\">\n"
                + rect(0, top, 393, 56) + "<subviews>\n"
            out += "<label opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" text=\"Option \(row)\" id=\"\(id())\">\n"
                + rect(16, 18, 250, 20) + "<nil key=\"textColor\"/>\n</label>\n"
            if row % 2 == 0 {
                out += "<switch opaque=\"NO\" contentMode=\"scaleToFill\" on=\"YES\" id=\"\(id())\">\n" + rect(326, 12, 51, small ? 24 : 31)
                    + "<connections>\n<action selector=\"changed:\" destination=\"-1\" eventType=\"valueChanged\" id=\"\(id())\"/>\n</connections>\n</switch>\n"
            } else {
                let size = small ? 24 : 44
                out += "<button opaque=\"NO\" contentMode=\"scaleToFill\" buttonType=\"system\" id=\"\(id())\">\n" + rect(333, 6, size, size)
                    + "<constraints>\n<constraint firstAttribute=\"width\" constant=\"\(size)\" id=\"\(id())\"/>\n</constraints>\n"
                    + "<state key=\"normal\" image=\"info.circle\" catalog=\"system\"/>\n"
                    + "<connections>\n<action selector=\"infoTapped:\" destination=\"-1\" eventType=\"touchUpInside\" id=\"\(id())\"/>\n</connections>\n</button>\n"
            }
            out += "</subviews>\n<color key=\"backgroundColor\" systemColor=\"systemBackgroundColor\"/>\n</view>\n"
        }
        return out + "</subviews>\n<color key=\"backgroundColor\" systemColor=\"systemBackgroundColor\"/>\n</view>\n"
    }
    let type = storyboard ? "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"\(type)\" version=\"3.0\" toolsVersion=\"22505\" "
        + "targetRuntime=\"iOS.CocoaTouch\" propertyAccessControl=\"none\" useAutolayout=\"YES\">\n"
        + "<device id=\"retina6_12\" orientation=\"portrait\" appearance=\"light\"/>\n"
    if storyboard {
        out += "<scenes>\n"
        for scene in 0..<2 {
            out += "<scene sceneID=\"s\(scene)-\(seed)\">\n<objects>\n<viewController id=\"\(id())\" sceneMemberID=\"viewController\">\n"
                + screen(key: true) + "</viewController>\n</objects>\n</scene>\n"
        }
        out += "</scenes>\n"
    } else {
        out += "<objects>\n<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" userLabel=\"File's Owner\"/>\n" + screen(key: false) + "</objects>\n"
    }
    out += "<resources>\n<systemColor name=\"systemBackgroundColor\">\n<color white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/>\n</systemColor>\n</resources>\n</document>\n"
    return Array(out.utf8)
}

// 1,000 Interface Builder documents (XIBs and storyboards) of a typical size
// in a folder, through the command in this process on all cores and through
// the built executable; the yardstick, in the same run, is Foundation's
// XMLParser reading the same files (parse only, on one core). Goal: under 1 s on 2 cores.
if selected("Interface Builder") {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-bench-ib-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var bytes = 0
    var documents: [Data] = []
    for index in 0..<1_000 {
        let storyboard = index % 5 == 0
        let document = Data(interfaceBuilderDocument(rows: storyboard ? 6 : 11, seed: UInt64(index + 1), storyboard: storyboard))
        bytes += document.count
        documents.append(document)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(String(format: "Screen%04d.%@", index, storyboard ? "storyboard" : "xib")).path,
                                           contents: document)
    }
    let yardstick = best(runs) {
        for document in documents {
            let parser = XMLParser(data: document)
            _ = parser.parse()
        }
    }
    let (inProcess, process, diagnostics) = lintFolder(folder)
    print(String(format: "1,000 Interface Builder documents (%@, %d diagnostics): %.3f s in this process, %.3f s as a hitlint process (median), on %d cores (goal < 1 s); Foundation's XMLParser reads them in %.3f s on one core",
                 megabytes(bytes), diagnostics, inProcess, process, ProcessInfo.processInfo.activeProcessorCount, yardstick))
}

// The language server (issue 24): a 10,000-node YAML layout open in an editor,
// one keystroke's incremental change, timed from the change reaching the
// server to the diagnostics for that version leaving it. Goal: ≤ 100 ms,
// the debounce (its default, then none) included.
final class PublishClock: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: (version: Int, signal: DispatchSemaphore)?
    private(set) var sentAt = 0.0
    private(set) var diagnostics = 0

    func expect(_ version: Int) -> DispatchSemaphore {
        let signal = DispatchSemaphore(value: 0)
        lock.lock()
        waiting = (version, signal)
        lock.unlock()
        return signal
    }

    func sent(_ framed: [UInt8]) {
        let time = now()
        // The body after the header block; only publishDiagnostics carry a version here.
        guard let start = framed.firstIndex(of: UInt8(ascii: "{")),
              let object = try? JSONSerialization.jsonObject(with: Data(framed[start...])) as? [String: Any],
              (object["method"] as? String) == "textDocument/publishDiagnostics",
              let params = object["params"] as? [String: Any], let version = params["version"] as? Int else { return }
        lock.lock()
        defer { lock.unlock() }
        guard let expected = waiting, expected.version == version else { return }
        sentAt = time
        diagnostics = (params["diagnostics"] as? [Any])?.count ?? 0
        waiting = nil
        expected.signal.signal()
    }
}

func serverMessage(_ object: [String: Any]) -> [UInt8] {
    var object = object
    object["jsonrpc"] = "2.0"
    return [UInt8](try! JSONSerialization.data(withJSONObject: object))
}

if selected("language server") {
    let text = String(decoding: typicalLayout(nodes: 10_000, yaml: true), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines.firstIndex { $0.contains("{id: more0,") }!
    let character = lines[line].utf16.count - "44]}".utf16.count
    // The yardstick: the same file linted as the command line does, in this
    // process, on one thread as the server lints.
    var oneThread = LintOptions()
    oneThread.run.jobs = 1
    let plain = best(runs) { _ = Linter(options: oneThread).lint(source: SourceText(text), format: .yaml, path: "screen.yaml") }
    for debounce in [LanguageServer.Settings().debounce, 0] {
        var settings = LanguageServer.Settings()
        settings.debounce = debounce
        let clock = PublishClock()
        let server = LanguageServer(settings: settings) { clock.sent($0) }
        server.handle(serverMessage(["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]]))
        server.handle(serverMessage(["method": "initialized", "params": [:] as [String: Any]]))
        let uri = "file:///bench/screen.yaml"
        var signal = clock.expect(1)
        server.handle(serverMessage(["method": "textDocument/didOpen",
                                     "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]]]))
        signal.wait()
        var times: [Double] = []
        var counts: [Int] = []
        for version in 2...(quick ? 6 : 22) {
            // Alternately 40 wide (one more finding) and back to 44.
            let change = serverMessage(["method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": ["start": ["line": line, "character": character],
                                              "end": ["line": line, "character": character + 2]],
                                    "text": version % 2 == 0 ? "40" : "44"]],
            ]])
            signal = clock.expect(version)
            let start = now()
            server.handle(change)
            signal.wait()
            times.append(clock.sentAt - start)
            counts.append(clock.diagnostics)
        }
        server.drain()
        times.sort()
        print(String(format: "language server, 10,000-node YAML layout (%@), a change to its diagnostics published (%d and %d of them): "
                     + "median %.1f ms, worst %.1f ms, with a %.0f ms debounce (goal ≤ 30 ms; the lint alone, one thread: %.1f ms, goal ≤ 10 ms)",
                     megabytes(text.utf8.count), counts.min() ?? 0, counts.max() ?? 0,
                     times[times.count / 2] * 1000, times.last! * 1000, debounce * 1000, plain * 1000))
    }
}

// The language server against a hostile or careless client (issue 33): a
// header that never ends, a minified document full of findings, a flood of
// saves. Each counts what it should bound as well as timing it.
final class SentMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var methods: [String: Int] = [:]
    private var firstPublishAt: Double?

    func sent(_ framed: [UInt8]) {
        let time = now()
        guard let start = framed.firstIndex(of: UInt8(ascii: "{")),
              let object = try? JSONSerialization.jsonObject(with: Data(framed[start...])) as? [String: Any] else { return }
        let method = object["method"] as? String ?? "(response)"
        lock.lock()
        methods[method, default: 0] += 1
        if method == "textDocument/publishDiagnostics", firstPublishAt == nil { firstPublishAt = time }
        lock.unlock()
    }

    func count(_ method: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return methods[method] ?? 0
    }

    var publishedAt: Double? {
        lock.lock()
        defer { lock.unlock() }
        return firstPublishAt
    }
}

func startedServer(debounce: Double? = nil) -> (LanguageServer, SentMessages) {
    var settings = LanguageServer.Settings()
    if let debounce { settings.debounce = debounce }
    let sent = SentMessages()
    let server = LanguageServer(settings: settings) { sent.sent($0) }
    server.handle(serverMessage(["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]]))
    server.handle(serverMessage(["method": "initialized", "params": [:] as [String: Any]]))
    return (server, sent)
}

if selected("server limits") {
    // A header that never ends, served from a read function that makes it up
    // as it goes (64 KiB a read): how much the server reads, and how long, before it stops.
    for megabytesOfHeader in quick ? [2] : [2, 20, 200] {
        let total = megabytesOfHeader * 1_000_000
        var handedOut = 0
        let server = LanguageServer { _ in }
        resetPeakRSS()
        let start = now()
        let status = server.serve(read: { buffer in
            let count = min(buffer.count, total - handedOut)
            guard count > 0 else { return 0 }
            for index in 0..<count { buffer[index] = UInt8(ascii: "a") }
            handedOut += count
            return count
        })
        print(String(format: "language server, a header of %d MB without end: read %@ in %.3f s, exit status %d, peak RSS %@",
                     megabytesOfHeader, megabytes(handedOut), now() - start, status, megabytes(peakRSS())))
    }

    // A minified layout: every node on one line, 4,000 buttons too small.
    let buttons = quick ? 1_000 : 4_000
    var minified = "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 4000, 4000], \"children\": ["
    for index in 0..<buttons {
        minified += (index == 0 ? "" : ", ") + "{\"id\": \"b\(index)\", \"type\": \"button\", \"frame\": [\((index % 60) * 64), \((index / 60) * 48), 30, 30]}"
    }
    minified += "]}}"
    var oneThread = LintOptions()
    oneThread.run.jobs = 1
    let plain = best(runs) { _ = Linter(options: oneThread).lint(source: SourceText(minified), format: .json, path: "screen.json") }
    let (server, sent) = startedServer(debounce: 0)
    let start = now()
    server.handle(serverMessage(["method": "textDocument/didOpen",
                                 "params": ["textDocument": ["uri": "file:///bench/minified.json", "languageId": "json", "version": 1, "text": minified]]]))
    server.drain()
    print(String(format: "language server, a one-line layout (%@) with %d buttons too small: opened to diagnostics published %.3f s (the lint alone %.3f s)",
                 megabytes(minified.utf8.count), buttons, (sent.publishedAt ?? now()) - start, plain))

    // One didChange of many edits (an editor's multi-cursor edit): each edit
    // is applied in turn, and each rebuilds the line table.
    let big = String(decoding: typicalLayout(nodes: quick ? 10_000 : 50_000, yaml: true), as: UTF8.self)
    let bigLines = big.split(separator: "\n", omittingEmptySubsequences: false)
    let editedLines = bigLines.indices.filter { bigLines[$0].contains("{id: more") }.prefix(1_000)
    let (editor, editorSent) = startedServer(debounce: 0)
    editor.handle(serverMessage(["method": "textDocument/didOpen",
                                 "params": ["textDocument": ["uri": "file:///bench/cursors.yaml", "languageId": "yaml", "version": 1, "text": big]]]))
    editor.drain()
    let edits: [[String: Any]] = editedLines.reversed().map { line in
        let character = bigLines[line].utf16.count - "44]}".utf16.count
        return ["range": ["start": ["line": line, "character": character], "end": ["line": line, "character": character + 2]], "text": "40"]
    }
    // Bottom up, as editors send them; then top down (each edit "40" → "44"
    // keeps every later position), which is written one edit at a time.
    for (order, version, ordered) in [("bottom up", 2, edits), ("top down", 3, edits.reversed().map { edit -> [String: Any] in
        var edit = edit
        edit["text"] = "44"
        return edit
    })] {
        let change = serverMessage(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": "file:///bench/cursors.yaml", "version": version], "contentChanges": ordered]])
        let applyStart = now()
        editor.handle(change)
        let applied = now() - applyStart
        editor.drain()
        print(String(format: "language server, one change of %d edits (%@) to a %@ layout: applied in %.3f s, linted and published by %.3f s (%d publishes so far)",
                     ordered.count, order, megabytes(big.utf8.count), applied, now() - applyStart, editorSent.count("textDocument/publishDiagnostics")))
    }

    // A flood of saves and watched-file events: how many lints they cost.
    let (flooded, floodSent) = startedServer()
    let text = String(decoding: typicalLayout(nodes: 1_000, yaml: true), as: UTF8.self)
    flooded.handle(serverMessage(["method": "textDocument/didOpen",
                                  "params": ["textDocument": ["uri": "file:///bench/flood.yaml", "languageId": "yaml", "version": 1, "text": text]]]))
    flooded.drain()
    let floodStart = now()
    for index in 0..<100 {
        let method = index % 2 == 0 ? "textDocument/didSave" : "workspace/didChangeWatchedFiles"
        flooded.handle(serverMessage(["method": method, "params": ["textDocument": ["uri": "file:///bench/flood.yaml"], "changes": [] as [Any]]]))
    }
    flooded.drain()
    print(String(format: "language server, 100 saves and watched-file events on a 1,000-node layout: %d lints published in all (1 for the open), %.3f s",
                 floodSent.count("textDocument/publishDiagnostics"), now() - floodStart))
}

// Many small files through the real command (file walker, parallel lint,
// sorted report), one job against all cores; and a one-file run of the built
// executable, process start to exit (its first output comes at the end).
final class CapturedCommandOutput: CommandOutput {
    let isTerminal = false
    let environment: [String: String] = [:]
    var text = ""
    func write(_ text: String) { self.text += text }
    func writeError(_ text: String) {}
}

final class DiscardedOutput: CommandOutput {
    let isTerminal = false
    let environment: [String: String] = [:]
    func write(_ text: String) {}
    func write(buffer: UnsafeBufferPointer<UInt8>) {}
    func writeError(_ text: String) {}
}

print("")
/// What two cores of this machine deliver at the moment: the same arithmetic
/// on one thread, then on two at once (median of 5), as work done per second
/// relative to one. The cores of a virtual machine may share a physical core
/// or a busy host: seen here from 1.1× to 1.9× within one day.
func parallelYardstick() -> Double {
    @Sendable func spin() -> UInt64 {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<60_000_000 as Range<UInt64> { value = (value ^ step) &* 0xBF58_476D_1CE4_E5B9 }
        return value
    }
    var ratios: [Double] = []
    for _ in 0..<5 {
        var start = now()
        var sink = spin()
        let alone = now() - start
        start = now()
        let results = UnsafeMutablePointer<UInt64>.allocate(capacity: 2)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: 2) { slots[$0] = spin() }
        let together = now() - start
        sink ^= results[0] ^ results[1]
        if sink == 42 { print("") }  // keeps the work from being optimised away
        ratios.append(2 * alone / together)
    }
    return ratios.sorted()[2]
}

if selected("small files") || selected("start") {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitlint-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = quick ? 2_000 : 10_000
    for index in 0..<count {
        let bytes = typicalLayout(nodes: 20 + index % 30, yaml: index % 2 == 1, seed: UInt64(index))
        let name = folder.appendingPathComponent(String(format: "screen%05d.%@", index, index % 2 == 1 ? "yaml" : "json"))
        _ = FileManager.default.createFile(atPath: name.path, contents: Data(bytes))
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let single = best(runs) { _ = HitLintCommand.run(["--jobs", "1", folder.path], output: DiscardedOutput()) }
    let parallel = best(runs) { _ = HitLintCommand.run([folder.path], output: DiscardedOutput()) }
    print(String(format: "two threads of plain arithmetic on this machine now: %.2f× the work of one (the yardstick for the next lines)",
                 parallelYardstick()))
    print(String(format: "%d small files, in this process: --jobs 1 %.3f s, --jobs %d %.3f s (%.2f× faster; goal ≥ 1.7× on 2 cores)",
                 count, single, cores, parallel, single / parallel))

    // Process start to first output, with the executable next to this one.
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hitlint")
    if FileManager.default.isExecutableFile(atPath: executable.path) {
        // The same folder through the built command, as CI runs it: a fresh
        // process each time, runs alternated, median of each.
        var oneJob: [Double] = []
        var allJobs: [Double] = []
        for _ in 0..<(quick ? 3 : 7) {
            if let time = timeHitlint(["--jobs", "1", folder.path]) { oneJob.append(time) }
            if let time = timeHitlint([folder.path]) { allJobs.append(time) }
        }
        oneJob.sort()
        allJobs.sort()
        let (one, all) = (oneJob[oneJob.count / 2], allJobs[allJobs.count / 2])
        print(String(format: "%d small files, hitlint processes: --jobs 1 %.3f s, --jobs %d %.3f s (median; %.2f× faster; goal ≥ 1.7× on 2 cores)",
                     count, one, cores, all, one / all))

        let file = folder.appendingPathComponent("screen00000.json").path
        // Median of the time from launch to the first byte on standard output.
        var times: [Double] = []
        for _ in 0..<(quick ? 5 : 21) {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = executable
            process.arguments = [file]
            process.standardOutput = pipe
            let start = now()
            try? process.run()
            _ = try? pipe.fileHandleForReading.read(upToCount: 1)
            times.append(now() - start)
            _ = try? pipe.fileHandleForReading.readToEnd()
            process.waitUntilExit()
        }
        times.sort()
        print(String(format: "one-file run of %@, process start to first output: median %.1f ms, best %.1f ms (goal ≤ 20 ms)",
                     executable.lastPathComponent, times[times.count / 2] * 1000, times[0] * 1000))
    } else {
        print("one-file run: build the hitlint product in the same configuration to measure start-up (\(executable.path) not found)")
    }
}
