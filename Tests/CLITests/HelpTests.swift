import Foundation
import Testing

@Suite("hearth --help", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct HelpTests {
    static let commands = [
        "demo", "get", "set", "update", "delete", "query", "count", "collections", "export", "import", "watch",
    ]

    @Test func help_listsEveryCommand_andTheEnvironment() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try workspace.run(["--help"])

        #expect(run.status == 0)
        for command in Self.commands {
            #expect(run.standardOutput.contains("\n  \(command) "), "\(command) missing from --help")
        }
        #expect(run.standardOutput.contains("HEARTH_STORE"))
        #expect(run.standardOutput.contains("HEARTH_ENV"))
        #expect(run.standardError.isEmpty)
    }

    @Test(arguments: commands)
    func everyCommand_hasItsOwnHelp(command: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let long = try workspace.run([command, "--help"])
        let short = try workspace.run([command, "-h"])
        let viaHelp = try workspace.run(["help", command])

        #expect(long.status == 0)
        #expect(long.standardOutput.hasPrefix("Usage: hearth \(command)"))
        #expect(short.standardOutput == long.standardOutput)
        #expect(viaHelp.standardOutput == long.standardOutput)
        #expect(!workspace.storeExists)
    }

    @Test func help_winsOverOtherArguments_andOpensNothing() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try workspace.run(["set", "members/ana", "{not json", "--help"])

        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Usage: hearth set"))
        #expect(!workspace.storeExists)
    }
}
