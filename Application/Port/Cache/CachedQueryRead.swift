/// The results of a query read from an offline cache (``CachingDocumentStore/readQuery(parent:query:source:)``)
/// with their metadata.
public struct CachedQueryRead: Sendable, Hashable {
    /// The results in query order, pending writes overlaid.
    public var responses: [RunQueryResponse]
    /// Where they came from and which of them have pending writes.
    public var metadata: CacheMetadata

    /// A read: `responses` and their `metadata`.
    public init(responses: [RunQueryResponse], metadata: CacheMetadata) {
        self.responses = responses
        self.metadata = metadata
    }
}
