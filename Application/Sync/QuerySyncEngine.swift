import HearthDomain
import HearthPort
import Observation

/// What ``CollectionSyncEngine`` and ``CollectionGroupSyncEngine`` share (not made directly): a query's
/// results kept in sync as models whose state is observable (`@Observable`, on the main actor) and
/// readable as an `AsyncSequence` (``states()``).
///
/// ``startListening(buildQuery:)`` bulk-loads the query's documents, then applies the listener's
/// per-document updates and deletions in order; it returns once the bulk load is applied (or has failed:
/// the error is in ``lastError`` and the engine keeps trying). The listener's first snapshot is the whole
/// result set, so a document the bulk load had that left meanwhile is dropped then. A failed listener is
/// reconnected with the seed's backoff (``SyncRetryPolicy``: `min(2^n, 60)` s, reset by the next event)
/// and bulk-loads again, so deletions missed while disconnected are not kept. ``stopListening()`` is
/// final: once it returns, nothing changes the state.
///
/// With a `storage`, the models are kept under `managerKey` and the next engine with that key starts
/// with them. Built on ``Database``'s public API only (through the remote).
@MainActor @Observable
public class QuerySyncEngine<T: Codable & Sendable & Identifiable> where T.ID == String {
    /// The query's last known models: the bulk load's order, later additions at the end.
    public private(set) var currentCollection: [T] = []
    /// Whether a listener is running (or waiting to reconnect).
    public private(set) var isListening = false
    /// The last listener or persistence error; cleared when the listener delivers again.
    public private(set) var lastError: (any Error)?

    /// The name of the engine's local persistence (and of the engine in log events).
    @ObservationIgnored public let managerKey: String
    @ObservationIgnored private let remote: any RemoteQueryService<T>
    @ObservationIgnored private let persistence: SyncPersistence<T>?
    @ObservationIgnored private let listener: SyncListener
    /// The IDs updated (by the listener or by a write) since the stream started, until its first
    /// snapshot is complete: what the bulk load had and is not among them has left the results.
    @ObservationIgnored private var presentSinceStreamStart: Set<String>?
    @ObservationIgnored private let broadcast = StateBroadcast<CollectionSyncState<T>>()

    init(
        remote: any RemoteQueryService<T>, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)?, retry: SyncRetryPolicy
    ) {
        self.remote = remote
        self.managerKey = managerKey
        self.persistence = storage.map { SyncPersistence(storage: $0, key: managerKey, logger: logger) }
        self.listener = SyncListener(managerKey: managerKey, logger: logger, retry: retry)
        switch persistence?.loaded() {
        case .success(let stored)?: currentCollection = stored
        case .failure(let error)?: lastError = error
        case nil: break
        }
    }

    private var state: CollectionSyncState<T> {
        CollectionSyncState(collection: currentCollection, isListening: isListening, lastError: lastError)
    }

    /// The current state, then every change (a consumer that falls behind skips to the newest). Ends
    /// when the engine is released.
    public func states() -> AsyncStream<CollectionSyncState<T>> {
        broadcast.stream(startingWith: state)
    }

    /// The model with this ID in ``currentCollection`` (local, no round trip), or `nil`.
    public func getDocument(id: String) -> T? {
        currentCollection.first { $0.id == id }
    }

    /// The models of the query `buildQuery` makes, read from the remote (always a round trip; the
    /// engine's state does not change). Throws the remote's errors.
    public func getDocumentsAsync(buildQuery: @Sendable (Query) -> Query) async throws -> [T] {
        try await remote.getDocuments(query: buildQuery)
    }

    /// Listens to the query `buildQuery` makes from the remote's base query (default: every document):
    /// stops the previous listener, bulk-loads, then streams changes (see the type's documentation).
    public func startListening(buildQuery: @escaping @Sendable (Query) -> Query = { $0 }) async {
        stopListening()
        isListening = true
        publish()
        do {
            try await listener.start(
                throwsFirstFailure: false,
                failed: {
                    self.lastError = $0; self.publish()
                },
                ended: {
                    self.isListening = false; self.publish()
                },
                attempt: { pass in try await self.listen(buildQuery: buildQuery, pass: pass) })
        } catch {
            lastError = error  // not thrown when throwsFirstFailure is false; kept rather than dropped
        }
    }

    /// Stops the listener; final: nothing changes the state after this returns. The models stay.
    public func stopListening() {
        presentSinceStreamStart = nil
        guard listener.stop() else { return }
        isListening = false
        publish()
    }

    private func listen(buildQuery: @escaping @Sendable (Query) -> Query, pass: SyncListener.Pass) async throws {
        let loaded = try await remote.getDocuments(query: buildQuery)
        guard pass.isCurrent else { return }
        lastError = nil
        replace(with: loaded)
        pass.delivered()
        presentSinceStreamStart = []
        for try await change in remote.streamChanges(query: buildQuery) {
            guard pass.isCurrent else { return }
            pass.delivered()
            switch change {
            case .updated(let model):
                upsert(model)
            case .removed(let id):
                remove(id: id)
            case .synchronized:
                if let present = presentSinceStreamStart,
                    currentCollection.contains(where: { !present.contains($0.id) })
                {
                    replace(with: currentCollection.filter { present.contains($0.id) })
                }
                presentSinceStreamStart = nil
            }
        }
    }

    func replace(with models: [T]) {
        currentCollection = models
        changed()
    }

    func upsert(_ model: T) {
        presentSinceStreamStart?.insert(model.id)
        if let index = currentCollection.firstIndex(where: { $0.id == model.id }) {
            currentCollection[index] = model
        } else {
            currentCollection.append(model)
        }
        changed()
    }

    func remove(id: String) {
        currentCollection.removeAll { $0.id == id }
        changed()
    }

    private func changed() {
        if let error = persistence?.keep(currentCollection) { lastError = error }
        publish()
    }

    private func publish() {
        broadcast.publish(state)
    }
}
