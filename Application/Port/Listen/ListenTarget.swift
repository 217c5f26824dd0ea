public import HearthDomain

/// What a listener watches (``DocumentStore/listen(_:options:)``): one document, or the results of a
/// structured query.
public enum ListenTarget: Sendable, Hashable {
    /// One document, existing or not: its snapshots hold at most that document.
    case document(DocumentPath)
    /// The results of `query` run under `parent` (`nil`: the database root), in the query's order.
    case query(parent: DocumentPath?, query: StructuredQuery)

    /// The order the target's snapshots keep their documents in.
    public var ordering: DocumentOrdering {
        switch self {
        case .document: .byName
        case .query(_, let query): DocumentOrdering(query: query)
        }
    }
}
