public import HearthDomain

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

/// A store that keeps an offline cache of a remote store, with latency-compensated writes (the offline
/// cache adapter, `CachedDocumentStore`). The client API reaches its cache through this protocol:
/// `getDocument(source:)`, `getDocuments(source:)`, and `Database`'s `disableNetwork()`,
/// `enableNetwork()`, `waitForPendingWrites()`.
///
/// Every read answers with the pending writes overlaid. The port's own reads read as ``CacheReadSource/default``.
public protocol CachingDocumentStore: DocumentStore {
    /// Reads one document from `source` (see ``CacheReadSource``); `nil` when it does not exist.
    func getDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> Document?

    /// Runs a query from `source` (see ``CacheReadSource``), every result at once, in query order.
    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws -> [RunQueryResponse]

    /// Stops every call to the remote: writes queue, `.default` reads answer from the cache.
    func disableNetwork()

    /// Lets calls reach the remote again; pending writes are sent at once.
    func enableNetwork()

    /// Returns once every write committed before the call has been acknowledged or rejected by the remote.
    func waitForPendingWrites() async throws

    /// Firebase's `clearPersistence()`: erases the cache's persisted data — its documents and its pending
    /// writes, which are dropped (the only way they are) — while the cache is not running (not yet
    /// started, or closed). Throws `failedPrecondition` while it is running.
    func clearPersistence() async throws
}
