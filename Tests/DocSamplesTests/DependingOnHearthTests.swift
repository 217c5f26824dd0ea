import Foundation
import HearthTestSupport
import Testing

/// README's "Depend on Hearth", checked with SwiftPM itself: a package depending on this checkout by path,
/// through a folder of another name (a symbolic link `hearth-checkout`), loaded by `swift package show-dependencies`
/// (which loads the package graph, checking every target's product dependencies, and builds nothing).
@Suite("Depending on Hearth", .enabled(if: swiftExecutable != nil, "swift is not on PATH"))
struct DependingOnHearthTests {
    @Test func aPathDependency_isNamedAfterItsFolder() async throws {
        let outcome = try await showDependencies(
            dependency: #".package(path: "../hearth-checkout")"#, package: "hearth-checkout")
        #expect(outcome.status == 0, "\(outcome.errors)")
    }

    @Test func aPathDependency_isNotNamedAfterHearthsManifest() async throws {
        let outcome = try await showDependencies(
            dependency: #".package(path: "../hearth-checkout")"#, package: "Hearth")
        #expect(outcome.status != 0)
        #expect(
            outcome.errors.contains(
                "unknown package 'Hearth' in dependencies of target 'App'; valid packages are: 'hearth-checkout'"),
            "\(outcome.errors)"
        )
    }

    @Test func aNamedPathDependency_isHearth_whateverItsFolder() async throws {
        let outcome = try await showDependencies(
            dependency: #".package(name: "Hearth", path: "../hearth-checkout")"#, package: "Hearth")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(!outcome.errors.contains("deprecated"), "\(outcome.errors)")
    }

    @Test func aProductHearthDoesNotHave_isRefused() async throws {
        let outcome = try await showDependencies(
            dependency: #".package(path: "../hearth-checkout")"#, package: "hearth-checkout", product: "Firestore")
        #expect(
            outcome.status != 0, "the command must load the whole graph, or the other tests prove less than they say")
        #expect(outcome.errors.contains("Firestore"), "\(outcome.errors)")
    }

    // MARK: Helpers

    private var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `swift package show-dependencies` on a package `App` whose one target uses `product` of `package`, from
    /// `dependency` (a `Package.Dependency` expression), with `../hearth-checkout` linking to this checkout.
    private func showDependencies(
        dependency: String, package: String, product: String = "Hearth"
    ) async throws -> ChildProcess.Outcome {
        let swift = try #require(swiftExecutable)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-depend-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = directory.appendingPathComponent("App", isDirectory: true)
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("hearth-checkout"),
            withDestinationURL: repositoryRoot
        )
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.macOS(.v15)],
                dependencies: [\(dependency)],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "\(product)", package: "\(package)")])]
            )

            """
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import Hearth\n".write(
            to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        return try await ChildProcess.run(
            swift, ["package", "show-dependencies"], environment: ProcessInfo.processInfo.environment,
            directory: app.path, timeout: .seconds(120)
        )
    }
}

/// The `swift` command these tests run.
private let swiftExecutable = ChildProcess.which("swift")
