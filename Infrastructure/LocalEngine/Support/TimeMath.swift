import HearthDomain

/// Microsecond arithmetic on timestamps, clamped to Firestore's valid range.
enum TimeMath {
    static let microsecondsPerSecond: Int64 = 1_000_000

    /// Microseconds since the epoch (nanoseconds below a microsecond are dropped).
    static func microseconds(_ timestamp: Timestamp) -> Int64 {
        timestamp.seconds * microsecondsPerSecond + Int64(timestamp.nanoseconds / 1_000)
    }

    /// The timestamp of a microsecond count, clamped to `Timestamp.min...Timestamp.max`.
    static func timestamp(microseconds: Int64) -> Timestamp {
        let lowest = TimeMath.microseconds(Timestamp.min)
        let highest = TimeMath.microseconds(Timestamp.max)
        let clamped = Swift.min(Swift.max(microseconds, lowest), highest)
        var seconds = clamped / microsecondsPerSecond
        var remainder = clamped % microsecondsPerSecond
        if remainder < 0 {
            seconds -= 1
            remainder += microsecondsPerSecond
        }
        do {
            return try Timestamp(seconds: seconds, nanoseconds: Int32(remainder * 1_000))
        } catch {
            return clamped <= lowest ? Timestamp.min : Timestamp.max
        }
    }

    /// `timestamp` moved by `microseconds` (negative: earlier), clamped to the valid range.
    static func adding(_ microseconds: Int64, to timestamp: Timestamp) -> Timestamp {
        let (sum, overflow) = self.microseconds(timestamp).addingReportingOverflow(microseconds)
        if overflow { return microseconds > 0 ? Timestamp.max : Timestamp.min }
        return self.timestamp(microseconds: sum)
    }

    /// Whole microseconds in a duration (rounded toward zero), saturating.
    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: microsecondsPerSecond)
        if overflow { return seconds > 0 ? Int64.max : Int64.min }
        let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000)
        if overflow2 { return seconds > 0 ? Int64.max : Int64.min }
        return total
    }

    /// Whether the timestamp has no digits below a microsecond.
    static func isMicrosecondAligned(_ timestamp: Timestamp) -> Bool {
        timestamp.nanoseconds % 1_000 == 0
    }
}
