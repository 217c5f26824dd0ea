import HearthDomain

/// The result of running a query: the documents in order (not yet projected) and how many results the
/// offset skipped.
struct QueryResult: Sendable {
    var documents: [Document]
    var skipped: Int
}

/// Runs a validated query against a candidate source: asks the planner for a plan, then re-checks every
/// candidate — filter, documents lacking an order field dropped, the normalised orders, cursors, then
/// offset, then limit. Candidates in no particular order are sorted; candidates already in query order
/// are streamed and the run stops at the end cursor or the limit.
struct QueryExecutor {
    let planner: QueryPlanner

    func execute(_ query: ValidatedQuery, source: some CandidateSource, at time: Timestamp) -> QueryResult {
        execute(query, plan: planner.plan(query, catalog: source), source: source, at: time)
    }

    func execute(
        _ query: ValidatedQuery, plan: QueryPlan, source: some CandidateSource, at time: Timestamp
    ) -> QueryResult {
        if plan.ordered { return executeInOrder(query, plan: plan, source: source, at: time) }
        var rows: [(keys: [Value], document: Document)] = []
        source.forEachCandidate(of: plan, at: time) { document in
            if let keys = Self.orderKeys(of: document, in: query) { rows.append((keys, document)) }
            return true
        }
        let orders = query.orders
        rows.sort { Order.compare($0.keys, $1.keys, by: orders) < 0 }

        var lower = 0
        var upper = rows.count
        if let start = query.startAt {
            lower = partitionPoint(rows, count: rows.count) { row in start.comesAfter(row.keys, orders: orders) }
        }
        if let end = query.endAt {
            upper = partitionPoint(rows, count: rows.count) { row in end.comesAfter(row.keys, orders: orders) }
        }
        guard lower < upper else { return QueryResult(documents: [], skipped: 0) }
        let available = upper - lower
        let skipped = Swift.min(query.offset, available)
        var first = lower + skipped
        var last = upper
        if let limit = query.limit { last = Swift.min(last, first + limit) }
        if first > last { first = last }
        return QueryResult(documents: rows[first..<last].map(\.document), skipped: skipped)
    }

    /// Runs a plan whose candidates come in query order: skips them until the start cursor, stops after the
    /// end cursor or once `offset + limit` results passed.
    private func executeInOrder(
        _ query: ValidatedQuery, plan: QueryPlan, source: some CandidateSource, at time: Timestamp
    )
        -> QueryResult
    {
        if query.limit == 0, query.offset == 0 { return QueryResult(documents: [], skipped: 0) }
        var documents: [Document] = []
        var skipped = 0
        let hasCursors = query.startAt != nil || query.endAt != nil
        let evaluator = FilterEvaluator(database: query.database)
        let filter = query.filter
        let orderedFields = query.orders.map(\.field).filter { !$0.isDocumentID }
        let offset = query.offset
        let limit = query.limit
        source.forEachCandidate(of: plan, at: time) { document in
            if hasCursors {
                guard let keys = Self.orderKeys(of: document, in: query) else { return true }
                if let start = query.startAt, start.comesAfter(keys, orders: query.orders) { return true }
                if let end = query.endAt, !end.comesAfter(keys, orders: query.orders) { return false }
            } else {
                if let filter, !evaluator.matches(filter, document) { return true }
                for field in orderedFields where evaluator.value(at: field, in: document) == nil { return true }
            }
            if skipped < offset { skipped += 1 } else { documents.append(document) }
            if let limit, skipped == offset, documents.count >= limit { return false }
            return true
        }
        return QueryResult(documents: documents, skipped: skipped)
    }

    /// Whether `document` belongs to the query's results before cursors, offset and limit are applied:
    /// in a selected collection, matching the filter, and holding every ordered field. (Listeners use it
    /// to decide whether a changed document concerns a query.)
    static func matches(_ document: Document, _ query: ValidatedQuery) -> Bool {
        query.scope.contains(document.path) && orderKeys(of: document, in: query) != nil
    }

    /// The document's values for the query's orders, or `nil` when it fails the filter or lacks an
    /// ordered field.
    static func orderKeys(of document: Document, in query: ValidatedQuery) -> [Value]? {
        let evaluator = FilterEvaluator(database: query.database)
        if let filter = query.filter, !evaluator.matches(filter, document) { return nil }
        var keys: [Value] = []
        keys.reserveCapacity(query.orders.count)
        for order in query.orders {
            guard let value = evaluator.value(at: order.field, in: document) else { return nil }
            keys.append(value)
        }
        return keys
    }

    /// The index of the first row for which `isBefore` is false (rows are sorted, `isBefore` monotonic).
    private func partitionPoint(
        _ rows: [(keys: [Value], document: Document)],
        count: Int,
        isBefore: ((keys: [Value], document: Document)) -> Bool
    ) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(rows[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
