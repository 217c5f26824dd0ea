import HearthTestSupport
import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// Truncated, corrupted and absurd input must end in a thrown error, never in a trap.
@Suite struct HostileInputTests {
    @Test(arguments: validBodies.indices)
    func everyTruncation_throws(bodyIndex: Int) throws {
        let bytes = Array(JSONWriter.serialize(try JSONParser.parse(Self.validBodies[bodyIndex])))
        try #require(try decodesEverywhereItShould(JSONParser.parse(bytes)))

        for length in 0..<bytes.count {
            #expect(throws: JSONParseError.self, "prefix of \(length) bytes") {
                try JSONParser.parse(bytes[0..<length])
            }
        }
    }

    @Test(arguments: validBodies.indices)
    func randomByteFlips_neverTrap(bodyIndex: Int) throws {
        let original = Array(JSONWriter.serialize(try JSONParser.parse(Self.validBodies[bodyIndex])))
        var random = SplitMix64(seed: UInt64(bodyIndex) &+ 0x5EED)
        var rejected = 0
        let attempts = 400

        for _ in 0..<attempts {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                bytes[position] = UInt8.random(in: 0...255, using: &random)
            }
            // Several flips can make several faults; the first in the text is reported, so only acceptance is compared.
            expectSameOutcomesOnEveryAnswer(bytes, exactErrors: false)
            guard let json = try? JSONParser.parse(bytes) else {
                rejected += 1
                continue
            }
            if !(try decodesEverywhereItShould(json)) { rejected += 1 }
        }

        #expect(rejected > attempts * 3 / 4, "only \(rejected) of \(attempts) corruptions were rejected")
    }

    @Test func deepNesting_isRejectedByTheParser() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func deeplyNestedMapValues_decodeWithinTheParsersLimit() throws {
        var text = #"{"nullValue": null}"#
        for _ in 0..<150 { text = #"{"mapValue": {"fields": {"a": \#(text)}}}"# }

        let value = try RESTValueCodec.decode(bytes: Array(text.utf8))

        var depth = 0
        var current = value
        while case .map(let fields) = current, let inner = fields["a"] {
            depth += 1
            current = inner
        }
        #expect(depth == 150 && current == .null)
    }

    @Test func absurdNumbers_throwInsteadOfTrapping() throws {
        for text in [
            #"{"integerValue": "1e999999999999999999999"}"#, #"{"integerValue": "-0.0000000000000000000001e21"}"#,
            #"{"integerValue": 1e-999999999999}"#, #"{"doubleValue": 1e999999999999}"#,
            #"{"integerValue": "99999999999999999999"}"#,
        ] {
            #expect(throws: RESTDecodingError.self, "\(text)") { try RESTValueCodec.decode(bytes: Array(text.utf8)) }
        }
        #expect(try RESTValueCodec.decode(bytes: Array(#"{"integerValue": "0e999999999999"}"#.utf8)) == .integer(0))
        #expect(try RESTValueCodec.decode(bytes: Array(#"{"integerValue": "-10e-1"}"#.utf8)) == .integer(-1))
    }

    @Test func handBuiltNumbersThatAreNotLexemes_throwInsteadOfTrapping_inTheReference() {
        for lexeme in ["-", "", "abc", "1..2", "+1", "1e", "--1", "0x10", " 1"] {
            #expect(throws: RESTDecodingError.self, "\(lexeme)") {
                try TreeValueCodec.decode(.object(["integerValue": .number(lexeme)]))
            }
        }
    }

    @Test func parseErrors_convertToDecodingErrorsAtTheRoot() {
        do {
            _ = try JSONParser.parse("{\"a\": ")
            Issue.record("parsed a truncated body")
        } catch {
            let decodingError = RESTDecodingError(error)
            #expect(decodingError.path == "$")
            #expect(decodingError.reason.contains("byte 6"))
        }
    }

    // MARK: - Fixtures

    static let validBodies: [String] = [
        """
        {"database": "projects/p/databases/(default)", "transaction": "EQMAAAAAAAAA",
         "writes": [{"update": {"name": "projects/p/databases/(default)/documents/C/d",
                                "fields": {"a": {"integerValue": "1"}, "t": {"timestampValue": "2024-05-01T12:34:56.123456789Z"},
                                           "m": {"mapValue": {"fields": {"x": {"arrayValue": {"values": [{"doubleValue": "NaN"}, {"bytesValue": "AAEC"}]}}}}},
                                           "g": {"geoPointValue": {"latitude": 1.5, "longitude": -2}},
                                           "r": {"referenceValue": "projects/p/databases/(default)/documents/C/e"}}},
                     "updateMask": {"fieldPaths": ["a", "`x y`.z"]}, "currentDocument": {"exists": true},
                     "updateTransforms": [{"fieldPath": "n", "increment": {"integerValue": "2"}},
                                          {"fieldPath": "s", "setToServerValue": "REQUEST_TIME"}]},
                    {"delete": "projects/p/databases/(default)/documents/C/f", "currentDocument": {"updateTime": "1970-01-01T00:00:42Z"}}]}
        """,
        """
        [{"transaction": "EQQAAAAAAAAA"},
         {"document": {"name": "projects/p/databases/(default)/documents/C/d",
                       "fields": {"s": {"stringValue": "hé\\n"}, "b": {"booleanValue": false}, "n": {"nullValue": null}},
                       "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"},
          "readTime": "2026-11-22T01:30:22.806982Z", "skippedResults": 1, "done": true}]
        """,
        """
        [{"found": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"a": {"integerValue": "1"}},
                    "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"},
          "readTime": "2026-11-22T01:30:22.441976Z"},
         {"missing": "projects/p/databases/(default)/documents/C/x", "readTime": "2026-11-22T01:30:22.441976Z"}]
        """,
        """
        {"structuredQuery": {"select": {"fields": [{"fieldPath": "a"}]}, "from": [{"collectionId": "C", "allDescendants": true}],
                             "where": {"compositeFilter": {"op": "OR", "filters": [
                                 {"fieldFilter": {"field": {"fieldPath": "a"}, "op": "IN", "value": {"arrayValue": {"values": [{"integerValue": "1"}]}}}},
                                 {"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "b"}}}]}},
                             "orderBy": [{"field": {"fieldPath": "__name__"}, "direction": "DESCENDING"}],
                             "startAt": {"values": [{"referenceValue": "projects/p/databases/(default)/documents/C/a"}], "before": true},
                             "offset": 1, "limit": 10},
         "readTime": "2024-05-01T12:00:00Z"}
        """,
        """
        {"structuredAggregationQuery": {"structuredQuery": {"from": [{"collectionId": "C"}]},
                                        "aggregations": [{"alias": "n", "count": {"upTo": "5"}}, {"sum": {"field": {"fieldPath": "a"}}}]},
         "newTransaction": {"readOnly": {}}}
        """,
        """
        {"error": {"code": 409, "message": "Too much contention", "status": "ABORTED", "details": [{"@type": "x"}]}}
        """,
        """
        {"writeResults": [{"updateTime": "2026-11-22T01:30:28.531745Z", "transformResults": [{"timestampValue": "2026-11-22T01:30:28.494Z"}]}, {}],
         "status": [{"code": 5, "message": "no entity"}, {}], "commitTime": "2026-11-22T01:30:28.531745Z"}
        """,
    ]
}

// MARK: - Helpers

/// Runs every decoder the body could be meant for (the library's for answers, the test server's for
/// requests); `true` when at least one accepts it. Any trap fails the whole test run, which is the point.
private func decodesEverywhereItShould(_ json: JSON) throws -> Bool {
    let database = try DatabaseID(projectID: "p")
    let bytes = JSONWriter.serialize(json)
    let decoders: [() throws -> Void] = [
        { _ = try TreeWriteCodec.decodeCommitRequest(json, database: database) },
        { _ = try TreeReadCodec.decodeRunQueryRequest(json) },
        { _ = try TreeReadCodec.decodeRunAggregationQueryRequest(json) },
        { _ = try RESTWriteCodec.decodeCommitResponse(bytes: bytes) },
        { _ = try RESTWriteCodec.decodeBatchWriteResponse(bytes: bytes) },
        { _ = try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: database) },
        { _ = try RESTReadCodec.decodeBatchGetResponse(bytes: bytes, database: database) },
        {
            guard try RESTErrorCodec.decodeErrorBody(bytes: bytes) != nil else {
                throw RESTDecodingError(reason: "not an error body")
            }
        },
        { _ = try RESTDocumentCodec.decode(bytes: bytes, database: database) },
        { _ = try RESTValueCodec.decode(bytes: bytes) },
    ]
    var accepted = false
    for decode in decoders {
        do {
            try decode()
            accepted = true
        } catch is RESTDecodingError {
            continue
        }
    }
    return accepted
}
