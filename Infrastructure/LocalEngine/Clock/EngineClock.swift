import Foundation
import HearthDomain

/// The engine's source of time: commit times, read times, transaction expiry and version retention all
/// come from here. Inject a ``ManualClock`` in tests.
///
/// The engine never trusts the clock to move forward: commit times are forced to increase strictly even
/// if `now()` stands still or goes back.
public protocol EngineClock: Sendable {
    /// The current time.
    func now() -> Timestamp
}

/// The wall clock (`Date()`), to the microsecond.
public struct SystemClock: EngineClock {
    public init() {}

    public func now() -> Timestamp {
        Timestamp(date: Date()).truncatedToMicroseconds
    }
}
