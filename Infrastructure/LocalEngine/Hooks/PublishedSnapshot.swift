import HearthDomain

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
