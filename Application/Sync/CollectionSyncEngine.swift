import HearthDomain
import HearthPort

/// Seed 001's `CollectionSyncEngine`: keeps a remote collection (or a query of it) in sync. Listening,
/// state and reads are ``QuerySyncEngine``'s; this adds the writes, which go to the remote first and then
/// show in ``QuerySyncEngine/currentCollection`` (a refused write throws and changes nothing locally).
/// `Hearth` adds the seed's `init(remote:managerKey:enableLocalPersistence:logger:)`.
@MainActor
public final class CollectionSyncEngine<T: Codable & Sendable & Identifiable>: QuerySyncEngine<T> where T.ID == String {
    private let writer: any RemoteCollectionService<T>

    /// An engine on `remote`; with a `storage`, it starts with the collection last kept under
    /// `managerKey` (a failure is logged and left in `lastError`). `retry`: the reconnect delays.
    public init<Remote: RemoteCollectionService>(
        remote: Remote, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)? = nil, retry: SyncRetryPolicy = SyncRetryPolicy()
    ) where Remote.Model == T {
        writer = remote
        super.init(remote: remote, managerKey: managerKey, storage: storage, logger: logger, retry: retry)
    }

    /// Writes `model` to the document `model.id` (merging its fields), then shows it in the collection.
    /// Throws the remote's errors.
    public func saveDocument(_ model: T) async throws {
        try await writer.saveDocument(model)
        upsert(model)
    }

    /// Updates fields (dotted paths) of the document `id`, then reads it back into the collection.
    /// Throws `notFound` when it does not exist, and the remote's errors.
    public func updateDocument(id: String, data: UserFields) async throws {
        try await writer.updateDocument(id: id, data: data)
        upsert(try await writer.getDocument(id: id))
    }

    /// Deletes the document `id`, then removes it from the collection. Throws the remote's errors.
    public func deleteDocument(id: String) async throws {
        try await writer.deleteDocument(id: id)
        remove(id: id)
    }
}
