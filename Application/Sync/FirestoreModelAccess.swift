import HearthDomain

/// What the Firebase remote services share: their operations on the database, given how to make the
/// collection (which throws ``FirebaseServiceError/collectionPathNotAvailable`` while the path is `nil`).
struct FirestoreModelAccess<Model: Codable & Sendable & Identifiable>: Sendable where Model.ID == String {
    let database: Database
    let collection: @Sendable () throws -> CollectionReference
    let baseQuery: @Sendable () throws -> Query

    /// Access to the collection at `collectionPath()`.
    init(database: Database, collectionPath: @escaping @Sendable () -> String?) {
        self.database = database
        let collection: @Sendable () throws -> CollectionReference = {
            guard let path = collectionPath() else { throw FirebaseServiceError.collectionPathNotAvailable }
            return database.collection(path)
        }
        self.collection = collection
        self.baseQuery = { try collection().query }
    }

    /// Query-only access to the collection group `collectionGroupName`.
    init(database: Database, collectionGroupName: String) {
        self.database = database
        self.collection = { throw FirebaseServiceError.collectionPathNotAvailable }
        self.baseQuery = { database.collectionGroup(collectionGroupName) }
    }

    func getDocument(id: String) async throws -> Model {
        try await collection().document(id).getDocument(as: Model.self)
    }

    func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Model?, any Error>.makeStream()
        let collection = self.collection
        let task = Task {
            do {
                for try await snapshot in try collection().document(id).snapshots() {
                    continuation.yield(snapshot.exists ? try snapshot.data(as: Model.self) : nil)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    func saveDocument(_ model: Model) async throws {
        let fields = try DocumentEncoder().encode(model)
        try await collection().document(model.id).setData(UserFields(fields), merge: true)
    }

    func updateDocument(id: String, data: UserFields) async throws {
        try await collection().document(id).updateData(data)
    }

    func deleteDocument(id: String) async throws {
        try await collection().document(id).delete()
    }

    func getDocuments(query: @Sendable (Query) -> Query) async throws -> [Model] {
        try await query(baseQuery()).getDocuments(as: Model.self)
    }

    func streamChanges(
        query: @escaping @Sendable (Query) -> Query
    ) -> AsyncThrowingStream<SyncChange<Model>, any Error> {
        let (stream, continuation) = AsyncThrowingStream<SyncChange<Model>, any Error>.makeStream()
        let baseQuery = self.baseQuery
        let task = Task {
            do {
                var first = true
                for try await snapshot in try query(baseQuery()).snapshots() {
                    for change in snapshot.documentChanges {
                        switch change.type {
                        case .added, .modified: continuation.yield(.updated(try change.document.data(as: Model.self)))
                        case .removed: continuation.yield(.removed(id: change.document.documentID))
                        }
                    }
                    if first { continuation.yield(.synchronized) }
                    first = false
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
