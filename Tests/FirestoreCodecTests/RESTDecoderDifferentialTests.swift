import HearthTestSupport
import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// The library's one decoder reads straight from bytes; these tests hold it to the reference (the test
/// server's tree decoders, after `JSONParser`): the same result on valid input, the same error (path,
/// reason, underlying error) on input with one fault, and never accepting what the reference refuses.
@Suite struct RESTDecoderDifferentialTests {
    // MARK: - Canonical input is decoded as the reference decodes it

    @Test(arguments: 0..<12)
    func randomRunQueryAnswers_areDecodedAsTheReferenceDecodesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xB17E)
        let db = try database()
        let elements = try randomRunQueryElements(&random)
        let json = TreeReadCodec.encodeRunQueryResponse(elements, database: db)

        for bytes in [JSONWriter.serialize(json), Array(JSONWriter.prettyString(json).utf8)] {
            #expect(try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: db) == elements)
            expectSameOutcomesOnEveryAnswer(bytes)
        }
    }

    @Test(arguments: 0..<8)
    func randomBatchGetAnswers_areDecodedAsTheReferenceDecodesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xBA7C)
        let db = try database()
        var elements = [
            RESTBatchGetResponseElement(read: nil, transaction: TransactionID(bytes: [9, 8, 7]), readTime: nil)
        ]
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let readTime = randomTimestamp(&random)
            if Bool.random(using: &random) {
                elements.append(
                    RESTBatchGetResponseElement(read: .found(try randomDocument(&random)), readTime: readTime))
            } else {
                elements.append(
                    RESTBatchGetResponseElement(read: .missing(try randomPath(&random)), readTime: readTime))
            }
        }
        let bytes = JSONWriter.serialize(TreeReadCodec.encodeBatchGetResponse(elements, database: db))

        #expect(try RESTReadCodec.decodeBatchGetResponse(bytes: bytes, database: db) == elements)
        expectSameOutcomesOnEveryAnswer(bytes)
    }

    @Test(arguments: 0..<8)
    func randomListPages_areDecodedAsTheReferenceDecodesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x1157)
        let db = try database()
        var documents: [DocumentRead] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            documents.append(
                Bool.random(using: &random) ? .found(try randomDocument(&random)) : .missing(try randomPath(&random)))
        }
        let response = ListDocumentsResponse(documents: documents, nextPageToken: seed % 2 == 0 ? nil : "page-\(seed)")
        let bytes = JSONWriter.serialize(TreeReadCodec.encodeListDocumentsResponse(response, database: db))

        #expect(try RESTReadCodec.decodeListDocumentsResponse(bytes: bytes, database: db) == response)
        expectSameOutcomesOnEveryAnswer(bytes)
    }

    @Test(arguments: 0..<8)
    func randomDocuments_areDecodedFromBytesInTheirDatabaseAndInAny(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xD0C)
        let db = try database()
        let document = try randomDocument(&random)
        let bytes = RESTDocumentCodec.encode(document, database: db)

        for scope in [db, nil] {
            #expect(try RESTDocumentCodec.decode(bytes: bytes, database: scope) == document)
        }
        expectSameOutcomesOnEveryAnswer(bytes)
    }

    @Test func everyKindOfValue_isDecodedAsTheReferenceDecodesIt() throws {
        var random = SplitMix64(seed: 0xFA1)
        for _ in 0..<300 {
            let value = randomValue(&random, depth: 0)
            let bytes = RESTValueCodec.encode(value)
            #expect(try RESTValueCodec.decode(bytes: bytes) == value)
            expectSameOutcomesOnEveryAnswer(bytes)
        }
    }

    // MARK: - Unusual but valid input decodes as the reference decodes it

    static let unusualBodies: [String] = [
        #"{"read_time": "1970-01-01T00:00:01Z", "skipped_results": "3"}"#,
        #"[{"readTime": "1970-01-01T00:00:01Z", "explainMetrics": {"planSummary": {}}}]"#,
        #"[{"document": null, "readTime": null, "done": null}, {"error": null, "readTime": "1970-01-01T00:00:01Z"}]"#,
        #"[{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"a": {"integer_value": "1"}}, "create_time": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]"#,
        #"[{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"\u0061": {"nullValue": "NULL_VALUE"}, "b": {"nullValue": 0}, "c": {"integerValue": 12}, "d": {"integerValue": "1e3"}}, "createTime": "1970-01-01T00:00:01+01:00", "updateTime": "1970-01-01t00:00:01.5z", "x": 1}}]"#,
        #"[{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"z": {"doubleValue": "2.5"}, "a": {"doubleValue": 3}, "m": {"doubleValue": "-Infinity"}, "g": {"geoPointValue": {"longitude": "NaN"}}}, "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]"#,
        #"[{"document": {"name": "projects/p/databases/(default)/documents/C/\u00e9", "fields": {"s": {"string\u0056alue": "x"}}, "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]"#,
        #"[{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"e": {"arrayValue": {"values": []}}, "f": {"mapValue": {"fields": {}}}, "g": {"bytesValue": "-_8"}}, "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]"#,
        "[{\"document\": {\"name\": \"projects/p/databases/(default)/documents/C/d\", \"fields\": {\"e\u{301}\": {\"stringValue\": \"1\"}, \"\u{E9}\": {\"stringValue\": \"2\"}}, \"createTime\": \"1970-01-01T00:00:01Z\", \"updateTime\": \"1970-01-01T00:00:01Z\"}}]",
        #"[{"transaction": "AQ==", "readTime": "1970-01-01T00:00:01Z", "skippedResults": 0, "done": false}]"#,
        #"[{"found": {"name": "projects/p/databases/(default)/documents/C/d", "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}, "missing": null, "transaction": null}]"#,
        #"{"documents": [{"name": "projects/p/databases/(default)/documents/C/d", "fields": null}], "nextPageToken": ""}"#,
        #"{"documents": null, "next_page_token": "n"}"#,
    ]

    @Test(arguments: unusualBodies)
    func unusualBodies_decodeAsTheReferenceDecodesThem(text: String) throws {
        expectSameOutcomesOnEveryAnswer(Array(text.utf8))
    }

    // MARK: - Malformed input fails with the reference's errors

    @Test(arguments: RESTValueCodecTests.malformedValues)
    func malformedValuesInADocument_failWithTheReferencesPathAndReason(
        text: String, path: String, reasonFragment: String
    ) throws {
        let body = """
            [{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"f": \(text)},
                           "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]
            """
        let bytes = Array(body.utf8)

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: try database())
        }
        #expect(error.path == "$[0].document.fields.f" + path.dropFirst())
        #expect(error.reason.contains(reasonFragment))
        expectSameOutcomesOnEveryAnswer(bytes)
    }

    @Test(arguments: HostileInputTests.validBodies.indices)
    func everyTruncation_failsAsTheReferenceFails(bodyIndex: Int) throws {
        let bytes = Array(HostileInputTests.validBodies[bodyIndex].utf8)
        for length in 0..<bytes.count {
            expectSameOutcomesOnEveryAnswer(Array(bytes[0..<length]))
        }
    }

    @Test(arguments: HostileInputTests.validBodies.indices)
    func randomCorruptions_decodeOrFailAsTheReferenceDoes(bodyIndex: Int) throws {
        var random = SplitMix64(seed: UInt64(bodyIndex) &+ 0xC0FFEE)
        let original = Array(HostileInputTests.validBodies[bodyIndex].utf8)
        for _ in 0..<300 {
            expectSameOutcomesOnEveryAnswer(corrupt(original, &random), exactErrors: false)
        }
    }

    @Test(arguments: 0..<6)
    func randomCorruptionsOfGeneratedAnswers_decodeOrFailAsTheReferenceDoes(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xBADF00D)
        let db = try database()
        let original = JSONWriter.serialize(
            TreeReadCodec.encodeRunQueryResponse(try randomRunQueryElements(&random), database: db))
        for _ in 0..<300 {
            expectSameOutcomesOnEveryAnswer(corrupt(original, &random), exactErrors: false)
        }
    }

    @Test func nestingBeyondTheParsersLimit_failsAsTheReferenceFails() throws {
        var value = #"{"nullValue": null}"#
        for _ in 0..<200 { value = #"{"mapValue": {"fields": {"a": \#(value)}}}"# }
        let body = """
            [{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"f": \(value)},
                           "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]
            """

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(bytes: Array(body.utf8), database: nil)
        }

        #expect(error.path == "$")
        #expect(error.reason.contains("nesting deeper than"))
        expectSameOutcomesOnEveryAnswer(Array(body.utf8))
    }

    @Test func nonJSON_failsAtTheRootOnEveryEntryPoint() throws {
        for text in ["", "<html>502</html>", "[", "{\"documents\": [}", "[{}] x", "\u{FEFF}[]"] {
            expectSameOutcomesOnEveryAnswer(Array(text.utf8))
        }
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

/// `bytes` with one to three random edits: a byte replaced or deleted, or a JSON fragment inserted.
private func corrupt(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    let fragments = [
        "null", ",", "\"x\":1,", "\\u00e9", "{}", "[]", "\"", "0", "-", "e5", ".5", "}", "]", " ", "\"a\":", "\\",
        "\"NaN\"", "1e400", "_", "\u{E9}", "\u{301}", "/", "9999999999999999999",
    ]
    var result = bytes
    for _ in 0..<Int.random(in: 1...3, using: &random) {
        let position = Int.random(in: 0...result.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where position < result.count:
            result[position] = UInt8.random(in: 0...255, using: &random)
        case 1 where position < result.count:
            result.remove(at: position)
        default:
            result.insert(
                contentsOf: Array(fragments[Int.random(in: 0..<fragments.count, using: &random)].utf8), at: position)
        }
    }
    return result
}

/// A member named twice inside a `LatLng` is not JSON, as the reference reads it (found by the
/// `rest-decoders` fuzz target; its input is kept in `Fuzz/Regressions/rest-decoders`).
@Suite("REST decoder: a repeated LatLng member")
struct RESTGeoPointDuplicateMemberTests {
    @Test(arguments: [
        #"{"geoPointValue":{"latitude":48.85,"longitude":2.355,"longitude":2}}"#,
        #"{"geoPointValue":{"latitude":1,"latitude":2}}"#,
    ])
    func aRepeatedCoordinate_isNotJSON(json: String) throws {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(json) }
        #expect {
            try RESTValueCodec.decode(bytes: Array(json.utf8))
        } throws: { error in
            "\(error)".contains("duplicate member")
        }
    }
}
