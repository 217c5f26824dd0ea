import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("runTransaction")
struct TransactionRunnerTests {
    @Test func abortedCommits_areRetriedWithBackoff_namingThePreviousTransaction() async throws {
        let store = ScriptedStore(script: .init(commitFailures: [aborted(), aborted()]))
        let sleeps = SleepRecorder()
        let db = Database(store: store, options: sleeps.options)
        let counter = db.document("stats/visits")

        let attempts = try await db.runTransaction { transaction in
            _ = try await transaction.getDocument(counter)
            transaction.setData(["n": 1], forDocument: counter)
            return "done"
        }

        #expect(attempts == "done")
        #expect(
            store.calls.filter { if case .begin = $0 { true } else { false } } == [
                .begin(.readWrite(retrying: nil)),
                .begin(.readWrite(retrying: TransactionID(bytes: [1]))),
                .begin(.readWrite(retrying: TransactionID(bytes: [2]))),
            ])
        #expect(sleeps.recorded.count == 2)
        #expect(sleeps.recorded[1] > sleeps.recorded[0])
    }

    @Test func abortedEveryTime_givesUpAfterMaxAttempts_withAborted() async throws {
        let store = ScriptedStore(script: .init(commitFailures: Array(repeating: aborted(), count: 10)))
        let db = Database(store: store, options: SleepRecorder().options)
        let counter = db.document("stats/visits")

        await #expect(throws: DocumentStoreError.self) {
            try await db.runTransaction(maxAttempts: 3) { transaction in
                transaction.setData(["n": 1], forDocument: counter)
            }
        }
        #expect(store.calls.count { if case .commit = $0 { true } else { false } } == 3)
        #expect(store.calls.count { if case .rollback = $0 { true } else { false } } == 3)
    }

    @Test func errorThrownByTheBody_isRethrownUnchanged_rolledBack_andNotRetried() async throws {
        struct Refused: Error {}
        let store = ScriptedStore()
        let db = Database(store: store, options: SleepRecorder().options)

        await #expect(throws: Refused.self) {
            try await db.runTransaction { _ in throw Refused() }
        }
        #expect(store.calls == [.begin(.readWrite(retrying: nil)), .rollback(TransactionID(bytes: [1]))])
    }

    @Test func nonAbortedCommitFailure_isNotRetried() async throws {
        let store = ScriptedStore(script: .init(commitFailures: [DocumentStoreError(.notFound, "gone")]))
        let db = Database(store: store, options: SleepRecorder().options)
        let member = db.document("members/ana")

        let error = await #expect(throws: DocumentStoreError.self) {
            try await db.runTransaction { transaction in transaction.updateData(["a": 1], forDocument: member) }
        }
        #expect(error?.code == .notFound)
        #expect(store.calls.count { if case .begin = $0 { true } else { false } } == 1)
    }

    @Test func readAfterWrite_isInvalidArgument() async throws {
        let db = Database(store: ScriptedStore(), options: SleepRecorder().options)
        let member = db.document("members/ana")

        let error = await #expect(throws: DocumentStoreError.self) {
            try await db.runTransaction { transaction in
                transaction.setData(["a": 1], forDocument: member)
                _ = try await transaction.getDocument(member)
            }
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func reads_goThroughTheTransaction() async throws {
        let store = ScriptedStore()
        let db = Database(store: store, options: SleepRecorder().options)
        let member = db.document("members/ana")

        _ = try await db.runTransaction { transaction in try await transaction.getDocument(member) }

        #expect(store.calls.contains(.batchGet([member.path], .transaction(TransactionID(bytes: [1])))))
    }

    @Test func readOnlyTransaction_refusesWrites_andRollsBack() async throws {
        let store = ScriptedStore()
        let db = Database(store: store, options: SleepRecorder().options)
        let member = db.document("members/ana")

        let error = await #expect(throws: DocumentStoreError.self) {
            try await db.runReadOnlyTransaction { transaction in transaction.setData(["a": 1], forDocument: member) }
        }
        #expect(error?.code == .invalidArgument)
        #expect(store.calls == [.begin(.readOnly(readTime: nil)), .rollback(TransactionID(bytes: [1]))])
    }

    @Test func jitteredBackoff_growsAndStaysWithinHalfToAllOfTheNominalDelay() {
        let backoff = Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .seconds(1))

        #expect(backoff.delay(beforeRetry: 1) == .milliseconds(100))
        #expect(backoff.delay(beforeRetry: 3) == .milliseconds(400))
        #expect(backoff.delay(beforeRetry: 10) == .seconds(1))
        #expect(backoff.jitteredDelay(beforeRetry: 2, random: 0) == .milliseconds(100))
        #expect(backoff.jitteredDelay(beforeRetry: 2, random: 0.999_999_999) <= .milliseconds(200))
    }

    private func aborted() -> DocumentStoreError { DocumentStoreError(.aborted, "contention") }
}
