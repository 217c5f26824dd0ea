import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// One test per ``FieldValueConvertible`` kind: a Swift variable written through the typed path
/// (`[String: any FieldValueConvertible]`) and read back from the in-memory store.
@Suite("Values in: typed Swift values")
struct TypedValuesTests {
    /// Writes `["v": value]` from a typed dictionary and returns what was stored at `v`.
    private func roundTrip(_ value: some FieldValueConvertible) async throws -> Value? {
        let db = try makeValuesDatabase()
        let data: [String: any FieldValueConvertible] = ["v": value]
        try await db.document("c/d").setData(data)
        return try await storedFields(db, "c/d")["v"]
    }

    @Test func string() async throws {
        let name = "Ana"
        #expect(try await roundTrip(name) == .string("Ana"))
    }

    @Test func int() async throws {
        let visits = -42
        #expect(try await roundTrip(visits) == .integer(-42))
    }

    @Test func sizedSignedIntegers() async throws {
        #expect(try await roundTrip(Int8.min) == .integer(-128))
        #expect(try await roundTrip(Int16.max) == .integer(32_767))
        #expect(try await roundTrip(Int32.min) == .integer(-2_147_483_648))
        #expect(try await roundTrip(Int64.max) == .integer(.max))
    }

    @Test func unsignedIntegers() async throws {
        #expect(try await roundTrip(UInt8.max) == .integer(255))
        #expect(try await roundTrip(UInt16.max) == .integer(65_535))
        #expect(try await roundTrip(UInt32.max) == .integer(4_294_967_295))
        #expect(try await roundTrip(UInt64(Int64.max)) == .integer(.max))
        #expect(try await roundTrip(UInt(7)) == .integer(7))
    }

    @Test func double() async throws {
        let price = 9.75
        #expect(try await roundTrip(price) == .double(9.75))
        #expect(try await roundTrip(Double.infinity) == .double(.infinity))
        #expect(try await roundTrip(Double.nan)?.isNaN == true)
    }

    @Test func float_becomesTheSameDouble() async throws {
        let ratio: Float = 0.1
        #expect(try await roundTrip(ratio) == .double(Double(Float(0.1))))
        #expect(try await roundTrip(-Float.infinity) == .double(-.infinity))
    }

    @Test func bool() async throws {
        let active = false
        #expect(try await roundTrip(active) == .boolean(false))
    }

    @Test func date_becomesATimestampTruncatedToMicroseconds() async throws {
        // 1_714_566_896.123456789 is not a Double; the nearest one is 1_714_566_896.1234567165…
        let date = Date(timeIntervalSince1970: 1_714_566_896.123456789)
        #expect(
            try await roundTrip(date) == .timestamp(try Timestamp(seconds: 1_714_566_896, nanoseconds: 123_456_000)))
        let beforeEpoch = Date(timeIntervalSince1970: -1.5)
        #expect(try await roundTrip(beforeEpoch) == .timestamp(try Timestamp(seconds: -2, nanoseconds: 500_000_000)))
    }

    @Test func date_nanosecondsAreRoundedTowardZeroBeforeTruncating() throws {
        // This Date's fraction is exactly 385_999.679…ns: Firebase's rule takes 385_999 ns, so 385 µs;
        // rounding to the nearest nanosecond first would have given 386 µs.
        let date = Date(timeIntervalSince1970: 1_714_566_896 + 1_619 * 0x1p-22)
        #expect(date.fieldValue == .value(.timestamp(try Timestamp(seconds: 1_714_566_896, nanoseconds: 385_000))))
    }

    @Test func timestamp_isTruncatedToMicroseconds() async throws {
        let time = try Timestamp(seconds: 10, nanoseconds: 123_456_789)
        #expect(try await roundTrip(time) == .timestamp(try Timestamp(seconds: 10, nanoseconds: 123_456_000)))
    }

    @Test func data() async throws {
        let bytes = Data([0, 1, 255])
        #expect(try await roundTrip(bytes) == .bytes(Data([0, 1, 255])))
    }

    @Test func geoPoint() async throws {
        let point = try GeoPoint(latitude: 19.4, longitude: -99.1)
        #expect(try await roundTrip(point) == .geoPoint(point))
    }

    @Test func documentReference() async throws {
        let db = try makeValuesDatabase()
        let coach = db.document("coaches/ana")
        #expect(try await roundTrip(coach) == .reference(coach.name))
    }

    @Test func value_andMapValue_areThemselves() async throws {
        let value = Value.array([.integer(1), .string("x")])
        #expect(try await roundTrip(value) == value)
        let map: MapValue = ["a": 1]
        #expect(try await roundTrip(map) == .map(map))
    }

    @Test func array() async throws {
        let tags: [String] = ["yoga", "spin"]
        #expect(try await roundTrip(tags) == .array(["yoga", "spin"]))
    }

    @Test func dictionary() async throws {
        let address: [String: String] = ["city": "Puebla"]
        #expect(try await roundTrip(address) == .map(["city": "Puebla"]))
    }

    @Test func optional_someIsTheValue_nilIsNull() async throws {
        let nickname: String? = "Anita"
        let missing: String? = nil
        #expect(try await roundTrip(nickname) == .string("Anita"))
        #expect(try await roundTrip(missing) == .null)
    }

    @Test func nestedFreely() async throws {
        let members: [[String: [Int?]]] = [["scores": [1, nil]], [:]]
        #expect(try await roundTrip(members) == .array([.map(["scores": [1, .null]]), .map([:])]))
    }

    @Test func fieldValueSentinel_inATypedDictionary_isApplied() async throws {
        let db = try makeValuesDatabase()
        let name = "Ana"
        try await db.document("c/d").setData(["name": name, "visits": 1])
        try await db.document("c/d").updateData(["name": name.uppercased(), "visits": FieldValue.increment(Int64(2))])
        let fields = try await storedFields(db, "c/d")
        #expect(fields["name"] == .string("ANA"))
        #expect(fields["visits"] == .integer(3))
    }

    @Test func userFields_keepsEveryKey() {
        let fields: UserFields = ["\u{E9}": 1, "e\u{301}": 2]
        #expect(fields.fieldValue.plainValue?.mapValue?.count == 2)
    }
}
