import HearthDomain

/// The documents of one query run: in order and projected, with the offset's skip count.
public struct QueryRun: Sendable, Hashable {
    /// The results, in query order, projected as the query asked.
    public var documents: [Document]
    /// How many results the offset skipped.
    public var skippedResults: Int
    /// The time the results were read at.
    public var readTime: Timestamp
}
