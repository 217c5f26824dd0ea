public import HearthDomain

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

    /// Applies `writes` (outside a transaction) to the cache at once and queues them for the server;
    /// returns once they are durable in the cache, without waiting for the server (Firebase's writes
    /// started without `await`). With `keepingVerdict`, the server's verdict is kept until
    /// ``serverOutcome(of:)`` takes it (call it, or the verdict stays in memory). Throws what the cache
    /// says of the writes (an invalid write is refused here and not queued).
    func commitLocally(_ writes: [Write], keepingVerdict: Bool) async throws -> PendingCommit

    /// Waits for the server's verdict on `commit` (from ``commitLocally(_:keepingVerdict:)`` on this store, keeping its verdict): the server's
    /// response once it acknowledged the writes; its error once it rejected them (their local effect
    /// rolled back); `aborted` when the outcome cannot be known; `failedPrecondition` when the store
    /// closes first or the verdict was already taken; `cancelled` when the waiting task is (the writes
    /// stay queued).
    func serverOutcome(of commit: PendingCommit) async throws -> CommitResponse

    /// Firebase's `clearPersistence()`: erases the cache's persisted data — its documents and its pending
    /// writes, which are dropped (the only way they are) — while the cache is not running (not yet
    /// started, or closed). Throws `failedPrecondition` while it is running.
    func clearPersistence() async throws
}
