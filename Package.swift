// swift-tools-version:6.0
import PackageDescription

// hitlint depends on the Swift toolchain only: Foundation, Dispatch, XCTest.
let package = Package(
    name: "hitlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hitlint", targets: ["hitlint"]),
        .library(name: "HitLintKit", targets: ["HitLintKit"]),
    ],
    targets: [
        .target(name: "HitLintKit"),
        .executableTarget(name: "hitlint", dependencies: ["HitLintKit"]),
        // Benchmarks print figures; nothing in the test suite asserts on time.
        .executableTarget(name: "hitlint-bench", dependencies: ["HitLintKit"]),
        .testTarget(
            name: "HitLintKitTests",
            dependencies: ["HitLintKit"]
        ),
    ]
)
