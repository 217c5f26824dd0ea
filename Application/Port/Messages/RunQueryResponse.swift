public import HearthDomain

/// One element of a query's result stream.
public struct RunQueryResponse: Sendable, Hashable {
    /// A result document, or `nil` for a progress-only element.
    public var document: Document?
    /// The time the results were read at.
    public var readTime: Timestamp
    /// How many results an offset skipped since the previous element.
    public var skippedResults: Int

    /// An element with the given members.
    public init(document: Document?, readTime: Timestamp, skippedResults: Int = 0) {
        self.document = document
        self.readTime = readTime
        self.skippedResults = skippedResults
    }
}
