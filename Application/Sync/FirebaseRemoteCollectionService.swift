import HearthDomain
import HearthPort

/// Seed 001's `FirebaseRemoteCollectionService` (and, under the alias ``FirebaseRemoteDocumentService``,
/// its `FirebaseRemoteDocumentService`): one collection on a ``Database``, for a ``CollectionSyncEngine``
/// or a ``DocumentSyncEngine``: bulk reads, queries, streams of changes, and writes.
///
/// The collection's path comes from `collectionPath`, asked at every operation: while it returns `nil`
/// (a user-scoped path before login) every operation throws
/// ``FirebaseServiceError/collectionPathNotAvailable`` (a stream finishes with it) and nothing reaches the
/// database. An invalid path is `invalidArgument` naming it, from the operation (never a trap). Models
/// are written with `setData(_:merge: true)` of their encoded fields (the `id` property is a field too,
/// as in the seed) and read with `data(as:)`; every other failure is the database's `DocumentStoreError`.
///
/// `Hearth` adds the seed's `init(collectionPath:)`, on `Firestore.firestore()`.
public struct FirebaseRemoteCollectionService<T: Codable & Sendable & Identifiable>: RemoteCollectionService,
    RemoteDocumentService
where T.ID == String {
    /// The model type.
    public typealias Model = T
    let collection: @Sendable () throws -> CollectionReference
    let baseQuery: @Sendable () throws -> Query

    /// A service on `database`, for the collection at `collectionPath()` (`nil`: not available yet).
    public init(collectionPath: @escaping @Sendable () -> String?, database: Database) {
        let collection: @Sendable () throws -> CollectionReference = {
            guard let path = collectionPath() else { throw FirebaseServiceError.collectionPathNotAvailable }
            return database.collection(path)
        }
        self.collection = collection
        self.baseQuery = { try collection().query }
    }

    /// Query-only: the collection group `collectionGroupName` (``FirebaseRemoteCollectionGroupService``
    /// exposes only the reads).
    init(collectionGroupName: String, database: Database) {
        self.collection = { throw FirebaseServiceError.collectionPathNotAvailable }
        self.baseQuery = { database.collectionGroup(collectionGroupName) }
    }

    /// The models of the documents `query` selects from the collection, in the query's order.
    public func getDocuments(query: @Sendable (Query) -> Query) async throws -> [T] {
        try await query(baseQuery()).getDocuments(as: T.self)
    }

    /// The changes of `query`'s results, from the database's listener (see
    /// ``RemoteQueryService/streamChanges(query:)``); a document that does not decode ends the stream
    /// with `invalidArgument` naming the field.
    public func streamChanges(
        query: @escaping @Sendable (Query) -> Query
    ) -> AsyncThrowingStream<SyncChange<T>, any Error> {
        let baseQuery = self.baseQuery
        return .relayed { continuation in
            var first = true
            for try await snapshot in try query(baseQuery()).snapshots() {
                for change in snapshot.documentChanges {
                    switch change.type {
                    case .added, .modified: continuation.yield(.updated(try change.document.data(as: T.self)))
                    case .removed: continuation.yield(.removed(id: change.document.documentID))
                    }
                }
                if first { continuation.yield(.synchronized) }
                first = false
            }
        }
    }

    /// The document `id`, decoded; `notFound` when missing, `invalidArgument` naming the field when it
    /// does not decode.
    public func getDocument(id: String) async throws -> T {
        try await collection().document(id).getDocument(as: T.self)
    }

    /// The document `id` as it changes (`nil` while missing), from the database's listener; ends when the
    /// consumer stops, throws the listener's or the decoder's error.
    public func streamDocument(id: String) -> AsyncThrowingStream<T?, any Error> {
        let collection = self.collection
        return .relayed { continuation in
            for try await snapshot in try collection().document(id).snapshots() {
                continuation.yield(snapshot.exists ? try snapshot.data(as: T.self) : nil)
            }
        }
    }

    /// Merges `model`'s fields into the document `model.id`.
    public func saveDocument(_ model: T) async throws {
        let fields = try DocumentEncoder().encode(model)
        try await collection().document(model.id).setData(UserFields(fields), merge: true)
    }

    /// Updates fields of the existing document `id` (`notFound` when missing).
    public func updateDocument(id: String, data: UserFields) async throws {
        try await collection().document(id).updateData(data)
    }

    /// Deletes the document `id`.
    public func deleteDocument(id: String) async throws {
        try await collection().document(id).delete()
    }
}

/// Seed 001's `FirebaseRemoteDocumentService`: the documents of one collection, for a
/// ``DocumentSyncEngine``; the same service as ``FirebaseRemoteCollectionService``.
public typealias FirebaseRemoteDocumentService<T: Codable & Sendable & Identifiable> =
    FirebaseRemoteCollectionService<T> where T.ID == String
