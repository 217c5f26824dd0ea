import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// The JSON bodies of the REST requests, built with the codec's message encoders; only what REST
/// treats differently lives here (the `database` member is a URL parameter, the concurrency mode
/// depends on the credentials, partitionQuery has no codec message).
enum RESTRequestBodies {
    static func batchGet(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency, database: DatabaseID
    ) -> JSON {
        RESTReadCodec.encodeBatchGetRequest(
            RESTBatchGetRequest(documents: paths, mask: mask, consistency: RESTConsistencySelector(consistency)),
            database: database
        )
    }

    static func runQuery(_ query: StructuredQuery, consistency: ReadConsistency, database: DatabaseID) -> JSON {
        RESTReadCodec.encodeRunQueryRequest(
            RESTRunQueryRequest(query: query, consistency: RESTConsistencySelector(consistency)), database: database)
    }

    static func runAggregation(
        _ query: StructuredQuery, aggregations: [Aggregation], consistency: ReadConsistency, database: DatabaseID
    ) -> JSON {
        RESTReadCodec.encodeRunAggregationQueryRequest(
            RESTRunAggregationQueryRequest(
                query: query, aggregations: aggregations, consistency: RESTConsistencySelector(consistency)),
            database: database
        )
    }

    /// `{"writes", "transaction"?}`: the codec's commit request without its `database` member.
    static func commit(_ writes: [Write], transaction: TransactionID?, database: DatabaseID) -> JSON {
        removingDatabase(
            RESTWriteCodec.encodeCommitRequest(database: database, writes: writes, transaction: transaction))
    }

    /// ``commit(_:transaction:database:)`` written straight to bytes (the same bytes as serializing it).
    static func commitBytes(_ writes: [Write], transaction: TransactionID?, database: DatabaseID) -> [UInt8] {
        RESTWriteCodec.encodeCommitRequestBytes(
            database: database, writes: writes, transaction: transaction, includingDatabase: false)
    }

    /// `{"writes"}`: the codec's batch-write request without its `database` member.
    static func batchWrite(_ writes: [Write], database: DatabaseID) -> JSON {
        removingDatabase(RESTWriteCodec.encodeBatchWriteRequest(database: database, writes: writes))
    }

    /// `{"options": …}`, with `readWrite.concurrencyMode` when one is asked for.
    static func beginTransaction(_ options: TransactionMode, concurrencyMode: String?) -> JSON {
        let body = RESTTransactionCodec.encodeBeginTransactionRequest(options)
        guard let concurrencyMode, case .readWrite = options,
            case .object(var object) = body, case .object(var transactionOptions)? = object["options"],
            case .object(var readWrite)? = transactionOptions["readWrite"]
        else { return body }
        readWrite["concurrencyMode"] = .string(concurrencyMode)
        transactionOptions["readWrite"] = .object(readWrite)
        object["options"] = .object(transactionOptions)
        return .object(object)
    }

    static func rollback(_ transaction: TransactionID) -> JSON {
        RESTTransactionCodec.encodeRollbackRequest(transaction)
    }

    static func listCollectionIDs(_ request: ListCollectionIDsRequest) throws(DocumentStoreError) -> JSON {
        try RESTReadCodec.encodeListCollectionIDsRequest(request)
    }

    /// `{"structuredQuery", "partitionCount": "n", "pageToken"?, "pageSize"?, "readTime"?}`.
    static func partitionQuery(
        _ query: StructuredQuery,
        partitionCount: Int64,
        pageSize: Int?,
        pageToken: String?,
        readTime: Timestamp?,
        database: DatabaseID
    ) -> JSON {
        var body: JSONObject = [
            "structuredQuery": RESTQueryCodec.encodeStructuredQuery(query, database: database),
            "partitionCount": .string(String(partitionCount)),
        ]
        if let pageToken { body["pageToken"] = .string(pageToken) }
        if let pageSize { body["pageSize"] = .number(String(pageSize)) }
        if let readTime { body["readTime"] = .string(readTime.rfc3339) }
        return .object(body)
    }

    /// A `Document` body for createDocument / patch: `{"fields": {...}}` (the name is in the URL).
    static func documentFields(_ fields: MapValue) -> JSON {
        .object(["fields": RESTValueCodec.encodeFields(fields)])
    }

    private static func removingDatabase(_ body: JSON) -> JSON {
        guard case .object(var object) = body else { return body }
        object["database"] = nil
        return .object(object)
    }
}
