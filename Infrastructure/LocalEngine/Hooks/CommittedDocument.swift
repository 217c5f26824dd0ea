import HearthDomain

/// The state a commit left one document in.
public struct CommittedDocument: Sendable, Hashable {
    /// The document's path.
    public var path: DocumentPath
    /// The document after the commit (its create and update times included), or `nil` when it was deleted.
    public var document: Document?

    public init(path: DocumentPath, document: Document?) {
        self.path = path
        self.document = document
    }
}
