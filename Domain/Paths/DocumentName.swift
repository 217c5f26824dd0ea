/// A document's full resource name: its database and its path,
/// `projects/{p}/databases/{d}/documents/{path}`. The payload of a reference ``Value``.
public struct DocumentName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The database the document belongs to.
    public let database: DatabaseID
    /// The document's path within the database.
    public let path: DocumentPath

    /// The name of the document at `path` in `database`; both are already valid, so this cannot fail.
    public init(database: DatabaseID, path: DocumentPath) {
        self.database = database
        self.path = path
    }

    /// Parses `projects/{p}/databases/{d}/documents/{path}`. Throws `invalidArgument` naming the input
    /// when it is not a well-formed document name.
    public init(parsing resourceName: String) throws(DocumentStoreError) {
        let parsed = try ResourceName.parse(resourceName)
        guard let path = parsed.documentPath else {
            throw .invalidArgument("Not a document name: \(PathSegment.quoted(resourceName)).")
        }
        self.database = parsed.database
        self.path = path
    }

    /// `projects/{p}/databases/{d}/documents/{path}`.
    public var resourceName: String { path.resourceName(in: database) }

    /// The full resource name, `projects/{p}/databases/{d}/documents/{path}`.
    public var description: String { resourceName }

    /// Firestore's reference order: project, then database, then the path segment by segment.
    public static func < (lhs: DocumentName, rhs: DocumentName) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Firestore's reference order as -1, 0 or 1.
    public static func compare(_ lhs: DocumentName, _ rhs: DocumentName) -> Int {
        let project = UTF8Order.compare(lhs.database.projectID, rhs.database.projectID)
        if project != 0 { return project }
        let database = UTF8Order.compare(lhs.database.databaseID, rhs.database.databaseID)
        if database != 0 { return database }
        return ResourcePath.compare(lhs.path.segments, rhs.path.segments)
    }
}

/// Parsing of full resource names: `projects/{p}/databases/{d}/documents[/{path}]`.
public enum ResourceName {
    /// A parsed resource name: the database and the segments after `documents` (possibly none).
    public struct Parsed: Sendable, Hashable {
        /// The database named by `projects/{p}/databases/{d}`.
        public let database: DatabaseID
        /// The path segments after `documents`, unescaped; empty for the documents root itself.
        public let segments: [String]

        /// The document path, when the segments name a document.
        public var documentPath: DocumentPath? {
            segments.isEmpty || segments.count % 2 == 1 ? nil : DocumentPath(uncheckedSegments: segments)
        }

        /// The collection path, when the segments name a collection.
        public var collectionPath: CollectionPath? {
            segments.count % 2 == 1 ? CollectionPath(uncheckedSegments: segments) : nil
        }
    }

    /// Parses a resource name under `projects/{p}/databases/{d}/documents`. Every segment after
    /// `documents` is validated as an ID. Throws `invalidArgument` naming the input.
    public static func parse(_ name: String) throws(DocumentStoreError) -> Parsed {
        let parts = UTF8Split.split(name, separator: UInt8(ascii: "/"))
        guard parts.count >= 5, UTF8Order.equal(parts[0], "projects"), UTF8Order.equal(parts[2], "databases"),
            UTF8Order.equal(parts[4], "documents")
        else {
            throw .invalidArgument(
                "Not a resource name of the form projects/{p}/databases/{d}/documents/...: \(PathSegment.quoted(name))."
            )
        }
        let database = try DatabaseID(projectID: parts[1], databaseID: parts[3])
        let segments = Array(parts.dropFirst(5))
        if segments.contains(where: \.isEmpty) {
            throw .invalidArgument("A resource name must not have empty segments: \(PathSegment.quoted(name)).")
        }
        try ResourcePath.validate(segments)
        return Parsed(database: database, segments: segments)
    }
}
