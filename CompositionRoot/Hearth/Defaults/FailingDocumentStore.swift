import HearthApplication
import HearthDomain

/// A store that could not be made: every call throws the error that prevented it (a configuration read
/// from the environment that does not hold, a file store that cannot be opened, ...). It lets
/// `Firestore.firestore()` return a database, as Firebase's does, whose operations report the problem.
struct FailingDocumentStore: DocumentStore {
    let database: DatabaseID
    let error: DocumentStoreError

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? { throw error }

    func batchGetDocuments(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency) async throws -> BatchGetResponse {
        throw error
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse { throw error }

    func runQuery(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency)
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func runQueryAll(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency) async throws -> [RunQueryResponse] {
        throw error
    }

    func runAggregation(parent: DocumentPath?, query: StructuredQuery, aggregations: [Aggregation], consistency: ReadConsistency)
        async throws -> AggregationResponse
    {
        throw error
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse { throw error }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID { throw error }

    func rollback(_ transaction: TransactionID) async throws { throw error }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse { throw error }

    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
