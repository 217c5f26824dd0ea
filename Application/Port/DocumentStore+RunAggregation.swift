public import HearthDomain

extension DocumentStore {
    /// Runs `aggregations` over the results of `query`: the same call as
    /// ``runAggregation(parent:query:consistency:)`` with the `StructuredAggregationQuery` they make,
    /// with the same results and errors.
    public func runAggregation(
        parent: DocumentPath?,
        query: StructuredQuery,
        aggregations: [Aggregation],
        consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await runAggregation(
            parent: parent,
            query: StructuredAggregationQuery(query: query, aggregations: aggregations),
            consistency: consistency
        )
    }
}
