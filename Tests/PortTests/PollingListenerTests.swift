import HearthDomain
import HearthInMemory
@testable import HearthPort
import HearthTestSupport
import Synchronization
import Testing

@Suite("PollingListener: snapshots from repeated reads", .timeLimit(.minutes(1)))
struct PollingListenerTests {
    @Test func query_changeBetweenPolls_isDeliveredWithItsIndexes() async throws {
        let store = PollOnlyStore()
        try await store.write("c/a", 1)
        try await store.write("c/c", 3)
        var listener = makeListener().listen(
            to: .query(parent: nil, query: try byVQuery()), options: ListenOptions(), on: store
        ).makeAsyncIterator()
        let initial = try await pull(&listener)

        try await store.write("c/b", 2)
        let snapshot = try await pull(&listener) { $0.documents.count == 3 }

        #expect(initial.changes.map(describe) == ["added a -→0", "added c -→1"])
        #expect(snapshot.changes.map(describe) == ["added b -→1"])
    }

    @Test func document_deletedBetweenPolls_isRemoved() async throws {
        let store = PollOnlyStore()
        try await store.write("c/a", 1)
        var listener = makeListener().listen(
            to: .document(try DocumentPath("c/a")), options: ListenOptions(), on: store
        ).makeAsyncIterator()
        _ = try await pull(&listener)

        _ = try await store.commit([.delete(try DocumentPath("c/a"))], transaction: nil)
        let snapshot = try await pull(&listener) { $0.documents.isEmpty }

        #expect(snapshot.changes.map(describe) == ["removed a 0→-"])
    }

    @Test func projection_placesDocumentsByUnselectedOrderFields_andReturnsSelectedOnly() async throws {
        let store = PollOnlyStore()
        _ = try await store.commit(
            [
                Write.update(try DocumentPath("c/a"), fields: ["v": 2, "name": "A"]),
                Write.update(try DocumentPath("c/b"), fields: ["v": 1, "name": "B"]),
            ],
            transaction: nil
        )
        var query = try byVQuery()
        query.select = [try FieldPath(dotted: "name")]
        var listener = makeListener().listen(to: .query(parent: nil, query: query), options: ListenOptions(), on: store)
            .makeAsyncIterator()

        let snapshot = try await pull(&listener)

        #expect(snapshot.documents.map(\.fields) == [["name": "B"], ["name": "A"]])
    }

    @Test func transientFailures_areRetried() async throws {
        let store = PollOnlyStore(failures: [.unavailable, .deadlineExceeded, .unauthenticated])
        try await store.write("c/a", 1)
        var listener = makeListener().listen(
            to: .query(parent: nil, query: try byVQuery()), options: ListenOptions(), on: store
        ).makeAsyncIterator()

        let snapshot = try await pull(&listener)

        #expect(snapshot.documents.count == 1)
        #expect(store.queries >= 4)
    }

    @Test func permanentFailure_endsTheStreamWithIt() async throws {
        let store = PollOnlyStore(failures: [.permissionDenied])
        var listener = makeListener().listen(
            to: .query(parent: nil, query: try byVQuery()), options: ListenOptions(), on: store
        ).makeAsyncIterator()

        let code = await errorCode { _ = try await listener.next() }

        #expect(code == .permissionDenied)
    }

    @Test func unauthenticatedBeyondTheRetries_endsTheStream() async throws {
        let store = PollOnlyStore(failures: Array(repeating: .unauthenticated, count: 5))
        var listener = makeListener().listen(
            to: .query(parent: nil, query: try byVQuery()), options: ListenOptions(), on: store
        ).makeAsyncIterator()

        let code = await errorCode { _ = try await listener.next() }

        #expect(code == .unauthenticated)
        #expect(store.queries == 4)
    }

    @Test func metadataChanges_everyPollWithoutChangeIsASnapshot() async throws {
        let store = PollOnlyStore()
        try await store.write("c/a", 1)
        var listener = makeListener().listen(
            to: .query(parent: nil, query: try byVQuery()), options: ListenOptions(includeMetadataChanges: true),
            on: store
        )
        .makeAsyncIterator()
        let initial = try await pull(&listener)

        let next = try await pull(&listener)

        #expect(next.isMetadataOnly)
        #expect(next.readTime >= initial.readTime)
    }

    @Test func endingTheIteration_stopsPolling() async throws {
        let store = PollOnlyStore()
        for try await _ in makeListener().listen(
            to: .document(try DocumentPath("c/a")), options: ListenOptions(), on: store)
        {
            break
        }

        // Polls every millisecond while it runs: the loop ends only once polling stopped.
        var previous = -1
        while store.batchGets != previous {
            previous = store.batchGets
            try await Task.sleep(for: .milliseconds(30))
        }

        #expect(store.batchGets >= 1)
    }
}

// MARK: - Helpers

private func makeListener() -> PollingListener {
    PollingListener(
        configuration: PollingListener.Configuration(
            interval: .milliseconds(1),
            backoff: Backoff(initial: .milliseconds(1), multiplier: 1, maximum: .milliseconds(1))))
}

private func byVQuery() throws -> StructuredQuery {
    StructuredQuery(from: CollectionSelector(collectionID: "c"), orderBy: [Order(try FieldPath(dotted: "v"))])
}

/// Pulls until a snapshot satisfies `condition`.
private func pull(
    _ iterator: inout AsyncThrowingStream<ListenSnapshot, any Error>.Iterator,
    until condition: (ListenSnapshot) -> Bool = { _ in true }
) async throws -> ListenSnapshot {
    while true {
        guard let snapshot = try await iterator.next() else { throw DocumentStoreError(.cancelled, "stream ended") }
        if condition(snapshot) { return snapshot }
    }
}

/// An in-memory store that does not push (its `listen` polls, with the default ``PollingListener``),
/// counts its reads and fails its first reads with the given codes.
final class PollOnlyStore: DocumentStore {
    private let base: InMemoryDocumentStore
    private let state: Mutex<(failures: [DocumentStoreError.Code], queries: Int, batchGets: Int)>

    init(failures: [DocumentStoreError.Code] = []) {
        base = InMemoryDocumentStore(database: (try? DatabaseID(projectID: "polling")) ?? Self.fallback)
        state = Mutex((failures, 0, 0))
    }

    private static var fallback: DatabaseID { preconditionFailure("literal database ID") }

    var database: DatabaseID { base.database }
    var queries: Int { state.withLock { $0.queries } }
    var batchGets: Int { state.withLock { $0.batchGets } }

    func write(_ path: String, _ value: Int64) async throws {
        _ = try await commit([Write.update(try DocumentPath(path), fields: ["v": .integer(value)])], transaction: nil)
    }

    private func failure() -> DocumentStoreError? {
        state.withLock { state in
            guard !state.failures.isEmpty else { return nil }
            return DocumentStoreError(state.failures.removeFirst(), "scripted failure")
        }
    }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try await base.getDocument(path, mask: mask, consistency: consistency)
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        state.withLock { $0.batchGets += 1 }
        if let failure = failure() { throw failure }
        return try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await base.listDocuments(request)
    }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        state.withLock { $0.queries += 1 }
        if let failure = failure() { return AsyncThrowingStream { $0.finish(throwing: failure) } }
        return base.runQuery(parent: parent, query: query, consistency: consistency)
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws
        -> AggregationResponse
    {
        try await base.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await base.commit(writes, transaction: transaction)
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await base.beginTransaction(options)
    }

    func rollback(_ transaction: TransactionID) async throws {
        try await base.rollback(transaction)
    }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await base.listCollectionIDs(request)
    }

    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        PollingListener().listen(to: target, options: options, on: self)
    }

    func close() async throws { try await base.close() }

    var isClosed: Bool { base.isClosed }
}
