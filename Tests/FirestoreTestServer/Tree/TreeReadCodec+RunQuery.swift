public import HearthDomain
import HearthPort
public import HearthFirestoreCodec

extension TreeReadCodec {
    // MARK: - RunQuery

    /// `{"structuredQuery": {…}, "transaction"? | "newTransaction"? | "readTime"?}`.
    public static func encodeRunQueryRequest(_ request: RESTRunQueryRequest, database: DatabaseID) -> JSON {
        var object: JSONObject = [
            "structuredQuery": TreeQueryCodec.encodeStructuredQuery(request.query, database: database)
        ]
        object.setConsistency(request.consistency)
        return .object(object)
    }

    /// Reads a run-query body; `structuredQuery` is required.
    public static func decodeRunQueryRequest(_ json: JSON) throws(RESTDecodingError) -> RESTRunQueryRequest {
        let reader = try MessageReader(json, "RunQueryRequest")
        return RESTRunQueryRequest(
            query: try reader.required("structuredQuery", TreeQueryCodec.decodeStructuredQuery),
            consistency: try reader.consistencySelector()
        )
    }

    /// The answer array: per element `"transaction"?`, `"document"?`, `"readTime"?`, `"skippedResults"?`
    /// (when non-zero), `"done"?` (when true).
    public static func encodeRunQueryResponse(_ elements: [RESTRunQueryResponseElement], database: DatabaseID) -> JSON {
        .array(
            elements.map { element in
                var object = JSONObject()
                if let transaction = element.transaction { object["transaction"] = Wire.transactionID(transaction) }
                if let document = element.document {
                    object["document"] = TreeDocumentCodec.encode(document, database: database)
                }
                if let readTime = element.readTime { object["readTime"] = Wire.timestamp(readTime) }
                if element.skippedResults != 0 { object["skippedResults"] = Wire.int32(element.skippedResults) }
                if element.done { object["done"] = .bool(true) }
                return .object(object)
            })
    }

    /// Reads a run-query answer. Every member of an element is optional (progress-only and
    /// transaction-only elements are kept); `explainMetrics` is ignored.
    public static func decodeRunQueryResponse(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> [RESTRunQueryResponseElement]
    {
        try decodeRunQueryElements(json) { (json) throws(RESTDecodingError) in
            try TreeDocumentCodec.decode(json, database: database)
        }.map {
            RESTRunQueryResponseElement(
                document: $0.document,
                transaction: $0.transaction,
                readTime: $0.readTime,
                skippedResults: $0.skippedResults,
                done: $0.done
            )
        }
    }

    /// The elements of a run-query answer, each document read by `document`.
    static func decodeRunQueryElements<Result>(
        _ json: JSON,
        _ document: (JSON) throws(RESTDecodingError) -> Result
    ) throws(RESTDecodingError) -> [RunQueryElement<Result>] {
        try stream(json) { (json) throws(RESTDecodingError) in
            let reader = try MessageReader(json, "RunQueryResponse")
            return RunQueryElement(
                document: try reader.optional("document", document),
                transaction: try reader.optional("transaction", Wire.transactionID),
                readTime: try reader.optional("readTime", Wire.timestamp),
                skippedResults: try reader.optional("skippedResults", Wire.count) ?? 0,
                done: try reader.optional("done", Wire.bool) ?? false
            )
        }
    }

    // MARK: - RunAggregationQuery

    /// `{"structuredAggregationQuery": {"structuredQuery", "aggregations"}, selector?}`.
    public static func encodeRunAggregationQueryRequest(
        _ request: RESTRunAggregationQueryRequest, database: DatabaseID
    ) -> JSON {
        var object: JSONObject = [
            "structuredAggregationQuery": TreeQueryCodec.encodeStructuredAggregationQuery(
                request.query,
                aggregations: request.aggregations,
                database: database
            )
        ]
        object.setConsistency(request.consistency)
        return .object(object)
    }

    /// Reads a run-aggregation-query body; `structuredAggregationQuery` is required.
    public static func decodeRunAggregationQueryRequest(
        _ json: JSON
    ) throws(RESTDecodingError) -> RESTRunAggregationQueryRequest {
        let reader = try MessageReader(json, "RunAggregationQueryRequest")
        let decoded = try reader.required("structuredAggregationQuery", TreeQueryCodec.decodeStructuredAggregationQuery)
        return RESTRunAggregationQueryRequest(
            query: decoded.query,
            aggregations: decoded.aggregations,
            consistency: try reader.consistencySelector()
        )
    }

    /// The answer array: per element `"transaction"?`, `"result"?: {"aggregateFields": {alias: Value}}`,
    /// `"readTime"?`, `"done"?` (when true).
    public static func encodeRunAggregationQueryResponse(_ elements: [RESTRunAggregationQueryResponseElement]) -> JSON {
        .array(
            elements.map { element in
                var object = JSONObject()
                if let transaction = element.transaction { object["transaction"] = Wire.transactionID(transaction) }
                if let result = element.result {
                    object["result"] = .object(["aggregateFields": TreeValueCodec.encodeFields(result)])
                }
                if let readTime = element.readTime { object["readTime"] = Wire.timestamp(readTime) }
                if element.done { object["done"] = .bool(true) }
                return .object(object)
            })
    }

    /// Reads a run-aggregation-query answer; every member of an element is optional.
    public static func decodeRunAggregationQueryResponse(
        _ json: JSON
    ) throws(RESTDecodingError)
        -> [RESTRunAggregationQueryResponseElement]
    {
        try stream(json) { (json) throws(RESTDecodingError) in
            let reader = try MessageReader(json, "RunAggregationQueryResponse")
            return RESTRunAggregationQueryResponseElement(
                result: try reader.optional("result") { (json) throws(RESTDecodingError) in
                    try MessageReader(json, "AggregationResult").optional(
                        "aggregateFields", TreeValueCodec.decodeFields) ?? MapValue()
                },
                transaction: try reader.optional("transaction", Wire.transactionID),
                readTime: try reader.optional("readTime", Wire.timestamp),
                done: try reader.optional("done", Wire.bool) ?? false
            )
        }
    }
}

/// A run-query answer element with its document in any form (a `Document`, a named document, a model).
struct RunQueryElement<Result> {
    var document: Result?
    var transaction: TransactionID?
    var readTime: Timestamp?
    var skippedResults: Int
    var done: Bool
}
