// swift-tools-version: 6.0
//
// Hearth's fuzz targets: one executable, `hearth-fuzz`, that libFuzzer drives. It depends on the root
// package by path, so the root stays free of package dependencies and its normal build never needs the
// sanitizers. Build and run it with `scripts/fuzz` (see Docs/Reliability.md):
//
//   swift build --package-path Fuzz --scratch-path .build-fuzz -c release --sanitize=fuzzer --sanitize=address
//
// With `--sanitize=fuzzer` SwiftPM compiles the executable as a library and libFuzzer supplies `main`; the
// target is chosen with `--target=NAME` (libFuzzer ignores flags that start with `--`).

import PackageDescription

let package = Package(
    name: "HearthFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Hearth", path: "..")],
    targets: [
        .executableTarget(
            name: "hearth-fuzz",
            dependencies: [
                .product(name: "HearthDomain", package: "Hearth"),
                .product(name: "HearthPort", package: "Hearth"),
                .product(name: "HearthInMemory", package: "Hearth"),
                .product(name: "HearthFileSystem", package: "Hearth"),
                .product(name: "HearthFirestoreCodec", package: "Hearth"),
                .product(name: "HearthFirestoreREST", package: "Hearth"),
                .product(name: "HearthFirestoreTestServer", package: "Hearth"),
                .product(name: "HearthRules", package: "Hearth"),
            ],
            path: "Sources/HearthFuzz",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
