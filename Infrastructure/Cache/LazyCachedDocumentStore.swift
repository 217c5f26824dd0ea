public import HearthDomain
public import HearthPort
import Synchronization

/// A ``CachedDocumentStore`` that is made synchronously and opened on first use, as Firebase's
/// `Firestore` instance starts at its first call: what a synchronous factory (the composition root's
/// `makeStore()`) returns.
///
/// The first operation (any read, write, listener, ``disableNetwork()``, ``enableNetwork()``,
/// ``waitForPendingWrites()`` or ``cache()``) opens the local store and the cache (reading back the queue
/// of pending writes an earlier run left); every operation waits for that open and then runs on the
/// cache. When the open fails, that operation and every later one throw its error (the remote is not
/// closed until ``close()``).
///
/// Until the first use the cache is *not yet started*, and after ``close()`` it is *closed*: in both,
/// ``clearPersistence()`` erases the persisted cache (``CacheOptions/clearPersistence``); while it is
/// running, `failedPrecondition`.
public final class LazyCachedDocumentStore: CachingDocumentStore {
    private struct State {
        var opening: Task<CachedDocumentStore, any Error>?
        var opened: CachedDocumentStore?
        var networkEnabled = true
        var closed = false
    }

    /// The remote's database.
    public let database: DatabaseID
    private let remote: any DocumentStore
    private let openLocal: @Sendable () async throws -> any DocumentStore
    private let options: CacheOptions
    private let state = Mutex(State())

    /// A cache of `remote` whose local store `openLocal` opens at the first use (called once).
    public init(
        remote: any DocumentStore, options: CacheOptions = CacheOptions(),
        openLocal: @escaping @Sendable () async throws -> any DocumentStore
    ) {
        self.database = remote.database
        self.remote = remote
        self.openLocal = openLocal
        self.options = options
    }

    /// Whether the cache has been started (its first operation ran) and is not closed.
    public var isRunning: Bool { state.withLock { $0.opening != nil && !$0.closed } }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// The running cache, starting it when this is the first use; throws what opening it threw, and
    /// `failedPrecondition` once closed.
    public func cache() async throws -> CachedDocumentStore {
        let opening = try state.withLock { state throws(DocumentStoreError) -> Task<CachedDocumentStore, any Error> in
            if state.closed { throw DocumentStoreError(.failedPrecondition, "The offline cache is closed.") }
            if let opening = state.opening { return opening }
            let opening = Task { try await self.open() }
            state.opening = opening
            return opening
        }
        return try await opening.value
    }

    private func open() async throws -> CachedDocumentStore {
        let local = try await openLocal()
        let store: CachedDocumentStore
        do {
            store = try await CachedDocumentStore.open(remote: remote, local: local, options: options)
        } catch {
            try? await local.close()
            throw error
        }
        state.withLock { state in
            state.opened = store
            // Applied under the lock, so that a concurrent disable/enableNetwork cannot be undone.
            if !state.networkEnabled { store.disableNetwork() }
        }
        return store
    }

    // MARK: - CachingDocumentStore

    /// Starts the cache when needed and stops every call to the remote (see `CachedDocumentStore`).
    public func disableNetwork() {
        setNetwork(enabled: false)
    }

    /// Starts the cache when needed and lets calls reach the remote again.
    public func enableNetwork() {
        setNetwork(enabled: true)
    }

    private func setNetwork(enabled: Bool) {
        let start = state.withLock { state -> Bool in
            state.networkEnabled = enabled
            if let opened = state.opened {
                if enabled { opened.enableNetwork() } else { opened.disableNetwork() }
            }
            return state.opening == nil && !state.closed
        }
        if start { Task { _ = try? await cache() } }
    }

    /// Waits for the running cache's pending writes (see `CachedDocumentStore`).
    public func waitForPendingWrites() async throws {
        try await cache().waitForPendingWrites()
    }

    /// Erases the persisted cache (documents and pending writes) while it is not running: before the first
    /// use, or after ``close()``. Throws `failedPrecondition` while it is running, `unimplemented` without
    /// ``CacheOptions/clearPersistence``.
    public func clearPersistence() async throws {
        let opened = try state.withLock { state throws(DocumentStoreError) -> CachedDocumentStore? in
            if state.opening != nil, !state.closed {
                throw DocumentStoreError(
                    .failedPrecondition,
                    "clearPersistence() needs the offline cache not to be running: call it before the first use or after close() (Firebase: terminate())."
                )
            }
            return state.opened
        }
        if let opened { return try await opened.clearPersistence() }
        guard let clear = options.clearPersistence else {
            throw DocumentStoreError(
                .unimplemented,
                "This offline cache was made without a way to clear its local store (CacheOptions.clearPersistence).")
        }
        try await clear()
    }

    /// Applies and queues `writes` on the running cache (see `CachedDocumentStore`).
    public func commitLocally(_ writes: [Write], keepingVerdict: Bool) async throws -> PendingCommit {
        try await cache().commitLocally(writes, keepingVerdict: keepingVerdict)
    }

    /// Waits for the server's verdict on `commit`, queued on the running cache.
    public func serverOutcome(of commit: PendingCommit) async throws -> CommitResponse {
        try await cache().serverOutcome(of: commit)
    }

    /// Reads one document from `source` on the running cache, with its metadata.
    public func readDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> CachedDocumentRead {
        try await cache().readDocument(path, source: source)
    }

    /// Runs a query from `source` on the running cache, with its metadata.
    public func readQuery(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws -> CachedQueryRead {
        try await cache().readQuery(parent: parent, query: query, source: source)
    }

    /// Reads one document from `source` on the running cache.
    public func getDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> Document? {
        try await cache().getDocument(path, source: source)
    }

    /// Runs a query from `source` on the running cache.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws -> [RunQueryResponse] {
        try await cache().runQueryAll(parent: parent, query: query, source: source)
    }

    // MARK: - DocumentStore

    /// The running cache's read.
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        try await cache().getDocument(path, mask: mask, consistency: consistency)
    }

    /// The running cache's batch read.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try await cache().batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    /// The running cache's listing.
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await cache().listDocuments(request)
    }

    /// The running cache's query, as a stream.
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        .relayed { continuation in
            for try await response in try await self.cache().runQuery(
                parent: parent, query: query, consistency: consistency)
            {
                continuation.yield(response)
            }
        }
    }

    /// The running cache's query.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws -> [RunQueryResponse] {
        try await cache().runQueryAll(parent: parent, query: query, consistency: consistency)
    }

    /// The running cache's aggregation (server only).
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await cache().runAggregation(parent: parent, query: query, consistency: consistency)
    }

    /// The running cache's commit (latency-compensated outside a transaction).
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await cache().commit(writes, transaction: transaction)
    }

    /// Begins a transaction on the running cache's remote.
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await cache().beginTransaction(options)
    }

    /// Rolls back a transaction on the running cache's remote.
    public func rollback(_ transaction: TransactionID) async throws {
        try await cache().rollback(transaction)
    }

    /// The running cache's collection IDs (from the remote).
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await cache().listCollectionIDs(request)
    }

    /// Listens on the running cache, opened at the stream's first element (which fails with what opening
    /// it threw); snapshots are pulled one at a time, so the cache listener's buffering is unchanged.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        let pulled = PulledListener(opening: { try await self.cache().listen(target, options: options) })
        return AsyncThrowingStream { try await pulled.next() }
    }

    /// Closes the cache: the running one as `CachedDocumentStore.close()` (its queue stays in the local
    /// store for the next run); one never started closes the remote only. Idempotent.
    public func close() async throws {
        let opening = state.withLock { state -> Task<CachedDocumentStore, any Error>?? in
            guard !state.closed else { return .none }
            state.closed = true
            return .some(state.opening)
        }
        guard case .some(let opening) = opening else { return }
        if let opening, let store = try? await opening.value {
            try await store.close()
        } else {
            try await remote.close()
        }
    }
}
