import HearthDomain
import HearthPort
import Observation

/// Seed 001's `CollectionGroupSyncEngine`: ``CollectionSyncEngine``'s listening and reading over a
/// collection group (every collection with one name, at any depth), read-only. Models are keyed by
/// `id`: give them IDs unique across the group. `Hearth` adds the seed's
/// `init(remote:managerKey:enableLocalPersistence:logger:)`.
@MainActor @Observable
public final class CollectionGroupSyncEngine<T: Codable & Sendable & Identifiable> where T.ID == String {
    @ObservationIgnored private let core: CollectionSyncCore<T>
    @ObservationIgnored private let remote: any RemoteQueryService<T>

    /// An engine on `remote`; with a `storage`, it starts with the models last kept under `managerKey`.
    /// `retry`: the reconnect delays.
    public init<Remote: RemoteQueryService>(
        remote: Remote, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)? = nil, retry: SyncRetryPolicy = SyncRetryPolicy()
    ) where Remote.Model == T {
        self.remote = remote
        core = CollectionSyncCore(
            remote: remote, managerKey: managerKey, storage: storage, logger: logger, retry: retry)
    }

    /// The name of the engine's local persistence (and of the engine in log events).
    public var managerKey: String { core.managerKey }
    /// The group's last known models.
    public var currentCollection: [T] { core.collection }
    /// Whether a listener is running (or waiting to reconnect).
    public var isListening: Bool { core.isListening }
    /// The last listener or persistence error; cleared when the listener delivers again.
    public var lastError: (any Error)? { core.lastError }

    /// The current state, then every change (a consumer that falls behind skips to the newest).
    public func states() -> AsyncStream<CollectionSyncState<T>> { core.states() }

    /// Listens to the query `buildQuery` makes from the group: bulk load, then changes (as
    /// ``CollectionSyncEngine/startListening(buildQuery:)``).
    public func startListening(buildQuery: @escaping @Sendable (Query) -> Query = { $0 }) async {
        await core.startListening(buildQuery: buildQuery)
    }

    /// Stops the listener; final. The models stay.
    public func stopListening() { core.stopListening() }

    /// The model with this ID in ``currentCollection``, or `nil`.
    public func getDocument(id: String) -> T? { core.document(id: id) }

    /// The models of the query `buildQuery` makes over the group, read from the remote.
    public func getDocumentsAsync(buildQuery: @Sendable (Query) -> Query) async throws -> [T] {
        try await remote.getDocuments(query: buildQuery)
    }
}
