import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
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
            let json = RESTTransactionCodec.encodeBeginTransactionRequest(options)
            #expect(json == (try parse(expected)))
            #expect(try RESTTransactionCodec.decodeBeginTransactionRequest(json, database: nil) == options)
        }
    }

    @Test func decodeBeginTransactionRequest_withoutOptionsIsReadWrite() throws {
        #expect(try RESTTransactionCodec.decodeBeginTransactionRequest(parse("{}"), database: nil) == .readWrite)
        #expect(
            try RESTTransactionCodec.decodeBeginTransactionRequest(parse(#"{"options": {}}"#), database: nil)
                == .readWrite)
        #expect(
            try RESTTransactionCodec.decodeBeginTransactionRequest(
                parse(#"{"options": {"readWrite": {"concurrencyMode": "OPTIMISTIC"}}}"#), database: nil) == .readWrite)
    }

    @Test func beginTransactionResponseAndRollback_roundTrip() throws {
        let id = TransactionID(bytes: [0x11, 6, 0, 0, 0, 0, 0, 0, 0])
        #expect(
            RESTTransactionCodec.encodeBeginTransactionResponse(id) == (try parse(#"{"transaction": "EQYAAAAAAAAA"}"#)))
        #expect(
            try RESTTransactionCodec.decodeBeginTransactionResponse(parse(#"{"transaction": "EQYAAAAAAAAA"}"#)) == id)
        #expect(
            try RESTTransactionCodec.decodeRollbackRequest(
                RESTTransactionCodec.encodeRollbackRequest(id), database: nil) == id)
    }

    @Test func decodeRollbackRequest_missingTransaction_throws() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTTransactionCodec.decodeRollbackRequest(parse("{}"), database: nil)
        }
        #expect(error.reason.contains("transaction"))
        let both = try #require(throws: RESTDecodingError.self) {
            try RESTTransactionCodec.decodeBeginTransactionRequest(
                parse(#"{"options": {"readOnly": {}, "readWrite": {}}}"#), database: nil)
        }
        #expect(both.path == "$.options")
    }
}

// MARK: - Helpers

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}
