public import HearthDomain
public import HearthPort

/// A local store (memory or file) whose engine is the local engine: what ``AccessCheckedDocumentStore``
/// needs of it.
package protocol LocalEngineStore: DocumentStore {
    /// The engine holding the data.
    var engine: LocalEngine { get }
    /// Returns when an operation may run: throws `failedPrecondition` once the store is closed,
    /// `cancelled` in a cancelled task, and waits for a store still opening (throwing its failure).
    func ready() async throws(DocumentStoreError)
}

/// A memory or file store seen by one caller: every read, query, aggregation, listing, listener and
/// commit (transactions included) is decided by the caller's policy (the security rules) in the engine,
/// and a denial fails it with `permissionDenied` naming the method and the path. Made by the stores'
/// `acting(as:policy:)`; it shares the store's engine, so every view sees the same data and listeners.
///
/// An `admin` caller bypasses the policy, as the server SDKs bypass Firestore's rules. Listing
/// collection IDs is only for `admin`. Closing a view closes the store (``close()``), as a decorator does.
public struct AccessCheckedDocumentStore: DocumentStore {
    let base: any LocalEngineStore
    /// Who makes the requests, and the policy deciding them.
    public let caller: Caller

    package init(base: any LocalEngineStore, caller: Caller) {
        self.base = base
        self.caller = caller
    }

    /// The store's database.
    public var database: DatabaseID { base.database }

    /// Reads the document if the policy allows a `get` of it (see `DocumentStore.getDocument(_:mask:consistency:)`).
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        try await base.ready()
        return try base.engine.getDocument(path, mask: mask, consistency: consistency, caller: caller)
    }

    /// Reads the documents if the policy allows a `get` of each; one denial fails the whole read.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try await base.ready()
        return try base.engine.batchGetDocuments(paths, mask: mask, consistency: consistency, caller: caller)
    }

    /// Lists one page if the policy allows a `list` of the collection (limited to the page size).
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await base.ready()
        return try base.engine.listDocuments(request, caller: caller)
    }

    /// Runs the query if the policy allows its `list` (decided by the query's constraints): a denial fails
    /// the stream before any element.
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        .relayed { continuation in
            for element in try await runQueryAll(parent: parent, query: query, consistency: consistency) {
                continuation.yield(element)
            }
        }
    }

    /// The whole answer at once, if the policy allows the query's `list`.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws -> [RunQueryResponse] {
        try await base.ready()
        return try base.engine.runQuery(parent: parent, query: query, consistency: consistency, caller: caller)
            .responses
    }

    /// Aggregates if the policy allows the query's `list`.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await base.ready()
        return try base.engine.runAggregation(parent: parent, query: query, consistency: consistency, caller: caller)
    }

    /// Commits if the policy allows every document's write (`create`, `update`, `delete`, seen before and
    /// after the whole commit); one denial fails the commit and nothing is applied.
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await base.ready()
        return try await base.engine.commit(writes, transaction: transaction, caller: caller)
    }

    /// Begins a transaction (its reads and its commit are decided as above).
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await base.ready()
        return try base.engine.beginTransaction(options)
    }

    /// Rolls a transaction back.
    public func rollback(_ transaction: TransactionID) async throws {
        try await base.ready()
        try base.engine.rollback(transaction)
    }

    /// Lists collection IDs: only for `admin`; any other caller gets `permissionDenied`.
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await base.ready()
        return try base.engine.listCollectionIDs(request, caller: caller)
    }

    /// Listens if the policy allows a `get` of the document or a `list` of the query, decided whenever the
    /// listener loads its documents; a denial fails the stream with `permissionDenied`. On a closed store,
    /// the store's own closed stream.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        if base.isClosed { return base.listen(target, options: options) }
        return base.engine.listen(target, options: options, caller: caller)
    }

    /// Closes the store this view belongs to (see `DocumentStore.close()`).
    public func close() async throws {
        try await base.close()
    }

    /// Whether the store is closed.
    public var isClosed: Bool { base.isClosed }
}
