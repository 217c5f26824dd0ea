import HearthApplication
import HearthDomain
import HearthPort
import Synchronization

/// A `DocumentStore` fake for client-API tests: records every call and answers from a script.
final class ScriptedStore: DocumentStore {
    enum Call: Equatable {
        case getDocument(DocumentPath, ReadConsistency)
        case batchGet([DocumentPath], ReadConsistency)
        case runQuery(StructuredQuery, ReadConsistency)
        case runAggregation([Aggregation])
        case commit([Write], TransactionID?)
        case begin(TransactionMode)
        case rollback(TransactionID)
        case listDocuments(String)
        case listCollectionIDs(DocumentPath?)
    }

    struct Script {
        var documents: [DocumentPath: Document] = [:]
        var queryResults: [Document] = []
        var aggregationValues: MapValue = [:]
        var commitFailures: [DocumentStoreError] = []
        var nextTransaction: UInt8 = 0
    }

    let database: DatabaseID
    private let state: Mutex<(calls: [Call], script: Script)>

    init(script: Script = Script()) {
        database = try! DatabaseID(projectID: "test-project")
        state = Mutex((calls: [], script: script))
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func record(_ call: Call) { state.withLock { $0.calls.append(call) } }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        record(.getDocument(path, consistency))
        return state.withLock { $0.script.documents[path] }
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        record(.batchGet(paths, consistency))
        let documents = state.withLock { state in
            paths.map { path in state.script.documents[path].map(DocumentRead.found) ?? .missing(path) }
        }
        return BatchGetResponse(documents: documents, readTime: Self.time)
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        record(.listDocuments(request.collectionID))
        return ListDocumentsResponse(documents: [], nextPageToken: nil)
    }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        record(.runQuery(query, consistency))
        let results = state.withLock { $0.script.queryResults }
        return AsyncThrowingStream { continuation in
            for document in results { continuation.yield(RunQueryResponse(document: document, readTime: Self.time)) }
            continuation.finish()
        }
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    )
        async throws -> AggregationResponse
    {
        record(.runAggregation(query.aggregations))
        return AggregationResponse(values: state.withLock { $0.script.aggregationValues }, readTime: Self.time)
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        record(.commit(writes, transaction))
        let failure = state.withLock { state -> DocumentStoreError? in
            state.script.commitFailures.isEmpty ? nil : state.script.commitFailures.removeFirst()
        }
        if let failure { throw failure }
        return CommitResponse(
            writeResults: writes.map { _ in WriteResult(updateTime: Self.time) }, commitTime: Self.time)
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        record(.begin(options))
        return state.withLock { state in
            state.script.nextTransaction += 1
            return TransactionID(bytes: [state.script.nextTransaction])
        }
    }

    func rollback(_ transaction: TransactionID) async throws {
        record(.rollback(transaction))
    }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        record(.listCollectionIDs(request.parent))
        return ListCollectionIDsResponse(collectionIDs: [], nextPageToken: nil)
    }

    /// Polls the script, as a store that cannot push does.
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        PollingListener().listen(to: target, options: options, on: self)
    }

    /// A scripted store is never closed.
    func close() async throws {}

    var isClosed: Bool { false }

    static let time = try! Timestamp(seconds: 1_700_000_000)

    static func document(_ path: String, _ fields: MapValue) -> Document {
        Document(path: try! DocumentPath(path), fields: fields, createTime: time, updateTime: time)
    }
}

/// Records the delays a client waits for, instead of waiting.
final class SleepRecorder: Sendable {
    private let delays = Mutex<[Duration]>([])

    var recorded: [Duration] { delays.withLock { $0 } }

    var options: DatabaseOptions {
        DatabaseOptions(sleep: { [self] delay in delays.withLock { $0.append(delay) } }, random: { 0.5 })
    }
}
