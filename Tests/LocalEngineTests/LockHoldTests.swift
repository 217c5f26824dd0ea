import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// Work in proportion to the store's size runs outside the engine's lock: whole-store snapshots are
/// decoded from an immutable copy-on-write view, and a transaction's queries are re-run at commit
/// outside it, with the same outcome as a re-run under it.
@Suite("Lock holds: snapshots and transaction validation outside the engine's lock")
struct LockHoldTests {
    // MARK: Snapshots

    @Test func publishedView_isTheStateAtItsTime_whateverIsCommittedAfterIt() async throws {
        let sut = EngineHarness()
        try await sut.set("c/kept", ["v": 1])
        try await sut.set("c/changed", ["v": 1])
        try await sut.set("c/deleted", ["v": 1])
        try await sut.set("d/kept", ["v": 1])

        let view = sut.engine.publishedView()
        try await sut.set("c/changed", ["v": 2])
        try await sut.commit([Write.delete(try doc("c/deleted"))])
        try await sut.set("c/added", ["v": 1])
        try await sut.set("e/added", ["v": 1])

        let seen = Dictionary(uniqueKeysWithValues: view.documents().map { ($0.path.path, $0.fields) })
        #expect(seen == ["c/changed": ["v": 1], "c/deleted": ["v": 1], "c/kept": ["v": 1], "d/kept": ["v": 1]])
        #expect(try sut.fields("c/changed") == ["v": 2])
        #expect(try sut.get("c/deleted") == nil)
    }

    #if DEBUG
    @Test func publishedSnapshot_holdsTheLockForATinyPartOfItsWork() async throws {
        let sut = EngineHarness()
        try await fill(sut, documents: 4_000)
        let clock = ContinuousClock()

        let holds = try await attempts(factor: 20) { () async throws -> (Duration, Duration) in
            _ = sut.engine.longestLockHold(reset: true)
            let elapsed = clock.measure { #expect(sut.engine.publishedSnapshot().documents.count == 4_000) }
            return (sut.engine.longestLockHold(), elapsed)
        }

        #expect(holds.contains { $0.hold * 20 < $0.work }, "lock holds and snapshot times: \(holds)")
    }

    @Test func transactionQueryRerunAtCommit_runsOutsideTheLock() async throws {
        let sut = EngineHarness()
        try await fill(sut, documents: 4_000)
        let clock = ContinuousClock()

        let holds = try await attempts(factor: 10) { () async throws -> (Duration, Duration) in
            let transaction = try sut.engine.beginTransaction(.readWrite)
            let queryTime = try clock.measure {
                _ = try sut.engine.runQuery(
                    parent: nil, query: collectionQuery("c"), consistency: .transaction(transaction))
            }
            try await sut.commit([Write.update(try doc("c/new\(UInt64.random(in: 0...UInt64.max))"), fields: ["n": -1])]
            )
            _ = sut.engine.longestLockHold(reset: true)
            let code = await errorCode {
                try await sut.commit([Write.update(try doc("out/x"), fields: ["n": 1])], transaction: transaction)
            }
            #expect(code == .aborted)
            return (sut.engine.longestLockHold(), queryTime)
        }

        #expect(holds.contains { $0.hold * 10 < $0.work }, "the commit's lock holds and the query's times: \(holds)")
    }

    /// Runs `measure` (a lock hold and the work it is compared with) up to three times, until the hold
    /// times `factor` is under the work: a thread preempted while it holds the lock (a loaded machine)
    /// inflates one hold, not three; work done under the lock makes every hold as long as the work.
    private func attempts(
        factor: Int,
        _ measure: () async throws -> (Duration, Duration)
    ) async throws -> [(hold: Duration, work: Duration)] {
        var results: [(hold: Duration, work: Duration)] = []
        for _ in 0..<3 {
            let (hold, work) = try await measure()
            results.append((hold, work))
            if hold * factor < work { break }
        }
        return results
    }
    #endif

    // MARK: Transaction queries re-run at commit

    @Test func queryOfAnUntouchedCollection_isNotRerunAtCommit() async throws {
        let sut = try await QueriedTransaction()

        try await sut.harness.set("other/a", ["v": 1])
        let code = await sut.commit()

        #expect(code == nil)
        #expect(sut.rounds.value == 0)
    }

    @Test func writeInTheQueriedCollectionLeavingTheResults_isRerunOnceAndCommits() async throws {
        let sut = try await QueriedTransaction()

        try await sut.harness.set("c/b", ["v": 2])
        let code = await sut.commit()

        #expect(code == nil)
        #expect(sut.rounds.value == 1)
    }

    @Test func collectionGroupQuery_seesAWriteInANewCollectionOfItsGroup() async throws {
        let sut = try await QueriedTransaction(seed: "a/1/c/a", query: collectionQuery("c", allDescendants: true))

        try await sut.harness.set("b/2/c/new", ["v": 1])
        let code = await sut.commit()

        #expect(code == .aborted)
    }

    @Test func documentDeletedAndItsCollectionDropped_isSeen() async throws {
        let sut = try await QueriedTransaction(retention: .seconds(1))

        try await sut.harness.commit([Write.delete(try doc("c/a"))])
        sut.harness.tick(5_000)
        try await sut.harness.set("other/a", ["v": 1])
        let code = await sut.commit()

        #expect(code == .aborted)
    }

    @Test func matchingDocumentCommittedBetweenTheRerunAndTheCommit_aborts() async throws {
        let sut = try await QueriedTransaction()
        try await sut.harness.set("c/b", ["v": 2])
        sut.replayOnEachRound(["c/late": ["v": 1]])

        let code = await sut.commit()

        #expect(code == .aborted)
        #expect(sut.rounds.value == 2)
        #expect(try sut.harness.fields("c/late") == ["v": 1])
    }

    @Test func otherDocumentCommittedBetweenTheRerunAndTheCommit_isRerunAgainAndCommits() async throws {
        let sut = try await QueriedTransaction()
        try await sut.harness.set("c/b", ["v": 2])
        sut.replayOnEachRound(["c/late": ["v": 3]])

        let code = await sut.commit()

        #expect(code == nil)
        #expect(sut.rounds.value == 2)
    }

    @Test func writesIntoTheScopeAfterEveryRerun_fallBackToTheLockAndStillDecide() async throws {
        let sut = try await QueriedTransaction()
        try await sut.harness.set("c/b", ["v": 2])
        sut.replayOnEachRound(Dictionary(uniqueKeysWithValues: (0..<10).map { ("c/late\($0)", ["v": 3]) }))

        let code = await sut.commit()

        #expect(code == nil)
        #expect(sut.rounds.value == LocalEngine.queryValidationRoundsOutsideLock)
    }

    @Test func staleQueryWithItsScopeUnchanged_abortsWithoutAnotherRerun() async throws {
        let sut = try await QueriedTransaction()
        try await sut.harness.set("c/b", ["v": 1])
        sut.replayOnEachRound(["elsewhere/a": ["v": 1]])

        let code = await sut.commit()

        #expect(code == .aborted)
        #expect(sut.rounds.value == 1)
    }

    // MARK: Helpers

    private func fill(_ sut: EngineHarness, documents: Int) async throws {
        var writes: [Write] = []
        for index in 0..<documents {
            writes.append(
                .update(
                    try doc("c/d\(index)"),
                    fields: ["n": .integer(Int64(index)), "text": .string("document number \(index)")]))
            if writes.count == 500 {
                try await sut.commit(writes)
                writes = []
            }
        }
        if !writes.isEmpty { try await sut.commit(writes) }
    }
}

/// A read-write transaction that ran one query (by default `c` where `v == 1`, over `c/a` with `v: 1`),
/// and the count of the rounds its commit re-runs the query outside the engine's lock.
private struct QueriedTransaction {
    let harness: EngineHarness
    let transaction: TransactionID
    let rounds = Counter()

    init(seed: String = "c/a", query: StructuredQuery = collectionQuery("c"), retention: Duration? = nil) async throws {
        harness =
            retention.map { EngineHarness(configuration: LocalEngineConfiguration(versionRetention: $0)) }
            ?? EngineHarness()
        let rounds = self.rounds
        harness.engine.afterQueryValidation.withLock { hook in hook = { rounds.increment() } }
        try await harness.set(seed, ["v": 1])
        transaction = try harness.engine.beginTransaction(.readWrite)
        var filtered = query
        filtered.filter = try filter("v", .equal, 1)
        _ = try harness.engine.runQuery(parent: nil, query: filtered, consistency: .transaction(transaction))
    }

    /// Commits a write to `c/x` in the transaction; the error code it fails with, if any (on success,
    /// checks that the write is there).
    func commit() async -> DocumentStoreError.Code? {
        let code = await errorCode {
            try await harness.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)
        }
        #expect((try? harness.fields("c/x")) == (code == nil ? ["n": 2] : nil))
        return code
    }

    /// After each round: counts it, then installs one of `replays` (path → fields) as a batch committed
    /// one second after the engine's last commit — a write that lands while the commit does not hold the
    /// lock.
    func replayOnEachRound(_ replays: [String: MapValue]) {
        let remaining = Mutex(replays.sorted { $0.key < $1.key })
        let (engine, rounds) = (harness.engine, self.rounds)
        engine.afterQueryValidation.withLock { hook in
            hook = {
                rounds.increment()
                guard let (path, fields) = remaining.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
                do {
                    let time = try Timestamp(seconds: engine.lastCommitTime.seconds + 1)
                    let document = Document(path: try doc(path), fields: fields, createTime: time, updateTime: time)
                    try engine.replay(
                        CommittedBatch(
                            commitTime: time, documents: [CommittedDocument(path: document.path, document: document)]))
                } catch {
                    Issue.record("replaying \(path): \(error)")
                }
            }
        }
    }
}

/// Counts calls, from any thread.
private final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func increment() { count.add(1, ordering: .acquiringAndReleasing) }
}
