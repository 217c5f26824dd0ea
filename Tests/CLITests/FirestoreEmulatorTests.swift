import Foundation
import HearthTestSupport
import Testing

/// `HEARTH_STORE=firestore` against Google's emulator: the same command, the REST adapter underneath.
@Suite(
    "hearth on the Firestore emulator",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"),
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)")
)
struct FirestoreEmulatorTests {
    @Test func demo_runsOnFirestore_andASecondRunShowsTheFirstRunsData() async throws {
        let workspace = try await emulatorWorkspace()
        defer { workspace.remove() }

        let first = try workspace.run(["demo"])
        let second = try workspace.run(["demo"])

        #expect(first.status == 0, "\(first)")
        #expect(first.standardOutput.contains("(emulator) store (development)"))
        #expect(first.standardOutput.contains("First run on this store"))
        #expect(
            first.standardOutput.contains("active classes in the week of 2 March: Yoga Mon 2 07:30, Yoga Wed 4 07:30"))
        #expect(second.status == 0, "\(second)")
        #expect(second.standardOutput.contains("Welcome back: 3 members registered on a previous run"))
        #expect(!workspace.directory.exists(".hearth"))
    }

    @Test func theDocumentCommands_workOnFirestore() async throws {
        let workspace = try await emulatorWorkspace()
        defer { workspace.remove() }

        try workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":30}"#])
        try workspace.succeed(["set", "members/bea", #"{"name":"Bea","age":40}"#])
        try workspace.succeed(["update", "members/ana", #"{"age":31}"#])
        let get = try workspace.succeed(["get", "members/ana"])
        let query = try workspace.succeed(["query", "members", "--where", "age > 30", "--order-by", "age", "desc"])
        let count = try workspace.succeed(["count", "members"])
        let export = try workspace.succeed(["export"])
        try workspace.succeed(["delete", "members/bea"])

        #expect(get.standardOutput.contains(#""age": 31"#))
        #expect(query.outputLines.count == 2)
        #expect(query.outputLines.first?.contains(#""path":"members/bea""#) == true)
        #expect(count.standardOutput == "2\n")
        #expect(export.outputLines.count == 2)
        #expect(try workspace.succeed(["collections"]).outputLines == ["members"])
        #expect(try workspace.run(["get", "members/bea"]).status == 1)
    }

    private func emulatorWorkspace() async throws -> Workspace {
        let emulator = try await FirestoreEmulator.shared()
        return try Workspace(
            store: "firestore",
            environment: [
                "FIRESTORE_EMULATOR_HOST": emulator.hostAndPort,
                "GOOGLE_CLOUD_PROJECT": FirestoreEmulator.newProjectID(prefix: "cli"),
            ]
        )
    }
}
