public import HearthDomain

/// A document read from an offline cache (``CachingDocumentStore/readDocument(_:source:)``) with its metadata.
public struct CachedDocumentRead: Sendable, Hashable {
    /// The document with pending writes overlaid, `nil` when it does not exist.
    public var document: Document?
    /// Where it came from and its pending state (``CacheMetadata/pending`` holds the document's path when
    /// it has pending writes, even when it does not exist: a pending delete).
    public var metadata: CacheMetadata

    /// A read: `document` and its `metadata`.
    public init(document: Document?, metadata: CacheMetadata) {
        self.document = document
        self.metadata = metadata
    }
}
