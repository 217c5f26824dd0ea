import HearthPort

/// Seed 001's `CollectionGroupSyncEngine`: ``QuerySyncEngine`` over a collection group (every collection
/// with one name, at any depth), read-only. Models are keyed by `id`: give them IDs unique across the
/// group. `Hearth` adds the seed's `init(remote:managerKey:enableLocalPersistence:logger:)`.
@MainActor
public final class CollectionGroupSyncEngine<T: Codable & Sendable & Identifiable>: QuerySyncEngine<T>
where T.ID == String {
    /// An engine on `remote`; with a `storage`, it starts with the models last kept under `managerKey`.
    /// `retry`: the reconnect delays.
    public init<Remote: RemoteQueryService>(
        remote: Remote, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)? = nil, retry: SyncRetryPolicy = SyncRetryPolicy()
    ) where Remote.Model == T {
        super.init(remote: remote, managerKey: managerKey, storage: storage, logger: logger, retry: retry)
    }
}
