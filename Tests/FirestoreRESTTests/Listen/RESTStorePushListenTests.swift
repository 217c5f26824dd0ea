import Foundation
import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import Synchronization
import Testing

/// `FirestoreRESTDocumentStore.listen` with push (a scripted Listen connection), its fallback to
/// polling when the endpoint is refused, and the `FIRESTORE_LISTEN` switch.
@Suite(.timeLimit(.minutes(4)))
struct RESTStorePushListenTests {
    @Test func listen_pushesOverTheConnector_andCloseEndsTheListenerWithoutAnError() async throws {
        let connector = ScriptedListenConnector()
        let http = EmptyQueryHTTPClient()
        let store = try makeStore(connector: connector, http: http)
        var listener = store.listen(try query(), options: ListenOptions()).makeAsyncIterator()
        try await eventually("the connection") { connector.connections.count == 1 }
        let connection = try #require(connector.connections.first)
        try await eventually("the target added") { connection.requests == [.add(2, token: [])] }
        connection.push([
            .targetChange(RESTTargetChange(kind: .add, targetIDs: [2])),
            .targetChange(RESTTargetChange(kind: .current, targetIDs: [2])),
            .targetChange(RESTTargetChange(resumeToken: [1], readTime: try Timestamp(seconds: 5))),
        ])
        let first = try await listener.next()

        try await store.close()
        let afterClose = try await listener.next()
        let refused = await errorCode { for try await _ in store.listen(try query(), options: ListenOptions()) {} }

        #expect(first?.isInitial == true)
        #expect(first?.readTime == (try Timestamp(seconds: 5)))
        #expect(afterClose == nil)
        #expect(refused == .failedPrecondition)
        #expect(http.requests == 0)
        try await eventually("the connection closed") { connection.isClosed }
    }

    @Test func aRefusedEndpoint_makesTheStorePoll_onceWithOneWarning() async throws {
        let connector = ScriptedListenConnector(failures: [DocumentStoreError(.unimplemented, "HTTP 404")])
        let http = EmptyQueryHTTPClient()
        let warnings = Mutex<[String]>([])
        let store = try makeStore(connector: connector, http: http) { message in
            warnings.withLock { $0.append(message) }
        }

        var first = store.listen(try query(), options: ListenOptions()).makeAsyncIterator()
        var second = store.listen(try query(), options: ListenOptions()).makeAsyncIterator()
        let snapshots = [try await first.next(), try await second.next()]
        var later = store.listen(try query(), options: ListenOptions()).makeAsyncIterator()
        let laterSnapshot = try await later.next()
        try await store.close()

        #expect(snapshots.allSatisfy { $0?.isInitial == true })
        #expect(laterSnapshot?.isInitial == true)
        #expect(connector.calls == 1)
        #expect(http.requests >= 3)
        let logged = warnings.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.contains("refused push") == true)
    }

    @Test func pollTransport_neverConnects() async throws {
        let connector = ScriptedListenConnector()
        let http = EmptyQueryHTTPClient()
        let store = try makeStore(connector: connector, http: http, transport: .poll)

        var listener = store.listen(try query(), options: ListenOptions()).makeAsyncIterator()
        let first = try await listener.next()
        try await store.close()

        #expect(first?.isInitial == true)
        #expect(connector.calls == 0)
        #expect(http.requests >= 1)
    }

    @Test func firestoreListenVariable_selectsTheTransport() throws {
        let base = ["FIRESTORE_EMULATOR_HOST": "127.0.0.1:8181"]
        let client = EmptyQueryHTTPClient()
        func transport(_ value: String?) throws -> ListenTransport {
            var environment = base
            environment["FIRESTORE_LISTEN"] = value
            return try FirestoreRESTConfiguration.fromEnvironment(environment, httpClient: client).listenTransport
        }

        #expect(try transport(nil) == .push)
        #expect(try transport("poll") == .poll)
        #expect(try transport("PUSH") == .push)
        let error = #expect(throws: DocumentStoreError.self) { try transport("sometimes") }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("FIRESTORE_LISTEN") == true)
    }
}

// MARK: - Helpers

private func makeStore(
    connector: ScriptedListenConnector, http: EmptyQueryHTTPClient, transport: ListenTransport = .push,
    warnings: @escaping @Sendable (String) -> Void = { _ in }
) throws -> FirestoreRESTDocumentStore {
    var configuration = try FirestoreRESTConfiguration.emulator(
        hostAndPort: "127.0.0.1:9", database: try DatabaseID(projectID: "demo-push"))
    configuration.listenTransport = transport
    configuration.listenPolling.interval = .milliseconds(10)
    configuration.warningHandler = warnings
    return FirestoreRESTDocumentStore(configuration: configuration, httpClient: http, listenConnector: connector)
}

private func query() throws -> ListenTarget {
    .query(
        parent: nil,
        query: StructuredQuery(
            from: CollectionSelector(collectionID: "C"), orderBy: [Order(try FieldPath(dotted: "a"))]))
}

/// Answers every request as a `:runQuery` with no result, counting them.
private final class EmptyQueryHTTPClient: HTTPClient {
    private let count = Mutex(0)
    var requests: Int { count.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        count.withLock { $0 += 1 }
        return HTTPResponse(statusCode: 200, body: Array(#"[{"readTime":"2024-01-01T00:00:00Z"}]"#.utf8))
    }
}

private func errorCode(_ body: () async throws -> Void) async -> DocumentStoreError.Code? {
    do {
        try await body()
        return nil
    } catch {
        return (error as? DocumentStoreError)?.code
    }
}
