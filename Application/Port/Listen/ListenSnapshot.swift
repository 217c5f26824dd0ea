public import HearthDomain

/// One snapshot of a listener: the target's documents as of ``readTime``, and how they changed since the
/// previous snapshot the consumer received.
public struct ListenSnapshot: Sendable, Hashable {
    /// The documents, in the target's order (a document target: zero or one document).
    public var documents: DocumentSet
    /// The changes since the previous snapshot, in Firestore's order (see ``ListenChange``). In the first
    /// snapshot every document is `added`, with increasing new indexes.
    public var changes: [ListenChange]
    /// The time the documents were current at.
    public var readTime: Timestamp
    /// Whether this is the listener's first snapshot.
    public var isInitial: Bool

    /// Whether the documents came from an offline cache and which have pending writes
    /// (``CacheMetadata/server`` from every store without a cache).
    public var metadata: CacheMetadata

    /// A snapshot, as a store's listener delivers it; `metadata` is ``CacheMetadata/server`` unless the
    /// store keeps an offline cache.
    public init(
        documents: DocumentSet, changes: [ListenChange], readTime: Timestamp, isInitial: Bool,
        metadata: CacheMetadata = .server
    ) {
        self.documents = documents
        self.changes = changes
        self.readTime = readTime
        self.isInitial = isInitial
        self.metadata = metadata
    }

    /// Whether no document changed: only the read time or the ``metadata`` (only delivered with
    /// ``ListenOptions/includeMetadataChanges``).
    public var isMetadataOnly: Bool { !isInitial && changes.isEmpty }
}
