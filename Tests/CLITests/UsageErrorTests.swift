import Foundation
import Testing

/// Bad arguments, input or configuration: exit status 2, one line on standard error naming the reason,
/// nothing on standard output, and nothing written (the store is not even created).
@Suite("Usage errors", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct UsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// Text the error line must contain.
        let reason: String
        var environment: [String: String] = [:]
        var input: String? = nil
        var testDescription: String { "hearth " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: [], reason: "missing command"),
        Case(arguments: ["frobnicate"], reason: "unknown command frobnicate"),
        Case(arguments: ["--store"], reason: "unknown option --store"),
        Case(arguments: ["help", "frobnicate"], reason: "unknown command frobnicate"),
        Case(arguments: ["demo", "now"], reason: "takes no arguments"),
        Case(arguments: ["get"], reason: "missing <document-path>"),
        Case(arguments: ["get", "members"], reason: "is not a document path"),
        Case(arguments: ["get", "members/ana", "members/bea"], reason: "expected one <document-path>"),
        Case(arguments: ["get", "members/ana", "--pretty"], reason: "unknown option --pretty"),
        Case(arguments: ["get", "members/ana", "--typed=yes"], reason: "--typed takes no value"),
        Case(arguments: ["set", "members/ana"], reason: "expected <document-path> and <json>"),
        Case(arguments: ["set", "members/ana", "{name: Ana}"], reason: "is not valid JSON"),
        Case(arguments: ["set", "members/ana", "[1, 2]"], reason: "must be a JSON object"),
        Case(arguments: ["set", "members/ana", #"{"n": 99999999999999999999}"#], reason: "64-bit integer range"),
        Case(arguments: ["set", "members/ana", #"{"n": 1e999}"#], reason: "out of the range of a double"),
        Case(arguments: ["set", "members/ana", #"{"__secret__": 1}"#], reason: "__secret__"),
        Case(arguments: ["set", "members/ana", #"{"grid": [[1]]}"#], reason: "grid"),
        Case(
            arguments: ["set", "members/ana", #"{"age": {"integer": "1"}}"#, "--typed"], reason: "Firestore REST values"
        ),
        Case(arguments: ["set", "members/ana", "-"], reason: "is not valid JSON", input: "oops"),
        Case(arguments: ["update", "members/ana", "{}"], reason: "at least one field"),
        Case(arguments: ["update", "members/ana", #"{"a..b": 1}"#], reason: "is not a field path"),
        Case(arguments: ["delete"], reason: "missing <path>"),
        Case(arguments: ["delete", "members"], reason: "add --recursive"),
        Case(arguments: ["query"], reason: "missing <collection-path>"),
        Case(arguments: ["query", "members/ana"], reason: "is not a collection path"),
        Case(arguments: ["query", "members", "--where", "age >> 3"], reason: "Invalid query operator '>>'"),
        Case(arguments: ["query", "members", "--where", "age =="], reason: "must be 'FIELD OP VALUE'"),
        Case(arguments: ["query", "members", "--where", "name == Ana"], reason: "strings need double quotes"),
        Case(arguments: ["query", "members", "--where", "tags in 3"], reason: "in"),
        Case(arguments: ["query", "members", "--limit", "0"], reason: "--limit needs a positive integer"),
        Case(arguments: ["query", "members", "--limit"], reason: "--limit needs a value"),
        Case(arguments: ["query", "members", "--limit", "1", "--limit", "2"], reason: "only once"),
        Case(arguments: ["query", "members/ana/visits", "--collection-group"], reason: "collection ID (no slashes)"),
        Case(arguments: ["count", "members", "--where", "isActive"], reason: "must be 'FIELD OP VALUE'"),
        Case(arguments: ["collections", "members"], reason: "is not a document path"),
        Case(arguments: ["collections", "a/b", "c/d"], reason: "at most one"),
        Case(arguments: ["export", "a.jsonl", "b.jsonl"], reason: "at most one <file>"),
        Case(arguments: ["import", "/nonexistent/backup.jsonl"], reason: "cannot read /nonexistent/backup.jsonl"),
        Case(arguments: ["import", "--batch-size", "501"], reason: "--batch-size must be an integer from 1 to 500"),
        Case(
            arguments: ["import"], reason: "Line 2 of standard input is not a Firestore REST document",
            input: validLine + "\n{\"name\": 3}\n"),
        Case(
            arguments: ["get", "members/ana"], reason: "HEARTH_STORE must be", environment: ["HEARTH_STORE": "sqlite"]),
        Case(
            arguments: ["demo"], reason: "HEARTH_ENV=production refuses HEARTH_STORE=memory",
            environment: ["HEARTH_STORE": "memory", "HEARTH_ENV": "production"]),
        Case(
            arguments: ["demo"], reason: "HEARTH_ENV=development refuses the Firestore project \"gym-prod\"",
            environment: ["HEARTH_STORE": "firestore", "GOOGLE_CLOUD_PROJECT": "gym-prod"]
        ),
        Case(
            arguments: ["get", "members/ana"], reason: "refuses the Firestore emulator",
            environment: [
                "HEARTH_STORE": "firestore", "HEARTH_ENV": "production", "FIRESTORE_EMULATOR_HOST": "127.0.0.1:9",
                "GOOGLE_CLOUD_PROJECT": "gym",
            ]
        ),
    ]

    static let validLine =
        #"{"name":"projects/demo-x/databases/(default)/documents/members/zoe","fields":{"name":{"stringValue":"Zoe"}},"createTime":"2026-01-01T00:00:00Z","updateTime":"2026-01-01T00:00:00Z"}"#

    @Test(arguments: cases)
    func exitsWithTwo_oneLineNamingTheReason_andCreatesNoStore(example: Case) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try await workspace.run(example.arguments, environment: example.environment, input: example.input)

        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.standardError.hasPrefix("hearth"), "\(run)")
        #expect(run.standardError.contains(example.reason), "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(!workspace.storeExists, "the store was created")
    }

    @Test(arguments: cases.filter { $0.environment.isEmpty && !$0.arguments.isEmpty })
    func onAStoreWithData_writeNothing(example: Case) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":30}"#])
        let before = try await workspace.contents()

        let run = try await workspace.run(example.arguments, input: example.input)

        #expect(run.status == 2, "\(run)")
        #expect(try await workspace.contents() == before)
    }

    @Test func aStoreErrorForAnInvalidQuery_isAlsoStatusTwo() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"tags":["a"]}"#])

        let run = try await workspace.run([
            "query", "members", "--where", #"tags array-contains-any ["a"]"#, "--where", #"tags array-contains "a""#,
        ])

        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1)
        #expect(run.standardOutput.isEmpty)
    }
}
