/// One page of listed documents.
public struct ListDocumentsResponse: Sendable, Hashable {
    /// The documents of the page, in the request's order (missing ones only with `showMissing`).
    public var documents: [DocumentRead]
    /// The token of the next page, `nil` on the last page.
    public var nextPageToken: String?

    /// A page with the given members.
    public init(documents: [DocumentRead], nextPageToken: String?) {
        self.documents = documents
        self.nextPageToken = nextPageToken
    }
}
