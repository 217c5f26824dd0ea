public import HearthDomain

/// One request as an ``AccessPolicy`` decides it: Firestore's security-rules methods, with what each
/// rule may read.
public enum Access: Sendable {
    /// Reading one document (`get`), as it is now (`nil`: missing).
    case get(DocumentPath, existing: Document?)
    /// A query, an aggregation, a listing or a query listener (`list`) of the collection (or with
    /// `allDescendants`, the collection group) `query.from` names under `parent` (`nil`: the root). Decided
    /// by the query's constraints, never by its results.
    case list(parent: DocumentPath?, query: StructuredQuery)
    /// One document written by a commit: `create` when it is missing before the commit, `delete` when it
    /// is missing after, `update` otherwise. `before` and `after` are the document before the whole
    /// commit and as the whole commit leaves it (transforms applied).
    case write(DocumentPath, before: Document?, after: Document?)

    /// The rules method: `get`, `list`, `create`, `update` or `delete`.
    public var method: String {
        switch self {
        case .get: "get"
        case .list: "list"
        case .write(_, nil, _?): "create"
        case .write(_, _, nil): "delete"
        case .write: "update"
        }
    }

    /// What the request reads or writes, as an error names it: the document's path, or for a `list` the
    /// collection's path (`users`, `users/u1/notes`), or `<parent>/**/<id>` for a collection group.
    public var target: String {
        switch self {
        case .get(let path, _), .write(let path, _, _): return path.path
        case .list(let parent, let query):
            let prefix = parent.map { "\($0.path)/" } ?? ""
            return query.from.allDescendants
                ? "\(prefix)**/\(query.from.collectionID)" : "\(prefix)\(query.from.collectionID)"
        }
    }

    /// The error a denied request fails with: `permissionDenied`, Firestore's message naming the method
    /// and ``target``: `Missing or insufficient permissions: get of users/u2 denied by the security rules.`
    public var denied: DocumentStoreError {
        DocumentStoreError(
            .permissionDenied,
            "Missing or insufficient permissions: \(method) of \(target) denied by the security rules."
        )
    }
}
