import HearthContract
import HearthDomain
import HearthInMemory
import HearthLocalEngine
import HearthPort
import Testing

/// A listener started while the store closes is always ended: its stream finishes (without an error, or
/// with `failedPrecondition` when `listen` saw the store closed), never waits forever.
@Suite("Listen racing close")
struct ListenCloseRaceTests {
    private let query = StructuredQuery(from: CollectionSelector(collectionID: "c"))

    @Test func listenAfterEndListeners_endsAtOnceWithoutAnError() async throws {
        let engine = LocalEngine(database: testDatabase)
        engine.endListeners()

        let outcome = await ListenCloseRace.consume(
            engine.listen(.query(parent: nil, query: query), options: ListenOptions()))

        #expect(outcome == .ended)
    }

    @Test func listenAfterEndListenersWithAnError_failsWithIt() async throws {
        let engine = LocalEngine(database: testDatabase)
        engine.endListeners(with: DocumentStoreError(.dataLoss, "the store could not be opened"))

        let outcome = await ListenCloseRace.consume(engine.listen(.document(try doc("c/a")), options: ListenOptions()))

        #expect(outcome == .failed(.dataLoss))
    }

    @Test func heldListener_getsItsFirstSnapshotOnlyOnRelease_withTheStateThen() async throws {
        let store = InMemoryDocumentStore(database: testDatabase)
        store.engine.holdListeners()
        var listener = store.listen(.query(parent: nil, query: query), options: ListenOptions()).makeAsyncIterator()
        _ = try await store.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        _ = try await store.commit([.update(try doc("c/b"), fields: ["v": 2])], transaction: nil)

        store.engine.releaseListeners()
        let first = try await listener.next()

        #expect(first?.documents.map(\.path.documentID) == ["a", "b"])
        #expect(first?.isInitial == true)
    }

    @Test func listenWhoseClosedCheckPassedBeforeClose_isEndedByTheClose() async throws {
        let store = InMemoryDocumentStore(database: testDatabase)
        #expect(!store.isClosed)

        try await store.close()
        let outcome = await ListenCloseRace.consume(
            store.engine.listen(.document(try doc("c/a")), options: ListenOptions()))

        #expect(outcome == .ended)
    }

    @Test func listenRacingClose_alwaysEnds() async throws {
        for _ in 0..<300 {
            let store = InMemoryDocumentStore(database: testDatabase)
            let outcomes = await ListenCloseRace.race(store, listeners: 6)
            #expect(ListenCloseRace.allEnded(outcomes), "\(outcomes)")
            if outcomes.contains(.timedOut) { return }
        }
    }
}
