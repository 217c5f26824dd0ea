import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

@Suite("DocumentSnapshot.get(_:as:) over the in-memory store")
struct SnapshotGetAsTests {
    struct Address: Codable, Equatable {
        var city: String
        var zip: String
    }

    struct Member: Codable, Equatable {
        var name: String
        var age: Int
        var address: Address
    }

    private static let ana = Member(name: "Ana", age: 30, address: Address(city: "Madrid", zip: "28001"))

    private func database() async throws -> Database {
        let db = Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "snapshot-get-as")))
        try await db.document("members/ana").setData(DocumentEncoder().encode(Self.ana))
        return db
    }

    @Test func presentField_decodesIntoTheRequestedType() async throws {
        let db = try await database()
        let snapshot = try await db.document("members/ana").getDocument()

        #expect(try snapshot.get("address", as: Address.self) == Self.ana.address)
        #expect(try snapshot.get("address.city", as: String.self) == "Madrid")
        #expect(try snapshot.get("age", as: Int.self) == 30)
        #expect(try snapshot.get("age", as: Double.self) == 30)

        let queried = try #require(try await db.collection("members").getDocuments().documents.first)
        #expect(try queried.get("address", as: Address.self) == Self.ana.address)
        #expect(try queried.get("name", as: String.self) == "Ana")
    }

    @Test func missingField_orMissingDocument_isNil() async throws {
        let db = try await database()
        let snapshot = try await db.document("members/ana").getDocument()

        #expect(try snapshot.get("phone", as: Address.self) == nil)
        #expect(try snapshot.get("address.street", as: String.self) == nil)
        #expect(try snapshot.get("name.first", as: String.self) == nil)
        #expect(try await db.document("members/ghost").getDocument().get("name", as: String.self) == nil)

        let queried = try #require(try await db.collection("members").getDocuments().documents.first)
        #expect(try queried.get("phone", as: Int.self) == nil)
    }

    @Test func wrongKind_isInvalidArgumentNamingTheFieldAndDocument() async throws {
        let db = try await database()
        let snapshot = try await db.document("members/ana").getDocument()

        let nested = #expect(throws: DocumentStoreError.self) { try snapshot.get("age", as: Address.self) }
        #expect(nested?.code == .invalidArgument)
        #expect(nested?.message.contains("field age") == true, "\(nested?.message ?? "")")
        #expect(nested?.message.contains("members/ana") == true, "\(nested?.message ?? "")")
        #expect(nested?.message.contains("expected map, found integer") == true, "\(nested?.message ?? "")")

        let leaf = #expect(throws: DocumentStoreError.self) { try snapshot.get("address.city", as: Int.self) }
        #expect(leaf?.code == .invalidArgument)
        #expect(leaf?.message.contains("field address.city") == true, "\(leaf?.message ?? "")")

        let inner = #expect(throws: DocumentStoreError.self) { try snapshot.get("address", as: Member.self) }
        #expect(inner?.message.contains("field address.name") == true, "\(inner?.message ?? "")")

        let queried = try #require(try await db.collection("members").getDocuments().documents.first)
        let fromQuery = #expect(throws: DocumentStoreError.self) { try queried.get("name", as: Bool.self) }
        #expect(fromQuery?.code == .invalidArgument)
        #expect(fromQuery?.message.contains("field name") == true, "\(fromQuery?.message ?? "")")
    }

    @Test func invalidFieldPath_isInvalidArgument() async throws {
        let snapshot = try await database().document("members/ana").getDocument()

        let error = #expect(throws: DocumentStoreError.self) { try snapshot.get("address..city", as: String.self) }
        #expect(error?.code == .invalidArgument)
    }
}
