import Foundation
import Hearth
import HearthFirestoreCodec
import HearthPort
import Testing

/// query, count, collections on the file store.
@Suite(
    "hearth query | count | collections",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct QueryCommandTests {
    @Test func query_filtersOrdersAndLimits_printingOneJSONLinePerDocument() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed([
            "query", "members", "--where", "age >= 30", "--order-by", "age", "desc", "--limit", "2",
        ])

        #expect(paths(run) == ["members/carl", "members/bea"])
        let first = try JSONParser.parse(try #require(run.outputLines.first))
        #expect(
            first
                == .object([
                    "path": .string("members/carl"),
                    "fields": .object([
                        "name": .string("Carl"), "age": .number("50"), "tags": .array([.string("box")]),
                        "active": .bool(false),
                    ]),
                ]))
    }

    @Test func query_withSeveralWheres_requiresThemAll() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed([
            "query", "members", "--where", "active == true", "--where", #"tags array-contains "yoga""#, "--order-by",
            "name",
        ])

        #expect(paths(run) == ["members/ana", "members/bea"])
    }

    @Test(arguments: [
        (#"name in ["Ana","Carl"]"#, ["members/ana", "members/carl"]),
        (#"name not-in ["Ana","Carl"]"#, ["members/bea"]),
        (#"tags array-contains-any ["box"]"#, ["members/bea", "members/carl"]),
        (#"age != 40"#, ["members/ana", "members/carl"]),
        (#"age < 40"#, ["members/ana"]),
        (#"age <= 40"#, ["members/ana", "members/bea"]),
        (#"age > 40"#, ["members/carl"]),
        (#"age == 40.0"#, ["members/bea"]),
        (#"__name__ == "bea""#, ["members/bea"]),
    ])
    func query_supportsEveryOperator(clause: String, expected: [String]) async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed(["query", "members", "--where", clause])

        #expect(Set(paths(run)) == Set(expected), "\(clause)")
    }

    @Test func query_orderByAcceptsTheDirectionInOneArgument() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed(["query", "members", "--order-by", "name desc"])

        #expect(paths(run) == ["members/carl", "members/bea", "members/ana"])
    }

    @Test func query_overACollectionGroup_findsEveryVisitsCollection() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed([
            "query", "visits", "--collection-group", "--where", "day >= 2", "--order-by", "day",
        ])

        #expect(paths(run) == ["members/ana/visits/v2", "members/bea/visits/v1"])
    }

    @Test func queryTyped_printsRESTDocuments() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed([
            "query", "members", "--where", #"name == {"stringValue":"Ana"}"#, "--typed",
        ])

        let document = try RESTDocumentCodec.decode(
            bytes: Array(try #require(run.outputLines.first).utf8), database: nil)
        #expect(document.path.path == "members/ana")
        #expect(document.fields["age"] == .integer(20))
        #expect(run.outputLines.count == 1)
    }

    @Test func query_ofAnEmptyCollection_printsNothing() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        let run = try await workspace.succeed(["query", "coaches"])

        #expect(run.standardOutput.isEmpty)
    }

    @Test func count_countsMatchingDocuments() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        #expect(try await workspace.succeed(["count", "members"]).standardOutput == "3\n")
        #expect(try await workspace.succeed(["count", "members", "--where", "active == true"]).standardOutput == "2\n")
        #expect(try await workspace.succeed(["count", "visits", "--collection-group"]).standardOutput == "3\n")
        #expect(try await workspace.succeed(["count", "members", "--limit", "1"]).standardOutput == "1\n")
    }

    @Test func collections_listsRootCollections_andSubcollections() async throws {
        let workspace = try await seededWorkspace()
        defer { workspace.remove() }

        #expect(try await workspace.succeed(["collections"]).outputLines == ["classes", "members"])
        #expect(try await workspace.succeed(["collections", "members/ana"]).outputLines == ["notes", "visits"])
        #expect(try await workspace.succeed(["collections", "members/carl"]).standardOutput.isEmpty)
    }

    // MARK: - Helpers

    private func seededWorkspace() async throws -> Workspace {
        let workspace = try Workspace()
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":20,"tags":["yoga"],"active":true}"#])
        try await workspace.succeed([
            "set", "members/bea", #"{"name":"Bea","age":40,"tags":["yoga","box"],"active":true}"#,
        ])
        try await workspace.succeed(["set", "members/carl", #"{"name":"Carl","age":50,"tags":["box"],"active":false}"#])
        try await workspace.succeed(["set", "members/ana/visits/v1", #"{"day":1}"#])
        try await workspace.succeed(["set", "members/ana/visits/v2", #"{"day":2}"#])
        try await workspace.succeed(["set", "members/ana/notes/n1", #"{"text":"hi"}"#])
        try await workspace.succeed(["set", "members/bea/visits/v1", #"{"day":3}"#])
        try await workspace.succeed(["set", "classes/c1", #"{"name":"Yoga"}"#])
        return workspace
    }

    private func paths(_ run: HearthProcess.Run) -> [String] {
        run.outputLines.compactMap { line in
            guard case .object(let object)? = try? JSONParser.parse(line),
                case .string(let path)? = object["path"] ?? object["name"]
            else {
                return nil
            }
            return path
        }
    }
}
