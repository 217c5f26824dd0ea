import HearthDomain

/// Where a query's candidate documents come from. The executor re-checks every filter, order and cursor
/// on each candidate, so a plan only has to produce a superset of the results: a plan can never make a
/// query wrong, only slow.
///
/// Today there is one plan, a scan of the selected collections (never of unrelated ones). The automatic
/// single-field indexes (issue 7) add plans here — an index range for an equality, range, `in` or
/// `array-contains` filter, optionally already in the query's order so the executor can stop at the limit —
/// without changing the executor or the engine's interfaces.
enum QueryPlan: Sendable {
    /// Every document of the collections the scope selects, in no particular order.
    case collectionScan(QueryScope)
}

/// Chooses a ``QueryPlan`` for a validated query.
struct QueryPlanner: Sendable {
    func plan(_ query: ValidatedQuery) -> QueryPlan {
        .collectionScan(query.scope)
    }
}

/// Produces the candidates of a plan at a read time.
protocol CandidateSource {
    /// The candidates of `plan` as of `time`, and whether they already come in the query's order.
    func candidates(for plan: QueryPlan, at time: Timestamp) -> (documents: [Document], ordered: Bool)
}

extension DocumentStorage: CandidateSource {
    func candidates(for plan: QueryPlan, at time: Timestamp) -> (documents: [Document], ordered: Bool) {
        switch plan {
        case .collectionScan(let scope):
            var documents: [Document] = []
            forEachDocument(in: scope, at: time) { documents.append($0) }
            return (documents, false)
        }
    }
}
