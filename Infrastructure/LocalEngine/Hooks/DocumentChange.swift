import HearthDomain

/// How one document changed in one commit: its state before and after (`nil` = missing).
public struct DocumentChange: Sendable, Hashable {
    public var path: DocumentPath
    /// The document before the commit, or `nil` if it did not exist.
    public var before: Document?
    /// The document after the commit, or `nil` if it was deleted.
    public var after: Document?

    public init(path: DocumentPath, before: Document?, after: Document?) {
        self.path = path
        self.before = before
        self.after = after
    }
}
