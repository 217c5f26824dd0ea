import HearthDomain
import HearthLocalEngine
import HearthPort

extension FileSystemDocumentStore {
    /// Reads the document from the engine's memory (`DocumentStore.getDocument(_:mask:consistency:)`): reads
    /// never touch the disk. Throws `failedPrecondition` once the store is closed and `cancelled` in a
    /// cancelled task.
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        try await checkOpen()
        return try engine.getDocument(path, mask: mask, consistency: consistency)
    }

    /// Reads the documents from the engine's memory, all at one read time (`DocumentStore.batchGetDocuments`).
    /// Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse
    {
        try await checkOpen()
        return try engine.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    /// Lists one page from the engine's memory (`DocumentStore.listDocuments(_:)`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await checkOpen()
        return try engine.listDocuments(request)
    }

    /// The whole answer at once, straight from the engine (no stream).
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        try await checkOpen()
        return try engine.runQuery(parent: parent, query: query, consistency: consistency).responses
    }

    /// Runs the query in the engine's memory and streams its results (`DocumentStore.runQuery`): an invalid
    /// query, a closed store (`failedPrecondition`) or a cancelled task (`cancelled`) fails the stream before
    /// any element. On a store still recovering in the background, it runs once recovery finished (see
    /// ``runQueryAll(parent:query:consistency:)``).
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        let engine = self.engine
        let open = refusal()
        if open == nil, !opening.isOpen {
            return AsyncThrowingStream { continuation in
                let run = Task {
                    do {
                        for element in try await runQueryAll(parent: parent, query: query, consistency: consistency) {
                            continuation.yield(element)
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in run.cancel() }
            }
        }
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

    /// Computes the aggregations in the engine's memory (`DocumentStore.runAggregation`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await checkOpen()
        return try engine.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    /// Applies `writes` atomically (see `DocumentStore.commit(_:transaction:)`) and returns once the
    /// commit is durable as ``Options/durability`` says. A log failure fails the commit with the
    /// file-system error (`resourceExhausted`, `permissionDenied`, `unavailable`), and every later commit
    /// with `failedPrecondition` naming that error until the store is reopened (retrying cannot help).
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await checkOpen()
        return try await engine.commit(writes, transaction: transaction)
    }

    /// Begins a transaction in the engine (`DocumentStore.beginTransaction(_:)`); nothing is written to disk
    /// until its commit. Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled
    /// task.
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await checkOpen()
        return try engine.beginTransaction(options)
    }

    /// Rolls the transaction back in the engine (`DocumentStore.rollback(_:)`); nothing is written to disk.
    /// Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func rollback(_ transaction: TransactionID) async throws {
        try await checkOpen()
        try engine.rollback(transaction)
    }

    /// Lists one page of collection IDs from the engine's memory (`DocumentStore.listCollectionIDs(_:)`).
    /// Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await checkOpen()
        return try engine.listCollectionIDs(request)
    }
}
