public import HearthDomain
public import HearthPort
import Synchronization

/// A `DocumentStore` decorator that gives a remote store an offline cache with latency compensation:
/// Firebase's client persistence, over any remote (Firestore REST, or any `DocumentStore`) and any local
/// store (memory, or the file store for a cache that survives restarts).
///
/// - Writes (``commit(_:transaction:)`` outside a transaction) are applied to the local store at once and
///   recorded, in the same local commit, as an entry of an ordered queue kept in the local store itself
///   (``PendingWrite``): a write is acknowledged once it is there, and a restart resumes the queue.
///   A flusher sends the entries to the remote in order, one commit each; an acknowledged entry leaves the
///   queue and the cache takes the server's documents; a rejected one leaves the queue, its local effect
///   is rolled back (the documents re-read from the server, later pending writes re-applied) and it is
///   reported on ``rejectedWrites``. Transport failures keep it queued and retry with capped backoff.
/// - Reads: the port's reads read as `CacheReadSource.default` (the remote when reachable, else the
///   cache); ``getDocument(_:source:)`` and ``runQueryAll(parent:query:source:)`` take a source. Every
///   read answers from the cache after refreshing it, so pending writes are always overlaid.
/// - ``disableNetwork()``, ``enableNetwork()``, ``waitForPendingWrites()`` as Firebase's.
/// - Listeners answer from the cache, then from the server (``listen(_:options:)``), their snapshots
///   carrying `CacheMetadata`; aggregations, listings, collection IDs and transactions go to the remote
///   (`unavailable` while the network is disabled).
///
/// Make one with ``open(remote:local:options:)``; close it with ``close()``, which stops the flusher
/// and closes both stores.
public final class CachedDocumentStore: DocumentStore {
    /// The store writes are sent to and reads are refreshed from.
    public let remote: any DocumentStore
    /// The cache: it holds the documents read and written, and the queue of pending writes.
    public let local: any DocumentStore
    /// How the flusher retries.
    public let options: CacheOptions
    /// The writes the remote rejected (or whose outcome could not be known), in the order they happened.
    /// One consumer; elements are kept (up to 1,000, then the oldest dropped) until read.
    public let rejectedWrites: AsyncStream<RejectedWrite>

    struct State {
        var queue: [PendingWrite] = []
        var nextSequence: Int64 = 1
        var networkEnabled = true
        var closed = false
        var waiters: [(upTo: Int64, id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextWaiter = 0
        /// The server's verdicts wanted for commits of this run (see `CachedDocumentStore+Outcomes.swift`).
        var outcomes: [Int64: Outcome] = [:]
    }

    let state: Mutex<State>
    /// Serialises every local commit (user writes, settling, refreshes), so that a commit's local effect
    /// is computed from the queue it is committed with.
    let localLock = AsyncLock()
    let rejections: AsyncStream<RejectedWrite>.Continuation
    let wake: AsyncStream<Void>.Continuation
    /// The pending state the snapshots report, and the observers of its changes (`PendingView.swift`).
    let pendingView = PendingView()
    private let wakeSignals: AsyncStream<Void>
    private let flusher = Mutex<Task<Void, Never>?>(nil)

    /// The local store as the cache uses it: records each document's last use and size (eviction).
    let usage: UsageTrackingStore

    private init(remote: any DocumentStore, local: any DocumentStore, options: CacheOptions, queue: [PendingWrite]) {
        self.remote = remote
        usage = UsageTrackingStore(base: local)
        self.local = usage
        self.options = options
        var initial = State()
        initial.queue = queue
        initial.nextSequence = (queue.last?.sequence ?? 0) + 1
        state = Mutex(initial)
        (rejectedWrites, rejections) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        (wakeSignals, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Opens a cache of `remote` in `local`: reads the queue of pending writes `local` holds (left by an
    /// earlier run) and starts the flusher, which sends them first.
    ///
    /// - Throws: what reading the queue from `local` throws; `dataLoss` naming an entry that cannot be read
    ///   (a damaged queue is reported, never silently dropped).
    public static func open(
        remote: any DocumentStore, local: any DocumentStore, options: CacheOptions = CacheOptions()
    ) async throws -> CachedDocumentStore {
        let responses = try await local.runQueryAll(
            parent: nil, query: StructuredQuery(from: .init(collectionID: PendingWrite.collectionID)),
            consistency: .latest)
        var queue: [PendingWrite] = []
        for case let document? in responses.map(\.document) { queue.append(try PendingWrite(document: document)) }
        queue.sort { $0.sequence < $1.sequence }
        let store = CachedDocumentStore(remote: remote, local: local, options: options, queue: queue)
        store.startFlusher()
        store.startEviction()
        return store
    }

    private func startFlusher() {
        let signals = wakeSignals
        let task = Task { [self] in await runFlusher(wakeSignals: signals) }
        flusher.withLock { $0 = task }
        wake.yield()
    }

    /// The remote's database.
    public var database: DatabaseID { remote.database }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// The writes waiting to be sent, in queue order.
    public var pendingWrites: [PendingWrite] { state.withLock { $0.queue } }

    /// Whether the network is enabled (see ``disableNetwork()``).
    public var isNetworkEnabled: Bool { state.withLock { $0.networkEnabled } }

    /// Stops every call to the remote: writes queue, reads answer from the cache, calls that need the server
    /// (transactions, aggregations, listings) fail with `unavailable`. A send already under way completes.
    public func disableNetwork() {
        state.withLock { $0.networkEnabled = false }
        pendingView.signal()
    }

    /// Lets calls reach the remote again; the flusher resumes at once.
    public func enableNetwork() {
        state.withLock { $0.networkEnabled = true }
        wake.yield()
        pendingView.signal()
    }

    /// Returns once every write committed before the call has left the queue (acknowledged or rejected);
    /// at once when none is pending. Throws `failedPrecondition` when the store is closed before then, and
    /// `cancelled` when the task is.
    public func waitForPendingWrites() async throws {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> (any Error)?? in
                    if state.closed {
                        return .some(DocumentStoreError(.failedPrecondition, "The offline cache is closed."))
                    }
                    if Task.isCancelled { return .some(Self.waitCancelled) }
                    guard let last = state.queue.last?.sequence else { return .some(nil) }
                    state.waiters.append((last, id, continuation))
                    return nil
                }
                switch resumeNow {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: Self.waitCancelled)
        }
    }

    /// What a cancelled ``waitForPendingWrites()`` throws: the writes stay queued.
    private static var waitCancelled: DocumentStoreError {
        DocumentStoreError(.cancelled, "Waiting for pending writes was cancelled; the writes stay queued.")
    }

    /// Stops the flusher (the queue stays in the local store for the next run), ends waiters of
    /// ``waitForPendingWrites()`` with `failedPrecondition`, ends ``rejectedWrites``, and closes both
    /// stores (the local first). Idempotent; throws the first error of the two closes.
    public func close() async throws {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>]? in
            guard !state.closed else { return nil }
            state.closed = true
            defer { state.waiters = [] }
            return state.waiters.map(\.continuation)
        }
        guard let waiters else { return }
        failOutcomes(
            DocumentStoreError(.failedPrecondition, "The offline cache was closed before the server answered."))
        for waiter in waiters {
            waiter.resume(throwing: DocumentStoreError(.failedPrecondition, "The offline cache was closed."))
        }
        let task = flusher.withLock { $0 }
        task?.cancel()
        wake.finish()
        await task?.value
        rejections.finish()
        var failure: (any Error)?
        await localLock.withLock {
            do { try await local.close() } catch { failure = failure ?? error }
        }
        do { try await remote.close() } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// Throws `failedPrecondition` once closed.
    func checkOpen() throws(DocumentStoreError) {
        if isClosed { throw DocumentStoreError(.failedPrecondition, "The offline cache is closed.") }
    }

    /// The remote, or `unavailable` while the network is disabled.
    func reachableRemote(for what: @autoclosure () -> String) throws(DocumentStoreError) -> any DocumentStore {
        try checkOpen()
        guard isNetworkEnabled else {
            throw DocumentStoreError(.unavailable, "Cannot \(what()): the network of the offline cache is disabled.")
        }
        return remote
    }

    // MARK: - Writes

    /// Outside a transaction: applies `writes` to the cache at once and queues them for the remote, in one
    /// local commit (see ``commitLocally(_:keepingVerdict:)``); then, as ``CacheOptions/acknowledgement`` says, returns the
    /// server's response once it acknowledged them (`.server`, the default, as an awaited write in
    /// Firebase: while the network is down this waits; a rejection is thrown after the local effect was
    /// rolled back), or the local commit's times at once (`.local`; the server's verdict comes later,
    /// through ``rejectedWrites``). Either way the writes are visible in the cache and durable in its
    /// queue before the server sees them.
    /// In a transaction: sends them to the remote (`unavailable` while the network is disabled), then
    /// refreshes their documents in the cache.
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try checkOpen()
        if let transaction {
            let response = try await reachableRemote(for: "commit a transaction").commit(
                writes, transaction: transaction)
            try? await refresh(paths: PendingWrite(sequence: 0, writes: writes).paths)
            return response
        }
        guard !writes.isEmpty else { return try await local.commit([], transaction: nil) }
        switch options.acknowledgement {
        case .local:
            return try await queue(writes, tracked: false).localResponse
        case .server:
            return try await serverOutcome(of: try await queue(writes, tracked: true))
        }
    }

    /// Applies `writes` (outside a transaction) to the cache at once and appends them, as one entry, to the
    /// queue, in one local commit; returns once that commit is durable, with the local commit's times (a
    /// write with no local effect — an update of a document the cache does not hold — gets the commit
    /// time) and the ticket for ``serverOutcome(of:)`` (which takes the verdict when `keepingVerdict`). Fails with what the local store says of the
    /// writes (an invalid write is refused here, before anything is queued).
    public func commitLocally(_ writes: [Write], keepingVerdict: Bool) async throws -> PendingCommit {
        try checkOpen()
        guard !writes.isEmpty else {
            return PendingCommit(sequence: 0, localResponse: try await local.commit([], transaction: nil))
        }
        return try await queue(writes, tracked: keepingVerdict)
    }

    private func queue(_ writes: [Write], tracked: Bool) async throws -> PendingCommit {
        try await localLock.withLock {
            try checkOpen()
            let entry = PendingWrite(sequence: state.withLock { $0.nextSequence }, writes: writes)
            var current: [DocumentPath: Document?] = [:]
            for read in try await local.batchGetDocuments(entry.paths, mask: nil, consistency: .latest).documents {
                current[read.path] = .some(read.document)
            }
            let (localWrites, indexes) = LocalEffect.localWrites(
                writes, exists: current.mapValues { $0 != nil })
            pendingView.willCommit(entry, current: current, queue: pendingWrites)
            defer { pendingView.didCommit(entry) }
            let entryPath = try entry.documentPath()
            let response: CommitResponse
            do {
                response = try await local.commit(
                    localWrites + [.update(entryPath, fields: entry.fields)], transaction: nil)
            } catch let error as DocumentStoreError
                where error.code == .invalidArgument && error.message.contains(entryPath.path)
            {
                // The queue entry holds the writes plus their description, so a document within a few
                // hundred bytes of Firestore's 1 MiB limit does not fit in it.
                throw DocumentStoreError(
                    .invalidArgument,
                    "The write of \(entry.paths.map(\.path).joined(separator: ", ")) is too large for the offline cache's queue of pending writes (\(error.message)); keep a cached document a few hundred bytes under Firestore's 1 MiB limit.",
                    underlying: error)
            }
            state.withLock { state in
                state.queue.append(entry)
                state.nextSequence = entry.sequence + 1
                if tracked { state.outcomes[entry.sequence] = .waiting([]) }
            }
            wake.yield()
            let results = indexes.map { index in
                index.flatMap { response.writeResults.indices.contains($0) ? response.writeResults[$0] : nil }
                    ?? WriteResult(updateTime: response.commitTime)
            }
            return PendingCommit(
                sequence: entry.sequence,
                localResponse: CommitResponse(writeResults: results, commitTime: response.commitTime))
        }
    }

    /// Starts a transaction on the remote (`unavailable` while the network is disabled: transactions need
    /// the server, as in Firebase).
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await reachableRemote(for: "begin a transaction").beginTransaction(options)
    }

    /// Rolls back a remote transaction (`unavailable` while the network is disabled).
    public func rollback(_ transaction: TransactionID) async throws {
        try await reachableRemote(for: "roll back a transaction").rollback(transaction)
    }

    // MARK: - Settling the queue

    /// Makes the cache hold the remote's version of each document in `documents` with the queued writes
    /// re-applied, removing `entry` from the queue in the same local commit when given (the last, when
    /// the re-applied writes need several: see `LocalEffect.commits(_:)`).
    func settle(_ documents: [DocumentPath: Document?], removing entry: PendingWrite?) async throws {
        try await localLock.withLock {
            let remaining = state.withLock { state in
                state.queue.filter { $0.sequence != entry?.sequence }.flatMap(\.writes)
            }
            var writes: [Write] = []
            for (path, document) in documents.sorted(by: { $0.key < $1.key }) {
                writes += LocalEffect.rebase(path, on: document, pending: remaining)
            }
            if let entry { writes.append(.delete(try entry.documentPath())) }
            pendingView.willSettle(documents, removing: entry)
            defer { pendingView.didSettle(removing: entry, queue: pendingWrites) }
            // Usually one commit; more when the re-applied writes exceed a local commit's limits. The entry
            // leaves the queue with the last one; a crash before it leaves it queued, and its next settling
            // rebases the documents again.
            for commit in LocalEffect.commits(writes) { _ = try await local.commit(commit, transaction: nil) }
            guard let entry else { return }
            let ready = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
                state.queue.removeAll { $0.sequence == entry.sequence }
                let head = state.queue.first?.sequence ?? .max
                let done = state.waiters.filter { $0.upTo < head }.map(\.continuation)
                state.waiters.removeAll { $0.upTo < head }
                return done
            }
            for waiter in ready { waiter.resume() }
        }
    }

    /// Reads `paths` from the remote and refreshes them in the cache (pending writes re-applied).
    func refresh(paths: [DocumentPath]) async throws {
        guard !paths.isEmpty else { return }
        try await settleChanged(try await remoteDocuments(paths))
    }

    /// The remote's documents at `paths` (`nil`: missing).
    func remoteDocuments(_ paths: [DocumentPath]) async throws -> [DocumentPath: Document?] {
        let reads = try await reachableRemote(for: "read from the server").batchGetDocuments(
            paths, mask: nil, consistency: .latest)
        var documents: [DocumentPath: Document?] = [:]
        for read in reads.documents { documents[read.path] = .some(read.document) }
        return documents
    }

    /// Records in the queue (durably) the remote versions `entry` is sent against.
    /// (`nil`: clears the guard — no send of it can still be on its way.)
    func recordGuard(_ entry: PendingWrite, _ versions: [DocumentPath: Timestamp?]?) async throws -> PendingWrite {
        let guarded = PendingWrite(sequence: entry.sequence, writes: entry.writes, guardVersions: versions)
        try await localLock.withLock {
            _ = try await local.commit([.update(try guarded.documentPath(), fields: guarded.fields)], transaction: nil)
            state.withLock { state in
                if let index = state.queue.firstIndex(where: { $0.sequence == entry.sequence }) {
                    state.queue[index] = guarded
                }
            }
        }
        return guarded
    }
}

/// How a ``CachedDocumentStore`` acknowledges writes, retries sending its queue, and erases its persisted data.
public struct CacheOptions: Sendable {
    /// When an awaited ``CachedDocumentStore/commit(_:transaction:)`` returns.
    public enum Acknowledgement: Sendable, Hashable {
        /// Once the server acknowledged the writes (or rejected them: the error is thrown), as an awaited
        /// write in Firebase. The writes are visible in the cache at once either way.
        case server
        /// Once the writes are durable in the cache; the server's verdict comes through
        /// ``CachedDocumentStore/rejectedWrites``.
        case local
    }

    /// When an awaited commit returns (default `.server`, Firebase's).
    public var acknowledgement: Acknowledgement
    /// The delays between attempts after transport failures (default: 100 ms, doubling, at most 30 s).
    public var backoff: Backoff
    /// Waits between attempts (default `Task.sleep`).
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Erases the local store's persisted data (documents and pending writes) once the cache is closed:
    /// what ``CachedDocumentStore/clearPersistence()`` runs (the file cache: removing its directory).
    /// `nil` (the default): the cache cannot clear its local store, and `clearPersistence()` is `unimplemented`.
    public var clearPersistence: (@Sendable () async throws -> Void)?
    /// How much the cache may hold before it evicts the least recently used documents that have no
    /// pending write and no active listener (default ``CacheSizeTarget/default``, 100 MB).
    public var sizeTarget: CacheSizeTarget

    /// Options; see the properties for the defaults.
    public init(
        acknowledgement: Acknowledgement = .server,
        backoff: Backoff = Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .seconds(30)),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        clearPersistence: (@Sendable () async throws -> Void)? = nil,
        sizeTarget: CacheSizeTarget = .default
    ) {
        self.acknowledgement = acknowledgement
        self.backoff = backoff
        self.sleep = sleep
        self.clearPersistence = clearPersistence
        self.sizeTarget = sizeTarget
    }
}

/// A queued write that left the queue without being known to be applied: the remote rejected it, or its
/// outcome could not be known (see ``Kind``). Its local effect has been replaced by the server's documents.
public struct RejectedWrite: Sendable {
    /// Why the write left the queue.
    public enum Kind: Sendable, Hashable {
        /// The remote answered with an error that is not transient (rules, precondition, invalid write).
        case rejected
        /// A send that is not idempotent (a transform, a create, a precondition) failed in transit, and the
        /// remote's documents changed since: it was applied, or another writer changed them; it is not sent again.
        case outcomeUnknown
    }

    /// The writes of the commit, as given.
    public let writes: [Write]
    /// Why it left the queue.
    public let kind: Kind
    /// The remote's error (`rejected`), or an `aborted` error explaining the doubt (`outcomeUnknown`).
    public let error: DocumentStoreError
}
