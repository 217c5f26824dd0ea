/// Firestore's `StructuredAggregationQuery`: a structured query and the aggregations computed over its
/// results, the one value an aggregation request carries from the client API to every store.
///
/// A plain value, like ``StructuredQuery``: it does not validate itself. A store answers an invalid one
/// with `invalidArgument` when it runs: no aggregation or more than five, an alias that is repeated,
/// reserved (`__.*__`) or too long, a negative `count` bound, an aggregated field that is `__name__` or
/// invalid, or an invalid query (the local engine checks exactly what the server does).
public struct StructuredAggregationQuery: Sendable, Hashable {
    /// The query whose results are aggregated.
    public var query: StructuredQuery
    /// What is computed, each result reported under its aggregation's alias (an empty alias becomes
    /// `field_1`, `field_2`, … in order).
    public var aggregations: [Aggregation]

    /// The aggregations `aggregations` over the results of `query`; not validated here.
    public init(query: StructuredQuery, aggregations: [Aggregation]) {
        self.query = query
        self.aggregations = aggregations
    }
}
