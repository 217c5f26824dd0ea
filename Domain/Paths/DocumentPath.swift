/// The path of a document relative to the database root: `users/alice` or `users/alice/posts/p1`.
///
/// Always an even, non-zero number of segments, each a valid ID. `Comparable` in Firestore's document
/// order: segment by segment, each by UTF-8 bytes, a prefix before its extensions.
public struct DocumentPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The segments, alternating collection and document IDs, ending with a document ID.
    public let segments: [String]

    /// Parses a slash-separated path such as `"users/alice"`. Throws `invalidArgument` when a segment is
    /// invalid or the number of segments is odd.
    public init(_ path: String) throws(DocumentStoreError) {
        try self.init(segments: ResourcePath.split(path, what: "document path"))
    }

    /// Validates `segments` (even, non-zero count, each a valid ID). Throws `invalidArgument`.
    public init(segments: [String]) throws(DocumentStoreError) {
        self.segments = try ResourcePath.checked(segments, document: true)
    }

    package init(uncheckedSegments segments: [String]) {
        self.segments = segments
    }

    /// The last segment.
    public var documentID: String { segments[segments.count - 1] }

    /// The collection that holds this document.
    public var parent: CollectionPath { CollectionPath(uncheckedSegments: Array(segments.dropLast())) }

    /// The ID of the collection that holds this document.
    public var collectionID: String { segments[segments.count - 2] }

    /// The subcollection with the given ID under this document. Throws `invalidArgument` for an invalid ID.
    public func collection(_ collectionID: String) throws(DocumentStoreError) -> CollectionPath {
        try PathSegment.validate(collectionID, kind: "collection ID")
        return CollectionPath(uncheckedSegments: segments + [collectionID])
    }

    /// The slash-separated path, for example `users/alice`.
    public var path: String { segments.joined(separator: "/") }

    /// The full resource name in `database`.
    public func resourceName(in database: DatabaseID) -> String {
        database.documentsRoot + "/" + path
    }

    /// Whether this document lies (at any depth) under `ancestor`.
    public func isDescendant(of ancestor: DocumentPath) -> Bool {
        segments.count > ancestor.segments.count && segments.starts(with: ancestor.segments, by: ExactText.equal)
    }

    /// The slash-separated path, such as `users/alice`.
    public var description: String { path }

    /// Equal when every segment has exactly the same UTF-8 bytes (a precomposed and a decomposed `"é"` differ,
    /// as in Firestore).
    public static func == (lhs: DocumentPath, rhs: DocumentPath) -> Bool { ExactText.equal(lhs.segments, rhs.segments) }
    public func hash(into hasher: inout Hasher) { ExactText.hash(segments, into: &hasher) }

    /// Firestore's document order: segment by segment, each by UTF-8 bytes, a path before its descendants
    /// (`a/b` < `a/b/c/d` < `a/c`).
    public static func < (lhs: DocumentPath, rhs: DocumentPath) -> Bool {
        ResourcePath.compare(lhs.segments, rhs.segments) < 0
    }
}

/// Helpers shared by collection and document paths.
package enum ResourcePath {
    /// The segments of a slash-separated path, cut at every `/` byte (see ``UTF8Split``). Throws
    /// `invalidArgument` for an empty path or an empty segment; the segments are not validated as IDs.
    package static func split(_ path: String, what: String) throws(DocumentStoreError) -> [String] {
        if path.isEmpty { throw .invalidArgument("A \(what) must not be empty.") }
        let segments = UTF8Split.split(path, separator: UInt8(ascii: "/"))
        if segments.contains(where: \.isEmpty) {
            throw .invalidArgument("A \(what) must not have empty segments: \(PathSegment.quoted(path)).")
        }
        return segments
    }

    /// `segments`, checked as those of a document path (`document`: an even, non-zero count) or of a
    /// collection path (an odd count), each a valid ID. Throws `invalidArgument` naming the problem.
    static func checked(_ segments: [String], document: Bool) throws(DocumentStoreError) -> [String] {
        guard !segments.isEmpty, segments.count % 2 == (document ? 0 : 1) else {
            let (kind, parity) = document ? ("document", "even") : ("collection", "odd")
            throw .invalidArgument(
                "A \(kind) path needs an \(parity) number of segments; \(PathSegment.quoted(segments.joined(separator: "/"))) has \(segments.count)."
            )
        }
        try validate(segments)
        return segments
    }

    static func validate(_ segments: [String]) throws(DocumentStoreError) {
        for (index, segment) in segments.enumerated() {
            try PathSegment.validate(segment, kind: index % 2 == 0 ? "collection ID" : "document ID")
        }
    }

    /// Segment-wise comparison by UTF-8 bytes; a prefix sorts first. Returns -1, 0 or 1.
    static func compare(_ lhs: [String], _ rhs: [String]) -> Int {
        for (left, right) in zip(lhs, rhs) {
            let order = UTF8Order.compare(left, right)
            if order != 0 { return order }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }
}
