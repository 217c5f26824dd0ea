import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One test per row of `Docs/ErrorMapping.md`.
@Suite("Error mapping (Docs/ErrorMapping.md)")
struct ErrorMappingTests {
    typealias F = StoreFixtures

    struct StatusRow: Sendable, CustomTestStringConvertible {
        let row: String
        let status: String
        let http: Int
        let code: DocumentStoreError.Code
        var testDescription: String { "\(row): \(status) (\(http)) → \(code)" }
    }

    static let statusRows: [StatusRow] = [
        .init(row: "S1", status: "CANCELLED", http: 499, code: .cancelled),
        .init(row: "S2", status: "UNKNOWN", http: 500, code: .unknown),
        .init(row: "S3", status: "INVALID_ARGUMENT", http: 400, code: .invalidArgument),
        .init(row: "S4", status: "DEADLINE_EXCEEDED", http: 504, code: .deadlineExceeded),
        .init(row: "S5", status: "NOT_FOUND", http: 404, code: .notFound),
        .init(row: "S6", status: "ALREADY_EXISTS", http: 409, code: .alreadyExists),
        .init(row: "S7", status: "PERMISSION_DENIED", http: 403, code: .permissionDenied),
        .init(row: "S8", status: "RESOURCE_EXHAUSTED", http: 429, code: .resourceExhausted),
        .init(row: "S9", status: "FAILED_PRECONDITION", http: 400, code: .failedPrecondition),
        .init(row: "S10", status: "ABORTED", http: 409, code: .aborted),
        .init(row: "S11", status: "OUT_OF_RANGE", http: 400, code: .outOfRange),
        .init(row: "S12", status: "UNIMPLEMENTED", http: 501, code: .unimplemented),
        .init(row: "S13", status: "INTERNAL", http: 500, code: .internal),
        .init(row: "S14", status: "UNAVAILABLE", http: 503, code: .unavailable),
        .init(row: "S15", status: "DATA_LOSS", http: 500, code: .dataLoss),
        .init(row: "S16", status: "UNAUTHENTICATED", http: 401, code: .unauthenticated),
        .init(row: "S17", status: "SOMETHING_NEW", http: 400, code: .unknown),
    ]

    @Test(arguments: statusRows)
    func bodyStatus_decidesTheCode_keepingMessageAndCause(row: StatusRow) async throws {
        let (store, server) = try makeSUT()
        server.enqueue(F.errorBody(row.status, http: row.http, message: "why \(row.row)"))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(error?.code == row.code)
        #expect(error?.message.contains("why \(row.row)") == true)
        let cause = try #require(error?.underlying as? FirestoreServerError)
        #expect(cause == FirestoreServerError(httpStatus: row.http, status: row.status, message: "why \(row.row)"))
    }

    @Test func status409_isAbortedOrAlreadyExistsByTheBody() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(F.errorBody("ABORTED", http: 409), F.errorBody("ALREADY_EXISTS", http: 409))

        let first = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }
        let second = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(first?.code == .aborted)
        #expect(second?.code == .alreadyExists)
    }

    @Test func errorDetails_areKeptInTheCause() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .json(
                400,
                #"{"error":{"code":400,"message":"m","status":"FAILED_PRECONDITION","details":[{"@type":"type.googleapis.com/google.rpc.DebugInfo","detail":"d"}]}}"#
            ))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        let cause = try #require(error?.underlying as? FirestoreServerError)
        #expect(cause.details?.contains("DebugInfo") == true)
    }

    struct HTTPRow: Sendable, CustomTestStringConvertible {
        let row: String
        let http: Int
        let body: String
        let code: DocumentStoreError.Code
        var testDescription: String { "\(row): HTTP \(http) → \(code)" }
    }

    static let httpRows: [HTTPRow] = [
        .init(row: "H1", http: 400, body: #"{"error":{"code":400,"message":"no status"}}"#, code: .invalidArgument),
        .init(row: "H2", http: 401, body: "", code: .unauthenticated),
        .init(row: "H3", http: 403, body: "<html>Forbidden</html>", code: .permissionDenied),
        .init(row: "H4", http: 404, body: "Not Found", code: .notFound),
        .init(row: "H5", http: 408, body: "", code: .deadlineExceeded),
        .init(row: "H6", http: 409, body: "{}", code: .aborted),
        .init(row: "H7", http: 412, body: "", code: .failedPrecondition),
        .init(row: "H8", http: 416, body: "", code: .outOfRange),
        .init(row: "H9", http: 429, body: "Too Many Requests", code: .resourceExhausted),
        .init(row: "H10", http: 499, body: "", code: .cancelled),
        .init(row: "H11", http: 500, body: "<html>oops</html>", code: .internal),
        .init(row: "H12", http: 501, body: "", code: .unimplemented),
        .init(row: "H13", http: 502, body: "<html>Bad Gateway</html>", code: .unavailable),
        .init(row: "H14", http: 503, body: "Service Unavailable", code: .unavailable),
        .init(row: "H15", http: 504, body: "Gateway Timeout", code: .deadlineExceeded),
        .init(row: "H16", http: 418, body: "teapot", code: .unknown),
    ]

    @Test(arguments: httpRows)
    func withoutABodyStatus_theHTTPStatusDecides_andTheMessageCarriesAnExcerpt(row: HTTPRow) async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.response(status: row.http, headers: [:], body: Array(row.body.utf8)))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(error?.code == row.code)
        #expect(error?.message.contains("\(row.http)") == true)
        if !row.body.isEmpty, !row.body.hasPrefix("{") { #expect(error?.message.contains(row.body) == true) }
        if row.body.isEmpty { #expect(error?.message.contains("(empty body)") == true) }
    }

    @Test func E1_anErrorElementInAStreamedAnswer_usesItsStatus() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"[{"error":{"code":409,"message":"lock","status":"ABORTED"}}]"#))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.batchGetDocuments([try F.path("c/a")], mask: nil, consistency: .latest)
        }

        #expect(error?.code == .aborted)
    }

    @Test(arguments: [
        (6, DocumentStoreError.Code.alreadyExists), (9, .failedPrecondition), (10, .aborted), (99, .unknown),
    ])
    func E2_aBatchWriteStatus_mapsByItsNumber(number: Int, code: DocumentStoreError.Code) async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"writeResults":[{}],"status":[{"code":\#(number),"message":"m"}]}"#))

        let outcomes = try await store.batchWrite([Write.delete(try F.path("c/a"))])

        let error = #expect(throws: DocumentStoreError.self) { try outcomes[0].get() }
        #expect(error?.code == code)
    }

    struct UndecodableRow: Sendable, CustomTestStringConvertible {
        let row: String
        let body: String
        var testDescription: String { "\(row): \(body.prefix(30))" }
    }

    static let undecodableRows: [UndecodableRow] = [
        .init(row: "D1", body: "<html><body>Welcome to nginx</body></html>"),
        .init(row: "D2", body: #"{"writeResults":[{"updateTime":"2024-01-0"#),
        .init(row: "D3", body: ""),
        .init(row: "D4", body: #"[{"writeResults":[]}]"#),
        .init(row: "D4", body: #"{"writeResults":[{"updateTime":"yesterday"}],"commitTime":"2024-01-01T00:00:00Z"}"#),
        .init(row: "D4", body: #"{"writeResults":[]}"#),
    ]

    @Test(arguments: undecodableRows)
    func anUnreadableSuccessfulAnswer_isInternalWithAnExcerpt_andNotRetried(row: UndecodableRow) async throws {
        let server = StubServer()
        let store = try F.makeStore(server: server, retryPolicy: .default)
        server.enqueue(.ok(row.body))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(error?.code == .internal)
        #expect(error?.message.contains(row.body.isEmpty ? "(empty body)" : String(row.body.prefix(15))) == true)
        #expect(server.requests.count == 1)
    }

    @Test func D4_aDocumentWithoutTimes_isInternalNamingThePath() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"name":"\#(F.rootName)/c/a","fields":{}}"#))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.getDocument(try F.path("c/a"), mask: nil, consistency: .latest)
        }

        #expect(error?.code == .internal)
        #expect(error?.message.contains("createTime") == true)
    }

    @Test func D4_aNonBase64Transaction_isInternal() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"transaction":"%%%"}"#))

        let error = await #expect(throws: DocumentStoreError.self) { try await store.beginTransaction(.readWrite) }

        #expect(error?.code == .internal)
    }

    @Test func longBodies_areCutInTheExcerpt() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.response(status: 502, headers: [:], body: Array(String(repeating: "x", count: 5_000).utf8)))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect((error?.message.count ?? 0) < 600)
        #expect(error?.message.contains("…") == true)
    }

    @Test(arguments: [
        (URLError.Code.timedOut, DocumentStoreError.Code.deadlineExceeded), (.cannotConnectToHost, .unavailable),
        (.networkConnectionLost, .unavailable), (.secureConnectionFailed, .unavailable),
        (.cannotFindHost, .unavailable),
    ])
    func T1_T2_transportFailures(urlError: URLError.Code, code: DocumentStoreError.Code) async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.failure(urlError))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(error?.code == code)
        #expect(error?.underlying is HTTPTransportError)
    }

    @Test func T1_noAnswerWithinTheRequestTimeout_isDeadlineExceeded() async throws {
        let server = StubServer()
        let store = try F.makeStore(server: server, requestTimeout: .milliseconds(100))
        server.enqueue(.hang)

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(error?.code == .deadlineExceeded)
    }

    @Test func T3_cancellingTheTask_isCancelled_andCancelsTheRequest() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.hang)

        let task = Task { try await commitSomething(store) }
        try await waitUntil { server.requests.count == 1 }
        task.cancel()
        let result = await task.result

        let error = #expect(throws: DocumentStoreError.self) { try result.get() }
        #expect(error?.code == .cancelled)
        try await waitUntil { server.stopCount >= 1 }
    }

    @Test func tokens_neverAppearInErrors() async throws {
        let server = StubServer()
        let secret = "ya29.very-secret-token"
        let store = try F.makeStore(server: server, tokenProvider: StaticTokenProvider(AccessToken(secret)))
        server.enqueue(
            F.errorBody("UNAUTHENTICATED", http: 401), .failure(.cannotConnectToHost), .json(500, "<html>"),
            .ok("garbage"))

        for _ in 0..<4 {
            let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }
            var dumped = ""
            dump(error, to: &dumped)
            #expect(!"\(String(describing: error)) \(dumped)".contains(secret))
        }
        #expect(!"\(store)".contains(secret))
    }

    // MARK: - Helpers

    private func makeSUT() throws -> (FirestoreRESTDocumentStore, StubServer) {
        let server = StubServer()
        return (try F.makeStore(server: server), server)
    }

    private func commitSomething(_ store: FirestoreRESTDocumentStore) async throws {
        _ = try await store.commit([Write.update(try F.path("c/a"), fields: ["n": 1])], transaction: nil)
    }
}
