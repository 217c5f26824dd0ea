import Foundation
import HearthTestSupport
import Testing

/// `hearth rules check <file>`: a file that parses is outlined; one that does not is named with its line
/// and column, exit status 2.
@Suite("hearth rules", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct RulesCommandTests {
    @Test func check_outlinesSeed002sRules() async throws {
        let workspace = try Workspace(store: "memory")
        defer { workspace.remove() }
        let file = workspace.directory.url.appendingPathComponent("firestore.rules")
        try Data(SeedRules.seed002.utf8).write(to: file)

        let run = try await workspace.succeed(["rules", "check", file.path])

        #expect(run.outputLines.first == "\(file.path): rules_version 2, service cloud.firestore")
        #expect(
            run.outputLines.dropFirst() == [
                "  /databases/{database}/documents",
                "    /databases/{database}/documents/products/{productId}: allow get,list if …; create,update,delete if …",
                "    /databases/{database}/documents/users/{userId}: allow get,list,create,update,delete if …",
                "    /databases/{database}/documents/{document=**}: allow get,list,create,update,delete if …",
            ])
    }

    @Test func check_namesTheLineAndColumnOfAnError() async throws {
        let workspace = try Workspace(store: "memory")
        defer { workspace.remove() }
        let file = workspace.directory.url.appendingPathComponent("broken.rules")
        try Data("service cloud.firestore {\n  match /a/{b} {\n    allow read: if true\n  }\n}\n".utf8).write(to: file)

        let run = try await workspace.run(["rules", "check", file.path])

        #expect(run.status == 2)
        #expect(run.standardError.contains("broken.rules:4:3: expected ';' after the allow statement, found '}'"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func check_aMissingFile_fails() async throws {
        let workspace = try Workspace(store: "memory")
        defer { workspace.remove() }
        let run = try await workspace.run(["rules", "check", "nowhere.rules"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot read nowhere.rules"))
    }
}
