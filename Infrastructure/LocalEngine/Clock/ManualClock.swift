import HearthDomain
import Synchronization

/// A clock that moves only when told to: for tests and reproducible runs.
public final class ManualClock: EngineClock {
    private let current: Mutex<Timestamp>

    /// A clock reading `start` (default `2024-01-01T00:00:00Z`).
    public init(start: Timestamp = ManualClock.defaultStart) {
        current = Mutex(start)
    }

    /// `2024-01-01T00:00:00Z`.
    public static let defaultStart = TimeMath.timestamp(microseconds: 1_704_067_200 * 1_000_000)

    public func now() -> Timestamp { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative duration); clamped to Firestore's timestamp range.
    public func advance(by duration: Duration) {
        let delta = TimeMath.microseconds(duration)
        current.withLock { $0 = TimeMath.adding(delta, to: $0) }
    }

    /// Sets the clock to `timestamp`.
    public func set(_ timestamp: Timestamp) {
        current.withLock { $0 = timestamp }
    }
}
