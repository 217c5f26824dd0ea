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

/// A library target: an explicit path, the strict settings.
func hearthLibrary(
    _ name: String, _ dependencies: [Target.Dependency] = [], path: String, exclude: [String] = []
) -> Target {
    .target(name: name, dependencies: dependencies, path: path, exclude: exclude, swiftSettings: strictSettings)
}

/// An executable target: an explicit path, the strict settings.
func hearthExecutable(_ name: String, _ dependencies: [Target.Dependency], path: String) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: path, swiftSettings: strictSettings)
}

/// A test target: in `Tests/<name>` unless `path` says otherwise, with the strict settings.
func hearthTests(
    _ name: String, _ dependencies: [Target.Dependency], path: String? = nil, resources: [Resource]? = nil
) -> Target {
    .testTarget(
        name: name, dependencies: dependencies, path: path ?? "Tests/\(name)", resources: resources,
        swiftSettings: strictSettings)
}

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v15)],
    // Each library product is the one target of its name.
    products: [
        "Hearth", "HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthFileSystem",
        "HearthFirestoreREST", "HearthFirestoreCodec", "HearthCache", "HearthRules", "HearthContract",
        "HearthFirestoreTestServer",
        "AuthContract",
    ].map { .library(name: $0, targets: [$0]) } + [
        .executable(name: "hearth", targets: ["HearthCLI"]),
        .executable(name: "hearth-bench", targets: ["HearthBench"]),
    ],
    targets: [
        // MARK: Core layers
        hearthLibrary("HearthDomain", path: "Domain"),
        // The port every adapter implements, with what implementers and the client share (snapshot
        // buffers, the polling listener, the retry loop); adapters depend on it, never on the client API.
        hearthLibrary("HearthPort", ["HearthDomain"], path: "Application/Port"),
        hearthLibrary("HearthApplication", ["HearthDomain", "HearthPort"], path: "Application", exclude: ["Port"]),

        // MARK: Adapters
        hearthLibrary("HearthLocalEngine", ["HearthDomain", "HearthPort"], path: "Infrastructure/LocalEngine"),
        hearthLibrary(
            "HearthInMemory",
            ["HearthDomain", "HearthPort", "HearthLocalEngine", "HearthCrypto"],
            path: "Infrastructure/InMemory"),
        hearthLibrary(
            "HearthFileSystem",
            ["HearthDomain", "HearthPort", "HearthLocalEngine", "HearthFirestoreCodec", "HearthCrypto"],
            path: "Infrastructure/FileSystem"),
        // The REST wire codec is a pure library (no networking) so that the file store can export and
        // import Firestore REST document JSON without depending on the REST adapter. It still depends on the
        // client API for one thing: `FirestoreJSONDecoder` (Codec/Decodable) decodes into Codable models
        // through `DocumentDecoder`.
        hearthLibrary(
            "HearthFirestoreCodec",
            ["HearthDomain", "HearthPort", "HearthApplication"],
            path: "Infrastructure/FirestoreREST/Codec"),
        hearthLibrary(
            "HearthFirestoreREST",
            ["HearthDomain", "HearthPort", "HearthFirestoreCodec"],
            path: "Infrastructure/FirestoreREST/Adapter"),

        // The offline cache: a decorator composing a remote store and a local one (memory or file) with a
        // durable queue of pending writes kept in the local store (Docs/Offline.md). HearthLocalEngine only for
        // `DocumentSize`, Firestore's storage size, which its least-recently-used eviction counts in.
        hearthLibrary(
            "HearthCache", ["HearthDomain", "HearthPort", "HearthLocalEngine"], path: "Infrastructure/Cache"),
        // Firestore's security rules in process (issue 19): the rules language's parser, then its evaluator.
        // `RulesAccessPolicy` adapts its engine to HearthPort's `AccessPolicy`, which the local engine asks.
        hearthLibrary("HearthRules", ["HearthDomain", "HearthPort", "HearthCrypto"], path: "Infrastructure/Rules"),

        // The cryptography the auth adapters need (SHA-256, HMAC, PBKDF2, scrypt, base64url), the rules'
        // `hashing` (MD5, CRC-32) and the file store's CRC-32C, in the project: the toolchain has none on Linux. Depends on nothing; only its JWT helper imports Foundation (for JSON).
        hearthLibrary("HearthCrypto", path: "Infrastructure/Crypto"),

        // MARK: Composition root
        hearthLibrary(
            "Hearth",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthFileSystem",
                "HearthFirestoreCodec",
                "HearthFirestoreREST", "HearthCache",
                // HEARTH_RULES: the local stores seen by a caller (`HearthLocalEngine`'s `Caller`) under the rules.
                "HearthLocalEngine", "HearthRules",
                // Base64URL for the unsigned ID tokens sent to the emulator as a caller.
                "HearthCrypto",
            ],
            path: "CompositionRoot/Hearth"),
        // The `hearth` command; its `demo` runs the teaching example's use cases.
        hearthExecutable(
            "HearthCLI",
            [
                "Hearth", "HearthFileSystem", "HearthFirestoreCodec", "HearthLocalEngine", "GymDomain",
                "GymApplication", "GymInfrastructure",
                // The demo's staff sign in on an `InMemoryAuthGateway`; its front desk works offline through a cache.
                "HearthInMemory", "HearthCache",
                // `hearth rules check` parses rules files.
                "HearthRules",
            ],
            path: "CompositionRoot/HearthCLI"),
        hearthExecutable(
            "HearthBench",
            [
                "Hearth", "HearthLocalEngine", "HearthInMemory", "HearthFileSystem", "HearthFirestoreCodec",
                "HearthFirestoreREST", "HearthTestSupport", "HearthCrypto",
                // The `sync-crash` scenario's cached database.
                "HearthCache",
                // The `codec` scenario's answers are written by the test server, and its reference contenders are its tree codec.
                "HearthFirestoreTestServer",
                // The `rules-cost` scenario's policy.
                "HearthRules",
            ],
            path: "CompositionRoot/HearthBench"),

        // MARK: Test support shipped as libraries
        hearthLibrary(
            "HearthContract",
            ["HearthDomain", "HearthPort", "HearthApplication"],
            path: "Tests/HearthContract"),
        // The executable contract of the `AuthGateway` port; its assertions build on HearthContract's.
        hearthLibrary("AuthContract", ["HearthDomain", "HearthPort", "HearthContract"], path: "Tests/AuthContract"),
        hearthLibrary("HearthTestSupport", ["HearthDomain"], path: "Tests/TestSupport"),
        // The server half of the REST wire format (request decoders, response encoders, error bodies as the
        // server writes them) and the JSON-tree reference codec the library's one codec is tested against.
        hearthLibrary(
            "HearthFirestoreTestServer",
            ["HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec"],
            path: "Tests/FirestoreTestServer"),

        // MARK: The teaching example (Docs/Examples/Gym): its own layers, built on Hearth
        hearthLibrary("GymDomain", path: "Docs/Examples/Gym/Domain"),
        hearthLibrary("GymApplication", ["GymDomain"], path: "Docs/Examples/Gym/Application"),
        hearthLibrary(
            "GymInfrastructure",
            // HearthPort for the `AuthGateway` port that staff sign-in is built on.
            ["GymDomain", "GymApplication", "HearthDomain", "HearthPort", "HearthApplication"],
            path: "Docs/Examples/Gym/Infrastructure"),

        // MARK: Tests
        hearthTests(
            "GymExampleTests",
            // The tests are the example's composition root: only they name concrete adapters.
            [
                "GymDomain", "GymApplication", "GymInfrastructure", "HearthDomain", "HearthPort", "HearthApplication",
                "HearthInMemory", "HearthFileSystem", "HearthFirestoreREST", "HearthTestSupport",
            ],
            path: "Docs/Examples/Gym/Tests"),
        hearthTests(
            "CompositionRootTests",
            [
                "Hearth", "HearthPort", "HearthInMemory", "HearthFirestoreREST", "HearthCache",
                // The rules contract on the REST adapter against the emulator (EmulatorRulesContractTests).
                "HearthContract", "HearthTestSupport",
            ]),
        hearthTests(
            "CLITests",
            // HearthCLI only so that `swift test` builds the `hearth` executable the tests run.
            ["Hearth", "HearthCLI", "HearthFirestoreCodec", "HearthTestSupport"]),
        hearthTests(
            "DocSamplesTests",
            // Every ```swift block of README.md and Docs/, generated by scripts/doc-samples (see Docs/Architecture.md);
            // Hearth is what a user's `import Hearth` gives, the others are what the samples import by name.
            [
                "Hearth", "HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthFirestoreREST",
                "HearthContract", "HearthFileSystem", "HearthCache",
                "HearthTestSupport",
            ]),
        hearthTests(
            "SeedPortTests",
            // The seeds' own Swift code, as written, on Hearth: only `import Hearth` (what users import).
            ["Hearth", "HearthTestSupport"]),
        hearthTests("DomainTests", ["HearthDomain", "HearthTestSupport"]),
        hearthTests(
            "RulesTests",
            [
                "HearthDomain", "HearthRules", "HearthTestSupport",
                // The file store as a user against the emulator (EnforcementDifferentialTests).
                "HearthPort", "HearthFileSystem",
            ]),
        hearthTests(
            "PortTests",
            // HearthInMemory: a real store for the polling listener to poll.
            ["HearthDomain", "HearthPort", "HearthInMemory", "HearthTestSupport"]),
        hearthTests(
            "ApplicationTests",
            ["HearthDomain", "HearthPort", "HearthApplication", "HearthInMemory", "HearthTestSupport"]),
        hearthTests(
            "ConformanceTests",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec", "HearthFirestoreTestServer",
            ],
            resources: [.copy("Vectors")]),
        hearthTests(
            "FirestoreCodecTests",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec", "HearthFirestoreTestServer",
                "HearthTestSupport",
            ]),
        hearthTests(
            "FirestoreRESTTests",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthFirestoreCodec", "HearthFirestoreREST",
                "HearthContract", "HearthTestSupport",
                "HearthFirestoreTestServer",
                // Only for SeedLoginRulesTests: users signed in through the in-memory and the file gateways.
                "HearthInMemory", "HearthFileSystem",
                // FirebaseAuthGateway's contract run, on the loopback Auth emulator and a real one.
                "AuthContract",
            ]),
        hearthTests("CryptoTests", ["HearthCrypto"]),
        hearthTests(
            "CacheTests",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthCache", "HearthInMemory", "HearthFileSystem",
                "HearthFirestoreREST", "HearthContract", "HearthTestSupport",
            ]),
        hearthTests("LocalEngineTests", ["HearthDomain", "HearthPort", "HearthLocalEngine", "HearthTestSupport"]),
        hearthTests(
            "InMemoryTests",
            [
                "HearthDomain", "HearthPort", "HearthLocalEngine", "HearthInMemory", "HearthContract",
                "AuthContract", "HearthTestSupport",
                // The rules contract runs the store under `RulesAccessPolicy`.
                "HearthRules",
            ]),
        hearthTests(
            "FileSystemTests",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthLocalEngine", "HearthFileSystem",
                "HearthFirestoreCodec", "HearthCrypto",
                "HearthContract", "AuthContract", "HearthTestSupport",
                // The rules contract runs the store under `RulesAccessPolicy`.
                "HearthRules",
                // Only so that `swift test` builds `hearth-bench`, whose `crash` scenario the crash test runs.
                "HearthBench",
            ]),
        hearthTests(
            "DifferentialTests",
            [
                "HearthDomain", "HearthPort", "HearthApplication", "HearthLocalEngine", "HearthInMemory",
                "HearthFirestoreCodec", "HearthTestSupport",
                "HearthFirestoreTestServer",
            ]),
    ]
)
