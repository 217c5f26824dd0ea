import HearthDomain

/// The one retry loop of the project: runs an operation until it succeeds, fails with an error that is
/// not to be retried, runs out of attempts, or would run past its deadline — waiting between attempts as
/// the ``RetryPolicy``'s ``Backoff`` says, or longer when the failure carries a server-requested delay.
///
/// The caller decides, per failure, whether it may be retried (``Verdict``); the loop owns the attempt
/// count, the delays, the deadline and the waiting. The last error is rethrown unchanged; a wait that
/// throws (task cancellation) ends the call with `cancelled`. Time and randomness are injected, so tests
/// observe every delay without waiting.
public struct Retrier: Sendable {
    /// What the caller says about one failure.
    public enum Verdict: Sendable, Hashable {
        /// Do not retry: rethrow the error.
        case stop
        /// Retry after the backoff, or after `notBefore` when the server asked for a longer delay (cut to
        /// ``RetryPolicy/maximumServerDelay``).
        case retry(notBefore: Duration? = nil)
    }

    /// One attempt, as the operation sees it.
    public struct Attempt: Sendable, Hashable {
        /// 1 for the first attempt.
        public let number: Int
        /// The time left before the call's deadline (`nil`: no deadline); bound the attempt by it.
        public let remaining: Duration?
    }

    /// When to retry and how long to wait.
    public var policy: RetryPolicy
    /// Waits between attempts (default `Task.sleep`); throwing ends the call with `cancelled`.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A uniform random number in `0..<1` for the jitter (default: the system generator).
    public var random: @Sendable () -> Double
    /// A monotonic clock (default: `ContinuousClock`, as time since an arbitrary origin).
    public var now: @Sendable () -> Duration

    /// A retry loop following `policy`; the other parameters are the injectable waits, jitter and clock
    /// described on each property.
    public init(
        policy: RetryPolicy,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Duration = Retrier.monotonicNow
    ) {
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    /// `ContinuousClock`'s time since a fixed origin.
    @Sendable public static func monotonicNow() -> Duration {
        ContinuousClock.now - origin
    }

    private static let origin = ContinuousClock.now

    /// The wait before retry number `retry` (1 for the first) given a server's requested delay, if any:
    /// the jittered backoff, or the server's delay when longer (cut to ``RetryPolicy/maximumServerDelay``).
    public func delay(beforeRetry retry: Int, notBefore: Duration?) -> Duration {
        let backoff = policy.backoff.jitteredDelay(beforeRetry: retry, random: random())
        guard let notBefore else { return backoff }
        return max(backoff, min(max(notBefore, .zero), policy.maximumServerDelay))
    }

    /// Runs `body` until it succeeds or the loop ends (see the type); returns what `body` returns.
    /// - Parameters:
    ///   - operation: names the call in the `cancelled` error of an interrupted wait.
    ///   - isolation: where `body` runs: the caller's isolation (the default), so it may touch the
    ///     caller's state.
    ///   - body: one attempt.
    ///   - verdict: whether the error of an attempt may be retried.
    ///   - willRetry: told about each retry (error, attempt number, wait), e.g. to log it.
    public func run<T>(
        operation: String,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Attempt) async throws -> T,
        verdict: (any Error, Attempt) -> Verdict,
        willRetry: (any Error, Attempt, Duration) -> Void = { _, _, _ in }
    ) async throws -> T {
        let start = now()
        var number = 1
        while true {
            let attempt = Attempt(number: number, remaining: policy.deadline.map { $0 - (now() - start) })
            do {
                return try await body(attempt)
            } catch let failure {
                guard number < policy.maximumAttempts, case .retry(let notBefore) = verdict(failure, attempt) else {
                    throw failure
                }
                let wait = delay(beforeRetry: number, notBefore: notBefore)
                if let deadline = policy.deadline, now() - start + wait >= deadline { throw failure }
                willRetry(failure, attempt, wait)
                do {
                    try await sleep(wait)
                } catch {
                    throw DocumentStoreError(
                        .cancelled, "\(operation) was cancelled while waiting to retry.", underlying: failure)
                }
                number += 1
            }
        }
    }
}
