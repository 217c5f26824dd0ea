public import HearthDomain

/// What ``QueryBuilder/build()`` produces: the query to run under `parent`, and whether the results must
/// be reversed before they are shown (`limit(toLast:)` runs the query with reversed orders and cursors).
public struct BuiltQuery: Sendable, Hashable {
    /// The document the query runs under (`nil`: the database root).
    public var parent: DocumentPath?
    /// The structured query to send.
    public var query: StructuredQuery
    /// `true` for `limit(toLast:)`: the results come back in reverse order and must be reversed.
    public var reversesResults: Bool

    /// A built query: `query` under `parent`, with results reversed when `reversesResults` is `true`.
    public init(parent: DocumentPath?, query: StructuredQuery, reversesResults: Bool) {
        self.parent = parent
        self.query = query
        self.reversesResults = reversesResults
    }
}
