import HearthDomain

/// The changes one published commit made, for listeners.
public struct CommittedChanges: Sendable, Hashable {
    /// The commit time: reads at this time (or later) see the changes.
    public var commitTime: Timestamp
    /// One entry per document the commit actually changed, in the order it first touched them.
    public var changes: [CommittedChange]

    public init(commitTime: Timestamp, changes: [CommittedChange]) {
        self.commitTime = commitTime
        self.changes = changes
    }
}
