/// A remote collection that can be read, queried, streamed and written (seed 001's
/// `RemoteCollectionService`), for a ``CollectionSyncEngine``. ``FirebaseRemoteCollectionService`` is
/// the one on a ``Database``.
public protocol RemoteCollectionService<Model>: RemoteQueryService {
    /// The document `id`, decoded. Throws `notFound` when it does not exist.
    func getDocument(id: String) async throws -> Model
    /// The document `id` as it changes: its model, or `nil` while it does not exist.
    func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error>
    /// Writes `model` to the document `model.id`, merging its fields into what is there.
    func saveDocument(_ model: Model) async throws
    /// Updates fields (dotted paths) of the existing document `id`; `notFound` when it does not exist.
    func updateDocument(id: String, data: UserFields) async throws
    /// Deletes the document `id` (deleting a missing document is not an error).
    func deleteDocument(id: String) async throws
}
