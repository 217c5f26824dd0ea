public import HearthDomain
import HearthPort

/// A collection: a place to add documents, and a query over its documents.
///
/// All of ``Query``'s builder and read methods are available on a collection reference (through
/// ``QueryConvertible``), as in Firebase where a collection reference is a query.
///
/// Made from an invalid path (`db.collection("members/ana")`), a reference is still made, as in
/// Firebase, but it is *invalid*: ``pathError`` holds the `invalidArgument` error naming the path, and
/// every operation on the reference, on the documents and queries made from it, throws that error
/// (nothing reaches the store). Its ``path`` is then the placeholder `__invalid__` (a reserved ID, so it
/// names no real collection), its ``collectionID`` is `__invalid__`, and it is equal only to invalid
/// references of the same database made from the same text.
public struct CollectionReference: Sendable, Hashable, QueryConvertible {
    /// The database the collection belongs to.
    public let database: Database
    /// The collection's path, or the invalid reference's placeholder and error.
    let target: ReferenceTarget<CollectionPath>

    /// The collection at `path` in `database`. A path that holds the placeholder ID `__invalid__` (taken
    /// from an invalid reference) makes an invalid reference.
    public init(database: Database, path: CollectionPath) {
        self.init(database: database, target: ReferenceTarget(path))
    }

    init(database: Database, target: ReferenceTarget<CollectionPath>) {
        self.database = database
        self.target = target
    }

    /// The collection's path; the placeholder `__invalid__` when the reference is invalid (see ``pathError``).
    public var path: CollectionPath { target.path }

    /// Why this reference cannot be used (`invalidArgument`, naming the path it was made from), or `nil`
    /// when it is valid. Every operation on an invalid reference throws this error.
    public var pathError: DocumentStoreError? { target.pathError }

    /// ``path``, or ``pathError`` thrown when the reference is invalid.
    func checkedPath() throws(DocumentStoreError) -> CollectionPath {
        try target.checkedPath()
    }

    /// The collection's ID (its last path segment; `__invalid__` for an invalid reference).
    public var collectionID: String { path.collectionID }

    /// The document this collection belongs to, or `nil` for a root collection. For an invalid
    /// reference: an invalid document reference carrying the same error.
    public var parent: DocumentReference? {
        if let invalid = target.invalid {
            return DocumentReference(database: database, target: ReferenceTarget(invalid: invalid))
        }
        return path.parent.map { DocumentReference(database: database, path: $0) }
    }

    /// The query over every document of this collection (it throws ``pathError`` when run, for an
    /// invalid reference).
    public var query: Query {
        Query(
            database: database, builder: QueryBuilder(database: database.databaseID, collection: path),
            pathError: pathError)
    }

    /// The document with the given ID, or at a path relative to this collection (`"ana"`,
    /// `"ana/posts/p1"`). Never throws: an invalid ID or path (or an invalid collection) makes an invalid
    /// reference whose operations throw `invalidArgument` naming the path (see ``DocumentReference/pathError``).
    public func document(_ pathOrID: String) -> DocumentReference {
        DocumentReference(database: database, target: target.child(pathOrID))
    }

    /// A document with a new random ID (20 characters from `[A-Za-z0-9]`). Nothing is written. For an
    /// invalid collection, an invalid document reference carrying the same error.
    public func document() -> DocumentReference {
        DocumentReference(database: database, target: target.map { $0.document(DocumentIdentifier.autoID()) })
    }

    /// Creates a document with a new random ID holding `data`, and returns its reference.
    @discardableResult
    public func addDocument(data: UserFields) async throws -> DocumentReference {
        let reference = document()
        try await reference.create(data: data)
        return reference
    }

    /// Every document of this collection, including missing ones that have subcollections
    /// (`showMissing`), read a page at a time. Useful for administration (`recursiveDelete` uses it).
    public func listDocuments(pageSize: Int = 300) async throws -> [DocumentReference] {
        let path = try checkedPath()
        await database.pipeline.drain()
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

    /// Same database and same path; an invalid reference equals only invalid references made from the
    /// same text.
    public static func == (lhs: CollectionReference, rhs: CollectionReference) -> Bool {
        lhs.database.databaseID == rhs.database.databaseID && lhs.target == rhs.target
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(database.databaseID)
        hasher.combine(target)
    }
}

extension CollectionReference {
    /// `addDocument(data:)` (the `UserFields` form) with a `Dictionary`, whose canonically equal keys Swift has
    /// already merged (a literal argument becomes `UserFields`, which keeps every pair).
    @_disfavoredOverload @discardableResult
    public func addDocument(data: [String: FieldValue]) async throws -> DocumentReference {
        try await addDocument(data: UserFields(data))
    }
}
