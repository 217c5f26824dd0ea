import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthFirestoreREST
import HearthPort

/// Builds stores wired to a ``StubServer``, and canned answers.
enum StoreFixtures {
    static let token = "test-token-9f8e"

    static func makeStore(
        server: StubServer,
        databaseID: String = DatabaseID.defaultDatabase,
        retryPolicy: RetryPolicy = .none,
        tokenProvider: any TokenProvider = StaticTokenProvider(AccessToken(StoreFixtures.token)),
        transactionConcurrency: TransactionConcurrency = .automatic,
        requestTimeout: Duration = .seconds(30),
        quotaProjectID: String? = nil,
        sleeper: SleepRecorder = SleepRecorder(),
        jitter: Double = 0.5,
        keepsDeadline: Bool = false
    ) throws -> FirestoreRESTDocumentStore {
        // These stores sleep through a recorder, so a policy's overall deadline would measure only how long
        // the machine took to schedule the attempts on the real clock: in a full parallel run on two cores
        // that once passed 60 s and stopped every retry. The deadline has its own tests (PortTests'
        // RetrierTests, on a test clock); a test here that checks it passes `keepsDeadline: true`.
        var retryPolicy = retryPolicy
        if !keepsDeadline { retryPolicy.deadline = nil }
        let configuration = FirestoreRESTConfiguration(
            database: try DatabaseID(projectID: "p", databaseID: databaseID),
            baseURL: server.baseURL,
            requestTimeout: requestTimeout,
            retryPolicy: retryPolicy,
            tokenProvider: tokenProvider,
            transactionConcurrency: transactionConcurrency,
            quotaProjectID: quotaProjectID
        )
        return FirestoreRESTDocumentStore(
            configuration: configuration, httpClient: server.client, sleep: sleeper.function, jitter: { jitter })
    }

    static let root = "/v1/projects/p/databases/(default)/documents"
    static let rootName = "projects/p/databases/(default)/documents"

    static func path(_ text: String) throws -> DocumentPath { try DocumentPath(text) }
    static func field(_ text: String) throws -> FieldPath { try FieldPath(dotted: text) }

    /// A stored document's JSON: `{"name", "fields": {"n": 1}, "createTime", "updateTime"}`.
    static func documentJSON(_ path: String, n: Int = 1, database: String = "(default)") -> String {
        #"{"name":"projects/p/databases/\#(database)/documents/\#(path)","fields":{"n":{"integerValue":"\#(n)"}},"#
            + #""createTime":"2024-01-01T00:00:00.000001Z","updateTime":"2024-01-02T00:00:00Z"}"#
    }

    static func document(_ path: String, n: Int64 = 1) throws -> Document {
        Document(
            path: try DocumentPath(path),
            fields: ["n": .integer(n)],
            createTime: try Timestamp(rfc3339: "2024-01-01T00:00:00.000001Z"),
            updateTime: try Timestamp(rfc3339: "2024-01-02T00:00:00Z")
        )
    }

    static let readTime = "2024-03-04T05:06:07.123456Z"

    static func errorBody(_ status: String, http: Int, message: String = "server says no") -> StubReply {
        .json(http, #"{"error":{"code":\#(http),"message":"\#(message)","status":"\#(status)"}}"#)
    }

    /// Parses JSON text (for semantic comparisons of request bodies).
    static func json(_ text: String) -> JSON? { try? JSONParser.parse(text) }
}
