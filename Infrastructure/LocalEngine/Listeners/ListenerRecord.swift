import HearthDomain
import HearthPort

/// One listener as the hub keeps it: what it watches, its documents as of ``readTime``, and the buffer
/// its consumer pulls from.
struct ListenerRecord: Sendable {
    enum Watched: Sendable {
        case document(DocumentPath)
        case query(ValidatedQuery)
    }

    /// What applying one commit did to a listener.
    enum Outcome {
        /// The documents at these paths may have changed (possibly none: the commit only touched the
        /// listener's collection).
        case updated([DocumentPath])
        /// The results cannot be derived from the changed documents alone (a limit window lost a
        /// document, or an offset moved): read the query again at the commit time.
        case needsRefill
    }

    /// Who listens, and what they asked for: the policy decides each load of the documents.
    struct Access: Sendable {
        let caller: Caller
        let target: ListenTarget
    }

    let id: Int
    let watched: Watched
    let buffer: SnapshotBuffer
    var documents: DocumentSet
    /// The commit time the documents reflect; commits at or before it are already included.
    var readTime: Timestamp
    /// The caller and target the policy decides (`nil`: no policy).
    var access: Access? = nil

    var ordering: DocumentOrdering { documents.ordering }

    /// Applies the changes of one commit that concern this listener (the hub routed them here).
    mutating func apply(_ changes: [CommittedChange]) -> Outcome {
        switch watched {
        case .document(let path):
            // Under a policy the rules decide the document as it now is: read it again, deciding a `get`
            // (a denial ends the listener with `permissionDenied`, as Firestore ends it).
            if access != nil, changes.contains(where: { $0.path == path }) { return .needsRefill }
            var paths: [DocumentPath] = []
            for change in changes where change.path == path {
                documents =
                    change.after.map {
                        documents.setting(DocumentSet.Entry(document: $0, key: ordering.sortKey(of: $0)))
                    }
                    ?? documents.removing(path)
                paths.append(path)
            }
            return .updated(paths)
        case .query(let query):
            return apply(changes, to: query)
        }
    }

    private mutating func apply(_ changes: [CommittedChange], to query: ValidatedQuery) -> Outcome {
        if query.offset > 0 {
            let relevant = changes.contains { change in
                documents.contains(change.path) || entry(for: change.after, in: query) != nil
            }
            return relevant ? .needsRefill : .updated([])
        }
        let limit = query.limit
        if limit == 0 { return .updated([]) }
        let wasFull = limit.map { documents.count >= $0 } ?? false
        let boundary = wasFull ? documents.entry(at: documents.count - 1)?.key : nil

        var paths: [DocumentPath] = []
        for change in changes {
            var entry = entry(for: change.after, in: query)
            if let candidate = entry, let boundary, ordering.compare(candidate.key, boundary) > 0 { entry = nil }
            if entry == nil, !documents.contains(change.path) { continue }
            documents = entry.map(documents.setting) ?? documents.removing(change.path)
            paths.append(change.path)
        }
        if let limit {
            while documents.count > limit, let last = documents.entry(at: documents.count - 1) {
                documents = documents.removing(last.key.path)
                paths.append(last.key.path)
            }
            if wasFull, documents.count < limit { return .needsRefill }
        }
        return .updated(paths)
    }

    /// The listener's entry for `document` when it is one of the query's results before offset and
    /// limit: in scope, matching the filter, holding every ordered field, within the cursors.
    func entry(for document: Document?, in query: ValidatedQuery) -> DocumentSet.Entry? {
        guard let document, query.scope.contains(document.path),
            let keys = QueryExecutor.orderKeys(of: document, in: query)
        else {
            return nil
        }
        guard Cursor.admits(keys, start: query.startAt, end: query.endAt, orders: query.orders) else { return nil }
        return Self.entry(document, keys: keys, in: query, ordering: ordering)
    }

    /// An entry for a result of `query`: projected as the query asks, placed by its unprojected values.
    static func entry(
        _ document: Document, keys: [Value], in query: ValidatedQuery, ordering: DocumentOrdering
    ) -> DocumentSet.Entry {
        let values = keys.prefix(ordering.fieldOrders.count).map { Optional($0) }
        return DocumentSet.Entry(
            document: document.projected(onto: query.projection),
            key: SortKey(values: Array(values), path: document.path)
        )
    }
}
