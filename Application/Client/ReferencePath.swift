import HearthDomain

/// A path a reference names (``CollectionPath`` or ``DocumentPath``): what ``ReferenceTarget`` needs of
/// it to make a reference from text, to hold a placeholder when invalid, and to make children.
protocol ReferencePath: Sendable, Hashable {
    /// What the path is, in error messages (`collection path`, `document path`).
    static var kind: String { get }
    /// The placeholder path of an invalid reference (see ``InvalidPath``).
    static var placeholder: Self { get }
    var segments: [String] { get }
    var path: String { get }
    init(segments: [String]) throws(DocumentStoreError)
}

extension CollectionPath: ReferencePath {
    static var kind: String { "collection path" }
    static var placeholder: CollectionPath { InvalidPath.collection }
}

extension DocumentPath: ReferencePath {
    static var kind: String { "document path" }
    static var placeholder: DocumentPath { InvalidPath.document }
}
