public import Foundation
import Synchronization

/// A clock a test moves by hand, for code that takes `now: @Sendable () -> Date`: it starts at
/// 2027-01-15T08:00:00Z (1,800,000,000 seconds since 1970) unless told otherwise, and moves only when
/// ``advance(by:)`` is called.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// A clock reading `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    /// Moves the clock `seconds` forward (backward when negative).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// What the clock reads now.
    public var now: Date { current.withLock { $0 } }

    /// The clock as the function the code under test takes.
    public var function: @Sendable () -> Date { { self.now } }
}
