/// Where a read of a ``CachingDocumentStore`` is served from (the port's form of the client's
/// `FirestoreSource`).
public enum CacheReadSource: Sendable, Hashable, CaseIterable {
    /// The remote when it is reachable, else the cache.
    case `default`
    /// The remote only (`unavailable` when it cannot be reached).
    case server
    /// The cache only: a document it does not hold is `unavailable`; a query answers with what it holds.
    case cache
}
