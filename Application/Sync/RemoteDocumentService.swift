/// A remote that keeps single documents of one collection (seed 001's `RemoteDocumentService`), for a
/// ``DocumentSyncEngine``. ``FirebaseRemoteDocumentService`` is the one on a ``Database``; tests may
/// supply others (a flaky remote to check the engine's reconnects).
///
/// Models are identified by their `id`, which is the document ID.
public protocol RemoteDocumentService<Model>: Sendable {
    /// The model type: `Codable`, `Sendable`, identified by a `String` document ID.
    associatedtype Model: Codable & Sendable & Identifiable where Model.ID == String

    /// The document `id`, decoded. Throws `notFound` when it does not exist.
    func getDocument(id: String) async throws -> Model
    /// The document `id` as it changes: its model, or `nil` while it does not exist. Ends when the
    /// consuming task is cancelled; throws the listener's error.
    func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error>
    /// Writes `model` to the document `model.id`, merging its fields into what is there.
    func saveDocument(_ model: Model) async throws
    /// Updates fields (dotted paths) of the existing document `id`; `notFound` when it does not exist.
    func updateDocument(id: String, data: UserFields) async throws
    /// Deletes the document `id` (deleting a missing document is not an error).
    func deleteDocument(id: String) async throws
}
