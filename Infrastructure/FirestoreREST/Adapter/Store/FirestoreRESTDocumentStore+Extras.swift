public import HearthDomain
import HearthFirestoreCodec
import HearthPort

extension FirestoreRESTDocumentStore {
    /// `POST …/documents:batchWrite`: applies `writes` independently (not atomically, possibly out of
    /// order) and returns one outcome per write, in order: its result, or its error (mapped from the
    /// per-write `google.rpc.Status`). At most one write per document. Errors of the whole request
    /// (an invalid value, a repeated document) throw. Retried on `resourceExhausted` and `unavailable`.
    public func batchWrite(_ writes: [Write]) async throws -> [Result<WriteResult, DocumentStoreError>] {
        let operation = "batchWrite of \(Self.listing(writes.map(\.path), noun: "write"))"
        let mapper = try await postRPC(
            "batchWrite",
            body: RESTWriteCodec.encodeBatchWriteRequest(database: database, writes: writes, includingDatabase: false),
            idempotent: false, operation: operation)
        return try mapper.batchWrite(count: writes.count)
    }

    /// `POST …/documents[/{parent}]:partitionQuery`: split points for reading a collection-group query
    /// (`allDescendants`, ordered by `__name__` only) in up to `partitionCount` parallel parts.
    /// The emulator answers `unimplemented`.
    public func partitionQuery(
        parent: DocumentPath?,
        query: StructuredQuery,
        partitionCount: Int64,
        pageSize: Int? = nil,
        pageToken: String? = nil,
        readTime: Timestamp? = nil
    ) async throws -> PartitionQueryResponse {
        let operation = "partitionQuery on \(query.from.collectionID)"
        let body = RESTReadCodec.encodePartitionQueryRequest(
            query, partitionCount: partitionCount, pageSize: pageSize, pageToken: pageToken, readTime: readTime,
            database: database
        )
        let mapper = try await postRPC("partitionQuery", parent: parent, body: body, operation: operation)
        return try mapper.partitionQuery()
    }

    /// `POST …/documents/{collection}?documentId=…`: creates a document (the server picks a 20-character
    /// ID when `documentID` is `nil`). An existing document: `alreadyExists`. `mask` trims the answer.
    public func createDocument(
        in collection: CollectionPath, documentID: String? = nil, fields: MapValue, mask: [FieldPath]? = nil
    )
        async throws -> Document
    {
        var query: [(String, String)] = []
        if let documentID { query.append(("documentId", documentID)) }
        for path in mask ?? [] { query.append(("mask.fieldPaths", path.canonicalString)) }
        let operation = "create in \(collection)"
        let url = try endpoints.collection(
            parent: collection.parent, collectionID: collection.collectionID, query: query)
        let response = try await executor.perform(
            .init(
                method: .post, url: url, body: RESTWriteCodec.encodeDocumentFields(fields), idempotent: false,
                operation: operation)
        )
        return try RESTResponseMapper(response, operation: operation, database: database).document()
    }

    /// `PATCH …/documents/{path}`: without `updateMask` replaces (or creates) the document; with it,
    /// sets the masked paths present in `fields` and deletes the masked paths absent from it.
    /// `precondition` as in a commit (`notFound`, `alreadyExists`, `failedPrecondition`). `mask` trims the answer.
    public func patchDocument(
        _ path: DocumentPath,
        fields: MapValue,
        updateMask: [FieldPath]? = nil,
        mask: [FieldPath]? = nil,
        precondition: Precondition? = nil
    ) async throws -> Document {
        var query: [(String, String)] = []
        for field in updateMask ?? [] { query.append(("updateMask.fieldPaths", field.canonicalString)) }
        for field in mask ?? [] { query.append(("mask.fieldPaths", field.canonicalString)) }
        query += Self.preconditionQuery(precondition)
        let operation = "PATCH \(path)"
        let response = try await executor.perform(
            .init(
                method: .patch,
                url: try endpoints.document(path, query: query),
                body: RESTWriteCodec.encodeDocumentFields(fields),
                idempotent: false,
                operation: operation
            )
        )
        return try RESTResponseMapper(response, operation: operation, database: database).document(expected: path)
    }

    /// `DELETE …/documents/{path}`: deleting a missing document succeeds unless `precondition` says otherwise.
    /// Retried as an idempotent call unless a precondition makes a resend fail (see `CommitIdempotency`).
    public func deleteDocument(_ path: DocumentPath, precondition: Precondition? = nil) async throws {
        let operation = "DELETE \(path)"
        let response = try await executor.perform(
            .init(
                method: .delete,
                url: try endpoints.document(path, query: Self.preconditionQuery(precondition)),
                idempotent: CommitIdempotency.isIdempotent(
                    [.delete(path, precondition: precondition)], transaction: nil),
                operation: operation
            )
        )
        try RESTResponseMapper(response, operation: operation, database: database).empty()
    }

    static func preconditionQuery(_ precondition: Precondition?) -> [(String, String)] {
        switch precondition {
        case nil: []
        case .exists(let exists)?: [("currentDocument.exists", exists ? "true" : "false")]
        case .updateTime(let time)?: [("currentDocument.updateTime", time.rfc3339)]
        }
    }
}
