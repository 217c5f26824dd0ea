public import Foundation
public import HearthDomain
import HearthPort

/// One aggregation to compute over a query's results (Firebase's `AggregateField`).
public struct AggregateField: Sendable, Hashable {
    enum Operation: Sendable {
        case count(upTo: Int64?)
        case sum(FieldReference)
        case average(FieldReference)
    }

    let operation: Operation

    /// Equal when they compute the same thing: the same kind, limit and field as written (`sum("a.b")` and
    /// `sum(FieldPath(["a", "b"]))` are different keys of ``AggregateQuerySnapshot/values``).
    public static func == (lhs: AggregateField, rhs: AggregateField) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// What identifies the aggregation: its kind and the field as written.
    private var key: String {
        switch operation {
        case .count(let upTo): "count:\(upTo.map(String.init) ?? "")"
        case .sum(let field): "sum:\(field.text)"
        case .average(let field): "average:\(field.text)"
        }
    }

    /// The number of matching documents.
    public static func count() -> AggregateField { AggregateField(operation: .count(upTo: nil)) }
    /// The number of matching documents, counting no further than `limit` (cheaper on large results).
    public static func count(upTo limit: Int64) -> AggregateField { AggregateField(operation: .count(upTo: limit)) }
    /// The sum of a numeric field (a dotted path or a `FieldPath`): an integer unless a double is involved
    /// or it overflows.
    public static func sum(_ field: some FieldPathConvertible) -> AggregateField {
        AggregateField(operation: .sum(FieldReference(field)))
    }
    /// The average of a numeric field (a dotted path or a `FieldPath`), as a double, or null when no
    /// document has a number there.
    public static func average(_ field: some FieldPathConvertible) -> AggregateField {
        AggregateField(operation: .average(FieldReference(field)))
    }

    func aggregation(alias: String) throws(DocumentStoreError) -> Aggregation {
        switch operation {
        case .count(let upTo):
            if let upTo, upTo <= 0 { throw .invalidArgument("count(upTo: \(upTo)) needs a positive limit.") }
            return Aggregation(alias: alias, .count(upTo: upTo))
        case .sum(let field): return Aggregation(alias: alias, .sum(try Self.path(field, call: "sum")))
        case .average(let field): return Aggregation(alias: alias, .average(try Self.path(field, call: "average")))
        }
    }

    private static func path(_ field: FieldReference, call: String) throws(DocumentStoreError) -> FieldPath {
        switch field.path {
        case .success(let path): return path
        case .failure(let error):
            throw .invalidArgument("Invalid aggregation \(call)(\"\(field.text)\"): \(error.message)")
        }
    }
}

/// Aggregations over a query, computed by the store without returning the documents.
public struct AggregateQuery: Sendable {
    /// The query aggregated.
    public let query: Query
    /// What is computed (one to five aggregations).
    public let fields: [AggregateField]

    /// The aggregations `fields` over `query`; validated when ``getAggregation()`` runs. Usually made by
    /// `query.count` or `query.aggregate(_:)`.
    public init(query: Query, fields: [AggregateField]) {
        self.query = query
        self.fields = fields
    }

    /// Computes the aggregations. Throws `invalidArgument` for an invalid query, no aggregation or more
    /// than five.
    public func getAggregation() async throws -> AggregateQuerySnapshot {
        let built = try query.build()
        if built.reversesResults {
            throw DocumentStoreError.invalidArgument(
                "Aggregations do not support limit(toLast:); use limit(to:) with reversed orders.")
        }
        var aggregations: [Aggregation] = []
        for (index, field) in fields.enumerated() {
            aggregations.append(try field.aggregation(alias: "aggregate_\(index)"))
        }
        await query.database.pipeline.drain()
        let response = try await query.database.store.runAggregation(
            parent: built.parent,
            query: StructuredAggregationQuery(query: built.query, aggregations: aggregations),
            consistency: .latest
        )
        var values: [AggregateField: Value] = [:]
        for (index, field) in fields.enumerated() {
            values[field] = response.values["aggregate_\(index)"] ?? .null
        }
        return AggregateQuerySnapshot(query: self, values: values, readTime: response.readTime)
    }
}

/// The results of an ``AggregateQuery``.
public struct AggregateQuerySnapshot: Sendable {
    /// The aggregation query that produced these results.
    public let query: AggregateQuery
    /// Each requested aggregation's result.
    public let values: [AggregateField: Value]
    /// The time the results were computed at.
    public let readTime: Timestamp

    /// The count as Firebase's `NSNumber` (`Int(truncating: snapshot.count)`, `snapshot.count.intValue`).
    /// `query.count` always requests a count; for an aggregation that requested none (only sums or
    /// averages) it is 0 — ``countValue`` is `nil` then.
    public var count: NSNumber { NSNumber(value: countValue ?? 0) }

    /// The count as an `Int64`, when a count was requested (`query.count` always requests one); `nil`
    /// otherwise.
    public var countValue: Int64? {
        for (field, value) in values {
            if case .count = field.operation, case .integer(let count) = value { return count }
        }
        return nil
    }

    /// The result of `field`, or `nil` when it was not requested: an integer for counts, an integer or a
    /// double for sums, a double or null for averages.
    public func get(_ field: AggregateField) -> Value? { values[field] }
}
