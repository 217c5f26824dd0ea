import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// Firebase's `[String: Any]` path: one test per kind, written and read back from the in-memory store.
@Suite("Values in: Firebase's Any")
struct AnyValuesTests {
    /// Writes `["v": value]` from a `[String: Any]` and returns what was stored at `v`.
    private func roundTrip(_ value: Any) async throws -> Value? {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["v": value]
        try await db.document("c/d").setData(data)
        return try await storedFields(db, "c/d")["v"]
    }

    @Test func swiftScalars() async throws {
        #expect(try await roundTrip("Ana") == .string("Ana"))
        #expect(try await roundTrip(42) == .integer(42))
        #expect(try await roundTrip(Int8(-3)) == .integer(-3))
        #expect(try await roundTrip(UInt32(7)) == .integer(7))
        #expect(try await roundTrip(2.5) == .double(2.5))
        #expect(try await roundTrip(Float(1.5)) == .double(1.5))
        #expect(try await roundTrip(true) == .boolean(true))
        #expect(try await roundTrip(Data([1])) == .bytes(Data([1])))
    }

    @Test func dateAndTimestamp() async throws {
        #expect(
            try await roundTrip(Date(timeIntervalSince1970: 2.5))
                == .timestamp(try Timestamp(seconds: 2, nanoseconds: 500_000_000)))
        #expect(
            try await roundTrip(try Timestamp(seconds: 2, nanoseconds: 1_999))
                == .timestamp(try Timestamp(seconds: 2, nanoseconds: 1_000)))
    }

    @Test func geoPointReferenceAndValue() async throws {
        let db = try makeValuesDatabase()
        let point = try GeoPoint(latitude: 1, longitude: 2)
        #expect(try await roundTrip(point) == .geoPoint(point))
        let coach = db.document("coaches/ana")
        #expect(try await roundTrip(coach) == .reference(coach.name))
        #expect(try await roundTrip(Value.string("v")) == .string("v"))
    }

    @Test func nsNumber_boolIntegerAndDoubleAreToldApart() async throws {
        #expect(try await roundTrip(NSNumber(value: true)) == .boolean(true))
        #expect(try await roundTrip(NSNumber(value: false)) == .boolean(false))
        #expect(try await roundTrip(NSNumber(value: 1)) == .integer(1))
        #expect(try await roundTrip(NSNumber(value: 0)) == .integer(0))
        #expect(try await roundTrip(NSNumber(value: Int8(1))) == .integer(1))
        #expect(try await roundTrip(NSNumber(value: UInt8(1))) == .integer(1))
        #expect(try await roundTrip(NSNumber(value: Int64.min)) == .integer(.min))
        #expect(try await roundTrip(NSNumber(value: UInt64(Int64.max))) == .integer(.max))
        #expect(try await roundTrip(NSNumber(value: 1.0)) == .double(1.0))
        #expect(try await roundTrip(NSNumber(value: Float(0.5))) == .double(0.5))
    }

    @Test func jsonSerialization_numbersBooleansAndNulls() async throws {
        let json = Data(
            #"{"flag": true, "off": false, "count": 1, "zero": 0, "ratio": 1.5, "whole": 2.0, "none": null, "list": [1, "x", false], "map": {"a": 1}}"#
                .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let db = try makeValuesDatabase()

        try await db.document("c/json").setData(object)

        let fields = try await storedFields(db, "c/json")
        #expect(fields["flag"] == .boolean(true))
        #expect(fields["off"] == .boolean(false))
        #expect(fields["count"] == .integer(1))
        #expect(fields["zero"] == .integer(0))
        #expect(fields["ratio"] == .double(1.5))
        #expect(fields["whole"] == .double(2.0))
        #expect(fields["none"] == .null)
        #expect(fields["list"] == .array([1, "x", false]))
        #expect(fields["map"] == .map(["a": 1]))
    }

    @Test func nsNull_andNilInsideAny_areNull() async throws {
        #expect(try await roundTrip(NSNull()) == .null)
        let missing: String? = nil
        #expect(try await roundTrip(missing as Any) == .null)
        let missingAny: Any? = nil
        #expect(try await roundTrip(missingAny as Any) == .null)
        let present: Any? = 5
        #expect(try await roundTrip(present as Any) == .integer(5))
    }

    @Test func arraysAndDictionaries_ofAny_nestedFreely() async throws {
        let members: [Any] = [["name": "Ana", "age": 30, "tags": ["a", NSNull()]] as [String: Any], 7]
        #expect(try await roundTrip(members) == .array([.map(["name": "Ana", "age": 30, "tags": ["a", .null]]), 7]))
        let foundationArray = NSArray(array: [1, "x"])
        #expect(try await roundTrip(foundationArray) == .array([1, "x"]))
        let foundationMap = NSDictionary(dictionary: ["k": 1])
        #expect(try await roundTrip(foundationMap) == .map(["k": 1]))
        let hashableKeys: [AnyHashable: Any] = ["k": "v"]
        #expect(try await roundTrip(hashableKeys) == .map(["k": "v"]))
    }

    @Test func sentinelsInAnAnyDictionary_areApplied() async throws {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["visits": 1, "tags": ["a"]]
        try await db.document("c/d").setData(data)
        let update: [String: Any] = [
            "visits": FieldValue.increment(Int64(2)),
            "tags": FieldValue.arrayUnion(["b"]),
            "seen": FieldValue.serverTimestamp(),
        ]

        try await db.document("c/d").updateData(update)

        let fields = try await storedFields(db, "c/d")
        #expect(fields["visits"] == .integer(3))
        #expect(fields["tags"] == .array(["a", "b"]))
        #expect(fields["seen"]?.timestampValue != nil)
    }

    @Test func updateData_acceptsStringAndFieldPathKeys() async throws {
        let db = try makeValuesDatabase()
        try await db.document("c/d").setData(["address": ["city": "Puebla", "zip": "72000"]])
        let update: [AnyHashable: Any] = ["address.city": "CDMX", try FieldPath("address", "zip"): 11_000]

        try await db.document("c/d").updateData(update)

        #expect(try await storedFields(db, "c/d")["address"] == .map(["city": "CDMX", "zip": 11_000]))
    }

    @Test func mergeAndMergeFields_withAnyDictionaries() async throws {
        let db = try makeValuesDatabase()
        try await db.document("c/d").setData(["a": 1, "b": 2, "c": 3])
        let merge: [String: Any] = ["a": 10]
        let partial: [String: Any] = ["b": 20, "c": 30]

        try await db.document("c/d").setData(merge, merge: true)
        try await db.document("c/d").setData(partial, mergeFields: ["b"])

        #expect(try await storedFields(db, "c/d") == ["a": 10, "b": 20, "c": 3])
    }

    @Test func createAndAddDocument_withAnyDictionaries() async throws {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["name": "Ana"]

        try await db.document("c/d").create(data: data)
        let added = try await db.collection("c").addDocument(data: data)

        #expect(try await storedFields(db, "c/d") == ["name": "Ana"])
        #expect(try await storedFields(db, "c/\(added.documentID)") == ["name": "Ana"])
    }

    @Test func arrayUnionAndRemove_withSwiftArrays() async throws {
        let db = try makeValuesDatabase()
        try await db.document("c/d").setData(["ids": ["a", "b"], "mixed": [1, "x"]])
        let added: [String] = ["c", "a"]
        let removed: [String] = ["b"]
        let anyRemoved: [Any] = [1]

        try await db.document("c/d").updateData(["ids": FieldValue.arrayUnion(added)])
        try await db.document("c/d").updateData([
            "ids": FieldValue.arrayRemove(removed), "mixed": FieldValue.arrayRemove(anyRemoved),
        ])

        let fields = try await storedFields(db, "c/d")
        #expect(fields["ids"] == .array(["a", "c"]))
        #expect(fields["mixed"] == .array(["x"]))
    }
}
