import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization

/// A remote for the cache's tests: an `InMemoryDocumentStore` that can go offline (every call fails with
/// `unavailable`), reject commits touching chosen documents (`permissionDenied`), and apply a commit then
/// lose its answer (`unavailable` after the writes were applied), or time out a commit that reaches the
/// server later (`lateCommits`); it counts the commits it applied.
final class FaultyRemote: DocumentStore {
    struct Faults {
        var offline = false
        var rejected: Set<DocumentPath> = []
        var dropAnswers = 0
        var lateCommits = 0
        var appliedCommits = 0
        var reads = 0
    }

    let base: InMemoryDocumentStore

    /// A remote over `base` (default: a new empty store). Closing it closes `base` only.
    init(base: InMemoryDocumentStore = InMemoryDocumentStore(database: testDatabase)) {
        self.base = base
    }

    /// A second remote over the same data, for a cache reopened after the first one closed its remote.
    func reopened() -> FaultyRemote {
        FaultyRemote(base: InMemoryDocumentStore(engine: base.engine))
    }
    let faults = Mutex(Faults())

    var database: DatabaseID { base.database }
    var isClosed: Bool { base.isClosed }
    var appliedCommits: Int { faults.withLock { $0.appliedCommits } }
    var reads: Int { faults.withLock { $0.reads } }

    func setOffline(_ offline: Bool) { faults.withLock { $0.offline = offline } }

    private func check(read: Bool = true) throws {
        let offline = faults.withLock { faults in
            if read { faults.reads += 1 }
            return faults.offline
        }
        if offline { throw DocumentStoreError(.unavailable, "The test remote is offline.") }
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try check(read: false)
        if faults.withLock({ !$0.rejected.isDisjoint(with: writes.map(\.path)) }) {
            throw DocumentStoreError(.permissionDenied, "The test remote's rules refuse the write.")
        }
        let late = faults.withLock { faults in
            guard faults.lateCommits > 0 else { return false }
            faults.lateCommits -= 1
            return true
        }
        if late {
            // Times out at once, and reaches the server 50 ms later (a slow server, a queued request).
            let base = base
            Task { [self] in
                try? await Task.sleep(for: .milliseconds(50))
                if (try? await base.commit(writes, transaction: transaction)) != nil {
                    faults.withLock { $0.appliedCommits += 1 }
                }
            }
            throw DocumentStoreError(.deadlineExceeded, "The request timed out: the write may have been applied.")
        }
        let response = try await base.commit(writes, transaction: transaction)
        let drop = faults.withLock { faults in
            faults.appliedCommits += 1
            guard faults.dropAnswers > 0 else { return false }
            faults.dropAnswers -= 1
            return true
        }
        if drop { throw DocumentStoreError(.unavailable, "The connection broke: the write may have been applied.") }
        return response
    }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try check()
        return try await base.getDocument(path, mask: mask, consistency: consistency)
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse
    {
        try check()
        return try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try check()
        return try await base.listDocuments(request)
    }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        base.runQuery(parent: parent, query: query, consistency: consistency)
    }

    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        try check()
        return try await base.runQueryAll(parent: parent, query: query, consistency: consistency)
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    )
        async throws -> AggregationResponse
    {
        try check()
        return try await base.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try check()
        return try await base.beginTransaction(options)
    }

    func rollback(_ transaction: TransactionID) async throws { try await base.rollback(transaction) }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try check()
        return try await base.listCollectionIDs(request)
    }

    /// Listens to `base`; offline, the listen fails with `unavailable` (counted as a read).
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        do {
            try check()
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        return base.listen(target, options: options)
    }

    func close() async throws { try await base.close() }
}

let testDatabase: DatabaseID = {
    do { return try DatabaseID(projectID: "cache-tests") } catch { preconditionFailure("literal database ID") }
}()

func doc(_ path: String) throws -> DocumentPath { try DocumentPath(path) }
