// swift-tools-version: 6.0
//
// Hearth: Cloud Firestore's data model and semantics behind one port, with swappable adapters.
// The target graph is the architecture: Domain <- Application <- adapters <- CompositionRoot.
// No package dependencies: the toolchain only.

import PackageDescription

/// One set of settings for every target: Swift 6 language mode and the strictness we hold ourselves to.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Hearth", targets: ["Hearth"]),
        .library(name: "HearthDomain", targets: ["HearthDomain"]),
        .library(name: "HearthPort", targets: ["HearthPort"]),
        .library(name: "HearthApplication", targets: ["HearthApplication"]),
        .library(name: "HearthInMemory", targets: ["HearthInMemory"]),
        .library(name: "HearthFileSystem", targets: ["HearthFileSystem"]),
        .library(name: "HearthFirestoreREST", targets: ["HearthFirestoreREST"]),
        .library(name: "HearthFirestoreCodec", targets: ["HearthFirestoreCodec"]),
        .library(name: "HearthContract", targets: ["HearthContract"]),
        .library(name: "HearthFirestoreTestServer", targets: ["HearthFirestoreTestServer"]),
        .executable(name: "hearth", targets: ["HearthCLI"]),
        .executable(name: "hearth-bench", targets: ["HearthBench"]),
    ],
    targets: [
        // MARK: Core layers
        .target(name: "HearthDomain", path: "Domain", swiftSettings: strictSettings),
        // The port every adapter implements, with what implementers and the client share (snapshot
        // buffers, the polling listener, the retry loop); adapters depend on it, never on the client API.
        .target(
            name: "HearthPort", dependencies: ["HearthDomain"], path: "Application/Port", swiftSettings: strictSettings),
        .target(
            name: "HearthApplication",
            dependencies: ["HearthDomain", "HearthPort"],
            path: "Application",
            exclude: ["Port"],
            swiftSettings: strictSettings
        ),

        // MARK: Adapters
        .target(
            name: "HearthLocalEngine",
            dependencies: ["HearthDomain", "HearthPort"],
            path: "Infrastructure/LocalEngine",
            swiftSettings: strictSettings
        ),
        .target(
            name: "HearthInMemory",
            dependencies: ["HearthDomain", "HearthPort", "HearthLocalEngine"],
            path: "Infrastructure/InMemory",
            swiftSettings: strictSettings
        ),
        .target(
            name: "HearthFileSystem",
            dependencies: ["HearthDomain", "HearthPort", "HearthLocalEngine", "HearthFirestoreCodec"],
            path: "Infrastructure/FileSystem",
            swiftSettings: strictSettings
        ),
        // The REST wire codec is a pure library (no networking) so that the file store can export and
        // import Firestore REST document JSON without depending on the REST adapter. It still depends on the
        // client API for one thing: `FirestoreJSONDecoder` (Codec/Decodable) decodes into Codable models
        // through `DocumentDecoder`.
        .target(
            name: "HearthFirestoreCodec",
            dependencies: ["HearthDomain", "HearthPort", "HearthApplication"],
            path: "Infrastructure/FirestoreREST/Codec",
            swiftSettings: strictSettings
        ),
        .target(
            name: "HearthFirestoreREST",
            dependencies: ["HearthDomain", "HearthPort", "HearthFirestoreCodec"],
            path: "Infrastructure/FirestoreREST/Adapter",
            swiftSettings: strictSettings
        ),

        // MARK: Composition root
        .target(
            name: "Hearth",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthFileSystem",
                "HearthFirestoreCodec",
                "HearthFirestoreREST",
            ],
            path: "CompositionRoot/Hearth",
            swiftSettings: strictSettings
        ),
        // The `hearth` command; its `demo` runs the teaching example's use cases.
        .executableTarget(
            name: "HearthCLI",
            dependencies: [
                "Hearth", "HearthFileSystem", "HearthFirestoreCodec", "HearthLocalEngine", "GymDomain",
                "GymApplication", "GymInfrastructure",
            ],
            path: "CompositionRoot/HearthCLI",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "HearthBench",
            dependencies: [
                "Hearth", "HearthLocalEngine", "HearthInMemory", "HearthFileSystem", "HearthFirestoreCodec",
                "HearthFirestoreREST", "HearthTestSupport",
                // The `codec` scenario's answers are written by the test server, and its reference contenders are its tree codec.
                "HearthFirestoreTestServer",
            ],
            path: "CompositionRoot/HearthBench",
            swiftSettings: strictSettings
        ),

        // MARK: Test support shipped as libraries
        .target(
            name: "HearthContract",
            dependencies: ["HearthDomain", "HearthPort", "HearthApplication"],
            path: "Tests/HearthContract",
            swiftSettings: strictSettings
        ),
        .target(
            name: "HearthTestSupport", dependencies: ["HearthDomain"], path: "Tests/TestSupport",
            swiftSettings: strictSettings),
        // The server half of the REST wire format (request decoders, response encoders, error bodies as the
        // server writes them) and the JSON-tree reference codec the library's one codec is tested against.
        .target(
            name: "HearthFirestoreTestServer",
            dependencies: ["HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec"],
            path: "Tests/FirestoreTestServer",
            swiftSettings: strictSettings
        ),

        // MARK: The teaching example (Docs/Examples/Gym): its own layers, built on Hearth
        .target(name: "GymDomain", path: "Docs/Examples/Gym/Domain", swiftSettings: strictSettings),
        .target(
            name: "GymApplication", dependencies: ["GymDomain"], path: "Docs/Examples/Gym/Application",
            swiftSettings: strictSettings),
        .target(
            name: "GymInfrastructure",
            dependencies: ["GymDomain", "GymApplication", "HearthDomain", "HearthApplication"],
            path: "Docs/Examples/Gym/Infrastructure",
            swiftSettings: strictSettings
        ),

        // MARK: Tests
        .testTarget(
            name: "GymExampleTests",
            // The tests are the example's composition root: only they name concrete adapters.
            dependencies: [
                "GymDomain", "GymApplication", "GymInfrastructure", "HearthDomain", "HearthPort", "HearthApplication",
                "HearthInMemory", "HearthFileSystem", "HearthFirestoreREST", "HearthTestSupport",
            ],
            path: "Docs/Examples/Gym/Tests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CompositionRootTests",
            dependencies: ["Hearth", "HearthPort", "HearthInMemory", "HearthFirestoreREST"],
            path: "Tests/CompositionRootTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CLITests",
            // HearthCLI only so that `swift test` builds the `hearth` executable the tests run.
            dependencies: ["Hearth", "HearthCLI", "HearthFirestoreCodec", "HearthTestSupport"],
            path: "Tests/CLITests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocSamplesTests",
            // Every ```swift block of README.md and Docs/, generated by scripts/doc-samples (see Docs/Architecture.md);
            // Hearth is what a user's `import Hearth` gives, the others are what the samples import by name.
            dependencies: [
                "Hearth", "HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthFirestoreREST",
                "HearthContract",
                "HearthTestSupport",
            ],
            path: "Tests/DocSamplesTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SeedPortTests",
            // The seeds' own Swift code, as written, on Hearth: only `import Hearth` (what users import).
            dependencies: ["Hearth", "HearthTestSupport"],
            path: "Tests/SeedPortTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DomainTests", dependencies: ["HearthDomain", "HearthTestSupport"], path: "Tests/DomainTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "PortTests",
            // HearthInMemory: a real store for the polling listener to poll.
            dependencies: ["HearthDomain", "HearthPort", "HearthInMemory", "HearthTestSupport"],
            path: "Tests/PortTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ApplicationTests",
            dependencies: ["HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthTestSupport"],
            path: "Tests/ApplicationTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec", "HearthFirestoreTestServer",
            ],
            path: "Tests/ConformanceTests",
            resources: [.copy("Vectors")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FirestoreCodecTests",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec", "HearthFirestoreTestServer",
                "HearthTestSupport",
            ],
            path: "Tests/FirestoreCodecTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FirestoreRESTTests",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec", "HearthFirestoreREST",
                "HearthContract", "HearthTestSupport",
                "HearthFirestoreTestServer",
            ],
            path: "Tests/FirestoreRESTTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocalEngineTests",
            dependencies: ["HearthDomain", "HearthPort", "HearthLocalEngine", "HearthTestSupport"],
            path: "Tests/LocalEngineTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InMemoryTests",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthLocalEngine", "HearthInMemory", "HearthContract",
                "HearthTestSupport",
            ],
            path: "Tests/InMemoryTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FileSystemTests",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthLocalEngine", "HearthFileSystem",
                "HearthFirestoreCodec",
                "HearthContract", "HearthTestSupport",
                // Only so that `swift test` builds `hearth-bench`, whose `crash` scenario the crash test runs.
                "HearthBench",
            ],
            path: "Tests/FileSystemTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DifferentialTests",
            dependencies: [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthLocalEngine", "HearthInMemory",
                "HearthFirestoreCodec", "HearthTestSupport",
                "HearthFirestoreTestServer",
            ],
            path: "Tests/DifferentialTests",
            swiftSettings: strictSettings
        ),
    ]
)
