import HearthDomain
import HearthPort
import Observation

/// Seed 001's `CollectionSyncEngine`: keeps a remote collection (or a query of it) in sync, as models
/// whose state is observable (`@Observable`, on the main actor) and readable as an `AsyncSequence`
/// (``states()``).
///
/// ``startListening(buildQuery:)`` bulk-loads the query's documents, then applies the stream of
/// per-document updates and deletions; it returns once the bulk load is applied (or has failed: the
/// error is in ``lastError`` and the engine keeps trying). A failed listener is reconnected with the
/// seed's backoff (``SyncRetryPolicy``: `min(2^n, 60)` s, reset by the next event) and bulk-loads again,
/// so deletions missed while disconnected are not kept. ``stopListening()`` is final.
///
/// Writes go to the remote first, then show in ``currentCollection``. With a `storage`, the collection
/// is kept under `managerKey` and the next engine with that key starts with it. Built on ``Database``'s
/// public API only. `Hearth` adds the seed's `init(remote:managerKey:enableLocalPersistence:logger:)`.
@MainActor @Observable
public final class CollectionSyncEngine<T: Codable & Sendable & Identifiable> where T.ID == String {
    @ObservationIgnored private let core: CollectionSyncCore<T>
    @ObservationIgnored private let remote: any RemoteCollectionService<T>

    /// An engine on `remote`; with a `storage`, it starts with the collection last kept under
    /// `managerKey` (a failure is logged and left in ``lastError``). `retry`: the reconnect delays.
    public init<Remote: RemoteCollectionService>(
        remote: Remote, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)? = nil, retry: SyncRetryPolicy = SyncRetryPolicy()
    ) where Remote.Model == T {
        self.remote = remote
        core = CollectionSyncCore(
            remote: remote, managerKey: managerKey, storage: storage, logger: logger, retry: retry)
    }

    /// The name of the engine's local persistence (and of the engine in log events).
    public var managerKey: String { core.managerKey }
    /// The collection's last known models: the bulk load's order, later additions at the end.
    public var currentCollection: [T] { core.collection }
    /// Whether a listener is running (or waiting to reconnect).
    public var isListening: Bool { core.isListening }
    /// The last listener or persistence error; cleared when the listener delivers again.
    public var lastError: (any Error)? { core.lastError }

    /// The current state, then every change (a consumer that falls behind skips to the newest).
    public func states() -> AsyncStream<CollectionSyncState<T>> { core.states() }

    /// Listens to the query `buildQuery` makes from the collection (default: every document): stops the
    /// previous listener, bulk-loads, then streams changes (see the type's documentation).
    public func startListening(buildQuery: @escaping @Sendable (Query) -> Query = { $0 }) async {
        await core.startListening(buildQuery: buildQuery)
    }

    /// Stops the listener; final: nothing changes the state after this returns. The models stay.
    public func stopListening() { core.stopListening() }

    /// The model with this ID in ``currentCollection`` (local, no round trip), or `nil`.
    public func getDocument(id: String) -> T? { core.document(id: id) }

    /// The models of the query `buildQuery` makes, read from the remote (always a round trip; the
    /// engine's state does not change). Throws the remote's errors.
    public func getDocumentsAsync(buildQuery: @Sendable (Query) -> Query) async throws -> [T] {
        try await remote.getDocuments(query: buildQuery)
    }

    /// Writes `model` to the document `model.id` (merging its fields), then shows it in
    /// ``currentCollection``. Throws the remote's errors (nothing changes locally then).
    public func saveDocument(_ model: T) async throws {
        try await remote.saveDocument(model)
        core.upsert(model)
    }

    /// Updates fields (dotted paths) of the document `id`, then reads it back into
    /// ``currentCollection``. Throws `notFound` when it does not exist, and the remote's errors.
    public func updateDocument(id: String, data: UserFields) async throws {
        try await remote.updateDocument(id: id, data: data)
        core.upsert(try await remote.getDocument(id: id))
    }

    /// Deletes the document `id`, then removes it from ``currentCollection``.
    public func deleteDocument(id: String) async throws {
        try await remote.deleteDocument(id: id)
        core.remove(id: id)
    }
}
