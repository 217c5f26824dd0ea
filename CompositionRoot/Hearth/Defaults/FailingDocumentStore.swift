import HearthDomain
import HearthPort
import Synchronization

/// A store that could not be made: every call throws the error that prevented it (a configuration read
/// from the environment that does not hold, a file store that cannot be opened, ...). It lets
/// `Firestore.firestore()` return a database, as Firebase's does, whose operations report the problem.
/// Once closed, every call fails with `failedPrecondition`, as on every store.
final class FailingDocumentStore: DocumentStore {
    let database: DatabaseID
    private let error: DocumentStoreError
    private let closed = Atomic<Bool>(false)

    init(database: DatabaseID, error: DocumentStoreError) {
        self.database = database
        self.error = error
    }

    /// The error every call throws: the one that prevented the store, or `failedPrecondition` once closed.
    private var failure: DocumentStoreError {
        isClosed
            ? DocumentStoreError(.failedPrecondition, "The store is closed (it could not be made: \(error.message))")
            : error
    }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        throw failure
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        throw failure
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse { throw failure }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        let failure = self.failure
        return AsyncThrowingStream { $0.finish(throwing: failure) }
    }

    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws -> [RunQueryResponse] {
        throw failure
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        throw failure
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse { throw failure }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID { throw failure }

    func rollback(_ transaction: TransactionID) async throws { throw failure }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        throw failure
    }

    /// Fails at once: there is nothing to listen to.
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        let failure = self.failure
        return AsyncThrowingStream { $0.finish(throwing: failure) }
    }

    /// Marks the store closed (there is nothing to release). Idempotent; never throws.
    func close() async throws {
        closed.store(true, ordering: .releasing)
    }

    var isClosed: Bool { closed.load(ordering: .acquiring) }
}
