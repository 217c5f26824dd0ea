/// Seed 001's `FirebaseRemoteCollectionGroupService`: every collection named `collectionGroupName`, at
/// any depth, on a ``Database``, read-only, for a ``CollectionGroupSyncEngine``.
///
/// An invalid group name is `invalidArgument` naming it, from the first operation. Documents of
/// different parents may share an ID; the engine keys models by `id`, so give group models IDs that are
/// unique across the group.
///
/// `Hearth` adds the seed's `init(collectionGroupName:)`, on `Firestore.firestore()`.
public struct FirebaseRemoteCollectionGroupService<T: Codable & Sendable & Identifiable>: RemoteQueryService
where T.ID == String {
    /// The model type.
    public typealias Model = T
    let access: FirestoreModelAccess<T>

    /// A service on `database` over the collection group `collectionGroupName`.
    public init(collectionGroupName: String, database: Database) {
        access = FirestoreModelAccess(database: database, collectionGroupName: collectionGroupName)
    }

    /// The models of the documents `query` selects from the group, in the query's order.
    public func getDocuments(query: @Sendable (Query) -> Query) async throws -> [T] {
        try await access.getDocuments(query: query)
    }

    /// The changes of `query`'s results over the group, from the database's listener.
    public func streamChanges(
        query: @escaping @Sendable (Query) -> Query
    ) -> AsyncThrowingStream<SyncChange<T>, any Error> {
        access.streamChanges(query: query)
    }
}
