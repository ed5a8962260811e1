// swift-tools-version:6.0
import PackageDescription

// hitlint depends on the Swift toolchain only: Foundation, Dispatch, XCTest.
let package = Package(
    name: "hitlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hitlint", targets: ["hitlint"]),
        .library(name: "HitLintKit", targets: ["HitLintKit"]),
        .plugin(name: "HitLintPlugin", targets: ["HitLintPlugin"]),
    ],
    targets: [
        .target(name: "HitLintKit"),
        .executableTarget(name: "hitlint", dependencies: ["HitLintKit"]),
        // Benchmarks print figures; nothing in the test suite asserts on time.
        .executableTarget(name: "hitlint-bench", dependencies: ["HitLintKit"]),
        .testTarget(
            name: "HitLintKitTests",
            dependencies: ["HitLintKit"],
            // Golden files and layouts, read from the source tree by path.
            exclude: ["Fixtures"]
        ),
        // `swift package hitlint`: lints the package's layout files.
        .plugin(
            name: "HitLintPlugin",
            capability: .command(
                intent: .custom(verb: "hitlint", description: "Lint the package's UI layout files for touch targets people will miss")
            ),
            dependencies: ["hitlint"]
        ),
    ]
)
