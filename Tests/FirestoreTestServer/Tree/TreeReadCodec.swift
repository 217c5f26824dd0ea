public import HearthPort
public import HearthDomain
public import HearthFirestoreCodec

/// Firestore REST form of the read RPCs, both directions: `GetDocument`, `BatchGetDocuments`,
/// `ListDocuments` (answer), `ListCollectionIds`. Queries and aggregations are in
/// `TreeReadCodec+RunQuery.swift`.
///
/// Streaming answers (batch get, run query, run aggregation query) are JSON arrays of elements; decoders
/// also accept a single element object. Decoders take the expected `database`: when non-`nil`, names in
/// another database throw. Errors are `RESTDecodingError` naming the JSON path; unknown members of these
/// messages are ignored. Check a failed call's body with ``TreeErrorCodec/decodeErrorBody(_:)``; a streamed
/// answer with an `error` element throws a `RESTDecodingError` whose `underlying` is the server's error.
public enum TreeReadCodec {
    // MARK: - GetDocument

    /// The `GetDocumentRequest` message: `{"name", "mask"?: {"fieldPaths"}, "transaction"? | "readTime"?}`.
    public static func encodeGetDocumentRequest(_ request: RESTGetDocumentRequest, database: DatabaseID) -> JSON {
        var object: JSONObject = ["name": Wire.documentName(request.path, in: database)]
        if let mask = request.mask { object["mask"] = Wire.documentMask(mask) }
        object.setConsistency(RESTConsistencySelector(request.consistency))
        return .object(object)
    }

    /// Reads a `GetDocumentRequest` message (`name` required).
    public static func decodeGetDocumentRequest(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError) -> RESTGetDocumentRequest {
        let reader = try MessageReader(json, "GetDocumentRequest")
        let path = try reader.required("name") { (json) throws(RESTDecodingError) in
            try Wire.documentPath(json, database: database)
        }
        let mask = try reader.optional("mask", Wire.documentMask)
        switch try reader.oneOf(["transaction", "readTime"], "a GetDocumentRequest's consistency selector") {
        case "transaction"?:
            return RESTGetDocumentRequest(
                path: path, mask: mask,
                consistency: .transaction(try reader.required("transaction", Wire.transactionID)))
        case "readTime"?:
            return RESTGetDocumentRequest(
                path: path, mask: mask, consistency: .readTime(try reader.required("readTime", Wire.timestamp)))
        default:
            return RESTGetDocumentRequest(path: path, mask: mask)
        }
    }

    // MARK: - BatchGetDocuments

    /// `{"documents": [names], "mask"?: {"fieldPaths"}, "transaction"? | "newTransaction"? | "readTime"?}`.
    public static func encodeBatchGetRequest(_ request: RESTBatchGetRequest, database: DatabaseID) -> JSON {
        var object: JSONObject = ["documents": .array(request.documents.map { Wire.documentName($0, in: database) })]
        if let mask = request.mask { object["mask"] = Wire.documentMask(mask) }
        object.setConsistency(request.consistency)
        return .object(object)
    }

    /// Reads a batch-get body. An optional `database` member must match `database` when both are given.
    public static func decodeBatchGetRequest(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError) -> RESTBatchGetRequest {
        let reader = try MessageReader(json, "BatchGetDocumentsRequest")
        let scope = try reader.database(expected: database) ?? database
        return RESTBatchGetRequest(
            documents: try reader.repeated("documents") { (json) throws(RESTDecodingError) in
                try Wire.documentPath(json, database: scope)
            },
            mask: try reader.optional("mask", Wire.documentMask),
            consistency: try reader.consistencySelector()
        )
    }

    /// The answer array: per element `{"found": Document}` or `{"missing": name}`, `"transaction"?`, `"readTime"?`.
    public static func encodeBatchGetResponse(_ elements: [RESTBatchGetResponseElement], database: DatabaseID) -> JSON {
        .array(
            elements.map { element in
                var object = JSONObject()
                if let transaction = element.transaction { object["transaction"] = Wire.transactionID(transaction) }
                switch element.read {
                case .found(let document)?: object["found"] = TreeDocumentCodec.encode(document, database: database)
                case .missing(let path)?: object["missing"] = Wire.documentName(path, in: database)
                case nil: break
                }
                if let readTime = element.readTime { object["readTime"] = Wire.timestamp(readTime) }
                return .object(object)
            })
    }

    /// Reads a batch-get answer. Each element sets at most one of `found` and `missing`; an element with
    /// neither must carry a `transaction` (the first element under `newTransaction`).
    public static func decodeBatchGetResponse(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> [RESTBatchGetResponseElement]
    {
        try stream(json) { (json) throws(RESTDecodingError) in
            let reader = try MessageReader(json, "BatchGetDocumentsResponse")
            let transaction = try reader.optional("transaction", Wire.transactionID)
            let read: DocumentRead?
            switch try reader.oneOf(["found", "missing"], "a BatchGetDocumentsResponse") {
            case "found"?:
                read = .found(
                    try reader.required("found") { (json) throws(RESTDecodingError) in
                        try TreeDocumentCodec.decode(json, database: database)
                    })
            case "missing"?:
                read = .missing(
                    try reader.required("missing") { (json) throws(RESTDecodingError) in
                        try Wire.documentPath(json, database: database)
                    })
            default:
                guard transaction != nil else {
                    throw RESTDecodingError(
                        reason: "a BatchGetDocumentsResponse must set \"found\", \"missing\" or \"transaction\"")
                }
                read = nil
            }
            return RESTBatchGetResponseElement(
                read: read, transaction: transaction, readTime: try reader.optional("readTime", Wire.timestamp))
        }
    }

    // MARK: - ListDocuments

    /// `{"documents"?: [Document], "nextPageToken"?}`; missing documents (under `showMissing`) carry only a name.
    public static func encodeListDocumentsResponse(_ response: ListDocumentsResponse, database: DatabaseID) -> JSON {
        var object = JSONObject()
        if !response.documents.isEmpty {
            object["documents"] = .array(
                response.documents.map { TreeDocumentCodec.encodeListed($0, database: database) })
        }
        if let token = response.nextPageToken, !token.isEmpty { object["nextPageToken"] = .string(token) }
        return .object(object)
    }

    /// Reads a list answer; both members may be absent (an empty last page). An empty token is no token.
    public static func decodeListDocumentsResponse(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError) -> ListDocumentsResponse {
        let page = try decodeListDocumentsPage(json) { (json) throws(RESTDecodingError) in
            try TreeDocumentCodec.decodeListed(json, database: database)
        }
        return ListDocumentsResponse(documents: page.documents, nextPageToken: page.nextPageToken)
    }

    /// The members of a list answer, each document read by `listed`.
    static func decodeListDocumentsPage<Listed>(
        _ json: JSON, _ listed: (JSON) throws(RESTDecodingError) -> Listed
    ) throws(RESTDecodingError)
        -> (documents: [Listed], nextPageToken: String?)
    {
        let reader = try MessageReader(json, "ListDocumentsResponse")
        return (
            try reader.repeated("documents", listed),
            try reader.optional("nextPageToken", Wire.string).flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    // MARK: - ListCollectionIds

    /// `{"pageSize"?: n, "pageToken"?, "readTime"?}` (the parent is in the URL). Throws `invalidArgument`
    /// for a `.transaction` consistency, which this RPC does not accept.
    public static func encodeListCollectionIDsRequest(
        _ request: ListCollectionIDsRequest
    ) throws(DocumentStoreError) -> JSON {
        var object = JSONObject()
        if let pageSize = request.pageSize { object["pageSize"] = Wire.int32(pageSize) }
        if let token = request.pageToken { object["pageToken"] = .string(token) }
        switch request.consistency {
        case .latest: break
        case .readTime(let time): object["readTime"] = Wire.timestamp(time)
        case .transaction:
            throw .invalidArgument(
                "ListCollectionIds does not read inside a transaction; use the latest state or a read time.")
        }
        return .object(object)
    }

    /// Reads a list-collection-IDs body; `parent` comes from the URL (`nil`: root collections).
    public static func decodeListCollectionIDsRequest(
        _ json: JSON, parent: DocumentPath?
    ) throws(RESTDecodingError)
        -> ListCollectionIDsRequest
    {
        let reader = try MessageReader(json, "ListCollectionIdsRequest")
        return ListCollectionIDsRequest(
            parent: parent,
            pageSize: try reader.optional("pageSize", Wire.count),
            pageToken: try reader.optional("pageToken", Wire.string).flatMap { $0.isEmpty ? nil : $0 },
            consistency: try reader.optional("readTime", Wire.timestamp).map(ReadConsistency.readTime) ?? .latest
        )
    }

    /// `{"collectionIds"?: [...], "nextPageToken"?}`.
    public static func encodeListCollectionIDsResponse(_ response: ListCollectionIDsResponse) -> JSON {
        var object = JSONObject()
        if !response.collectionIDs.isEmpty { object["collectionIds"] = .array(response.collectionIDs.map(JSON.string)) }
        if let token = response.nextPageToken, !token.isEmpty { object["nextPageToken"] = .string(token) }
        return .object(object)
    }

    /// Reads a list-collection-IDs answer; both members may be absent. An empty token is no token.
    public static func decodeListCollectionIDsResponse(
        _ json: JSON
    ) throws(RESTDecodingError) -> ListCollectionIDsResponse {
        let reader = try MessageReader(json, "ListCollectionIdsResponse")
        return ListCollectionIDsResponse(
            collectionIDs: try reader.repeated("collectionIds", Wire.string),
            nextPageToken: try reader.optional("nextPageToken", Wire.string).flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    // MARK: - Streams

    /// The elements of a streamed answer: a JSON array, or a single element object. An element carrying
    /// an `error` (a stream that failed part-way) throws, with the server's error as `underlying`.
    static func stream<T>(
        _ json: JSON, _ decode: (JSON) throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> [T] {
        switch json {
        case .array: return try Wire.array(json) { (json) throws(RESTDecodingError) in try streamElement(json, decode) }
        case .object: return [try streamElement(json, decode)]
        default: throw Wire.mismatch("an array of response elements", json)
        }
    }

    private static func streamElement<T>(
        _ json: JSON, _ decode: (JSON) throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> T {
        if let body = try TreeErrorCodec.decodeErrorBody(json) {
            throw RESTDecodingError(
                reason: "the answer carries an error instead of a result", underlying: body.documentStoreError)
        }
        return try decode(json)
    }
}
