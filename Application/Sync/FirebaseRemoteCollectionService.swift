/// Seed 001's `FirebaseRemoteCollectionService`: one collection on a ``Database``, for a
/// ``CollectionSyncEngine``: bulk reads, queries, a stream of per-document changes, and writes.
///
/// The collection's path comes from `collectionPath`, asked at every operation: while it returns `nil`
/// every operation throws ``FirebaseServiceError/collectionPathNotAvailable`` (a stream finishes with it)
/// and nothing reaches the database. Writes and reads as ``FirebaseRemoteDocumentService``; every other
/// failure is the database's `DocumentStoreError`.
///
/// `Hearth` adds the seed's `init(collectionPath:)`, on `Firestore.firestore()`.
public struct FirebaseRemoteCollectionService<T: Codable & Sendable & Identifiable>: RemoteCollectionService
where T.ID == String {
    /// The model type.
    public typealias Model = T
    let access: FirestoreModelAccess<T>

    /// A service on `database`, for the collection at `collectionPath()` (`nil`: not available yet).
    public init(collectionPath: @escaping @Sendable () -> String?, database: Database) {
        access = FirestoreModelAccess(database: database, collectionPath: collectionPath)
    }

    /// The models of the documents `query` selects from the collection, in the query's order.
    public func getDocuments(query: @Sendable (Query) -> Query) async throws -> [T] {
        try await access.getDocuments(query: query)
    }

    /// The changes of `query`'s results, from the database's listener (see
    /// ``RemoteQueryService/streamChanges(query:)``).
    public func streamChanges(
        query: @escaping @Sendable (Query) -> Query
    ) -> AsyncThrowingStream<SyncChange<T>, any Error> {
        access.streamChanges(query: query)
    }

    /// The document `id`, decoded; `notFound` when missing.
    public func getDocument(id: String) async throws -> T { try await access.getDocument(id: id) }

    /// The document `id` as it changes (`nil` while missing).
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
