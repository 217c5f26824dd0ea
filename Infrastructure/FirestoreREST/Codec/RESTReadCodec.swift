public import HearthDomain
public import HearthPort

/// Firestore REST form of the read RPCs: the request bodies the client sends (`BatchGetDocuments`,
/// `RunQuery`, `RunAggregationQuery`, `ListCollectionIds`, `PartitionQuery`) and the answers it reads.
///
/// Streamed answers (batch get, run query, run aggregation query) are JSON arrays of elements; a single
/// element object is read too. Decoders take the expected `database`: when non-`nil`, names in another
/// database throw. Errors are ``RESTDecodingError``s naming the JSON path; unknown members of these
/// messages are ignored. An element that carries an `error` (a stream that failed part-way) throws a
/// ``RESTDecodingError`` whose ``RESTDecodingError/serverError`` is the server's error.
public enum RESTReadCodec {
    // MARK: - Answers

    /// Reads a `runQuery` answer. Every member of an element is optional (progress-only and
    /// transaction-only elements are kept); `explainMetrics` is ignored.
    public static func decodeRunQueryResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> [RESTRunQueryResponseElement]
    {
        try RESTDecoder.decode(bytes, database: database) { (decoder) throws(RESTDecodingError) in
            try decoder.streamElements { (decoder) throws(RESTDecodingError) in
                try decoder.runQueryElement(RESTRunQueryResponseElement.init)
            }
        }
    }

    /// Reads a `runQuery` answer up to an element that carries an error: the elements before it, and the
    /// server's error (`nil` when the answer has none).
    package static func decodeRunQueryResponseUntilError(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> (elements: [RESTRunQueryResponseElement], error: RESTErrorBody?)
    {
        try RESTDecoder.decode(bytes, database: database) { (decoder) throws(RESTDecodingError) in
            let (elements, error) = try decoder.stream { (decoder) throws(RESTDecodingError) in
                try decoder.runQueryElement(RESTRunQueryResponseElement.init)
            }
            return (elements, error?.body)
        }
    }

    /// Reads a `batchGet` answer. Each element sets at most one of `found` and `missing`; an element with
    /// neither must carry a `transaction` (the first element under `newTransaction`).
    public static func decodeBatchGetResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> [RESTBatchGetResponseElement]
    {
        try RESTDecoder.decode(bytes, database: database) { (decoder) throws(RESTDecodingError) in
            try decoder.streamElements { (decoder) throws(RESTDecodingError) in try decoder.batchGetElement() }
        }
    }

    /// Reads a `listDocuments` answer; both members may be absent (an empty last page), an empty token is
    /// no token, and a document listed with only its name (`showMissing`) is missing.
    public static func decodeListDocumentsResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> ListDocumentsResponse
    {
        try RESTDecoder.decode(bytes, database: database) { (decoder) throws(RESTDecodingError) in
            let page = try decoder.listDocumentsPage()
            let documents = page.documents.map { listed in
                listed.document.map(DocumentRead.found) ?? .missing(listed.name.path)
            }
            return ListDocumentsResponse(documents: documents, nextPageToken: page.nextPageToken)
        }
    }

    /// Reads a `runAggregationQuery` answer; every member of an element is optional.
    public static func decodeRunAggregationQueryResponse(
        bytes: some Collection<UInt8>
    ) throws(RESTDecodingError)
        -> [RESTRunAggregationQueryResponseElement]
    {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            try decoder.streamElements { (decoder) throws(RESTDecodingError) in try decoder.aggregationElement() }
        }
    }

    /// Reads a `listCollectionIds` answer; both members may be absent, an empty token is no token.
    public static func decodeListCollectionIDsResponse(
        bytes: some Collection<UInt8>
    ) throws(RESTDecodingError) -> ListCollectionIDsResponse {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            try decoder.listCollectionIDsResponse()
        }
    }

    /// Reads a `partitionQuery` answer: `{"partitions"?: [Cursor], "nextPageToken"?}`.
    package static func decodePartitionQueryResponse(
        bytes: some Collection<UInt8>
    ) throws(RESTDecodingError)
        -> (partitions: [Cursor], nextPageToken: String?)
    {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            try decoder.partitionQueryResponse()
        }
    }

    // MARK: - Requests

    /// `{"documents": [names], "mask"?: {"fieldPaths"}, "transaction"? | "readTime"?}`.
    package static func encodeBatchGetRequest(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency, database: DatabaseID
    )
        -> [UInt8]
    {
        RESTEncoder.encode(database: database, capacity: 128 + 96 * paths.count) { encoder in
            encoder.batchGetRequest(paths, mask: mask, consistency: consistency)
        }
    }

    /// `{"structuredQuery": {…}, "transaction"? | "readTime"?}` (the parent is in the URL).
    package static func encodeRunQueryRequest(
        _ query: StructuredQuery, consistency: ReadConsistency, database: DatabaseID
    ) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 256) { $0.runQueryRequest(query, consistency: consistency) }
    }

    /// `{"structuredAggregationQuery": {"structuredQuery", "aggregations"}, "transaction"? | "readTime"?}`.
    package static func encodeRunAggregationQueryRequest(
        _ query: StructuredAggregationQuery, consistency: ReadConsistency, database: DatabaseID
    ) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 256) { encoder in
            encoder.runAggregationQueryRequest(query, consistency: consistency)
        }
    }

    /// A `StructuredQuery` message: `{"select"?: {"fields": [{"fieldPath"}]}, "from": [{"collectionId",
    /// "allDescendants"?: true}], "where"?, "orderBy"?: [{"field", "direction"}], "startAt"?/"endAt"?:
    /// {"values", "before"?: true}, "offset"?: n, "limit"?: n}`.
    package static func encodeStructuredQuery(_ query: StructuredQuery, database: DatabaseID) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 256) { $0.structuredQuery(query) }
    }

    /// `{"pageSize"?: n, "pageToken"?, "readTime"?}` (the parent is in the URL). Throws `invalidArgument`
    /// for a `.transaction` consistency, which this RPC does not accept.
    package static func encodeListCollectionIDsRequest(
        _ request: ListCollectionIDsRequest
    ) throws(DocumentStoreError) -> [UInt8] {
        let readTime: Timestamp?
        switch request.consistency {
        case .latest: readTime = nil
        case .readTime(let time): readTime = time
        case .transaction:
            throw .invalidArgument(
                "ListCollectionIds does not read inside a transaction; use the latest state or a read time.")
        }
        return RESTEncoder.encode(capacity: 128) { encoder in
            encoder.listCollectionIDsRequest(
                pageSize: request.pageSize, pageToken: request.pageToken, readTime: readTime)
        }
    }

    /// `{"structuredQuery", "partitionCount": "n", "pageToken"?, "pageSize"?, "readTime"?}`.
    package static func encodePartitionQueryRequest(
        _ query: StructuredQuery,
        partitionCount: Int64,
        pageSize: Int?,
        pageToken: String?,
        readTime: Timestamp?,
        database: DatabaseID
    ) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 256) { encoder in
            encoder.partitionQueryRequest(
                query, partitionCount: partitionCount, pageSize: pageSize, pageToken: pageToken, readTime: readTime)
        }
    }
}

extension RESTRunQueryResponseElement {
    /// An element of the read parts of a run-query element (the document's name is not kept).
    fileprivate init(
        _ document: (name: RESTDecoder.ReadName, document: Document)?,
        _ transaction: TransactionID?,
        _ readTime: Timestamp?,
        _ skippedResults: Int,
        _ done: Bool
    ) {
        self.init(
            document: document?.document, transaction: transaction, readTime: readTime, skippedResults: skippedResults,
            done: done)
    }
}
