public import HearthDomain

/// A collection: a place to add documents, and a query over its documents.
///
/// All of ``Query``'s builder and read methods are available on a collection reference (through
/// ``QueryConvertible``), as in Firebase where a collection reference is a query.
public struct CollectionReference: Sendable, Hashable, QueryConvertible {
    /// The database the collection belongs to.
    public let database: Database
    /// The collection's path.
    public let path: CollectionPath

    public init(database: Database, path: CollectionPath) {
        self.database = database
        self.path = path
    }

    /// The collection's ID (its last path segment).
    public var collectionID: String { path.collectionID }

    /// The document this collection belongs to, or `nil` for a root collection.
    public var parent: DocumentReference? {
        path.parent.map { DocumentReference(database: database, path: $0) }
    }

    /// The query over every document of this collection.
    public var query: Query {
        Query(database: database, builder: QueryBuilder(database: database.databaseID, collection: path))
    }

    /// The document with the given ID, or at a path relative to this collection (`"ana"`,
    /// `"ana/posts/p1"`). Throws `invalidArgument` for an invalid ID or path.
    public func document(_ pathOrID: String) throws(DocumentStoreError) -> DocumentReference {
        let relative = try ResourcePath.split(pathOrID, what: "document path")
        return DocumentReference(database: database, path: try DocumentPath(segments: path.segments + relative))
    }

    /// A document with a new random ID (20 characters from `[A-Za-z0-9]`). Nothing is written.
    public func document() -> DocumentReference {
        DocumentReference(database: database, path: path.document(DocumentIdentifier.autoID()))
    }

    /// Creates a document with a new random ID holding `data`, and returns its reference.
    @discardableResult
    public func addDocument(data: UserFields) async throws -> DocumentReference {
        let reference = document()
        try await reference.create(data: data)
        return reference
    }

    /// Creates a document with a new random ID from an `Encodable` model, and returns its reference.
    @discardableResult
    public func addDocument<T: Encodable>(from value: T, encoder: DocumentEncoder = DocumentEncoder()) async throws
        -> DocumentReference
    {
        let reference = document()
        try await reference.create(from: value, encoder: encoder)
        return reference
    }

    /// Every document of this collection, including missing ones that have subcollections
    /// (`showMissing`), read a page at a time. Useful for administration (`recursiveDelete` uses it).
    public func listDocuments(pageSize: Int = 300) async throws -> [DocumentReference] {
        var references: [DocumentReference] = []
        var token: String?
        repeat {
            let page = try await database.store.listDocuments(
                ListDocumentsRequest(
                    parent: path.parent,
                    collectionID: path.collectionID,
                    pageSize: pageSize,
                    pageToken: token,
                    mask: [],
                    showMissing: true
                )
            )
            references += page.documents.map { DocumentReference(database: database, path: $0.path) }
            token = page.nextPageToken
        } while token != nil
        return references
    }

    public static func == (lhs: CollectionReference, rhs: CollectionReference) -> Bool {
        lhs.database.databaseID == rhs.database.databaseID && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(database.databaseID)
        hasher.combine(path)
    }
}

extension CollectionReference {
    /// `addDocument(data:)` (the `UserFields` form) with a `Dictionary`, whose canonically equal keys Swift has
    /// already merged (a literal argument becomes `UserFields`, which keeps every pair).
    @_disfavoredOverload @discardableResult
    public func addDocument(data: [String: FieldValue]) async throws -> DocumentReference { try await addDocument(data: UserFields(data)) }
}
