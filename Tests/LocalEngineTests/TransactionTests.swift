import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Transactions and read times")
struct TransactionTests {
    // MARK: Read-write conflicts

    @Test func readWriteTransaction_commitsWhenNothingItReadChanged() async throws {
        let sut = EngineHarness()
        try await sut.set("acc/a", ["balance": 10])
        let transaction = try sut.engine.beginTransaction(.readWrite)

        let read = try sut.get("acc/a", consistency: .transaction(transaction))
        try await sut.commit([Write.update(try doc("acc/a"), fields: ["balance": 5])], transaction: transaction)

        #expect(read?.fields == ["balance": 10])
        #expect(try sut.fields("acc/a") == ["balance": 5])
    }

    @Test func documentChangedAfterTheTransactionReadIt_abortsTheCommit() async throws {
        let sut = EngineHarness()
        try await sut.set("acc/a", ["balance": 10])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.get("acc/a", consistency: .transaction(transaction))

        try await sut.set("acc/a", ["balance": 11])
        let code = await errorCode {
            try await sut.commit([Write.update(try doc("acc/a"), fields: ["balance": 5])], transaction: transaction)
        }

        #expect(code == .aborted)
        #expect(try sut.fields("acc/a") == ["balance": 11])
    }

    @Test func missingDocumentCreatedAfterTheRead_abortsTheCommit() async throws {
        let sut = EngineHarness()
        let transaction = try sut.engine.beginTransaction(.readWrite)
        #expect(try sut.get("c/new", consistency: .transaction(transaction)) == nil)

        try await sut.set("c/new", ["by": "other"])
        let code = await errorCode {
            try await sut.commit(
                [Write.update(try doc("c/new"), fields: ["by": "tx"], precondition: .exists(false))],
                transaction: transaction)
        }

        #expect(code == .aborted)
    }

    @Test func noOpWriteByAnotherCommit_doesNotAbort() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.get("c/d", consistency: .transaction(transaction))

        try await sut.set("c/d", ["v": 1])
        try await sut.commit([Write.update(try doc("c/d"), fields: ["v": 2])], transaction: transaction)

        #expect(try sut.fields("c/d") == ["v": 2])
    }

    @Test func queryResultChangedByANewMatchingDocument_abortsTheCommit() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        var query = collectionQuery("c")
        query.filter = try filter("v", .equal, 1)
        _ = try sut.engine.runQuery(parent: nil, query: query, consistency: .transaction(transaction))

        try await sut.set("c/b", ["v": 1])
        let code = await errorCode {
            try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)
        }

        #expect(code == .aborted)
    }

    @Test func unrelatedCommitDuringAQuery_doesNotAbort() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        var query = collectionQuery("c")
        query.filter = try filter("v", .equal, 1)
        _ = try sut.engine.runQuery(parent: nil, query: query, consistency: .transaction(transaction))

        try await sut.set("c/b", ["v": 2])
        try await sut.set("other/x", ["v": 1])
        try await sut.commit([Write.update(try doc("c/x"), fields: ["n": 2])], transaction: transaction)

        #expect(try sut.fields("c/x") == ["n": 2])
    }

    @Test func aggregationResultChanged_abortsTheCommit() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.engine.runAggregation(
            parent: nil,
            query: StructuredAggregationQuery(
                query: collectionQuery("c"), aggregations: [Aggregation(alias: "n", .count(upTo: nil))]),
            consistency: .transaction(transaction)
        )

        try await sut.set("c/b", ["v": 1])
        let code = await errorCode { try await sut.commit([], transaction: transaction) }

        #expect(code == .aborted)
    }

    @Test func rereadingAChangedDocument_abortsAtOnce() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.get("c/d", consistency: .transaction(transaction))
        try await sut.set("c/d", ["v": 2])

        let reread = errorCode { _ = try sut.get("c/d", consistency: .transaction(transaction)) }
        let commit = await errorCode { try await sut.commit([], transaction: transaction) }

        #expect(reread == .aborted)
        #expect(commit == .aborted)
    }

    @Test func readWriteReads_seeTheLatestCommittedState() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readWrite)
        try await sut.set("c/b", ["v": 2])

        #expect(try sut.get("c/b", consistency: .transaction(transaction))?.fields == ["v": 2])
    }

    @Test func twoTransactionsReadingTheSameDocument_onlyTheFirstCommitWins() async throws {
        let sut = EngineHarness()
        try await sut.set("c/counter", ["n": 0])
        let first = try sut.engine.beginTransaction(.readWrite)
        let second = try sut.engine.beginTransaction(.readWrite)
        _ = try sut.get("c/counter", consistency: .transaction(first))
        _ = try sut.get("c/counter", consistency: .transaction(second))

        try await sut.commit([Write.update(try doc("c/counter"), fields: ["n": 1])], transaction: first)
        let code = await errorCode {
            try await sut.commit([Write.update(try doc("c/counter"), fields: ["n": 1])], transaction: second)
        }

        #expect(code == .aborted)
        #expect(try sut.fields("c/counter") == ["n": 1])
    }

    @Test func concurrentIncrementsThroughRetriedTransactions_loseNoUpdate() async throws {
        let sut = EngineHarness()
        try await sut.set("c/counter", ["n": 0])
        let engine = sut.engine
        let path = try doc("c/counter")

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    while true {
                        let transaction = try engine.beginTransaction(.readWrite)
                        let current = try engine.getDocument(path, mask: nil, consistency: .transaction(transaction))
                        guard case .integer(let n)? = current?.fields["n"] else {
                            throw DocumentStoreError(.internal, "no counter")
                        }
                        do {
                            _ = try await engine.commit(
                                [Write.update(path, fields: ["n": .integer(n + 1)])], transaction: transaction)
                            return
                        } catch let error as DocumentStoreError where error.code == .aborted {
                            continue
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(try sut.fields("c/counter") == ["n": 20])
    }

    // MARK: Transaction lifecycle errors

    @Test func committingTwice_isInvalid() async throws {
        let sut = EngineHarness()
        let transaction = try sut.engine.beginTransaction(.readWrite)
        try await sut.commit([], transaction: transaction)

        #expect(await errorCode { try await sut.commit([], transaction: transaction) } == .invalidArgument)
    }

    @Test func commitAfterRollback_isInvalidAndRollbackTwiceSucceeds() async throws {
        let sut = EngineHarness()
        let transaction = try sut.engine.beginTransaction(.readWrite)
        try sut.engine.rollback(transaction)

        #expect(errorCode { try sut.engine.rollback(transaction) } == nil)
        #expect(await errorCode { try await sut.commit([], transaction: transaction) } == .invalidArgument)
    }

    @Test func unknownTransaction_isInvalidForCommitRollbackAndReads() async throws {
        let sut = EngineHarness()
        let unknown = TransactionID(bytes: Array("nope".utf8))

        #expect(await errorCode { try await sut.commit([], transaction: unknown) } == .invalidArgument)
        #expect(errorCode { try sut.engine.rollback(unknown) } == .invalidArgument)
        #expect(errorCode { _ = try sut.get("c/d", consistency: .transaction(unknown)) } == .invalidArgument)
    }

    @Test func transactionOfAnotherEngine_isUnknown() async throws {
        let sut = EngineHarness()
        let other = LocalEngine(database: EngineHarness.database, clock: sut.clock, random: SeededGenerator(seed: 7))
        let foreign = try other.beginTransaction(.readWrite)

        #expect(errorCode { try sut.engine.rollback(foreign) } == .invalidArgument)
    }

    @Test func readAfterCommit_isInvalid() async throws {
        let sut = EngineHarness()
        let transaction = try sut.engine.beginTransaction(.readWrite)
        try await sut.commit([], transaction: transaction)

        #expect(errorCode { _ = try sut.get("c/d", consistency: .transaction(transaction)) } == .invalidArgument)
    }

    @Test func writesInAReadOnlyTransaction_areInvalid() async throws {
        let sut = EngineHarness()
        let transaction = try sut.engine.beginTransaction(.readOnly(readTime: nil))

        let code = await errorCode {
            try await sut.commit([Write.update(try doc("c/d"), fields: ["v": 1])], transaction: transaction)
        }

        #expect(code == .invalidArgument)
        #expect(try sut.get("c/d") == nil)
    }

    @Test func emptyCommitOfAReadOnlyTransaction_closesIt() async throws {
        let sut = EngineHarness()
        let transaction = try sut.engine.beginTransaction(.readOnly(readTime: nil))

        try await sut.commit([], transaction: transaction)

        #expect(await errorCode { try await sut.commit([], transaction: transaction) } == .invalidArgument)
    }

    @Test func idleTransaction_expiresAfterTheConfiguredTimeout() async throws {
        let sut = EngineHarness(configuration: LocalEngineConfiguration(transactionIdleTimeout: .seconds(5)))
        let transaction = try sut.engine.beginTransaction(.readWrite)
        sut.clock.advance(by: .seconds(4))
        _ = try sut.get("c/d", consistency: .transaction(transaction))

        sut.clock.advance(by: .seconds(6))
        let read = errorCode { _ = try sut.get("c/d", consistency: .transaction(transaction)) }
        let commit = await errorCode { try await sut.commit([], transaction: transaction) }

        #expect(read == .aborted)
        #expect(commit == .aborted)
    }

    @Test func defaultIdleTimeout_isSixtySeconds() async throws {
        let sut = EngineHarness()
        let kept = try sut.engine.beginTransaction(.readWrite)
        let expired = try sut.engine.beginTransaction(.readWrite)
        sut.clock.advance(by: .seconds(59))
        _ = try sut.get("c/d", consistency: .transaction(kept))
        sut.clock.advance(by: .seconds(2))

        #expect(errorCode { _ = try sut.get("c/d", consistency: .transaction(kept)) } == nil)
        #expect(errorCode { _ = try sut.get("c/d", consistency: .transaction(expired)) } == .aborted)
    }

    @Test func transactionOlderThanItsMaximumLifetime_expires() async throws {
        let sut = EngineHarness(configuration: LocalEngineConfiguration(transactionMaximumLifetime: .seconds(10)))
        let transaction = try sut.engine.beginTransaction(.readWrite)
        for _ in 0..<11 {
            sut.clock.advance(by: .seconds(1))
            _ = try? sut.get("c/d", consistency: .transaction(transaction))
        }

        #expect(await errorCode { try await sut.commit([], transaction: transaction) } == .aborted)
    }

    // MARK: Snapshots

    @Test func readOnlyTransaction_seesOneSnapshot() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        let transaction = try sut.engine.beginTransaction(.readOnly(readTime: nil))
        sut.tick()

        try await sut.set("c/a", ["v": 2])
        try await sut.set("c/b", ["v": 2])

        #expect(try sut.get("c/a", consistency: .transaction(transaction))?.fields == ["v": 1])
        #expect(try sut.get("c/b", consistency: .transaction(transaction)) == nil)
        #expect(try sut.run(collectionQuery("c"), consistency: .transaction(transaction)) == ["c/a"])
    }

    @Test func readTime_seesTheStateAtThatTime() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/a", ["v": 1])
        try await sut.set("c/a", ["v": 2])
        try await sut.commit([Write.delete(try doc("c/a")), Write.update(try doc("c/b"), fields: ["v": 3])])

        #expect(try sut.get("c/a", consistency: .readTime(first.commitTime))?.fields == ["v": 1])
        #expect(try sut.get("c/a") == nil)
        #expect(try sut.run(collectionQuery("c"), consistency: .readTime(first.commitTime)) == ["c/a"])
        #expect(try sut.run(collectionQuery("c")) == ["c/b"])
    }

    @Test func readOnlyTransactionAtAReadTime_seesThatState() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/a", ["v": 1])
        try await sut.set("c/a", ["v": 2])

        let transaction = try sut.engine.beginTransaction(.readOnly(readTime: first.commitTime))

        #expect(try sut.get("c/a", consistency: .transaction(transaction))?.fields == ["v": 1])
    }

    @Test func readTimeInTheFutureOrFinerThanMicroseconds_isInvalid() async throws {
        let sut = EngineHarness()
        let future = TimeMathForTests.adding(seconds: 60, to: sut.clock.now())
        let fine = try Timestamp(seconds: sut.clock.now().seconds - 1, nanoseconds: 1)

        #expect(errorCode { _ = try sut.get("c/a", consistency: .readTime(future)) } == .invalidArgument)
        #expect(errorCode { _ = try sut.get("c/a", consistency: .readTime(fine)) } == .invalidArgument)
        #expect(errorCode { _ = try sut.engine.beginTransaction(.readOnly(readTime: future)) } == .invalidArgument)
    }

    @Test func readTimeOlderThanTheRetention_failsFailedPrecondition() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/a", ["v": 1])
        sut.clock.advance(by: .seconds(3_599))
        #expect(try sut.get("c/a", consistency: .readTime(first.commitTime))?.fields == ["v": 1])

        sut.clock.advance(by: .seconds(2))

        #expect(errorCode { _ = try sut.get("c/a", consistency: .readTime(first.commitTime)) } == .failedPrecondition)
        #expect(
            errorCode { _ = try sut.engine.beginTransaction(.readOnly(readTime: first.commitTime)) }
                == .failedPrecondition)
    }

    @Test func oldVersionsArePrunedButRecentHistoryStaysReadable() async throws {
        let sut = EngineHarness(configuration: LocalEngineConfiguration(versionRetention: .seconds(10)))
        try await sut.set("c/a", ["v": 1])
        sut.clock.advance(by: .seconds(20))
        let second = try await sut.set("c/a", ["v": 2])
        sut.clock.advance(by: .seconds(5))
        try await sut.set("c/a", ["v": 3])
        try await sut.commit([Write.delete(try doc("c/b"))])

        #expect(try sut.get("c/a", consistency: .readTime(second.commitTime))?.fields == ["v": 2])
        #expect(try sut.fields("c/a") == ["v": 3])
    }

    @Test func readTimeOfAResponse_seesExactlyThatResponsesState() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        sut.tick(5)
        let response = try sut.engine.batchGetDocuments([try doc("c/a")], mask: nil, consistency: .latest)
        sut.clock.advance(by: .microseconds(-3_000))

        try await sut.set("c/a", ["v": 2])

        #expect(try sut.get("c/a", consistency: .readTime(response.readTime))?.fields == ["v": 1])
    }
}

enum TimeMathForTests {
    static func adding(seconds: Int64, to timestamp: Timestamp) -> Timestamp {
        (try? Timestamp(seconds: timestamp.seconds + seconds, nanoseconds: timestamp.nanoseconds)) ?? timestamp
    }
}

@Suite("Read times stay exact")
struct ReadTimeStabilityTests {
    @Test func explicitReadTimeAtNow_isNotOvertakenByALaterCommitAtTheSameInstant() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])
        sut.tick()
        let now = sut.clock.now()
        let before = try sut.get("c/a", consistency: .readTime(now))

        let commit = try await sut.engine.commit([Write.update(try doc("c/a"), fields: ["v": 2])], transaction: nil)
        let after = try sut.get("c/a", consistency: .readTime(now))

        #expect(commit.commitTime > now)
        #expect(before == after)
    }
}
