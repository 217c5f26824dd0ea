public import HearthDomain

/// When and how the REST adapter retries a failed request: which codes are retried for which kind of
/// call, and the jittered exponential backoff between attempts. A plain value the composition root can
/// change (``none`` turns retries off).
///
/// Defaults follow Google's official client configuration for Firestore: idempotent calls (get, list,
/// batchGet, runQuery, runAggregationQuery, partitionQuery, delete, beginTransaction, rollback,
/// listCollectionIds) are retried on `unavailable`, `resourceExhausted`, `internal` and
/// `deadlineExceeded`; non-idempotent calls (commit, patch, createDocument, batchWrite) only on
/// `resourceExhausted` and `unavailable`. Backoff starts at 100 ms and grows ×1.3 per retry up to 60 s.
/// A call makes at most ``maximumAttempts`` (default 5) attempts. Task cancellation stops the retries,
/// also during a backoff sleep.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts one call makes, the first included (default 5; 1 means no retries).
    public var maximumAttempts: Int
    /// The backoff before the first retry (default 100 ms).
    public var initialBackoff: Duration
    /// The factor the backoff grows by after each retry (default 1.3).
    public var multiplier: Double
    /// The longest backoff (default 60 s).
    public var maximumBackoff: Duration
    /// How far a backoff is spread around its nominal value: a backoff `b` becomes `b × (1 − j + 2·j·u)`
    /// for a uniform `u` in `0..<1` (default `j` = 0.5, i.e. 50 %...150 %), then capped at ``maximumBackoff``.
    public var jitter: Double
    /// The codes retried for idempotent calls.
    public var idempotentRetryableCodes: Set<DocumentStoreError.Code>
    /// The codes retried for non-idempotent calls.
    public var nonIdempotentRetryableCodes: Set<DocumentStoreError.Code>

    public init(
        maximumAttempts: Int = 5,
        initialBackoff: Duration = .milliseconds(100),
        multiplier: Double = 1.3,
        maximumBackoff: Duration = .seconds(60),
        jitter: Double = 0.5,
        idempotentRetryableCodes: Set<DocumentStoreError.Code> = [.unavailable, .resourceExhausted, .internal, .deadlineExceeded],
        nonIdempotentRetryableCodes: Set<DocumentStoreError.Code> = [.resourceExhausted, .unavailable]
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = initialBackoff
        self.multiplier = multiplier
        self.maximumBackoff = maximumBackoff
        self.jitter = min(max(jitter, 0), 1)
        self.idempotentRetryableCodes = idempotentRetryableCodes
        self.nonIdempotentRetryableCodes = nonIdempotentRetryableCodes
    }

    /// The official defaults (see the type's documentation).
    public static let `default` = RetryPolicy()

    /// One attempt per call, never a retry.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// Whether a call of the given idempotency that failed with `code` after `attempt` attempts
    /// (1 for the first) is tried again.
    public func shouldRetry(_ code: DocumentStoreError.Code, idempotent: Bool, afterAttempt attempt: Int) -> Bool {
        guard attempt < maximumAttempts else { return false }
        return (idempotent ? idempotentRetryableCodes : nonIdempotentRetryableCodes).contains(code)
    }

    /// The sleep before retry number `retry` (1 for the first retry), given a uniform random `unit` in `0..<1`.
    public func backoff(beforeRetry retry: Int, unit: Double) -> Duration {
        let nominal = nominalBackoff(beforeRetry: retry)
        let factor = 1 - jitter + 2 * jitter * min(max(unit, 0), 1)
        return min(nominal * factor, maximumBackoff)
    }

    /// The backoff before retry number `retry` without jitter: `initial × multiplier^(retry−1)`, capped.
    public func nominalBackoff(beforeRetry retry: Int) -> Duration {
        var backoff = initialBackoff
        for _ in 1..<max(1, retry) {
            backoff = backoff * multiplier
            if backoff >= maximumBackoff { return maximumBackoff }
        }
        return min(backoff, maximumBackoff)
    }
}
