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
/// Its listeners' snapshots carry ``ListenSnapshot/metadata``: from the cache first, then from the server;
/// which documents have pending writes.
public protocol CachingDocumentStore: DocumentStore {
    /// Reads one document from `source` (see ``CacheReadSource``); `nil` when it does not exist.
    func getDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> Document?

    /// Runs a query from `source` (see ``CacheReadSource``), every result at once, in query order.
    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws -> [RunQueryResponse]

    /// Reads one document from `source` as ``getDocument(_:source:)`` does, with its metadata: whether it
    /// came from the cache, and its pending state.
    func readDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> CachedDocumentRead

    /// Runs a query from `source` as ``runQueryAll(parent:query:source:)`` does, with the results' metadata:
    /// whether they came from the cache, and which have pending writes.
    func readQuery(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws
        -> CachedQueryRead

    /// Stops every call to the remote: writes queue, `.default` reads answer from the cache.
    func disableNetwork()

    /// Lets calls reach the remote again; pending writes are sent at once.
    func enableNetwork()

    /// Returns once every write committed before the call has been acknowledged or rejected by the remote.
    func waitForPendingWrites() async throws
}
