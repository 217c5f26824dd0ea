public import HearthDomain

/// A `RunAggregationQuery` request body:
/// `{"structuredAggregationQuery": {"structuredQuery", "aggregations"}, selector?}`. The parent is in the URL.
public struct RESTRunAggregationQueryRequest: Sendable, Hashable {
    /// The query whose results are aggregated.
    public var query: StructuredQuery
    /// The aggregations, each under its alias.
    public var aggregations: [Aggregation]
    /// The state read (`latest` by default).
    public var consistency: RESTConsistencySelector

    /// A request reading the latest state unless told otherwise.
    public init(query: StructuredQuery, aggregations: [Aggregation], consistency: RESTConsistencySelector = .latest) {
        self.query = query
        self.aggregations = aggregations
        self.consistency = consistency
    }
}
