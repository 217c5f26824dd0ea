import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// `data()` and `get(_:)` give Firebase's shape, so that `data()?["x"] as? T` returns the value for every
/// kind (never a silent `nil`); `fields` and `value(at:)` keep the typed route.
@Suite("Values out, in Firebase's shape")
struct ValuesOutTests {
    static let time = Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000.25))
    static let point = try! GeoPoint(latitude: 19.43, longitude: -99.13)
    static let bytes = Data([0, 1, 2, 255])

    /// One document holding every kind of value.
    private func database() async throws -> (Database, DocumentReference) {
        let db = Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "values-out")))
        let reference = db.document("kinds/all")
        try await reference.setData([
            "string": "Ana",
            "integer": 42,
            "big": .value(.integer(Int64.max)),
            "double": 2.5,
            "wholeDouble": 3.0,
            "true": true,
            "false": false,
            "timestamp": .timestamp(Self.time),
            "bytes": .bytes(Self.bytes),
            "geoPoint": .geoPoint(Self.point),
            "reference": .reference(db.document("members/ana").name),
            "array": [1, "two", 3.5, nil],
            "map": ["city": "Puebla", "zip": 72000, "inner": ["deep": true]],
            "null": nil,
        ])
        return (db, reference)
    }

    @Test func eachKind_comesOutAsItsSwiftType_throughDataAsCast() async throws {
        let (db, reference) = try await database()
        let data = try await reference.getDocument().data()

        #expect(data?["string"] as? String == "Ana")
        #expect(data?["integer"] as? Int == 42)
        #expect(data?["integer"] as? Int64 == 42)
        #expect(data?["integer"] as? Double == 42)
        #expect(data?["integer"] as? NSNumber == NSNumber(value: 42))
        #expect(data?["big"] as? Int64 == Int64.max)
        #expect(data?["double"] as? Double == 2.5)
        #expect(data?["double"] as? NSNumber == NSNumber(value: 2.5))
        #expect(data?["double"] as? Int == nil)  // not exact: as with Firebase's NSNumber
        #expect(data?["wholeDouble"] as? Double == 3.0)
        #expect(data?["true"] as? Bool == true)
        #expect(data?["false"] as? Bool == false)
        #expect(data?["timestamp"] as? Timestamp == Self.time)
        #expect((data?["timestamp"] as? Timestamp)?.dateValue() == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(data?["bytes"] as? Data == Self.bytes)
        #expect(data?["geoPoint"] as? GeoPoint == Self.point)
        #expect(data?["reference"] as? DocumentReference == db.document("members/ana"))
        #expect(data?["null"] is NSNull)
        #expect(data?["missing"] == nil)

        let array = try #require(data?["array"] as? [Any])
        #expect(array.count == 4)
        #expect(array[0] as? Int == 1)
        #expect(array[1] as? String == "two")
        #expect(array[2] as? Double == 3.5)
        #expect(array[3] is NSNull)

        let map = try #require(data?["map"] as? [String: Any])
        #expect(map["city"] as? String == "Puebla")
        #expect(map["zip"] as? Int == 72000)
        #expect((map["inner"] as? [String: Any])?["deep"] as? Bool == true)
    }

    @Test func aQueryDocument_givesTheSameShape() async throws {
        let (db, _) = try await database()
        let document = try #require(try await db.collection("kinds").getDocuments().documents.first)

        let data: [String: Any] = document.data()
        #expect(data["string"] as? String == "Ana")
        #expect(data["integer"] as? Int == 42)
        #expect(data["timestamp"] as? Timestamp == Self.time)
        #expect(document.get("map.city") as? String == "Puebla")
        #expect(document["map.zip"] as? Int == 72000)
        #expect(document.value(at: "map.zip") == .integer(72000))
        #expect(document.fields["string"] == .string("Ana"))
    }

    @Test func get_followsDottedPathsAndFieldPaths() async throws {
        let (_, reference) = try await database()
        let snapshot = try await reference.getDocument()

        #expect(snapshot.get("map.city") as? String == "Puebla")
        #expect(snapshot.get("map.inner.deep") as? Bool == true)
        #expect(snapshot.get(try FieldPath("map", "zip")) as? Int == 72000)
        #expect(snapshot["map.city"] as? String == "Puebla")
        #expect(snapshot.get("map.nowhere") == nil)
        #expect(snapshot.get("string.inner") == nil)
        #expect(snapshot.get("a..b") == nil)  // an invalid path reads nothing
        #expect(snapshot.get(FieldPath.documentID) as? DocumentReference == reference)
    }

    @Test func aMissingDocument_hasNoData() async throws {
        let (db, _) = try await database()
        let snapshot = try await db.document("kinds/ghost").getDocument()

        #expect(snapshot.data() == nil)
        #expect(snapshot.get("string") == nil)
        #expect(snapshot.get(FieldPath.documentID) == nil)
        #expect(snapshot.fields == nil)
    }

    /// Seed 000's read, as written for Firebase.
    @Test func theSeedsEmailLookup_returnsTheStoredUserID() async throws {
        let (db, _) = try await database()
        try await db.collection("user_emails").document("ana@example.com").setData([
            "primaryUserId": "uid-1", "email": "ana@example.com",
        ])

        let document = try await db.collection("user_emails").document("ana@example.com").getDocument()
        guard document.exists, let data = document.data() else {
            Issue.record("no document")
            return
        }
        #expect(data["primaryUserId"] as? String == "uid-1")
    }

    @Test func theTypedRoute_keepsValuesAndCanonicallyEqualKeysApart() async throws {
        let (db, reference) = try await database()
        let snapshot = try await reference.getDocument()

        #expect(snapshot.value(at: "integer") == .integer(42))
        #expect(snapshot.value(at: "double") == .double(2.5))
        #expect(snapshot.value(at: try FieldPath("map", "city")) == .string("Puebla"))
        #expect(snapshot.value(at: FieldPath.documentID) == .reference(reference.name))
        #expect(snapshot.fields?["string"] == .string("Ana"))

        // "é" precomposed and decomposed are two fields for Firestore but one key for a Swift Dictionary.
        let accents = db.document("kinds/accents")
        try await accents.setData(["\u{E9}": 1, "e\u{301}": 2])
        let read = try await accents.getDocument()
        #expect(read.fields?.count == 2)
        #expect(read.data()?.count == 1)
        #expect(read.data()?["e\u{301}"] as? Int == 1)  // the key last in byte order ("\u{E9}", 0xC3 > 0x65) wins
    }
}
