public import HearthDomain

/// The answer of a batch get.
public struct BatchGetResponse: Sendable, Hashable {
    /// One entry per distinct requested path, in request order.
    public var documents: [DocumentRead]
    /// The time the documents were read at.
    public var readTime: Timestamp

    /// A response with the given members.
    public init(documents: [DocumentRead], readTime: Timestamp) {
        self.documents = documents
        self.readTime = readTime
    }
}
