import HearthApplication
import HearthContract
import HearthDomain
import HearthInMemory
import HearthLocalEngine
import Testing

/// A listener started while the store closes is always ended: its stream finishes (without an error, or
/// with `failedPrecondition` when `listen` saw the store closed), never waits forever.
@Suite("Listen racing close")
struct ListenCloseRaceTests {
    @Test func listenAfterEndListeners_endsAtOnceWithoutAnError() async throws {
        let sut = EngineHarness()
        sut.engine.endListeners()

        let outcome = await ListenCloseRace.consume(sut.engine.listen(.query(parent: nil, query: collectionQuery("c")), options: ListenOptions()))

        #expect(outcome == ListenOutcome.ended)
    }

    @Test func listenAfterEndListenersWithAnError_failsWithIt() async throws {
        let sut = EngineHarness()
        sut.engine.endListeners(with: DocumentStoreError(.dataLoss, "the store could not be opened"))

        let outcome = await ListenCloseRace.consume(sut.engine.listen(.document(try doc("c/a")), options: ListenOptions()))

        #expect(outcome == .failed(.dataLoss))
    }

    @Test func heldListener_getsItsFirstSnapshotOnlyOnRelease_withTheStateThen() async throws {
        let sut = EngineHarness()
        sut.engine.holdListeners()
        var listener = sut.engine.listen(.query(parent: nil, query: collectionQuery("c")), options: ListenOptions()).makeAsyncIterator()
        try await sut.set("c/a", ["v": 1])
        try await sut.set("c/b", ["v": 2])

        sut.engine.releaseListeners()
        let first = try await listener.next()

        #expect(first?.documents.map(\.path.documentID) == ["a", "b"])
        #expect(first?.isInitial == true)
    }

    @Test func listenWhoseClosedCheckPassedBeforeClose_isEndedByTheClose() async throws {
        let store = InMemoryDocumentStore(database: EngineHarness.database)
        #expect(!store.isClosed)

        try await store.close()
        let outcome = await ListenCloseRace.consume(store.engine.listen(.document(try doc("c/a")), options: ListenOptions()))

        #expect(outcome == ListenOutcome.ended)
    }

    @Test func listenRacingClose_onTheMemoryStore_alwaysEnds() async throws {
        for _ in 0..<300 {
            let store = InMemoryDocumentStore(database: EngineHarness.database)
            let outcomes = await ListenCloseRace.race(store, listeners: 6)
            #expect(ListenCloseRace.allEnded(outcomes), "\(outcomes)")
            if outcomes.contains(.timedOut) { return }
        }
    }
}
