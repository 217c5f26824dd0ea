public import HearthDomain

/// A `RunQuery` request body: `{"structuredQuery": {…}, selector?}`. The parent document is in the URL.
public struct RESTRunQueryRequest: Sendable, Hashable {
    /// The query run.
    public var query: StructuredQuery
    /// The state read (`latest` by default).
    public var consistency: RESTConsistencySelector

    /// A request reading the latest state unless told otherwise.
    public init(query: StructuredQuery, consistency: RESTConsistencySelector = .latest) {
        self.query = query
        self.consistency = consistency
    }
}
