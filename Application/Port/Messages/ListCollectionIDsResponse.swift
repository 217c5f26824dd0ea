/// One page of collection IDs.
public struct ListCollectionIDsResponse: Sendable, Hashable {
    /// The IDs of the page, in UTF-8 byte order.
    public var collectionIDs: [String]
    /// The token of the next page, `nil` on the last page.
    public var nextPageToken: String?

    /// A page with the given members.
    public init(collectionIDs: [String], nextPageToken: String?) {
        self.collectionIDs = collectionIDs
        self.nextPageToken = nextPageToken
    }
}
