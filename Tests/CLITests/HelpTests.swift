import Foundation
import Testing

@Suite("hearth --help", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct HelpTests {
    static let commands = [
        "demo", "get", "set", "update", "delete", "query", "count", "collections", "export", "import", "watch",
    ]

    @Test func help_listsEveryCommand_andTheEnvironment() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try await workspace.run(["--help"])

        #expect(run.status == 0)
        for command in Self.commands {
            #expect(run.standardOutput.contains("\n  \(command) "), "\(command) missing from --help")
        }
        #expect(run.standardOutput.contains("HEARTH_STORE"))
        #expect(run.standardOutput.contains("HEARTH_ENV"))
        #expect(run.standardError.isEmpty)
    }

    @Test(arguments: commands)
    func everyCommand_hasItsOwnHelp(command: String) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let long = try await workspace.run([command, "--help"])
        let short = try await workspace.run([command, "-h"])
        let viaHelp = try await workspace.run(["help", command])

        #expect(long.status == 0)
        #expect(long.standardOutput.hasPrefix("Usage: hearth \(command)"))
        #expect(short.standardOutput == long.standardOutput)
        #expect(viaHelp.standardOutput == long.standardOutput)
        #expect(!workspace.storeExists)
    }

    @Test func help_winsOverOtherArguments_andOpensNothing() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try await workspace.run(["set", "members/ana", "{not json", "--help"])

        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Usage: hearth set"))
        #expect(!workspace.storeExists)
    }
}
