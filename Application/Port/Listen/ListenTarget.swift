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

    /// What a transport asks the server for, and the projection to apply to what comes back: a query
    /// whose `select` lacks fields it is ordered by gains them (`StructuredQuery.selection`), so each
    /// document can be placed in the target's order; `projection` is the original selection to cut the
    /// documents back to before they are published (`nil`: publish them as received).
    package var placeable: (sent: ListenTarget, projection: [FieldPath]?) {
        guard case .query(let parent, var query) = self, let select = query.select, !select.isEmpty else {
            return (self, nil)
        }
        let widened = StructuredQuery.selection(select, placeableIn: ordering.fieldOrders)
        guard widened.count > select.count else { return (self, nil) }
        query.select = widened
        return (.query(parent: parent, query: query), select)
    }
}
