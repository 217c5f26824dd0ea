import HearthApplication
import HearthDomain
import HearthLocalEngine

extension FileSystemDocumentStore {
    public func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try checkOpen()
        return try engine.getDocument(path, mask: mask, consistency: consistency)
    }

    public func batchGetDocuments(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency) async throws
        -> BatchGetResponse
    {
        try checkOpen()
        return try engine.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try checkOpen()
        return try engine.listDocuments(request)
    }

    /// The whole answer at once, straight from the engine (no stream).
    public func runQueryAll(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency) async throws
        -> [RunQueryResponse]
    {
        try checkOpen()
        return try engine.runQuery(parent: parent, query: query, consistency: consistency).responses
    }

    public func runQuery(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency)
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        let engine = self.engine
        let open = refusal()
        return AsyncThrowingStream { continuation in
            do {
                if let open { throw open }
                for element in try engine.runQuery(parent: parent, query: query, consistency: consistency).responses {
                    continuation.yield(element)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    public func runAggregation(
        parent: DocumentPath?,
        query: StructuredQuery,
        aggregations: [Aggregation],
        consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try checkOpen()
        return try engine.runAggregation(parent: parent, query: query, aggregations: aggregations, consistency: consistency)
    }

    /// Applies `writes` atomically (see `DocumentStore.commit(_:transaction:)`) and returns once the
    /// commit is durable as ``Options/durability`` says. A log failure fails the commit with the
    /// file-system error (`resourceExhausted`, `permissionDenied`, `unavailable`), and every later commit
    /// with `failedPrecondition` naming that error until the store is reopened (retrying cannot help).
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try checkOpen()
        return try await engine.commit(writes, transaction: transaction)
    }

    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try checkOpen()
        return try engine.beginTransaction(options)
    }

    public func rollback(_ transaction: TransactionID) async throws {
        try checkOpen()
        try engine.rollback(transaction)
    }

    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try checkOpen()
        return try engine.listCollectionIDs(request)
    }
}
