import HearthDomain

/// The state a commit left one document in.
public struct CommittedDocument: Sendable, Hashable {
    /// The document's path.
    public let path: DocumentPath
    /// The document after the commit (its create and update times included), or `nil` when it was deleted.
    public let document: Document?
    /// ``document`` encoded once, at its batch's commit time: the bytes the engine keeps for this version
    /// and that a log writes as they are. Inside a ``CommittedBatch`` it is `nil` exactly when
    /// ``document`` is.
    package let record: DocumentRecord?

    /// The state `document` (`nil`: deleted) at `path`. The batch it is put in encodes it.
    public init(path: DocumentPath, document: Document?) {
        self.init(path: path, document: document, record: nil)
    }

    /// The state `document` at `path`, already encoded as `record` at the commit time of the batch it
    /// goes in (a ``DocumentRecord`` of `document` with spelled-out field names, or `nil` for the batch to
    /// encode it).
    package init(path: DocumentPath, document: Document?, record: DocumentRecord?) {
        self.path = path
        self.document = document
        self.record = document == nil ? nil : record
    }

    /// Equal path and document (the record is derived from them).
    public static func == (lhs: CommittedDocument, rhs: CommittedDocument) -> Bool {
        lhs.path == rhs.path && lhs.document == rhs.document
    }

    /// Hashes the path and the document.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(document)
    }
}
