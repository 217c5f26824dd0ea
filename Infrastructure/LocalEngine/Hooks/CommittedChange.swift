import HearthDomain

/// How one document changed in one commit, as the engine's change observers see it: its state before
/// and after (`nil` = missing). (The client API's `DocumentChange` is Firebase's listener change, with
/// indexes; this is the engine's record of a commit.)
public struct CommittedChange: Sendable, Hashable {
    /// The document's path.
    public var path: DocumentPath
    /// The document before the commit, or `nil` if it did not exist.
    public var before: Document?
    /// The document after the commit, or `nil` if it was deleted.
    public var after: Document?

    /// A change with the given members.
    public init(path: DocumentPath, before: Document?, after: Document?) {
        self.path = path
        self.before = before
        self.after = after
    }
}
