import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("DocumentDecoder")
struct DocumentDecoderTests {
    @Test func decode_everySupportedTypeRoundTrips() throws {
        let model = try DocumentEncoderTests.EveryType.sample()
        let fields = try CodableTestSupport.roundTripFields(model)

        let decoded = try DocumentDecoder().decode(DocumentEncoderTests.EveryType.self, from: fields)

        #expect(decoded == model)
    }

    @Test func decode_integerIntoDoubleAndFloat() throws {
        let decoded = try DocumentDecoder().decode(Numbers.self, from: ["double": 3, "float": -2, "int": 1])

        #expect(decoded.double == 3.0)
        #expect(decoded.float == -2.0)
    }

    @Test func decode_wholeDoubleIntoInteger() throws {
        let decoded = try DocumentDecoder().decode(Numbers.self, from: ["double": 0, "float": 0, "int": 42.0])

        #expect(decoded.int == 42)
    }

    @Test func decode_fractionalDoubleIntoInteger_throwsNamingTheReason() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Numbers.self, from: ["double": 0, "float": 0, "int": 1.5])
        }

        #expect(error?.message.contains("field int: expected integer, found double 1.5 (not a whole number)") == true)
    }

    @Test func decode_integerOutOfRangeForTheType_throws() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Small.self, from: ["tiny": 300, "unsigned": 1])
        }
        let negative = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Small.self, from: ["tiny": 1, "unsigned": -1])
        }
        let huge = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Small.self, from: ["tiny": 1e300, "unsigned": 1])
        }

        #expect(error?.message.contains("field tiny: expected Int8, found integer 300 (out of range)") == true)
        #expect(negative?.message.contains("field unsigned: expected UInt32, found integer -1 (out of range)") == true)
        #expect(huge?.message.contains("field tiny") == true)
    }

    @Test func decode_largeIntegers_areExact() throws {
        let fields: MapValue = ["low": .integer(.min), "high": .integer(.max), "unsigned": .integer(.max)]

        let decoded = try DocumentDecoder().decode(DocumentEncoderTests.Extremes.self, from: fields)

        #expect(decoded.low == Int64.min)
        #expect(decoded.high == Int64.max)
        #expect(decoded.unsigned == UInt64(Int64.max))
    }

    @Test func decode_largeWholeDoubleIntoUInt64_isAccepted() throws {
        let fields: MapValue = ["low": 0, "high": 0, "unsigned": .double(1.8e19)]

        let decoded = try DocumentDecoder().decode(DocumentEncoderTests.Extremes.self, from: fields)

        #expect(decoded.unsigned == 18_000_000_000_000_000_000)
    }

    @Test func decode_int128_fromAnInteger() throws {
        let decoded = try DocumentDecoder().decode(DocumentEncoderTests.Wide.self, from: ["value": .integer(.min)])

        #expect(decoded.value == Int128(Int64.min))
    }

    @Test func decode_timestampIntoDateAndTimestamp() throws {
        let stamp = try Timestamp(seconds: 1_768_046_400, nanoseconds: 123_456_789)

        let decoded = try DocumentDecoder().decode(
            Times.self, from: ["date": .timestamp(stamp), "timestamp": .timestamp(stamp)])

        #expect(decoded.timestamp == stamp)
        #expect(abs(decoded.date.timeIntervalSince1970 - 1_768_046_400.123456789) < 1e-6)
    }

    @Test func decode_missingNonOptionalField_throwsKeyNotFound() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(DocumentEncoderTests.Optionals.self, from: ["name": "x"])
        }

        #expect(error?.message.contains("field count: expected integer, found no value (the field is missing)") == true)
        guard case .keyNotFound(let key, _)? = error?.underlying as? DecodingError else {
            Issue.record("expected keyNotFound, got \(String(describing: error?.underlying))")
            return
        }
        #expect(key.stringValue == "count")
    }

    @Test func decode_missingOrNullOptionalField_isNil() throws {
        let missing = try DocumentDecoder().decode(DocumentEncoderTests.Optionals.self, from: ["count": 1])
        let null = try DocumentDecoder().decode(DocumentEncoderTests.Optionals.self, from: ["count": 1, "name": .null])

        #expect(missing.name == nil)
        #expect(null.name == nil)
    }

    @Test func decode_nullForNonOptional_throwsValueNotFound() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(DocumentEncoderTests.Optionals.self, from: ["count": .null])
        }

        #expect(error?.message.contains("field count: expected integer, found null") == true)
        guard case .valueNotFound? = error?.underlying as? DecodingError else {
            Issue.record("expected valueNotFound, got \(String(describing: error?.underlying))")
            return
        }
    }

    @Test func decode_nestedArraysAndMaps() throws {
        let fields: MapValue = [
            "address": ["city": "CDMX", "zip": "06700"],
            "tags": ["yoga", "spinning"],
            "schedule": ["monday": [["city": "A", "zip": "1"]], "tuesday": .array([])],
            "history": [["city": "B"]],
        ]

        let decoded = try DocumentDecoder().decode(DocumentEncoderTests.Nested.self, from: fields)

        #expect(decoded.address == .init(city: "CDMX", zip: "06700"))
        #expect(decoded.tags == ["yoga", "spinning"])
        #expect(decoded.schedule == ["monday": [.init(city: "A", zip: "1")], "tuesday": []])
        #expect(decoded.history == [.init(city: "B", zip: nil)])
    }

    @Test func decode_enumsWithRawValues() throws {
        let decoded = try DocumentDecoder().decode(Ranked.self, from: ["level": "gold", "priority": 3])

        #expect(decoded.level == .gold)
        #expect(decoded.priority == .high)
    }

    @Test func decode_unknownEnumRawValue_throwsNamingTheField() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Ranked.self, from: ["level": "platinum", "priority": 3])
        }

        #expect(error?.message.contains("field level") == true)
        #expect(error?.message.contains("platinum") == true)
    }

    @Test func decode_referenceIntoDocumentNameAndDocumentPath() throws {
        let name = try DocumentName(parsing: "projects/p/databases/(default)/documents/members/m1")

        let decoded = try DocumentDecoder().decode(
            References.self, from: ["name": .reference(name), "path": .reference(name), "text": "users/u1"])

        #expect(decoded.name == name)
        #expect(decoded.path == (try DocumentPath("members/m1")))
        #expect(decoded.text == (try DocumentPath("users/u1")))
    }

    @Test func decode_invalidPathString_throws() throws {
        let name = try DocumentName(parsing: "projects/p/databases/(default)/documents/members/m1")

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(
                References.self, from: ["name": .reference(name), "path": .reference(name), "text": "users"])
        }

        #expect(error?.message.contains("field text") == true)
    }

    @Test func decode_invalidURL_throws() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Link.self, from: ["url": ""])
        }

        #expect(error?.message.contains("field url: expected URL, found string") == true)
    }

    @Test func decode_valueAndMapValueProperties_keepWhatIsStored() throws {
        let stamp = try Timestamp(seconds: 5)
        let fields: MapValue = ["any": .timestamp(stamp), "extra": ["a": 1, "b": [true]], "user": 2.5]

        let decoded = try DocumentDecoder().decode(Raw.self, from: fields)

        #expect(decoded.any == .timestamp(stamp))
        #expect(decoded.extra == ["a": 1, "b": [true]])
        #expect(decoded.user == .value(.double(2.5)))
    }

    @Test func decode_dictionaryOfIntegers() throws {
        let decoded = try DocumentDecoder().decode([String: Int].self, from: ["a": 1, "b": 2.0])

        #expect(decoded == ["a": 1, "b": 2])
    }

    @Test func decode_handWrittenNestedContainers() throws {
        let fields: MapValue = [
            "address": ["city": "CDMX"], "tags": ["a", "b"], "list": [["city": "X"]], "super": ["base": true],
        ]

        let decoded = try DocumentDecoder().decode(HandRead.self, from: fields)

        #expect(decoded.city == "CDMX")
        #expect(decoded.tags == ["a", "b"])
        #expect(decoded.listCity == "X")
        #expect(decoded.base == true)
    }

    @Test func decode_userInfo_reachesTheModel() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))

        let decoded = try DocumentDecoder(userInfo: [key: "sajarubox"]).decode(TenantEcho.self, from: [:])

        #expect(decoded.tenant == "sajarubox")
    }

    @Test func decodeValue_decodesAnySingleValue() throws {
        #expect(try DocumentDecoder().decodeValue(Level.self, from: "silver") == .silver)
        #expect(try DocumentDecoder().decodeValue([Int].self, from: [1, 2.0]) == [1, 2])
        #expect(try DocumentDecoder().decodeValue(Int?.self, from: .null) == nil)
    }

    @Test func decode_everyKindInEveryField_throwsOrSucceedsWithoutTrapping() throws {
        let samples = try allKinds()
        let model = try DocumentEncoderTests.EveryType.sample()
        let base = try CodableTestSupport.roundTripFields(model)
        var failures = 0
        var successes = 0

        for field in base {
            for sample in samples {
                var fields = base
                fields[field.key] = sample
                do {
                    _ = try DocumentDecoder().decode(DocumentEncoderTests.EveryType.self, from: fields)
                    successes += 1
                } catch {
                    #expect(error.code == .invalidArgument)
                    #expect(error.message.contains("field \(field.key)"))
                    failures += 1
                }
            }
        }

        #expect(failures > 0)
        #expect(successes > 0)
        #expect(failures + successes == base.count * samples.count)
    }

    // MARK: - Helpers

    struct Numbers: Codable {
        var double: Double
        var float: Float
        var int: Int
    }

    struct Small: Codable {
        var tiny: Int8
        var unsigned: UInt32
    }

    struct Times: Codable {
        var date: Date
        var timestamp: Timestamp
    }

    enum Level: String, Codable { case silver, gold }
    enum Priority: Int, Codable { case low = 1, high = 3 }

    struct Ranked: Codable {
        var level: Level
        var priority: Priority
    }

    struct References: Codable {
        var name: DocumentName
        var path: DocumentPath
        var text: DocumentPath
    }

    struct Link: Codable {
        var url: URL
    }

    struct Raw: Codable {
        var any: Value
        var extra: MapValue
        var user: FieldValue
    }

    struct HandRead: Decodable {
        var city: String
        var tags: [String]
        var listCity: String
        var base: Bool

        enum Keys: String, CodingKey { case address, tags, list, city, base }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            city = try container.nestedContainer(keyedBy: Keys.self, forKey: .address).decode(
                String.self, forKey: .city)
            var tagList = try container.nestedUnkeyedContainer(forKey: .tags)
            var tags: [String] = []
            while !tagList.isAtEnd { tags.append(try tagList.decode(String.self)) }
            self.tags = tags
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            listCity = try list.nestedContainer(keyedBy: Keys.self).decode(String.self, forKey: .city)
            base = try container.superDecoder().container(keyedBy: Keys.self).decode(Bool.self, forKey: .base)
        }
    }

    struct TenantEcho: Decodable {
        var tenant: String

        init(from decoder: any Decoder) throws {
            tenant = CodingUserInfoKey(rawValue: "tenant").flatMap { decoder.userInfo[$0] as? String } ?? "none"
        }
    }

    private func allKinds() throws -> [Value] {
        [
            .null, true, 0, -1, .integer(.max), .integer(.min), 1.5, .double(.nan), .double(.infinity), -0.0, 1e300,
            .timestamp(.min), .timestamp(.max), "", "https://example.com", "a/b", .bytes(Data()),
            .reference(try DocumentName(parsing: "projects/p/databases/d/documents/a/b")),
            .geoPoint(try GeoPoint(latitude: 90, longitude: -180)), .array([]), [1, "x"], [:], ["k": ["n": .null]],
        ]
    }
}
