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

/// What the rules' `get()`, `exists()`, `getAfter()` and `existsAfter()` read, for one request.
public protocol AccessReader: Sendable {
    /// The document at `path` before the request (`after: false`), or as the request would leave the
    /// database (`after: true`: a commit's own writes applied); `nil` when missing.
    func document(at path: DocumentPath, after: Bool) -> Document?
}

/// Decides whether a caller may make a request: the security rules of a local store (the Firestore REST
/// adapter leaves them to the server). An `AuthContext` of `admin` is never asked about: it bypasses
/// the policy, as the server SDKs bypass Firestore's rules.
public protocol AccessPolicy: Sendable {
    /// Returns when `context` may make `access` at `time` (`request.time`), reading other documents
    /// through `reader`; throws `permissionDenied` naming the method and the path (``Access/denied``)
    /// otherwise. An error while deciding denies.
    func check(
        _ access: Access, as context: AuthContext, at time: Timestamp, reader: any AccessReader
    ) throws(DocumentStoreError)

    /// Returns when `context` may make every write of one commit (each a `write` ``Access``, decided as
    /// ``check(_:as:at:reader:)`` decides it), the writes together being one request: Firestore's limit
    /// on document reads applies to the whole commit (20), not to each write alone. Throws the first
    /// denied write's ``Access/denied``.
    func checkCommit(
        _ writes: [Access], as context: AuthContext, at time: Timestamp, reader: any AccessReader
    ) throws(DocumentStoreError)
}
