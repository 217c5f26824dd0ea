import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

/// The JSON bodies of the REST requests, written by the codec straight to bytes; only what REST treats
/// differently is decided here (the `database` member is a URL parameter, the concurrency mode depends on
/// the credentials).
enum RESTRequestBodies {
    static func batchGet(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency, database: DatabaseID) -> [UInt8] {
        RESTReadCodec.encodeBatchGetRequest(paths, mask: mask, consistency: consistency, database: database)
    }

    static func runQuery(_ query: StructuredQuery, consistency: ReadConsistency, database: DatabaseID) -> [UInt8] {
        RESTReadCodec.encodeRunQueryRequest(query, consistency: consistency, database: database)
    }

    static func runAggregation(_ query: StructuredQuery, aggregations: [Aggregation], consistency: ReadConsistency, database: DatabaseID)
        -> [UInt8]
    {
        RESTReadCodec.encodeRunAggregationQueryRequest(query, aggregations: aggregations, consistency: consistency, database: database)
    }

    /// `{"writes", "transaction"?}`: a commit request without its `database` member.
    static func commit(_ writes: [Write], transaction: TransactionID?, database: DatabaseID) -> [UInt8] {
        RESTWriteCodec.encodeCommitRequest(database: database, writes: writes, transaction: transaction, includingDatabase: false)
    }

    /// `{"writes"}`: a batch-write request without its `database` member.
    static func batchWrite(_ writes: [Write], database: DatabaseID) -> [UInt8] {
        RESTWriteCodec.encodeBatchWriteRequest(database: database, writes: writes, includingDatabase: false)
    }

    /// `{"options": …}`, with `readWrite.concurrencyMode` when one is asked for.
    static func beginTransaction(_ options: TransactionMode, concurrencyMode: String?) -> [UInt8] {
        RESTTransactionCodec.encodeBeginTransactionRequest(options, concurrencyMode: concurrencyMode)
    }

    static func rollback(_ transaction: TransactionID) -> [UInt8] {
        RESTTransactionCodec.encodeRollbackRequest(transaction)
    }

    static func listCollectionIDs(_ request: ListCollectionIDsRequest) throws(DocumentStoreError) -> [UInt8] {
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
    ) -> [UInt8] {
        RESTReadCodec.encodePartitionQueryRequest(
            query,
            partitionCount: partitionCount,
            pageSize: pageSize,
            pageToken: pageToken,
            readTime: readTime,
            database: database
        )
    }

    /// A `Document` body for createDocument / patch: `{"fields": {...}}` (the name is in the URL).
    static func documentFields(_ fields: MapValue) -> [UInt8] {
        RESTWriteCodec.encodeDocumentFields(fields)
    }
}
