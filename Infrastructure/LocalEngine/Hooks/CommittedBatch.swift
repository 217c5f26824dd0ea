import HearthDomain

/// The effect of one commit, as the engine made it: the final state of every document the commit changed,
/// at one commit time. This is what a durable store logs, and what it replays on open
/// (``LocalEngine/replay(_:)``).
///
/// Documents the commit touched without changing them (a no-op write) are not included. A batch may be
/// empty (a commit that changed nothing); it still carries its commit time, which later commits exceed.
public struct CommittedBatch: Sendable, Hashable {
    /// The commit time; strictly greater than that of every earlier batch.
    public var commitTime: Timestamp
    /// The final state of each changed document, in the order the commit first touched them.
    public var documents: [CommittedDocument]

    public init(commitTime: Timestamp, documents: [CommittedDocument]) {
        self.commitTime = commitTime
        self.documents = documents
    }
}
