import HearthDomain
import HearthLocalEngine
import HearthPort
import Synchronization

/// A `DocumentStore` held in memory: the local engine and nothing else — Firestore's server semantics
/// with no server and no durability. It is also the fake that application tests use.
///
/// Every requirement behaves as its `DocumentStore` documentation says (the engine implements
/// Firestore's rules exactly; see `LocalEngine`). Task cancellation before an operation starts ends it
/// with `cancelled`. ``close()`` ends its listeners and refuses later calls, as every
/// store does (`DocumentStore.close()`).
public final class InMemoryDocumentStore: DocumentStore {
    /// The engine holding the data (for change observation and tests).
    public let engine: LocalEngine
    private let closed = Atomic<Bool>(false)

    /// The database the engine serves.
    public var database: DatabaseID { engine.database }

    /// An empty store for `database`.
    ///
    /// - Parameters:
    ///   - database: the database served (reference values and resource names are relative to it).
    ///   - configuration: transaction timeouts and version retention (defaults as Firestore's).
    ///   - clock: the source of commit and read times (default: the system clock; inject a
    ///     `ManualClock` for reproducible tests).
    public init(
        database: DatabaseID,
        configuration: LocalEngineConfiguration = LocalEngineConfiguration(),
        clock: any EngineClock = SystemClock()
    ) {
        engine = LocalEngine(database: database, configuration: configuration, clock: clock)
    }

    /// A store over an existing engine.
    public init(engine: LocalEngine) {
        self.engine = engine
    }

    /// Ends every listener of the engine (their streams finish without an error) and refuses every
    /// later call with `failedPrecondition`; the data stays in memory until the store is released.
    /// Idempotent. Never throws. On a store made with ``init(engine:)``, the engine's listeners end for
    /// every store sharing it, now and later.
    public func close() async throws {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        engine.endListeners()
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Throws `failedPrecondition` once the store is closed, and `cancelled` in a cancelled task.
    func checkOpen() throws(DocumentStoreError) {
        if let refusal = refusal() { throw refusal }
    }

    /// Why an operation may not start now (closed, cancelled), or `nil`.
    func refusal() -> DocumentStoreError? {
        if isClosed { return DocumentStoreError(.failedPrecondition, "The in-memory store is closed.") }
        if Task.isCancelled { return DocumentStoreError(.cancelled, "The operation was cancelled.") }
        return nil
    }

    /// Reads the document from the engine (`DocumentStore.getDocument(_:mask:consistency:)`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        try checkOpen()
        return try engine.getDocument(path, mask: mask, consistency: consistency)
    }

    /// Reads the documents from the engine, all at one read time (`DocumentStore.batchGetDocuments`).
    /// Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse
    {
        try checkOpen()
        return try engine.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    /// Lists one page from the engine (`DocumentStore.listDocuments(_:)`). Throws `failedPrecondition` once
    /// the store is closed and `cancelled` in a cancelled task.
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try checkOpen()
        return try engine.listDocuments(request)
    }

    /// Runs the query in the engine at once and streams its results (`DocumentStore.runQuery`): an invalid
    /// query, a closed store (`failedPrecondition`) or a cancelled task (`cancelled`) fails the stream
    /// before any element.
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        let elements: [RunQueryResponse]
        do {
            try checkOpen()
            elements = try engine.runQuery(parent: parent, query: query, consistency: consistency).responses
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let cursor = ElementCursor(elements)
        return AsyncThrowingStream(unfolding: { cursor.next() })
    }

    /// The whole answer at once, straight from the engine (no stream).
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        try checkOpen()
        return try engine.runQuery(parent: parent, query: query, consistency: consistency).responses
    }

    /// Computes the aggregations in the engine (`DocumentStore.runAggregation`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try checkOpen()
        return try engine.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    /// Applies the writes atomically in the engine (`DocumentStore.commit(_:transaction:)`); they are visible
    /// to every later read and listener when it returns, and kept only in memory. Throws `failedPrecondition`
    /// once the store is closed and `cancelled` in a cancelled task.
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try checkOpen()
        return try await engine.commit(writes, transaction: transaction)
    }

    /// Begins a transaction in the engine (`DocumentStore.beginTransaction(_:)`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try checkOpen()
        return try engine.beginTransaction(options)
    }

    /// Rolls the transaction back in the engine (`DocumentStore.rollback(_:)`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func rollback(_ transaction: TransactionID) async throws {
        try checkOpen()
        try engine.rollback(transaction)
    }

    /// Lists one page of collection IDs from the engine (`DocumentStore.listCollectionIDs(_:)`). Throws
    /// `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try checkOpen()
        return try engine.listCollectionIDs(request)
    }
}

/// Hands out precomputed elements one by one: a stream built with `AsyncThrowingStream(unfolding:)` returns
/// each element without a suspension, unlike a buffered continuation stream.
private final class ElementCursor: Sendable {
    private let elements: [RunQueryResponse]
    private let position = Atomic<Int>(0)

    init(_ elements: [RunQueryResponse]) {
        self.elements = elements
    }

    func next() -> RunQueryResponse? {
        let index = position.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < elements.count ? elements[index] : nil
    }
}

extension InMemoryDocumentStore: LocalEngineStore {
    /// Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled task.
    package func ready() async throws(DocumentStoreError) {
        try checkOpen()
    }

    /// This store as `context` sees it, under `policy` (the security rules): every request of the view
    /// is decided by `policy` (see `AccessCheckedDocumentStore`); an `admin` context bypasses it. The view
    /// shares this store's engine: its data, listeners and closing.
    public func acting(as context: AuthContext, policy: any AccessPolicy) -> AccessCheckedDocumentStore {
        AccessCheckedDocumentStore(base: self, caller: Caller(context, policy: policy))
    }
}
