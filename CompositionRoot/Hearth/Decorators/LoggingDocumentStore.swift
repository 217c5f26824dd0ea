public import HearthDomain
public import HearthPort

/// A `DocumentStore` decorator that logs every call of the store it wraps through a ``HearthLogger``:
/// at ``HearthLogLevel/debug`` the call, its target, its outcome and its duration; at
/// ``HearthLogLevel/warning`` a failure with its code and message.
///
/// Only paths, counts, durations and error codes are logged, never field values. Results and errors pass
/// through unchanged.
public struct LoggingDocumentStore: DocumentStore {
    /// The store whose calls are logged.
    public let base: any DocumentStore
    /// Where the lines go.
    public let logger: any HearthLogger

    /// Wraps `base`, logging to `logger`.
    public init(wrapping base: any DocumentStore, logger: any HearthLogger) {
        self.base = base
        self.logger = logger
    }

    /// The wrapped store's database.
    public var database: DatabaseID { base.database }

    /// The wrapped store's `getDocument`, logged with the path and whether the document was found.
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        try await logged("getDocument \(path)") {
            try await base.getDocument(path, mask: mask, consistency: consistency)
        } outcome: {
            $0 == nil ? "missing" : "found"
        }
    }

    /// The wrapped store's `batchGetDocuments`, logged with how many documents were asked for and found.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse
    {
        try await logged("batchGetDocuments of \(paths.count) documents") {
            try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
        } outcome: { response in
            "\(response.documents.filter { $0.document != nil }.count) found"
        }
    }

    /// The wrapped store's `listDocuments`, logged with the collection, the page's size and whether more
    /// pages follow.
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        let collection = request.parent.map { "\($0)/\(request.collectionID)" } ?? request.collectionID
        return try await logged("listDocuments \(collection)") {
            try await base.listDocuments(request)
        } outcome: {
            "\($0.documents.count) documents" + ($0.nextPageToken == nil ? "" : ", more pages")
        }
    }

    /// The base store's own listener, logged when it starts (snapshots are not logged one by one).
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        if logger.isEnabled(.debug) {
            switch target {
            case .document(let path): logger.log(.debug, "listen \(path)")
            case .query(let parent, let query):
                logger.log(.debug, "listen \(Self.describe(parent: parent, query.from))")
            }
        }
        return base.listen(target, options: options)
    }

    /// Closes the wrapped store (logged at ``HearthLogLevel/debug``, a failure at ``HearthLogLevel/warning``).
    public func close() async throws {
        try await logged("close") {
            try await base.close()
        } outcome: { _ in
            "closed"
        }
    }

    /// Whether the wrapped store is closed.
    public var isClosed: Bool { base.isClosed }

    /// The wrapped store's `runQueryAll`, logged with the collection and how many documents it returned.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        try await logged("runQuery \(Self.describe(parent: parent, query.from))") {
            try await base.runQueryAll(parent: parent, query: query, consistency: consistency)
        } outcome: {
            "\($0.count { $0.document != nil }) documents"
        }
    }

    /// The wrapped store's `runQuery`, logged once the stream ends, with the collection and how many documents
    /// it delivered (or the failure).
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        let operation = "runQuery \(Self.describe(parent: parent, query.from))"
        return .relayed { continuation in
            let clock = ContinuousClock()
            let start = clock.now
            var count = 0
            do {
                for try await element in base.runQuery(parent: parent, query: query, consistency: consistency) {
                    if element.document != nil { count += 1 }
                    continuation.yield(element)
                }
            } catch {
                logFailure(operation, error, since: start, clock: clock)
                throw error
            }
            log(.debug, "\(operation) → \(count) documents", since: start, clock: clock)
        }
    }

    /// The wrapped store's `runAggregation`, logged with the collection and how many aggregations were asked.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await logged(
            "runAggregation \(Self.describe(parent: parent, query.query.from)) (\(query.aggregations.count) aggregations)"
        ) {
            try await base.runAggregation(parent: parent, query: query, consistency: consistency)
        } outcome: { _ in
            "done"
        }
    }

    /// The wrapped store's `commit`, logged with the document written (or the number of writes), whether it
    /// ran in a transaction, and the commit time.
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        let target = writes.count == 1 ? "\(writes[0].path)" : "\(writes.count) writes"
        return try await logged("commit \(target)" + (transaction == nil ? "" : " in a transaction")) {
            try await base.commit(writes, transaction: transaction)
        } outcome: {
            "committed at \($0.commitTime)"
        }
    }

    /// The wrapped store's `beginTransaction`, logged.
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await logged("beginTransaction") {
            try await base.beginTransaction(options)
        } outcome: { _ in
            "begun"
        }
    }

    /// The wrapped store's `rollback`, logged.
    public func rollback(_ transaction: TransactionID) async throws {
        try await logged("rollback") {
            try await base.rollback(transaction)
        } outcome: { _ in
            "rolled back"
        }
    }

    /// The wrapped store's `listCollectionIDs`, logged with the parent and how many IDs were returned.
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await logged("listCollectionIDs \(request.parent.map { "\($0)" } ?? "(root)")") {
            try await base.listCollectionIDs(request)
        } outcome: {
            "\($0.collectionIDs.count) collections"
        }
    }

    // MARK: - Logging

    private func logged<T>(
        _ operation: String,
        _ body: () async throws -> T,
        outcome: (T) -> String
    ) async throws -> T {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let result = try await body()
            if logger.isEnabled(.debug) { log(.debug, "\(operation) → \(outcome(result))", since: start, clock: clock) }
            return result
        } catch {
            logFailure(operation, error, since: start, clock: clock)
            throw error
        }
    }

    private func logFailure(
        _ operation: String, _ error: any Error, since start: ContinuousClock.Instant, clock: ContinuousClock
    ) {
        guard logger.isEnabled(.warning) else { return }
        let reason = (error as? DocumentStoreError).map { "\($0.code.name): \($0.message)" } ?? "\(error)"
        log(.warning, "\(operation) failed: \(reason)", since: start, clock: clock)
    }

    private func log(
        _ level: HearthLogLevel, _ message: String, since start: ContinuousClock.Instant, clock: ContinuousClock
    ) {
        guard logger.isEnabled(level) else { return }
        let elapsed = clock.now - start
        let tenths = elapsed.components.seconds * 10_000 + elapsed.components.attoseconds / 100_000_000_000_000
        logger.log(level, "\(message) (\(tenths / 10).\(tenths % 10) ms)")
    }

    private static func describe(parent: DocumentPath?, _ from: CollectionSelector) -> String {
        let collection = (parent.map { "\($0)/" } ?? "") + from.collectionID
        return from.allDescendants ? "collection group \(collection)" : collection
    }
}
