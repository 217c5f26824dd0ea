import HearthDomain
public import HearthPort

/// The documents of one query run: in order and projected, with the offset's skip count.
public struct QueryRun: Sendable, Hashable {
    /// The results, in query order, projected as the query asked.
    public var documents: [Document]
    /// How many results the offset skipped.
    public var skippedResults: Int
    /// The time the results were read at.
    public var readTime: Timestamp
}

extension QueryRun {
    /// The run as the port's elements: one per document, the skip count on the first; a single
    /// progress element when there is no document.
    public var responses: [RunQueryResponse] {
        guard !documents.isEmpty else {
            return [RunQueryResponse(document: nil, readTime: readTime, skippedResults: skippedResults)]
        }
        return documents.enumerated().map { index, document in
            RunQueryResponse(document: document, readTime: readTime, skippedResults: index == 0 ? skippedResults : 0)
        }
    }
}
