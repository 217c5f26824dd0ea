import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

@Suite("Hooks: persistence, change observation, replay")
struct HookTests {
    // MARK: Persistence

    @Test func commitWithPersistence_isNeitherVisibleNorAcknowledgedBeforeItIsDurable() async throws {
        let persistence = ControlledPersistence()
        let sut = EngineHarness(persistence: persistence)
        let engine = sut.engine
        let path = try doc("c/a")

        let commit = Task { try await engine.commit([Write.update(path, fields: ["v": 1])], transaction: nil) }
        await persistence.waitForBatches(1)
        let visibleBefore = try sut.get("c/a")
        persistence.makeDurable(through: 1)
        let response = try await commit.value

        #expect(visibleBefore == nil)
        #expect(try sut.get("c/a")?.updateTime == response.commitTime)
        #expect(persistence.batches.first?.commitTime == response.commitTime)
        #expect(persistence.batches.first?.documents.map(\.document?.fields) == [["v": 1]])
    }

    @Test func laterCommitsBuildOnPendingOnesAndAreEnqueuedInOrder() async throws {
        let persistence = ControlledPersistence()
        let sut = EngineHarness(persistence: persistence)
        let engine = sut.engine
        let path = try doc("c/a")
        let increment = Write(
            path: path, operation: .transform,
            transforms: [FieldTransform(fieldPath: try field("n"), operation: .increment(1))])

        let first = Task { try await engine.commit([increment], transaction: nil) }
        await persistence.waitForBatches(1)
        let second = Task { try await engine.commit([increment], transaction: nil) }
        await persistence.waitForBatches(2)
        persistence.makeDurable(through: 2)
        _ = try await (first.value, second.value)

        #expect(persistence.batches.map { $0.documents.first?.document?.fields } == [["n": 1], ["n": 2]])
        #expect(persistence.batches[0].commitTime < persistence.batches[1].commitTime)
        #expect(try sut.fields("c/a") == ["n": 2])
    }

    @Test func persistenceFailure_failsTheCommitAndLeavesNoTrace() async throws {
        let persistence = ControlledPersistence()
        let sut = EngineHarness(persistence: persistence)
        let engine = sut.engine
        let path = try doc("c/a")

        let failing = Task {
            try await engine.commit(
                [Write.update(path, fields: ["v": 1], precondition: .exists(false))], transaction: nil)
        }
        await persistence.waitForBatches(1)
        persistence.fail(from: 1)
        let code = await errorCode { _ = try await failing.value }
        persistence.makeDurable(through: 2)
        try await sut.commit([Write.update(path, fields: ["v": 2], precondition: .exists(false))])

        #expect(code == .resourceExhausted)
        #expect(try sut.fields("c/a") == ["v": 2])
    }

    @Test func commitThatChangesNothing_doesNotEnqueueButWaitsForEarlierPendingOnes() async throws {
        let persistence = ControlledPersistence()
        let sut = EngineHarness(persistence: persistence)
        let engine = sut.engine
        let path = try doc("c/a")

        let first = Task { try await engine.commit([Write.update(path, fields: ["v": 1])], transaction: nil) }
        await persistence.waitForBatches(1)
        let noOp = Task {
            try await engine.commit(
                [Write.update(path, fields: ["v": 1], precondition: .exists(true))], transaction: nil)
        }
        await persistence.waitForWaiters(2)
        persistence.makeDurable(through: 1)
        let responses = try await (first.value, noOp.value)

        #expect(persistence.batches.count == 1)
        #expect(responses.1.writeResults.first?.updateTime == responses.0.commitTime)
    }

    // MARK: Change observation

    @Test func observer_receivesEachCommitsChangesInOrderWithBeforeAndAfter() async throws {
        let sut = EngineHarness()
        let received = Mutex<[CommittedChanges]>([])
        let observation = sut.engine.observeChanges { changes in received.withLock { $0.append(changes) } }

        let created = try await sut.set("c/a", ["v": 1])
        try await sut.set("c/a", ["v": 1])
        let updated = try await sut.set("c/a", ["v": 2])
        let deleted = try await sut.commit([Write.delete(try doc("c/a")), Write.delete(try doc("c/none"))])
        observation.cancel()
        try await sut.set("c/b", ["v": 1])

        let log = received.withLock { $0 }
        #expect(log.map(\.commitTime) == [created.commitTime, updated.commitTime, deleted.commitTime])
        #expect(log[0].changes.map(\.before) == [nil])
        #expect(log[0].changes.map(\.after?.fields) == [["v": 1]])
        #expect(log[1].changes.map(\.before?.fields) == [["v": 1]])
        #expect(log[1].changes.map(\.after?.fields) == [["v": 2]])
        #expect(log[2].changes.map(\.path.documentID) == ["a"])
        #expect(log[2].changes.first?.after == nil)
    }

    @Test func releasingTheObservation_stopsNotifications() async throws {
        let sut = EngineHarness()
        let count = Mutex(0)
        var observation: ChangeObservation? = sut.engine.observeChanges { _ in count.withLock { $0 += 1 } }
        try await sut.set("c/a", ["v": 1])

        #expect(observation != nil)
        observation = nil
        try await sut.set("c/a", ["v": 2])

        #expect(count.withLock { $0 } == 1)
    }

    @Test func observer_seesCommitsOnlyOnceTheyAreDurable() async throws {
        let persistence = ControlledPersistence()
        let sut = EngineHarness(persistence: persistence)
        let engine = sut.engine
        let count = Mutex(0)
        let observation = engine.observeChanges { _ in count.withLock { $0 += 1 } }
        let path = try doc("c/a")

        let commit = Task { try await engine.commit([Write.update(path, fields: ["v": 1])], transaction: nil) }
        await persistence.waitForBatches(1)
        let before = count.withLock { $0 }
        persistence.makeDurable(through: 1)
        _ = try await commit.value

        #expect(before == 0)
        #expect(count.withLock { $0 } == 1)
        observation.cancel()
    }

    // MARK: Replay and restore

    @Test func replayingTheLoggedBatches_rebuildsTheSameState() async throws {
        let persistence = ControlledPersistence(autoDurable: true)
        let original = EngineHarness(persistence: persistence)
        try await original.set("c/a", ["v": 1])
        try await original.commit([Write.update(try doc("c/b"), fields: ["w": 2]), Write.delete(try doc("c/a"))])
        try await original.set("c/a/sub/x", ["v": 3])

        let reopened = EngineHarness()
        for batch in persistence.batches { try reopened.engine.replay(batch) }

        #expect(try reopened.get("c/a") == nil)
        #expect(try reopened.get("c/b") == (try original.get("c/b")))
        #expect(try reopened.get("c/a/sub/x") == (try original.get("c/a/sub/x")))
        #expect(reopened.engine.lastCommitTime == original.engine.lastCommitTime)
    }

    @Test func commitsAfterReplay_getLaterTimesEvenIfTheClockIsBehind() async throws {
        let persistence = ControlledPersistence(autoDurable: true)
        let original = EngineHarness(persistence: persistence)
        original.clock.advance(by: .seconds(100))
        let last = try await original.set("c/a", ["v": 1])

        let reopened = EngineHarness()
        for batch in persistence.batches { try reopened.engine.replay(batch) }
        let next = try await reopened.set("c/b", ["v": 1])

        #expect(next.commitTime > last.commitTime)
    }

    @Test func replayOutOfOrder_failsWithDataLoss() async throws {
        let persistence = ControlledPersistence(autoDurable: true)
        let original = EngineHarness(persistence: persistence)
        try await original.set("c/a", ["v": 1])
        try await original.set("c/b", ["v": 1])

        let reopened = EngineHarness()
        try reopened.engine.replay(persistence.batches[1])

        #expect(errorCode { try reopened.engine.replay(persistence.batches[0]) } == .dataLoss)
    }

    @Test func restoredSnapshot_servesItsDocumentsAndRefusesEarlierReadTimes() async throws {
        let original = EngineHarness()
        let first = try await original.set("c/a", ["v": 1])
        try await original.set("c/b/sub/x", ["v": 2])
        let snapshot = original.engine.publishedSnapshot()

        let reopened = EngineHarness()
        try reopened.engine.restore(snapshot.documents, through: snapshot.commitTime)

        #expect(snapshot.documents.count == 2)
        #expect(try reopened.get("c/a") == (try original.get("c/a")))
        #expect(try reopened.run(collectionQuery("sub", allDescendants: true)) == ["c/b/sub/x"])
        #expect(
            errorCode { _ = try reopened.get("c/a", consistency: .readTime(first.commitTime)) } == .failedPrecondition)
        #expect(
            errorCode { try reopened.engine.restore(snapshot.documents, through: snapshot.commitTime) }
                == .failedPrecondition)
    }
}

/// A persistence whose durability the test controls.
final class ControlledPersistence: CommitPersistence {
    private struct State {
        var batches: [CommittedBatch] = []
        var durableThrough: UInt64 = 0
        var failed: ClosedRange<UInt64>?
        var waiters: [(UInt64, CheckedContinuation<Void, any Error>)] = []
        var waiting = 0
    }

    private let state = Mutex(State())
    private let autoDurable: Bool

    init(autoDurable: Bool = false) {
        self.autoDurable = autoDurable
    }

    var batches: [CommittedBatch] { state.withLock { $0.batches } }

    func enqueue(_ batch: CommittedBatch) -> PersistenceTicket {
        state.withLock { state in
            state.batches.append(batch)
            let sequence = UInt64(state.batches.count)
            if autoDurable { state.durableThrough = sequence }
            return PersistenceTicket(sequence: sequence)
        }
    }

    func waitUntilDurable(_ ticket: PersistenceTicket) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, any Error>? = state.withLock { state in
                state.waiting += 1
                if let failed = state.failed, failed.contains(ticket.sequence) { return .failure(Self.failure) }
                if ticket.sequence <= state.durableThrough { return .success(()) }
                state.waiters.append((ticket.sequence, continuation))
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    func makeDurable(through sequence: UInt64) {
        let ready = state.withLock { state in
            state.durableThrough = max(state.durableThrough, sequence)
            let ready = state.waiters.filter { $0.0 <= sequence }.map(\.1)
            state.waiters.removeAll { $0.0 <= sequence }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Fails every batch enqueued so far from `sequence` on (later batches behave normally, as after a reopen).
    func fail(from sequence: UInt64) {
        let failing = state.withLock { state in
            state.failed = sequence...max(sequence, UInt64(state.batches.count))
            let failing = state.waiters.filter { $0.0 >= sequence }.map(\.1)
            state.waiters.removeAll { $0.0 >= sequence }
            return failing
        }
        for continuation in failing { continuation.resume(throwing: Self.failure) }
    }

    func waitForBatches(_ count: Int) async {
        while state.withLock({ $0.batches.count }) < count { await Task.yield() }
    }

    func waitForWaiters(_ count: Int) async {
        while state.withLock({ $0.waiting }) < count { await Task.yield() }
    }

    static let failure = DocumentStoreError(.resourceExhausted, "disk full")
}
