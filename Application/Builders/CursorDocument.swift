public import HearthDomain

/// A document used as a query cursor (`start(atDocument:)` and friends): its path and its fields.
///
/// The cursor takes, for each of the query's normalized orders, the document's value of that field (its
/// reference for `__name__`), so the document must hold every ordered field.
public struct CursorDocument: Sendable, Hashable {
    /// Where the document lives; it must belong to the query's results (a direct child of the queried
    /// collection, or for a collection group, a document under the query's parent).
    public var path: DocumentPath
    /// The document's fields.
    public var fields: MapValue
    /// Whether the document exists; a cursor from a missing document is invalid.
    public var exists: Bool

    /// A cursor document at `path` holding `fields`; with `exists: false`, a cursor built from it fails the
    /// query with `invalidArgument` (Firebase refuses a snapshot of a missing document as a cursor).
    public init(path: DocumentPath, fields: MapValue, exists: Bool = true) {
        self.path = path
        self.fields = fields
        self.exists = exists
    }

    /// The path and fields of a stored document.
    public init(_ document: Document) {
        self.init(path: document.path, fields: document.fields)
    }
}
