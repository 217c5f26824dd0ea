import Hearth
import Testing

/// `import Hearth` is enough: Foundation, the Domain and the Application layers come with it (this file
/// imports nothing else).
@Suite("import Hearth alone")
struct ImportHearthAloneTests {
    @Test func foundationDomainAndClientNames_areAllVisible() async throws {
        let db = try HearthConfiguration(store: .memory).makeDatabase()
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        let members = db.collection("members")

        try await members.document("ana").setData([
            "joined": .timestamp(Timestamp(date: when)), "photo": .bytes(Data([1, 2])), "name": "Ana",
        ])
        let data = try await members.document("ana").getDocument().data()

        #expect((data?["joined"] as? Timestamp)?.dateValue() == when)
        #expect(data?["photo"] as? Data == Data([1, 2]))
        #expect(data?["name"] as? NSString == "Ana")
        #expect(URL(string: "https://example.com")?.host == "example.com")
        #expect(FieldPath.documentID.isDocumentID)
        #expect(Firestore.Encoder().userInfo.isEmpty)
    }
}
