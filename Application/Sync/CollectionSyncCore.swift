import HearthDomain
import HearthPort
import Observation

/// What ``CollectionSyncEngine`` and ``CollectionGroupSyncEngine`` share: the collection's state, the
/// listener (bulk load, then the stream of changes, reconnected with backoff), local persistence.
@MainActor @Observable
final class CollectionSyncCore<T: Codable & Sendable & Identifiable> where T.ID == String {
    private(set) var collection: [T] = []
    private(set) var isListening = false
    private(set) var lastError: (any Error)?

    @ObservationIgnored let managerKey: String
    @ObservationIgnored private let remote: any RemoteQueryService<T>
    @ObservationIgnored private let persistence: SyncPersistence<T>?
    @ObservationIgnored private let logger: (any SyncEngineLogger)?
    @ObservationIgnored private let retry: SyncRetryPolicy
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var listenTask: Task<Void, Never>?
    @ObservationIgnored private var firstLoad: CheckedContinuation<Void, Never>?
    @ObservationIgnored private let broadcast = StateBroadcast<CollectionSyncState<T>>()

    init(
        remote: any RemoteQueryService<T>, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)?, retry: SyncRetryPolicy
    ) {
        self.remote = remote
        self.managerKey = managerKey
        self.persistence = storage.map { SyncPersistence(storage: $0, key: managerKey) }
        self.logger = logger
        self.retry = retry
        do {
            collection = try persistence?.load() ?? []
        } catch {
            persistenceFailed(error)
        }
    }

    var state: CollectionSyncState<T> {
        CollectionSyncState(collection: collection, isListening: isListening, lastError: lastError)
    }

    func states() -> AsyncStream<CollectionSyncState<T>> {
        broadcast.stream(startingWith: state)
    }

    func document(id: String) -> T? {
        collection.first { $0.id == id }
    }

    func startListening(buildQuery: @escaping @Sendable (Query) -> Query) async {
        stopListening()
        generation += 1
        let generation = self.generation
        isListening = true
        publish()
        logger?.log(.listeningStarted(managerKey: managerKey))
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            firstLoad = continuation
            listenTask = Task { await self.listen(buildQuery: buildQuery, generation: generation) }
        }
    }

    func stopListening() {
        guard isListening || listenTask != nil else { return }
        generation += 1
        listenTask?.cancel()
        listenTask = nil
        resumeFirstLoad()
        isListening = false
        publish()
        logger?.log(.listeningStopped(managerKey: managerKey))
    }

    private func listen(buildQuery: @escaping @Sendable (Query) -> Query, generation: Int) async {
        var failures = 0
        while generation == self.generation {
            do {
                let loaded = try await remote.getDocuments(query: buildQuery)
                guard generation == self.generation else { return }
                failures = 0
                lastError = nil
                replace(with: loaded)
                resumeFirstLoad()
                var firstSnapshot: Set<String>? = []
                for try await change in remote.streamChanges(query: buildQuery) {
                    guard generation == self.generation else { return }
                    failures = 0
                    switch change {
                    case .updated(let model):
                        firstSnapshot?.insert(model.id)
                        upsert(model)
                    case .removed(let id):
                        remove(id: id)
                    case .synchronized:
                        if let current = firstSnapshot, collection.contains(where: { !current.contains($0.id) }) {
                            replace(with: collection.filter { current.contains($0.id) })
                        }
                        firstSnapshot = nil
                    }
                }
                guard generation == self.generation else { return }
                listenTask = nil
                isListening = false
                publish()
                logger?.log(.listeningStopped(managerKey: managerKey))
                return
            } catch {
                guard generation == self.generation else { return }
                let delay = retry.delay(afterFailures: failures)
                failures += 1
                lastError = error
                publish()
                resumeFirstLoad()
                logger?.log(.listenerFailed(managerKey: managerKey, error: error, retryAfter: delay))
                do { try await retry.sleep(delay) } catch { return }
            }
        }
    }

    private func resumeFirstLoad() {
        firstLoad?.resume()
        firstLoad = nil
    }

    func replace(with models: [T]) {
        collection = models
        changed()
    }

    func upsert(_ model: T) {
        if let index = collection.firstIndex(where: { $0.id == model.id }) {
            collection[index] = model
        } else {
            collection.append(model)
        }
        changed()
    }

    func remove(id: String) {
        collection.removeAll { $0.id == id }
        changed()
    }

    private func changed() {
        publish()
        do {
            try persistence?.save(collection)
        } catch {
            persistenceFailed(error)
        }
    }

    private func publish() {
        broadcast.publish(state)
    }

    private func persistenceFailed(_ error: any Error) {
        lastError = error
        publish()
        logger?.log(.persistenceFailed(managerKey: managerKey, error: error))
    }
}
