import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite struct RESTErrorCodecTests {
    @Test func decodeErrorBody_readsThePlainBody() throws {
        let json = try parse(
            #"{"error":{"code":404,"message":"Document (projects\/p\/databases\/(default)\/documents\/C\/nope) not found.","status":"NOT_FOUND"}}"#
        )

        let body = try #require(try RESTErrorCodec.decodeErrorBody(json))

        #expect(body.httpStatus == 404)
        #expect(body.status == "NOT_FOUND")
        #expect(body.message == "Document (projects/p/databases/(default)/documents/C/nope) not found.")
        #expect(body.code == .notFound)
        #expect(body.documentStoreError.code == .notFound)
    }

    @Test func decodeErrorBody_readsTheBodyWrappedInAnArray() throws {
        let json = try parse(
            """
            [{"error": {"code": 409, "message": "Too much contention", "status": "ABORTED",
                        "details": [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "x"}]}}]
            """)

        let body = try #require(try RESTErrorCodec.decodeErrorBody(json))

        #expect(body.code == .aborted)
        #expect(body.details.count == 1)
    }

    @Test func decodeErrorBody_409WithAlreadyExistsIsNotAborted() throws {
        let body = try #require(
            try RESTErrorCodec.decodeErrorBody(
                parse(#"{"error": {"code": 409, "message": "exists", "status": "ALREADY_EXISTS"}}"#)))
        #expect(body.code == .alreadyExists)
    }

    @Test func decodeErrorBody_unknownStatusFallsBackToTheHTTPStatus() throws {
        let body = try #require(
            try RESTErrorCodec.decodeErrorBody(parse(#"{"error": {"code": 503, "message": "down"}}"#)))
        #expect(body.code == .unavailable)
    }

    @Test func decodeErrorBodyBytes_nonJSONThrows() throws {
        #expect(throws: RESTDecodingError.self) {
            try RESTErrorCodec.decodeErrorBody(bytes: Array("Service Unavailable".utf8))
        }
        #expect(
            try RESTErrorCodec.decodeErrorBody(
                bytes: Array(#"{"error": {"code": 401, "status": "UNAUTHENTICATED"}}"#.utf8))?.code == .unauthenticated)
    }

    @Test func decodeErrorBody_successBodiesAreNotErrors() throws {
        #expect(try RESTErrorCodec.decodeErrorBody(parse(#"{"transaction": "AQ=="}"#)) == nil)
        #expect(try RESTErrorCodec.decodeErrorBody(parse(#"[{"readTime": "1970-01-01T00:00:00Z"}]"#)) == nil)
        #expect(try RESTErrorCodec.decodeErrorBody(parse("[]")) == nil)
    }

    @Test func decodeErrorBody_malformedError_throwsNamingThePath() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTErrorCodec.decodeErrorBody(parse(#"[{"error": {"code": "not a number", "status": "INTERNAL"}}]"#))
        }
        #expect(error.path == "$[0].error.code")
    }

    @Test func encodeErrorBody_fromDomainError_usesTheHTTPMapping() throws {
        let cases: [(DocumentStoreError.Code, Int)] = [
            (.notFound, 404), (.alreadyExists, 409), (.aborted, 409), (.failedPrecondition, 400),
            (.invalidArgument, 400),
            (.permissionDenied, 403), (.unauthenticated, 401), (.resourceExhausted, 429), (.unavailable, 503),
            (.deadlineExceeded, 504), (.internal, 500), (.cancelled, 499), (.unimplemented, 501),
        ]
        for (code, status) in cases {
            let body = RESTErrorBody(DocumentStoreError(code, "m"))
            let json = RESTErrorCodec.encodeErrorBody(body)
            #expect(json == (try parse(#"{"error": {"code": \#(status), "message": "m", "status": "\#(code.name)"}}"#)))
            #expect(try RESTErrorCodec.decodeErrorBody(json) == body)
            #expect(body.code == code)
        }
    }

    @Test func status_omitsZeroCodeAndRoundTrips() throws {
        #expect(RESTErrorCodec.encodeStatus(RESTStatus()) == .object([:]))
        let status = RESTStatus(code: 6, message: "entity already exists")
        #expect(RESTErrorCodec.encodeStatus(status) == (try parse(#"{"code": 6, "message": "entity already exists"}"#)))
        #expect(try RESTErrorCodec.decodeStatus(RESTErrorCodec.encodeStatus(status)) == status)
        #expect(status.error?.code == .alreadyExists)
    }
}

// MARK: - Helpers

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}
