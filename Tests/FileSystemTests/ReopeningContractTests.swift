import Foundation
import HearthApplication
import HearthContract
import HearthDomain
import HearthFileSystem
import Synchronization
import Testing

/// The contract again, on a store that is closed and reopened from its files after every successful
/// commit (and compacted first every other time): whatever the contract checks after a commit is then
/// read back from the log or the snapshot, so recovery must reproduce the engine's state exactly —
/// fields, create and update times, deletions, commit-time order. Areas that depend on what a reopening
/// ends by design are left out: open transactions, listeners (a listener belongs to the store it was
/// opened on, and closing that store ends it), and history before a snapshot (a snapshot holds the
/// latest version of each document, so reads at a read time before it fail as too old).
@Suite("HearthContract on FileSystemDocumentStore, reopened after every commit")
struct ReopeningContractTests {
    static let behaviours = HearthContract.behaviours.filter { ![.transactions, .readTimes, .listeners].contains($0.area) }

    @Test(arguments: behaviours)
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        let store = try ReopeningStore()

        let outcome = await Result { try await behaviour.run(store) }
        try await store.close()

        try outcome.get()
    }
}

/// A `DocumentStore` that closes its file store and opens a new one on the same directory after every
/// successful commit, compacting before every second reopening.
final class ReopeningStore: DocumentStore {
    private let directory: TemporaryDirectory
    private let current: Mutex<FileSystemDocumentStore>
    private let commits = Mutex(0)
    let database: DatabaseID

    init() throws {
        directory = try TemporaryDirectory("hearth-reopening")
        database = try DatabaseID(projectID: "hearth-contract")
        current = Mutex(try FileSystemDocumentStore(directory: directory.url, database: database))
    }

    private var store: FileSystemDocumentStore { current.withLock { $0 } }

    func close() async throws { try await store.close() }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        let store = self.store
        let response = try await store.commit(writes, transaction: transaction)
        let count = commits.withLock { count in
            count += 1
            return count
        }
        if count % 2 == 0 { try await store.compact() }
        try await store.close()
        let reopened = try FileSystemDocumentStore(directory: directory.url, database: database)
        current.withLock { $0 = reopened }
        return response
    }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try await store.getDocument(path, mask: mask, consistency: consistency)
    }

    func batchGetDocuments(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency) async throws -> BatchGetResponse {
        try await store.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await store.listDocuments(request)
    }

    func runQuery(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        store.runQuery(parent: parent, query: query, consistency: consistency)
    }

    func runAggregation(parent: DocumentPath?, query: StructuredQuery, aggregations: [Aggregation], consistency: ReadConsistency) async throws
        -> AggregationResponse
    {
        try await store.runAggregation(parent: parent, query: query, aggregations: aggregations, consistency: consistency)
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await store.beginTransaction(options)
    }

    func rollback(_ transaction: TransactionID) async throws {
        try await store.rollback(transaction)
    }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await store.listCollectionIDs(request)
    }
}
