import Foundation
import HearthDomain
import HearthFirestoreCodec
import Testing

@Suite struct RESTValueCodecTests {
    // MARK: - Exact encoding

    static let exactEncodings: [(Value, String)] = [
        (Value.null, #"{"nullValue":null}"#),
        (.boolean(true), #"{"booleanValue":true}"#),
        (.boolean(false), #"{"booleanValue":false}"#),
        (.integer(42), #"{"integerValue":"42"}"#),
        (.integer(Int64.min), #"{"integerValue":"-9223372036854775808"}"#),
        (.integer(Int64.max), #"{"integerValue":"9223372036854775807"}"#),
        (.double(2.5), #"{"doubleValue":2.5}"#),
        (.double(1), #"{"doubleValue":1.0}"#),
        (.double(-0.0), #"{"doubleValue":-0.0}"#),
        (.double(.nan), #"{"doubleValue":"NaN"}"#),
        (.double(.infinity), #"{"doubleValue":"Infinity"}"#),
        (.double(-.infinity), #"{"doubleValue":"-Infinity"}"#),
        (.string("héllo \"q\""), #"{"stringValue":"héllo \"q\""}"#),
        (.bytes(Data([0, 1, 2, 0xFF])), #"{"bytesValue":"AAEC/w=="}"#),
        (.array([]), #"{"arrayValue":{}}"#),
        (.array([1, "a"]), #"{"arrayValue":{"values":[{"integerValue":"1"},{"stringValue":"a"}]}}"#),
        (.map(MapValue()), #"{"mapValue":{"fields":{}}}"#),
        (
            ["b": 1, "a": ["c": .null]],
            #"{"mapValue":{"fields":{"a":{"mapValue":{"fields":{"c":{"nullValue":null}}}},"b":{"integerValue":"1"}}}}"#
        ),
    ]

    @Test(arguments: exactEncodings)
    func encode_writesExactJSON(value: Value, expected: String) {
        #expect(JSONWriter.string(RESTValueCodec.encode(value)) == expected)
    }

    @Test func encode_timestampWritesUTCWithFewestExactDigits() throws {
        let cases: [(Int32, String)] = [
            (0, "2024-05-01T12:34:56Z"),
            (123_000_000, "2024-05-01T12:34:56.123Z"),
            (123_456_000, "2024-05-01T12:34:56.123456Z"),
            (123_456_789, "2024-05-01T12:34:56.123456789Z"),
        ]
        for (nanos, text) in cases {
            let value = Value.timestamp(try Timestamp(seconds: 1_714_566_896, nanoseconds: nanos))
            #expect(RESTValueCodec.encode(value) == .object(["timestampValue": .string(text)]))
        }
    }

    @Test func encode_referenceWritesFullResourceName() throws {
        let name = try DocumentName(parsing: "projects/p/databases/(default)/documents/users/alice")
        #expect(
            JSONWriter.string(RESTValueCodec.encode(.reference(name)))
                == #"{"referenceValue":"projects/p/databases/(default)/documents/users/alice"}"#)
    }

    @Test func encode_geoPointWritesBothCoordinates() throws {
        let point = try GeoPoint(latitude: 0, longitude: -2.25)
        #expect(
            JSONWriter.string(RESTValueCodec.encode(.geoPoint(point)))
                == #"{"geoPointValue":{"latitude":0.0,"longitude":-2.25}}"#)
    }

    // MARK: - Round trips

    @Test(arguments: try roundTripValues())
    func encodeThenDecode_returnsTheSameValue(value: Value) throws {
        let decoded = try RESTValueCodec.decode(RESTValueCodec.encode(value))
        #expect(decoded == value)
    }

    @Test(arguments: try roundTripValues())
    func encodeThenDecode_survivesSerializationToText(value: Value) throws {
        let text = JSONWriter.serialize(RESTValueCodec.encode(value))
        #expect(try RESTValueCodec.decode(JSONParser.parse(text)) == value)
    }

    @Test func decode_negativeZeroKeepsItsSign() throws {
        let decoded = try RESTValueCodec.decode(parse(#"{"doubleValue": -0.0}"#))
        guard case .double(let number) = decoded else { Issue.record("not a double: \(decoded)"); return }
        #expect(number == 0 && number.sign == .minus)
    }

    @Test func decodeFields_distinguishesPrecomposedAndDecomposedKeys() throws {
        let json = try parse(#"{"\#u{E9}": {"integerValue": "1"}, "e\#u{301}": {"integerValue": "2"}}"#)
        let fields = try RESTValueCodec.decodeFields(json)
        #expect(fields.count == 2)
        #expect(fields["\u{E9}"] == .integer(1))
        #expect(fields["e\u{301}"] == .integer(2))
    }

    @Test func decodeFields_sortsKeysByUTF8Bytes() throws {
        let fields = try RESTValueCodec.decodeFields(
            parse(#"{"b": {"nullValue": null}, "Z": {"nullValue": null}, "a": {"nullValue": null}}"#))
        #expect(fields.keys == ["Z", "a", "b"])
    }

    // MARK: - Accepted alternative input forms

    static let alternativeForms: [(String, Value)] = [
        (#"{"nullValue": "NULL_VALUE"}"#, Value.null),
        (#"{"null_value": null}"#, .null),
        (#"{"nullValue": 0}"#, .null),
        (#"{"integerValue": 42}"#, .integer(42)),
        (#"{"integerValue": -7}"#, .integer(-7)),
        (#"{"integerValue": 1.0}"#, .integer(1)),
        (#"{"integerValue": 1e3}"#, .integer(1000)),
        (#"{"integerValue": "1200e-2"}"#, .integer(12)),
        (#"{"integerValue": "-9223372036854775808"}"#, .integer(.min)),
        (#"{"integer_value": "5"}"#, .integer(5)),
        (#"{"doubleValue": 1}"#, .double(1)),
        (#"{"doubleValue": "2.5"}"#, .double(2.5)),
        (#"{"doubleValue": "NaN"}"#, .double(.nan)),
        (#"{"doubleValue": "-Infinity"}"#, .double(-.infinity)),
        (#"{"doubleValue": 1e-400}"#, .double(0)),
        (#"{"bytesValue": "AAEC/w"}"#, .bytes(Data([0, 1, 2, 0xFF]))),
        (#"{"bytesValue": "AAEC_w=="}"#, .bytes(Data([0, 1, 2, 0xFF]))),
        (#"{"bytesValue": "-_8"}"#, .bytes(Data([0xFB, 0xFF]))),
        (#"{"bytesValue": ""}"#, .bytes(Data())),
        (#"{"arrayValue": {"values": []}}"#, .array([])),
        (#"{"mapValue": {}}"#, .map(MapValue())),
    ]

    @Test(arguments: alternativeForms)
    func decode_acceptsAlternativeForms(text: String, expected: Value) throws {
        #expect(try RESTValueCodec.decode(parse(text)) == expected)
    }

    @Test func decode_timestampWithOffsetIsNormalizedToUTC() throws {
        let decoded = try RESTValueCodec.decode(parse(#"{"timestampValue": "2024-05-01T14:34:56.5+02:00"}"#))
        #expect(decoded == .timestamp(try Timestamp(seconds: 1_714_566_896, nanoseconds: 500_000_000)))
    }

    @Test func decode_geoPointWithMissingCoordinatesIsZero() throws {
        #expect(
            try RESTValueCodec.decode(parse(#"{"geoPointValue": {}}"#))
                == .geoPoint(try GeoPoint(latitude: 0, longitude: 0)))
        #expect(
            try RESTValueCodec.decode(parse(#"{"geoPointValue": {"longitude": 3}}"#))
                == .geoPoint(try GeoPoint(latitude: 0, longitude: 3)))
    }

    // MARK: - Malformed input

    static let malformedValues: [(String, String, String)] = [
        (#"{}"#, "$", "none"),
        (#"{"stringValue": "a", "integerValue": "1"}"#, "$", "exactly one"),
        (#"[]"#, "$", "expected a Value object"),
        (#"{"integerValue": "1.5"}"#, "$.integerValue", "integer"),
        (#"{"integerValue": 1.5}"#, "$.integerValue", "integer"),
        (#"{"integerValue": "9223372036854775808"}"#, "$.integerValue", "int64 range"),
        (#"{"integerValue": "-9223372036854775809"}"#, "$.integerValue", "int64 range"),
        (#"{"integerValue": "12abc"}"#, "$.integerValue", "decimal string"),
        (#"{"integerValue": " 1"}"#, "$.integerValue", "decimal string"),
        (#"{"integerValue": true}"#, "$.integerValue", "int64"),
        (#"{"doubleValue": "nan"}"#, "$.doubleValue", "NaN"),
        (#"{"doubleValue": 1e400}"#, "$.doubleValue", "range of a double"),
        (#"{"doubleValue": null}"#, "$.doubleValue", "a number"),
        (#"{"booleanValue": "true"}"#, "$.booleanValue", "a boolean"),
        (#"{"nullValue": 1}"#, "$.nullValue", "null"),
        (#"{"stringValue": 3}"#, "$.stringValue", "a string"),
        (#"{"timestampValue": "2024-13-01T00:00:00Z"}"#, "$.timestampValue", "invalid timestamp"),
        (#"{"timestampValue": "2024-05-01T00:00:00.1234567891Z"}"#, "$.timestampValue", "invalid timestamp"),
        (#"{"timestampValue": "0000-12-31T23:59:59Z"}"#, "$.timestampValue", "invalid timestamp"),
        (#"{"bytesValue": "A"}"#, "$.bytesValue", "base64"),
        (#"{"bytesValue": "AA=A"}"#, "$.bytesValue", "base64"),
        (#"{"bytesValue": "AAA*"}"#, "$.bytesValue", "base64"),
        (#"{"referenceValue": "users/alice"}"#, "$.referenceValue", "invalid document name"),
        (#"{"referenceValue": "projects/p/databases/d/documents/users"}"#, "$.referenceValue", "invalid document name"),
        (#"{"geoPointValue": {"latitude": 91}}"#, "$.geoPointValue", "geo point"),
        (#"{"geoPointValue": {"lat": 1}}"#, "$.geoPointValue", "unknown member"),
        (#"{"geoPointValue": {"latitude": "x"}}"#, "$.geoPointValue.latitude", "a number"),
        (#"{"arrayValue": []}"#, "$.arrayValue", "ArrayValue object"),
        (
            #"{"arrayValue": {"values": [{"integerValue": "1"}, {"nope": 1}]}}"#, "$.arrayValue.values[1].nope",
            "unknown Value kind"
        ),
        (#"{"arrayValue": {"values": [], "extra": 1}}"#, "$.arrayValue", "unknown member"),
        (
            #"{"mapValue": {"fields": {"a": {"mapValue": {"fields": {"b c": {}}}}}}}"#,
            #"$.mapValue.fields.a.mapValue.fields["b c"]"#, "none"
        ),
        (#"{"mapValue": {"fieldz": {}}}"#, "$.mapValue", "unknown member"),
        (#"{"mapValue": {"fields": []}}"#, "$.mapValue.fields", "object of fields"),
        (#"{"fooValue": 1}"#, "$.fooValue", "unknown Value kind"),
    ]

    @Test(arguments: malformedValues)
    func decode_malformedValue_throwsNamingThePath(text: String, path: String, reasonFragment: String) throws {
        let error = try #require(throws: RESTDecodingError.self) { try RESTValueCodec.decode(parse(text)) }
        #expect(error.path == path)
        #expect(error.reason.contains(reasonFragment), "reason: \(error.reason)")

        let bytesError = try #require(throws: RESTDecodingError.self) {
            try RESTValueCodec.decode(bytes: Array(text.utf8))
        }
        #expect(bytesError.description == error.description)
    }

    @Test func decodeError_keepsTheUnderlyingDomainError() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTValueCodec.decode(parse(#"{"timestampValue": "10000-01-01T00:00:00Z"}"#))
        }
        #expect(error.underlying?.code == .invalidArgument)
    }

    @Test func decodeError_convertsToTheCallersCode() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTValueCodec.decode(parse(#"{"integerValue": "x"}"#))
        }
        let internalError = error.documentStoreError(.internal)
        let argumentError = error.documentStoreError(.invalidArgument)
        #expect(internalError.code == .internal)
        #expect(argumentError.code == .invalidArgument)
        #expect(internalError.message.contains("$.integerValue"))
        #expect(internalError.underlying is RESTDecodingError)
    }
}

// MARK: - Helpers

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}

private func roundTripValues() throws -> [Value] {
    let reference = try DocumentName(parsing: "projects/p/databases/(default)/documents/users/al ice/posts/p1")
    let otherDatabase = try DocumentName(parsing: "projects/other/databases/named-db/documents/c/d")
    return [
        .null, .boolean(true), .boolean(false),
        .integer(0), .integer(-1), .integer(Int64.min), .integer(Int64.max),
        .double(0), .double(-0.0), .double(.nan), .double(.infinity), .double(-.infinity),
        .double(.pi), .double(1e300), .double(-1e-300), .double(.leastNonzeroMagnitude),
        .double(.greatestFiniteMagnitude),
        .double(9_007_199_254_740_991), .double(0.1),
        .timestamp(try Timestamp(seconds: 0, nanoseconds: 1)),
        .timestamp(try Timestamp(seconds: 1_714_566_896, nanoseconds: 999_999_999)),
        .timestamp(Timestamp.min), .timestamp(Timestamp.max),
        .timestamp(try Timestamp(seconds: -1, nanoseconds: 500)),
        .string(""), .string("emoji 🔥 and \u{0} nul and \n newline"), .string("e\u{301}"),
        .bytes(Data()), .bytes(Data([0xFF])), .bytes(Data([1, 2])), .bytes(Data(0...255)),
        .reference(reference), .reference(otherDatabase),
        .geoPoint(try GeoPoint(latitude: -90, longitude: 180)),
        .geoPoint(try GeoPoint(latitude: 12.345678, longitude: -0.5)),
        .array([]), .array([.null, 1, 2.5, "x", .array([])]),
        .map(MapValue()), ["": 1, "a.b": ["`x`": [.map(MapValue())]], "\u{E9}": 1, "e\u{301}": 2],
        ["deep": ["deeper": ["deepest": [.double(-0.0), .timestamp(Timestamp.max)]]]],
    ]
}
