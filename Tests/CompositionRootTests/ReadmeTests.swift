import Hearth
import Testing

/// The README's first program, as printed there, so that the README cannot drift from the API.
@Suite("README")
struct ReadmeTests {
    @Test func theFirstProgram_runsOnTheMemoryStore() async throws {
        let db = try HearthConfiguration(store: .memory).makeDatabase()
        let members = db.collection("members")
        try await members.document("ana").setData(["name": "Ana", "visits": 3, "active": true])
        try await members.document("ana").updateData(["visits": .increment(Int64(1))])

        let active = try await members.whereField("active", isEqualTo: true).order(by: "name").getDocuments()
        for member in active.documents { print(member.documentID, member.get("visits") as? Int ?? 0) }
        print(try await members.count.getAggregation().count)

        #expect(active.documents.map { $0.get("visits") as? Int } == [4])
    }
}
