import Hearth
import Testing

/// The README's first program, as printed there, so that the README cannot drift from the API.
@Suite("README")
struct ReadmeTests {
    @Test func theFirstProgram_runsOnTheMemoryStore() async throws {
        let db = try HearthConfiguration(store: .memory).makeDatabase()
        let members = try db.collection("members")
        try await members.document("ana").setData(["name": "Ana", "visits": 3, "active": true])
        try await members.document("ana").updateData(["visits": .increment(Int64(1))])

        let active = try await members.whereField("active", isEqualTo: true).order(by: "name").getDocuments()
        for member in active.documents { print(member.documentID, member.get("visits") ?? .null) }
        print(try await members.count.getAggregation().count ?? 0)

        #expect(active.documents.map { $0.get("visits") } == [.integer(4)])
    }
}
