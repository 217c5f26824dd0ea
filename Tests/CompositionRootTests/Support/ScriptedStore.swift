import Hearth
import HearthInMemory
import Synchronization

/// An in-memory store that fails chosen calls with chosen codes, in order, then behaves normally;
/// counts every call. The seam the decorators' tests drive.
final class ScriptedStore: DocumentStore {
    enum Call: Hashable, Sendable {
        case getDocument, batchGetDocuments, listDocuments, runQuery, runAggregation, commit, beginTransaction,
            rollback, listCollectionIDs, listen,
            close
    }

    /// How a query fails.
    enum QueryFailure: Sendable {
        /// Before any element.
        case immediately(DocumentStoreError.Code)
        /// After delivering its first element.
        case afterFirstElement(DocumentStoreError.Code)
    }

    let base: InMemoryDocumentStore
    private let failures = Mutex<[Call: [DocumentStoreError.Code]]>([:])
    private let queryFailures = Mutex<[QueryFailure]>([])
    private let calls = Mutex<[Call: Int]>([:])

    init() throws {
        base = InMemoryDocumentStore(database: try DatabaseID(projectID: "demo-decorators"))
    }

    var database: DatabaseID { base.database }

    /// The next calls of `call` fail with `codes`, one each, in order.
    func fail(_ call: Call, with codes: [DocumentStoreError.Code]) {
        failures.withLock { $0[call, default: []] += codes }
    }

    func failQueries(_ scripted: [QueryFailure]) {
        queryFailures.withLock { $0 += scripted }
    }

    func count(_ call: Call) -> Int { calls.withLock { $0[call] ?? 0 } }

    private func enter(_ call: Call) throws {
        calls.withLock { $0[call, default: 0] += 1 }
        let code = failures.withLock { scripted -> DocumentStoreError.Code? in
            guard var codes = scripted[call], !codes.isEmpty else { return nil }
            let first = codes.removeFirst()
            scripted[call] = codes
            return first
        }
        if let code { throw DocumentStoreError(code, "scripted \(code.name) for \(call)") }
    }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try enter(.getDocument)
        return try await base.getDocument(path, mask: mask, consistency: consistency)
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try enter(.batchGetDocuments)
        return try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try enter(.listDocuments)
        return try await base.listDocuments(request)
    }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        calls.withLock { $0[.runQuery, default: 0] += 1 }
        let failure = queryFailures.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        let inner = base.runQuery(parent: parent, query: query, consistency: consistency)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if case .immediately(let code) = failure {
                        throw DocumentStoreError(code, "scripted query failure")
                    }
                    for try await element in inner {
                        continuation.yield(element)
                        if case .afterFirstElement(let code) = failure {
                            throw DocumentStoreError(code, "scripted query failure")
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws
        -> AggregationResponse
    {
        try enter(.runAggregation)
        return try await base.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try enter(.commit)
        return try await base.commit(writes, transaction: transaction)
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try enter(.beginTransaction)
        return try await base.beginTransaction(options)
    }

    func rollback(_ transaction: TransactionID) async throws {
        try enter(.rollback)
        try await base.rollback(transaction)
    }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try enter(.listCollectionIDs)
        return try await base.listCollectionIDs(request)
    }

    /// The in-memory store's push-based listener, counted.
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        calls.withLock { $0[.listen, default: 0] += 1 }
        return base.listen(target, options: options)
    }

    /// Counted; a scripted failure is thrown before the in-memory store is closed.
    func close() async throws {
        try enter(.close)
        try await base.close()
    }

    var isClosed: Bool { base.isClosed }
}

/// Records the delays a decorator sleeps, without sleeping.
final class SleepRecorder: Sendable {
    private let delays = Mutex<[Duration]>([])

    var recorded: [Duration] { delays.withLock { $0 } }

    @Sendable func sleep(_ duration: Duration) async throws {
        delays.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}

/// A ``HearthLogger`` that keeps every message.
final class RecordingLogger: HearthLogger {
    private let entries = Mutex<[(HearthLogLevel, String)]>([])
    let minimumLevel: HearthLogLevel

    init(minimumLevel: HearthLogLevel = .debug) { self.minimumLevel = minimumLevel }

    var messages: [String] { entries.withLock { $0.map(\.1) } }
    func messages(at level: HearthLogLevel) -> [String] { entries.withLock { $0.filter { $0.0 == level }.map(\.1) } }

    func isEnabled(_ level: HearthLogLevel) -> Bool { level >= minimumLevel }
    func log(_ level: HearthLogLevel, _ message: String) {
        guard isEnabled(level) else { return }
        entries.withLock { $0.append((level, message)) }
    }
}
