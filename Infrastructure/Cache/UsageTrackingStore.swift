import HearthDomain
import HearthLocalEngine
import HearthPort
import Synchronization

/// The cache's local store, recording for eviction when each document was last used (read, written or
/// delivered to a listener) and its size, and which documents active listeners hold. Calls go to `base`
/// unchanged; the queue's own documents (``PendingWrite/collectionID``) are not tracked.
final class UsageTrackingStore: DocumentStore {
    struct Entry {
        var lastUse: UInt64
        var size: Int
    }

    struct State {
        var entries: [DocumentPath: Entry] = [:]
        var clock: UInt64 = 0
        var total = 0
        /// The documents each active listener holds, by listener.
        var pins: [UInt64: Set<DocumentPath>] = [:]
        var nextListener: UInt64 = 0
        /// Called (outside the lock) when a write took the total over the target.
        var overTarget: (@Sendable () -> Void)?
        var target: Int64?
    }

    let base: any DocumentStore
    let state = Mutex(State())

    init(base: any DocumentStore) {
        self.base = base
    }

    var database: DatabaseID { base.database }
    var isClosed: Bool { base.isClosed }

    /// The estimated size of the tracked documents, in bytes.
    var totalSize: Int { state.withLock { $0.total } }

    // MARK: - Recording

    private static func isTracked(_ path: DocumentPath) -> Bool {
        path.segments.first != PendingWrite.collectionID
    }

    /// Records a use of each document (`nil` for a path read missing: forgotten).
    func used(_ documents: [(DocumentPath, Document?)]) {
        let notify = state.withLock { state -> (@Sendable () -> Void)? in
            for (path, document) in documents where Self.isTracked(path) {
                let previous = state.entries[path]?.size ?? 0
                guard let document else {
                    state.entries[path] = nil
                    state.total -= previous
                    continue
                }
                state.clock += 1
                let size = DocumentSize.size(of: document.fields, at: path)
                state.entries[path] = Entry(lastUse: state.clock, size: size)
                state.total += size - previous
            }
            guard let target = state.target, Int64(state.total) > target else { return nil }
            return state.overTarget
        }
        notify?()
    }

    /// Forgets `paths` (evicted).
    func forget(_ paths: [DocumentPath]) {
        state.withLock { state in
            for path in paths {
                state.total -= state.entries.removeValue(forKey: path)?.size ?? 0
            }
        }
    }

    /// The least recently used documents to evict so that the total is at most `target`, oldest first,
    /// never one in `kept` (pending writes) or held by an active listener.
    func victims(target: Int64, kept: Set<DocumentPath>) -> [DocumentPath] {
        state.withLock { state in
            guard Int64(state.total) > target else { return [] }
            let pinned = state.pins.values.reduce(into: kept) { $0.formUnion($1) }
            var excess = Int64(state.total) - target
            var victims: [DocumentPath] = []
            for (path, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse })
            where !pinned.contains(path) {
                guard excess > 0 else { break }
                victims.append(path)
                excess -= Int64(entry.size)
            }
            return victims
        }
    }

    // MARK: - DocumentStore

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        let document = try await base.getDocument(path, mask: mask, consistency: consistency)
        if mask == nil { used([(path, document)]) }
        return document
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        let response = try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
        if mask == nil { used(response.documents.map { ($0.path, $0.document) }) }
        return response
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await base.listDocuments(request)
    }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        base.runQuery(parent: parent, query: query, consistency: consistency)
    }

    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws -> [RunQueryResponse] {
        let responses = try await base.runQueryAll(parent: parent, query: query, consistency: consistency)
        if query.select == nil { used(responses.compactMap(\.document).map { ($0.path, $0) }) }
        return responses
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await base.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    /// Commits, then records the written documents as used (read back, so their sizes are the stored ones).
    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        let response = try await base.commit(writes, transaction: transaction)
        let written = Array(Set(writes.map(\.path).filter(Self.isTracked)))
        if !written.isEmpty {
            let reads = try? await base.batchGetDocuments(written, mask: nil, consistency: .latest)
            used(reads?.documents.map { ($0.path, $0.document) } ?? [])
        }
        return response
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await base.beginTransaction(options)
    }

    func rollback(_ transaction: TransactionID) async throws {
        try await base.rollback(transaction)
    }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await base.listCollectionIDs(request)
    }

    /// The base's listener, pulled one snapshot at a time (so its buffering is unchanged); while it is
    /// active, its target document and the documents of its latest snapshot are never evicted.
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        let initial: Set<DocumentPath> = if case .document(let path) = target { [path] } else { [] }
        let id = state.withLock { state in
            state.nextListener += 1
            state.pins[state.nextListener] = initial
            return state.nextListener
        }
        let stream = base.listen(target, options: options)
        let pulled = PulledListener(opening: { stream }) { [weak self] in
            _ = self?.state.withLock { $0.pins.removeValue(forKey: id) }
        }
        return AsyncThrowingStream { [weak self] in
            guard let snapshot = try await pulled.next() else { return nil }
            let held = Set(snapshot.documents.map(\.path)).union(initial)
            self?.state.withLock { $0.pins[id] = held }
            self?.used(snapshot.documents.map { ($0.path, $0) })
            return snapshot
        }
    }

    func close() async throws {
        try await base.close()
    }
}

/// A listener's stream, opened at the first `next()` and read one element per call (so the listener's own
/// buffering — a consumer that falls behind gets one combined snapshot — is unchanged); `ended` runs
/// once, when the stream ends or fails, or when this is released (the consumer stopped listening).
final class PulledListener: @unchecked Sendable {
    // @unchecked: `iterator` is only touched while `lock` is held.
    private let lock = AsyncLock()
    private var iterator: AsyncThrowingStream<ListenSnapshot, any Error>.Iterator?
    private let open: @Sendable () async throws -> AsyncThrowingStream<ListenSnapshot, any Error>
    private let ended: Mutex<(@Sendable () -> Void)?>

    init(
        opening open: @escaping @Sendable () async throws -> AsyncThrowingStream<ListenSnapshot, any Error>,
        ended: @escaping @Sendable () -> Void = {}
    ) {
        self.open = open
        self.ended = Mutex(ended)
    }

    func next() async throws -> ListenSnapshot? {
        try await lock.withLock {
            do {
                if iterator == nil { iterator = try await open().makeAsyncIterator() }
                guard let snapshot = try await iterator?.next() else {
                    end()
                    return nil
                }
                return snapshot
            } catch {
                end()
                throw error
            }
        }
    }

    private func end() {
        ended.withLock { $0.take() }?()
    }

    deinit { end() }
}
