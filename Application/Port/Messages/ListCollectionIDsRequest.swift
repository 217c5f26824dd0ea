public import HearthDomain

/// A request to list collection IDs.
public struct ListCollectionIDsRequest: Sendable, Hashable {
    /// The document whose subcollections are listed (`nil`: root collections).
    public var parent: DocumentPath?
    /// The maximum number of IDs in the page (`nil`: the adapter's default).
    public var pageSize: Int?
    /// The token of the page to read, from a previous response (`nil`: the first page).
    public var pageToken: String?
    /// Which state of the database is listed (default: the latest).
    public var consistency: ReadConsistency

    /// A request; see the properties for the defaults.
    public init(
        parent: DocumentPath? = nil, pageSize: Int? = nil, pageToken: String? = nil,
        consistency: ReadConsistency = .latest
    ) {
        self.parent = parent
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.consistency = consistency
    }
}
