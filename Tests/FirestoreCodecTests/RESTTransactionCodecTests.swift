import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

@Suite struct RESTTransactionCodecTests {
    @Test func beginTransactionRequest_writesExactJSONForEachOption() throws {
        let cases: [(TransactionMode, String)] = [
            (.readWrite, #"{"options": {"readWrite": {}}}"#),
            (
                .readWrite(retrying: TransactionID(bytes: [1, 2])),
                #"{"options": {"readWrite": {"retryTransaction": "AQI="}}}"#
            ),
            (.readOnly(readTime: nil), #"{"options": {"readOnly": {}}}"#),
            (
                .readOnly(readTime: try Timestamp(seconds: 1, nanoseconds: 500_000)),
                #"{"options": {"readOnly": {"readTime": "1970-01-01T00:00:01.000500Z"}}}"#
            ),
        ]
        for (options, expected) in cases {
            let json = tree(
                agreeing(
                    RESTTransactionCodec.encodeBeginTransactionRequest(options),
                    TreeTransactionCodec.encodeBeginTransactionRequest(options)))
            #expect(json == (try parse(expected)))
            #expect(try TreeTransactionCodec.decodeBeginTransactionRequest(json, database: nil) == options)
        }
        let optimistic = RESTTransactionCodec.encodeBeginTransactionRequest(
            .readWrite(retrying: TransactionID(bytes: [1])), concurrencyMode: "OPTIMISTIC")
        #expect(
            tree(optimistic)
                == (try parse(
                    #"{"options": {"readWrite": {"retryTransaction": "AQ==", "concurrencyMode": "OPTIMISTIC"}}}"#)))
        #expect(
            tree(
                RESTTransactionCodec.encodeBeginTransactionRequest(
                    .readOnly(readTime: nil), concurrencyMode: "OPTIMISTIC"))
                == (try parse(#"{"options": {"readOnly": {}}}"#)))
    }

    @Test func serverDecodesBeginTransactionRequest_withoutOptionsAsReadWrite() throws {
        #expect(try TreeTransactionCodec.decodeBeginTransactionRequest(parse("{}"), database: nil) == .readWrite)
        #expect(
            try TreeTransactionCodec.decodeBeginTransactionRequest(parse(#"{"options": {}}"#), database: nil)
                == .readWrite)
        #expect(
            try TreeTransactionCodec.decodeBeginTransactionRequest(
                parse(#"{"options": {"readWrite": {"concurrencyMode": "OPTIMISTIC"}}}"#), database: nil) == .readWrite)
    }

    @Test func beginTransactionResponseAndRollback_roundTrip() throws {
        let id = TransactionID(bytes: [0x11, 6, 0, 0, 0, 0, 0, 0, 0])
        #expect(
            TreeTransactionCodec.encodeBeginTransactionResponse(id) == (try parse(#"{"transaction": "EQYAAAAAAAAA"}"#)))
        let decoded = try agreeing(
            #"{"transaction": "EQYAAAAAAAAA"}"#,
            { (bytes) throws(RESTDecodingError) in try RESTTransactionCodec.decodeBeginTransactionResponse(bytes: bytes)
            },
            TreeTransactionCodec.decodeBeginTransactionResponse
        )
        #expect(decoded == id)
        #expect(
            try TreeTransactionCodec.decodeRollbackRequest(
                JSONParser.parse(RESTTransactionCodec.encodeRollbackRequest(id)), database: nil) == id)
    }

    @Test func serverDecodesRollbackRequest_missingTransaction_throws() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try TreeTransactionCodec.decodeRollbackRequest(parse("{}"), database: nil)
        }
        #expect(error.reason.contains("transaction"))
        let both = try #require(throws: RESTDecodingError.self) {
            try TreeTransactionCodec.decodeBeginTransactionRequest(
                parse(#"{"options": {"readOnly": {}, "readWrite": {}}}"#), database: nil)
        }
        #expect(both.path == "$.options")
    }
}
