/// The one backoff formula of the project: exponential with jitter.
///
/// The nominal delay before retry *n* (1 for the first retry) is `initial × multiplier^(n−1)`, capped at
/// `maximum`; the delay actually waited is `nominal × (1 − jitter + jitter × u)` for a uniform `u` in
/// `0..<1` — with the default `jitter` of 0.5, between half and all of the nominal delay. A jittered
/// delay never exceeds its nominal one, so `maximum` is a true bound. Every retry loop uses it: the REST
/// adapter and the store retry decorator (through ``Retrier``), transactions and the polling listener.
public struct Backoff: Sendable, Hashable {
    /// The nominal delay before the first retry.
    public var initial: Duration
    /// The factor the nominal delay grows by per retry.
    public var multiplier: Double
    /// The longest delay.
    public var maximum: Duration
    /// The fraction of the nominal delay that is random, clamped to `0...1` (0: no jitter; default 0.5).
    public var jitter: Double

    /// A backoff from `initial`, growing by `multiplier` per retry up to `maximum`, with `jitter` clamped to
    /// `0...1` (a NaN or infinite jitter is the default 0.5).
    public init(initial: Duration, multiplier: Double, maximum: Duration, jitter: Double = 0.5) {
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
        self.jitter = min(max(jitter.isFinite ? jitter : 0.5, 0), 1)
    }

    /// The nominal delay before retry number `retry` (1 for the first retry), without jitter.
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, retry) {
            delay = delay * multiplier
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }

    /// The delay before retry number `retry`, given a uniform `random` in `0..<1` (see the type).
    public func jitteredDelay(beforeRetry retry: Int, random: Double) -> Duration {
        let unit = random.isFinite ? min(max(random, 0), 1) : 0.5
        return delay(beforeRetry: retry) * (1 - jitter + jitter * unit)
    }
}
