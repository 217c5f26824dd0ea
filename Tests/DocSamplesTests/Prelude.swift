import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort

// What the docs' samples name without declaring, besides the `sample` function's parameters
// (`DocSamples.prelude`: `db`, `store`): the adapter a reader of Docs/Contract.md writes, its factory and
// a directory for it. The store is the in-memory one behind the names the doc uses, so the contract
// samples (Swift Testing and XCTest tests) run here too, and pass.

/// The reader's own store in Docs/Contract.md: here every requirement goes to an in-memory store.
struct MyDocumentStore: DocumentStore {
    private let base: InMemoryDocumentStore

    /// An empty store for `database`.
    init(database: DatabaseID) {
        base = InMemoryDocumentStore(database: database)
    }

    /// A store kept in `directory` (this stand-in keeps nothing there).
    init(directory: URL) throws {
        self.init(database: try DatabaseID(projectID: "contract"))
    }

    /// Ends the store's listeners and refuses later calls, as the contract's `closing` area checks.
    func close() async throws { try await base.close() }

    var isClosed: Bool { base.isClosed }

    var database: DatabaseID { base.database }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try await base.getDocument(path, mask: mask, consistency: consistency)
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
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
        try await base.runQueryAll(parent: parent, query: query, consistency: consistency)
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws
        -> AggregationResponse
    {
        try await base.runAggregation(parent: parent, query: query, consistency: consistency)
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await base.commit(writes, transaction: transaction)
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

    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        base.listen(target, options: options)
    }
}

/// Docs/Contract.md's factory of a fresh store.
func makeStore() throws -> MyDocumentStore { MyDocumentStore(database: try DatabaseID(projectID: "contract")) }

/// Docs/Contract.md's fresh directory (a path under the temporary directory, not created).
func makeTemporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
        "hearth-doc-sample-\(UUID().uuidString)", isDirectory: true)
}
