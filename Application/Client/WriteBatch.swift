public import HearthDomain
import HearthPort

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
    /// The database the batch commits to.
    public let database: Database
    private let writes = PendingWrites()

    init(database: Database) {
        self.database = database
    }

    /// How many writes the batch holds.
    public var count: Int { writes.count }

    /// Adds `write` to the batch; `failedPrecondition` after ``commit()``.
    public func collect(_ write: Write) throws(DocumentStoreError) {
        try writes.append(
            write,
            refusal: DocumentStoreError(.failedPrecondition, "A write batch can no longer be used after commit()."))
    }

    /// Keeps the first error of a non-throwing write method; ``commit()`` throws it.
    public func recordFailure(_ error: DocumentStoreError) {
        writes.recordFailure(error)
    }

    /// Commits every write atomically and returns one result per write, in order. An empty batch commits
    /// nothing and returns no results. Failures: the first error a non-throwing write method recorded
    /// (nothing is written); as `DocumentStore.commit(_:transaction:)`; a second commit is
    /// `failedPrecondition`.
    @discardableResult
    public func commit() async throws -> [WriteResult] {
        let writes = try self.writes.closeForCommit(
            closedRefusal: DocumentStoreError(.failedPrecondition, "A write batch can only be committed once.")
        )
        guard !writes.isEmpty else { return [] }
        await database.pipeline.drain()
        return try await database.store.commit(writes, transaction: nil).writeResults
    }
}
