// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for hitlint. Built only by `make fuzz` (never by the root
// package's `swift build` / `swift test`), with
// `-Xswiftc -sanitize=fuzzer,address`, on Linux, where the toolchain's clang
// runtime has libFuzzer. SwiftPM links an executable's own `main` in place of
// libFuzzer's, so each target's main.swift hands its input callback to
// libFuzzer's driver (`LLVMFuzzerRunDriver`) itself.
let package = Package(
    name: "hitlint-fuzz",
    dependencies: [.package(name: "hitlint", path: "..")],
    targets: [
        // The properties every input must keep; shared by the targets.
        .target(name: "FuzzChecks", dependencies: [.product(name: "HitLintKit", package: "hitlint")]),
        // Hands libFuzzer's driver a Swift closure.
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzChecks", "FuzzDriver"]),
        .executableTarget(name: "fuzz-yaml", dependencies: ["FuzzChecks", "FuzzDriver"]),
        .executableTarget(name: "fuzz-lint", dependencies: ["FuzzChecks", "FuzzDriver"]),
        .executableTarget(name: "fuzz-xml", dependencies: ["FuzzChecks", "FuzzDriver"]),
        .executableTarget(name: "fuzz-options", dependencies: ["FuzzChecks", "FuzzDriver"]),
        // `hitlint server`'s framing and dispatch, in process.
        .executableTarget(name: "fuzz-lsp", dependencies: ["FuzzChecks", "FuzzDriver"]),
    ]
)
