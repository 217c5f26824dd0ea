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

/// The state a commit left one document in.
public struct CommittedDocument: Sendable, Hashable {
    /// The document's path.
    public var path: DocumentPath
    /// The document after the commit (its create and update times included), or `nil` when it was deleted.
    public var document: Document?

    public init(path: DocumentPath, document: Document?) {
        self.path = path
        self.document = document
    }
}

/// The published state of an engine at one commit time (``LocalEngine/publishedSnapshot()``): what a
/// durable store writes when it compacts its log. Restore it with ``LocalEngine/restore(_:through:)``.
public struct PublishedSnapshot: Sendable, Hashable {
    /// Every existing document, in no particular order.
    public var documents: [Document]
    /// The commit time the snapshot reflects: every batch committed at or before it is included.
    public var commitTime: Timestamp

    public init(documents: [Document], commitTime: Timestamp) {
        self.documents = documents
        self.commitTime = commitTime
    }
}
