import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

/// The JSON bodies of the REST requests the store sends (shapes from the discovery document).
enum RESTRequestBodies {
    /// `{"documents": [names], "mask"?, "transaction"|"readTime"?}`.
    static func batchGet(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency, database: DatabaseID) -> JSON {
        var body: JSONObject = ["documents": .array(paths.map { RESTDocumentCodec.encodeName($0, database: database) })]
        if let mask { body["mask"] = documentMask(mask) }
        addConsistency(consistency, to: &body)
        return .object(body)
    }

    /// `{"structuredQuery", "transaction"|"readTime"?}`.
    static func runQuery(_ query: StructuredQuery, consistency: ReadConsistency, database: DatabaseID) -> JSON {
        var body: JSONObject = ["structuredQuery": RESTQueryCodec.encodeStructuredQuery(query, database: database)]
        addConsistency(consistency, to: &body)
        return .object(body)
    }

    /// `{"structuredAggregationQuery": {"structuredQuery", "aggregations"}, "transaction"|"readTime"?}`.
    static func runAggregation(_ query: StructuredQuery, aggregations: [Aggregation], consistency: ReadConsistency, database: DatabaseID) -> JSON {
        var body: JSONObject = [
            "structuredAggregationQuery": RESTQueryCodec.encodeStructuredAggregationQuery(query, aggregations: aggregations, database: database)
        ]
        addConsistency(consistency, to: &body)
        return .object(body)
    }

    /// `{"writes": [...], "transaction"?}` (the codec's `database` member is a URL parameter in REST).
    static func commit(_ writes: [Write], transaction: TransactionID?, database: DatabaseID) -> JSON {
        var body = JSONObject()
        body["writes"] = .array(writes.map { RESTWriteCodec.encode($0, database: database) })
        if let transaction { body["transaction"] = transactionID(transaction) }
        return .object(body)
    }

    /// `{"writes": [...]}`.
    static func batchWrite(_ writes: [Write], database: DatabaseID) -> JSON {
        .object(["writes": .array(writes.map { RESTWriteCodec.encode($0, database: database) })])
    }

    /// `{"options": {"readOnly": {"readTime"?}} | {"readWrite": {"retryTransaction"?, "concurrencyMode"?}}}`.
    static func beginTransaction(_ options: TransactionOptions, concurrencyMode: String?) -> JSON {
        switch options {
        case .readOnly(let readTime):
            var readOnly = JSONObject()
            if let readTime { readOnly["readTime"] = .string(readTime.rfc3339) }
            return .object(["options": .object(["readOnly": .object(readOnly)])])
        case .readWrite(let retrying):
            var readWrite = JSONObject()
            if let retrying { readWrite["retryTransaction"] = transactionID(retrying) }
            if let concurrencyMode { readWrite["concurrencyMode"] = .string(concurrencyMode) }
            return .object(["options": .object(["readWrite": .object(readWrite)])])
        }
    }

    /// `{"transaction"}`.
    static func rollback(_ transaction: TransactionID) -> JSON {
        .object(["transaction": transactionID(transaction)])
    }

    /// `{"pageSize"?, "pageToken"?, "readTime"?}`.
    static func listCollectionIDs(pageSize: Int?, pageToken: String?, readTime: Timestamp?) -> JSON {
        var body = JSONObject()
        if let pageSize { body["pageSize"] = .number(String(pageSize)) }
        if let pageToken { body["pageToken"] = .string(pageToken) }
        if let readTime { body["readTime"] = .string(readTime.rfc3339) }
        return .object(body)
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

    static func documentMask(_ paths: [FieldPath]) -> JSON {
        .object(["fieldPaths": .array(paths.map { .string($0.canonicalString) })])
    }

    static func transactionID(_ id: TransactionID) -> JSON {
        .string(Data(id.bytes).base64EncodedString())
    }

    static func addConsistency(_ consistency: ReadConsistency, to body: inout JSONObject) {
        switch consistency {
        case .latest: break
        case .transaction(let id): body["transaction"] = transactionID(id)
        case .readTime(let time): body["readTime"] = .string(time.rfc3339)
        }
    }
}
