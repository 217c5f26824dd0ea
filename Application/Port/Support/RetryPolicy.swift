public import HearthDomain

/// When a failed call is tried again, how long to wait in between, and how long the whole call may take:
/// the one retry policy of the project, used by the Firestore REST adapter and the store retry decorator
/// (and, with their own values, by transactions).
///
/// Defaults follow Google's client configuration for Firestore: idempotent calls (reads, queries,
/// aggregations, `beginTransaction`, `rollback`, `listCollectionIDs`, deletes) are retried on
/// `unavailable`, `resourceExhausted`, `internal` and `deadlineExceeded`; non-idempotent calls (commits)
/// only on `resourceExhausted` and `unavailable` — and an adapter that cannot tell whether a commit
/// reached its server does not resend it (see `Docs/FirestoreRESTAdapter.md`). At most 5 attempts;
/// backoff 100 ms, ×1.3 per retry, at most 60 s, each delay between half and all of its nominal value;
/// the whole call, every attempt and wait included, within a 60 s ``deadline`` (Google's `timeout`).
/// A delay the server asks for (`Retry-After`) is honoured up to ``maximumServerDelay`` and never past
/// the deadline.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts one call makes, the first included (at least 1; 1 means no retries).
    public var maximumAttempts: Int
    /// The delays between attempts.
    public var backoff: Backoff
    /// How long one call may take, all attempts and waits included (`nil`: no overall deadline). No retry
    /// starts once its wait would end past the deadline, and adapters bound each attempt by what is left.
    public var deadline: Duration?
    /// The longest server-requested delay honoured (default 60 s); a longer one is cut to it.
    public var maximumServerDelay: Duration
    /// The codes retried for idempotent calls.
    public var idempotentRetryableCodes: Set<DocumentStoreError.Code>
    /// The codes retried for non-idempotent calls (commits).
    public var nonIdempotentRetryableCodes: Set<DocumentStoreError.Code>

    /// A policy; see the type for the defaults.
    public init(
        maximumAttempts: Int = 5,
        backoff: Backoff = Backoff(initial: .milliseconds(100), multiplier: 1.3, maximum: .seconds(60)),
        deadline: Duration? = .seconds(60),
        maximumServerDelay: Duration = .seconds(60),
        idempotentRetryableCodes: Set<DocumentStoreError.Code> = [
            .unavailable, .resourceExhausted, .internal, .deadlineExceeded,
        ],
        nonIdempotentRetryableCodes: Set<DocumentStoreError.Code> = [.resourceExhausted, .unavailable]
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.backoff = backoff
        self.deadline = deadline.map { max($0, .zero) }
        self.maximumServerDelay = max(maximumServerDelay, .zero)
        self.idempotentRetryableCodes = idempotentRetryableCodes
        self.nonIdempotentRetryableCodes = nonIdempotentRetryableCodes
    }

    /// The defaults described above.
    public static let `default` = RetryPolicy()

    /// One attempt per call, never a retry (the deadline still bounds the attempt).
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// Whether a call of the given idempotency that failed with `code` after `attempt` attempts
    /// (1 for the first) is tried again, by code and attempt count alone (the deadline is the ``Retrier``'s).
    public func shouldRetry(_ code: DocumentStoreError.Code, idempotent: Bool, afterAttempt attempt: Int) -> Bool {
        guard attempt < maximumAttempts else { return false }
        return retryableCodes(idempotent: idempotent).contains(code)
    }

    /// The codes retried for a call of the given idempotency.
    public func retryableCodes(idempotent: Bool) -> Set<DocumentStoreError.Code> {
        idempotent ? idempotentRetryableCodes : nonIdempotentRetryableCodes
    }
}
