public import HearthDomain
import Synchronization

/// Writes committed together, atomically: all of them or none (Firebase's `WriteBatch`).
///
/// ```swift
/// let batch = db.batch()
/// batch.setData(["name": "Yoga"], forDocument: classes.document("c1"))
///          .updateData(["count": FieldValue.increment(1)], forDocument: stats)
/// try await batch.commit()
/// ```
///
/// Safe to share between tasks. After ``commit()`` the batch takes no more writes (`failedPrecondition`).
/// Firebase's non-throwing forms with Swift values (`batch.setData(data, forDocument: ref)` where `data`
/// is a `[String: Any]`) keep their first error, and ``commit()`` throws it, writing nothing.
public final class WriteBatch: WriteCollecting {
    public let database: Database
    private let state = Mutex(State())

    private struct State {
        var writes: [Write] = []
        var committed = false
        var failure: DocumentStoreError?
    }

    init(database: Database) {
        self.database = database
    }

    /// How many writes the batch holds.
    public var count: Int { state.withLock { $0.writes.count } }

    public func collect(_ write: Write) throws(DocumentStoreError) {
        let accepted = state.withLock { state -> Bool in
            guard !state.committed else { return false }
            state.writes.append(write)
            return true
        }
        if !accepted { throw DocumentStoreError(.failedPrecondition, "A write batch can no longer be used after commit().") }
    }

    public func recordFailure(_ error: DocumentStoreError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    /// Commits every write atomically and returns one result per write, in order. An empty batch commits
    /// nothing and returns no results. Failures: the first error a non-throwing write method recorded
    /// (nothing is written); as ``DocumentStore/commit(_:transaction:)``; a second commit is
    /// `failedPrecondition`.
    @discardableResult
    public func commit() async throws -> [WriteResult] {
        let writes = try state.withLock { state throws(DocumentStoreError) -> [Write] in
            guard !state.committed else { throw DocumentStoreError(.failedPrecondition, "A write batch can only be committed once.") }
            state.committed = true
            if let failure = state.failure { throw failure }
            return state.writes
        }
        guard !writes.isEmpty else { return [] }
        await database.pipeline.drain()
        return try await database.store.commit(writes, transaction: nil).writeResults
    }
}
