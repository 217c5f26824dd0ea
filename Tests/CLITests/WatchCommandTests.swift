import Foundation
import HearthTestSupport
import Testing

/// `hearth watch`: one JSON line per change, on every store.
@Suite("hearth watch", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct WatchCommandTests {
    @Test func aQuery_printsItsCurrentResultsAsAdded_inQueryOrder_thenStopsAtMaxChanges() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":30}"#])
        try await workspace.succeed(["set", "members/bea", #"{"name":"Bea","age":40}"#])
        try await workspace.succeed(["set", "members/cid", #"{"name":"Cid","age":50}"#])

        let run = try await workspace.succeed([
            "watch", "members", "--where", "age > 35", "--order-by", "age", "desc", "--max-changes", "2",
        ])

        #expect(
            run.outputLines == [
                #"{"type":"added","path":"members/cid","fields":{"age":50,"name":"Cid"}}"#,
                #"{"type":"added","path":"members/bea","fields":{"age":40,"name":"Bea"}}"#,
            ])
    }

    @Test func aDocumentPath_watchesThatDocument_typedPrintsTheRESTDocument() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana"}"#])
        try await workspace.succeed(["set", "members/bea", #"{"name":"Bea"}"#])

        let plain = try await workspace.succeed(["watch", "members/bea", "--max-changes", "1"])
        let typed = try await workspace.succeed(["watch", "members/bea", "--typed", "--max-changes", "1"])

        #expect(plain.outputLines == [#"{"type":"added","path":"members/bea","fields":{"name":"Bea"}}"#])
        #expect(typed.outputLines.count == 1)
        #expect(typed.standardOutput.contains(#""document":{"name":"projects/"#))
        #expect(typed.standardOutput.contains(#"/documents/members/bea","fields":{"name":{"stringValue":"Bea"}}"#))
    }

    @Test func aDocumentPathWithQueryOptions_orABadCount_isAUsageError() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let filtered = try await workspace.run(["watch", "members/ana", "--where", "age == 1"])
        let badCount = try await workspace.run(["watch", "members", "--max-changes", "0"])

        #expect(filtered.status == 2)
        #expect(filtered.standardError.contains("is a document"))
        #expect(badCount.status == 2)
        #expect(badCount.standardError.contains("--max-changes"))
        #expect(!workspace.storeExists)
    }
}
