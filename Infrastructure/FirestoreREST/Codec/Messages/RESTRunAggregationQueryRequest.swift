public import HearthDomain

/// A `RunAggregationQuery` request body:
/// `{"structuredAggregationQuery": {"structuredQuery", "aggregations"}, selector?}`. The parent is in the URL.
public struct RESTRunAggregationQueryRequest: Sendable, Hashable {
    public var query: StructuredQuery
    public var aggregations: [Aggregation]
    public var consistency: RESTConsistencySelector

    public init(query: StructuredQuery, aggregations: [Aggregation], consistency: RESTConsistencySelector = .latest) {
        self.query = query
        self.aggregations = aggregations
        self.consistency = consistency
    }
}
