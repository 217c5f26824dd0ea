public import HearthDomain
public import HearthPort

/// A `DocumentStore` decorator that retries failed calls of the store it wraps, as its
/// `RetryPolicy` says (through the project's one retry loop, `Retrier`), for stores that have no retries of their own (the local ones).
///
/// A query is retried only when it fails before its first result: once results have been delivered, the
/// failure is passed on. Task cancellation stops the retries (a backoff sleep is cancelled too) and ends
/// the call with `cancelled`. Every other error, and the last one, is rethrown unchanged.
public struct RetryingDocumentStore: DocumentStore {
    /// The store whose calls are retried.
    public let base: any DocumentStore
    /// When to retry.
    public let policy: RetryPolicy
    private let retrier: Retrier
    private let logger: any HearthLogger

    /// Wraps `base`.
    /// - Parameters:
    ///   - base: the store whose calls are retried.
    ///   - policy: which failures are retried, how often, how long apart, and the deadline of each call
    ///     (default `RetryPolicy.default`).
    ///   - sleep: waits between attempts (default `Task.sleep`; inject a recorder in tests).
    ///   - random: jitter in `0..<1` (default: the system generator).
    ///   - logger: told about each retry at ``HearthLogLevel/info`` (default: nothing).
    public init(
        wrapping base: any DocumentStore,
        policy: RetryPolicy = .default,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        logger: any HearthLogger = NoLogger()
    ) {
        self.base = base
        self.policy = policy
        self.retrier = Retrier(policy: policy, sleep: sleep, random: random)
        self.logger = logger
    }

    /// The wrapped store's database.
    public var database: DatabaseID { base.database }

    /// The wrapped store's `getDocument`, retried as an idempotent call: on the policy's
    /// `idempotentRetryableCodes`, within its attempts and deadline.
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        try await attempt("getDocument \(path)", idempotent: true) {
            try await base.getDocument(path, mask: mask, consistency: consistency)
        }
    }

    /// The wrapped store's `batchGetDocuments`, retried as an idempotent call.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse
    {
        try await attempt("batchGetDocuments", idempotent: true) {
            try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
        }
    }

    /// The wrapped store's `listDocuments`, retried as an idempotent call.
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await attempt("listDocuments \(request.collectionID)", idempotent: true) {
            try await base.listDocuments(request)
        }
    }

    /// The base store's own listener (push-based on the local stores, polling with its own backoff on
    /// REST), unchanged: a listener's retries belong to it, not to this decorator.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        base.listen(target, options: options)
    }

    /// Closes the wrapped store, once: closing is never retried (a store is closed even when its
    /// `close()` throws).
    public func close() async throws {
        try await base.close()
    }

    /// Whether the wrapped store is closed.
    public var isClosed: Bool { base.isClosed }

    /// The wrapped store's `runQueryAll`, retried as an idempotent call (nothing has been delivered before it
    /// returns, so every attempt starts afresh).
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        try await attempt("runQuery", idempotent: true) {
            try await base.runQueryAll(parent: parent, query: query, consistency: consistency)
        }
    }

    /// The wrapped store's `runQuery`, retried as an idempotent call while no result has been delivered; a
    /// failure after the first result ends the stream with that error.
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        .relayed { continuation in
            var delivered = false
            try await retrier.run(operation: "runQuery") { _ in
                for try await element in base.runQuery(parent: parent, query: query, consistency: consistency) {
                    delivered = true
                    continuation.yield(element)
                }
            } verdict: { error, attempt in
                delivered ? .stop : verdict(after: error, idempotent: true)
            } willRetry: { error, attempt, wait in
                log(error, attempt: attempt, wait: wait, operation: "runQuery")
            }
        }
    }

    /// The wrapped store's `runAggregation`, retried as an idempotent call.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await attempt("runAggregation", idempotent: true) {
            try await base.runAggregation(parent: parent, query: query, consistency: consistency)
        }
    }

    /// The wrapped store's `commit`, retried only on the policy's `nonIdempotentRetryableCodes` (by default
    /// `resourceExhausted` and `unavailable`, answers that mean the commit was not applied).
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await attempt("commit of \(writes.count) writes", idempotent: false) {
            try await base.commit(writes, transaction: transaction)
        }
    }

    /// The wrapped store's `beginTransaction`, retried as an idempotent call.
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await attempt("beginTransaction", idempotent: true) { try await base.beginTransaction(options) }
    }

    /// The wrapped store's `rollback`, retried as an idempotent call.
    public func rollback(_ transaction: TransactionID) async throws {
        try await attempt("rollback", idempotent: true) { try await base.rollback(transaction) }
    }

    /// The wrapped store's `listCollectionIDs`, retried as an idempotent call.
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await attempt("listCollectionIDs", idempotent: true) { try await base.listCollectionIDs(request) }
    }

    // MARK: - Retrying

    private func attempt<T>(_ operation: String, idempotent: Bool, _ body: () async throws -> T) async throws -> T {
        try await retrier.run(operation: operation) { _ in
            try await body()
        } verdict: { error, _ in
            verdict(after: error, idempotent: idempotent)
        } willRetry: { error, attempt, wait in
            log(error, attempt: attempt, wait: wait, operation: operation)
        }
    }

    /// Whether `error` may be retried: a ``DocumentStoreError`` whose code the policy retries, unless the
    /// task was cancelled.
    private func verdict(after error: any Error, idempotent: Bool) -> Retrier.Verdict {
        guard !Task.isCancelled, let storeError = error as? DocumentStoreError,
            policy.retryableCodes(idempotent: idempotent).contains(storeError.code)
        else { return .stop }
        return .retry()
    }

    private func log(_ error: any Error, attempt: Retrier.Attempt, wait: Duration, operation: String) {
        guard logger.isEnabled(.info), let storeError = error as? DocumentStoreError else { return }
        logger.log(
            .info,
            "\(operation) failed with \(storeError.code.name) (attempt \(attempt.number) of \(policy.maximumAttempts)); retrying in \(wait)"
        )
    }
}
