public import HearthApplication
public import HearthDomain

/// When ``RetryingDocumentStore`` tries a failed call again, and how long it waits in between.
///
/// Defaults follow the REST adapter's policy (Google's client defaults): idempotent calls (reads,
/// queries, aggregations, `beginTransaction`, `rollback`, `listCollectionIDs`) are retried on
/// `unavailable`, `resourceExhausted`, `internal` and `deadlineExceeded`; commits only on
/// `resourceExhausted` and `unavailable`. At most 5 attempts; 100 ms before the first retry, ×1.3 per
/// retry, at most 10 s, each delay between half and all of its nominal value (jitter). `aborted` is never
/// retried here: retrying a transaction is the client's job (`Database.runTransaction`).
public struct StoreRetryPolicy: Sendable, Hashable {
    /// The most attempts one call makes, the first included (at least 1; 1 means no retries).
    public var maximumAttempts: Int
    /// The delays between attempts.
    public var backoff: Backoff
    /// The codes retried for idempotent calls.
    public var idempotentRetryableCodes: Set<DocumentStoreError.Code>
    /// The codes retried for commits.
    public var nonIdempotentRetryableCodes: Set<DocumentStoreError.Code>

    /// A policy; see each property for its default.
    public init(
        maximumAttempts: Int = 5,
        backoff: Backoff = Backoff(initial: .milliseconds(100), multiplier: 1.3, maximum: .seconds(10)),
        idempotentRetryableCodes: Set<DocumentStoreError.Code> = [.unavailable, .resourceExhausted, .internal, .deadlineExceeded],
        nonIdempotentRetryableCodes: Set<DocumentStoreError.Code> = [.resourceExhausted, .unavailable]
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.backoff = backoff
        self.idempotentRetryableCodes = idempotentRetryableCodes
        self.nonIdempotentRetryableCodes = nonIdempotentRetryableCodes
    }

    /// The defaults described above.
    public static let standard = StoreRetryPolicy()

    /// One attempt per call.
    public static let none = StoreRetryPolicy(maximumAttempts: 1)

    /// Whether a call that failed with `code` on attempt `attempt` (1 for the first) is tried again.
    public func shouldRetry(_ code: DocumentStoreError.Code, idempotent: Bool, afterAttempt attempt: Int) -> Bool {
        guard attempt < maximumAttempts else { return false }
        return (idempotent ? idempotentRetryableCodes : nonIdempotentRetryableCodes).contains(code)
    }
}
