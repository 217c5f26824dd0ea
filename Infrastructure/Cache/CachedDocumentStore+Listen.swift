import HearthDomain
public import HearthPort
import Synchronization

extension CachedDocumentStore {
    /// Listens from the cache first, then from the server, as Firebase's listeners do:
    /// - the snapshots are the local store's (local writes, flushes and refreshes show at once), each with
    ///   its `metadata`: the documents with pending writes (with their pending server
    ///   timestamps) and `isFromCache`;
    /// - while the network is enabled, a listen on the remote runs beside it; what the remote delivers is
    ///   taken into the cache (the server's documents with the pending writes re-applied), so the local
    ///   listener shows it; `isFromCache` turns `false` once the remote delivered its first snapshot and
    ///   `true` again when the network is disabled or the remote listen fails (it is started again, with
    ///   `CacheOptions.backoff`);
    /// - with `includeMetadataChanges`, a snapshot with no document change is delivered whenever only the
    ///   metadata changed (a write acknowledged: `hasPendingWrites` true → false; cache → server).
    ///
    /// Ending the iteration stops both listens; closing the cache ends the iteration (a snapshot not yet
    /// taken is dropped); listening on a closed cache fails with `failedPrecondition`.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        do {
            try checkOpen()
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let queue = SnapshotQueue()
        let listener = CacheListener(store: self, target: target, options: options)
        let task = Task {
            do {
                try await listener.run(queue)
                queue.finish()
            } catch {
                queue.fail(error)
            }
        }
        let lease = ListenerLease {
            task.cancel()
            queue.finish()
        }
        return AsyncThrowingStream(unfolding: { [self] in
            do {
                if let snapshot = try await queue.next(unlessClosed: self) { return snapshot }
                lease.end()
                return nil
            } catch {
                lease.end()
                throw error
            }
        })
    }
}

/// The hand-over between a cache listener and its consumer: snapshots in order (a listener's snapshots
/// are each a change of the one before), never one after the cache is closed.
private final class SnapshotQueue: Sendable {
    private struct State {
        var snapshots: [ListenSnapshot] = []
        var failure: (any Error)?
        var finished = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func push(_ snapshot: ListenSnapshot) { update { $0.snapshots.append(snapshot) } }

    func fail(_ error: any Error) { update { $0.failure = $0.failure ?? error } }

    func finish() { update { $0.finished = true } }

    private func update(_ change: (inout State) -> Void) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            change(&state)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The next snapshot; `nil` once finished, cancelled or `store` is closed (a snapshot still waiting is
    /// dropped then); throws the listener's failure once the snapshots before it were taken.
    func next(unlessClosed store: CachedDocumentStore) async throws -> ListenSnapshot? {
        while true {
            if Task.isCancelled || store.isClosed { return nil }
            enum Step {
                case snapshot(ListenSnapshot)
                case failure(any Error)
                case end
                case wait
            }
            let step = state.withLock { state -> Step in
                if !state.snapshots.isEmpty { return .snapshot(state.snapshots.removeFirst()) }
                if let failure = state.failure {
                    state.failure = nil
                    state.finished = true
                    return .failure(failure)
                }
                return state.finished ? .end : .wait
            }
            switch step {
            case .snapshot(let snapshot): return snapshot
            case .failure(let error): throw error
            case .end: return nil
            case .wait:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let now = state.withLock { state -> Bool in
                            if !state.snapshots.isEmpty || state.failure != nil || state.finished { return true }
                            state.waiter = continuation
                            return false
                        }
                        if now { continuation.resume() }
                    }
                } onCancel: {
                    finish()
                }
            }
        }
    }
}

/// One listener of a ``CachedDocumentStore``: the local listen, the metadata, and the remote listen that
/// feeds the cache, merged into one stream of snapshots.
private final class CacheListener: Sendable {
    let store: CachedDocumentStore
    let target: ListenTarget
    let options: ListenOptions
    /// Whether the remote listen delivered a snapshot that was taken into the cache, and still runs.
    private let fromServer = Mutex(false)

    init(store: CachedDocumentStore, target: ListenTarget, options: ListenOptions) {
        self.store = store
        self.target = target
        self.options = options
    }

    enum Event: Sendable {
        case local(ListenSnapshot)
        case metadata
        case ended((any Error)?)
    }

    func run(_ output: SnapshotQueue) async throws {
        let (events, sink) = AsyncStream<Event>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await snapshot in self.store.local.listen(self.target, options: self.options) {
                        sink.yield(.local(snapshot))
                    }
                    sink.yield(.ended(nil))
                } catch {
                    sink.yield(.ended(error))
                }
            }
            group.addTask {
                for await _ in self.store.pendingView.observe() { sink.yield(.metadata) }
            }
            group.addTask { await self.listenToServer(sink: sink) }
            defer { group.cancelAll() }
            var last: ListenSnapshot?
            for await event in events {
                switch event {
                case .local(var snapshot):
                    snapshot.metadata = metadata(of: snapshot.documents)
                    last = snapshot
                    output.push(snapshot)
                case .metadata:
                    guard let previous = last else { continue }
                    let metadata = metadata(of: previous.documents)
                    guard metadata != previous.metadata else { continue }
                    // A snapshot of the documents that caused the change is on its way: it carries the metadata.
                    guard await isCurrent(previous.documents) else { continue }
                    let snapshot = ListenSnapshot(
                        documents: previous.documents, changes: [], readTime: previous.readTime, isInitial: false,
                        metadata: metadata)
                    last = snapshot
                    if options.includeMetadataChanges { output.push(snapshot) }
                case .ended(let error):
                    if let error { throw error }
                    return
                }
            }
        }
    }

    /// Whether the local store's results for the target are still `documents` (same paths and update
    /// times): when they are not, a local snapshot is on its way (an error reads as current).
    private func isCurrent(_ documents: DocumentSet) async -> Bool {
        var current: [Document] = []
        do {
            switch target {
            case .document(let path):
                if let document = try await store.local.getDocument(path, mask: nil, consistency: .latest) {
                    current = [document]
                }
            case .query(let parent, let query):
                current = try await store.local.runQueryAll(parent: parent, query: query, consistency: .latest)
                    .compactMap(\.document)
            }
        } catch {
            return true
        }
        return current.count == documents.count
            && current.allSatisfy { documents.document($0.path)?.updateTime == $0.updateTime }
    }

    /// The metadata of `documents` now: the pending state of each (and of the target's document, which may
    /// be a pending delete), and whether the server's answer is in.
    private func metadata(of documents: DocumentSet) -> CacheMetadata {
        var paths = documents.map(\.path)
        if case .document(let path) = target, documents.isEmpty { paths.append(path) }
        return CacheMetadata(
            isFromCache: !store.isNetworkEnabled || !fromServer.withLock { $0 },
            pending: store.pendingView.states(of: paths, queue: store.pendingWrites))
    }

    /// While the listener runs: whenever the network is enabled, listens to the remote and takes what it
    /// delivers into the cache; `fromServer` is `true` from the first snapshot taken until that listen ends
    /// (the network disabled, or a failure, after which it starts again with backoff).
    private func listenToServer(sink: AsyncStream<Event>.Continuation) async {
        let signals = store.pendingView.observe()
        var changes = signals.makeAsyncIterator()
        var failures = 0
        while !Task.isCancelled {
            guard store.isNetworkEnabled, !store.isClosed else {
                guard await changes.next() != nil else { return }
                continue
            }
            let failed = await listenOnceToServer(sink: sink)
            if fromServer.withLock({ $0 }) {
                fromServer.withLock { $0 = false }
                sink.yield(.metadata)
            }
            guard failed, !Task.isCancelled else { continue }
            failures += 1
            let delay = store.options.backoff.jitteredDelay(beforeRetry: failures, random: Double.random(in: 0..<1))
            do { try await store.options.sleep(delay) } catch { return }
        }
    }

    /// One listen to the remote, until it ends, fails (returns `true`) or the network is disabled.
    private func listenOnceToServer(sink: AsyncStream<Event>.Continuation) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    for try await snapshot in self.store.remote.listen(self.target, options: ListenOptions()) {
                        try Task.checkCancellation()
                        guard self.store.isNetworkEnabled else { return false }
                        try await self.take(snapshot)
                        if !self.fromServer.withLock({ $0 }) {
                            self.fromServer.withLock { $0 = true }
                            sink.yield(.metadata)
                        }
                    }
                    return !Task.isCancelled
                } catch {
                    return !Task.isCancelled
                }
            }
            group.addTask {
                let signals = self.store.pendingView.observe()
                guard self.store.isNetworkEnabled, !self.store.isClosed else { return false }
                for await _ in signals where !self.store.isNetworkEnabled || self.store.isClosed { return false }
                return false
            }
            let failed = await group.next() ?? false
            group.cancelAll()
            return failed
        }
    }

    /// Takes a snapshot of the remote into the cache: the server's documents, pending writes on top.
    private func take(_ snapshot: ListenSnapshot) async throws {
        switch target {
        case .document(let path):
            let document: [DocumentPath: Document?] = [path: snapshot.documents.document(path)]
            try await store.settleChanged(document)
        case .query(let parent, let query):
            try await store.takeServerResults(snapshot.documents.documents, parent: parent, query: query)
        }
    }
}
