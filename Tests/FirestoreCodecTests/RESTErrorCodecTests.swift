import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

@Suite struct RESTErrorCodecTests {
    @Test func decodeErrorBody_readsThePlainBody() throws {
        let json =
            #"{"error":{"code":404,"message":"Document (projects\/p\/databases\/(default)\/documents\/C\/nope) not found.","status":"NOT_FOUND"}}"#

        let body = try #require(try errorBody(json))

        #expect(body.httpStatus == 404)
        #expect(body.status == "NOT_FOUND")
        #expect(body.message == "Document (projects/p/databases/(default)/documents/C/nope) not found.")
        #expect(body.code == .notFound)
        #expect(body.documentStoreError.code == .notFound)
    }

    @Test func decodeErrorBody_readsTheBodyWrappedInAnArray() throws {
        let json = """
            [{"error": {"code": 409, "message": "Too much contention", "status": "ABORTED",
                        "details": [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "x"}]}}]
            """

        let body = try #require(try errorBody(json))

        #expect(body.code == .aborted)
        #expect(body.details.count == 1)
    }

    /// Found by the fuzzer: a member named twice (here beside the error, or the error itself) is not
    /// JSON, so the body is refused as the reference refuses it, not read as having no error.
    @Test(arguments: [
        #"{"name":"x","createTime":"2023-11-14T22:13:20Z","createTime":"2023-11-14T22:13:20Z"}"#,
        #"{"error":{"code":404},"error":{"code":500}}"#,
        #"[{"a":1,"a":2,"error":{"code":404}}]"#,
    ])
    func decodeErrorBody_aMemberNamedTwice_isNotJSON_asForTheReference(json: String) throws {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(json) }
        #expect {
            try RESTErrorCodec.decodeErrorBody(bytes: Array(json.utf8))
        } throws: { error in
            "\(error)".contains("duplicate member")
        }
    }

    @Test func decodeErrorBody_409WithAlreadyExistsIsNotAborted() throws {
        let body = try #require(
            try errorBody(#"{"error": {"code": 409, "message": "exists", "status": "ALREADY_EXISTS"}}"#))
        #expect(body.code == .alreadyExists)
    }

    @Test func decodeErrorBody_unknownStatusFallsBackToTheHTTPStatus() throws {
        let body = try #require(try errorBody(#"{"error": {"code": 503, "message": "down"}}"#))
        #expect(body.code == .unavailable)
    }

    /// Firestore's web SDK's `mapCodeFromHttpStatus` (firebase-js-sdk, `packages/firestore/src/remote/rpc_error.ts`).
    static let httpStatusTable: [(Int, DocumentStoreError.Code)] = [
        (400, .invalidArgument), (401, .unauthenticated), (403, .permissionDenied), (404, .notFound), (409, .aborted),
        (416, .outOfRange), (429, .resourceExhausted), (499, .cancelled), (500, .unknown), (501, .unimplemented),
        (503, .unavailable), (504, .deadlineExceeded), (408, .failedPrecondition), (412, .failedPrecondition),
        (418, .failedPrecondition), (502, .internal), (505, .internal), (599, .internal), (100, .unknown),
        (302, .unknown),
        (600, .unknown), (0, .unknown),
    ]

    @Test(arguments: httpStatusTable)
    func codeForHTTPStatus_isFirestoreWebSDKsTable(status: Int, code: DocumentStoreError.Code) {
        #expect(RESTErrorBody.code(forHTTPStatus: status) == code)
        #expect(RESTErrorBody(httpStatus: status, message: "m", status: "").code == code)
    }

    @Test func aStatusNameDecides_andAnUnknownNameIsUnknown_whateverTheHTTPStatus() {
        #expect(RESTErrorBody(httpStatus: 500, message: "m", status: "DATA_LOSS").code == .dataLoss)
        #expect(RESTErrorBody(httpStatus: 400, message: "m", status: "SOMETHING_NEW").code == .unknown)
        #expect(RESTErrorBody.code(status: nil, httpStatus: 502) == .internal)
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
        #expect(try errorBody(#"{"transaction": "AQ=="}"#) == nil)
        #expect(try errorBody(#"[{"readTime": "1970-01-01T00:00:00Z"}]"#) == nil)
        #expect(try errorBody("[]") == nil)
    }

    @Test func decodeErrorBody_malformedError_throwsNamingThePath() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try errorBody(#"[{"error": {"code": "not a number", "status": "INTERNAL"}}]"#)
        }
        #expect(error.path == "$[0].error.code")
    }

    @Test func serverEncodesErrorBody_fromDomainError_withTheHTTPMapping() throws {
        let cases: [(DocumentStoreError.Code, Int)] = [
            (.notFound, 404), (.alreadyExists, 409), (.aborted, 409), (.failedPrecondition, 400),
            (.invalidArgument, 400),
            (.permissionDenied, 403), (.unauthenticated, 401), (.resourceExhausted, 429), (.unavailable, 503),
            (.deadlineExceeded, 504), (.internal, 500), (.cancelled, 499), (.unimplemented, 501),
        ]
        for (code, status) in cases {
            let body = RESTErrorBody(DocumentStoreError(code, "m"))
            let json = TreeErrorCodec.encodeErrorBody(body)
            #expect(json == (try parse(#"{"error": {"code": \#(status), "message": "m", "status": "\#(code.name)"}}"#)))
            #expect(try errorBody(JSONWriter.string(json)) == body)
            #expect(body.code == code)
        }
    }

    @Test func status_omitsZeroCodeAndRoundTrips() throws {
        #expect(TreeErrorCodec.encodeStatus(RESTStatus()) == .object([:]))
        let status = RESTStatus(code: 6, message: "entity already exists")
        #expect(TreeErrorCodec.encodeStatus(status) == (try parse(#"{"code": 6, "message": "entity already exists"}"#)))
        let answer = JSONWriter.string(
            .object(["writeResults": .array([.object([:])]), "status": .array([TreeErrorCodec.encodeStatus(status)])]))
        let decoded = try agreeing(
            answer,
            { (bytes) throws(RESTDecodingError) in try RESTWriteCodec.decodeBatchWriteResponse(bytes: bytes) },
            TreeWriteCodec.decodeBatchWriteResponse
        )
        #expect(decoded.statuses == [status])
        #expect(status.error?.code == .alreadyExists)
    }
}

// MARK: - Helpers

private func errorBody(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) throws(RESTDecodingError) -> RESTErrorBody? {
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in try RESTErrorCodec.decodeErrorBody(bytes: bytes) },
        TreeErrorCodec.decodeErrorBody,
        sourceLocation: sourceLocation
    )
}
