import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("DocumentEncoder")
struct DocumentEncoderTests {
    @Test func encode_mapsEverySupportedTypeToItsFirestoreKind() throws {
        let model = try EveryType.sample()

        let fields = try CodableTestSupport.roundTripFields(model)

        #expect(fields["flag"] == .boolean(true))
        #expect(fields["text"] == .string("hola"))
        #expect(fields["int"] == .integer(-42))
        #expect(fields["int8"] == .integer(-8))
        #expect(fields["int16"] == .integer(16))
        #expect(fields["int32"] == .integer(-32))
        #expect(fields["int64"] == .integer(Int64.min))
        #expect(fields["uint"] == .integer(7))
        #expect(fields["uint8"] == .integer(255))
        #expect(fields["uint16"] == .integer(65_535))
        #expect(fields["uint32"] == .integer(4_294_967_295))
        #expect(fields["uint64"] == .integer(Int64.max))
        #expect(fields["float"] == .double(1.5))
        #expect(fields["double"] == .double(-0.25))
        #expect(fields["date"] == .timestamp(try Timestamp(seconds: 1_768_046_400, nanoseconds: 500_000_000)))
        #expect(fields["timestamp"] == .timestamp(try Timestamp(seconds: 1, nanoseconds: 123_456_789)))
        #expect(fields["data"] == .bytes(Data([0, 1, 254, 255])))
        #expect(fields["url"] == .string("https://example.com/a?b=c"))
        #expect(fields["geoPoint"] == .geoPoint(try GeoPoint(latitude: 19.43, longitude: -99.13)))
        #expect(
            fields["reference"]
                == .reference(try DocumentName(parsing: "projects/p/databases/(default)/documents/members/m1")))
        #expect(fields["path"] == .string("members/m1"))
        #expect(fields["value"] == .array([.null, .integer(1)]))
        #expect(fields["map"] == .map(["nested": .boolean(false)]))
        #expect(fields["plainFieldValue"] == .string("plain"))
        #expect(fields.count == 24)
    }

    @Test func encode_fieldValueProperty_keepsTheSentinel() throws {
        let model = Counter(name: "visits", count: .increment(Int64(1)), updatedAt: .serverTimestamp())

        let encoded = try DocumentEncoder().encode(model)

        #expect(encoded["count"] == FieldValue.increment(Int64(1)))
        #expect(encoded["updatedAt"] == FieldValue.serverTimestamp())
        #expect(encoded["name"] == "visits")
    }

    @Test func encode_nilOptional_isOmitted() throws {
        let encoded = try DocumentEncoder().encode(Optionals(name: nil, count: 3))

        #expect(encoded["name"] == nil)
        #expect(encoded["count"] == 3)
        #expect(encoded.count == 1)
    }

    @Test func encode_explicitNull_writesNullWhenNilAndTheValueOtherwise() throws {
        let empty = try DocumentEncoder().encode(NullableNote(note: nil))
        let filled = try DocumentEncoder().encode(NullableNote(note: "hola"))

        #expect(empty["note"] == nil as FieldValue)
        #expect(filled["note"] == "hola")
    }

    @Test func encode_nestedModelsArraysAndMaps_becomeMapsAndArrays() throws {
        let model = Nested(
            address: .init(city: "CDMX", zip: "06700"),
            tags: ["yoga", "spinning"],
            schedule: ["monday": [.init(city: "A", zip: "1")], "tuesday": []],
            history: [.init(city: "B", zip: nil)]
        )

        let fields = try CodableTestSupport.roundTripFields(model)

        #expect(fields["address"] == ["city": "CDMX", "zip": "06700"])
        #expect(fields["tags"] == ["yoga", "spinning"])
        #expect(fields["schedule"] == ["monday": [["city": "A", "zip": "1"]], "tuesday": .array([])])
        #expect(fields["history"] == [["city": "B"]])
    }

    @Test func encode_enumsWithRawValues_storeTheRawValue() throws {
        let fields = try CodableTestSupport.roundTripFields(Ranked(level: .gold, priority: .high))

        #expect(fields["level"] == "gold")
        #expect(fields["priority"] == .integer(3))
    }

    @Test func encode_int64Extremes_areExact() throws {
        let fields = try CodableTestSupport.roundTripFields(
            Extremes(low: .min, high: .max, unsigned: UInt64(Int64.max)))

        #expect(fields["low"] == .integer(Int64.min))
        #expect(fields["high"] == .integer(Int64.max))
        #expect(fields["unsigned"] == .integer(Int64.max))
    }

    @Test func encode_uint64AboveInt64Max_throwsNamingThePath() throws {
        let model = Extremes(low: 0, high: 0, unsigned: UInt64(Int64.max) + 1)

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode(model)
        }

        #expect(error?.message.contains("field unsigned") == true)
        #expect(error?.message.contains("9223372036854775808") == true)
        #expect(error?.underlying is EncodingError)
    }

    @Test func encode_uint64InsideAnArray_namesTheElementPath() throws {
        let model = BigNumbers(values: [1, 2, UInt64.max])

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode(model)
        }

        #expect(error?.message.contains("field values[2]") == true)
    }

    @Test func encode_topLevelValueThatIsNotAMap_throws() throws {
        for value in [FieldValue.value(1), "text", [1, 2]] {
            let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
                _ = try DocumentEncoder().encode(value)
            }
            #expect(error?.message.contains("encodes as a map") == true)
        }
        let arrayError = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode([1, 2])
        }
        #expect(arrayError?.message.contains("array") == true)
    }

    @Test func encode_dictionaryAndMapValue_atTheTopLevel_areAccepted() throws {
        let fromDictionary = try DocumentEncoder().encode(["a": 1, "b": 2])
        let fromMapValue = try DocumentEncoder().encode(["a": 1, "b": .null] as MapValue)

        #expect(fromDictionary == ["a": 1, "b": 2])
        #expect(fromMapValue == ["a": 1, "b": nil])
    }

    @Test func encode_arrayDirectlyInsideAnArray_throwsNamingTheElement() throws {
        let model = Matrix(rows: [[1, 2], [3]])

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode(model)
        }

        #expect(error?.message.contains("field rows[0]") == true)
        #expect(error?.message.contains("array") == true)
    }

    @Test func encode_arrayInsideAMapInsideAnArray_isAllowed() throws {
        let model = Wrapped(rows: [Row(cells: [1, 2]), Row(cells: [])])

        let fields = try CodableTestSupport.roundTripFields(model)

        #expect(fields["rows"] == [["cells": [1, 2]], ["cells": .array([])]])
    }

    @Test func encode_dateOutsideFirestoreRange_throwsNamingThePath() throws {
        let model = Dated(when: Date(timeIntervalSince1970: 300_000_000_000))

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode(model)
        }

        #expect(error?.message.contains("field when") == true)
        #expect(error?.message.contains("timestamp range") == true)
    }

    @Test func encode_int128_withinInt64_isAnIntegerAndBeyondThrows() throws {
        let fits = try DocumentEncoder().encode(Wide(value: -5))
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode(Wide(value: Int128(Int64.max) + 1))
        }

        #expect(fits["value"] == -5)
        #expect(error?.message.contains("field value") == true)
    }

    @Test func encode_handWrittenNestedContainers_collectTheirFields() throws {
        let fields = try CodableTestSupport.roundTripFields(HandWritten(city: "CDMX", tags: ["a", "b"]))

        #expect(fields["address"] == ["city": "CDMX"])
        #expect(fields["tags"] == ["a", "b"])
        #expect(fields["list"] == [["city": "CDMX"]])
        #expect(fields["super"] == ["base": true])
    }

    @Test func encode_userInfo_reachesTheModel() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        let encoder = DocumentEncoder(userInfo: [key: "sajarubox"])

        let encoded = try encoder.encode(UserInfoEcho())

        #expect(encoded["tenant"] == "sajarubox")
    }

    @Test func encodeValue_encodesAnyValueAsUserData() throws {
        #expect(try DocumentEncoder().encodeValue(Level.gold) == "gold")
        #expect(try DocumentEncoder().encodeValue([1, 2]) == [1, 2])
        #expect(try DocumentEncoder().encodeValue(GymDates.created) == .timestamp(Timestamp(date: GymDates.created)))
    }

    // MARK: - Helpers

    struct EveryType: Codable, Equatable {
        var flag: Bool
        var text: String
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var float: Float
        var double: Double
        var date: Date
        var timestamp: Timestamp
        var data: Data
        var url: URL
        var geoPoint: GeoPoint
        var reference: DocumentName
        var path: DocumentPath
        var value: Value
        var map: MapValue
        var plainFieldValue: FieldValue

        static func sample() throws -> EveryType {
            EveryType(
                flag: true, text: "hola", int: -42, int8: -8, int16: 16, int32: -32, int64: .min, uint: 7, uint8: 255,
                uint16: 65_535, uint32: 4_294_967_295, uint64: UInt64(Int64.max), float: 1.5, double: -0.25,
                date: Date(timeIntervalSince1970: 1_768_046_400.5),
                timestamp: try Timestamp(seconds: 1, nanoseconds: 123_456_789), data: Data([0, 1, 254, 255]),
                url: try #require(URL(string: "https://example.com/a?b=c")),
                geoPoint: try GeoPoint(latitude: 19.43, longitude: -99.13),
                reference: try DocumentName(parsing: "projects/p/databases/(default)/documents/members/m1"),
                path: try DocumentPath("members/m1"), value: [.null, 1], map: ["nested": false],
                plainFieldValue: "plain"
            )
        }
    }

    struct Counter: Encodable {
        var name: String
        var count: FieldValue
        var updatedAt: FieldValue
    }

    struct Optionals: Codable {
        var name: String?
        var count: Int
    }

    struct NullableNote: Codable {
        @ExplicitNull var note: String?
    }

    struct Address: Codable, Equatable {
        var city: String
        var zip: String?
    }

    struct Nested: Codable, Equatable {
        var address: Address
        var tags: [String]
        var schedule: [String: [Address]]
        var history: [Address]
    }

    enum Level: String, Codable { case silver, gold }
    enum Priority: Int, Codable { case low = 1, high = 3 }

    struct Ranked: Codable {
        var level: Level
        var priority: Priority
    }

    struct Extremes: Codable {
        var low: Int64
        var high: Int64
        var unsigned: UInt64
    }

    struct BigNumbers: Codable {
        var values: [UInt64]
    }

    struct Matrix: Codable {
        var rows: [[Int]]
    }

    struct Row: Codable {
        var cells: [Int]
    }

    struct Wrapped: Codable {
        var rows: [Row]
    }

    struct Dated: Codable {
        var when: Date
    }

    struct Wide: Codable {
        var value: Int128
    }

    /// Uses every kind of nested container and a super encoder.
    struct HandWritten: Encodable {
        var city: String
        var tags: [String]

        enum Keys: String, CodingKey { case address, tags, list, city, base }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var address = container.nestedContainer(keyedBy: Keys.self, forKey: .address)
            try address.encode(city, forKey: .city)
            var tagList = container.nestedUnkeyedContainer(forKey: .tags)
            for tag in tags { try tagList.encode(tag) }
            var list = container.nestedUnkeyedContainer(forKey: .list)
            var element = list.nestedContainer(keyedBy: Keys.self)
            try element.encode(city, forKey: .city)
            var base = container.superEncoder().container(keyedBy: Keys.self)
            try base.encode(true, forKey: .base)
        }
    }

    struct UserInfoEcho: Encodable {
        enum Keys: String, CodingKey { case tenant }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            let key = CodingUserInfoKey(rawValue: "tenant")
            try container.encode(key.flatMap { encoder.userInfo[$0] as? String } ?? "none", forKey: .tenant)
        }
    }
}
