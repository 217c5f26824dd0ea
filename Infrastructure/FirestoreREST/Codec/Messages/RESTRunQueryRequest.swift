public import HearthDomain

/// A `RunQuery` request body: `{"structuredQuery": {…}, selector?}`. The parent document is in the URL.
public struct RESTRunQueryRequest: Sendable, Hashable {
    public var query: StructuredQuery
    public var consistency: RESTConsistencySelector

    public init(query: StructuredQuery, consistency: RESTConsistencySelector = .latest) {
        self.query = query
        self.consistency = consistency
    }
}
