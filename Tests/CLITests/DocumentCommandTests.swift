import Foundation
import Hearth
import HearthFirestoreCodec
import HearthPort
import Testing

/// get, set, update, delete on the file store, each a separate run of the executable.
@Suite(
    "hearth get | set | update | delete",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct DocumentCommandTests {
    @Test func setThenGet_returnsThePlainJSON_withIntegersAndDoublesKeptApart() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let set = try await workspace.succeed([
            "set", "members/ana",
            #"{"name":"Ana","age":30,"score":1.5,"ratio":2.0,"big":1e20,"tags":["yoga",true,null],"address":{"city":"Puebla"}}"#,
        ])
        let get = try await workspace.succeed(["get", "members/ana"])

        #expect(set.standardOutput.hasPrefix("wrote members/ana at "))
        let fields = try await object(get.standardOutput)
        #expect(fields["name"] == .string("Ana"))
        #expect(fields["age"] == .number("30"))
        #expect(fields["score"] == .number("1.5"))
        #expect(fields["ratio"] == .number("2.0"))
        #expect(fields["big"] == .number("1e+20"))
        #expect(fields["tags"] == .array([.string("yoga"), .bool(true), .null]))
        #expect(fields["address"] == .object(["city": .string("Puebla")]))
    }

    @Test func getTyped_printsTheRESTDocument_withTypedValuesAndTimes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"age":30,"ratio":2.0}"#])

        let get = try await workspace.succeed(["get", "members/ana", "--typed"])

        let document = try await object(get.standardOutput)
        #expect(document["name"] == .string("projects/demo-hearth/databases/(default)/documents/members/ana"))
        #expect(document["createTime"] != nil)
        #expect(document["updateTime"] != nil)
        guard case .object(let fields)? = document["fields"] else {
            Issue.record("no fields in \(get.standardOutput)")
            return
        }
        #expect(fields["age"] == .object(["integerValue": .string("30")]))
        #expect(
            fields["ratio"] == .object(["doubleValue": .number("2.0")])
                || fields["ratio"] == .object(["doubleValue": .number("2")]))
    }

    @Test func setTyped_keepsKindsPlainJSONCannotSay_andPlainGetPrintsThemAsText() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let typed =
            #"{"at":{"timestampValue":"2026-03-02T07:30:00Z"},"blob":{"bytesValue":"aGk="},"coach":{"referenceValue":"projects/demo-hearth/databases/(default)/documents/coaches/eva"}}"#

        try await workspace.succeed(["set", "classes/yoga-1", typed, "--typed"])
        let plain = try await object(try await workspace.succeed(["get", "classes/yoga-1"]).standardOutput)
        let roundTrip = try await object(
            try await workspace.succeed(["get", "classes/yoga-1", "--typed"]).standardOutput)

        #expect(plain["at"] == .string("2026-03-02T07:30:00Z"))
        #expect(plain["blob"] == .string("aGk="))
        #expect(plain["coach"] == .string("coaches/eva"))
        guard case .object(let fields)? = roundTrip["fields"] else {
            Issue.record("no fields")
            return
        }
        #expect(fields["at"] == .object(["timestampValue": .string("2026-03-02T07:30:00Z")]))
    }

    @Test func set_readsStandardInput_forADash() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        try await workspace.succeed(["set", "members/bea", "-"], input: #"{"name":"Bea"}"#)

        #expect(
            try await object(try await workspace.succeed(["get", "members/bea"]).standardOutput)["name"]
                == .string("Bea"))
    }

    @Test func set_replacesTheDocument_butMergeKeepsOtherFields() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":30}"#])
        try await workspace.succeed(["set", "members/bea", #"{"name":"Bea","age":40}"#])

        try await workspace.succeed(["set", "members/ana", #"{"age":31}"#])
        try await workspace.succeed(["set", "members/bea", #"{"age":41}"#, "--merge"])

        #expect(
            try await object(try await workspace.succeed(["get", "members/ana"]).standardOutput) == [
                "age": .number("31")
            ])
        await #expect(
            try object(try await workspace.succeed(["get", "members/bea"]).standardOutput) == [
                "name": .string("Bea"), "age": .number("41"),
            ])
    }

    @Test func update_changesFieldPaths_andKeepsTheRest() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed([
            "set", "members/ana", #"{"name":"Ana","address":{"city":"Puebla","zip":"72000"}}"#,
        ])

        let update = try await workspace.succeed([
            "update", "members/ana", #"{"address.city":"Cholula","`first name`":"Ana María"}"#,
        ])

        #expect(update.standardOutput.hasPrefix("updated members/ana at "))
        let fields = try await object(try await workspace.succeed(["get", "members/ana"]).standardOutput)
        #expect(fields["address"] == .object(["city": .string("Cholula"), "zip": .string("72000")]))
        #expect(fields["first name"] == .string("Ana María"))
        #expect(fields["name"] == .string("Ana"))
    }

    @Test func update_ofAMissingDocument_failsWithOne_andCreatesNothing() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try await workspace.run(["update", "members/ghost", #"{"age":1}"#])

        #expect(run.status == 1, "\(run)")
        #expect(run.errorLines == ["hearth update: no document at members/ghost to update (use set to create it)"])
        #expect(try await workspace.contents().isEmpty)
    }

    @Test func get_ofAMissingDocument_failsWithOne() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let run = try await workspace.run(["get", "members/ghost"])

        #expect(run.status == 1)
        #expect(run.errorLines == ["hearth get: no document at members/ghost"])
        #expect(run.standardOutput.isEmpty)
    }

    @Test func delete_removesTheDocument_butKeepsSubcollections_unlessRecursive() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana"}"#])
        try await workspace.succeed(["set", "members/ana/visits/v1", #"{"day":1}"#])
        try await workspace.succeed(["set", "members/bea", #"{"name":"Bea"}"#])
        try await workspace.succeed(["set", "members/bea/visits/v1", #"{"day":2}"#])

        let plain = try await workspace.succeed(["delete", "members/ana"])
        let recursive = try await workspace.succeed(["delete", "members/bea", "--recursive"])

        #expect(plain.standardOutput == "deleted members/ana\n")
        #expect(recursive.standardOutput == "deleted members/bea and everything under it\n")
        #expect(try await workspace.run(["get", "members/ana"]).status == 1)
        #expect(Set(try await workspace.contents().keys) == ["members/ana/visits/v1"])
    }

    @Test func deleteRecursive_ofACollection_removesEverythingUnderIt() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "classes/c1", #"{"n":1}"#])
        try await workspace.succeed(["set", "classes/c1/attendance/a1", #"{"n":1}"#])
        try await workspace.succeed(["set", "members/ana", #"{"n":1}"#])

        try await workspace.succeed(["delete", "classes", "--recursive"])

        #expect(Set(try await workspace.contents().keys) == ["members/ana"])
    }

    @Test func deletingAMissingDocument_succeeds() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        #expect(try await workspace.run(["delete", "members/ghost"]).status == 0)
    }

    // MARK: - Helpers

    private func object(_ text: String) async throws -> JSONObject {
        guard case .object(let object) = try JSONParser.parse(text) else { throw NotAnObject(text: text) }
        return object
    }
}

struct NotAnObject: Error {
    let text: String
}
