import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFirestoreCodec
import HearthPort
import Testing

/// The byte entry points (`decode…(bytes:)`) decode straight from bytes; these tests hold them to the tree
/// decoders: the same result on valid input, the same error (path, reason, underlying error) on anything
/// else, and the byte decoder itself never accepting what the tree rejects.
@Suite struct RESTByteDecoderTests {
    // MARK: - Canonical input is decoded from bytes, as the tree decodes it

    @Test(arguments: 0..<12)
    func randomRunQueryAnswers_areDecodedFromBytesAsTheTreeDecodesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xB17E)
        let db = try database()
        let elements = try randomRunQueryElements(&random)
        let json = RESTReadCodec.encodeRunQueryResponse(elements, database: db)

        for bytes in [JSONWriter.serialize(json), Array(JSONWriter.prettyString(json).utf8)] {
            let viaBytes = try #require(
                RESTByteDecoder.runQueryResponse(bytes, database: db), "the byte decoder declined canonical input")
            #expect(viaBytes == (try RESTReadCodec.decodeRunQueryResponse(JSONParser.parse(bytes), database: db)))
            #expect(viaBytes == elements)
            #expect(try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: db) == elements)
        }
    }

    @Test(arguments: 0..<8)
    func randomBatchGetAnswers_areDecodedFromBytesAsTheTreeDecodesThem(seed: Int) throws {
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
        let bytes = JSONWriter.serialize(RESTReadCodec.encodeBatchGetResponse(elements, database: db))

        let viaBytes = try #require(
            RESTByteDecoder.batchGetResponse(bytes, database: db), "the byte decoder declined canonical input")
        #expect(viaBytes == (try RESTReadCodec.decodeBatchGetResponse(JSONParser.parse(bytes), database: db)))
        #expect(viaBytes == elements)
    }

    @Test(arguments: 0..<8)
    func randomListPages_areDecodedFromBytesAsTheTreeDecodesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x1157)
        let db = try database()
        var documents: [DocumentRead] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            documents.append(
                Bool.random(using: &random) ? .found(try randomDocument(&random)) : .missing(try randomPath(&random)))
        }
        let response = ListDocumentsResponse(documents: documents, nextPageToken: seed % 2 == 0 ? nil : "page-\(seed)")
        let bytes = JSONWriter.serialize(RESTReadCodec.encodeListDocumentsResponse(response, database: db))

        let viaBytes = try #require(
            RESTByteDecoder.listDocumentsResponse(bytes, database: db), "the byte decoder declined canonical input")
        #expect(viaBytes == (try RESTReadCodec.decodeListDocumentsResponse(JSONParser.parse(bytes), database: db)))
        #expect(viaBytes == response)
    }

    @Test(arguments: 0..<8)
    func randomDocuments_areDecodedFromBytesInTheirDatabaseAndInAny(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xD0C)
        let db = try database()
        let document = try randomDocument(&random)
        let bytes = RESTDocumentCodec.encodeBytes(document, database: db)

        for scope in [db, nil] {
            let viaBytes = try #require(
                RESTByteDecoder.document(bytes, database: scope), "the byte decoder declined canonical input")
            #expect(viaBytes == (try RESTDocumentCodec.decode(JSONParser.parse(bytes), database: scope)))
            #expect(viaBytes == document)
        }
    }

    @Test func everyKindOfValue_isDecodedFromBytesAsTheTreeDecodesIt() throws {
        var random = SplitMix64(seed: 0xFA1)
        for _ in 0..<300 {
            let value = randomValue(&random, depth: 0)
            let bytes = JSONWriter.serialize(RESTValueCodec.encode(value))
            let viaBytes = try #require(
                RESTByteDecoder.value(bytes), "declined \(String(decoding: bytes, as: UTF8.self))")
            #expect(viaBytes == value)
            #expect(viaBytes == (try RESTValueCodec.decode(JSONParser.parse(bytes))))
        }
    }

    // MARK: - Unusual but valid input decodes as the tree decodes it

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
    func unusualBodies_decodeFromBytesAsTheTreeDecodesThem(text: String) throws {
        try expectSameOutcomesOnEveryEntryPoint(Array(text.utf8))
    }

    // MARK: - Malformed input fails with the tree's errors

    @Test(arguments: RESTValueCodecTests.malformedValues)
    func malformedValuesInADocument_failWithTheTreesPathAndReason(
        text: String, path: String, reasonFragment: String
    ) throws {
        let body = """
            [{"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"f": \(text)},
                           "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]
            """
        let bytes = Array(body.utf8)
        #expect(RESTByteDecoder.runQueryResponse(bytes, database: try database()) == nil)

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: try database())
        }
        #expect(error.path == "$[0].document.fields.f" + path.dropFirst())
        #expect(error.reason.contains(reasonFragment))
        try expectSameOutcomesOnEveryEntryPoint(bytes)
    }

    @Test(arguments: HostileInputTests.validBodies.indices)
    func everyTruncation_failsAsTheTreeFails(bodyIndex: Int) throws {
        let bytes = Array(HostileInputTests.validBodies[bodyIndex].utf8)
        for length in 0..<bytes.count {
            try expectSameOutcomesOnEveryEntryPoint(Array(bytes[0..<length]))
        }
    }

    @Test(arguments: HostileInputTests.validBodies.indices)
    func randomCorruptions_decodeOrFailAsTheTreeDoes(bodyIndex: Int) throws {
        var random = SplitMix64(seed: UInt64(bodyIndex) &+ 0xC0FFEE)
        let original = Array(HostileInputTests.validBodies[bodyIndex].utf8)
        for _ in 0..<300 {
            try expectSameOutcomesOnEveryEntryPoint(corrupt(original, &random))
        }
    }

    @Test(arguments: 0..<6)
    func randomCorruptionsOfGeneratedAnswers_decodeOrFailAsTheTreeDoes(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xBADF00D)
        let db = try database()
        let original = JSONWriter.serialize(
            RESTReadCodec.encodeRunQueryResponse(try randomRunQueryElements(&random), database: db))
        for _ in 0..<300 {
            try expectSameOutcomesOnEveryEntryPoint(corrupt(original, &random))
        }
    }

    @Test func nestingBeyondTheParsersLimit_failsAsTheTreeFails() throws {
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
        try expectSameOutcomesOnEveryEntryPoint(Array(body.utf8))
    }

    @Test func nonJSON_failsAtTheRootOnEveryEntryPoint() throws {
        for text in ["", "<html>502</html>", "[", "{\"documents\": [}", "[{}] x", "\u{FEFF}[]"] {
            try expectSameOutcomesOnEveryEntryPoint(Array(text.utf8))
        }
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

/// What a decoder made of some input: its value, or its error as text (path, reason, underlying message).
private enum Outcome<T: Equatable>: Equatable {
    case value(T)
    case failure(String)

    init(_ body: () throws(RESTDecodingError) -> T) {
        do {
            self = .value(try body())
        } catch {
            self = .failure(error.description)
        }
    }
}

/// Every byte entry point gives exactly the tree decoder's outcome on `bytes`, and the byte decoder never
/// accepts what the tree rejects.
private func expectSameOutcomesOnEveryEntryPoint(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let db = try database()
    let tree: (() throws(RESTDecodingError) -> JSON) = { () throws(RESTDecodingError) in
        do throws(JSONParseError) { return try JSONParser.parse(bytes) } catch { throw RESTDecodingError(error) }
    }
    let text = String(decoding: bytes, as: UTF8.self)

    for scope in [db, nil] {
        let runQuery = Outcome { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeRunQueryResponse(tree(), database: scope)
        }
        #expect(
            Outcome { () throws(RESTDecodingError) in
                try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: scope)
            } == runQuery, "runQuery: \(text)", sourceLocation: sourceLocation)
        if let fast = RESTByteDecoder.runQueryResponse(bytes, database: scope) {
            #expect(runQuery == .value(fast), "the byte decoder accepted \(text)", sourceLocation: sourceLocation)
        }

        let batchGet = Outcome { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeBatchGetResponse(tree(), database: scope)
        }
        #expect(
            Outcome { () throws(RESTDecodingError) in
                try RESTReadCodec.decodeBatchGetResponse(bytes: bytes, database: scope)
            } == batchGet, "batchGet: \(text)", sourceLocation: sourceLocation)
        if let fast = RESTByteDecoder.batchGetResponse(bytes, database: scope) {
            #expect(batchGet == .value(fast), "the byte decoder accepted \(text)", sourceLocation: sourceLocation)
        }

        let list = Outcome { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeListDocumentsResponse(tree(), database: scope)
        }
        #expect(
            Outcome { () throws(RESTDecodingError) in
                try RESTReadCodec.decodeListDocumentsResponse(bytes: bytes, database: scope)
            } == list, "list: \(text)", sourceLocation: sourceLocation)
        if let fast = RESTByteDecoder.listDocumentsResponse(bytes, database: scope) {
            #expect(list == .value(fast), "the byte decoder accepted \(text)", sourceLocation: sourceLocation)
        }

        let document = Outcome { () throws(RESTDecodingError) in try RESTDocumentCodec.decode(tree(), database: scope) }
        #expect(
            Outcome { () throws(RESTDecodingError) in try RESTDocumentCodec.decode(bytes: bytes, database: scope) }
                == document, "document: \(text)", sourceLocation: sourceLocation)
        if let fast = RESTByteDecoder.document(bytes, database: scope) {
            #expect(document == .value(fast), "the byte decoder accepted \(text)", sourceLocation: sourceLocation)
        }
    }

    let value = Outcome { () throws(RESTDecodingError) in try RESTValueCodec.decode(tree()) }
    #expect(
        Outcome { () throws(RESTDecodingError) in try RESTValueCodec.decode(bytes: bytes) } == value, "value: \(text)",
        sourceLocation: sourceLocation)
    if let fast = RESTByteDecoder.value(bytes) {
        #expect(value == .value(fast), "the byte decoder accepted \(text)", sourceLocation: sourceLocation)
    }
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
