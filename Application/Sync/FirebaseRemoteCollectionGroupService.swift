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
    let group: FirebaseRemoteCollectionService<T>

    /// A service on `database` over the collection group `collectionGroupName`.
    public init(collectionGroupName: String, database: Database) {
        group = FirebaseRemoteCollectionService(collectionGroupName: collectionGroupName, database: database)
    }

    /// The models of the group's documents that `query` selects, in its order.
    public func getDocuments(query: @Sendable (Query) -> Query) async throws -> [T] {
        try await group.getDocuments(query: query)
    }

    /// The changes of the results of `query` over the group (see ``RemoteQueryService/streamChanges(query:)``).
    public func streamChanges(
        query: @escaping @Sendable (Query) -> Query
    ) -> AsyncThrowingStream<SyncChange<T>, any Error> {
        group.streamChanges(query: query)
    }
}
