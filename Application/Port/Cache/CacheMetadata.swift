public import HearthDomain

/// What an offline cache knows of one document beyond its fields: whether writes of it wait for the
/// server, and which of its fields hold a server timestamp the server has not set yet.
public struct PendingDocumentState: Sendable, Hashable {
    /// Whether a write of the document was applied locally and is not acknowledged by the server yet.
    public var hasPendingWrites: Bool
    /// The fields holding a pending server timestamp (`FieldValue.serverTimestamp()` written locally, not
    /// acknowledged), each with the value the field had before that write (`nil`: none, or not known).
    /// The document's own value at these fields is the local estimate (the time of the local write).
    public var serverTimestamps: [FieldPath: Value?]

    /// A state: `hasPendingWrites`, and the pending server timestamps with their previous values.
    public init(hasPendingWrites: Bool, serverTimestamps: [FieldPath: Value?] = [:]) {
        self.hasPendingWrites = hasPendingWrites
        self.serverTimestamps = serverTimestamps
    }
}

/// Where a read or a listener snapshot of an offline cache came from, and which of its documents have
/// pending writes (Firebase's `SnapshotMetadata`, per document). A store without a cache answers
/// ``server``: nothing from a cache, nothing pending.
public struct CacheMetadata: Sendable, Hashable {
    /// Whether the result came from the cache (it may be stale): `false` once the server's answer is in.
    public var isFromCache: Bool
    /// The documents of the result that have pending writes (absent: none), with their state.
    public var pending: [DocumentPath: PendingDocumentState]

    /// Metadata: `isFromCache`, and the documents with pending writes.
    public init(isFromCache: Bool, pending: [DocumentPath: PendingDocumentState] = [:]) {
        self.isFromCache = isFromCache
        self.pending = pending
    }

    /// Not from a cache, nothing pending: what every store without a cache reports.
    public static let server = CacheMetadata(isFromCache: false)

    /// Whether any document of the result has pending writes.
    public var hasPendingWrites: Bool { pending.values.contains { $0.hasPendingWrites } }
}

/// A document read from an offline cache (``CachingDocumentStore/readDocument(_:source:)``) with its metadata.
public struct CachedDocumentRead: Sendable, Hashable {
    /// The document with pending writes overlaid, `nil` when it does not exist.
    public var document: Document?
    /// Where it came from and its pending state (``CacheMetadata/pending`` holds the document's path when
    /// it has pending writes, even when it does not exist: a pending delete).
    public var metadata: CacheMetadata

    /// A read: `document` and its `metadata`.
    public init(document: Document?, metadata: CacheMetadata) {
        self.document = document
        self.metadata = metadata
    }
}

/// The results of a query read from an offline cache (``CachingDocumentStore/readQuery(parent:query:source:)``)
/// with their metadata.
public struct CachedQueryRead: Sendable, Hashable {
    /// The results in query order, pending writes overlaid.
    public var responses: [RunQueryResponse]
    /// Where they came from and which of them have pending writes.
    public var metadata: CacheMetadata

    /// A read: `responses` and their `metadata`.
    public init(responses: [RunQueryResponse], metadata: CacheMetadata) {
        self.responses = responses
        self.metadata = metadata
    }
}
