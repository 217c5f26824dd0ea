public import HearthDomain

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
