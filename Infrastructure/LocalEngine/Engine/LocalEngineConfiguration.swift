/// Tunables of a ``LocalEngine``; every property documents its default.
public struct LocalEngineConfiguration: Sendable, Hashable {
    /// How long a transaction may sit unused before it expires (later use fails with `aborted`).
    /// Default 60 seconds, like Firestore.
    public var transactionIdleTimeout: Duration
    /// How long a transaction may live in total before it expires. Default 270 seconds, like Firestore.
    public var transactionMaximumLifetime: Duration
    /// How long superseded document versions are kept for reads at a past time (`readTime`, read-only
    /// transactions). Reads further back fail with `failedPrecondition`. Default one hour, like Firestore.
    public var versionRetention: Duration

    public init(
        transactionIdleTimeout: Duration = .seconds(60),
        transactionMaximumLifetime: Duration = .seconds(270),
        versionRetention: Duration = .seconds(3_600)
    ) {
        self.transactionIdleTimeout = transactionIdleTimeout
        self.transactionMaximumLifetime = transactionMaximumLifetime
        self.versionRetention = versionRetention
    }
}
