import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// Firebase's `Firestore.Decoder().decode(_:from:)` takes a `[String: Any]`: what `data()` returns, or a
/// dictionary Firebase code builds. Hearth's decoder takes one too.
@Suite("Decoding from [String: Any]")
struct DecodeFromAnyTests {
    struct Member: Codable, Equatable {
        var name: String
        var visits: Int
        var ratio: Double
        var active: Bool
        var joined: Date
        var tags: [String]
        var address: Address
        var nickname: String?
    }

    struct Address: Codable, Equatable {
        var city: String
    }

    @Test func whatDataReturns_decodesLikeTheDocument() async throws {
        let db = Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "decode-any")))
        let ana = Member(
            name: "Ana", visits: 3, ratio: 0.5, active: true, joined: Date(timeIntervalSince1970: 1_700_000_000),
            tags: ["gym", "pool"], address: Address(city: "CDMX"), nickname: nil
        )
        let reference = db.document("members/ana")
        try await reference.setData(Firestore.Encoder().encode(ana))

        let snapshot = try await reference.getDocument()
        let data = try #require(snapshot.data())
        #expect(try Firestore.Decoder().decode(Member.self, from: data) == ana)
        #expect(try Firestore.Decoder().decode(Member.self, from: data) == snapshot.data(as: Member.self))
    }

    @Test func aDictionaryBuiltByHand_decodes() throws {
        let data: [String: Any] = [
            "name": "Bea", "visits": NSNumber(value: 7), "ratio": 1, "active": false,
            "joined": Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000)), "tags": [] as [Any],
            "address": ["city": "Lima"] as [String: Any], "nickname": NSNull(),
        ]
        let member = try Firestore.Decoder().decode(Member.self, from: data)
        #expect(member.name == "Bea" && member.visits == 7 && member.ratio == 1 && !member.active)
        #expect(member.address.city == "Lima" && member.nickname == nil && member.tags.isEmpty)
    }

    @Test func aSentinel_isAnErrorNamingTheField() {
        let data: [String: Any] = ["address": ["updatedAt": FieldValue.serverTimestamp()] as [String: Any]]
        let error = #expect(throws: DocumentStoreError.self) {
            try Firestore.Decoder().decode(Address.self, from: data)
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("address.updatedAt") == true)
    }

    @Test func anUnsupportedValue_isAnErrorNamingTheField() {
        final class NotAValue {}
        let data: [String: Any] = ["city": [NotAValue()] as [Any]]
        let error = #expect(throws: DocumentStoreError.self) {
            try Firestore.Decoder().decode(Address.self, from: data)
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("city.0") == true)
    }

    @Test func dataThatDoesNotFit_isTheDecodersError() {
        let error = #expect(throws: DocumentStoreError.self) {
            try Firestore.Decoder().decode(Address.self, from: ["city": 5])
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("city") == true)
    }
}
