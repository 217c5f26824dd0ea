/// The path of a collection relative to the database root: `users` or `users/alice/posts`.
///
/// Always an odd number of segments, each a valid ID. Paths compare segment by segment, by UTF-8
/// bytes, a prefix first.
public struct CollectionPath: Hashable, Sendable, CustomStringConvertible {
    /// The segments, alternating collection and document IDs, ending with a collection ID.
    public let segments: [String]

    /// Parses a slash-separated path such as `"users/alice/posts"`. Throws `invalidArgument` when a segment
    /// is invalid or the number of segments is even.
    public init(_ path: String) throws(DocumentStoreError) {
        try self.init(segments: ResourcePath.split(path, what: "collection path"))
    }

    /// Validates `segments` (odd count, each a valid ID). Throws `invalidArgument`.
    public init(segments: [String]) throws(DocumentStoreError) {
        self.segments = try ResourcePath.checked(segments, document: false)
    }

    package init(uncheckedSegments segments: [String]) {
        self.segments = segments
    }

    /// The last segment.
    public var collectionID: String { segments[segments.count - 1] }

    /// The document this collection belongs to, or `nil` for a root collection.
    public var parent: DocumentPath? {
        segments.count == 1 ? nil : DocumentPath(uncheckedSegments: Array(segments.dropLast()))
    }

    /// The document with the given ID in this collection. Throws `invalidArgument` for an invalid ID.
    public func document(_ documentID: String) throws(DocumentStoreError) -> DocumentPath {
        try PathSegment.validate(documentID, kind: "document ID")
        return DocumentPath(uncheckedSegments: segments + [documentID])
    }

    /// The document with the given validated ID in this collection.
    public func document(_ documentID: DocumentIdentifier) -> DocumentPath {
        DocumentPath(uncheckedSegments: segments + [documentID.rawValue])
    }

    /// The slash-separated path, for example `users/alice/posts`.
    public var path: String { segments.joined(separator: "/") }

    /// The full resource name in `database`.
    public func resourceName(in database: DatabaseID) -> String {
        database.documentsRoot + "/" + path
    }

    /// The slash-separated path, such as `users/alice/posts`.
    public var description: String { path }

    /// Equal when every segment has exactly the same UTF-8 bytes (a precomposed and a decomposed `"é"` differ,
    /// as in Firestore).
    public static func == (lhs: CollectionPath, rhs: CollectionPath) -> Bool {
        ExactText.equal(lhs.segments, rhs.segments)
    }
    public func hash(into hasher: inout Hasher) { ExactText.hash(segments, into: &hasher) }
}
