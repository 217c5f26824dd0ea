import HearthDomain
import HearthPort

/// Where a read looks: the state at `time`, reported to the caller as `readTime`, recorded for a
/// read-write transaction when `transaction` is set.
struct ReadContext: Sendable {
    let time: Timestamp
    let readTime: Timestamp
    let transaction: UInt64?
}

extension EngineState {
    /// Resolves a read's consistency. Throws `invalidArgument` for an unknown or closed transaction or a
    /// bad read time, `aborted` for an expired or doomed transaction, `failedPrecondition` for a read time
    /// older than the retained history.
    mutating func beginRead(_ consistency: ReadConsistency, now: Timestamp) throws(DocumentStoreError) -> ReadContext {
        switch consistency {
        case .latest:
            return ReadContext(time: visibleTime, readTime: currentReadTime(now: now), transaction: nil)
        case .readTime(let time):
            try checkReadTime(time, now: now)
            issuedReadTime = max(issuedReadTime, time)
            return ReadContext(time: min(time, visibleTime), readTime: time, transaction: nil)
        case .transaction(let id):
            expireTransactions(now: now)
            let (sequence, opened) = try transactions.open(id)
            var record = opened
            if record.expired { throw Self.expiredError }
            if record.doomed { throw Self.conflictError }
            record.lastActivity = max(record.lastActivity, now)
            transactions.update(sequence, record)
            switch record.mode {
            case .readOnly(let snapshot):
                return ReadContext(time: min(snapshot, visibleTime), readTime: snapshot, transaction: nil)
            case .readWrite:
                return ReadContext(time: visibleTime, readTime: currentReadTime(now: now), transaction: sequence)
            }
        }
    }

    static let conflictError = DocumentStoreError(
        .aborted,
        "Transaction aborted: a document it read was changed by another commit. Retry the transaction."
    )

    /// Records document reads of a read-write transaction; a document read again in a different version
    /// dooms the transaction (`aborted`).
    mutating func recordReads(_ reads: [(DocumentPath, Timestamp?)], in context: ReadContext) throws(DocumentStoreError)
    {
        guard let sequence = context.transaction, var record = transactions.records[sequence] else { return }
        for (path, updateTime) in reads {
            if let seen = record.documentReads[path] {
                if seen != updateTime {
                    record.doomed = true
                    transactions.update(sequence, record)
                    throw Self.conflictError
                }
            } else {
                record.documentReads[path] = .some(updateTime)
            }
        }
        transactions.update(sequence, record)
    }

    /// Records a query a read-write transaction ran, with its (unprojected) results. With no commit
    /// pending, the published state it read is the head state: the results are current at this generation.
    mutating func recordQuery(_ query: ValidatedQuery, results: [Document], in context: ReadContext) {
        guard let sequence = context.transaction, var record = transactions.records[sequence] else { return }
        let currentAt = pending.isEmpty ? storage.generation : nil
        record.queryReads.append(
            RecordedQuery(query: query, results: results.map(ResultIdentity.init), currentAt: currentAt))
        transactions.update(sequence, record)
    }

    // MARK: Documents

    mutating func batchGet(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency, now: Timestamp,
        caller: Caller? = nil
    )
        throws(DocumentStoreError) -> BatchGetResponse
    {
        if let mask {
            for path in mask { try FieldPathRules.validate(path, allowDocumentID: false, use: "a document mask") }
        }
        let context = try beginRead(consistency, now: now)
        var seen = Set<DocumentPath>()
        var reads: [DocumentRead] = []
        var recorded: [(DocumentPath, Timestamp?)] = []
        for path in paths where seen.insert(path).inserted {
            let document = storage.document(path, at: context.time)
            try authorize(.get(path, existing: document), caller: caller, now: now, at: context.time)
            recorded.append((path, document?.updateTime))
            if let document {
                reads.append(.found(document.projected(onto: mask)))
            } else {
                reads.append(.missing(path))
            }
        }
        try recordReads(recorded, in: context)
        return BatchGetResponse(documents: reads, readTime: context.readTime)
    }

    // MARK: Queries

    mutating func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency, now: Timestamp,
        caller: Caller? = nil
    )
        throws(DocumentStoreError) -> QueryRun
    {
        let validated = try QueryValidator.validate(parent: parent, query: query, database: database)
        let context = try beginRead(consistency, now: now)
        try authorize(.list(parent: parent, query: query), caller: caller, now: now, at: context.time)
        let result = executor.execute(validated, plan: plan(validated), source: storage, at: context.time)
        recordQuery(validated, results: result.documents, in: context)
        return QueryRun(
            documents: result.documents.map { $0.projected(onto: validated.projection) },
            skippedResults: result.skipped,
            readTime: context.readTime
        )
    }

    /// The plan of `query`, after building the automatic composite index the planner recommends for it
    /// once its queries have paid for it (``CompositeDebt``). Plans are cached until the storage next
    /// changes.
    mutating func plan(_ query: ValidatedQuery) -> QueryPlan {
        if planCache.generation != storage.generation { planCache = PlanCache(generation: storage.generation) }
        var cached = planCache.plans[query]
        var plan = cached ?? executor.planner.plan(query, catalog: storage)
        if let recommendation = plan.recommendation, compositeDebt.charge(recommendation) {
            storage.addComposite(recommendation.definition, in: recommendation.collection)
            plan = executor.planner.plan(query, catalog: storage)
            planCache = PlanCache(generation: storage.generation)
            cached = nil
        }
        if cached == nil {
            if planCache.plans.count >= PlanCache.capacity { planCache.plans.removeAll(keepingCapacity: true) }
            planCache.plans[query] = plan
        }
        return plan
    }

    mutating func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency, now: Timestamp,
        caller: Caller? = nil
    ) throws(DocumentStoreError) -> AggregationResponse {
        let resolved = try AggregationEvaluator.validate(query.aggregations)
        let validated = try QueryValidator.validate(
            parent: parent,
            query: query.query,
            database: database,
            aggregatedFields: AggregationEvaluator.requiredFields(resolved)
        )
        let context = try beginRead(consistency, now: now)
        try authorize(.list(parent: parent, query: query.query), caller: caller, now: now, at: context.time)
        let result = executor.execute(validated, source: storage, at: context.time)
        recordQuery(validated, results: result.documents, in: context)
        return AggregationResponse(
            values: AggregationEvaluator.evaluate(resolved, over: result.documents),
            readTime: context.readTime
        )
    }
}
