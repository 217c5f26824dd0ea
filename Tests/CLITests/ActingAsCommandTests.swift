import Foundation
import HearthTestSupport
import Testing

/// `--as-uid`, `--claims` and `--anonymous` on a local store with `HEARTH_RULES`: each data command runs
/// as that caller under the rules; a denial exits 1 with `PERMISSION_DENIED` naming the path.
@Suite("hearth --as-uid", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct ActingAsCommandTests {
    /// A file-store workspace with seed 001's rules in `firestore.rules`, and `HEARTH_RULES` naming it.
    private func makeWorkspace() throws -> (Workspace, [String: String]) {
        let workspace = try Workspace()
        let file = workspace.directory.url.appendingPathComponent("firestore.rules")
        try Data(SeedRules.seed001.utf8).write(to: file)
        return (workspace, ["HEARTH_RULES": file.path])
    }

    @Test func aUser_writesAndReadsTheirOwnDocument_andIsDeniedAnothers() async throws {
        let (workspace, rules) = try makeWorkspace()
        defer { workspace.remove() }

        try await workspace.succeed(["set", "users/u1", #"{"n":1}"#, "--as-uid", "u1"], environment: rules)
        let own = try await workspace.succeed(["get", "users/u1", "--as-uid", "u1"], environment: rules)
        let other = try await workspace.run(["get", "users/u1", "--as-uid", "u2"], environment: rules)
        let anonymous = try await workspace.run(["get", "users/u1", "--anonymous"], environment: rules)

        #expect(own.standardOutput.contains("\"n\""))
        #expect(other.status == 1)
        #expect(other.standardError.contains("PERMISSION_DENIED"))
        #expect(other.standardError.contains("users/u1"))
        #expect(anonymous.status == 1)
    }

    @Test func claims_reachTheRules_andWithoutACaller_theCommandIsAdmin() async throws {
        let (workspace, rules) = try makeWorkspace()
        defer { workspace.remove() }

        let plain = try await workspace.run(["set", "products/p1", #"{"n":1}"#, "--as-uid", "u1"], environment: rules)
        try await workspace.succeed(
            ["set", "products/p1", #"{"n":1}"#, "--as-uid", "u1", "--claims", #"{"admin":true}"#], environment: rules)
        try await workspace.succeed(["set", "other/x", #"{"n":1}"#], environment: rules)
        let environment = try await workspace.run(
            ["get", "other/x"], environment: rules.merging(["HEARTH_AS_UID": "u1"]) { $1 })

        #expect(plain.status == 1)
        #expect(environment.status == 1, "HEARTH_AS_UID makes the command that user")
    }

    @Test func contradictoryCallers_areUsageErrors() async throws {
        let (workspace, rules) = try makeWorkspace()
        defer { workspace.remove() }

        let both = try await workspace.run(["get", "users/u1", "--as-uid", "u1", "--anonymous"], environment: rules)
        let badClaims = try await workspace.run(
            ["get", "users/u1", "--as-uid", "u1", "--claims", "[1]"], environment: rules)

        #expect(both.status == 2)
        #expect(badClaims.status == 2)
    }
}

/// `--as-uid` and `--anonymous` on the Firestore emulator: the command sends an unsigned ID token (or no
/// credentials) and the emulator's rules decide.
@Suite(
    "hearth --as-uid on the emulator",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"),
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)")
)
struct ActingAsEmulatorTests {
    @Test func aUser_andAnonymous_areDecidedByTheEmulatorsRules() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let project = FirestoreEmulator.newProjectID(prefix: "cli-as")
        try await emulator.setRules(SeedRules.seed001, projectID: project)
        let workspace = try Workspace(
            store: "firestore",
            environment: ["FIRESTORE_EMULATOR_HOST": emulator.hostAndPort, "GOOGLE_CLOUD_PROJECT": project])
        defer { workspace.remove() }

        try await workspace.succeed(["set", "users/u1", #"{"n":1}"#, "--as-uid", "u1"])
        let own = try await workspace.succeed(["get", "users/u1", "--as-uid", "u1"])
        let other = try await workspace.run(["get", "users/u1", "--as-uid", "u2"])
        let anonymous = try await workspace.run(["get", "users/u1", "--anonymous"])
        try await workspace.succeed([
            "set", "products/p1", #"{"n":1}"#, "--as-uid", "u1", "--claims", #"{"admin":true}"#,
        ])
        let plain = try await workspace.run(["set", "products/p1", #"{"n":2}"#, "--as-uid", "u1"])

        #expect(own.standardOutput.contains("\"n\""))
        #expect(other.status == 1)
        #expect(other.standardError.contains("PERMISSION_DENIED"), "\(other)")
        #expect(anonymous.status == 1)
        #expect(plain.status == 1)
    }
}
