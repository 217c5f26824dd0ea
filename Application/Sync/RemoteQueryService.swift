import Synchronization

/// A remote that answers queries over a collection or a collection group and streams their changes
/// (the read side of seed 001's remote collection services), for ``CollectionSyncEngine`` and
/// ``CollectionGroupSyncEngine``.
///
/// A query is given as a closure that refines the remote's base query (``Query``), because the base
/// (the collection's path) may not be known until the operation runs.
public protocol RemoteQueryService<Model>: Sendable {
    /// The model type: `Codable`, `Sendable`, identified by a `String` document ID.
    associatedtype Model: Codable & Sendable & Identifiable where Model.ID == String

    /// The models of the documents `query` selects from the base query, in the query's order.
    func getDocuments(query: @Sendable (Query) -> Query) async throws -> [Model]
    /// The changes of `query`'s results, in order: first every current document as
    /// ``SyncChange/updated(_:)``, then ``SyncChange/synchronized``, then each later addition, change and
    /// removal. Ends when the consuming
    /// task is cancelled; throws the listener's error (a document that does not decode is
    /// `invalidArgument` naming the field).
    func streamChanges(query: @escaping @Sendable (Query) -> Query) -> AsyncThrowingStream<SyncChange<Model>, any Error>
}

/// How many consumers a shared listener still has.
private final class ConsumerCount: Sendable {
    private let remaining: Atomic<Int>
    init(_ count: Int) { remaining = Atomic(count) }
    /// One consumer left; `true` when it was the last.
    func leave() -> Bool { remaining.subtract(1, ordering: .relaxed).newValue == 0 }
}

extension RemoteQueryService {
    /// Every document of the base query (seed 001's bulk load).
    public func getCollection() async throws -> [Model] {
        try await getDocuments(query: { $0 })
    }

    /// Seed 001's shape of ``streamChanges(query:)``: the models added or changed, and the IDs of the
    /// documents removed, as two streams fed by one listener. The listener stops when both streams'
    /// consumers have stopped (or the streams were dropped), so consuming one of them is enough. (The two streams lose the order between an update and a removal; the engines use
    /// ``streamChanges(query:)``.)
    public func streamCollectionUpdates(
        query: @escaping @Sendable (Query) -> Query = { $0 }
    ) -> (updates: AsyncThrowingStream<Model, any Error>, deletions: AsyncThrowingStream<String, any Error>) {
        let (updates, updatesContinuation) = AsyncThrowingStream<Model, any Error>.makeStream()
        let (deletions, deletionsContinuation) = AsyncThrowingStream<String, any Error>.makeStream()
        let changes = streamChanges(query: query)
        let task = Task {
            do {
                for try await change in changes {
                    switch change {
                    case .updated(let model): updatesContinuation.yield(model)
                    case .removed(let id): deletionsContinuation.yield(id)
                    case .synchronized: break
                    }
                }
                updatesContinuation.finish()
                deletionsContinuation.finish()
            } catch {
                updatesContinuation.finish(throwing: error)
                deletionsContinuation.finish(throwing: error)
            }
        }
        let consumers = ConsumerCount(2)
        updatesContinuation.onTermination = { _ in if consumers.leave() { task.cancel() } }
        deletionsContinuation.onTermination = { _ in if consumers.leave() { task.cancel() } }
        return (updates, deletions)
    }
}
