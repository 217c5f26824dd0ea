public import HearthDomain

extension RESTQueryCodec {
    /// A `StructuredAggregationQuery`: `{"structuredQuery": {…}, "aggregations": [{"alias", "count"|"sum"|"avg"}]}`.
    /// Counts are `{"count": {}}` or `{"count": {"upTo": "5"}}` (int64 as a string); sums and averages are
    /// `{"sum": {"field": {"fieldPath": "a"}}}` and `{"avg": {…}}`.
    public static func encodeStructuredAggregationQuery(
        _ query: StructuredQuery,
        aggregations: [Aggregation],
        database: DatabaseID
    ) -> JSON {
        .object([
            "structuredQuery": encodeStructuredQuery(query, database: database),
            "aggregations": .array(aggregations.map(encodeAggregation)),
        ])
    }

    /// Reads a structured aggregation query. An aggregation without `alias` (or with `""`) gets Firestore's default,
    /// `field_1`, `field_2`, … (skipping aliases the query already uses).
    public static func decodeStructuredAggregationQuery(
        _ json: JSON
    ) throws(RESTDecodingError)
        -> (query: StructuredQuery, aggregations: [Aggregation])
    {
        let reader = try MessageReader(json, "StructuredAggregationQuery")
        let query = try reader.required("structuredQuery", decodeStructuredQuery)
        let decoded = try reader.repeated("aggregations", decodeAggregation)
        var used = Set(decoded.compactMap(\.alias))
        var next = 1
        var aggregations: [Aggregation] = []
        for (alias, operation) in decoded {
            if let alias {
                aggregations.append(Aggregation(alias: alias, operation))
                continue
            }
            while used.contains("field_\(next)") { next += 1 }
            let generated = "field_\(next)"
            used.insert(generated)
            aggregations.append(Aggregation(alias: generated, operation))
        }
        return (query, aggregations)
    }

    /// `{"alias": "a", "count": {…}}` and friends.
    public static func encodeAggregation(_ aggregation: Aggregation) -> JSON {
        var object: JSONObject = ["alias": .string(aggregation.alias)]
        switch aggregation.operation {
        case .count(let upTo):
            var count = JSONObject()
            if let upTo { count["upTo"] = Wire.int64(upTo) }
            object["count"] = .object(count)
        case .sum(let field):
            object["sum"] = .object(["field": Wire.fieldReference(field)])
        case .average(let field):
            object["avg"] = .object(["field": Wire.fieldReference(field)])
        }
        return .object(object)
    }

    private static func decodeAggregation(
        _ json: JSON
    ) throws(RESTDecodingError) -> (alias: String?, operation: Aggregation.Operation) {
        let reader = try MessageReader(json, "Aggregation")
        let alias = try reader.optional("alias", Wire.string).flatMap { $0.isEmpty ? nil : $0 }
        let operation: Aggregation.Operation
        switch try reader.exactlyOne(["count", "sum", "avg"], "an Aggregation") {
        case "count":
            operation = .count(
                upTo: try reader.required("count") { (json) throws(RESTDecodingError) in
                    try MessageReader(json, "Count").optional("upTo", Wire.int64)
                })
        case "sum":
            operation = .sum(
                try reader.required("sum") { (json) throws(RESTDecodingError) in
                    try MessageReader(json, "Sum").required("field", Wire.fieldReference)
                })
        default:
            operation = .average(
                try reader.required("avg") { (json) throws(RESTDecodingError) in
                    try MessageReader(json, "Avg").required("field", Wire.fieldReference)
                })
        }
        return (alias, operation)
    }
}
