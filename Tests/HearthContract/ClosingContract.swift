import HearthApplication
import HearthDomain
public import HearthPort
import Synchronization

/// Closing a store (`DocumentStore.close()`), the same on every adapter: running listeners end
/// without an error (a snapshot waiting in one is dropped), callback listeners are not called again, and
/// every later call fails with `failedPrecondition`, as Firebase's calls after `terminate()` do. Closing
/// twice is harmless.
public enum ClosingContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("close_endsRunningListenersWithoutAnError", close_endsRunningListenersWithoutAnError),
        b("close_withASnapshotPending_nextReturnsNil", close_withASnapshotPending_nextReturnsNil),
        b(
            "close_clientListeners_sequenceEndsAndCallbackIsNotCalledAgain",
            close_clientListeners_sequenceEndsAndCallbackIsNotCalledAgain),
        b("close_thenListen_failsWithFailedPrecondition", close_thenListen_failsWithFailedPrecondition),
        b("close_thenReadsAndWrites_failWithFailedPrecondition", close_thenReadsAndWrites_failWithFailedPrecondition),
        b("close_twice_succeedsAndStaysClosed", close_twice_succeedsAndStaysClosed),
    ]

    private static func b(
        _ name: String, _ run: @escaping @Sendable (any DocumentStore) async throws -> Void
    ) -> ContractBehaviour {
        ContractBehaviour(area: .closing, name: name) { store in
            try await OneAtATime.listenerStopping.run { try await run(store) }
        }
    }

    /// Closing ends a document listener and a query listener: each stream finishes without an error.
    public static func close_endsRunningListenersWithoutAnError(_ store: any DocumentStore) async throws {
        try await store.set("rooms/a", ["n": 1])
        let document = ListenerProbe(store, .document(try path("rooms/a")))
        let rooms = ListenerProbe(store, .query(parent: nil, query: try query("rooms")))
        try await document.next("the document's initial snapshot")
        try await rooms.next("the query's initial snapshot")

        try await store.close()
        let documentError = try await document.ended()
        let roomsError = try await rooms.ended()

        try expectTrue(
            documentError == nil,
            "the document listener ends without an error (got \(String(describing: documentError)))")
        try expectTrue(
            roomsError == nil, "the query listener ends without an error (got \(String(describing: roomsError)))")
    }

    /// A snapshot published but not yet pulled when the store closes is never returned: the next
    /// `next()` returns `nil`.
    public static func close_withASnapshotPending_nextReturnsNil(_ store: any DocumentStore) async throws {
        var snapshots = store.listen(.query(parent: nil, query: try query("rooms")), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await snapshots.next()
        try await store.set("rooms/a", ["n": 1])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the commit") {
            $0.documents.count == 1
        }

        try await store.close()
        let after = try await snapshots.next()

        try expectTrue(
            after == nil,
            "next() after close() returned \(after.map { "a snapshot of \($0.documents.count) documents" } ?? "nil")")
    }

    /// Through the client API, with commits running: `Database.close()` ends a `snapshots()` iteration
    /// without an error, and after it returns the callback of `addSnapshotListener` is not called again
    /// (not even with an error).
    public static func close_clientListeners_sequenceEndsAndCallbackIsNotCalledAgain(
        _ store: any DocumentStore
    ) async throws {
        let db = Database(store: store)
        let rooms = db.collection(try CollectionPath("rooms"))
        let closed = Flag()
        let violations = Violations()
        let calls = Deliveries()
        let registration = rooms.addSnapshotListener { result in
            if closed.isSet { violations.record("a callback started after close() returned") }
            if case .failure(let error) = result { violations.record("the callback got an error: \(error)") }
            calls.record()
        }
        let iterations = Deliveries()
        let consumer = Task {
            for try await _ in rooms.snapshots() { iterations.record() }
        }
        try await calls.wait(forAtLeast: 1, "the callback's initial snapshot")
        try await iterations.wait(forAtLeast: 1, "the sequence's initial snapshot")
        let committer = Committer(store, collection: "rooms")
        try await calls.wait(forAtLeast: 2, "a callback for a commit")

        try await db.close()
        closed.set()
        let ended = await consumer.result
        await committer.stopIgnoringFailures()

        if case .failure(let error) = ended { violations.record("the sequence ended with \(error)") }
        try expectEqual(violations.all, [], "what the listeners saw after close()")
        try expectTrue(!registration.isRemoved, "closing does not remove the registration (it only stops it)")
    }

    /// `listen` on a closed store: the stream fails at once with `failedPrecondition`.
    public static func close_thenListen_failsWithFailedPrecondition(_ store: any DocumentStore) async throws {
        try await store.close()

        try await expectThrows(code: .failedPrecondition, "listening on a closed store") {
            for try await _ in store.listen(.query(parent: nil, query: try query("rooms")), options: ListenOptions()) {}
        }
    }

    /// Every call on a closed store fails with `failedPrecondition`: reads, queries, aggregations,
    /// listings, commits and transactions.
    public static func close_thenReadsAndWrites_failWithFailedPrecondition(_ store: any DocumentStore) async throws {
        try await store.set("rooms/a", ["n": 1])
        let rooms = try query("rooms")
        try await store.close()

        try await expectThrows(code: .failedPrecondition, "getDocument") {
            _ = try await store.getDocument(try path("rooms/a"), mask: nil, consistency: .latest)
        }
        try await expectThrows(code: .failedPrecondition, "batchGetDocuments") {
            _ = try await store.batchGetDocuments([try path("rooms/a")], mask: nil, consistency: .latest)
        }
        try await expectThrows(code: .failedPrecondition, "runQuery") {
            for try await _ in store.runQuery(parent: nil, query: rooms, consistency: .latest) {}
        }
        try await expectThrows(code: .failedPrecondition, "runAggregation") {
            _ = try await store.runAggregation(
                parent: nil, query: rooms, aggregations: [Aggregation(alias: "n", .count(upTo: nil))],
                consistency: .latest)
        }
        try await expectThrows(code: .failedPrecondition, "listDocuments") {
            _ = try await store.listDocuments(ListDocumentsRequest(collectionID: "rooms"))
        }
        try await expectThrows(code: .failedPrecondition, "listCollectionIDs") {
            _ = try await store.listCollectionIDs(ListCollectionIDsRequest())
        }
        try await expectThrows(code: .failedPrecondition, "commit") {
            try await store.set("rooms/b", ["n": 2])
        }
        try await expectThrows(code: .failedPrecondition, "beginTransaction") {
            _ = try await store.beginTransaction(.readWrite)
        }
    }

    /// Closing twice succeeds; the store stays closed.
    public static func close_twice_succeedsAndStaysClosed(_ store: any DocumentStore) async throws {
        try expectTrue(!store.isClosed, "isClosed before close()")

        try await store.close()
        try await store.close()

        try expectTrue(store.isClosed, "isClosed after close()")
        try await expectThrows(code: .failedPrecondition, "getDocument after two closes") {
            _ = try await store.getDocument(try path("rooms/a"), mask: nil, consistency: .latest)
        }
    }
}
