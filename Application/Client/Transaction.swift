public import HearthDomain
public import HearthPort

/// The reads and writes of one attempt of ``Database/runTransaction(maxAttempts:isolation:_:)``.
///
/// Reads see the transaction's consistent view; writes are collected and committed atomically when the
/// body returns. Firebase's non-throwing write forms with Swift values keep their first error, and the
/// transaction then fails with it (`invalidArgument`, not retried) instead of committing. As in Firestore's SDKs, every read must come before the first write
/// (`invalidArgument` otherwise), and a read-only transaction takes no writes.
public final class Transaction: WriteCollecting {
    /// The database the transaction reads and writes.
    public let database: Database
    /// The store's handle for this attempt.
    public let id: TransactionID
    /// Whether this is a read-only transaction.
    public let isReadOnly: Bool
    private let writes = PendingWrites()

    init(database: Database, id: TransactionID, isReadOnly: Bool) {
        self.database = database
        self.id = id
        self.isReadOnly = isReadOnly
    }

    /// Reads a document in the transaction.
    public func getDocument(_ document: DocumentReference) async throws -> DocumentSnapshot {
        try checkReadable()
        let snapshot = try await database.getDocuments([document], fieldMask: nil, consistency: .transaction(id))
        guard let first = snapshot.first else {
            throw DocumentStoreError(
                .internal, "The store answered a transactional read of \(document.path) with nothing.")
        }
        return first
    }

    /// Reads a document in the transaction and decodes it; `notFound` when it does not exist.
    public func getDocument<T: Decodable>(
        _ document: DocumentReference, as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    )
        async throws -> T
    {
        try await getDocument(document).data(as: type, decoder: decoder)
    }

    /// Reads several documents in the transaction, in the order given.
    public func getDocuments(_ documents: [DocumentReference]) async throws -> [DocumentSnapshot] {
        try checkReadable()
        return try await database.getDocuments(documents, fieldMask: nil, consistency: .transaction(id))
    }

    /// Runs a query in the transaction (its results are part of what the transaction read).
    public func getDocuments(_ query: some QueryConvertible) async throws -> QuerySnapshot {
        try checkReadable()
        return try await query.query.run(consistency: .transaction(id))
    }

    /// Adds `write` to the attempt's writes; `invalidArgument` in a read-only transaction,
    /// `failedPrecondition` once the attempt is over.
    public func collect(_ write: Write) throws(DocumentStoreError) {
        if isReadOnly { throw .invalidArgument("A read-only transaction cannot write (\(write.path)).") }
        try writes.append(
            write,
            refusal: DocumentStoreError(
                .failedPrecondition, "This transaction attempt is over; it takes no more writes."))
    }

    /// Keeps the first error of a non-throwing write method; the transaction then fails with it.
    public func recordFailure(_ error: DocumentStoreError) {
        writes.recordFailure(error)
    }

    private func checkReadable() throws(DocumentStoreError) {
        let (finished, wrote) = writes.status
        if finished {
            throw DocumentStoreError(.failedPrecondition, "This transaction attempt is over; it takes no more reads.")
        }
        if wrote {
            throw .invalidArgument("Firestore transactions require all reads to be executed before all writes.")
        }
    }

    func finish() -> [Write] {
        writes.close()
    }

    /// Ends the attempt; its writes, or the first error a non-throwing write method recorded.
    func finishForCommit() throws(DocumentStoreError) -> [Write] {
        try writes.closeForCommit()
    }
}

extension Database {
    /// Runs `body` in a read-write transaction and commits its writes atomically; returns what `body` returns.
    ///
    /// - The body runs up to `maxAttempts` times (default ``DatabaseOptions/transactionMaxAttempts``, 5):
    ///   when an attempt fails with `aborted` (contention), the transaction is rolled back and retried
    ///   after a jittered exponential backoff, the new one naming the old one (`retrying`) to keep its place.
    /// - Every failure path rolls the attempt back: an error thrown by `body` (rethrown as is, never
    ///   retried), a failed read, a failed commit, cancellation (`cancelled`).
    /// - All reads must come before the first write.
    ///
    /// `body` runs in the caller's isolation, so it may touch the caller's state.
    public func runTransaction<T>(
        maxAttempts: Int? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Transaction) async throws -> T
    ) async throws -> T {
        let attempts = max(1, maxAttempts ?? options.transactionMaxAttempts)
        let retrier = Retrier(
            policy: RetryPolicy(maximumAttempts: attempts, backoff: options.transactionBackoff, deadline: nil),
            sleep: options.sleep,
            random: options.random
        )
        var previous: TransactionID?
        await pipeline.drain()
        return try await retrier.run(operation: "The transaction") { _ in
            try Task.checkCancellation()
            let id = try await store.beginTransaction(.readWrite(retrying: previous))
            let transaction = Transaction(database: self, id: id, isReadOnly: false)
            do {
                let result = try await body(transaction)
                try Task.checkCancellation()
                _ = try await store.commit(transaction.finishForCommit(), transaction: id)
                return result
            } catch {
                _ = transaction.finish()
                try? await store.rollback(id)
                previous = id
                throw Self.translated(error)
            }
        } verdict: { error, _ in
            // Only contention is retried; an ambiguous commit failure (`unavailable`, "the write may have
            // been applied") is not, since the transaction may have committed.
            (error as? DocumentStoreError)?.code == .aborted ? .retry() : .stop
        }
    }

    /// Runs `body` in a read-only transaction: every read sees one consistent snapshot of the database,
    /// now or at `readTime`. A read-only transaction is never retried and takes no writes.
    public func runReadOnlyTransaction<T>(
        readTime: Timestamp? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Transaction) async throws -> T
    ) async throws -> T {
        try Task.checkCancellation()
        await pipeline.drain()
        let id = try await store.beginTransaction(.readOnly(readTime: readTime))
        let transaction = Transaction(database: self, id: id, isReadOnly: true)
        do {
            let result = try await body(transaction)
            _ = try transaction.finishForCommit()
            try? await store.rollback(id)
            return result
        } catch {
            _ = transaction.finish()
            try? await store.rollback(id)
            throw Self.translated(error)
        }
    }

    static func translated(_ error: any Error) -> any Error {
        error is CancellationError
            ? DocumentStoreError(.cancelled, "The transaction was cancelled.", underlying: error as? CancellationError)
            : error
    }
}
