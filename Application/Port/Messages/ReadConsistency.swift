public import HearthDomain

/// Which state of the database a read sees.
public enum ReadConsistency: Sendable, Hashable {
    /// The latest committed state.
    case latest
    /// The state seen by a transaction (read-write reads also register for conflict detection).
    case transaction(TransactionID)
    /// The state at a past time (microsecond precision).
    case readTime(Timestamp)
}
