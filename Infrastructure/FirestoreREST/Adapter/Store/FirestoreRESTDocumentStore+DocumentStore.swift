public import HearthDomain
import HearthFirestoreCodec
public import HearthPort

extension FirestoreRESTDocumentStore {
    /// `GET …/documents/{path}` with `mask.fieldPaths` (404 `NOT_FOUND` → `nil`) at the latest state;
    /// `:batchGet` in a transaction, at a read time, or with an empty mask. Concurrent gets of the latest
    /// state without a mask go together as `:batchGet`s when ``FirestoreRESTConfiguration/coalescesGets``
    /// (see there: each call is still decided alone).
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> Document? {
        guard consistency == .latest, mask?.isEmpty != true else {
            return try await batchGetDocuments([path], mask: mask, consistency: consistency).documents.first?.document
        }
        if mask == nil, configuration.coalescesGets { return try await gets.get(path, from: self) }
        return try await fetchDocument(path, mask: mask)
    }

    /// One `GET` of the document at the latest state (`nil`: missing).
    func fetchDocument(_ path: DocumentPath, mask: [FieldPath]?) async throws(DocumentStoreError) -> Document? {
        let operation = "GET \(path)"
        let url = try endpoints.document(path, query: (mask ?? []).map { ("mask.fieldPaths", $0.canonicalString) })
        let response: HTTPResponse
        do {
            response = try await executor.perform(.init(method: .get, url: url, idempotent: true, operation: operation))
        } catch {
            if error.code == .notFound { return nil }
            throw error
        }
        return try RESTResponseMapper(response, operation: operation, database: database).document(expected: path)
    }

    /// `POST …/documents:batchGet`; the answer is put back in request order. With no paths, Firestore
    /// answers `[]` without a read time: the read time is then that of an empty query.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse
    {
        if paths.isEmpty {
            return BatchGetResponse(documents: [], readTime: try await serverTime(consistency: consistency))
        }
        let operation = "batchGet of \(Self.listing(paths))"
        let body = RESTReadCodec.encodeBatchGetRequest(paths, mask: mask, consistency: consistency, database: database)
        let mapper = try await postRPC("batchGet", body: body, operation: operation)
        return try mapper.batchGet(requested: paths)
    }

    /// `GET …/documents[/{parent}]/{collectionID}` with `pageSize`, `pageToken`, `orderBy`, `mask.fieldPaths`
    /// and `showMissing`; in a transaction or at a read time, a `:runQuery` paged with cursors
    /// (`showMissing` is then `unimplemented`).
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        guard request.consistency == .latest else {
            return try await listDocumentsByQuery(request)
        }
        var query: [(String, String)] = []
        if let pageSize = request.pageSize { query.append(("pageSize", String(pageSize))) }
        if let pageToken = request.pageToken { query.append(("pageToken", pageToken)) }
        if let orderBy = request.orderBy, !orderBy.isEmpty {
            let text = orderBy.map { $0.field.canonicalString + ($0.direction == .descending ? " desc" : "") }.joined(
                separator: ", ")
            query.append(("orderBy", text))
        }
        for path in request.mask ?? [] { query.append(("mask.fieldPaths", path.canonicalString)) }
        if request.showMissing { query.append(("showMissing", "true")) }
        let operation = "list \(request.parent.map { "\($0)/" } ?? "")\(request.collectionID)"
        let url = try endpoints.collection(parent: request.parent, collectionID: request.collectionID, query: query)
        let response = try await executor.perform(.init(method: .get, url: url, idempotent: true, operation: operation))
        return try RESTResponseMapper(response, operation: operation, database: database).listDocuments()
    }

    /// `POST …/documents[/{parent}]:runQuery`. The request is sent when iteration starts; ending the
    /// iteration early cancels it. An error element after some results ends the stream with that error.
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        .relayed { continuation in
            let (elements, error) = try await self.runQueryElements(
                parent: parent, query: query, consistency: consistency)
            for element in elements {
                continuation.yield(element)
            }
            if let error { throw error }
        }
    }

    /// One `runQuery` request, its whole answer at once (an error element after results throws it).
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        let (elements, error) = try await runQueryElements(parent: parent, query: query, consistency: consistency)
        if let error { throw error }
        return elements
    }

    func runQueryElements(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws(DocumentStoreError)
        -> (elements: [RunQueryResponse], error: DocumentStoreError?)
    {
        let operation = "runQuery on \(Access.list(parent: parent, query: query).target)"
        let body = RESTReadCodec.encodeRunQueryRequest(query, consistency: consistency, database: database)
        let mapper = try await postRPC("runQuery", parent: parent, body: body, operation: operation)
        return try mapper.runQuery()
    }

    /// `POST …/documents[/{parent}]:runAggregationQuery`.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        let operation = "runAggregationQuery on \(Access.list(parent: parent, query: query.query).target)"
        let body = RESTReadCodec.encodeRunAggregationQueryRequest(query, consistency: consistency, database: database)
        let mapper = try await postRPC("runAggregationQuery", parent: parent, body: body, operation: operation)
        return try mapper.aggregation()
    }

    /// `POST …/documents:commit`. Sent again after a failure only when that is safe: the request never
    /// left, the server answered `resourceExhausted` or `unavailable`, or the commit is idempotent
    /// (`CommitIdempotency`); otherwise an ambiguous failure throws "the write may have been applied".
    /// An answer whose write results do not match the writes one for one throws `internal` ("the write
    /// may not have happened"). The emulator answers a commit without writes with `{}`; the commit time
    /// is then the read time of an empty query sent right after it.
    public func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        let operation = "commit of \(Self.listing(writes.map(\.path), noun: "write"))"
        let body = RESTWriteCodec.encodeCommitRequest(
            database: database, writes: writes, transaction: transaction, includingDatabase: false)
        let idempotent = CommitIdempotency.isIdempotent(writes, transaction: transaction)
        let mapper = try await postRPC("commit", body: body, idempotent: idempotent, operation: operation)
        let answer = try mapper.commit()
        guard let commitTime = answer.commitTime else {
            guard writes.isEmpty else { throw mapper.failure("the answer has no commitTime") }
            return CommitResponse(writeResults: [], commitTime: try await serverTime(consistency: .latest))
        }
        let committed = CommitResponse(writeResults: answer.writeResults, commitTime: commitTime)
        guard committed.writeResults.count == writes.count else {
            throw DocumentStoreError(
                .internal,
                "\(operation): the server answered with \(committed.writeResults.count) write result(s) for \(writes.count) write(s); "
                    + "the write may not have happened (was the request altered on its way, e.g. re-sent without its body?)"
            )
        }
        return committed
    }

    /// The read time of a query that reads nothing, under `consistency` (the server's current time for `latest`).
    func serverTime(consistency: ReadConsistency) async throws(DocumentStoreError) -> Timestamp {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "hearth-clock"), limit: 0)
        let (elements, error) = try await runQueryElements(parent: nil, query: query, consistency: consistency)
        if let error { throw error }
        guard let time = elements.first?.readTime else {
            throw DocumentStoreError(.internal, "An empty query answered without a read time.")
        }
        return time
    }

    /// `POST …/documents:beginTransaction`; read-write transactions under a Firebase user's token send
    /// `concurrencyMode: OPTIMISTIC` (see ``TransactionConcurrency``).
    public func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        let mode = configuration.transactionConcurrency.mode(for: configuration.tokenProvider.kind)
        let body = RESTTransactionCodec.encodeBeginTransactionRequest(options, concurrencyMode: mode)
        let operation = "beginTransaction"
        let mapper = try await postRPC("beginTransaction", body: body, operation: operation)
        return try mapper.transaction()
    }

    /// `POST …/documents:rollback`.
    public func rollback(_ transaction: TransactionID) async throws {
        let operation = "rollback"
        let mapper = try await postRPC(
            "rollback", body: RESTTransactionCodec.encodeRollbackRequest(transaction), operation: operation)
        try mapper.empty()
    }

    /// `POST …/documents[/{parent}]:listCollectionIds`. REST accepts a read time but no transaction:
    /// a transaction consistency is `unimplemented`.
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        if case .transaction = request.consistency {
            throw DocumentStoreError(
                .unimplemented, "Firestore's REST API cannot list collection IDs inside a transaction.")
        }
        let operation = "listCollectionIds under \(request.parent.map(\.path) ?? "the root")"
        let body = try RESTReadCodec.encodeListCollectionIDsRequest(request)
        let mapper = try await postRPC("listCollectionIds", parent: request.parent, body: body, operation: operation)
        return try mapper.listCollectionIDs()
    }
}

extension FirestoreRESTDocumentStore {
    /// Sends `body` as `POST …/documents[/{parent}]:{method}` through the executor (resent after a
    /// failure only as `idempotent` allows) and returns the mapper of the answer; `operation` names the
    /// call in errors.
    func postRPC(
        _ method: String, parent: DocumentPath? = nil, body: [UInt8], idempotent: Bool = true, operation: String
    ) async throws(DocumentStoreError) -> RESTResponseMapper {
        let response = try await executor.perform(
            .init(
                method: .post, url: try endpoints.rpc(method, parent: parent), body: body, idempotent: idempotent,
                operation: operation)
        )
        return RESTResponseMapper(response, operation: operation, database: database)
    }
}

extension FirestoreRESTDocumentStore {
    /// What an error says a request touched: `2 documents (users/u1, users/u2)`, the first five paths
    /// and how many more. Firestore's own message does not name the document a rule denied, so an
    /// error names every path the request sent (issue 19: a denial names the path).
    static func listing(_ paths: [DocumentPath], noun: String = "document") -> String {
        let shown = paths.prefix(5).map(\.path).joined(separator: ", ")
        let more = paths.count > 5 ? " and \(paths.count - 5) more" : ""
        return "\(paths.count) \(noun)\(paths.count == 1 ? "" : "s") (\(shown)\(more))"
    }
}
