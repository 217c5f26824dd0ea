import HearthApplication
import HearthDomain
import HearthLocalEngine
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
            _ = sut.engine.longestLockHold(reset: true)

            let clock = ContinuousClock()
            let start = clock.now
            let snapshot = sut.engine.publishedSnapshot()
            let elapsed = clock.now - start
            let hold = sut.engine.longestLockHold()

            #expect(snapshot.documents.count == 4_000)
            #expect(hold * 20 < elapsed, "the lock was held \(hold) of the snapshot's \(elapsed)")
        }

        @Test func transactionQueryRerunAtCommit_runsOutsideTheLock() async throws {
            let sut = EngineHarness()
            try await fill(sut, documents: 4_000)
            let transaction = try sut.engine.beginTransaction(.readWrite)
            let clock = ContinuousClock()
            let start = clock.now
            _ = try sut.engine.runQuery(parent: nil, query: collectionQuery("c"), consistency: .transaction(transaction))
            let queryTime = clock.now - start
            try await sut.set("c/new", ["n": -1])

            _ = sut.engine.longestLockHold(reset: true)
            let code = await errorCode { try await sut.commit([Write.update(try doc("out/x"), fields: ["n": 1])], transaction: transaction) }
            let hold = sut.engine.longestLockHold()

            #expect(code == .aborted)
            #expect(hold * 10 < queryTime, "the commit held the lock \(hold); the query takes \(queryTime)")
        }
    #endif

    // MARK: Transaction queries re-run at commit

    @Test func queryOfAnUntouchedCollection_isNotRerunAtCommit() async throws {
        let sut = EngineHarness()
        let rounds = countRounds(sut.engine)
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: try query("c", v: 1), consistency: .transaction(transaction))

        try await sut.set("other/a", ["v": 1])
        try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)

        #expect(rounds.value == 0)
        #expect(try sut.fields("c/x") == ["n": 2])
    }

    @Test func writeInTheQueriedCollectionLeavingTheResults_isRerunOnceAndCommits() async throws {
        let sut = EngineHarness()
        let rounds = countRounds(sut.engine)
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: try query("c", v: 1), consistency: .transaction(transaction))

        try await sut.set("c/b", ["v": 2])
        try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)

        #expect(rounds.value == 1)
        #expect(try sut.fields("c/x") == ["n": 2])
    }

    @Test func collectionGroupQuery_seesAWriteInANewCollectionOfItsGroup() async throws {
        let sut = EngineHarness()
        try await sut.set("a/1/c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        var group = collectionQuery("c", allDescendants: true)
        group.filter = try filter("v", .equal, 1)
        _ = try sut.engine.runQuery(parent: nil, query: group, consistency: .transaction(transaction))

        try await sut.set("b/2/c/new", ["v": 1])
        let code = await errorCode { try await sut.commit([Write.update(try doc("x/y"), fields: ["n": 2])], transaction: transaction) }

        #expect(code == .aborted)
    }

    @Test func documentDeletedAndItsCollectionDropped_isSeen() async throws {
        let sut = EngineHarness(configuration: LocalEngineConfiguration(versionRetention: .seconds(1)))
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: collectionQuery("c"), consistency: .transaction(transaction))

        try await sut.commit([Write.delete(try doc("c/a"))])
        sut.tick(5_000)
        try await sut.set("other/a", ["v": 1])
        let code = await errorCode { try await sut.commit([Write.update(try doc("x/y"), fields: ["n": 2])], transaction: transaction) }

        #expect(code == .aborted)
    }

    @Test func matchingDocumentCommittedBetweenTheRerunAndTheCommit_aborts() async throws {
        let sut = EngineHarness()
        let rounds = countRounds(sut.engine)
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: try query("c", v: 1), consistency: .transaction(transaction))
        try await sut.set("c/b", ["v": 2])
        replayOnEachRound(["c/late": ["v": 1]], into: sut.engine, counting: rounds)

        let code = await errorCode { try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction) }

        #expect(code == .aborted)
        #expect(rounds.value == 2)
        #expect(try sut.get("c/x") == nil)
        #expect(try sut.fields("c/late") == ["v": 1])
    }

    @Test func otherDocumentCommittedBetweenTheRerunAndTheCommit_isRerunAgainAndCommits() async throws {
        let sut = EngineHarness()
        let rounds = countRounds(sut.engine)
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: try query("c", v: 1), consistency: .transaction(transaction))
        try await sut.set("c/b", ["v": 2])
        replayOnEachRound(["c/late": ["v": 3]], into: sut.engine, counting: rounds)

        try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)

        #expect(rounds.value == 2)
        #expect(try sut.fields("c/x") == ["n": 2])
    }

    @Test func writesIntoTheScopeAfterEveryRerun_fallBackToTheLockAndStillDecide() async throws {
        let sut = EngineHarness()
        let rounds = countRounds(sut.engine)
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: try query("c", v: 1), consistency: .transaction(transaction))
        try await sut.set("c/b", ["v": 2])
        replayOnEachRound(Dictionary(uniqueKeysWithValues: (0..<10).map { ("c/late\($0)", ["v": 3]) }), into: sut.engine, counting: rounds)

        try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)

        #expect(rounds.value == LocalEngine.queryValidationRoundsOutsideLock)
        #expect(try sut.fields("c/x") == ["n": 2])
    }

    @Test func staleQueryWithItsScopeUnchanged_abortsWithoutAnotherRerun() async throws {
        let sut = EngineHarness()
        let rounds = countRounds(sut.engine)
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runQuery(parent: nil, query: try query("c", v: 1), consistency: .transaction(transaction))
        try await sut.set("c/b", ["v": 1])
        replayOnEachRound(["elsewhere/a": ["v": 1]], into: sut.engine, counting: rounds)

        let code = await errorCode { try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction) }

        #expect(code == .aborted)
        #expect(rounds.value == 1)
    }

    // MARK: Helpers

    private func fill(_ sut: EngineHarness, documents: Int) async throws {
        var writes: [Write] = []
        for index in 0..<documents {
            writes.append(.update(try doc("c/d\(index)"), fields: ["n": .integer(Int64(index)), "text": .string("document number \(index)")]))
            if writes.count == 500 {
                try await sut.commit(writes)
                writes = []
            }
        }
        if !writes.isEmpty { try await sut.commit(writes) }
    }

    private func query(_ collection: String, v: Int64) throws -> StructuredQuery {
        var query = collectionQuery(collection)
        query.filter = try filter("v", .equal, .integer(v))
        return query
    }

    private func countRounds(_ engine: LocalEngine) -> Counter {
        let counter = Counter()
        engine.afterQueryValidation.withLock { hook in hook = { counter.increment() } }
        return counter
    }

    /// After each round of re-running queries outside the lock: counts it, then installs one of
    /// `replays` (path → fields) as a batch committed one second after the engine's last commit — a
    /// write that lands while the commit does not hold the lock.
    private func replayOnEachRound(_ replays: [String: MapValue], into engine: LocalEngine, counting counter: Counter) {
        let remaining = Mutex(replays.sorted { $0.key < $1.key })
        engine.afterQueryValidation.withLock { hook in
            hook = {
                counter.increment()
                guard let (path, fields) = remaining.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
                do {
                    let time = try Timestamp(seconds: engine.lastCommitTime.seconds + 1)
                    let document = Document(path: try doc(path), fields: fields, createTime: time, updateTime: time)
                    try engine.replay(CommittedBatch(commitTime: time, documents: [CommittedDocument(path: document.path, document: document)]))
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
