public import HearthDomain

/// A request to list the documents of one collection.
public struct ListDocumentsRequest: Sendable, Hashable {
    /// The document the collection belongs to (`nil`: a root collection).
    public var parent: DocumentPath?
    /// The ID of the collection listed.
    public var collectionID: String
    /// The maximum number of documents in the page (`nil`: the adapter's default).
    public var pageSize: Int?
    /// The token of the page to read, from a previous response (`nil`: the first page).
    public var pageToken: String?
    /// The order (`nil`: by name ascending).
    public var orderBy: [Order]?
    /// Only these fields are returned.
    public var mask: [FieldPath]?
    /// Whether to include missing documents that have subcollections.
    public var showMissing: Bool
    /// Which state of the database is listed (default: the latest).
    public var consistency: ReadConsistency

    /// A request; see the properties for the defaults.
    public init(
        parent: DocumentPath? = nil,
        collectionID: String,
        pageSize: Int? = nil,
        pageToken: String? = nil,
        orderBy: [Order]? = nil,
        mask: [FieldPath]? = nil,
        showMissing: Bool = false,
        consistency: ReadConsistency = .latest
    ) {
        self.parent = parent
        self.collectionID = collectionID
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.orderBy = orderBy
        self.mask = mask
        self.showMissing = showMissing
        self.consistency = consistency
    }
}
