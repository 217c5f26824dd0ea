/// How a sync engine reconnects a failed listener: seed 001's backoff, `min(2^n, 60)` seconds before
/// attempt `n + 1` (1, 2, 4, 8, 16, 32, 60, 60, … s), where `n` counts the failures since the last event
/// the listener delivered (an event resets it to 0).
public struct SyncRetryPolicy: Sendable {
    /// The longest wait. Default 60 s, as the seed.
    public var maximumDelay: Duration
    /// How the engine waits (inject a recorder in tests). Default: `Task.sleep`; cancelled when the
    /// engine stops listening.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// The seed's policy, with `sleep` injectable.
    public init(
        maximumDelay: Duration = .seconds(60),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maximumDelay = maximumDelay
        self.sleep = sleep
    }

    /// The wait after `failures` consecutive failures (the first failure is `failures == 0`: 1 s):
    /// `min(2^failures s, maximumDelay)`; negative counts count as 0.
    public func delay(afterFailures failures: Int) -> Duration {
        let exponent = min(max(failures, 0), 30)
        return min(.seconds(1 << exponent), maximumDelay)
    }
}
