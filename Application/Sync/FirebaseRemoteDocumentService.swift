/// Seed 001's `FirebaseRemoteDocumentService`: the documents of one collection, on a ``Database``, for a
/// ``DocumentSyncEngine``.
///
/// The collection's path comes from `collectionPath`, asked at every operation: while it returns `nil`
/// (a user-scoped path before login) every operation throws
/// ``FirebaseServiceError/collectionPathNotAvailable`` and nothing reaches the database. An invalid path
/// is `invalidArgument` naming it, from the operation (never a trap). Models are written with
/// `setData(_:merge: true)` of their encoded fields (the `id` property is a field too, as in the seed) and
/// read with `getDocument(as:)`; every other failure is the database's `DocumentStoreError`.
///
/// `Hearth` adds the seed's `init(collectionPath:)`, on `Firestore.firestore()`.
public struct FirebaseRemoteDocumentService<T: Codable & Sendable & Identifiable>: RemoteDocumentService
where T.ID == String {
    /// The model type.
    public typealias Model = T
    let access: FirestoreModelAccess<T>

    /// A service on `database`, in the collection at `collectionPath()` (`nil`: not available yet).
    public init(collectionPath: @escaping @Sendable () -> String?, database: Database) {
        access = FirestoreModelAccess(database: database, collectionPath: collectionPath)
    }

    /// The document `id`, decoded; `notFound` when missing, `invalidArgument` naming the field when it
    /// does not decode.
    public func getDocument(id: String) async throws -> T { try await access.getDocument(id: id) }

    /// The document `id` as it changes (`nil` while missing), from the database's listener; ends when the
    /// consumer stops, throws the listener's or the decoder's error.
    public func streamDocument(id: String) -> AsyncThrowingStream<T?, any Error> { access.streamDocument(id: id) }

    /// Merges `model`'s fields into the document `model.id`.
    public func saveDocument(_ model: T) async throws { try await access.saveDocument(model) }

    /// Updates fields of the existing document `id` (`notFound` when missing).
    public func updateDocument(id: String, data: UserFields) async throws {
        try await access.updateDocument(id: id, data: data)
    }

    /// Deletes the document `id`.
    public func deleteDocument(id: String) async throws { try await access.deleteDocument(id: id) }
}
